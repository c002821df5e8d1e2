"""Worked example scenarios (rules_data/scenarios): loaded, checked and replayed through the engine."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judge.engine.board import ObjectKind
from judge.engine.messages import Text
from judge.engine.scenario_replay import expectation_mismatches, replay, replay_scenario
from judge.engine.scenarios import Scenario, load_scenarios, parse_scenario

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "rules_data" / "scenarios"
SCENARIOS = load_scenarios(SCENARIOS_DIR)
ENGINE_DIR = Path(__file__).resolve().parents[2] / "judge" / "engine"

REQUIRED = {
    # the five examples of 800.4a / 800.4d, each from both sides
    "mind-control-alex-leaves",
    "mind-control-bianca-leaves",
    "act-of-treason-alex-leaves",
    "act-of-treason-bianca-leaves",
    "bribery-alex-leaves",
    "bribery-bianca-leaves",
    "genesis-chamber-alex-leaves",
    "genesis-chamber-bianca-leaves",
    "astral-slide-alex-leaves",
    "astral-slide-bianca-leaves",
    # commander, DTC, planechase
    "color-identity-examples",
    "commander-damage-beacon-fog-stolen",
    "commander-tax-partners",
    "dtc-commander-tax",
    "planar-die-cost-over-a-turn",
    "planechase-planar-controller-leaves",
    # the ten of issue 15
    "commander-zone-change",
    "bribery-act-of-treason-default-controller-leaves",
    "monarch-and-initiative-holder-leaves",
    "mindslaver-controller-leaves",
    "commander-damage-own-commander-and-partners",
    "two-headed-giant-trample-shared-life",
    "player-concedes-mid-combat",
    "planechase-phenomenon-ability-owner-leaves",
    "until-next-turn-effect-player-leaves",
    "dtc-attacking-a-player-with-no-shields",
    # the five of issue 32 (the sixth, a Japanese deck check, is the deck check's)
    "banisher-priest-owner-leaves",
    "oblivion-ring-owner-leaves",
    "initiative-holder-leaves-on-his-turn",
    "commander-returned-by-an-until-effect",
    "two-headed-giant-concession-with-a-trigger-on-the-stack",
}
BOARD_KINDS = {"leave-game", "end-turn", "dtc-loss", "dtc-attack", "combat-damage"}
# Cards never printed in Japanese (or planes and phenomena whose Japanese name we have not confirmed): their
# English name is shown to Japanese readers too.
ENGLISH_ONLY = {
    "Phelddagrif",
    "Tazeem",
    "The Hippodrome",
    "Interplanar Tunnel",
    "Thrasios, Triton Hero",
    "Tymna the Weaver",
    "Lightning Bolt",
    "Morphic Tide",
    "Brain Maggot",  # its Japanese name is not in the data this project has checked
}


def test_required_scenarios_exist() -> None:
    assert REQUIRED - {s.slug for s in SCENARIOS} == set()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
def test_scenario_replays(scenario: Scenario) -> None:
    replayed = replay(scenario)
    assert len(replayed) == len(scenario.steps)
    for step in replayed:
        assert step.matched, (scenario.slug, step.index, step.mismatches)
        if step.step.kind is not None:
            assert step.before is not None and step.after is not None
            assert step.engine_steps, "every engine action explains itself"
            assert "error" not in step.after or "error" in (step.step.expect or {})


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
def test_scenario_is_bilingual_and_acts(scenario: Scenario) -> None:
    texts = [scenario.title, scenario.summary] + [s.narration for s in scenario.steps]
    for text in texts:
        assert text.en.strip() and text.ja.strip()
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text.ja), (
            f"{scenario.slug}: ja text is not Japanese"
        )
        # One Japanese term for leaving the game; 対象 only for targets; no abbreviation of the variants.
        assert "退場" not in text.ja and "除外される" not in text.ja, text.ja
        assert "次元の管理者" not in text.ja and "対象を失う" not in text.ja, text.ja
    assert any(s.kind is not None for s in scenario.steps), "a scenario must exercise the engine"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scenario_replays_in_both_languages(scenario: Scenario, lang: str) -> None:
    """The API answer of a scenario: every step with its one-line change, narration and engine steps in
    ``lang``."""
    data = replay_scenario(scenario).to_answer(lang)
    assert data["slug"] == scenario.slug and data["title"] == (
        scenario.title.ja if lang == "ja" else scenario.title.en
    )
    assert len(data["steps"]) == len(scenario.steps)
    assert set(scenario.rules) <= set(data["rules"])
    for step in data["steps"]:
        assert step["change"].strip(), (scenario.slug, step["number"])
        assert not re.search(r"\{[a-z_]+\}", step["change"]), step["change"]  # every parameter filled in
        for engine_step in step.get("engine_steps", []):
            assert engine_step["text"], engine_step
            if step["kind"] in BOARD_KINDS:  # the calculators' steps get their codes on their own branch
                assert engine_step["code"], engine_step
        if lang == "ja":
            japanese = [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]
            assert all("退場" not in t and "除外される" not in t for t in japanese)
    if data["start"] is not None:
        assert data["start"]["before"], "step 0: the position before the first action"


def test_the_partner_step_only_where_a_partner_is_involved() -> None:
    """702.124d only for two commanders: Rafiq (commander-zone-change) has no partner (issue 24)."""
    by_slug = {s.slug: s for s in SCENARIOS}

    def rules(slug: str) -> list[str]:
        data = replay_scenario(by_slug[slug]).to_answer("en")
        return [e["rule"] for step in data["steps"] if step["kind"] == "tax" for e in step["engine_steps"]]

    assert "903.8" in rules("commander-zone-change") and "702.124d" not in rules("commander-zone-change")
    assert "702.124d" in rules("commander-tax-partners")


def test_an_unverified_term_is_not_put_in_a_rulings_japanese() -> None:
    """terms.tsv has no verified Japanese for "encounter" (ja/003, the Planechase page quoting CR 901, never
    names it): no ruling says 遭遇 as if it were the official word; the one that needs it says it in plain
    words."""
    from judge.parsing.terms_table import load_terms_table

    (encounter,) = [t for t in load_terms_table() if "encounter" in t.en]
    assert encounter.ja == () and "no verified" in encounter.notes
    for scenario in SCENARIOS:
        data = replay_scenario(scenario).to_answer("ja")
        texts = [data["title"], data["summary"]]
        for step in data["steps"]:
            texts += [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]
        assert not [t for t in texts if "遭遇" in t], scenario.slug
    (tunnel,) = [s for s in SCENARIOS if s.slug == "planechase-phenomenon-ability-owner-leaves"]
    # Plain Japanese for the ability, never a note about the missing term (issue 32).
    assert "オモテ向きになったときに誘発する能力" in tunnel.steps[0].narration.ja
    assert "未確認" not in tunnel.steps[0].narration.ja


DTC = [s for s in SCENARIOS if s.slug.startswith("dtc-")]


@pytest.mark.parametrize("scenario", DTC, ids=[s.slug for s in DTC])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_duel_masters_deck_is_the_deck_in_the_house_rules_words(scenario: Scenario, lang: str) -> None:
    """A Duel Masters deck is the 山札 / deck, its running out the house rules' ライブラリアウト
    (dtc:win-loss),
    never Magic's library or its empty-library draw (704.5b)."""
    data = replay_scenario(scenario).to_answer(lang)
    texts = [data["title"], data["summary"]]
    for step in data["steps"]:
        texts += [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]
        assert all(e["rule"] != "704.5b" for e in step.get("engine_steps", []))
    for text in texts:
        if lang == "ja":
            assert "ライブラリー" not in text, text
        else:
            assert "empty library" not in text and not re.search(r"library(?!-out)", text), text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_direct_attack_names_no_attacked_player(lang: str) -> None:
    """Step 4 says no player needs to be chosen; step 5 must not then name one (issue 24)."""
    (scenario,) = [s for s in DTC if s.slug == "dtc-attacking-a-player-with-no-shields"]
    data = replay_scenario(scenario).to_answer(lang)
    texts = [e["text"] for step in data["steps"][3:] for e in step.get("engine_steps", [])]
    texts += [step["narration"] for step in data["steps"][3:]]
    assert texts and not any("was attacked" in t or "攻撃されたのは" in t for t in texts)
    (loss,) = [e for e in data["steps"][4]["engine_steps"] if e["code"] == "leave.dtc-direct-attack"]
    assert ("Carol and Dana" if lang == "en" else "CarolとDana") in loss["text"]


