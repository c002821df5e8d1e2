"""A repeated search costs no database query and is never another reader's answer (issue 35).

The repeat path: judge.web.repeats.RepeatAnswerMiddleware (the whole answer kept), and below it the
views' own caches (judge.rules.search_views: the encoded API answer, the page by its ETag, the results
fragment) and the cards a query names per card-data stamp (judge.web.card_finder).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judge.cards.services import import_files
from judge.search.build import build_index
from judge.search.cache import answers
from judge.search.documents import SearchDoc
from judge.search.index import activate, open_live
from judge.web import card_finder
from tests.search.conftest import sample_docs, sample_root  # noqa: F401  (fixtures)

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"
WITHOUT_REPEATS = "judge.web.repeats.RepeatAnswerMiddleware"
#: Headers an answer from memory must carry exactly as the full stack's.
SAME_HEADERS = (
    "Content-Type",
    "ETag",
    "Cache-Control",
    "Vary",
    "Content-Language",
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)

pytestmark = pytest.mark.django_db


@pytest.fixture()
def index(settings: Any, sample_root: Path) -> Iterator[Path]:  # noqa: F811
    settings.JUDGE_INDEX_DIR = sample_root
    answers(open_live(sample_root)).__init__()  # type: ignore[misc]  # nothing kept by another test
    yield sample_root
    answers(open_live(sample_root)).__init__()  # type: ignore[misc]


@pytest.fixture()
def cards() -> None:
    import_files(paths=[CARDS / "scryfall_cards.json", CARDS / "mtgjson_atomic.json"])


@pytest.fixture()
def stamp_kept(settings: Any) -> Iterator[None]:
    """The card stamp read once a minute, as a worker reads it (the test settings read it every time)."""
    settings.JUDGE_CARD_STAMP_SECONDS = 60
    card_finder.forget_card_stamp()
    yield
    card_finder.forget_card_stamp()


@pytest.fixture(params=["whole stack", "views only"])
def layer(request: pytest.FixtureRequest, settings: Any) -> str:
    """Both the repeat middleware and, without it, the views' own caches."""
    if request.param == "views only":
        settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if m != WITHOUT_REPEATS]
    return str(request.param)


def test_a_repeated_api_search_makes_no_database_query(
    client: Client, index: Path, cards: None, stamp_kept: None, layer: str, django_assert_num_queries: Any
) -> None:
    params = {"q": "繁殖池", "ui": "ja", "limit": "3"}
    first = client.get("/api/search", params)
    with django_assert_num_queries(0):
        again = client.get("/api/search", params)
    assert again.status_code == first.status_code == 200
    assert again.content == first.content
    assert again.json()["cards"] == [
        {"name": "Breeding Pool", "name_ja": "繁殖池", "url": "/ja/cards/breeding-pool/"}
    ]
    for header in SAME_HEADERS:
        assert again.get(header) == first.get(header), header
    assert "public" in again["Cache-Control"] and again["ETag"]


