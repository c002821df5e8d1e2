"""Rule pages and the rule index: everything a rule page shows, read once per generation, version and rule.

The rule page is the most visited page and a generation never changes (judge.rules.selectors.generation), so
a page's data is kept per process; its HTML is rendered once too (judge.rules.presenters).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from judge.engine.rule_numbers import sort_key
from judge.parsing.terms_table import Term
from judge.rules import models, translations
from judge.rules.documents import Passage, japanese_passages, old_english, translations_of
from judge.rules.history import Change, HistoryEntry, rule_history_of
from judge.rules.names import term_table, title_ja
from judge.rules.selectors import (
    generation,
    lineage_of,
    live_corpus,
    releases_by_version,
    resolve_version,
    rules_of,
)
from judge.rules.standings import Standing, standing_of
from judge.rules.statements import stating


@dataclass
class RulePage:
    corpus: models.Corpus
    rule: models.Rule
    version: str
    breadcrumb: list[models.Rule]
    children: list[models.Rule]
    previous: models.Rule | None
    next: models.Rule | None
    cited_by: list[str]
    translations: list[models.DocSection]
    # The current rule's history, the releases that changed it only (first: the oldest it is in)
    history: list[HistoryEntry] = field(default_factory=list)
    history_oldest: str = (
        ""  # the oldest release ingested with this numbering: "added" there means "already there"
    )
    # Japanese text of the subrules shown on the page: rule number -> sections
    child_translations: dict[str, list[models.DocSection]] = field(default_factory=dict)
    # The older English text each out-of-date translation was made from: section pk -> rule
    old_texts: dict[int, models.Rule] = field(default_factory=dict)
    # What a reader is told of each Japanese text (judge.rules.standings): section pk -> its standing
    standings: dict[int, Standing] = field(default_factory=dict)
    # For a rule with no Japanese text: the Japanese passages that cite or explain it
    passages: list[Passage] = field(default_factory=list)
    # The words of the term table this rule defines (903.8: commander tax), the page's topic
    topics: list[Term] = field(default_factory=list)
    # The page's HTML as the reader sees it, by language and part: rendered once (judge.rules.presenters)
    html: dict[tuple[str, str], str] = field(default_factory=dict, repr=False)
    # An older version's rule: its number in the current rules (None: removed, or numbered before 2009)
    successor: str | None = None
    removed_in: str = ""  # the version that removed it, when it was removed
    comparable: bool = True  # numbered like the current rules (False: a release before July 2009)

    @property
    def is_current(self) -> bool:
        return self.version == self.corpus.current_version


def title_ja_of(corpus: models.Corpus, rule: models.Rule) -> str:
    """The Japanese title of a chapter or section: the whole translation's when the current rules are read and
    it has one (judge.rules.translations.titles), else the project's table (judge.rules.names)."""
    if not rule.title:
        return ""
    if rule.version == corpus.current_version:
        found = translations.titles(generation(corpus)).get(rule.number)
        if found:
            return found
    return title_ja(rule)


def rule_page(*, number: str, version: str | None = None) -> RulePage | None:
    """Everything a rule page shows. Read once per (generation, version, rule) and process: the
    rule page is the most visited page and a generation never changes (see :func:`generation`)."""
    corpus = live_corpus()
    return _rule_page(generation(corpus), resolve_version(corpus, version), number)