def test_a_library_out_is_the_deck_reaching_zero_and_the_teams_loss() -> None:
    (scenario,) = [s for s in DTC if s.slug == "dtc-team-leaves"]
    engine = {
        lang: [
            e
            for step in replay_scenario(scenario).to_answer(lang)["steps"]
            for e in step.get("engine_steps", [])
        ]
        for lang in ("en", "ja")
    }
    (ja,) = [e for e in engine["ja"] if e["code"] == "leave.dtc-library-out"]
    (en,) = [e for e in engine["en"] if e["code"] == "leave.dtc-library-out"]
    assert ja["rule"] == en["rule"] == "dtc:win-loss"
    assert "ビアンカの山札が0枚になった" in ja["text"] or "Biancaの山札が0枚になった" in ja["text"]
    assert "最後の1枚を引いて" in ja["text"] and "ライブラリアウトは" in ja["text"] and "チーム" in ja["text"]
    assert "deck has reached 0 cards" in en["text"] and "drawing the last card" in en["text"]
    assert "a loss for that player's team" in en["text"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
def test_a_japanese_step_names_a_card_by_its_japanese_name(scenario: Scenario) -> None:
    """A card the ruling gives a Japanese name never shows as 《English》 in Japanese (issue 24: 《Boros
    Guildmage》)."""
    english = {
        face
        for name, text in scenario.cards
        if text.ja != f"《{name}》"
        for face in {name, *name.split(" // ")}
    }
    data = replay_scenario(scenario).to_answer("ja")
    for step in data["steps"]:
        for text in [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]:
            assert not any(f"《{name}》" in text or f"《{name}（" in text for name in english), text


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
def test_card_names_come_in_both_languages(scenario: Scenario) -> None:
    replayed = replay_scenario(scenario)
    for step in replayed.steps:
        for board in (step.board_before, step.board_after):
            for obj in board.objects if board is not None else ():
                if obj.kind in (ObjectKind.CARD, ObjectKind.PLANE, ObjectKind.PHENOMENON):
                    assert obj.name_ja or obj.name in ENGLISH_ONLY, (scenario.slug, obj.name)
                    assert obj.label.in_("ja").startswith("《")
    for name, text in scenario.cards:
        assert isinstance(text, Text) and text.en == name and text.ja.startswith("《")
    names = replayed.names("ja")
    assert all(not v.startswith("《") or v.endswith("》") for v in names.values())


def test_the_api_shape_of_a_scenario() -> None:
    scenario = next(s for s in SCENARIOS if s.slug == "mind-control-bianca-leaves")
    data = replay_scenario(scenario).to_answer("ja")
    assert set(data) == {"slug", "title", "summary", "rules", "start", "names", "steps"}
    assert data["names"]["assault-griffin"] == "《突撃するグリフィン》"
    assert data["start"]["kind"] == "leave-game" and data["start"]["before"]["leaving"] == "Bianca"
    first, second = data["steps"]
    assert first["kind"] is None and first["change"].startswith("《突撃するグリフィン》のコントローラーは")
    assert second["change"] == (
        "Biancaがゲームから離れた ／ 《突撃するグリフィン》：戦場 → ゲームから離れた ／ "
        "《精神の制御》：戦場 → 墓地"
    )
    assert [e["rule"] for e in second["engine_steps"]][:2] == ["800.4a", "704.5m"]
    assert second["after"]["objects"][1] == {"id": "mind-control", "zone": "graveyard", "controller": None}
    assert "704.5m" in data["rules"] and "611.3b" in data["rules"]


@pytest.mark.parametrize("path", sorted(SCENARIOS_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_scenario_file_is_tidy_json(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def test_leave_game_steps_record_board_before_and_after() -> None:
    scenario = next(s for s in SCENARIOS if s.slug == "planechase-planar-controller-leaves")
    first, second = [s for s in replay(scenario) if s.step.kind == "leave-game"]
    assert first.board_before is not None and first.board_after is not None
    assert second.board_before == first.board_after
    assert first.before is not None and first.before["planar_controller"] == "Alex"
    assert first.after is not None and first.after["planar_controller"] == "Bianca"
    # The second leave continues from the board the first one left behind.
    assert second.before is not None and second.before["left"] == ["Alex"]
    assert second.before["leaving"] == "Carol"
    assert "continue" not in second.before


def test_a_wrong_expectation_is_reported_not_raised() -> None:
    data = json.loads((SCENARIOS_DIR / "bribery-alex-leaves.json").read_text(encoding="utf-8"))
    data["steps"][1]["expect"]["objects"][0]["zone"] = "graveyard"  # it is exiled
    replayed = replay(parse_scenario(data, source="bribery-alex-leaves.json"))
    assert not replayed[1].matched
    assert replayed[1].mismatches == ("objects[id=serra-angel].zone: expected 'graveyard', got 'exile'",)


def test_an_engine_error_is_compared_as_data() -> None:
    scenario = parse_scenario(
        {
            "slug": "refused",
            "title": {"en": "t", "ja": "題"},
            "summary": {"en": "s", "ja": "要約"},
            "rules": ["800.4a"],
            "steps": [
                {
                    "narration": {"en": "n", "ja": "説明"},
                    "rules": ["800.4a"],
                    "action": {
                        "kind": "leave-game",
                        "payload": {"variant": "free-for-all", "turn_order": ["A", "B"], "leaving": "C"},
                    },
                    "expect": {
                        "error": {
                            "type": "InvalidInputError",
                            "codes": ["input.not-a-player"],
                            "problems": ["Player who leaves: “C” is not a player in this game."],
                        }
                    },
                }
            ],
        },
        source="refused.json",
    )
    (step,) = replay(scenario)
    assert step.matched
    assert step.engine_steps == ()
    assert step.error is not None
    assert (
        step.to_answer("ja")["errors"][0]["text"]
        == "ゲームから離れるプレイヤー：「C」はこのゲームのプレイヤーではありません。"
    )


def test_continue_needs_an_earlier_leave() -> None:
    scenario = parse_scenario(
        {
            "slug": "orphan",
            "title": {"en": "t", "ja": "題"},
            "summary": {"en": "s", "ja": "要約"},
            "rules": ["800.4a"],
            "steps": [
                {
                    "narration": {"en": "n", "ja": "説明"},
                    "rules": ["800.4a"],
                    "action": {"kind": "leave-game", "payload": {"continue": True, "leaving": "A"}},
                    "expect": {},
                }
            ],
        },
        source="orphan.json",
    )
    (step,) = replay(scenario)
    assert not step.matched
    assert step.mismatches == ("continue: no earlier leave-game step to continue from",)


# --- the matcher ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "actual", "mismatches"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, ()),
        ({"a": 1}, {"b": 2}, ("a: missing",)),
        ({"a": {"b": [1, 2]}}, {"a": {"b": [1, 2, 3]}}, ("a.b: expected [1, 2], got [1, 2, 3]",)),
        ({"a": None}, {"a": 0}, ("a: expected None, got 0",)),
        ({"a": {"b": 1}}, {"a": 3}, ("a: expected an object, got 3",)),
        ({"a": [1]}, {"a": "1"}, ("a: expected a list, got '1'",)),
        ({"o": [{"id": "y", "z": 1}]}, {"o": [{"id": "x", "z": 0}, {"id": "y", "z": 1}]}, ()),
        ({"o": [{"id": "q"}]}, {"o": [{"id": "x"}]}, ("o[id=q]: missing",)),
        ({"s": [{"r": 1}, {"r": 3}]}, {"s": [{"r": 1}, {"r": 2}, {"r": 3}]}, ()),
        (
            {"s": [{"r": 3}, {"r": 1}]},
            {"s": [{"r": 1}, {"r": 2}, {"r": 3}]},
            ("s: expected element 1 {'r': 1} not found in order in [{'r': 1}, {'r': 2}, {'r': 3}]",),
        ),
        ({"s": []}, {"s": [1]}, ("s: expected [], got [1]",)),
        ([1], [1], ()),
    ],
)
def test_expectation_mismatches(expected: Any, actual: Any, mismatches: tuple[str, ...]) -> None:
    assert expectation_mismatches(expected, actual) == mismatches


# --- every cited rule exists in the current Comprehensive Rules -------------------------------------


def _cr_numbers(real_corpus: Path) -> set[str]:
    current = sorted((real_corpus / "en").glob("MagicCompRules *.txt"))[-1]
    text = current.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n")
    return {m.group(1) for m in re.finditer(r"^(\d{3}(?:\.\d+[a-z]?)?)\.?\s", text, re.MULTILINE)}


@pytest.mark.corpus
def test_every_cited_rule_exists_in_the_current_rules(real_corpus: Path) -> None:
    numbers = _cr_numbers(real_corpus)
    cited: dict[str, set[str]] = {}
    for scenario in SCENARIOS:
        for rule in scenario.rules:
            cited.setdefault(rule, set()).add(scenario.slug)
        for step in scenario.steps:
            for found in re.findall(r'"rule": "([^"]+)"', json.dumps(step.expect or {})):
                cited.setdefault(found, set()).add(scenario.slug)
    cases = Path(__file__).parent / "cases" / "leave_game"
    sources = [
        *cases.glob("*.json"),
        *(
            ENGINE_DIR / f"{name}.py"
            for name in (
                "board",
                "board_checks",
                "board_payload",
                "board_reader",
                "board_effects_payload",
                "leave_game",
                "leave_game_planes",
                "leave_game_result",
                "control",
                "turn_end",
                "combat",
                "dtc_game",
                "scenarios",
                "scenario_actions",
                "scenario_replay",
            )
        ),
    ]
    for path in sources:
        for found in re.findall(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?!\d)", path.read_text(encoding="utf-8")):
            cited.setdefault(found, set()).add(path.name)
    # A document's anchor ("commander:7", "mtr:2.5") or a judge's document ("jar") is not a CR rule.
    cr_rules = {rule: where for rule, where in cited.items() if re.fullmatch(r"\d{3}(?:\.\d+[a-z]?)?", rule)}
    unknown = {rule: where for rule, where in cr_rules.items() if rule not in numbers}
    assert unknown == {}


@pytest.mark.parametrize("path", sorted(SCENARIOS_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_scenarios_cite_rules_by_number_and_quote_no_rules_text(path: Path) -> None:
    """No third-party rules text in the repository: a scenario cites a rule and the page shows the stored text
    (with the translation notice of the rule pages); only a few words of a card's text may be quoted."""
    data = json.loads(path.read_text(encoding="utf-8"))
    narrations = [s["narration"]["ja"] for s in data["steps"]] + [data["summary"]["ja"]]
    for text in narrations:
        for quoted in re.findall(r"「([^」]*)」", text):
            assert len(quoted) <= 20, quoted


def test_the_rulings_japanese_says_face_up_in_one_word() -> None:
    """オモテ向き, the official Japanese CR's word (rules_data/terms.tsv), never 表向き beside it."""
    for scenario in SCENARIOS:
        data = replay_scenario(scenario).to_answer("ja")
        texts = [data["title"], data["summary"]]
        for step in data["steps"]:
            texts += [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]
        assert not [t for t in texts if "表向き" in t], scenario.slug


def test_the_until_ruling_uses_a_card_that_can_take_a_creature_card() -> None:
    """Kenrith is a creature card: the card taking it from a hand must allow one (Brain Maggot: "a nonland
    card"), not Kitesail Freebooter ("a noncreature, nonland card"); Oblivion Ring is its current text."""
    by_slug = {s.slug: s for s in SCENARIOS}
    until = replay_scenario(by_slug["commander-returned-by-an-until-effect"]).to_answer("en")
    assert "Brain Maggot" in until["steps"][0]["narration"] and "Freebooter" not in str(until)
    ring = replay_scenario(by_slug["oblivion-ring-owner-leaves"]).to_answer("en")
    assert "older wording" not in str(ring) and "as the ring enters" not in str(ring)
    assert "when the ring enters" in ring["steps"][0]["narration"]
