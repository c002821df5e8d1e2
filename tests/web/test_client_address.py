"""judge.web.client_address: the client's address behind a proxy, read defensively (issue 22, item 6), from
the right of an appending proxy's list (issue 31, item 12)."""

from __future__ import annotations

import json

import pytest
from django.test import Client, RequestFactory

from judge.web.client_address import UNKNOWN, client_address

HEADER = "HTTP_X_REAL_IP"


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        ({}, "10.0.0.9"),  # no header: the socket's
        ({HEADER: "not-an-ip"}, "10.0.0.9"),
        ({HEADER: ""}, "10.0.0.9"),
        ({HEADER: "999.1.1.1"}, "10.0.0.9"),
        ({HEADER: "1.2.3.4, 5.6.7.8"}, "5.6.7.8"),  # a list: the one the trusted proxy wrote
        ({HEADER: "junk, 2001:db8::1"}, "2001:db8::1"),
        ({HEADER: "2001:db8::1, junk"}, "10.0.0.9"),  # the proxy's entry is nonsense: not through it
        ({HEADER: "::ffff:192.0.2.77"}, "192.0.2.77"),  # IPv4-mapped IPv6: the IPv4 address
        ({HEADER: " 198.51.100.4 "}, "198.51.100.4"),
    ],
)
def test_the_trusted_entry_of_the_header_else_the_socket(settings, meta, expected):  # type: ignore[no-untyped-def]
    settings.JUDGE_CLIENT_ADDRESS_HEADER = HEADER
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="10.0.0.9", **meta)) == expected


def test_no_address_at_all_is_one_shared_count(settings):  # type: ignore[no-untyped-def]
    settings.JUDGE_CLIENT_ADDRESS_HEADER = HEADER
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="", **{HEADER: "nonsense"})) == UNKNOWN


@pytest.mark.django_db
@pytest.mark.parametrize("value", [None, "not-an-ip", "1.2.3.4, 5.6.7.8", "", "999.1.1.1"])
def test_a_new_game_behind_a_proxy_never_answers_500(settings, value):  # type: ignore[no-untyped-def]
    settings.JUDGE_CLIENT_ADDRESS_HEADER = HEADER
    headers = {} if value is None else {HEADER: value}
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    response = Client(**headers).post("/en/tracker/", body, content_type="application/json")
    assert response.status_code == 201


FORWARDED = "HTTP_X_FORWARDED_FOR"


@pytest.mark.parametrize(
    ("proxies", "sent", "expected"),
    [
        # The audit: behind one appending proxy the client sends its own X-Forwarded-For; the proxy appends
        # the address it saw. The client's entry is ignored, so it cannot pick a fresh bucket.
        (1, "203.0.113.9, 198.51.100.4", "198.51.100.4"),
        (1, "203.0.113.9, 203.0.113.10, 198.51.100.4", "198.51.100.4"),
        (1, "198.51.100.4", "198.51.100.4"),
        # Two proxies (a CDN, then nginx): the CDN's entry is the client, the last one the CDN's own.
        (2, "203.0.113.9, 198.51.100.4, 192.0.2.1", "198.51.100.4"),
        (2, "198.51.100.4", "198.51.100.4"),  # shorter than the chain: the leftmost
    ],
)
def test_x_forwarded_for_is_read_the_trusted_proxies_from_the_right(settings, proxies, sent, expected):  # type: ignore[no-untyped-def]
    settings.JUDGE_CLIENT_ADDRESS_HEADER = FORWARDED
    settings.JUDGE_TRUSTED_PROXIES = proxies
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", **{FORWARDED: sent})) == expected


@pytest.mark.django_db
def test_a_client_naming_its_own_address_keeps_its_bucket(settings):  # type: ignore[no-untyped-def]
    """30 games an hour from 198.51.100.4, then a 31st sent with ``X-Forwarded-For: 203.0.113.9`` (which the
    proxy turns into "203.0.113.9, 198.51.100.4"): still 429."""
    settings.JUDGE_CLIENT_ADDRESS_HEADER = FORWARDED
    settings.JUDGE_TRUSTED_PROXIES = 1
    settings.JUDGE_TRACKER_NEW_GAME_RATE = "2/h"
    body = json.dumps({"variant": "planechase", "players": ["A", "B"]})
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    for _ in range(2):
        created = proxy.post(
            "/en/tracker/", body, content_type="application/json", **{FORWARDED: "198.51.100.4"}
        )
        assert created.status_code == 201
    chosen = {FORWARDED: "203.0.113.9, 198.51.100.4"}
    assert proxy.post("/en/tracker/", body, content_type="application/json", **chosen).status_code == 429
    other = {FORWARDED: "198.51.100.5"}
    assert proxy.post("/en/tracker/", body, content_type="application/json", **other).status_code == 201
