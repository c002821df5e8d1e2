"""judge.search.answers: which calculator a query is about, filled in from its numbers (issue 20)."""

from __future__ import annotations

import pytest

from judge.search.answers import Answer, Subject, answer_for
from judge.search.terms import load_terms


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "統率者税 2回",
            Answer(Subject.TAX, (("variant", "commander"), ("previous_casts", "2")), "+{4}", "903.8"),
        ),
        (
            "とうそつしゃぜい 3",
            Answer(Subject.TAX, (("variant", "commander"), ("previous_casts", "3")), "+{6}", "903.8"),
        ),
        ("commander tax", Answer(Subject.TAX, (("variant", "commander"),))),
        ("コマンダーダメージ", Answer(Subject.DAMAGE)),
        ("commander damage", Answer(Subject.DAMAGE)),
        ("固有色 混成", Answer(Subject.IDENTITY)),
        ("ゲームから離れたら？", Answer(Subject.LEAVE_GAME)),
        ("player leaves the game", Answer(Subject.LEAVE_GAME)),
    ],
)
def test_a_calculators_subject_in_any_spelling(query: str, expected: Answer) -> None:
    assert answer_for(query, load_terms()) == expected


@pytest.mark.parametrize("query", ["統率者", "次元ダイス", "903.8", "統率領域 唱える"])
def test_other_queries_get_no_card(query: str) -> None:
    assert answer_for(query, load_terms()) is None


def test_a_number_that_is_no_count_of_casts_fills_nothing_in() -> None:
    assert answer_for("統率者税 1000", load_terms()) == Answer(Subject.TAX, (("variant", "commander"),))
