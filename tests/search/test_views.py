"""The search page (full and htmx fragment) and the search JSON API, on the hand-written sample index."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

try:
    import judge.urls  # noqa: F401  (needs the other areas' modules)
except ImportError as err:  # pragma: no cover
    pytest.skip(f"the project URLs cannot be imported yet: {err}", allow_module_level=True)




@pytest.fixture()
def index(settings, sample_root: Path, rule_jumps: None) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = sample_root
    return sample_root


def test_full_page_and_fragment(client: Client, index: Path) -> None:
    full = client.get("/en/search/", {"q": "commander tax"})
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'hx-get="/en/search/"' in html and 'action="/en/search/"' in html
    assert 'hx-trigger="input changed delay:300ms, search"' in html and "hx-push-url" in html
    assert 'href="/en/rules/903.8/"' in html and "<mark>tax</mark>" in html
    fragment = client.get("/en/search/", {"q": "commander tax"}, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    part = fragment.content.decode()
    assert "<html" not in part and "<form" not in part
    assert 'href="/en/rules/903.8/"' in part


def test_japanese_ui_links(client: Client, index: Path) -> None:
    html = client.get("/ja/search/", {"q": "統率者ダメージ"}).content.decode()
    assert 'href="/ja/docs/commander-rules/#rule-9"' in html
    assert 'href="/ja/rules/903.10a/"' in html


def test_rule_number_redirects(client: Client, index: Path) -> None:
    response = client.get("/en/search/", {"q": "rule 903.8"})
    assert response.status_code == 302
    assert response["Location"] == reverse("rule-detail", args=["903.8"])
    typing = client.get("/en/search/", {"q": "903.8"}, HTTP_HX_REQUEST="true")
    assert typing.status_code == 200 and 'href="/en/rules/903.8/"' in typing.content.decode()


def test_escaping_on_the_page(client: Client, index: Path) -> None:
    html = client.get("/en/search/", {"q": "<script>alert</script> token"}).content.decode()
    assert "<script>alert" not in html
    assert "&lt;<mark>script</mark>&gt;" in html


def test_problems_and_empty_page(client: Client, index: Path) -> None:
    bad = client.get("/en/search/", {"q": "lang:xx tax"})
    assert bad.status_code == 200 and "lang:xx is not a language" in bad.content.decode()
    empty = client.get("/en/search/")
    assert empty.status_code == 200
    nothing = client.get("/en/search/", {"q": "commnader"}).content.decode()
    assert "commander" in nothing  # a suggestion


def test_post_is_not_allowed(client: Client, index: Path) -> None:
    assert client.post("/en/search/", {"q": "tax"}).status_code == 405
    assert client.post("/api/search", {"q": "tax"}).status_code == 405


def test_api(client: Client, index: Path) -> None:
    data = client.get("/api/search", {"q": "統率者税", "limit": 3}).json()
    assert set(data) == {"query", "total", "jump", "hits"}
    assert data["hits"][0]["rule"] == "903.8" and len(data["hits"]) <= 3
    assert client.get("/api/search", {"q": "CR 903.8"}).json()["jump"] == "903.8"


@pytest.mark.parametrize(
    "params",
    [{"q": "lang:xx"}, {"q": "tax", "limit": "0"}, {"q": "tax", "limit": "51"}, {"q": "tax", "limit": "x"},
     {"q": "tax", "lang": "fr"}, {"q": ""}],
)
def test_api_bad_requests(client: Client, index: Path, params: dict[str, str]) -> None:
    response = client.get("/api/search", params)
    assert response.status_code == 400
    body = response.json()
    assert body["error"] and body["problems"]


def test_no_index_yet(client: Client, settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = tmp_path
    assert client.get("/api/search", {"q": "tax"}).status_code == 503
