"""The home page and the health check."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_home_page_links_every_tool(client: Client, lang: str) -> None:
    html = client.get(f"/{lang}/").content.decode()
    for path in (
        "tracker/",
        "calc/tax/",
        "calc/commander-damage/",
        "leave-game/",
        "calc/deck-check/",
        "scenarios/",
        "rules/903.8/",
        "docs/",
    ):
        assert f'href="/{lang}/{path}"' in html


@pytest.mark.corpus
def test_health_names_the_live_corpus(client: Client, ingested) -> None:  # type: ignore[no-untyped-def]
    data = client.get("/healthz").json()
    assert data == {"status": "ok", "corpus": ingested.pk, "versions": ingested.versions}


@pytest.mark.corpus
def test_the_service_worker_is_served_at_the_root_for_the_whole_site(client: Client, ingested) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/sw.js")
    body = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "no-cache"
    # The live generation names the caches: a new ingest is a new worker, which drops the old pages.
    assert body.startswith(f'const GENERATION = "{ingested.pk}";')
    assert "検索にはネットワーク接続が必要です" in body and "Searching needs a connection" in body


def test_the_web_app_manifest_opens_in_the_readers_language(client: Client) -> None:
    data = client.get("/manifest.webmanifest?lang=ja").json()
    assert data["start_url"] == "/ja/" and data["display"] == "standalone" and data["scope"] == "/"
    assert {icon["sizes"] for icon in data["icons"]} == {"any", "192x192", "512x512"}
    assert client.get("/manifest.webmanifest?lang=en").json()["start_url"] == "/en/"
    page = client.get("/ja/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest?lang=ja"' in page and "js/offline.js" in page


@pytest.mark.corpus
def test_the_offline_pages_are_every_rule_page_of_the_current_release(client: Client, ingested) -> None:  # type: ignore[no-untyped-def]
    data = client.get("/api/offline-pages?lang=ja").json()
    assert data["generation"] == ingested.pk and data["version"] == ingested.current_version
    pages = data["pages"]
    assert pages[:4] == ["/ja/", "/ja/rules/", "/ja/glossary/", "/ja/scenarios/"]
    assert "/ja/rules/903.9/" in pages and "/ja/rules/903.9a/" not in pages  # a subrule is on its rule's page
    assert pages.index("/ja/rules/903.9/") < pages.index("/ja/rules/100.1/")  # this site's chapters first
    assert client.get("/api/offline-pages?lang=en").json()["pages"][1] == "/en/rules/"
