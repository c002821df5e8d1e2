"""The one step presenter: a step in the reader's language, its rule linked, the objects it touched by
name."""

from __future__ import annotations

from judge.engine.errors import InvalidInputError
from judge.engine.messages import msg
from judge.engine.steps import Step
from judge.web.presenters import present_problems, present_steps


def test_a_coded_step_in_each_language_with_its_rule_linked() -> None:
    step = Step.of("tax.start", rule="601.2f", cost="{3}{G}", objects=("oona",))
    [japanese] = present_steps([step], "ja", names={"oona": "Oona, Queen of the Fae"})
    assert japanese.text == "マナ・コスト {3}{G} から始めます。" and japanese.lang == "ja"
    assert japanese.url == "/en/rules/601.2f/" and japanese.objects == ("Oona, Queen of the Fae",)
    [english] = present_steps([step], "en")
    assert english.text == "Start from the mana cost {3}{G}." and english.objects == ("oona",)


def test_a_step_without_a_code_stays_english_and_a_document_rule_links_its_section() -> None:
    [shown] = present_steps([Step(rule="dtc:singleton", text="Two copies of X")], "ja")
    assert (shown.text, shown.lang, shown.url) == ("Two copies of X", "en", "/en/docs/dtc/#deck-basics")
    [nowhere] = present_steps([Step(rule="lookup:unknown-card", text="Unknown card")], "en")
    assert nowhere.url is None


def test_problems_in_the_reader_language() -> None:
    error = InvalidInputError([msg("input.not-object", field="body"), "plain text"])
    assert present_problems(error, "ja") == [
        "リクエストは JSON オブジェクトでなければなりません。",
        "plain text",
    ]
