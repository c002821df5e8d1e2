"""Hostile input on every route (the audit): every route of judge/urls.py in /ja/ and /en/ and the API, read
from the URL resolver, sent what a careless or hostile client sends — a 100 KB query string; every GET
field its page declares filled with a huge text, NUL, an encoded lone surrogate (%ED%A0%80), invalid UTF-8
(%FF), negative and huge numbers; one field repeated 10,000 times; HEAD, OPTIONS and POST where GET is
expected; bodies of the wrong type; out-of-range path parameters; and to the forms that post, oversize and
malformed bodies with and without the CSRF token.

Every answer is a 2xx, 3xx or 4xx in the reader's language: on /ja/ a page whose ``<html lang="ja">`` and
whose words are Japanese (no Django English default page, no empty body, no traceback); under /api/ with
``?lang=ja`` the one error shape with Japanese texts. Every answer does bounded work: at most
:data:`MAX_QUERIES` database queries, however large the input (counted, not timed).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.web.routes import Route, route_names, site_routes
from tests.web.test_http import examples

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

#: The most queries one answer may make (a rule page makes about ten; the tracker's game page a few more),
#: and the routes that may make more: the brackets table checks up to six decks, about eleven queries each
#: (the card look-ups are batched, so a deck of 1,000 lines costs the same as one of ten).
MAX_QUERIES = 40
MORE_QUERIES = {"/ja/calc/brackets/": 100, "/en/calc/brackets/": 100}

#: Raw query-string values (already percent-encoded as a client sends them).
ENCODED = ["%00", "a%00b", "%ED%A0%80", "%FF", "%C0%AF", "%E3%81", "%F4%90%80%80", "%EF%BF%BF"]
#: ² and ٣٠٣ are digits to ``str.isdigit``; ``int`` refuses ² and 5,000 digits.
NUMBERS = ["-1", "-5", "0", "99999999999999999999", "1e9", "1" * 5000, "%C2%B2", "%D9%A3%D9%A0%D9%A3", "NaN"]
HUGE = "x" * 20_000
#: Query parameters the views read besides their pages' form fields.
PARAMS = [
    "q",
    "lang",
    "ui",
    "limit",
    "page",
    "version",
    "from",
    "to",
    "renumbered_from",
    "missing",
    "part",
    "as_typed",
    "preset",
    "seats",
    "seat",
    "before",
    "format",
    "revision",
    "step",
    "action",
    "variant",
]
NAME = re.compile(r'\bname="([^"]+)"')
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: Django's own English pages and texts: a /ja/ reader never meets them.
ENGLISH_DEFAULTS = [
    "Bad Request (400)",
    "Forbidden (403)",
    "Server Error (500)",
    "Not Found",
    "CSRF verification failed",
    "Traceback",
    "Method Not Allowed",
]
FIELDS_OF: dict[str, list[str]] = {}
#: Fields sent one at a time (each with the values ``int`` refuses): every view parameter, and at most this
#: many of a page's own fields, spread over the page (the damage table's 100 cells are read alike).
ONE_AT_A_TIME = 15


def one_at_a_time(fields: list[str]) -> list[str]:
    own = [f for f in fields if f not in PARAMS]
    step = max(1, len(own) // ONE_AT_A_TIME)
    return [f for f in fields if f in PARAMS] + own[::step]


@pytest.fixture()
def urls(ingested: Any) -> dict[str, list[Route]]:
    # The offline save's size is measured by the ingest (off in the test settings) or by the first request
    # after it: measured here, so that each hostile request counts only its own queries.
    for lang in ("ja", "en"):
        assert Client().get(f"/api/offline-pages?lang={lang}").status_code == 200
    by_name: dict[str, list[Route]] = {}
    for route in site_routes(examples()):
        by_name.setdefault(route.name, []).append(route)
    return by_name


def lang_of(url: str) -> str:
    return "ja" if url.startswith("/ja/") or "lang=ja" in url else "en"


def check(response: Any, what: str, *, lang: str, api: bool) -> None:
    """A 2xx/3xx/4xx in ``lang``: a page in it, or under /api/ JSON errors in it; never a traceback."""
    status = response.status_code
    assert status < 500, f"{what}: {status}\n{response.content[:1500]!r}"
    body = response.content.decode("utf-8", errors="replace")
    assert "Traceback" not in body, what
    kind = response.get("Content-Type", "")
    if status < 400 or response.request["REQUEST_METHOD"] == "HEAD":
        return
    if api or kind.startswith("application/json"):
        assert kind.startswith("application/json"), f"{what}: {status} {kind}"
        errors = response.json()["errors"]
        assert errors and all(e["text"] for e in errors), what
        if lang == "ja":
            assert all(JAPANESE.search(e["text"]) for e in errors), f"{what}: {errors}"
        return
    assert kind.startswith("text/html"), f"{what}: {status} {kind!r} {body[:300]!r}"
    assert f'<html lang="{lang}"' in body, f"{what}: {status} not a page in {lang}: {body[:500]!r}"
    if lang == "ja":
        assert JAPANESE.search(body), what
        shown = [text for text in ENGLISH_DEFAULTS if text in body]
        assert not shown, f"{what}: {status} English on a Japanese page: {shown}"


def send(client: Client, how: str, url: str, what: str, **extra: Any) -> Any:
    """Send one request (``how``: the client's method, ``generic`` for a body sent as it is), counting its
    queries; the answer is checked by :func:`check`."""
    with CaptureQueriesContext(connection) as queries:
        response = (
            getattr(client, how)(url, **extra) if how != "generic" else client.generic(path=url, **extra)
        )
    most = MORE_QUERIES.get(url.split("?")[0], MAX_QUERIES)
    assert len(queries) <= most, f"{what}: {len(queries)} queries"
    check(response, what, lang=lang_of(url), api=url.startswith("/api/"))
    return response


def fields_of(client: Client, route: Route) -> list[str]:
    """The GET fields the route's page declares (its forms' names) and the parameters the views read."""
    if route.url not in FIELDS_OF:
        page = client.get(route.url).content.decode(errors="replace")
        FIELDS_OF[route.url] = sorted(set(NAME.findall(page)) - {"csrfmiddlewaretoken"} | set(PARAMS))
    return FIELDS_OF[route.url]


def hostile_queries(fields: list[str]) -> Iterator[str]:
    """Raw query strings: 100 KB, every field filled with each hostile value, one field repeated 10,000
    times, and each field alone with the numbers (so one field's refusal does not hide another's)."""
    yield "q=" + "a" * 100_000
    yield "&".join(f"{field}={HUGE[: 100_000 // len(fields)]}" for field in fields)
    for value in ENCODED + NUMBERS:
        yield "&".join(f"{field}={value}" for field in fields)
    yield "&".join(["q=a"] * 10_000)  # past DATA_UPLOAD_MAX_NUMBER_FIELDS: 400
    yield "&".join([f"{fields[0]}=1"] * 10_000)
    yield "&".join(f"{field}=1" for field in fields for _ in range(4_900 // len(fields)))  # just under it
    for field in one_at_a_time(fields):
        for value in ("-1", "1" * 5000, "%C2%B2"):
            yield f"{field}={value}"
    yield "&".join(f"{field}[]=1" for field in fields)  # names a PHP-style client sends


@pytest.mark.parametrize("name", route_names())
def test_hostile_queries_on_every_route(urls: dict[str, list[Route]], name: str) -> None:
    client = Client(raise_request_exception=False)
    for route in urls[name]:
        for query in hostile_queries(fields_of(client, route)):
            url = f"{route.url}?{query}"
            send(client, "get", url, f"GET {route.url}?{query[:200]}")
            if route.url.startswith("/api/"):
                # The API's texts follow ?lang= (the search API's ?ui=: its lang is the language searched).
                send(client, "get", url + "&lang=ja&ui=ja", f"GET {route.url}?{query[:200]}&lang=ja&ui=ja")


#: Bodies a GET page may be posted, by content type.
BODIES = [
    ("text/plain", b"q=a"),
    ("application/json", b'{"variant": "commander"'),
    ("application/json", b"\xff\xfe"),
    ("application/xml", b"<a/>"),
    ("multipart/form-data; boundary=x", b"--x\r\nContent-Disposition: form-data; name=q\r\n\r\na\r\n--x--"),
    ("multipart/form-data", b"no boundary"),
    ("application/x-www-form-urlencoded", b"q=%FF&q=%ED%A0%80&step=99999999999999999999"),
    ("application/x-www-form-urlencoded; charset=bogus", b"q=a"),
]


@pytest.mark.parametrize("name", route_names())
def test_other_methods_and_wrong_bodies_on_every_route(urls: dict[str, list[Route]], name: str) -> None:
    client = Client(raise_request_exception=False)
    for route in urls[name]:
        for suffix in ("", "?lang=ja&ui=ja") if route.url.startswith("/api/") else ("",):
            url = route.url + suffix
            for method in ("head", "options", "put", "patch", "delete", "trace"):
                send(client, method, url, f"{method.upper()} {url}")
            send(client, "post", url, f"POST {url} (no body)")
            for kind, body in BODIES:
                send(
                    client, "generic", url, f"POST {url} {kind}", method="POST", data=body, content_type=kind
                )


def test_the_method_answers_on_pages_say_what_is_allowed_in_the_readers_language(ingested: Any) -> None:
    client = Client(raise_request_exception=False)
    page = client.post("/ja/rules/903.8/")
    assert page.status_code == 405 and page["Allow"] == "GET"
    assert "このアドレスは POST を受け付けません" in page.content.decode()
    english = client.delete("/en/search/")
    assert english.status_code == 405 and "This address does not take DELETE" in english.content.decode()


#: Path parameters a route's pattern takes but no rule, step, game or card has.
OUT_OF_RANGE = [
    "/ja/rules/9999.99zz/",
    "/ja/rules/999.999z/",
    "/ja/rules/%D9%A3%D9%A0%D9%A3/",  # ٣٠٣: Arabic-Indic digits match \d
    "/ja/rules/%D9%A3%D9%A0%D9%A3.%D9%A1/",
    "/ja/rules/%EF%BC%99%EF%BC%90%EF%BC%93.8/",  # ９０３.8
    "/ja/rules/%D9%A3%D9%A0%D9%A3/history/",
    "/ja/rules/0/",
    "/ja/rules/9/",
    "/ja/rules/%00/",
    "/ja/rules/%ED%A0%80/",
    "/ja/rules/%FF/",
    "/ja/docs/%FF/",
    "/ja/docs/" + "a" * 5000 + "/",
    "/ja/scenarios/mind-control-alex-leaves/99999999999999999999/",
    "/ja/scenarios/mind-control-alex-leaves/0/",
    "/ja/scenarios/mind-control-alex-leaves/9999/",
    "/ja/scenarios/no-such-ruling/1/",
    "/ja/scenarios/%FF/",
    "/ja/tracker/" + "a" * 32 + "/",
    "/ja/tracker/" + "a" * 32 + "/history/",
    "/ja/tracker/" + "a" * 32 + "/event/",
    "/ja/cards/" + "a" * 5000 + "/",
    "/ja/cards/%ED%A0%80/",
    "/ja/%FF/",
    "/ja/" + "a/" * 2000,
    "/api/rules/9999.99zz?lang=ja",
    "/api/rules/%D9%A3%D9%A0%D9%A3?lang=ja",
    "/api/rules/%00?lang=ja",
    "/api/rules/%ED%A0%80?lang=ja",
    "/api/rules/%FF/history?lang=ja",
    "/api/rules/" + "9" * 5000 + "?lang=ja",
    "/api/docs/%FF?lang=ja",
    "/api/scenarios/%ED%A0%80?lang=ja",
    "/api/scenarios/" + "a" * 5000 + "?lang=ja",
    "/api/cards/%FF?lang=ja",
    "/api/cards/%ED%A0%80?lang=ja",
    "/api/cards/" + "a" * 5000 + "?lang=ja",
    "/api/cards/%00?lang=ja",
]


@pytest.mark.parametrize("url", OUT_OF_RANGE)
def test_path_parameters_out_of_range(ingested: Any, url: str) -> None:
    client = Client(raise_request_exception=False)
    for method in ("get", "head", "post"):
        send(client, method, url, f"{method.upper()} {url[:200]}")


def test_unicode_digits_in_a_rule_number_are_not_a_rule(ingested: Any) -> None:
    """٣٠٣ matches the route's \\d; it is no rule number a reader can mean by it, so 404 in Japanese."""
    client = Client()
    answer = client.get("/ja/rules/%D9%A3%D9%A0%D9%A3/")
    assert answer.status_code == 404 and 'lang="ja"' in answer.content.decode()
    assert client.get("/api/rules/%D9%A3%D9%A0%D9%A3?lang=ja").status_code == 404


