"""The deck check: its JSON API and its page, with and without card data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from judge.cards.models import CardSource
from judge.cards.services import import_cards, import_files
from tests.calc.helpers import HX, MARKUP, MTGJSON, dtc_deck, kenrith_deck, post
from tests.helpers import DEFAULT_CARDS, error_texts, oracle_cards_with_printed_elsewhere

pytestmark = pytest.mark.django_db


def test_deck_api_legal_commander_deck(client: Client, cards: None) -> None:
    response = post(client, "/api/calc/deck-check", {"variant": "commander", "decklist": kenrith_deck()})
    assert response.status_code == 200
    data = response.json()
    assert data["legal"] is True and data["problems"] == []
    assert data["identity"] == ["W", "U", "B", "R", "G"]


def test_deck_api_unknown_card_has_suggestion(client: Client, cards: None) -> None:
    data = post(
        client,
        "/api/calc/deck-check",
        {"variant": "commander", "decklist": kenrith_deck().replace("97 Plains", "96 Plains\nSol Rnig")},
    ).json()
    assert data["legal"] is False
    assert {
        "card": "Sol Rnig",
        "rule": "lookup:unknown-card",
        "code": "deck.unknown-card",
        "text": "Unknown card 'Sol Rnig'; did you mean Sol Ring?",
    } in data["problems"]


def test_deck_api_commanders_field_moves_the_commander_out_of_the_deck(client: Client, cards: None) -> None:
    decklist = "1 Kenrith, the Returned King\n1 Sol Ring\n1 Command Tower\n97 Plains"
    data = post(
        client,
        "/api/calc/deck-check",
        {"variant": "commander", "decklist": decklist, "commanders": ["Kenrith, the Returned King"]},
    ).json()
    assert data.pop("bracket")["minimum"] == 1  # the Commander Brackets estimate (tests/cards/test_brackets*)
    assert data == {
        "legal": True,
        "verdict": "legal",
        "problems": [],
        "identity": ["W", "U", "B", "R", "G"],
        "notes": [
            {
                "code": "legality.checked",
                "rule": f"data:scryfall-{CardSource.objects.get().published}",
                "objects": [],
                # The fixture's name has no date, so the data's date is the file's.
                "text": "Legality in Commander checked against the card data (Scryfall, "
                f"{CardSource.objects.get().published})",
            },
            {
                # No printings data imported (Scryfall's Default Cards): said, not guessed.
                "code": "deck.interchangeable-unchecked",
                "rule": "201.3b",
                "objects": [],
                "text": "Interchangeable names (rule 201.3) were not checked: this site does not know which "
                "cards are also printed under another English name (such as a Universes Within card's "
                "Universes Beyond name). A card your list names that way is not found, and is not counted "
                "together with its other name: count those copies yourself",
            },
        ],
    }
    brawl = post(
        client,
        "/api/calc/deck-check",
        {"variant": "brawl", "decklist": decklist, "commanders": ["Kenrith, the Returned King"]},
    ).json()
    assert [(p["rule"], p["card"]) for p in brawl["problems"]] == [("903.12d", "")]


def test_deck_api_problems(client: Client, cards: None) -> None:
    response = post(client, "/api/calc/deck-check", {"variant": "modern", "decklist": 5})
    assert response.status_code == 400
    assert error_texts(response) == [
        "Format: “modern” is not one of commander, brawl, dtc, dtcs, dtb.",
        "Decklist: must be text.",
    ]
    assert [e["field"] for e in response.json()["errors"]] == ["variant", "decklist"]
    japanese = client.post(
        "/api/calc/deck-check?lang=ja",
        json.dumps({"variant": "modern", "decklist": 5}),
        content_type="application/json",
    )
    assert error_texts(japanese) == [
        "フォーマット：「modern」は選べません（commander、brawl、dtc、dtcs、dtb のいずれか）。",
        "デッキリスト：文字列で指定してください。",
    ]
    unknown = post(client, "/api/calc/deck-check", {"variant": "dtc", "decklist": "x", "commanders": []})
    assert error_texts(unknown) == [
        "Request: unknown field “commanders” (expected: variant, decklist, decks)."
    ]
    empty = post(client, "/api/calc/deck-check", {"variant": "commander", "decklist": ""})
    assert error_texts(empty)[0].startswith("Decklist: empty. Paste the deck")
    big = post(client, "/api/calc/deck-check", {"variant": "commander", "decklist": "1 Sol Ring\n" * 100_000})
    assert big.status_code == 400
    assert error_texts(big) == ["Decklist: longer than 1 MB; paste one deck at a time."]
    lines = post(
        client, "/api/calc/deck-check", {"variant": "commander", "decklist": "1 Sol Ring\n0 Forest\n2x"}
    )
    assert error_texts(lines) == ["Line 2: a count must be 1 or more.", "Line 3: “2x” has no card name."]


def test_deck_api_reads_japanese_names_in_the_readers_language(client: Client) -> None:
    import_cards(path=MTGJSON)
    decklist = (
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《繁殖池》\n1 砕骨の巨人\n1 Sol Ring\n96 Plains"
    )
    legal = post(
        client, "/api/calc/deck-check?lang=ja", {"variant": "commander", "decklist": decklist}
    ).json()
    assert legal["legal"] is True and legal["identity"] == ["W", "U", "B", "R", "G"]
    unknown = client.post(
        "/api/calc/deck-check?lang=ja",
        json.dumps(
            {"variant": "commander", "decklist": decklist.replace("1 Sol Ring", "1 ソル・リングもどき")}
        ),
        content_type="application/json",
    ).json()
    assert [(p["code"], p["text"]) for p in unknown["problems"]] == [
        (
            "deck.unknown-card-no-suggestion",
            "「ソル・リングもどき」というカードは見つかりません。似た名前のカードもありません。",
        )
    ]


def test_deck_api_without_card_data_runs_the_checks_that_need_none(client: Client) -> None:
    body = {"variant": "commander", "decklist": "Commander\n1 Kenrith\nDeck\n2 Sol Ring\n90 Forest"}
    response = post(client, "/api/calc/deck-check", body)
    assert response.status_code == 200
    data = response.json()
    assert data["legal"] is False
    assert [(p["rule"], p["code"]) for p in data["problems"]] == [
        ("903.5a", "deck.size-one"),
        ("903.5b", "legality.copies-unchecked"),
    ]
    assert [n["code"] for n in data["notes"]] == ["legality.needs-card-data"]
    japanese = post(client, "/api/calc/deck-check?lang=ja", body).json()
    assert "カードの一覧" in japanese["notes"][0]["text"]
    assert "import_cards" not in json.dumps(data) + json.dumps(japanese, ensure_ascii=False)


def test_deck_api_dtc(client: Client) -> None:
    legal = post(client, "/api/calc/deck-check", {"variant": "dtc", "decklist": dtc_deck()}).json()
    assert legal == {"legal": True, "verdict": "legal", "problems": [], "notes": []}
    bad = post(
        client, "/api/calc/deck-check", {"variant": "dtc", "decklist": dtc_deck(duplicate=True)}
    ).json()
    assert bad["legal"] is False
    assert [p["rule"] for p in bad["problems"]] == ["dtc:singleton"]
    dtb = post(client, "/api/calc/deck-check", {"variant": "dtb", "decklist": dtc_deck()}).json()
    assert [p["rule"] for p in dtb["problems"]] == ["dtb:deck-size"]
    team = post(
        client, "/api/calc/deck-check", {"variant": "dtcs", "decklist": dtc_deck(), "decks": [dtc_deck()]}
    ).json()
    assert "dtcs:team-singleton" in [p["rule"] for p in team["problems"]]
    typo = post(client, "/api/calc/deck-check", {"variant": "dtc", "decklist": "X | 土 | Z | クリーチャー"})
    assert typo.status_code == 400
    assert error_texts(typo) == [
        "Line 1: unknown civilization '土' (use 光 水 闇 火 自然 ゼロ)",
        "Line 1: unknown rarity 'Z'",
    ]


@pytest.mark.parametrize("headers", [{}, HX], ids=["page", "htmx"])
def test_deck_page_says_where_the_start_of_game_list_comes_from(
    client: Client, headers: dict[str, str]
) -> None:
    deck = dtc_deck().replace("火のカード0 | 火 | C | 呪文", "《滅亡の起源 零無》 | 火 | SR | 零龍星雲")
    html = client.post(
        "/ja/calc/deck-check/", {"variant": "dtc", "decklist": deck}, **headers
    ).content.decode()
    assert "《滅亡の起源 零無》はゲーム開始時からバトルゾーンに出しておけるカードなので禁止です" in html
    assert "デュエル・マスターズ Wiki の一覧（2022-07-03 時点、2026-11-27 に確認）" in html
    assert "公式の総合ゲームルール（100.5）はこれらのカードを定義していますが、一覧はありません" in html


def test_deck_api_empty_dtc_deck_says_what_to_paste(client: Client) -> None:
    response = post(client, "/api/calc/deck-check", {"variant": "dtc", "decklist": ""})
    assert response.status_code == 400
    [error] = error_texts(response)
    assert error.startswith("Deck: no cards. Paste the deck one card per line")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_deck_page_full_and_fragment(client: Client, cards: None, lang: str) -> None:
    data = {"variant": "commander", "decklist": kenrith_deck("Sol Rnig"), "commanders": ""}
    full = client.post(f"/{lang}/calc/deck-check/", data)
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and "csrfmiddlewaretoken" in html and "統率者" in html  # the DTC line format
    assert 'class="answer not-legal"' in html
    assert "Sol Rnig" in html and ("《Sol Ring》のことですか" if lang == "ja" else "Sol Ring?") in html
    assert f'href="/{lang}/rules/903.5a/"' in html
    fragment = client.post(f"/{lang}/calc/deck-check/", data, **HX).content.decode()
    assert "<html" not in fragment and fragment.strip().startswith('<section id="result"')
    assert 'class="answer not-legal"' in fragment
    legal = client.post(
        f"/{lang}/calc/deck-check/", {"variant": "commander", "decklist": kenrith_deck()}, **HX
    )
    assert 'class="answer legal"' in legal.content.decode()
    assert client.get(f"/{lang}/calc/deck-check/").status_code == 200


def test_deck_page_too_long(client: Client) -> None:
    text = "1 Sol Ring\n" * 200_000  # over 1 MB as text, and over the site-wide form limit once encoded
    response = client.post("/en/calc/deck-check/", {"variant": "commander", "decklist": text})
    assert response.status_code == 400
    assert "decklists over 1 MB are refused" in response.content.decode()
    response = client.post(
        "/en/calc/deck-check/", {"variant": "commander", "decklist": "1 Sol Ring\n" * 95_000}
    )
    assert response.status_code == 400
    assert "Decklist: longer than 1 MB" in response.content.decode()


def test_deck_page_dtc_rule_links(client: Client) -> None:
    html = client.post(
        "/en/calc/deck-check/", {"variant": "dtc", "decklist": dtc_deck(duplicate=True)}
    ).content.decode()
    assert 'class="answer not-legal"' in html
    assert '<a href="/en/docs/dtc/#deck-basics">DTC house rules: singleton</a>' in html
    assert "火のカード0" in html


def test_deck_page_without_card_data(client: Client) -> None:
    response = client.post("/en/calc/deck-check/", {"variant": "commander", "decklist": "1 Sol Ring"}, **HX)
    html = response.content.decode()
    assert response.status_code == 200 and "import_cards" not in html
    assert "Checked without the list of Magic cards: the card count" in html and "903.5a" in html


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "Deck: no cards. Paste the deck one card per line"),
        ("ja", "デッキ：カードがありません。デッキを1行に1枚ずつ"),
    ],
)
def test_empty_deck_checks_say_what_to_paste(client: Client, lang: str, start: str) -> None:
    response = client.post(f"/{lang}/calc/deck-check/", {"variant": "dtc", "decklist": "", "teammate": ""})
    assert response.status_code == 400
    assert f"<li>{start}" in response.content.decode()
    magic = client.post(
        f"/{lang}/calc/deck-check/", {"variant": "commander", "decklist": " ", "commanders": ""}, **HX
    ).content.decode()
    assert ("Decklist: empty. Paste the deck" if lang == "en" else "デッキリスト：空です。") in magic
    # Opening the page is not a submission: no problem shown.
    assert "errorlist" not in client.get(f"/{lang}/calc/deck-check/").content.decode()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_deck_page_takes_japanese_names(client: Client, lang: str) -> None:
    import_cards(path=MTGJSON)
    decklist = (
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《繁殖池》\n1 砕骨の巨人\n1 Sol Ring\n96 Plains"
    )
    html = client.post(
        f"/{lang}/calc/deck-check/", {"variant": "commander", "decklist": decklist}, **HX
    ).content.decode()
    assert 'class="answer legal"' in html, html


def test_deck_page_escapes_card_names(client: Client, cards: None) -> None:
    html = client.post(
        "/en/calc/deck-check/",
        {"variant": "commander", "decklist": f"Commander\n1 {MARKUP}\nDeck\n1 Sol Ring"},
    ).content.decode()
    assert MARKUP not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_deck_page_csrf_is_enforced() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/en/calc/deck-check/", {"variant": "dtc", "decklist": dtc_deck()})
    assert response.status_code == 403
    # The JSON API keeps no state and is exempt.
    api = client.post(
        "/api/calc/deck-check",
        json.dumps({"variant": "dtc", "decklist": dtc_deck()}),
        content_type="application/json",
    )
    assert api.status_code == 200


@pytest.mark.parametrize(
    ("lang", "dtc"),
    [
        ("en", "DTC house rules: commander tax"),
        ("ja", "DTC ハウスルール"),
    ],
)
def test_cited_document_points_are_named_not_shown_as_anchors(client: Client, lang: str, dtc: str) -> None:
    tax_page = client.get(f"/{lang}/calc/tax/?variant=dtc&cost=6&play_number=3", **HX).content.decode()
    assert (
        f'<a href="/{lang}/docs/dtc/#commander-tax">{dtc}</a>' in tax_page
        and "dtc:commander-tax" not in tax_page
    )
    # A basic land type's colour cites the CR (305.6, 903.5d), not the Commander document's point 2.
    cards = {"cards_json": json.dumps({"name": "Breeding Pool", "type_line": "Land — Forest Island"})}
    identity_page = client.post(f"/{lang}/calc/color-identity/", cards, **HX).content.decode()
    assert f'<a href="/{lang}/rules/305.6/">305.6</a>' in identity_page
    assert f'<a href="/{lang}/rules/903.5d/">903.5d</a>' in identity_page
    assert "commander-rules/#rule-2" not in identity_page and "commander:2" not in identity_page


def _import_with_printings(tmp_path: Path) -> None:
    printings = tmp_path / "default-cards-20261124091000.json"
    printings.write_bytes(DEFAULT_CARDS.read_bytes())
    import_files(paths=[oracle_cards_with_printed_elsewhere(tmp_path), printings])


RICK_AND_GREYMOND = kenrith_deck("Rick, Steadfast Leader", "Greymond, Avacyn's Stalwart").replace(
    "97 Plains", "95 Plains"
)


def test_deck_api_counts_a_printing_s_other_name_as_its_card_s_name(client: Client, tmp_path: Path) -> None:
    _import_with_printings(tmp_path)
    body = {"variant": "commander", "decklist": RICK_AND_GREYMOND}
    data = post(client, "/api/calc/deck-check", body).json()
    assert data["legal"] is False
    assert [(p["rule"], p["card"], p["text"]) for p in data["problems"]] == [
        (
            "201.3b",
            "Rick, Steadfast Leader",
            "Rick, Steadfast Leader and Greymond, Avacyn's Stalwart have interchangeable names "
            "(Scryfall, 2026-11-24), so they count as one name: 2 copies",
        )
    ]
    assert "deck.interchangeable-unchecked" not in [n["code"] for n in data["notes"]]
    japanese = post(client, "/api/calc/deck-check?lang=ja", body).json()
    assert japanese["problems"][0]["text"] == (
        "《Rick, Steadfast Leader》と《Greymond, Avacyn's Stalwart》は名前を交換可能なので"
        "（Scryfall, 2026-11-24）、同じ名前として数えます（合計 2 枚）"
    )
    # One of them alone is a legal deck; the reflavored name of a digital printing finds its card too.
    alone = kenrith_deck("Rick, Steadfast Leader", "Kraza, the Swarm as One").replace(
        "97 Plains", "95 Plains"
    )
    assert post(client, "/api/calc/deck-check", {"variant": "commander", "decklist": alone}).json()["legal"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_deck_page_names_the_printings_data_or_says_it_is_missing(
    client: Client, cards: None, tmp_path: Path, lang: str
) -> None:
    data = {"variant": "commander", "decklist": RICK_AND_GREYMOND}
    missing = client.post(f"/{lang}/calc/deck-check/", data, **HX).content.decode()
    said = (
        "Interchangeable names (rule 201.3) were not checked"
        if lang == "en"
        else "名前を交換可能なカード（201.3）は確認していません"
    )
    assert missing.count(said) == 1 and "default-cards" not in missing and "import_cards" not in missing
    _import_with_printings(tmp_path)
    html = client.post(f"/{lang}/calc/deck-check/", data, **HX).content.decode()
    assert 'class="answer not-legal"' in html and said not in html
    assert "Scryfall, 2026-11-24" in html and f'href="/{lang}/rules/201.3b/"' in html
