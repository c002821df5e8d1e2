"""Rule numbers in a query: the rule a query names, and the nearest existing rules to one that does not exist.

``jump`` is set when the whole query is a rule number that exists (``existing_rule``); a query that
only looks like one ("903.9zz", "999.1") gets the nearest existing rules as suggestions
(``rule_suggestions``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from judge.engine.rule_numbers import parent, sort_key
from judge.parsing.references import normalize_rule_query
from judge.search.alignment import placed, standings
from judge.search.index import LiveIndex
from judge.search.results import Suggestion, SuggestionKind, display_title

MAX_RULE_SUGGESTIONS = 5
# Something that looks like a rule number, existing or not: "903.9zz", "903.", "999.1", "rule 9031".
_RULE_LIKE = re.compile(
    r"^(?P<keyword>(?:cr|rule|rules|section)\s*)?(?P<section>\d{3})(?P<digit>\d)?"
    r"(?:\.(?P<rule>\d{0,3})(?P<letters>[a-z]*))?\.?$"
)


def existing_rule(q: str, live: LiveIndex, version: str) -> str | None:
    if len(q) > 40:
        return None
    number = normalize_rule_query(q)
    if not number:
        return None
    allowed = live.allowed(lang="all", version=version)
    return number if not allowed.isdisjoint(live.docset("rule", number)) else None


def rule_like(q: str) -> tuple[str, str, str] | None:
    """(section, rule, letters) of a query that looks like a rule number, existing or not: "903.9zz",
    "999.1", "903." and, after a keyword, four digits typed for "903.1" ("rule 9031").

    >>> (rule_like("903.9zz"), rule_like("rule 9031"), rule_like("９９９．１"), rule_like("2013"),
    ...  rule_like("tax"))
    (('903', '9', 'zz'), ('903', '1', ''), ('999', '1', ''), None, None)
    """
    m = _RULE_LIKE.match(unicodedata.normalize("NFKC", q).strip().lower())
    if m is None or (m.group("digit") and not m.group("keyword")):
        return None
    rule = m.group("digit") or m.group("rule") or ""
    return m.group("section"), rule, m.group("letters") or ""


def nearest_rules(typed: str, rules: Sequence[str], *, limit: int = MAX_RULE_SUGGESTIONS) -> list[str]:
    """Existing rules nearest a rule number that does not exist: the longest existing prefix with its
    subrules ("903.9zz" -> 903.9, 903.9a, ...), else the nearest numbers of the same section
    ("903.99" -> 903.15, ...), else the nearest sections ("999.1" -> 905, 904, ...).

    >>> rules = ["903", "903.8", "903.9", "903.9a", "903.9b", "903.10", "904", "904.1", "905"]
    >>> nearest_rules("903.9zz", rules), nearest_rules("903.99", rules)[:2], nearest_rules("999.1", rules)[:2]
    (['903.9', '903.9a', '903.9b'], ['903.10', '903.9'], ['905', '904'])
    """
    parts = rule_like(typed)
    if parts is None:
        return []
    section, number, letters = parts
    prefixes = [f"{section}.{number}{letters[:1]}", f"{section}.{number}"] if number else [section]
    for prefix in prefixes:
        family = [r for r in rules if (r == prefix or parent(r) == prefix) and r != typed]
        if family:
            return family[:limit]
    if number and section in rules:
        siblings = [r for r in rules if parent(r) == section]
        target = int(number)
        return sorted(siblings, key=lambda r: (abs(sort_key(r)[2] - 1 - target), sort_key(r)))[:limit]
    sections = [r for r in rules if len(r) == 3]
    return sorted(sections, key=lambda r: (abs(int(r) - int(section)), r))[:limit]


def rule_suggestions(q: str, live: LiveIndex, *, version: str, ui_lang: str) -> list[Suggestion]:
    out = []
    for number in nearest_rules(q, live.rules(version)):
        docs = sorted(live.docset("rule", number) & live.allowed(lang="all", version=version))
        if not docs:
            continue
        standing = standings(live)
        shown = min(docs, key=lambda d: (live.langs()[d] != ui_lang, standing[d], d))
        doc = placed(live.doc(shown))
        title = display_title(doc, ui_lang)
        out.append(Suggestion(SuggestionKind.RULE, query=number, rule=number, title=title))
    return out
