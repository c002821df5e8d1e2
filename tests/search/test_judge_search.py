"""The judge's documents in the search index beside the rules (real corpus): a procedure question (deck
registration, slow play, an intentional draw, conceding, communication, a missed trigger at Competitive REL)
finds them first; a question about the game's rules finds the Comprehensive Rules first; ``doc:mtr``
searches the MTR alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.service import search

pytestmark = pytest.mark.corpus


def _top(root: Path, q: str, ui: str = "en") -> list[tuple[str, str]]:
    result = search(q, root=root, ui_lang=ui, limit=5)
    return [(hit.doc, hit.anchor or hit.rule or "") for hit in result.hits]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("deck registration", ("mtr", "2.7")),
        ("slow play", ("ipg", "3.3")),
        ("intentional draw", ("mtr", "2.5")),
        ("conceding a match", ("mtr", "2.5")),
        ("missed trigger competitive REL", ("ipg", "2.1")),
        ("player communication", ("mtr", "4.1")),
        ("遅いプレイ", ("ipg", "3.3")),
        ("デッキ登録", ("mtr", "2.7")),
    ],
)
def test_a_procedure_question_finds_the_judge_documents_first(
    corpus_index: Path, query: str, expected: tuple[str, str]
) -> None:
    top = _top(corpus_index, query)
    assert top[0][0] in ("mtr", "ipg", "jar"), top
    assert expected in top, top


@pytest.mark.parametrize(
    "query", ["commander tax", "player leaves the game", "loop draw game", "統率者ダメージ"]
)
def test_a_game_rule_question_finds_the_rules_first(corpus_index: Path, query: str) -> None:
    top = _top(corpus_index, query)
    assert top[0][0] not in ("mtr", "ipg", "jar"), top


def test_doc_filter_searches_one_document(corpus_index: Path) -> None:
    top = _top(corpus_index, "loops doc:mtr")
    assert top and {doc for doc, _ in top} == {"mtr"}
    assert top[0] == ("mtr", "4.4")
