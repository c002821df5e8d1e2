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
