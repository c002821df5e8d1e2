"""Which of two Japanese texts of one rule number a translation keeps: the one that matches the English.

A published translation may number two texts alike (the official 20260116.0 has two 505.4: the first
translates the English of 20260116, the second an older English without "with one or more chapter
abilities"). The parser keeps the later ones aside (``JaDocument.duplicates``); here each number keeps the
text closest to the English rule of the release the translation follows, compared on what survives a
translation:

1. the rules it cites (a reference is written "rule 714" in both languages);
2. the game's terms it names (the project's term table, both ways: 20260116.0's second 505.4 lacks the
   chapter abilities).

The first of these that tells the texts apart decides; on a tie, or with no English to compare with, the
first text in the file is kept (length is no guide: that second 505.4, shorter by a clause, is nearer the
usual length ratio). The text left out is named in a warning at its line (the ingest report).

>>> from judge.parsing.records import DocKind, DocSection, JaDocument, RuleKind, RuleRecord
>>> def ja(line, text): return DocSection("r100-1", "", text, line, cr_number="100.1")
>>> document = JaDocument("JPN_CR_20990101_0.txt", "cr-ja-20990101", "t", DocKind.CR_TRANSLATION,
...     (ja(3, "旧訳。"),), duplicates=(ja(5, "新訳。rule 101.2 参照。"),))
>>> english = {"100.1": RuleRecord("100.1", RuleKind.RULE, "Text. See rule 101.2.", "100", 1)}
>>> kept = choose_texts(document, english, "20990101")
>>> kept.sections[0].line, kept.duplicates, kept.warnings[0].problem
... # doctest: +NORMALIZE_WHITESPACE
(5, (), 'rule 100.1 appears twice (lines 3 and 5): kept line 5, the text that matches the English of 20990101
 (the rules it cites); left out line 3')
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence

from judge.parsing.dating import TermMatcher
from judge.parsing.records import DocSection, JaDocument, ParseWarning, RuleRecord
from judge.parsing.references import find_references

# What each comparison is called in the warning, in the order they decide.
_REASONS = ("the rules it cites", "the game's terms it names")


def _full(section: DocSection) -> str:
    return "\n".join([section.text, *section.examples])


def _english(rule: RuleRecord) -> str:
    return "\n".join([rule.text, *rule.examples])


def _cited(text: str) -> frozenset[str]:
    return frozenset(number for reference in find_references(text) for number in reference.numbers)


def _overlap(mine: frozenset[object], theirs: frozenset[object]) -> float:
    """Jaccard overlap; two empty sets agree."""
    union = mine | theirs
    return len(mine & theirs) / len(union) if union else 1.0


def _scores(section: DocSection, rule: RuleRecord, terms: TermMatcher) -> tuple[float, float]:
    japanese, english = _full(section), _english(rule)
    return (
        _overlap(_cited(japanese), _cited(english)),
        _overlap(terms.japanese(japanese), terms.english(english)),
    )


def _pick(
    candidates: Sequence[DocSection], score: Callable[[DocSection], tuple[float, float]]
) -> tuple[DocSection, str]:
    """The best candidate (the first on a tie) and the comparison that decided ("" for none)."""
    scored = [(score(candidate), candidate) for candidate in candidates]
    best = max(scored, key=lambda item: item[0])  # max keeps the first of equal scores
    runners = [item[0] for item in scored if item[1] is not best[1]]
    for index, reason in enumerate(_REASONS):
        if any(best[0][index] != other[index] for other in runners):  # best is ahead where they first differ
            return best[1], reason
    return best[1], ""


def choose_texts(
    document: JaDocument,
    english: Mapping[str, RuleRecord],
    version: str,
    terms: TermMatcher | None = None,
) -> JaDocument:
    """``document`` with each duplicated number's text chosen against ``english`` (the rules of ``version``,
    the release it translates; empty when unknown), its ``duplicates`` cleared, and a warning naming the
    text left out in place of the parser's."""
    if not document.duplicates:
        return document
    terms = terms or TermMatcher(())
    later: dict[str, list[DocSection]] = {}
    for section in document.duplicates:
        later.setdefault(str(section.cr_number), []).append(section)
    sections: list[DocSection] = []
    told: list[ParseWarning] = []
    for section in document.sections:
        others = later.get(section.cr_number or "") if section.cr_number else None
        if not others:
            sections.append(section)
            continue
        candidates = [section, *others]
        rule = english.get(str(section.cr_number))
        if rule is None:
            kept, reason = section, ""
        else:
            kept, reason = _pick(candidates, functools.partial(_scores, rule=rule, terms=terms))
        sections.append(dataclasses.replace(kept, anchor=section.anchor, parent=section.parent))
        lines = " and ".join(str(c.line) for c in candidates)
        left_out = [c.line for c in candidates if c is not kept]
        dropped = ", ".join(f"line {line}" for line in left_out)
        if rule is None:
            why = f"kept line {kept.line}, the first: no English of it in {version or 'a known release'}"
        elif reason:
            why = f"kept line {kept.line}, the text that matches the English of {version} ({reason})"
        else:
            why = f"kept line {kept.line}, the first: the English of {version} tells them apart in nothing"
        told.append(
            ParseWarning(
                document.source,
                left_out[0],
                f"rule {section.cr_number} appears twice (lines {lines}): {why}; left out {dropped}",
            )
        )
    duplicated = {line for texts in later.values() for line in (t.line for t in texts)}
    # The parser's warnings about these numbers give way to the decision.
    kept_warnings = [
        w for w in document.warnings if not (w.line in duplicated and "appears twice" in w.problem)
    ]
    return dataclasses.replace(
        document, sections=tuple(sections), duplicates=(), warnings=(*kept_warnings, *told)
    )
