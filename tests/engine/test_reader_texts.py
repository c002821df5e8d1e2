"""No note to ourselves on a reader's page (issue 32): every text a reader sees — the engine's messages in
both languages, and every worked ruling's title, summary, narration, one-line change and engine steps as
replayed — is free of working notes ("TODO", 「要確認」, 「訳語が未確認」, ...).

A plain word is fine: 「未確認」 alone is a reader's word (a deck check's "not checked" verdict); a note
says what WE have not checked (a translation, a term, a name).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.engine.scenario_replay import replay_scenario
from judge.engine.scenarios import Scenario, load_scenarios
from judge.engine.texts import CATALOG

SCENARIOS = load_scenarios(Path(__file__).resolve().parents[2] / "rules_data" / "scenarios")

NOTES = re.compile(
    r"TODO|FIXME|XXX|TBD|\?\?\?|要確認|要検討|要修正|仮訳|"
    r"(?:訳語|用語|訳|公式名|公式の日本語).{0,8}未確認|未確認.{0,4}(?:訳語|用語)|"
    r"\bunverified\b|\bnot (?:yet )?verified\b|\bto be (?:checked|confirmed)\b|\bcheck (?:this|later)\b",
    re.IGNORECASE,
)


def test_the_pattern_catches_the_notes_of_issue_32() -> None:
    assert NOTES.search("能力（この能力を指すCRの用語は、公式の日本語の訳語が未確認）")
    assert NOTES.search("TODO: the Japanese term") and NOTES.search("名前は要確認")
    assert NOTES.search("the term is unverified")
    assert not NOTES.search("判定：未確認（カードデータがありません）")  # a verdict, not a note
    assert not NOTES.search("Legality was not checked: no card data has been imported")


def test_no_engine_message_carries_a_note() -> None:
    found = {
        (code, lang): text
        for code, entry in CATALOG.items()
        for lang, text in entry.items()
        if NOTES.search(text)
    }
    assert found == {}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.slug for s in SCENARIOS])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_worked_ruling_text_carries_a_note(scenario: Scenario, lang: str) -> None:
    data = replay_scenario(scenario).to_answer(lang)
    texts = [data["title"], data["summary"]]
    for step in data["steps"]:
        texts += [step["narration"], step["change"], *(e["text"] for e in step.get("engine_steps", []))]
    assert [t for t in texts if NOTES.search(t)] == []


def test_color_identity_engine_steps_name_the_cards_as_the_ruling_does() -> None:
    """Issue 32: the Japanese engine steps use the ruling's Japanese names; 《Phelddagrif》 (never printed in
    Japanese) keeps its own."""
    (ruling,) = [s for s in SCENARIOS if s.slug == "color-identity-examples"]
    data = replay_scenario(ruling).to_answer("ja")
    engine = " ".join(e["text"] for step in data["steps"] for e in step.get("engine_steps", []))
    for japanese in (
        "《略奪の母、汁婆》",
        "《ボロスのギルド魔道士》",
        "《礼儀正しい識者》",
        "《Phelddagrif》",
    ):
        assert japanese in engine
    for english in ("Wort, the Raidmother", "Boros Guildmage", "Civilized Scholar"):
        assert english not in engine
