"""Search finds cards (judge.cards.selectors.find_cards, shown above the rule hits by the search views)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.cards.selectors import find_cards
from judge.cards.services import import_files
from tests.search.conftest import sample_docs, sample_root  # noqa: F401  (fixtures)

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def cards() -> None:
    import_files(paths=[CARDS / "scryfall_cards.json", CARDS / "mtgjson_atomic.json"])


@pytest.fixture()
def index(settings, sample_root: Path) -> Path:  # type: ignore[no-untyped-def]  # noqa: F811
    settings.JUDGE_INDEX_DIR = sample_root
    return sample_root


@pytest.mark.parametrize("query", ["《繁殖池》", "繁殖池", "Breeding Pool", "breding pool", "BREEDING  POOL"])
def test_every_spelling_finds_the_card(cards: None, query: str) -> None:
    assert [(c.name, c.name_ja, c.slug) for c in find_cards(query)] == [
        ("Breeding Pool", "繁殖池", "breeding-pool")
    ]


@pytest.mark.parametrize("query", ["commander tax", "903.8", "pool", "", "breeding pool " * 10])
def test_rule_searches_find_no_card(cards: None, query: str) -> None:
    assert find_cards(query) == []


def test_no_card_data_finds_nothing() -> None:
    assert find_cards("Breeding Pool") == []


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_search_page_and_the_live_box_show_the_card_above_the_rules(
    client: Client, cards: None, index: Path, lang: str
) -> None:
    html = client.get(f"/{lang}/search/", {"q": "《繁殖池》"}).content.decode()
    assert f'href="/{lang}/cards/breeding-pool/"' in html
    live = client.get(
        f"/{lang}/search/",
        {"q": "breding pool"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="site-search-results",
    ).content.decode()
    assert f'href="/{lang}/cards/breeding-pool/"' in live and "《繁殖池》" in live


def test_the_search_api_answers_cards(client: Client, cards: None, index: Path) -> None:
    data = client.get("/api/search", {"q": "繁殖池", "ui": "ja"}).json()
    assert data["cards"] == [
        {"name": "Breeding Pool", "name_ja": "繁殖池", "url": "/ja/cards/breeding-pool/"}
    ]
    assert client.get("/api/search", {"q": "commander tax"}).json()["cards"] == []
