"""The card page (/ja/cards/<slug>/, /en/cards/<slug>/) and GET /api/cards/<name>."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

from judge.cards.services import import_files

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def cards() -> None:
    import_files(
        paths=[CARDS / "scryfall_cards.json", CARDS / "mtgjson_atomic.json", CARDS / "scryfall_rulings.json"]
    )


def test_breeding_pool_page_in_japanese_shows_its_names_text_and_rulings(client: Client, cards: None) -> None:
    response = client.get("/ja/cards/breeding-pool/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "《繁殖池》" in html and "Breeding Pool" in html
    assert "Land — Forest Island" in html
    assert "（テスト用に書いた日本語の印刷文です。）" in html  # MTGJSON's printed text, labelled
    assert "2005-10-01" in html and "Wizards of the Coast" in html and "Test ruling two" in html
    assert 'class="pip pip-G"' in html or "pip-G" in html


def test_card_api_by_english_or_japanese_name(client: Client, cards: None) -> None:
    english = client.get("/api/cards/Breeding Pool").json()
    japanese = client.get("/api/cards/《繁殖池》?lang=ja").json()
    assert english["name"] == japanese["name"] == "Breeding Pool"
    assert english["name_ja"] == "繁殖池" and english["url"] == "/en/cards/breeding-pool/"
    assert japanese["url"] == "/ja/cards/breeding-pool/"
    assert english["identity"] == ["U", "G"]
    assert english["legalities"]["commander"] == japanese["legalities"]["commander"] == "legal"
    assert [r["date"] for r in english["rulings"]] == ["2005-10-01", "2019-05-03"]
    assert english["legality_source"].startswith("Scryfall, ")


def test_commander_rules_the_card_touches(client: Client, cards: None) -> None:
    kraum = client.get("/api/cards/Kraum, Ludevic's Opus").json()
    assert [r["rule"] for r in kraum["commander_rules"]] == ["702.124"]
    lurrus = client.get("/api/cards/Lurrus of the Dream-Den").json()
    assert [r["rule"] for r in lurrus["commander_rules"]] == ["702.139"]


def test_unknown_card_and_no_card_data(client: Client) -> None:
    empty = client.get("/en/cards/breeding-pool/")
    assert empty.status_code == 404 and "no list of Magic cards" in empty.content.decode()
    japanese = client.get("/ja/cards/breeding-pool/").content.decode()
    assert "カードの一覧がありません" in japanese and "import_cards" not in japanese
    assert client.get("/api/cards/Breeding Pool").status_code == 404


def test_unknown_card_is_404(client: Client, cards: None) -> None:
    assert client.get("/en/cards/no-such-card/").status_code == 404
    response = client.get("/api/cards/No Such Card")
    assert response.status_code == 404 and "No Such Card" in response.json()["errors"][0]["text"]


@pytest.mark.corpus
def test_keywords_link_to_their_702_section_found_in_the_current_cr(
    client: Client, cards: None, ingested
) -> None:  # type: ignore[no-untyped-def]
    kraum = client.get("/api/cards/Kraum, Ludevic's Opus").json()
    assert kraum["keywords"] == [
        {"name": "Flying", "rule": "702.9"},
        {"name": "Haste", "rule": "702.10"},
        {"name": "Partner", "rule": "702.124"},
    ]
    html = client.get("/ja/cards/kraum-ludevics-opus/").content.decode()
    assert 'href="/ja/rules/702.124/"' in html or "702.124" in html


def test_deck_check_problems_link_the_cards_they_name(client: Client, cards: None) -> None:
    decklist = "Commander\n1 Kenrith, the Returned King\nDeck\n2 Sol Ring\n97 Forest"
    html = client.post(
        "/ja/calc/deck-check/", {"variant": "commander", "decklist": decklist}
    ).content.decode()
    assert '<a href="/ja/cards/sol-ring/">Sol Ring</a>' in html


def test_a_card_page_is_public_and_its_etag_follows_the_card_data(client: Client, cards: None) -> None:
    first = client.get("/en/cards/breeding-pool/")
    assert first.status_code == 200 and "public" in first["Cache-Control"]
    assert "csrftoken" not in first.cookies and "X-CSRFToken" not in first.content.decode()
    again = client.get("/en/cards/breeding-pool/")  # the whole answer, kept by its ETag
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert client.get("/en/cards/breeding-pool/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    japanese = client.get("/ja/cards/breeding-pool/")
    assert japanese["ETag"] != first["ETag"] and "《繁殖池》" in japanese.content.decode()
    # A new import changes the ETag: a reader's kept copy is asked for again, the page read again.
    import_files(paths=[CARDS / "scryfall_rulings.json"])
    assert client.get("/en/cards/breeding-pool/")["ETag"] != first["ETag"]


def test_card_api_by_a_printing_s_other_name(client: Client, tmp_path: Path) -> None:
    from tests.helpers import DEFAULT_CARDS, oracle_cards_with_printed_elsewhere

    import_files(paths=[oracle_cards_with_printed_elsewhere(tmp_path), DEFAULT_CARDS])
    rick = client.get("/api/cards/Rick, Steadfast Leader").json()
    assert rick["name"] == "Greymond, Avacyn's Stalwart"
    assert rick["url"] == "/en/cards/greymond-avacyns-stalwart/"
    assert {"name": "Rick, Steadfast Leader", "set": "sld", "collector_number": "1001"} in rick["other_names"]


@pytest.mark.parametrize(
    ("lang", "heading", "why"),
    [
        ("en", "Also printed as", "so a deck counts them together"),
        ("ja", "別名で印刷された版", "デッキでは合わせて数えます"),
    ],
)
def test_the_card_page_lists_the_names_its_printings_carry(
    client: Client, tmp_path: Path, lang: str, heading: str, why: str
) -> None:
    from tests.helpers import DEFAULT_CARDS, oracle_cards_with_printed_elsewhere

    import_files(paths=[oracle_cards_with_printed_elsewhere(tmp_path), DEFAULT_CARDS])
    html = client.get(f"/{lang}/cards/greymond-avacyns-stalwart/").content.decode()
    assert heading in html and why in html
    assert re.search(r"Rick, Steadfast Leader</span> <span[^>]*>\(SLD 1001\)", html)
    assert 'href="/' + lang + '/rules/201.3b/"' in html
    # A card printed under its own name only has no such list.
    assert heading not in client.get(f"/{lang}/cards/breeding-pool/").content.decode()


def test_an_unknown_card_is_a_404_in_the_readers_language(client: Client, cards: None) -> None:
    """The audit: the 404 page said "no such card" in English on /ja/."""
    page = client.get("/ja/cards/no-such-card/").content.decode()
    assert "カード・データにそのカードはありません。" in page and "no such card" not in page
    assert "No such card in the card data." in client.get("/en/cards/no-such-card/").content.decode()
