"""What every answer shares over HTTP (issue 14): HEAD on every GET view, JSON errors under /api/, and
shared caching of the public pages and API answers (no CSRF cookie, Cache-Control, an ETag per corpus
generation, 304)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from judge.tracker.services import start_game
from tests.helpers import error_texts
from tests.web.routes import Route, site_routes

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

SCENARIO = "mind-control-alex-leaves"
DOC = "dtc"


def examples() -> dict[str, dict[str, Any]]:
    game = start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    return {
        "rules:detail": {"number": "903.8"},
        "rules-api:rule": {"number": "903.8"},
        "rules:history": {"number": "903.8"},
        "rules-api:rule-history": {"number": "903.8"},
        "rules:doc-detail": {"slug": DOC},
        "rules-api:doc": {"slug": DOC},
        "rules:judge-doc": {"kind": "ipg"},
        "rules:judge-doc-section": {"kind": "ipg", "key": "2.5"},
        "rules-api:judge-doc": {"kind": "ipg"},
        "rules-api:judge-doc-section": {"kind": "ipg", "key": "2.5"},
        "rulings:scenario-detail": {"slug": SCENARIO},
        "rulings:scenario-step": {"slug": SCENARIO, "step": 1},
        "rulings-api:scenario": {"slug": SCENARIO},
        "tracker:game": {"slug": game.slug},
        "tracker:event": {"slug": game.slug},
        "tracker:undo": {"slug": game.slug},
        "tracker:history": {"slug": game.slug},
        "cards:detail": {"slug": "breeding-pool"},
        "cards-api:card": {"name": "Breeding Pool"},
    }


@pytest.fixture()
def routes(ingested: Any) -> list[Route]:
    return site_routes(examples())


# --------------------------------------------------------------------------- HEAD


def test_head_answers_every_get_view_like_get_without_a_body(routes: list[Route]) -> None:
    client = Client(raise_request_exception=False)
    answered = []
    for route in routes:
        get, head = client.get(route.url), client.head(route.url)
        assert head.status_code == get.status_code, route
        assert head.content == b"", route
        assert head.get("Content-Type") == get.get("Content-Type") and head.get("ETag") == get.get("ETag"), (
            route
        )
        if get.content:
            assert head["Content-Length"] == str(len(get.content)), route
        if get.status_code == 200:
            answered.append(route.name)
    assert {"web-api:health", "web:home", "rules:detail", "rules-api:rule", "tracker:game"} <= set(answered)


def test_head_on_the_health_check_for_monitors() -> None:
    assert Client().head("/healthz").status_code == 200  # before the first ingest too, never 405


# --------------------------------------------------------------------------- errors under /api/


@pytest.mark.parametrize("path", ["/api/docs/..%2F..%2Fetc", "/api/x", "/api/rules/", "/api/calc/", "/api/"])
def test_unknown_api_paths_are_json_404s_in_the_one_error_shape(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["errors"][0]["code"] == "web.not-found"
    assert error_texts(Client().get(path + "?lang=ja"))[0].startswith("API に")


def test_pages_outside_the_api_keep_the_html_404() -> None:
    response = Client().get("/en/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wrong_method_on_the_api_is_a_json_405(lang: str) -> None:
    response = Client().get(f"/api/calc/tax?lang={lang}")
    assert response.status_code == 405 and response["Allow"] == "POST"
    expected = {
        "en": "This address does not take GET; it takes POST.",
        "ja": "このアドレスは GET を受け付けません（使えるのは POST）。",
    }[lang]
    assert error_texts(response) == [expected]
    assert Client().post("/api/search").json()["errors"][0]["code"] == "web.method-not-allowed"


def test_a_server_error_under_the_api_is_json() -> None:
    from django.test import RequestFactory

    from judge.web.views import server_error

    response = server_error(RequestFactory().post("/api/calc/tax?lang=ja"))
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    assert json.loads(response.content)["errors"] == [
        {
            "code": "web.server-error",
            "rule": "",
            "text": (
                "サーバーで問題が起きたため、リクエストは処理されませんでした。"
                "しばらくしてからもう一度お試しください。"
            ),
        }
    ]


# --------------------------------------------------------------------------- caching

PUBLIC = [
    "/en/",
    "/ja/rules/",
    "/en/rules/903.8/",
    "/ja/rules/903.8/",
    "/en/rules/changes/",
    "/en/glossary/",
    f"/ja/docs/{DOC}/",
    "/en/docs/",
    "/en/search/?q=commander+tax",
    "/ja/search/?q=%E7%B5%B1%E7%8E%87%E8%80%85",
    "/en/scenarios/",
    f"/ja/scenarios/{SCENARIO}/1/",
    "/en/calc/tax/?variant=commander&mana_cost=%7B3%7D&previous_casts=1",
    "/api/rules/903.8",
    f"/api/docs/{DOC}",
    "/api/search?q=commander+tax&ui=ja",
]
WITH_FORMS_THAT_POST = ["/en/tracker/", "/ja/leave-game/", "/en/calc/color-identity/", "/ja/calc/deck-check/"]


@pytest.mark.parametrize("url", PUBLIC)
def test_public_answers_carry_no_cookie_and_are_cacheable_with_an_etag(ingested: Any, url: str) -> None:
    client = Client()
    response = client.get(url)
    assert response.status_code == 200
    assert not response.cookies and "Cookie" not in response.get("Vary", "")
    assert response["Cache-Control"] == "public, max-age=300"
    assert re.fullmatch(r'"[0-9a-f]{32}"', response["ETag"])
    assert {"HX-Request", "HX-Target"} <= {v.strip() for v in response["Vary"].split(",")}
    if response["Content-Type"].startswith("text/html"):
        html = response.content.decode()
        assert "csrfmiddlewaretoken" not in html and "X-CSRFToken" not in html
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == response["ETag"]
    assert again["Cache-Control"] == "public, max-age=300"
    assert client.get(url, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200


def test_the_etag_changes_with_the_corpus_generation_language_and_htmx(ingested: Any) -> None:
    from judge.rules.models import Corpus

    client = Client()
    etag = client.get("/en/rules/903.8/")["ETag"]
    assert client.get("/ja/rules/903.8/")["ETag"] != etag
    fragment = client.get("/en/rules/903.8/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    assert fragment["ETag"] != etag
    # A new generation goes live (an ingest): the ETag a reader holds no longer matches.
    live = Corpus.objects.get(is_live=True)
    newer = Corpus.objects.create(is_live=True, versions=live.versions, current_version=live.current_version)
    newer.releases.set(live.releases.all())
    assert client.get("/en/rules/903.8/", HTTP_IF_NONE_MATCH=etag).status_code != 304


@pytest.mark.parametrize("url", WITH_FORMS_THAT_POST)
def test_pages_with_a_form_that_posts_keep_their_csrf_token_and_are_not_shared(
    ingested: Any, url: str
) -> None:
    response = Client().get(url)
    assert response.status_code == 200
    assert "csrftoken" in response.cookies and "Cookie" in response["Vary"]
    assert "public" not in response.get("Cache-Control", "") and not response.has_header("ETag")
    assert 'name="csrfmiddlewaretoken"' in response.content.decode()


def test_no_public_page_has_a_form_that_posts(routes: list[Route]) -> None:
    """Public pages leave out the CSRF token: a form that posts on one would be refused (403)."""
    client = Client()
    public = 0
    for route in routes:
        response = client.get(route.url)
        if "public" in response.get("Cache-Control", ""):
            public += 1
            html = response.content.decode(errors="replace").lower()
            assert 'method="post"' not in html and "hx-post" not in html, route
            assert not response.cookies, route
    assert public >= 15


def test_the_header_search_box_works_without_a_csrf_cookie(ingested: Any) -> None:
    strict = Client(enforce_csrf_checks=True)
    page = strict.get("/ja/rules/903.8/")
    assert not page.cookies and 'hx-get="/ja/search/"' in page.content.decode()
    quick = strict.get(
        "/ja/search/", {"q": "統率者税"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="site-search-results"
    )
    assert (
        quick.status_code == 200
        and "<html" not in quick.content.decode()
        and "/ja/rules/" in quick.content.decode()
    )
    assert quick["ETag"] != strict.get("/ja/search/", {"q": "統率者税"}, HTTP_HX_REQUEST="true")["ETag"]


def test_nothing_is_cached_before_the_first_ingest(settings: Any, tmp_path: Any) -> None:
    from judge.rules.models import Corpus

    Corpus.objects.update(is_live=False)
    settings.JUDGE_INDEX_DIR = tmp_path
    response = Client().get("/en/rules/903.8/")
    assert response.status_code == 503 and not response.has_header("ETag")


# --------------------------------------------------------------------------- words, not internals


def test_no_page_names_an_http_method_or_an_api_path_in_its_prose(routes: list[Route]) -> None:
    """Players read the pages; the JSON API is described in docs/api.md (issue 25 item 7)."""
    client = Client(raise_request_exception=False)
    for route in routes:
        if route.url.startswith("/api/") or "/api/" in route.url or route.url == "/healthz":
            continue
        response = client.get(route.url)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        html = response.content.decode(errors="replace")
        body = re.sub(r"<script.*?</script>", "", html, flags=re.S)
        text = re.sub(r"<[^>]+>", " ", body)
        assert not re.search(r"\b(?:GET|POST|PUT|PATCH|DELETE) /", text), route
        assert "/api/" not in text, route


def test_one_japanese_name_for_bribery_in_the_leave_game_presets(client: Client) -> None:
    """The official Japanese Comprehensive Rules (800.4a example) name Bribery 《袖の下》."""
    html = client.get("/ja/leave-game/").content.decode()
    assert "《袖の下》" in html and "賄賂" not in html
