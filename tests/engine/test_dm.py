"""Duel Masters typed-in cards and the Tag Commander deck rules (DTC, DTCS, DTB)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.dm import check_dtc_deck, check_dtc_team
from judge.engine.dm_cards import Civilization, DmDeck, parse_dm_card, parse_dm_deck
from judge.engine.errors import InvalidInputError
from judge.engine.messages import msg
from judge.engine.rules_data import parse_battle_zone_start
from judge.engine.variants import Variant

BRAND = parse_dm_card(line='"罰怒"ブランド | 火 | SR | クリーチャー')
WILHELM = parse_dm_card(line="偽りの王 ヴィルヘルム | 闇/火/自然 | MR | クリーチャー")


def fillers(civ: str, n: int, prefix: str = "") -> list[tuple[int, object]]:
    return [(1, parse_dm_card(line=f"{prefix}{civ}のカード{i} | {civ} | C | 呪文")) for i in range(n)]


def test_card_fields() -> None:
    card = parse_dm_card(line="《光と水の戦士》 | light, water | vr | クリーチャー/呪文 | 殿堂")
    assert card.name == "光と水の戦士"
    assert card.civilizations == (Civilization.LIGHT, Civilization.WATER)
    assert card.rarity == "VR" and card.is_creature and card.tags == frozenset({"hall-of-fame"})
    assert card.to_payload() == {
        "name": "光と水の戦士",
        "civilizations": ["light", "water"],
        "rarity": "VR",
        "type": "クリーチャー/呪文",
        "tags": ["hall-of-fame"],
    }
    assert parse_dm_card(line="X | ゼロ文明 | レジェンド | クリーチャー").rarity == "LEG"
    assert parse_dm_card(line="Y | 無色 | - | 呪文").civilizations == (Civilization.ZERO,)


def test_card_errors_are_all_listed() -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_dm_card(line=" | 光/ゼロ | ZZ |  | 謎", label=msg("dm.label.line", line=4))
    assert err.value.problems == (
        "Line 4: no card name",
        "Line 4: ゼロ can't be combined with other civilizations",
        "Line 4: unknown rarity 'ZZ'",
        "Line 4: no card type",
        "Line 4: unknown tag '謎'",
    )
    assert err.value.render("ja") == [
        "4行目：カード名がありません",
        "4行目：ゼロ文明は他の文明と組み合わせられません",
        "4行目：「ZZ」というレアリティはありません",
        "4行目：カードの種類がありません",
        "4行目：「謎」というタグはありません",
    ]
    with pytest.raises(InvalidInputError, match="write name"):
        parse_dm_card(line="only a name")


def test_parse_deck_with_sections_and_counts() -> None:
    text = (
        "# DTC\n【統率者】\n1 偽りの王 ヴィルヘルム | 闇/火/自然 | MR | クリーチャー\n\nデッキ:\n"
        "1x ボルシャック・ドラゴン | 火 | VR | クリーチャー\n2枚 デーモン・ハンド | 闇 | R | 呪文\n"
    )
    deck = parse_dm_deck(text=text)
    assert deck.commander == WILHELM
    assert [(n, c.name) for n, c in deck.cards] == [(1, "ボルシャック・ドラゴン"), (2, "デーモン・ハンド")]


def test_parse_deck_errors_with_line_numbers() -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_dm_deck(
            text=(
                "統率者\n1 A | 火 | SR | クリーチャー\n1 B | 火 | SR | クリーチャー\n0 C | 火 | C | 呪文\nD "
                "| 土 | C | 呪文"
            )
        )
    assert err.value.problems == (
        "Line 4: a count must be 1 to 999",
        "Line 5: unknown civilization '土' (use 光 水 闇 火 自然 ゼロ)",
        "Only one commander card can be marked",
    )
    assert (
        err.value.render("ja")[1] == "5行目：「土」という文明はありません（光 水 闇 火 自然 ゼロ のいずれか）"
    )


def test_legal_single_civilization_deck() -> None:
    check = check_dtc_deck(commander=BRAND, cards=fillers("火", 59))
    answer = check.to_answer()
    assert check.legal and answer == {"legal": True, "verdict": "legal", "problems": [], "notes": []}


def test_three_civilization_deck_counts_multicolor_cards_for_each() -> None:
    multi = [(1, parse_dm_card(line=f"多色{i} | 闇/自然 | C | 呪文")) for i in range(11)]
    cards = multi + fillers("火", 47) + fillers("闇", 1)
    check = check_dtc_deck(commander=WILHELM, cards=cards)
    assert check.legal, check.problems
    short = multi[:10] + fillers("火", 49)  # darkness and nature: 10 + the commander = 11 each
    check = check_dtc_deck(commander=WILHELM, cards=short)
    assert [(p.rule, p.text("ja")) for p in check.problems] == [
        ("dtc:civilization-minimum", "闇文明のカードが 11 枚です。最低12枚必要です"),
        ("dtc:civilization-minimum", "自然文明のカードが 11 枚です。最低12枚必要です"),
    ]


def test_deck_size_singleton_and_civilizations() -> None:
    bolshack = parse_dm_card(line="ボルシャック・ドラゴン | 火 | VR | クリーチャー")
    hand = parse_dm_card(line="デーモン・ハンド | 闇 | R | 呪文")
    check = check_dtc_deck(commander=BRAND, cards=[(2, bolshack), (1, hand)] + fillers("火", 55))
    assert [p.rule for p in check.problems] == ["dtc:deck-size", "dtc:singleton", "dtc:civilizations"]
    assert check.problems[0].text("ja") == "デッキは統率者を含めて 59 枚です。60 枚ちょうどにしてください"
    assert (
        check.problems[0].text("en")
        == "The deck has 59 cards including the commander; it must have exactly 60"
    )
    assert check.problems[2].text("ja") == "《デーモン・ハンド》の闇文明は統率者の文明にありません"


def test_zero_civilization_is_a_civilization() -> None:
    zero = parse_dm_card(line="ゼロのカード | ゼロ | C | 呪文")
    check = check_dtc_deck(commander=BRAND, cards=[(1, zero)] + fillers("火", 58))
    assert [p.rule for p in check.problems] == ["dtc:civilizations"]


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("呪文の統率者 | 火 | SR | 呪文", "dtc:commander-creature"),
        ("ふつうのドラゴン | 火 | VR | クリーチャー", "dtc:commander-rarity"),
        ("ノーレア | 火 | - | クリーチャー", "dtc:commander-rarity"),
        ("五色の王 | 光/水/闇/火/自然 | SR | クリーチャー", "dtc:commander-all-civilizations"),
        ("殿堂ドラゴン | 火 | SR | クリーチャー | 殿堂", "dtc:commander-hall-of-fame"),
    ],
)
def test_commander_rules(line: str, rule: str) -> None:
    commander = parse_dm_card(line=line)
    civ = commander.civilizations[-1].japanese
    check = check_dtc_deck(commander=commander, cards=[(1, c) for _, c in fillers(civ, 59)])  # type: ignore[misc]
    assert rule in [p.rule for p in check.problems]


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("オールデリート | 光/水/闇/火/自然 | MR | 呪文", "dtc:banned"),
        ("レアリティ・レジスタンス | 火 | R | 呪文", "dtc:banned"),
        ("終焉の禁断 ドルマゲドンX | 火 | SR | 禁断クリーチャー", "dtc:banned"),
        ("公式禁止カード | 火 | R | 呪文 | プレミアム殿堂", "dtc:banned"),
        ("ジーアールの火 | 火 | C | GRクリーチャー", "dtc:main-deck-only"),
        ("火のサイキック | 火 | VR | サイキック・クリーチャー", "dtc:main-deck-only"),
        ("ドラグハートの剣 | 火 | VR | ドラグハート・ウエポン", "dtc:main-deck-only"),
    ],
)
def test_banned_cards_and_kinds(line: str, rule: str) -> None:
    check = check_dtc_deck(commander=BRAND, cards=[(1, parse_dm_card(line=line))] + fillers("火", 58))
    assert rule in [p.rule for p in check.problems]


def test_dtb_is_40_cards() -> None:
    assert check_dtc_deck(commander=BRAND, cards=fillers("火", 39), variant=Variant.DTB).legal
    check = check_dtc_deck(commander=BRAND, cards=fillers("火", 59), variant=Variant.DTB)
    assert [p.rule for p in check.problems] == ["dtb:deck-size"]


def test_dtcs_commander_and_team_singleton() -> None:
    check = check_dtc_deck(
        commander=WILHELM,
        cards=fillers("火", 35) + fillers("闇", 12) + fillers("自然", 12),
        variant=Variant.DTCS,
    )
    assert [p.rule for p in check.problems] == ["dtcs:commander-civilizations"]
    shared = parse_dm_card(line="共有カード | 火 | C | 呪文")
    one = DmDeck(commander=BRAND, cards=tuple([(1, shared)] + fillers("火", 58, "A")))  # type: ignore[arg-type]
    two = DmDeck(commander=BRAND, cards=tuple([(1, shared)] + fillers("火", 58, "B")))  # type: ignore[arg-type]
    team = check_dtc_team(decks=[one, two])
    assert [(p.card, p.rule) for p in team.problems] == [
        ('"罰怒"ブランド', "dtcs:team-singleton"),
        ("共有カード", "dtcs:team-singleton"),
    ]
    assert check_dtc_team(decks=[one, two], variant=Variant.DTC).legal


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="1x |光水闇火自然ゼロSRVCクリーチャー呪文殿堂\n#/", max_size=120))
def test_random_typed_text_parses_or_fails_clearly(text: str) -> None:
    try:
        parse_dm_deck(text=text)
    except InvalidInputError as err:
        assert err.problems


# --- Cards that start the game in the battle zone: from rules_data, no tag needed -------------------------


@pytest.mark.parametrize(
    "line",
    [
        "伝説の禁断 ドキンダムX | 火 | SR | 禁断クリーチャー",
        "《禁断 ～封印されしX～》 | 火 | SR | 禁断の鼓動",
        "禁断〜封印されしX〜 | 火 | SR | 禁断の鼓動",  # a wave dash for the tilde
        "終焉の禁断 ドルマゲドンX | 火 | SR | 禁断クリーチャー",
        "零龍 | 闇 | SR | クリーチャー",
        "《滅亡の起源 零無》 | 闇 | SR | 零龍の儀",
        "手札の儀 | 闇 | - | 零龍星雲",
        "墓地の儀 | 闇 | - | 零龍星雲",
        "破壊の儀 | 闇 | - | 零龍星雲",
        "復活の儀 | 闇 | - | 零龍星雲",
        "Forbidden New Year | 火 | SR | クリーチャー",
        "ぜーろん | 闇 | SR | クリーチャー",  # 零龍 is read ゼーロン
        "FORBIDDEN STAR ～世界最後の日～ | 火 | SR | 最終禁断フィールド",
        "でんせつのきんだん どきんだむえっくす | 火 | SR | 禁断クリーチャー",  # typed in hiragana
    ],
)
def test_cards_that_start_in_the_battle_zone_are_known_without_a_tag(line: str) -> None:
    card = parse_dm_card(line=line)
    assert card.starts_in_play and "starts-in-play" not in card.tags
    check = check_dtc_deck(commander=BRAND, cards=[(1, card)] + fillers(card.civilizations[0].japanese, 58))
    [problem] = [p for p in check.problems if p.rule == "dtc:banned"]
    assert problem.text("ja").endswith("はゲーム開始時からバトルゾーンに出しておけるカードなので禁止です")
    # The official rules define these cards without listing them: the answer names the list it used.
    [note] = [n for n in check.notes if n.code == "dm.battle-zone-start-source"]
    assert "デュエル・マスターズ Wiki の一覧（2022-07-03 時点、2026-11-27 に確認）" in note.render("ja")
    assert (
        "公式の総合ゲームルール（100.5）はこれらのカードを定義していますが、一覧はありません"
        in note.render("ja")
    )
    assert "the Duel Masters Wiki's list (as of 2022-07-03, read on 2026-11-27)" in note.render("en")
    assert "define these cards but do not list them" in note.render("en")


def test_an_ordinary_card_does_not_match_the_list() -> None:
    assert not parse_dm_card(line="ボルシャック・ドラゴン | 火 | VR | クリーチャー").starts_in_play
    assert not parse_dm_card(
        line="ボルメテウス・ホワイト・ドラゴン | 光/火 | SR | クリーチャー"
    ).starts_in_play
    tagged = parse_dm_card(line="新しいカード | 火 | SR | クリーチャー | 開始時")
    assert tagged.starts_in_play  # the tag still works
    # ... and a tag the player set needs no note about the list.
    check = check_dtc_deck(commander=BRAND, cards=[(1, tagged)] + fillers("火", 58))
    assert "dm.battle-zone-start-source" not in [n.code for n in check.notes]


@pytest.mark.parametrize("name", ["零龍卍誕", "ゼーロンの書"])
def test_a_card_that_only_mentions_zeron_is_not_on_the_list(name: str) -> None:
    # 零龍 is one card's exact name (the other side of 《滅亡の起源 零無》), not a family's name part.
    assert not parse_dm_card(line=f"{name} | 闇 | R | 呪文").starts_in_play


def test_the_list_names_its_sources_and_dates() -> None:
    from judge.engine.rules_data import default_battle_zone_start

    listed = default_battle_zone_start()
    assert (listed.as_of, listed.checked) == ("2022-07-03", "2026-11-27")
    assert set(listed.sources) == {"list", "zeromu"}
    assert "ゲーム開始時にバトルゾーンに存在出来るカード" in listed.sources["list"]
    assert "https://dmwiki.net/" in listed.sources["list"]
    assert "2022-07-03T00:35:18+09:00" in listed.sources["list"]
    # The wiki's cards are exact names, except FORBIDDEN STAR, whose full name is written with either tilde.
    assert {c.name for c in listed.cards if c.contains} == {"FORBIDDEN STAR"}


@pytest.mark.parametrize(
    "line",
    [
        # The house rules' examples (ドルマゲドン, ドキンダム) are flip sides on the list by exact
        # names; these cards only share a name part and never start in play.
        "禁断のドキンダム | 火 | SR | 禁断クリーチャー",
        "Dの禁断 ドキンダムエリア | 火 | SR | D2フィールド",
        "禁断の月 ドキンダムーン | 火 | SR | D2フィールド",
    ],
)
def test_a_card_sharing_a_name_part_with_a_forbidden_card_is_not_on_the_list(line: str) -> None:
    assert not parse_dm_card(line=line).starts_in_play


def test_zeromu_is_read_zeromu_and_zeron_is_its_other_side() -> None:
    from judge.engine.dm_cards import starts_in_battle_zone

    # 《滅亡の起源 零無》 is read めつぼうのきげんゼロム (its wiki page's ruby), 《零龍》 ゼーロン.
    assert starts_in_battle_zone("めつぼうのきげん ぜろむ").name == "滅亡の起源 零無"  # type: ignore[union-attr]
    assert starts_in_battle_zone("めつぼうのきげんぜーむ") is None
    assert starts_in_battle_zone("ゼーロン").name == "零龍"  # type: ignore[union-attr]


def test_the_list_is_read_from_text() -> None:
    from judge.engine.dm_cards import starts_in_battle_zone

    mine = parse_battle_zone_start(
        "# source: an example\n# as-of: 2026-01-01\n# checked: 2026-01-02\n# source mine: my own list\n"
        "name\treading\tmatch\tsource\tnote\n新世界\tしんせかい\tname\tmine\tan example row\n"
    )
    assert starts_in_battle_zone("新世界", mine.cards) is not None
    assert starts_in_battle_zone("新世界の王", mine.cards) is None  # "name" rows match the whole name only


# --- An empty deck says what to paste -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment\n統率者\nデッキ\n"])
def test_an_empty_deck_says_what_to_paste(text: str) -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_dm_deck(text=text)
    [problem] = err.value.messages
    assert problem.code == "dm.empty-deck"  # type: ignore[union-attr]
    en, ja = problem.text("en"), problem.text("ja")  # type: ignore[union-attr]
    assert "ボルシャック・ドラゴン | 火 | VR | クリーチャー" in en and "統率者" in en
    assert "1行に1枚ずつ" in ja and "文明" in ja and "「統率者」の行" in ja


def test_team_deck_problems_name_the_deck() -> None:
    with pytest.raises(InvalidInputError) as err:
        parse_dm_deck(text="X | 土 | C | 呪文", number=2)
    assert err.value.problems == ("Deck 2, line 1: unknown civilization '土' (use 光 水 闇 火 自然 ゼロ)",)
    assert err.value.render("ja") == [
        "デッキ2の1行目：「土」という文明はありません（光 水 闇 火 自然 ゼロ のいずれか）"
    ]
