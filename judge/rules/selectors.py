"""Reads. Every query goes through the live corpus generation.

A generation never changes once written, so what is read from it is kept per process and
generation (see :func:`_generation`): its releases, the lineage of its rules, rule pages, histories
and the changes between two releases.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Collection, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from judge.engine.rule_numbers import sort_key
from judge.parsing import ja_dtc
from judge.parsing.lineage import Lineage, Step
from judge.parsing.records import GlossaryEntry as GlossaryRecord
from judge.parsing.records import Numbering, ParseWarning, RuleKind, RuleRecord, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.terms_table import (
    SectionTitle,
    Term,
    english_index,
    glossary_terms,
    japanese_key,
    load_section_titles,
    load_terms_table,
    section_title_index,
    section_title_ja,
)
from judge.parsing.versions import word_diff
from judge.rules import japanese, models
from judge.rules.text import Gloss, Glosser


class NoCorpus(LookupError):
    """Nothing has been ingested yet."""


# The live generation, read once per request: the cache middleware's ETag and the view ask for it, and a
# request must see one generation throughout even if an ingest flips it meanwhile. Outside a request
# (commands, tests calling selectors directly) it is read every time.
_OUTSIDE_REQUEST = object()
_IN_REQUEST = object()
_request_corpus: ContextVar[object] = ContextVar("request_corpus", default=_OUTSIDE_REQUEST)


def request_started(**kwargs: object) -> None:
    _request_corpus.set(_IN_REQUEST)


def request_finished(**kwargs: object) -> None:
    _request_corpus.set(_OUTSIDE_REQUEST)


def live_corpus() -> models.Corpus:
    known = _request_corpus.get()
    if isinstance(known, models.Corpus):
        return known
    corpus = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    if corpus is None:
        raise NoCorpus("no corpus has been ingested: run `python manage.py ingest`")
    if known is _IN_REQUEST:
        _request_corpus.set(corpus)
    return corpus


class UnknownVersion(LookupError):
    """A version was asked for that is not ingested (an old link or a typo): say so, don't guess."""

    def __init__(self, version: str, versions: Sequence[str]) -> None:
        self.version = version
        self.versions = list(versions)
        super().__init__(f"no version {version!r}: the ingested versions are {', '.join(self.versions)}")


def resolve_version(corpus: models.Corpus, version: str | None) -> str:
    """The requested version, or the current one when none is asked for; UnknownVersion otherwise."""
    if not version:
        return corpus.current_version
    if version not in corpus.versions:
        raise UnknownVersion(version, corpus.versions)
    return version


@dataclass(frozen=True)
class Passage:
    """A Japanese passage about a rule that has no Japanese text of its own, and why it is shown."""

    section: models.DocSection
    # "cites": it cites the rule; "term": it uses the word (``term``) the rule defines;
    # "parent": it translates or cites the rule's parent rule
    reason: str
    term: str = ""
    rule: str = ""  # the rule it cites or translates


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
    history_oldest: str = ""  # the oldest release ingested with this numbering: "added" there means "already there"
    # Japanese text of the subrules shown on the page: rule number -> sections
    child_translations: dict[str, list[models.DocSection]] = field(default_factory=dict)
    # The older English text each out-of-date translation was made from: section pk -> rule
    old_texts: dict[int, models.Rule | None] = field(default_factory=dict)
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


def _generation(corpus: models.Corpus) -> tuple[int, str]:
    """A key for per-process caches of one corpus generation.

    A generation never changes once written, so what is read from it can be kept for the life of
    the process. The creation time is part of the key because a rolled-back ingest (tests) can
    hand the same primary key to a different generation.
    """
    return corpus.pk, corpus.created.isoformat()


def generation_key(corpus: models.Corpus) -> str:
    """:func:`_generation` as text, for cache keys outside this module (the changes page's fragment)."""
    return "-".join(str(part) for part in _generation(corpus))


@functools.lru_cache(maxsize=4)
def _releases(generation: tuple[int, str]) -> dict[str, models.Release]:
    """Version -> release, of one generation."""
    return {r.version: r for r in models.Release.objects.filter(generations=generation[0]).order_by("version")}


def releases(corpus: models.Corpus) -> list[models.Release]:
    """The generation's releases, oldest first."""
    return list(_releases(_generation(corpus)).values())