@functools.lru_cache(maxsize=2048)
def _rule_page(generation: tuple[int, str], version: str, number: str) -> RulePage | None:
    corpus = models.Corpus.objects.get(pk=generation[0])
    release = releases_by_version(generation)[version]
    rule = models.Rule.objects.filter(release=release, number=number).select_related("release").first()
    if rule is None:
        return None
    siblings = models.Rule.objects.filter(release=release)
    children = _children(rule)
    translations: list[models.DocSection] = []
    child_translations: dict[str, list[models.DocSection]] = {}
    passages: list[Passage] = []
    current = version == corpus.current_version
    if current:
        translations, child_translations = translations_of(corpus, number, [c.number for c in children])
        if not translations:
            # The passages that state it in other words first, then those that cite or explain it.
            passages = stating(corpus, number)
            passages += [
                p
                for p in japanese_passages(corpus, rule)
                if all(p.section.pk != s.section.pk for s in passages)
            ]
    line = lineage_of(generation)
    page = RulePage(
        corpus=corpus,
        rule=rule,
        version=version,
        breadcrumb=_breadcrumb(rule),
        children=children,
        previous=siblings.filter(position__lt=rule.position).order_by("-position").first(),
        next=siblings.filter(position__gt=rule.position).order_by("position").first(),
        cited_by=sorted(
            set(
                models.Citation.objects.filter(release=release, to_number=number).values_list(
                    "from_number", flat=True
                )
            ),
            key=sort_key,
        ),
        translations=translations,
        child_translations=child_translations,
        comparable=version in line,
        old_texts=old_english(
            corpus, [*translations, *(s for found in child_translations.values() for s in found)]
        ),
        passages=passages,
        topics=[] if rule.title else term_table().by_rule.get(number, []),
    )
    by_number = {c.number: c for c in children}
    for section in page.translations:
        page.standings[section.pk] = standing_of(section, page.old_texts.get(section.pk), rule)
    for child, sections in child_translations.items():
        for section in sections:
            page.standings[section.pk] = standing_of(
                section, page.old_texts.get(section.pk), by_number.get(child)
            )
    # Today's rule in substance first: an outdated text never stands first under today's heading.
    page.translations.sort(key=lambda s: not page.standings[s.pk].todays)
    for sections in child_translations.values():
        sections.sort(key=lambda s: not page.standings[s.pk].todays)
    if current:
        found = rule_history_of(generation, version, number)
        # What changed only: with every release since 2009 loaded, unchanged releases would fill the page.
        if found:
            page.history = [e for e in found.entries if e.change is not Change.UNCHANGED]
            page.history_oldest = found.oldest
    elif page.comparable:
        page.successor = line.successor(number, since=version)
        page.removed_in = line.trace(number, version)[1] or ""
    return page


def _children(rule: models.Rule) -> list[models.Rule]:
    rules = models.Rule.objects.filter(release_id=rule.release_id)
    if rule.kind == "chapter":
        return list(rules.filter(parent=rule.number).order_by("position"))
    if rule.kind == "section":
        # A section shows every rule and subrule under it, in order.
        return list(rules.filter(number__startswith=rule.number + ".").order_by("position"))
    return list(rules.filter(parent=rule.number).order_by("position"))


def _breadcrumb(rule: models.Rule) -> list[models.Rule]:
    chain: list[models.Rule] = []
    parent = rule.parent
    while parent:
        found = models.Rule.objects.filter(release_id=rule.release_id, number=parent).first()
        if found is None:
            break
        chain.insert(0, found)
        parent = found.parent
    return chain


# --------------------------------------------------------------------------- the rule index


@dataclass(frozen=True)
class IndexEntry:
    number: str
    kind: str
    title: str
    title_ja: str


@dataclass
class RuleIndex:
    """The chapters and sections of one version of the rules, read once per generation and version."""

    version: str
    is_current: bool
    entries: list[IndexEntry]
    html: dict[str, str] = field(default_factory=dict, repr=False)  # by language (judge.rules.presenters)


def rule_index(*, version: str | None = None) -> RuleIndex:
    """The index of ``version`` (default: the current rules); raises UnknownVersion for one not ingested."""
    corpus = live_corpus()
    return _rule_index(generation(corpus), resolve_version(corpus, version))


@functools.lru_cache(maxsize=8)
def _rule_index(generation: tuple[int, str], version: str) -> RuleIndex:
    corpus = models.Corpus.objects.get(pk=generation[0])
    rules = rules_of(corpus, version).filter(kind__in=["chapter", "section"]).order_by("position")
    entries = [IndexEntry(r.number, r.kind, r.title, title_ja_of(corpus, r)) for r in rules]
    return RuleIndex(version=version, is_current=version == corpus.current_version, entries=entries)