def test_the_search_page_makes_few_queries_and_none_on_a_repeat(
    client: Client, index: Path, cards: None, stamp_kept: None, layer: str, django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(6):  # the card stamp, whether there are cards, the card named
        first = client.get("/ja/search/", {"q": "《繁殖池》"})
    with django_assert_max_num_queries(0):
        again = client.get("/ja/search/", {"q": "《繁殖池》"})
    with django_assert_max_num_queries(0):  # the header box's fragment of the same search
        client.get(
            "/ja/search/",
            {"q": "《繁殖池》"},
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET="site-search-results",
        )
        quick = client.get(
            "/ja/search/",
            {"q": "《繁殖池》"},
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET="site-search-results",
        )
    assert again.content == first.content and 'href="/ja/cards/breeding-pool/"' in first.content.decode()
    fragment = quick.content.decode()
    assert "<html" not in fragment and 'href="/ja/cards/breeding-pool/"' in fragment
    assert quick["ETag"] != again["ETag"]
    for header in SAME_HEADERS:
        assert again.get(header) == first.get(header), header


def test_a_card_import_empties_what_was_kept(
    client: Client, index: Path, stamp_kept: None, layer: str
) -> None:
    params = {"q": "Breeding Pool", "ui": "en"}
    before = client.get("/api/search", params)
    page_before = client.get("/en/search/", {"q": "Breeding Pool"})
    assert "cards" not in before.json()  # no card data imported
    import_files(paths=[CARDS / "scryfall_cards.json", CARDS / "mtgjson_atomic.json"])
    card_finder.forget_card_stamp()  # as a worker does JUDGE_CARD_STAMP_SECONDS after the import
    after = client.get("/api/search", params)
    page_after = client.get("/en/search/", {"q": "Breeding Pool"})
    assert after.json()["cards"] == [
        {"name": "Breeding Pool", "name_ja": "繁殖池", "url": "/en/cards/breeding-pool/"}
    ]
    assert after["ETag"] != before["ETag"] and page_after["ETag"] != page_before["ETag"]
    assert 'href="/en/cards/breeding-pool/"' in page_after.content.decode()
    assert 'href="/en/cards/breeding-pool/"' not in page_before.content.decode()


def doc(rule: str, body: str) -> SearchDoc:
    return SearchDoc(
        key=f"cr-{rule}", rule=rule, lang="en", source="cr.txt", doc="cr", version="20260116",
        title=f"{rule} Commander", body=body,
    )  # fmt: skip


def test_a_new_generation_empties_what_was_kept(
    client: Client, settings: Any, tmp_path: Path, layer: str
) -> None:
    settings.JUDGE_INDEX_DIR = tmp_path
    build_index(tmp_path, [doc("905.1", "commander tax alpha")], name="gen-1")
    activate(tmp_path, "gen-1")
    api = [client.get("/api/search", {"q": "alpha"}).json() for _ in range(2)]
    page = [client.get("/en/search/", {"q": "alpha"}).content.decode() for _ in range(2)]
    assert [h["rule"] for h in api[1]["hits"]] == ["905.1"] and api[0] == api[1]
    assert "905.1" in page[1] and page[0] == page[1]

    build_index(tmp_path, [doc("905.2", "commander tax alpha")], name="gen-2")
    activate(tmp_path, "gen-2")
    assert [h["rule"] for h in client.get("/api/search", {"q": "alpha"}).json()["hits"]] == ["905.2"]
    again = client.get("/en/search/", {"q": "alpha"}).content.decode()
    assert "905.2" in again and "905.1" not in again


def test_never_another_languages_or_limits_answer(client: Client, index: Path, layer: str) -> None:
    """Every variant asked interleaved, three times: each time its own answer."""
    variants: list[tuple[str, dict[str, str], dict[str, str]]] = [
        ("/api/search", {"q": "commander tax", "ui": ui, "limit": limit, "lang": lang}, {})
        for ui in ("en", "ja")
        for limit in ("1", "3")
        for lang in ("all", "en")
    ]
    variants += [
        (f"/{page}/search/", {"q": "commander tax"}, headers)
        for page in ("en", "ja")
        for headers in ({}, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"})
    ]
    variants.append(("/api/search", {"q": "commander tax"}, {"HTTP_ACCEPT_LANGUAGE": "ja"}))
    seen: dict[int, tuple[bytes, str, str]] = {}
    for _ in range(3):
        for i, (path, params, headers) in enumerate(variants):
            response = client.get(path, params, **headers)  # type: ignore[arg-type]
            got = (response.content, response["ETag"], response["Content-Language"])
            assert seen.setdefault(i, got) == got, (path, params, headers)
    for i, (path, params, _headers) in enumerate(variants):
        body = seen[i][0].decode()
        if path == "/api/search":
            hits = client.get(path, params).json()["hits"]
            assert 1 <= len(hits) <= int(params.get("limit", "10"))
            assert len(hits) == 1 or params.get("limit") != "1"
            assert all(h["url"].startswith(f"/{params.get('ui', 'en')}/") for h in hits) and hits
        else:
            assert f'lang="{path[1:3]}"' in body
    assert len({content for content, _, _ in seen.values()}) >= len(variants) - 1  # only Accept-Language
    assert len({etag for _, etag, _ in seen.values()}) == len(variants)


def test_what_is_never_answered_from_memory(client: Client, index: Path, settings: Any) -> None:
    params = {"q": "commander tax"}
    first = client.get("/api/search", params)
    # A conditional request: the full stack's 304.
    assert client.get("/api/search", params, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # HEAD: the full stack's (no body).
    head = client.head("/api/search", params)
    assert head.status_code == 200 and head.content == b""
    # A host the site does not serve is refused as before, even for an answer kept.
    settings.ALLOWED_HOSTS = ["judge.example"]
    assert client.get("/api/search", params, HTTP_HOST="evil.example").status_code == 400
    ok = client.get("/api/search", params, HTTP_HOST="judge.example")
    assert ok.status_code == 200 and ok.content == first.content
    # Plain HTTP where HTTPS is required: redirected, never answered from memory.
    # A user agent the site refuses: refused as before.
    settings.DISALLOWED_USER_AGENTS = [re.compile("badbot")]
    refused = client.get("/api/search", params, HTTP_HOST="judge.example", HTTP_USER_AGENT="badbot/1")
    assert refused.status_code == 403
    settings.DISALLOWED_USER_AGENTS = []
    settings.SECURE_SSL_REDIRECT = True  # read when the middleware is loaded: a new client's
    assert Client().get("/api/search", params, HTTP_HOST="judge.example").status_code == 301