def rules_of(corpus: models.Corpus, version: str | None = None) -> QuerySet[models.Rule]:
    """The rules of one version of a generation (default: the current version)."""
    return models.Rule.objects.filter(release=_releases(_generation(corpus))[version or corpus.current_version])


_RECORD_FIELDS = ("number", "kind", "text", "parent", "line", "title", "examples")


def _record(number: str, kind: str, text: str, parent: str, line: int, title: str, examples: list[str]) -> RuleRecord:
    return RuleRecord(number=number, kind=RuleKind(kind), text=text, parent=parent or None, line=line, title=title,
                      examples=tuple(examples))


def release_document(release: models.Release) -> RulesDocument:
    """A release's records read back from its rows: what parsing its file gave (judge.parsing.records)."""
    rules = tuple(_record(*row) for row in release.rules.order_by("position").values_list(*_RECORD_FIELDS))
    glossary = tuple(
        GlossaryRecord(term=term, definition=definition, line=line)
        for term, definition, line in release.glossary.order_by("position").values_list("term", "definition", "line")
    )
    return RulesDocument(
        source=release.file_name,
        version=release.version,
        rules=rules,
        glossary=glossary,
        intro=release.intro,
        credits=release.credits,
        warnings=tuple(ParseWarning(w["file"], w["line"], w["problem"]) for w in release.warnings),
        numbering=Numbering(release.numbering),
    )


def release_excerpts(releases: Sequence[models.Release], numbers: Collection[str]) -> list[RulesDocument]:
    """Each release's rules numbered ``numbers`` and their siblings (the rules under the same parent), as
    records without a glossary: all that dating a translation by its content reads of a release
    (judge.parsing.dating), read for every release at once without holding whole releases in memory."""
    parents = set(
        models.Rule.objects.filter(release__in=releases, number__in=numbers).values_list("parent", flat=True)
    ) - {""}
    rows = (
        models.Rule.objects.filter(release__in=releases)
        .filter(Q(number__in=numbers) | Q(parent__in=parents))
        .order_by("release_id", "position")
        .values_list("release_id", *_RECORD_FIELDS)
    )
    by_release: dict[int, list[RuleRecord]] = {}
    for release_id, *row in rows:
        by_release.setdefault(release_id, []).append(_record(*row))
    return [
        RulesDocument(source=release.file_name, version=release.version, rules=tuple(by_release.get(release.pk, ())),
                      glossary=(), numbering=Numbering(release.numbering))
        for release in releases
    ]


def lineage(corpus: models.Corpus) -> Lineage:
    """How each rule went from release to release, over the releases numbered like the current one."""
    return _lineage(_generation(corpus))


@functools.lru_cache(maxsize=4)
def _lineage(generation: tuple[int, str]) -> Lineage:
    by_version = _releases(generation)
    corpus = models.Corpus.objects.get(pk=generation[0])
    numbering = by_version[corpus.current_version].numbering
    chain = [r for r in by_version.values() if r.numbering == numbering]
    rows = {
        (row.older_id, row.newer_id): row
        for row in models.ReleaseStep.objects.filter(older__in=chain, newer__in=chain)
    }
    steps = []
    for older, newer in zip(chain, chain[1:]):
        row = rows[(older.pk, newer.pk)]  # the ingest wrote a step for every adjacent pair
        steps.append(Step(older.version, newer.version, row.forward, row.backward))
    return Lineage([r.version for r in chain], steps)


def successor(corpus: models.Corpus, number: str) -> str | None:
    """The current number of a rule that an older version numbered ``number`` (old citations keep working)."""
    maps = renumbering_maps(corpus)
    for version in reversed(lineage(corpus).versions[:-1]):
        if number in maps.get(version, {}):
            return maps[version][number]
    return None


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


def renumbering_maps(corpus: models.Corpus) -> dict[str, dict[str, str]]:
    """For each older version: old number -> current number, for the rules that moved."""
    return _renumbering_maps(_generation(corpus))


@functools.lru_cache(maxsize=4)
def _renumbering_maps(generation: tuple[int, str]) -> dict[str, dict[str, str]]:
    return _lineage(generation).renumbered()


