"""judge.limits.counters: counts in their own table, which nothing else fills and no cache culls (issue 31,
item 2)."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from judge.limits import counters
from judge.limits.models import RateCount

pytestmark = pytest.mark.django_db

DATABASE_CACHE = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "judge_cache",
        "OPTIONS": {"MAX_ENTRIES": 300},  # Django's default, as in production
    }
}


def test_parse_rate_reads_the_count_and_the_period() -> None:
    assert counters.parse_rate("30/h") == (30, 3600)
    assert counters.parse_rate("100000/m") == (100000, 60)
    assert counters.parse_rate("5/10s") == (5, 10)
    with pytest.raises(ValueError, match="not a rate"):
        counters.parse_rate("30 an hour")


def test_a_check_reads_the_count_and_writes_nothing() -> None:
    with CaptureQueriesContext(connection) as queries:
        assert not counters.at_limit(group="g", who="a", rate="2/h")
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["SELECT"]
    counters.count(group="g", who="a", rate="2/h")
    assert not counters.at_limit(group="g", who="a", rate="2/h")
    counters.count(group="g", who="a", rate="2/h")
    assert counters.at_limit(group="g", who="a", rate="2/h")
    assert not counters.at_limit(group="g", who="b", rate="2/h")  # per client
    assert not counters.at_limit(group="other", who="a", rate="2/h")  # per thing
    assert sorted(RateCount.objects.values_list("count", flat=True)) == [2]


def test_a_full_cache_culls_nothing_of_the_counts(settings) -> None:  # type: ignore[no-untyped-def]
    """The audit: a 429, then ~300 entries of anything in the database cache culled the counters with the
    cache's first third of keys. 1,000 unrelated entries later the count still refuses."""
    settings.CACHES = DATABASE_CACHE
    caches["default"].clear()
    for _ in range(3):
        counters.count(group="tracker.new-game", who="192.0.2.7", rate="3/h")
    assert counters.at_limit(group="tracker.new-game", who="192.0.2.7", rate="3/h")
    for i in range(1000):
        cache.set(f"press:{i:04}", i, timeout=3600)
    assert counters.at_limit(group="tracker.new-game", who="192.0.2.7", rate="3/h")
    assert cache.get("press:0000") is None  # the cache did cull: what was first went
    caches["default"].clear()  # and even a cleared cache keeps the counts
    assert counters.at_limit(group="tracker.new-game", who="192.0.2.7", rate="3/h")


def test_counting_is_one_statement_once_the_window_has_its_row() -> None:
    counters.count(group="g", who="a", rate="5/h")
    with CaptureQueriesContext(connection) as queries:
        counters.count(group="g", who="a", rate="5/h")
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["INSERT"]  # ... ON CONFLICT DO UPDATE
    assert RateCount.objects.get().count == 2


def test_a_window_that_is_over_counts_from_zero_and_is_swept(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    now = 1_800_000_000.0
    monkeypatch.setattr(counters.time, "time", lambda: now)
    for _ in range(2):
        counters.count(group="g", who="a", rate="2/m")
    counters.count(group="g", who="b", rate="2/m")
    assert counters.at_limit(group="g", who="a", rate="2/m")
    now += 60
    assert not counters.at_limit(group="g", who="a", rate="2/m")
    counters.count(group="g", who="a", rate="2/m")  # the new window's row sweeps the old ones
    assert list(RateCount.objects.values_list("count", flat=True)) == [1]
    now += 3600
    assert counters.sweep() == 1 and not RateCount.objects.exists()
