"""Commander Brackets from imported data (issue 33): Game Changer marks, Commander Spellbook's combos, the
estimate in the deck check API in both languages, and without each source."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judge.cards.combos import combos_in
from judge.cards.models import CardSource, Combo, ComboCard
from judge.cards.services import import_files, kind_of
from judge.parsing.card_data import FileKind
from tests.calc.helpers import post

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent.parent / "fixtures" / "brackets"
ORACLE = FIXTURES / "oracle-cards-20261120093012.json"
ATOMIC = FIXTURES / "AtomicCards-2026-11-20.json"
VARIANTS = FIXTURES / "variants.json"
COMMANDER = "Atraxa, Praetors' Voice"
BASICS = ("Plains", "Island", "Swamp", "Forest")


def decklist(*cards: str) -> str:
    """A 100-card list: Atraxa, the cards, Sol Ring, basics to 100."""
    rest = 99 - len(cards) - 1
    lands = [f"{rest // 4 + (1 if i < rest % 4 else 0)} {name}" for i, name in enumerate(BASICS)]
    return "\n".join(
        ["Commander", f"1 {COMMANDER}", "Deck", "1 Sol Ring", *(f"1 {c}" for c in cards), *lands]
    )


def bracket(client: Client, text: str, lang: str = "en") -> dict[str, Any]:
    data = post(
        client, f"/api/calc/deck-check?lang={lang}", {"variant": "commander", "decklist": text}
    ).json()
    assert data["problems"] == [], data["problems"]
    result: dict[str, Any] = data["bracket"]
    return result


@pytest.fixture()
def all_sources() -> None:
    import_files(paths=[ORACLE, ATOMIC, VARIANTS])


def test_files_are_recognised_by_content_and_imported_with_their_dates(all_sources: None) -> None:
    assert kind_of(VARIANTS) is FileKind.COMMANDER_SPELLBOOK
    sources = {s.kind: s for s in CardSource.objects.all()}
    assert sources["commander-spellbook"].published == "2026-11-30"  # the export's timestamp
    assert sources["commander-spellbook"].cards == 3  # the variant under review ("NR") is not public
    assert (
        sources["scryfall-cards"].game_changers == 4 and sources["scryfall-cards"].published == "2026-11-20"
    )
    assert sources["mtgjson-atomic"].game_changers == 4
    # One anchor per combo: the card in the fewest combos (ties: the first key).
    assert list(ComboCard.objects.filter(combo__spellbook_id="1-2").values_list("key", flat=True)) == [
        "demonic consultation"
    ]
    assert ComboCard.objects.get(combo__spellbook_id="5-6-7").key == "rhystic study"
    # Re-importing the cards keeps the combos and their source.
    import_files(paths=[ORACLE])
    assert Combo.objects.count() == 3 and CardSource.objects.filter(kind="commander-spellbook").exists()


def test_no_game_changers_is_bracket_1(client: Client, all_sources: None) -> None:
    result = bracket(client, decklist())
    assert result["minimum"] == 1 and result["reasons"] == []
    assert [c["criterion"] for c in result["checked"]] == ["game-changers", "extra-turns", "two-card-combos"]
    assert "Scryfall, 2026-11-20" in result["checked"][0]["text"]
    assert "Rule 0" in result["conversation"] and " is bracket" not in result["summary"]


def test_three_game_changers_are_bracket_3_and_four_are_bracket_4(client: Client, all_sources: None) -> None:
    three = bracket(client, decklist("Rhystic Study", "Cyclonic Rift", "Demonic Tutor"))
    assert three["minimum"] == 3
    assert three["reasons"][0]["cards"] == ["Rhystic Study", "Cyclonic Rift", "Demonic Tutor"]
    assert "Core (bracket 2) allows 0" in three["reasons"][0]["text"]
    four = bracket(client, decklist("Rhystic Study", "Cyclonic Rift", "Demonic Tutor", "Smothering Tithe"))
    assert four["minimum"] == 4 and "Upgraded (bracket 3) allows 3" in four["reasons"][0]["text"]
    # A three-card set that is not an infinite combo (Sol Ring from the library) is no combo reason.
    assert [r["criterion"] for r in four["reasons"]] == ["game-changers"]


def test_extra_turn_and_mass_land_denial_quote_the_words(client: Client, all_sources: None) -> None:
    turns = bracket(client, decklist("Time Warp"))
    assert turns["minimum"] == 2
    assert "“takes an extra turn”" in turns["reasons"][0]["text"]
    land = bracket(client, decklist("Armageddon"))
    assert land["minimum"] == 4 and "“Destroy all lands”" in land["reasons"][0]["text"]
    overridden = bracket(client, decklist("Cataclysm"))
    assert overridden["minimum"] == 4 and "sacrifices the rest" in overridden["reasons"][0]["text"]


def test_early_and_late_two_card_combos(client: Client, all_sources: None) -> None:
    early = bracket(client, decklist("Thassa's Oracle", "Demonic Consultation"))
    assert early["minimum"] == 4
    assert early["reasons"][0]["code"] == "brackets.combo-early"
    assert early["reasons"][0]["cards"] == ["Thassa's Oracle", "Demonic Consultation"]
    late = bracket(client, decklist("Exquisite Blood", "Sanguine Bond"))
    assert late["minimum"] == 3 and late["reasons"][0]["code"] == "brackets.combo-late"
    assert "10 mana" in late["reasons"][0]["text"]


def test_japanese_answer_names_cards_in_japanese(client: Client, all_sources: None) -> None:
    result = bracket(client, decklist("Rhystic Study", "Time Warp"), lang="ja")
    texts = " ".join(r["text"] for r in result["reasons"])
    assert "《リスティックの研究》" in texts and "《時間のねじれ》" in texts
    assert "ブラケット3" in result["summary"] and "ルール0" in result["conversation"]


def test_unknown_cards_and_missing_sources_are_said(client: Client) -> None:
    import_files(paths=[ORACLE])  # no combo data
    data = post(
        client,
        "/api/calc/deck-check",
        {"variant": "commander", "decklist": decklist("Made Up Card")},
    ).json()
    result = data["bracket"]
    codes = [s["code"] for s in result["unchecked"]]
    assert "brackets.unchecked-combos" in codes and "brackets.unknown-cards" in codes
    assert result["minimum"] == 1
    nothing = post(
        client,
        "/api/calc/deck-check?lang=ja",
        {"variant": "commander", "decklist": "Commander\n1 Nobody\nDeck\n99 Nothing"},
    ).json()["bracket"]
    assert nothing["minimum"] is None and nothing["unchecked"][0]["code"] == "brackets.no-card-data"
    assert "推定できません" in nothing["summary"]


def test_without_card_data_nothing_is_checked(client: Client) -> None:
    data = post(client, "/api/calc/deck-check", {"variant": "commander", "decklist": decklist()}).json()
    assert data["bracket"]["minimum"] is None and data["bracket"]["checked"] == []


def test_deck_page_shows_the_estimate_in_both_languages(client: Client, all_sources: None) -> None:
    body = {"variant": "commander", "decklist": decklist("Rhystic Study", "Time Warp")}
    en = client.post("/en/calc/deck-check/", body, HTTP_HX_REQUEST="true").content.decode()
    assert "Commander Brackets" in en and "Upgraded (bracket 3)" in en and "Rule 0" in en
    assert "commander-brackets-beta-update-october-21-2025" in en
    ja = client.post("/ja/calc/deck-check/", body, HTTP_HX_REQUEST="true").content.decode()
    assert "統率者戦のブラケット" in ja and "ブラケット3" in ja and "《リスティックの研究》" in ja
    assert "公式の訳語が見つからなかったため" in ja  # the Japanese bracket names are said to be unofficial
    assert "「ゲームチェンジャー」は公式の日本語ページの表記です" in ja
    assert "brackets." not in ja.split('id="result"')[1]  # no message code shows


@pytest.mark.parametrize(
    ("cards", "quoted", "reading"),
    [
        (("Time Warp",), "takes an extra turn", "プレイヤーが追加ターンを得る"),
        (("Armageddon",), "Destroy all lands", "すべての土地を破壊する"),
        (
            ("Thassa's Oracle", "Demonic Consultation"),
            None,  # Commander Spellbook's results, as its export names them
            "結果に、無限に繰り返せる効果か、ゲームに勝つ（負ける）ことが含まれる",
        ),
    ],
)
def test_the_quoted_oracle_words_come_with_their_japanese_marked_as_the_sites(
    client: Client, all_sources: None, cards: tuple[str, ...], quoted: str | None, reading: str
) -> None:
    """On /ja/ the English words that decided a card are quoted as English and said in Japanese beside them,
    marked as this site's reading, never as an official text (issue 40 item 6)."""
    body = {"variant": "commander", "decklist": decklist(*cards)}
    ja = client.post("/ja/calc/deck-check/", body, HTTP_HX_REQUEST="true").content.decode()
    assert f'<q class="bracket-quoted" lang="en" translate="no">{quoted or ""}' in ja
    assert (
        f'<span class="bracket-reading">意味：{reading}（引用した英語の語句をこのサイトが読んだもので、'
        "公式の訳ではありません）</span>" in ja
    )
    en = client.post("/en/calc/deck-check/", body, HTTP_HX_REQUEST="true").content.decode()
    assert "bracket-reading" not in en and "bracket-quoted" not in en  # the English text quotes them itself