KIND_LABELS: dict[str, Promise] = {
    models.Source.Kind.CR: gettext_lazy("Comprehensive Rules"),
    models.Source.Kind.CR_TRANSLATION: gettext_lazy("Comprehensive Rules in Japanese"),
    models.Source.Kind.FORMAT_RULES: gettext_lazy("Format rules"),
    models.Source.Kind.HOUSE_RULES: gettext_lazy("House rules"),
    models.Source.Kind.PROSE: gettext_lazy("Wiki article"),
}
GAME_LABELS: dict[str, Promise] = {"magic": gettext_lazy("Magic: The Gathering"), "duel-masters": gettext_lazy("Duel Masters")}
DATE_LABELS: dict[str, Promise] = {
    "updated": gettext_lazy("Last updated"),  # 最終更新
    "synced": gettext_lazy("Last synced"),  # 最終同期
    "edition": gettext_lazy("Latest edition"),  # 第N版
}


@dataclass(frozen=True)
class DocumentInfo:
    """What a Japanese document says about itself and the release it was compared with (``Source`` and
    its ``meta``, written by ``services.document_meta``). The file name is for the document's own page only."""

    slug: str
    title_ja: str
    title_en: str
    kind: str
    game: str
    lang: str
    file_name: str
    translated_from: str  # the release the text names ("" when it names none)
    credit: str
    date: str  # ISO
    date_label: str  # "updated", "synced", "edition" or ""
    edition: str  # the latest edition the page lists ("第5版"), when it numbers them
    original: str  # the URL of the original the text translates
    heading: str  # the title the page itself prints ("タッグ・コマンダーとは"), when it differs from ours
    dating: str  # "declared", "content", "unknown" or "" (translates no rule)
    compared_version: str  # the release its rules were compared with ("" when unknown)
    matching_versions: tuple[str, ...]  # the releases its content matches
    placed_by: str  # unknown release: the closest release, which placed the rules that agree with it
    differences: tuple[str, ...]  # unknown release: the rules not placed beside any current rule

    @classmethod
    def of(cls, source: models.Source) -> DocumentInfo:
        meta = source.meta
        return cls(
            slug=source.slug,
            title_ja=source.title,
            title_en=str(meta.get("title_en", "")),
            kind=source.kind,
            game=str(meta.get("game", "magic")),
            lang=source.lang,
            file_name=source.file_name,
            translated_from=source.translated_from,
            credit=str(meta.get("credit", "")),
            date=str(meta.get("date", "")),
            date_label=str(meta.get("date_label", "")),
            edition=str(meta.get("edition", "")),
            original=str(meta.get("original", "")),
            heading=str(meta.get("heading", "")),
            dating=str(meta.get("dating", "")),
            compared_version=str(meta.get("compared_version", "")),
            matching_versions=tuple(meta.get("matching_versions", ())),
            placed_by=str(meta.get("placed_by", "")),
            differences=tuple(meta.get("differences", ())),
        )

    @property
    def is_duel_masters(self) -> bool:
        return self.game == "duel-masters"

    @property
    def kind_label(self) -> Promise:
        return KIND_LABELS.get(self.kind, KIND_LABELS[models.Source.Kind.PROSE])

    @property
    def game_label(self) -> Promise:
        return GAME_LABELS.get(self.game, GAME_LABELS["magic"])

    @property
    def date_label_text(self) -> Promise | str:
        return DATE_LABELS.get(self.date_label, "")

    @property
    def links_version(self) -> str:
        """The release whose numbers the document's references are written in ("" for today's rules)."""
        return self.compared_version or self.placed_by

    def title_in(self, lang: str) -> str:
        """The title in ``lang`` when there is one, else the document's own."""
        return self.title_en if lang == "en" and self.title_en else self.title_ja

    def to_json(self) -> dict[str, object]:
        return {
            "slug": self.slug,
            "title": {"ja": self.title_ja, "en": self.title_en},
            "kind": self.kind,
            "game": self.game,
            "lang": self.lang,
            "source": self.file_name,
            "translated_from": self.translated_from or None,
            "compared_version": self.compared_version or None,
            "dating": self.dating or None,
            "date": self.date or None,
            "date_label": self.date_label or None,
            "credit": self.credit or None,
            "original": self.original or None,
        }


