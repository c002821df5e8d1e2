"""No 5xx from any input (issue 14): hypothesis sends arbitrary JSON (deep nesting, lone surrogates,
huge and non-finite numbers, wrong types) to every view that takes a body, and arbitrary form fields
(GET and POST) to every page, the routes read from the URL resolver so new views are covered.

Marked ``fuzz`` (in the default run): 25 examples per route and test, one to three minutes on two
shared cores. ``FUZZ_EXAMPLES=200 .venv/bin/python -m pytest -m fuzz`` searches harder.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.routes import Route, route_names, site_routes
from tests.web.test_http import examples

pytestmark = [pytest.mark.django_db, pytest.mark.corpus, pytest.mark.fuzz]

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")),
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# --------------------------------------------------------------------------- what is sent

#: The names the payloads and forms read, so arbitrary values land in real fields (wrong types).
FIELDS = [
    "variant",
    "mana_cost",
    "previous_casts",
    "reduction",
    "cost",
    "play_number",
    "rolls_this_turn",
    "two_headed_giant",
    "players",
    "commanders",
    "events",
    "id",
    "name",
    "owner",
    "source",
    "target",
    "amount",
    "combat",
    "cards",
    "type_line",
    "oracle_text",
    "colors",
    "color_identity",
    "card_faces",
    "decklist",
    "decks",
    "turn_order",
    "active_player",
    "priority",
    "left",
    "teams",
    "planar_controller",
    "single_planar_deck",
    "monarch",
    "initiative",
    "objects",
    "zone",
    "kind",
    "controller",
    "control_effects",
    "ends",
    "delayed_triggers",
    "timed_effects",
    "player_control",
    "leaving",
    "player",
    "commander",
    "expected_revision",
    "planechase",
    "data",
]
VARIANTS = ["commander", "brawl", "dtc", "planechase", "two-headed-giant", "grand-melee", "dtcs", "dtb", "x"]
HOSTILE = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e999",
    str(2**53 + 1),
    "-0",
    "1E-400",
    '"\\ud800"',
    '"a\\udfff"',
    '"\\ud83c\\udccf"',
    '"\\\\ud800"',
    '"\\u0000"',
    '"<script>alert(1)</script>"',
    '""',
    '"９０３．８"',
    '"{3}{G}{G}"',
    '"統率者"',
    "null",
    "true",
    "false",
    "[]",
    "{}",
    "0",
    "-1",
    "99999999999",
]

strings = st.text(max_size=20).map(json.dumps)
huge = st.integers(min_value=4000, max_value=6000).map(lambda digits: "1" + "0" * digits)  # 10**5000
leaves = st.one_of(
    st.sampled_from(HOSTILE), huge, strings, st.integers().map(str), st.floats().map(json.dumps)
)
keys = st.one_of(
    st.sampled_from(FIELDS).map(json.dumps), strings, st.sampled_from(['"\\ud800"', '"\\udc00x"'])
)


def _containers(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.lists(children, max_size=5).map(lambda items: "[" + ", ".join(items) + "]"),
        st.dictionaries(keys, children, max_size=5).map(
            lambda d: "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"
        ),
    )


values = st.recursive(leaves, _containers, max_leaves=25)
deep = st.integers(min_value=30, max_value=3000).flatmap(
    lambda d: st.sampled_from(
        ["[" * d + "]" * d, "[" * d, '{"a": ' * d + "1" + "}" * d, '{"players": ' + "[" * d + "]" * d + "}"]
    )
)
payloads = st.builds(  # objects with the real field names (and often a real variant) holding anything
    lambda variant, fields: (
        "{" + ", ".join([f'"variant": "{variant}"', *(f'"{k}": {v}' for k, v in fields.items())]) + "}"
    ),
    st.sampled_from(VARIANTS),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=8),
)
bodies = st.one_of(payloads, values, deep, st.binary(max_size=64).map(lambda b: b.decode("latin-1")))

# Form values: any text a browser can send (no lone surrogates: they cannot be encoded in a URL or a form).
form_text = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=40)
form_values = st.one_of(form_text, st.sampled_from(HOSTILE), values, deep, st.integers().map(str))
#: Query parameters the views read besides their form fields.
PARAMS = [
    "q",
    "lang",
    "ui",
    "limit",
    "version",
    "from",
    "to",
    "renumbered_from",
    "preset",
    "seats",
    "format",
    "revision",
    "step",
    "action",
    "variant",
]
NAME = re.compile(r'\bname="([^"]+)"')
FIELDS_OF: dict[str, list[str]] = {}


# --------------------------------------------------------------------------- the tests


@pytest.fixture()
def urls(ingested: Any) -> dict[str, list[Route]]:
    by_name: dict[str, list[Route]] = {}
    for route in site_routes(examples()):
        by_name.setdefault(route.name, []).append(route)
    return by_name


def no_server_error(response: Any, what: str) -> None:
    assert response.status_code < 500, f"{what}: {response.status_code}\n{response.content[:2000]!r}"


@pytest.mark.parametrize("name", route_names())
@FUZZ
@given(body=bodies, data=st.data())
def test_any_json_body_to_any_route_is_never_a_server_error(
    urls: dict[str, list[Route]], name: str, body: str, data: st.DataObject
) -> None:
    route = data.draw(st.sampled_from(urls[name]))
    lang = data.draw(st.sampled_from(["", "?lang=ja", "?lang=en"]))
    client = Client(raise_request_exception=False)
    for content_type in ("application/json", "text/plain"):
        response = client.post(route.url + lang, body, content_type=content_type)
        no_server_error(response, f"POST {route.url}{lang} {content_type} {body[:300]!r}")


@pytest.mark.parametrize("name", route_names())
@FUZZ
@given(data=st.data())
def test_any_form_fields_to_any_page_are_never_a_server_error(
    urls: dict[str, list[Route]], name: str, data: st.DataObject
) -> None:
    route = data.draw(st.sampled_from(urls[name]))
    client = Client(raise_request_exception=False)
    if route.url not in FIELDS_OF:  # the page's own form fields, read once (some pages are large)
        page = client.get(route.url).content.decode(errors="replace")
        FIELDS_OF[route.url] = sorted(set(NAME.findall(page)) | set(PARAMS))
    sent = data.draw(st.dictionaries(st.sampled_from(FIELDS_OF[route.url]), form_values, max_size=8))
    htmx = data.draw(
        st.sampled_from(
            [
                {},
                {"HTTP_HX_REQUEST": "true"},
                {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"},
            ]
        )
    )
    no_server_error(client.get(route.url, sent, **htmx), f"GET {route.url} {sent!r}")
    no_server_error(client.post(route.url, sent, **htmx), f"POST {route.url} {sent!r}")


#: Texts a form field refuses before the view sees it (Django refuses NUL characters), in every field at once
#: and one field at a time, so a view that reads a refused field's cleaned value is caught every run.
REFUSED = ["\x00", "a\x00b", "x" * 5000]


@pytest.mark.parametrize("name", route_names())
def test_refused_text_in_each_field_is_never_a_server_error(urls: dict[str, list[Route]], name: str) -> None:
    client = Client(raise_request_exception=False)
    for route in urls[name]:
        page = client.get(route.url).content.decode(errors="replace")
        fields = sorted(set(NAME.findall(page)) | set(PARAMS))
        for text in REFUSED:
            sendings = [dict.fromkeys(fields, text), *({field: text} for field in fields)]
            for sent in sendings:
                no_server_error(client.get(route.url, sent), f"GET {route.url} {sent!r}")
                no_server_error(client.post(route.url, sent), f"POST {route.url} {sent!r}")
