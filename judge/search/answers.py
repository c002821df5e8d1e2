"""Answers, not only hits: a query about a calculator's subject gets a card that links the calculator.

A query naming commander tax (統率者税), commander damage (統率者ダメージ), color identity (固有色) or a
player leaving the game (ゲームから離れる), in any spelling of the term table (rules_data/terms.tsv, by the
rule that defines the term), is answered by the calculator for it as well as by the rules. Numbers in the
query fill the calculator in: 「統率者税 2回」 is a commander cast twice before, whose tax is +{4}
(judge.engine.tax works it out). Which page a subject opens is the web layer's business
(judge.rules.search_views); here is only what the query asks.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from judge.engine.errors import RulesError
from judge.engine.tax import commander_tax
from judge.search.analysis import en_terms, has_japanese, normalize_ja
from judge.search.terms import TermTable


class Subject(enum.StrEnum):
    TAX = "tax"
    DAMAGE = "damage"
    IDENTITY = "identity"
    LEAVE_GAME = "leave-game"


# The rule that defines each subject's term in the term table.
SUBJECT_RULES = {
    "903.8": Subject.TAX,
    "903.10a": Subject.DAMAGE,
    "903.4": Subject.IDENTITY,
    "800.4": Subject.LEAVE_GAME,
}
MAX_CASTS = 99  # a number above this is not a count of casts (a card name's digits, a rule number)
_NUMBER = re.compile(r"(?<![\d.])(\d{1,3})(?![\d.])")


@dataclass(frozen=True)
class Answer:
    """What a query asks a calculator: its subject, the calculator's fields it fills, and the answer when the
    query holds enough to give one (``value``: "+{4}", with the rule that says so)."""

    subject: Subject
    fields: tuple[tuple[str, str], ...] = ()
    value: str = ""
    rule: str = ""


def answer_for(q: str, terms: TermTable) -> Answer | None:
    """The calculator a query is about, filled in from its numbers; None when it names no subject.

    >>> from judge.search.terms import parse_terms
    >>> table = TermTable(parse_terms(
    ...     "ja\\ten\\tkind\\trule\\tnotes\\n統率者税\\tcommander tax\\tcommander\\t903.8\\t\\n"
    ... ))
    >>> answer_for("統率者税 2回", table)
    Answer(subject=<Subject.TAX: 'tax'>, fields=(('variant', 'commander'), ('previous_casts', '2')),
           value='+{4}', rule='903.8')
    >>> answer_for("commander tax", table).fields, answer_for("統率者", table)
    ((('variant', 'commander'),), None)
    """
    text = normalize_ja(q)
    found = [*(terms.find_ja(text) if has_japanese(text) else ()), *terms.find_en(en_terms(text))]
    subjects = [SUBJECT_RULES[p.rule] for m in found for p in m.pairs if p.rule in SUBJECT_RULES]
    if not subjects:
        return None
    subject = subjects[0]
    numbers = [int(n) for n in _NUMBER.findall(text)]
    if subject is Subject.TAX:
        casts = next((n for n in numbers if n <= MAX_CASTS), None)
        if casts is None:
            return Answer(subject, (("variant", "commander"),))
        try:
            tax = commander_tax(mana_cost="{0}", previous_casts=casts).tax_generic
        except RulesError:
            return Answer(subject, (("variant", "commander"),))
        return Answer(
            subject, (("variant", "commander"), ("previous_casts", str(casts))), f"+{{{tax}}}", "903.8"
        )
    return Answer(subject)