def annotate_sections(corpus: models.Corpus, sections: list[models.DocSection]) -> list[models.DocSection]:
    """Give each Japanese section ``link_map`` and ``document`` (its :class:`DocumentInfo`).

    A translation of an older release cites that release's numbers, so its references (in every section,
    prose too) follow the renumbering to the current rules: 003's "rule 701.24" is 20231117's Planeswalk,
    today's 701.31. ``depth`` is how deep the section sits under its parents on the document page.
    """
    maps = renumbering_maps(corpus) if sections else {}
    infos: dict[int, DocumentInfo] = {}
    parents = {(s.source_id, s.anchor): s.parent for s in sections}
    for section in sections:
        info = infos.setdefault(section.source_id, DocumentInfo.of(section.source))
        section.document = info  # type: ignore[attr-defined]
        section.link_map = maps.get(info.links_version, {})  # type: ignore[attr-defined]
        depth, parent = 0, section.parent
        while parent and depth < 8:
            depth, parent = depth + 1, parents.get((section.source_id, parent), "")
        section.depth = depth  # type: ignore[attr-defined]
    return sections


def translations_of(
    corpus: models.Corpus, number: str, children: Sequence[str] = ()
) -> tuple[list[models.DocSection], dict[str, list[models.DocSection]]]:
    """Japanese sections for a current rule and its subrules: the sections aligned to each.

    Only the alignment counts, never the number a section had: 20231117's 805.10f (deleted since) is
    not shown beside today's 805.10f, 20231117's 805.10g is. Each section carries its ``status``
    (``DocSection.Status``), ``cr_number`` (its number in the text) and ``document``.
    """
    rows = annotate_sections(
        corpus,
        list(
            models.DocSection.objects.filter(corpus=corpus, aligned_number__in=[number, *children])
            .select_related("source")
            .order_by("source__slug", "position")
        ),
    )
    own = [s for s in rows if s.aligned_number == number]
    by_child: dict[str, list[models.DocSection]] = {}
    for section in rows:
        if section.aligned_number != number:
            by_child.setdefault(section.aligned_number, []).append(section)
    return own, by_child


def rule_page(*, number: str, version: str | None = None) -> RulePage | None:
    """Everything a rule page shows. Read once per (generation, version, rule) and process: the
    rule page is the most visited page and a generation never changes (see :func:`_generation`)."""
    corpus = live_corpus()
    return _rule_page(_generation(corpus), resolve_version(corpus, version), number)


@functools.lru_cache(maxsize=2048)
def _rule_page(generation: tuple[int, str], version: str, number: str) -> RulePage | None:
    corpus = models.Corpus.objects.get(pk=generation[0])
    release = _releases(generation)[version]
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
            passages = japanese_passages(corpus, rule)
    line = _lineage(generation)
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
        old_texts={
            section.pk: rules_of(corpus, section.compared_version).filter(number=section.cr_number).first()
            for section in translations
            if section.differs_from_current and section.compared_version and section.cr_number
        },
        passages=passages,
        topics=[] if rule.title else term_table().by_rule.get(number, []),
    )
    if current:
        found = _rule_history(generation, version, number)
        # What changed only: with every release since 2009 loaded, unchanged releases would fill the page.
        if found:
            page.history = [e for e in found.entries if e.change is not Change.UNCHANGED]
            page.history_oldest = found.oldest
    elif page.comparable:
        page.successor = line.successor(number, since=version)
        page.removed_in = line.trace(number, version)[1] or ""
    return page


# --------------------------------------------------------------------------- Japanese names


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
KEYWORDS = frozenset({"keyword-ability", "keyword-action", "ability-word"})  # "reach", not "reaches"
EVERYDAY_WORDS = frozenset({"general"})  # rules text mostly means "in general", not an Emperor team's general


@functools.cache
def _section_titles() -> dict[tuple[str, str], SectionTitle]:
    return section_title_index(load_section_titles())


def title_ja(rule: models.Rule) -> str:
    """The Japanese title of a chapter or section (rules_data/sections.tsv); "" for other rules."""
    if not rule.title:
        return ""
    return section_title_ja(_section_titles(), rule.number, rule.title) or ""


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
    return _rule_index(_generation(corpus), resolve_version(corpus, version))


@functools.lru_cache(maxsize=8)
def _rule_index(generation: tuple[int, str], version: str) -> RuleIndex:
    corpus = models.Corpus.objects.get(pk=generation[0])
    rules = rules_of(corpus, version).filter(kind__in=["chapter", "section"]).order_by("position")
    entries = [IndexEntry(r.number, r.kind, r.title, title_ja(r)) for r in rules]
    return RuleIndex(version=version, is_current=version == corpus.current_version, entries=entries)


