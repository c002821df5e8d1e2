"""judge.web.client_address: the client's address behind a proxy, read defensively (issue 22, item 6)."""

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
        ({HEADER: "1.2.3.4, 5.6.7.8"}, "1.2.3.4"),  # a list (X-Forwarded-For): the first valid one
        ({HEADER: "junk, 2001:db8::1"}, "2001:db8::1"),
        ({HEADER: " 198.51.100.4 "}, "198.51.100.4"),
    ],
)
def test_the_first_valid_address_of_the_header_else_the_socket(settings, meta, expected):  # type: ignore[no-untyped-def]
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
