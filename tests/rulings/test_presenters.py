"""What the worked rulings and the leave-game page show: a board per player, names not ids, in both
languages."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from judge.engine.board_payload import board_from_payload
from judge.engine.dtc_game import team_loss_from_payload
from judge.engine.leave_game import leave_game_from_payload
from judge.rulings.board_rows import BoardRows
from judge.rulings.presenters.board import label_rows, present_board
from judge.rulings.presenters.outcome import present_outcome
from judge.rulings.presenters.steps import Values
from tests.engine.board_helpers import bolt, griffin, stolen_by_aura
from tests.rulings.test_board_rows import FULL

MONARCH: dict[str, Any] = {
    "variant": "free-for-all",
    "turn_order": ["Alex", "Bianca", "Carol"],
    "active_player": "Alex",
    "monarch": "Bianca",
    "initiative": "Bianca",
    **stolen_by_aura(griffin(), aura="aura"),
}
MONARCH["objects"].append(bolt())


@pytest.mark.parametrize(
    ("lang", "griffin", "owner", "attached", "effect"),
    [
        (
            "en",
            "Assault Griffin",
            "owner: Bianca",
            "attached to Assault Griffin",
            "Alex controls Assault Griffin, by Mind Control (ends when its source leaves the battlefield (a "
            "static ability))",
        ),
        (
            "ja",
            "《突撃するグリフィン》",
            "オーナー：Bianca",
            "《突撃するグリフィン》についている",
            "Alexが《突撃するグリフィン》をコントロールしている（《精神の制御》による。終わるとき：発生源が戦場を離れたとき（常在型能力））",
        ),
    ],
)
def test_a_board_is_a_card_per_player_with_names(
    lang: str, griffin: str, owner: str, attached: str, effect: str
) -> None:
    with translation.override(lang):
        shown = present_board(board_from_payload(MONARCH), marks={"Bianca": "!"}, lang=lang)
    alex, bianca, carol = shown.players
    assert [o.name for o in alex.controls] == [griffin, "Mind Control" if lang == "en" else "《精神の制御》"]
    assert owner in alex.controls[0].details and attached in alex.controls[1].details
    assert bianca.badges[0] == "!" and ("the monarch" if lang == "en" else "統治者") in bianca.badges
    assert carol.owns[0].name == (
        "Lightning Bolt" if lang == "en" else "《Lightning Bolt》"
    )  # no Japanese name
    assert shown.notes[0][1] == (effect,)
    assert "griffin" not in str(shown).replace("Griffin", "").replace("グリフィン", "")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_kind_of_effect_is_a_sentence(lang: str) -> None:
    with translation.override(lang):
        shown = present_board(FULL, lang=lang)
        notes = dict(shown.notes)
    text = "\n".join(line for lines in notes.values() for line in lines)
    if lang == "en":
        assert "Alex controls Grizzly Bears, by Act of Treason (ends at end of turn)" in text
        assert (
            "Effect of Kiora lasts until Bianca's next turn; it applies to Grizzly Bears; Bianca has left"
            in text
        )
        assert "Dana will control Carol's next turn (by Mindslaver)" in text
        assert "Grizzly Bears attacks Carol" in text
    else:
        assert (
            "Alexが《灰色熊》をコントロールしている（《反逆の行動》による。終わるとき：ターン終了時）" in text
        )
        assert "《Kiora》の効果はBiancaの次のターンまで続く" in text
        assert "DanaがCarolの次のターンをコントロールする（《精神隷属器》による）" in text
        assert "《灰色熊》がCarolを攻撃している" in text
    assert "bears" not in text and "treason" not in text
    # A face-up plane sits with its planar controller.
    assert ("Tazeem" if lang == "en" else "《Tazeem》") in [o.name for o in shown.players[0].controls]


def test_a_refused_board_is_shown_as_given() -> None:
    shown = present_board(
        {"variant": "chess", "turn_order": "Alex", "objects": [1, {"id": ["x"]}]}, lang="en"
    )
    assert shown.players == () and shown.facts[0] == ("Variant", "chess")
    assert shown.others[0].name == '["x"]' and shown.others[0].details == ()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_outcome_says_who_holds_what_afterwards(lang: str) -> None:
    with translation.override(lang):
        outcome = dict(present_outcome(leave_game_from_payload({**MONARCH, "leaving": "Bianca"}), lang).facts)
    monarch, initiative = ("The monarch", "The initiative") if lang == "en" else ("統治者", "イニシアチブ")
    assert outcome[monarch] == "Bianca → Alex" and outcome[initiative] == "Bianca → Alex"


def test_a_duel_masters_loss_lists_the_losers_and_ends_the_game() -> None:
    board = {
        "variant": "dtc",
        "turn_order": ["A", "C", "B", "D"],
        "active_player": "A",
        "teams": [["A", "B"], ["C", "D"]],
        "player": "C",
        "reason": "library-out",
    }
    with translation.override("en"):
        outcome = present_outcome(team_loss_from_payload(board), "en")
    assert dict(outcome.facts)["Lost the game"] == "C, D"
    assert outcome.game_over and outcome.winners == ("A", "B") and outcome.losers == ("C", "D")


@pytest.mark.parametrize(
    ("lang", "labels"),
    [
        ("en", ["Mindslaver (Alex)", "Mindslaver (Dana)", "Object 3", "Control effect on Mindslaver (Alex)"]),
        (
            "ja",
            [
                "《精神隷属器》 (Alex)",
                "《精神隷属器》 (Dana)",
                "オブジェクト3",
                "《精神隷属器》 (Alex)のコントロール変更効果",
            ],
        ),
    ],
)
def test_form_rows_are_labelled_by_name_and_told_apart(lang: str, labels: list[str]) -> None:
    rows = BoardRows.from_payload(
        {
            "variant": "free-for-all",
            "turn_order": ["Alex", "Dana"],
            "objects": [
                {"id": "a", "name": "Mindslaver", "name_ja": "精神隷属器", "owner": "Alex"},
                {"id": "d", "name": "Mindslaver", "name_ja": "精神隷属器", "owner": "Dana"},
                {"id": "x"},
            ],
            "control_effects": [{"id": "e", "object": "a"}],
        }
    )
    with translation.override(lang):
        label_rows(rows, lang)
    assert [o["label"] for o in rows.objects] + [rows.rows["eff"][0]["label"]] == labels


def test_values_show_names_and_labels_not_ids_and_codes() -> None:
    with translation.override("ja"):
        values = Values({"rafiq": "《数多のラフィーク》"}, "ja")
        shown = values.key_values(
            {
                "variant": "commander",
                "commanders": [{"id": "rafiq", "name": "rafiq"}],
                "events": [{"kind": "life-gain", "target": "Bianca", "combat": True}],
                "lost_teams": [],
                "steps": [{"text": "hidden"}],
            }
        )
    assert [(kv.label, kv.text) for kv in shown if kv.text] == [("フォーマット", "統率者戦")]
    assert shown[1].items == ((("名前", "《数多のラフィーク》"),),)
    assert shown[2].items == ((("出来事", "ライフ獲得"), ("受け手", "Bianca"), ("戦闘ダメージ", "はい")),)
    assert len(shown) == 3  # empty lists and the engine's steps are not repeated here


@pytest.mark.parametrize(
    ("rule", "lang", "heading", "label"),
    [
        ("903.10a", "ja", "", "903.10a"),
        ("commander:9", "en", "", "Commander rules 9"),
        ("commander:9", "ja", "", "統率者戦ルール 9"),
        ("dtc:win-loss", "en", "勝利/敗北条件", "DTC house rules: win loss"),
        ("dtc:win-loss", "ja", "勝利/敗北条件", "DTC ハウスルール：勝利/敗北条件"),
        ("chess:1", "en", "", "chess:1"),
    ],
)
def test_a_document_citation_reads_as_its_section(rule: str, lang: str, heading: str, label: str) -> None:
    """Issue 10: cited rules shown as "dtc:commander-tax", "commander:2"."""
    from judge.web.citations import rule_label

    with translation.override(lang):
        assert rule_label(rule, heading=heading) == label


def test_tokens_of_one_owner_are_told_apart_by_their_place() -> None:
    rows = BoardRows.from_payload(
        {
            "variant": "free-for-all",
            "turn_order": ["Alex", "Dana"],
            "objects": [
                {"id": f"t{n}", "name": "Soldier", "kind": "token", "owner": "Alex"} for n in range(2)
            ],
        }
    )
    label_rows(rows, "en")
    assert [o["label"] for o in rows.objects] == ["Soldier (1)", "Soldier (2)"]