# --------------------------------------------------------------------------- the glossary


@dataclass(frozen=True)
class GlossaryEntry:
    term: str  # the headword, as the glossary prints it
    definition: str
    anchor: str  # the glossary page's fragment: "term-1", "term-2", ... in file order (as search links them)
    rows: tuple[Term, ...]  # the term table's rows naming it (one per word of "Tap and Untap")
    names_ja: tuple[str, ...]  # their official Japanese names
    reading: str  # the katakana reading of the first Japanese name: the Japanese order
    keys: tuple[str, ...]  # every spelling, reduced, that the glossary's filter matches


@dataclass
class Glossary:
    """One version's glossary with the Japanese names, read once per generation and version."""

    version: str
    is_current: bool
    entries: list[GlossaryEntry]  # the glossary's own (English) order
    html: dict[str, str] = field(default_factory=dict, repr=False)  # by language (judge.rules.presenters)
    # language -> anchor -> the definition as HTML (judge.rules.presenters)
    definitions: dict[str, dict[str, str]] = field(default_factory=dict, repr=False)

    def groups(
        self, lang: str, entries: Sequence[GlossaryEntry] | None = None
    ) -> list[tuple[str, list[GlossaryEntry]]]:
        """Headings and their entries: by initial in English; in Japanese by kana row (あ か さ …) of the
        reading, as the Japanese Comprehensive Rules order their glossary, then the words that have no
        Japanese name, in English order (heading "")."""
        entries = self.entries if entries is None else entries
        groups: dict[str, list[GlossaryEntry]] = {}
        if lang == "ja":
            for entry in sorted(entries, key=lambda e: japanese.sort_key(e.reading)):
                groups.setdefault(japanese.row(entry.reading) if entry.names_ja else "", []).append(entry)
            order = [*japanese.ROW_ORDER, ""]
            return [(heading, groups[heading]) for heading in order if heading in groups]
        for entry in entries:
            initial = entry.term.lstrip("“\"'")[:1].upper()
            groups.setdefault(initial if initial.isalpha() else "#", []).append(entry)
        return list(groups.items())

    def find(self, q: str) -> list[GlossaryEntry]:
        """The entries with a spelling (English, Japanese, the reading in kana) that holds ``q``."""
        key = _filter_key(q)
        return [e for e in self.entries if any(key in k for k in e.keys)] if key else self.entries


def _filter_key(text: str) -> str:
    """Reduced for the glossary's filter: width, case, spaces; hiragana as katakana (とうそつ: 統率者)."""
    text = japanese_key(text)
    return "".join(chr(ord(c) + 0x60) if "ぁ" <= c <= "ゖ" else c for c in text)


def glossary(*, version: str | None = None) -> Glossary:
    corpus = live_corpus()
    return _glossary(_generation(corpus), resolve_version(corpus, version))


@functools.lru_cache(maxsize=8)
def _glossary(generation: tuple[int, str], version: str) -> Glossary:
    table = term_table()
    corpus = models.Corpus.objects.get(pk=generation[0])
    terms = list(models.GlossaryTerm.objects.filter(release=_releases(generation)[version]).order_by("position"))
    rows = [
        tuple(t for t in glossary_terms(table.english, term.term) if t.name_ja and not t.one_way)
        for term in terms
    ]
    readings = japanese.readings([r[0].name_ja if r else "" for r in rows])
    entries = []
    for term, found, kana in zip(terms, rows, readings, strict=True):
        keys = {_filter_key(term.term), _filter_key(kana)}
        keys.update(_filter_key(spelling) for row in found for spelling in (*row.ja, *row.en))
        entries.append(
            GlossaryEntry(
                term=term.term,
                definition=term.definition,
                anchor=f"term-{term.position + 1}",
                rows=found,
                names_ja=tuple(row.name_ja for row in found),
                reading=kana,
                keys=tuple(sorted(keys - {""})),
            )
        )
    return Glossary(version=version, is_current=version == corpus.current_version, entries=entries)


def glosser(corpus: models.Corpus) -> Glosser:
    """The words the rule pages gloss for a Japanese reader, with the current glossary's definitions."""
    return _glosser(_generation(corpus), corpus.current_version)


