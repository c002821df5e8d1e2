"""The Japanese passages that state a current rule in other words (judge.parsing.statements): shown on the
page of a rule with no Japanese of its own, above its English, with their source and date.

A passage is placed by its document's date after a loaded release (it cannot predate that release); when the
rule's English has changed in words since (judge.parsing.substance.settled), the page names the release
that changed it: the Commander rules (2021-09-13) state 903.9a, whose English said "that card" until
20231117's "that object". Computed once per generation and process.
"""

from __future__ import annotations

import functools

from judge.parsing.dating import TermMatcher
from judge.parsing.records import RuleKind, RuleRecord
from judge.parsing.statements import stated_rules
from judge.parsing.substance import settled
from judge.parsing.terms_table import load_terms_table
from judge.rules import models
from judge.rules.documents import DocumentInfo, Passage, annotate_sections
from judge.rules.history import full_text
from judge.rules.selectors import generation, releases, renumbering_maps
from judge.rules.standings import rewrites

# The documents whose points state rules without naming them, and the section of the Comprehensive Rules
# each explains.
SCOPES = {"commander-rules": "903"}


def _record(rule: models.Rule) -> RuleRecord:
    return RuleRecord(
        rule.number, RuleKind(rule.kind), rule.text, rule.parent, rule.line, examples=tuple(rule.examples)
    )


def _since(info: DocumentInfo, versions: list[str]) -> str:
    """The newest loaded release on or before the document's own date ("" when undated or older than all)."""
    date = info.date.replace("-", "")
    before = [v for v in versions if date and v <= date]
    return before[-1] if before else ""


@functools.lru_cache(maxsize=2)
def _statements(generation: tuple[int, str]) -> dict[str, list[tuple[models.DocSection, str]]]:
    corpus = models.Corpus.objects.get(pk=generation[0])
    terms = TermMatcher.from_terms(load_terms_table())
    loaded = releases(corpus)
    versions = [r.version for r in loaded]
    maps = renumbering_maps(corpus)
    found: dict[str, list[tuple[models.DocSection, str]]] = {}
    for slug, scope in SCOPES.items():
        sections = annotate_sections(
            corpus,
            list(
                models.DocSection.objects.filter(corpus=corpus, source__slug=slug, status="")
                .select_related("source")
                .order_by("position")
            ),
        )
        if not sections:
            continue
        since = _since(sections[0].document, versions)  # type: ignore[attr-defined]
        if not since:
            continue
        span = loaded[versions.index(since) :]
        rules = {
            r.number: r for r in models.Rule.objects.filter(release=span[-1], number__startswith=f"{scope}.")
        }
        records = [_record(r) for r in rules.values()]
        for section in sections:
            for number in stated_rules(section.text, records, terms):
                changed = _changed_in(number, rules[number], span, maps, corpus.current_version)
                found.setdefault(number, []).append((section, changed))
    return found


def _changed_in(
    number: str, now: models.Rule, span: list[models.Release], maps: dict[str, dict[str, str]], current: str
) -> str:
    """The release of ``span`` after which today's rule ``number`` reads the same in substance ("" when it
    does in every one of them)."""
    texts: list[str | None] = []
    for release in span:
        moved = maps.get(release.version, {}) if release.version != current else {}
        back = {new: old for old, new in moved.items()}
        old = back.get(number, "" if number in moved else number)
        rule = models.Rule.objects.filter(release=release, number=old).first() if old else None
        texts.append(full_text(rule) if rule is not None else None)
    today = full_text(now)
    unsettled = [i for i in range(len(span)) if not settled(texts[i : i + 1], today, rewrites())]
    return span[unsettled[-1] + 1].version if unsettled and unsettled[-1] + 1 < len(span) else ""


def stating(corpus: models.Corpus, number: str) -> list[Passage]:
    """The Japanese passages that state today's rule ``number`` (reason "states")."""
    return [
        Passage(section=s, reason="states", rule=number, changed_in=changed)
        for s, changed in _statements(generation(corpus)).get(number, [])
    ]
