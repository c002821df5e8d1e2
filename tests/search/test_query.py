from __future__ import annotations

import pytest
from whoosh import query as wq

from judge.search.query import MAX_QUERY_CHARS, Clause, SearchQueryError, parse_query
from judge.search.query_builder import build_query
from judge.search.terms import TermTable, parse_terms


def texts(q: str) -> list[list[str]]:
    return [[c.text for c in group] for group in parse_query(q).groups]


@pytest.mark.parametrize(
    ("q", "groups"),
    [
        ("commander tax", [["commander"], ["tax"]]),
        ('"command zone" tax', [["command zone"], ["tax"]]),
        ("「統率領域」 税", [["統率領域"], ["税"]]),
        ("exile OR graveyard zone", [["exile", "graveyard"], ["zone"]]),
        ("OR commander", [["commander"]]),  # a leading OR is dropped
        ('"unbalanced quote', [["unbalanced quote"]]),
        ("(commander)!", [["commander"]]),
        ("foo:bar", [["foo bar"]]),  # not a filter
    ],
)
def test_groups(q: str, groups: list[list[str]]) -> None:
    assert texts(q) == groups


def test_exclusions_filters_and_full_width() -> None:
    parsed = parse_query("統率者 -税 NOT tax ｌａｎｇ：ｊａ doc:dtc doc:commander-rules version:2025-11-14")
    assert parsed.groups == ((Clause("統率者"),),)
    assert parsed.excluded == (Clause("税"), Clause("tax"))
    assert (parsed.lang, parsed.docs, parsed.version) == ("ja", ("dtc", "commander-rules"), "20251114")
    assert parsed.has_filters


def test_phrase_flag_and_default_lang() -> None:
    parsed = parse_query('"planar die"', lang="en")
    assert parsed.groups == ((Clause("planar die", phrase=True),),)
    assert parsed.lang == "en"


@pytest.mark.parametrize(
    ("q", "problem"),
    [
        ("lang:xx commander", "lang:xx is not a language"),
        ("version:yesterday tax", "version:yesterday is not a date"),
        ("doc:<b> tax", "is not a document name"),
        ("-tax", "only excludes"),
        ("NOT", "nothing to search for"),
        ("?!… ・・・", "nothing to search for"),
        ('"', "nothing to search for"),
        ("lang:ja", "nothing to search for"),
    ],
)
def test_problems_are_reported(q: str, problem: str) -> None:
    with pytest.raises(SearchQueryError) as err:
        parse_query(q)
    assert any(problem in p.text("en") for p in err.value.problems), err.value.problems


def test_all_problems_are_collected() -> None:
    with pytest.raises(SearchQueryError) as err:
        parse_query("lang:xx version:1 tax")
    assert len(err.value.problems) == 2


def test_long_queries_are_shortened_with_a_notice() -> None:
    parsed = parse_query("tax " * 5000)
    assert any(str(MAX_QUERY_CHARS) in n.text("en") for n in parsed.notices)
    assert len(parsed.groups) <= 32


def test_dangling_not_is_ignored_with_a_notice() -> None:
    parsed = parse_query("commander NOT")
    assert texts("commander NOT") == [["commander"]]
    assert parsed.notices


def test_a_term_is_searched_as_its_best_spelling_each_spelling_once() -> None:
    """A term-table term is one unit whose spellings are alternatives (a document scores as its best
    spelling, not the sum of all: a five-spelling row weighs what a one-spelling row weighs), and a
    spelling that stems like another ("turn markers | turn marker") is searched once."""
    table = TermTable(
        parse_terms(
            "ja\ten\tkind\trule\tnotes\nターン・マーカー | ターンマーカー\tturn markers | turn "
            "marker\tmultiplayer\t807.4\t\n"
        )
    )
    for typed, expected in (("ターン・マーカー", 3), ("turn markers", 3), ("turn marker", 3)):
        built = build_query(parse_query(typed), terms=table, version="20260116")
        assert built is not None
        [unit] = built.units
        assert isinstance(unit.query, wq.DisjunctionMax), typed
        # as typed, the other Japanese spelling (or the other language's two), the other language
        assert len(unit.query.subqueries) == expected, (typed, str(unit.query))


# --- Japanese questions: particles, verbs, counts (issue 20) --------------------------------------------


def test_particles_typed_apart_are_never_required_words() -> None:
    built = build_query(parse_query("統率者 が 墓地 に 置かれる"), terms=TermTable([]), version="20260116")
    assert built is not None
    assert [u.text for u in built.units] == ["統率", "者", "墓地", "置か"]  # no term table here
    only = build_query(parse_query("のが"), terms=TermTable([]), version="20260116")
    assert only is not None and [u.text for u in only.units] == ["のが"]  # nothing else to search: as typed


def test_a_rules_verb_also_finds_its_english_word() -> None:
    built = build_query(parse_query("統治者 離れる"), terms=TermTable([]), version="20260116")
    assert built is not None
    leave = built.units[-1]
    assert leave.text == "離れる" and "en_20260116:leav" in str(leave.query)
    assert {"leav", "left"} <= built.needles.en
    ja_only = build_query(parse_query("離れる lang:ja"), terms=TermTable([]), version="20260116")
    assert ja_only is not None and "en_" not in str(ja_only.units[0].query)


def test_a_count_is_a_bonus_not_a_required_word() -> None:
    built = build_query(parse_query("毒カウンター10個"), terms=TermTable([]), version="20260116")
    assert built is not None
    assert [u.text for u in built.units] == ["毒", "カウンター"]
    assert "en_20260116:ten" in str(built.bonus) and "ja:10" in str(built.bonus)


def test_problems_and_notices_are_messages_in_both_languages() -> None:
    """A Japanese reader is told in Japanese why a query cannot be searched (the audit: they were English)."""
    with pytest.raises(SearchQueryError) as err:
        parse_query("-tax")
    [problem] = err.value.problems
    assert problem.code == "search.only-excluded" and problem.field == "q"
    assert problem.text("ja") == "除外する語しかありません。検索する語を加えてください。"
    with pytest.raises(SearchQueryError) as err:
        parse_query("lang:xx version:1 tax")
    assert [p.text("ja") for p in err.value.problems] == [
        "lang:xx は言語ではありません。lang:ja、lang:en、lang:all のいずれかを使ってください。",
        "version:1 は日付ではありません。version:20260116 のように年月日 8 桁で書いてください。",
    ]
    [notice] = parse_query("commander NOT").notices
    assert notice.text("ja") == "末尾の NOT は無視しました。除外する語は NOT の後に書いてください。"