@functools.lru_cache(maxsize=2)
def _glosser(generation: tuple[int, str], version: str) -> Glosser:
    entries = _glossary(generation, version).entries
    entry_of: dict[Term, GlossaryEntry] = {}
    # A word is glossed with the entry that is about it alone ("Tap") before one it shares ("Tap and Untap").
    for alone in (True, False):
        for entry in entries:
            if (len(entry.rows) == 1) is alone:
                for row in entry.rows:
                    entry_of.setdefault(row, entry)
    items: list[tuple[Sequence[str], Gloss, bool]] = []
    for position, term in enumerate(term_table().terms):
        entry = entry_of.get(term)
        if not term.name_ja or term.kind in NOT_GLOSSED or (entry is None and not term.rule):
            continue
        gloss = Gloss(
            key=str(position),
            en=term.en[0],
            name_ja=term.name_ja,
            definition=entry.definition if entry else "",
            anchor=entry.anchor if entry else "",
            rule=term.rule,
        )
        # Another English spelling of a row may be another Japanese word ("phased out" is フェイズ・アウト,
        # not フェイズ・イン): glossed only when the row has one Japanese word.
        spellings = [s for s in (term.en if len(term.ja) == 1 else term.en[:1]) if s not in EVERYDAY_WORDS]
        items.append((spellings, gloss, term.kind not in KEYWORDS))
    return Glosser(items)


# --------------------------------------------------------------------------- Japanese passages


MAX_PASSAGES = 4
# The Japanese documents explain the multiplayer variants: they use the other words of the game in
# passing (対象, 墓地), which doesn't make a passage an explanation of those rules.
VARIANT_WORDS = frozenset({"commander", "multiplayer", "planechase", "variant"})
CARD_NAME = re.compile(r"《[^》]*》")


@dataclass
class _DocIndex:
    sections: list[tuple[models.DocSection, str]]  # every Japanese section, with all its text
    citing: dict[str, list[models.DocSection]]  # rule number -> the sections citing it
    translating: dict[str, list[models.DocSection]]  # rule number -> the sections translating it


@functools.lru_cache(maxsize=2)
def _doc_index(generation: tuple[int, str]) -> _DocIndex:
    corpus = models.Corpus.objects.get(pk=generation[0])
    sections = annotate_sections(
        corpus,
        list(
            models.DocSection.objects.filter(corpus=corpus)
            .select_related("source")
            .order_by("source__slug", "position")
        ),
    )
    index = _DocIndex(sections=[], citing={}, translating={})
    for section in sections:
        text = "\n".join([section.heading, section.text, *section.details, *section.examples, *section.notes])
        index.sections.append((section, CARD_NAME.sub("", text)))  # 《不死の標》 is no use of 不死
        if section.aligned_number:
            index.translating.setdefault(section.aligned_number, []).append(section)
        cited: list[str] = []
        for reference in find_references(text):
            for number in reference.numbers:
                number = section.link_map.get(number, number)  # type: ignore[attr-defined]
                if number not in cited and number != section.aligned_number:
                    cited.append(number)
        for number in cited:
            index.citing.setdefault(number, []).append(section)
    return index


# --------------------------------------------------------------------------- the history of a rule


class Change(enum.StrEnum):
    """What a release did to a rule (``GET /api/rules/<number>/history``)."""

    ADDED = "added"  # the first release it is in (or the oldest release ingested)
    CHANGED = "changed"  # same number, other text or examples
    UNCHANGED = "unchanged"
    RENUMBERED = "renumbered"  # another number (its text may have changed too)
    REMOVED = "removed"  # the first release it is no longer in


@dataclass(frozen=True)
class HistoryEntry:
    version: str
    number: str  # its number in that release (removed: the number it had before)
    change: Change
    text: str | None  # None when removed
    examples: list[str]
    diff: list[tuple[str, str]]  # word diff from the entry before (text and examples), when they differ
    previous_number: str | None = None  # its number in the entry before (None: the first entry)
    # Added where the release before had another rule of this number: (that release, where its rule went)
    displaced: tuple[str, str | None] | None = None

    @property
    def changed(self) -> bool:
        return bool(self.diff)

    def to_json(self) -> dict[str, object]:
        return {"version": self.version, "number": self.number, "change": self.change.value, "text": self.text,
                "examples": self.examples}


