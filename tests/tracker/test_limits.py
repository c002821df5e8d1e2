"""The tracker's rate limits: a check is one read of the count, only what happened is counted."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from judge.tracker import limits

pytestmark = pytest.mark.django_db  # the rate-limit counts are in the database cache


def test_parse_rate_reads_the_count_and_the_period() -> None:
    assert limits.parse_rate("30/h") == (30, 3600)
    assert limits.parse_rate("100000/m") == (100000, 60)
    assert limits.parse_rate("5/10s") == (5, 10)
    with pytest.raises(ValueError, match="not a rate"):
        limits.parse_rate("30 an hour")


def test_an_ipv6_client_is_its_64_and_an_ipv4_client_its_address() -> None:
    factory = RequestFactory()
    assert limits.client(factory.get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::"
    assert limits.client(factory.get("/", REMOTE_ADDR="192.0.2.7")) == "192.0.2.7"


def test_a_check_reads_the_count_and_writes_nothing(settings) -> None:  # type: ignore[no-untyped-def]
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "judge_cache"}
    }
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert not limits.at_limit(group="g", who="a", rate="2/h")
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["SELECT"]
    limits.count(group="g", who="a", rate="2/h")
    assert not limits.at_limit(group="g", who="a", rate="2/h")
    limits.count(group="g", who="a", rate="2/h")
    assert limits.at_limit(group="g", who="a", rate="2/h")
    assert not limits.at_limit(group="g", who="b", rate="2/h")  # per client
    assert not limits.at_limit(group="other", who="a", rate="2/h")  # per thing
