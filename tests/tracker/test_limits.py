"""The tracker's rate limits: who is counted (an IPv6 client's /64, an IPv4-mapped address's IPv4 address),
and counts no cache can drop (judge.limits, tested in tests/limits)."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory

from judge.tracker import limits

pytestmark = pytest.mark.django_db  # the rate-limit counts are in the database


def test_an_ipv6_client_is_its_64_and_an_ipv4_client_its_address() -> None:
    factory = RequestFactory()
    assert limits.client(factory.get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6")) == "2001:db8:1:2::"
    assert limits.client(factory.get("/", REMOTE_ADDR="192.0.2.7")) == "192.0.2.7"


def test_an_ipv4_mapped_address_is_its_ipv4_address() -> None:
    """The audit: ``::ffff:10.1.2.3`` and ``::ffff:192.0.2.77`` fell into one /64 (``::``), so one client's
    30 games left every other such client at 429. Each is now its own IPv4 address."""
    factory = RequestFactory()
    first = limits.client(factory.get("/", REMOTE_ADDR="::ffff:10.1.2.3"))
    second = limits.client(factory.get("/", REMOTE_ADDR="::ffff:192.0.2.77"))
    assert (first, second) == ("10.1.2.3", "192.0.2.77")
    assert limits.client(factory.get("/", REMOTE_ADDR="::ffff:0a01:0203")) == "10.1.2.3"  # the same, in hex


def test_one_mapped_client_at_its_limit_leaves_the_others_free(settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_TRACKER_NEW_GAME_RATE = "2/h"
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    first, second = Client(REMOTE_ADDR="::ffff:10.1.2.3"), Client(REMOTE_ADDR="::ffff:192.0.2.77")
    for _ in range(2):
        assert first.post("/en/tracker/", body, content_type="application/json").status_code == 201
    assert first.post("/en/tracker/", body, content_type="application/json").status_code == 429
    assert second.post("/en/tracker/", body, content_type="application/json").status_code == 201
    plain = Client(REMOTE_ADDR="10.1.2.3")  # the same client, seen on an IPv4 socket
    assert plain.post("/en/tracker/", body, content_type="application/json").status_code == 429


def test_new_games_stay_refused_after_a_thousand_presses(settings) -> None:  # type: ignore[no-untyped-def]
    """The audit, end to end: a 429, then presses (each its own id) fill the database cache past
    MAX_ENTRIES; the same address still may not start a game."""
    settings.JUDGE_TRACKER_NEW_GAME_RATE = "2/h"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "judge_cache",
            "OPTIONS": {"MAX_ENTRIES": 300},
        }
    }
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    client = Client(REMOTE_ADDR="192.0.2.7")
    for _ in range(2):
        assert client.post("/en/tracker/", body, content_type="application/json").status_code == 201
    assert client.post("/en/tracker/", body, content_type="application/json").status_code == 429
    for i in range(1000):
        cache.set(f"tracker:press:{i:04}", i, timeout=3600)
    assert client.post("/en/tracker/", body, content_type="application/json").status_code == 429