@dataclass(frozen=True)
class RuleHistory:
    number: str  # as asked
    version: str  # the release it was asked in (default: the newest one that has this number)
    entries: list[HistoryEntry]
    oldest: str  # the oldest release ingested with this numbering: "added" there means "already there"
    current_number: str | None  # its number in the current rules (None: removed)

    @property
    def latest(self) -> HistoryEntry:
        """The last version of its text (before a removal)."""
        return next(e for e in reversed(self.entries) if e.change is not Change.REMOVED)

    def timeline(self) -> list[tuple[HistoryEntry, list[str]]]:
        """Newest first, each entry with the versions after it that left the rule unchanged."""
        items: list[tuple[HistoryEntry, list[str]]] = []
        for entry in self.entries:
            if entry.change is Change.UNCHANGED and items:
                items[-1][1].append(entry.version)
            else:
                items.append((entry, []))
        return items[::-1]


def _full_text(rule: models.Rule) -> str:
    return "\n".join([rule.text, *rule.examples])


def _content(rule: models.Rule) -> tuple[str, str, list[str]]:
    return rule.title, rule.text, rule.examples


def rule_history(*, number: str, version: str | None = None) -> RuleHistory | None:
    """The rule ``number`` of ``version`` in every release it is in, and what each release did to it.

    Without a version: the newest release that has this number. None when no release numbered like
    the current rules has it (pre-2009 releases have other rules under the same numbers). Raises
    UnknownVersion for a version that is not ingested.
    """
    corpus = live_corpus()
    return _rule_history(_generation(corpus), resolve_version(corpus, version) if version else None, number)


@functools.lru_cache(maxsize=1024)
def _rule_history(generation: tuple[int, str], version: str | None, number: str) -> RuleHistory | None:
    line = _lineage(generation)
    by_version = _releases(generation)
    if version is None:
        having = models.Rule.objects.filter(release__in=[by_version[v] for v in line.versions], number=number)
        version = having.order_by("-version").values_list("version", flat=True).first()
    if version is None or version not in line:
        return None
    trace, removed_in = line.trace(number, version)
    rows = models.Rule.objects.filter(
        release__in=[by_version[v] for v, _ in trace], number__in={n for _, n in trace}
    )
    found = {(rule.version, rule.number): rule for rule in rows}
    if (version, number) not in found:
        return None
    entries: list[HistoryEntry] = []
    previous: models.Rule | None = None
    for release_version, release_number in trace:
        rule = found[(release_version, release_number)]
        diff: list[tuple[str, str]] = []
        displaced = None
        if previous is None:
            change = Change.ADDED
            displaced = _displaced(line, by_version, release_version, release_number)
        else:
            if _content(previous) != _content(rule):
                diff = word_diff(_full_text(previous), _full_text(rule))
            change = (
                Change.RENUMBERED if rule.number != previous.number else Change.CHANGED if diff else Change.UNCHANGED
            )
        entries.append(HistoryEntry(release_version, release_number, change, rule.text, list(rule.examples), diff,
                                    previous.number if previous else None, displaced))
        previous = rule
    if removed_in and previous is not None:
        entries.append(HistoryEntry(removed_in, previous.number, Change.REMOVED, None, [], [], previous.number))
    return RuleHistory(
        number=number,
        version=version,
        entries=entries,
        oldest=line.versions[0],
        current_number=None if removed_in else trace[-1][1],
    )


def _displaced(
    line: Lineage, by_version: dict[str, models.Release], version: str, number: str
) -> tuple[str, str | None] | None:
    """When the release before ``version`` had another rule numbered ``number``: that release, and the
    number of its rule in ``version`` (None: removed). A rule rewritten under its number is often such a
    case: its old text moved to a subrule ("903.9" of 2020 is "903.9b" now)."""
    position = line.versions.index(version)
    if position == 0:
        return None
    before = line.versions[position - 1]
    if not models.Rule.objects.filter(release=by_version[before], number=number).exists():
        return None
    return before, line.successor(number, since=before, until=version)