def test_a_huge_step_number_goes_to_the_last_step(ingested: Any) -> None:
    """Past the last step is the last step (rulings.views), however many digits the number has."""
    answer = Client().get("/ja/scenarios/mind-control-alex-leaves/99999999999999999999/")
    assert answer.status_code == 302 and answer["Location"] == "/ja/scenarios/mind-control-alex-leaves/2/"


# --------------------------------------------------------------------------- the forms that post

#: The pages whose forms post (the rest take GET forms, sent above).
POSTING = [
    "tracker:new",
    "rulings:leave-game",
    "calc:deck",
    "calc:identity",
    "calc:table",
    "calc:tax",
    "calc:damage",
]


def hostile_bodies(fields: list[str]) -> Iterator[tuple[str, bytes]]:
    """(content type, body): every field filled with each hostile value, one huge field, too many fields, a
    body over the site's limit, and bodies that are not the form's."""
    form = "application/x-www-form-urlencoded"
    for value in [*ENCODED, *NUMBERS, HUGE]:
        yield form, "&".join(f"{field}={value}" for field in fields).encode()
    for field in one_at_a_time(fields):
        yield form, f"{field}={'x' * 100_000}".encode()
        for value in ("1" * 5000, "%C2%B2", "-1"):  # one field at a time: another's refusal hides nothing
            yield form, f"{field}={value}".encode()
    yield form, "&".join(["q=a"] * 6_000).encode()  # past DATA_UPLOAD_MAX_NUMBER_FIELDS
    yield form, b"q=" + b"a" * (3 * 1024 * 1024)  # past DATA_UPLOAD_MAX_MEMORY_SIZE
    yield form, b"\xff\xfe\x00" * 100
    yield "application/json", b'{"players": [' * 1000
    yield "text/plain", b"a" * 10_000
    yield "multipart/form-data; boundary=x", b"--x\r\nContent-Disposition: form-data; name=q\r\n\r\na\r\n"


@pytest.mark.parametrize("name", POSTING)
def test_hostile_bodies_to_every_form_that_posts(urls: dict[str, list[Route]], name: str) -> None:
    client = Client(raise_request_exception=False)
    for route in urls[name]:
        fields = fields_of(client, route)
        for kind, body in hostile_bodies(fields):
            what = f"POST {route.url} {kind} {body[:150]!r}"
            send(client, "generic", route.url, what, method="POST", data=body, content_type=kind)


@pytest.mark.parametrize("name", POSTING)
def test_a_post_without_its_csrf_token_is_refused_in_the_readers_language(
    urls: dict[str, list[Route]], name: str
) -> None:
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    for route in urls[name]:
        fields = fields_of(client, route)
        body = "&".join(f"{field}=1" for field in fields)
        answer = send(
            client,
            "generic",
            route.url,
            f"POST {route.url}",
            method="POST",
            data=body,
            content_type="application/x-www-form-urlencoded",
        )
        if answer.status_code == 403:
            expected = {"ja": "ページを再読み込みして", "en": "Reload the page and send it again."}
            assert expected[lang_of(route.url)] in answer.content.decode(), route.url