def test_card_page_says_game_changer(client: Client, all_sources: None) -> None:
    ja = client.get("/ja/cards/rhystic-study/").content.decode()
    assert "ゲームチェンジャー" in ja and "Scryfall, 2026-11-20" in ja
    assert "ゲームチェンジャー" not in client.get("/ja/cards/sol-ring/").content.decode()


def test_combo_lookups_are_kept_for_their_data_generation(
    tmp_path: Path, all_sources: None, django_assert_num_queries: Any
) -> None:
    names = ["Thassa's Oracle", "Demonic Consultation", "Sol Ring", "Rhystic Study"]
    first = combos_in(names)
    assert [c.spellbook_id for c in first] == ["1-2"]
    assert first[0].features == ("Exile your library", "Win the game") and first[0].mana_value_needed == 3
    source = CardSource.objects.get(kind="commander-spellbook")
    # Warm: the same cards again read nothing from the database; another list only its new cards' anchors.
    with django_assert_num_queries(0):
        assert combos_in(names, source=source) == first
    with django_assert_num_queries(1):
        assert combos_in([*names, "Plains"], source=source) == first
    # A long list's keys are read in slices a database's parameter limit allows (900 a query).
    with django_assert_num_queries(3):
        assert combos_in([*names, *(f"Nothing {n}" for n in range(2000))], source=source) == first
    # A new export (here without that combo) is a new data generation: nothing of the old one is kept.
    data = json.loads(VARIANTS.read_text(encoding="utf-8"))
    data["variants"] = [v for v in data["variants"] if v["id"] != "1-2"]
    newer = tmp_path / "variants.json"
    newer.write_text(json.dumps(data), encoding="utf-8")
    import_files(paths=[newer])
    assert combos_in(names) == []