def japanese_passages(corpus: models.Corpus, rule: models.Rule) -> list[Passage]:
    """Japanese passages for a rule with no Japanese text of its own, best first (at most MAX_PASSAGES).

    First the passages that cite the rule; then those that use a word of the multiplayer variants
    the rule defines in the term table (903.10a defines commander damage: the Commander rules'
    passage on 21 points of 統率者ダメージ), unless so many passages use it that it tells nothing;
    then the Japanese text of its parent rule and the passages citing that. Duel Masters documents
    are left out of the word matches: their words mean other things.
    """
    index = _doc_index(_generation(corpus))
    found: list[Passage] = []

    def add(section: models.DocSection, reason: str, *, term: str = "", number: str = "") -> None:
        if len(found) < MAX_PASSAGES and all(p.section.pk != section.pk for p in found):
            found.append(Passage(section=section, reason=reason, term=term, rule=number))

    for section in index.citing.get(rule.number, []):
        add(section, "cites", number=rule.number)
    for term in term_table().by_rule.get(rule.number, []):
        if term.kind not in VARIANT_WORDS:
            continue
        spellings = [s for s in term.ja if s == term.name_ja or len(s) >= 3]
        using = [
            section
            for section, text in index.sections
            if section.source.slug != ja_dtc.SLUG and any(s in text for s in spellings)
        ]
        if len(using) <= MAX_PASSAGES:  # a word many passages use (デッキ) picks out none of them
            for section in using:
                add(section, "term", term=term.name_ja, number=rule.number)
    if "." in rule.parent:  # a rule's parent rule; a section's text is its title only
        for section in [*index.translating.get(rule.parent, []), *index.citing.get(rule.parent, [])]:
            add(section, "parent", number=rule.parent)
    return found


def japanese_documents() -> list[DocumentInfo]:
    """Every document other than the Comprehensive Rules files, Magic first, then by slug."""
    corpus = live_corpus()
    infos = [DocumentInfo.of(s) for s in models.Source.objects.filter(corpus=corpus).exclude(kind="cr")]
    return sorted(infos, key=lambda info: (info.is_duel_masters, info.slug))


def document(*, slug: str) -> tuple[DocumentInfo, list[models.DocSection]] | None:
    corpus = live_corpus()
    source = models.Source.objects.filter(corpus=corpus, slug=slug).exclude(kind="cr").first()
    if source is None:
        return None
    return DocumentInfo.of(source), annotate_sections(corpus, list(source.sections.order_by("position")))


# --------------------------------------------------------------------------- versions and their changes


@dataclass
class VersionChanges:
    old: str
    new: str
    added: list[models.Rule]
    removed: list[models.Rule]
    # (the rule in ``old``, the same rule in ``new``, word diff): text or examples changed, maybe renumbered too
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]]
    renumbered: list[tuple[str, str]] = field(default_factory=list)  # (number in old, number in new)


def comparable_versions(corpus: models.Corpus) -> list[str]:
    """The versions the changes page compares: the ones numbered like the current rules."""
    return lineage(corpus).versions


def version_changes(*, old: str, new: str) -> VersionChanges | None:
    """What changed from release ``old`` to release ``new`` (given in either order), each rule followed
    through its renumbering. None when either is not ingested or is numbered before July 2009."""
    corpus = live_corpus()
    line = lineage(corpus)
    if old not in line or new not in line:
        return None  # numbers of releases before and after the July 2009 renumbering name different rules
    old, new = sorted((old, new))
    return _version_changes(_generation(corpus), old, new)


@functools.lru_cache(maxsize=16)
def _version_changes(generation: tuple[int, str], old: str, new: str) -> VersionChanges:
    by_version = _releases(generation)
    before = {r.number: r for r in models.Rule.objects.filter(release=by_version[old])}
    after = {r.number: r for r in models.Rule.objects.filter(release=by_version[new])}
    moves = _lineage(generation).moves(old, new)
    removed: list[models.Rule] = []
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]] = []
    renumbered: list[tuple[str, str]] = []
    kept: set[str] = set()
    for number, rule in before.items():
        target = moves.get(number, number)
        if target is None or target not in after:
            removed.append(rule)
            continue
        kept.add(target)
        if target != number:
            renumbered.append((number, target))
        if _content(rule) != _content(after[target]):
            changed.append((rule, after[target], word_diff(_full_text(rule), _full_text(after[target]))))
    return VersionChanges(
        old=old,
        new=new,
        added=sorted((rule for number, rule in after.items() if number not in kept), key=lambda r: sort_key(r.number)),
        removed=sorted(removed, key=lambda r: sort_key(r.number)),
        changed=sorted(changed, key=lambda c: sort_key(c[1].number)),
        renumbered=sorted(renumbered, key=lambda pair: sort_key(pair[0])),
    )
