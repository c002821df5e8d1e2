"""The Japanese names of the game's words and of the chapters and sections of the rules.

rules_data/terms.tsv and rules_data/sections.tsv (judge.parsing.terms_table), read once per process. They
depend on no corpus generation: the rule pages (judge.rules.rule_pages), the glossary (judge.rules.glossary)
and the presenters all read them from here.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from judge.parsing.terms_table import (
    SectionTitle,
    Term,
    english_index,
    load_section_titles,
    load_terms_table,
    section_title_index,
    section_title_ja,
)
from judge.rules import models


@dataclass(frozen=True)
class TermTable:
    """rules_data/terms.tsv, read once per process: the game's words in Japanese and English."""

    terms: tuple[Term, ...]
    english: dict[str, Term]  # each English spelling's row (judge.parsing.terms_table.english_index)
    by_rule: dict[str, list[Term]]  # the rows a rule defines, words with a Japanese name only


@functools.cache
def term_table() -> TermTable:
    terms = load_terms_table()
    by_rule: dict[str, list[Term]] = {}
    for term in terms:
        if term.rule and term.name_ja and term.kind not in NOT_GLOSSED:
            by_rule.setdefault(term.rule, []).append(term)
    return TermTable(terms=terms, english=english_index(terms), by_rule=by_rule)


# Duel Masters words mean other things in Magic; obsolete words are gone from the rules.
NOT_GLOSSED = frozenset({"duel-masters", "obsolete"})


@functools.cache
def _section_titles() -> dict[tuple[str, str], SectionTitle]:
    return section_title_index(load_section_titles())


def title_ja(rule: models.Rule) -> str:
    """The Japanese title of a chapter or section (rules_data/sections.tsv); "" for other rules."""
    if not rule.title:
        return ""
    return section_title_ja(_section_titles(), rule.number, rule.title) or ""
