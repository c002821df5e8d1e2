"""Reads. Every query goes through the live corpus generation.

A generation never changes once written, so what is read from it is kept per process and
generation (see :func:`generation`): its releases, the lineage of its rules, rule pages and the rule
index here; histories and the changes between two releases in judge.rules.history; the glossary in
judge.rules.glossary.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db.models import Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from judge.engine.rule_numbers import sort_key
from judge.parsing import ja_dtc
from judge.parsing.lineage import Lineage, Step
from judge.parsing.records import GlossaryEntry as GlossaryRecord
from judge.parsing.records import Numbering, ParseWarning, RuleKind, RuleRecord, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.terms_table import Term
from judge.rules import models, translations
from judge.rules.names import term_table, title_ja

if TYPE_CHECKING:
    from judge.rules.history import HistoryEntry


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


def generation(corpus: models.Corpus) -> tuple[int, str]:
    """A key for per-process caches of one corpus generation.

    A generation never changes once written, so what is read from it can be kept for the life of
    the process. The creation time is part of the key because a rolled-back ingest (tests) can
    hand the same primary key to a different generation.
    """
    return corpus.pk, corpus.created.isoformat()


def generation_key(corpus: models.Corpus) -> str:
    """:func:`generation` as text, for the template fragment cache (the changes page's)."""
    return "-".join(str(part) for part in generation(corpus))


@functools.lru_cache(maxsize=4)
def releases_by_version(generation: tuple[int, str]) -> dict[str, models.Release]:
    """Version -> release, of one generation."""
    return {r.version: r for r in models.Release.objects.filter(generations=generation[0]).order_by("version")}


def releases(corpus: models.Corpus) -> list[models.Release]:
    """The generation's releases, oldest first."""
    return list(releases_by_version(generation(corpus)).values())


def rules_of(corpus: models.Corpus, version: str | None = None) -> QuerySet[models.Rule]:
    """The rules of one version of a generation (default: the current version)."""
    release = releases_by_version(generation(corpus))[version or corpus.current_version]
    return models.Rule.objects.filter(release=release)


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
    return lineage_of(generation(corpus))


@functools.lru_cache(maxsize=4)
def lineage_of(generation: tuple[int, str]) -> Lineage:
    """:func:`lineage` of a generation, kept per process."""
    by_version = releases_by_version(generation)
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
    return _renumbering_maps(generation(corpus))


@functools.lru_cache(maxsize=4)
def _renumbering_maps(generation: tuple[int, str]) -> dict[str, dict[str, str]]:
    return lineage_of(generation).renumbered()


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
    moved: tuple[tuple[str, str], ...] = ()  # unknown release: (its number, the closest release's) placed by content

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
            moved=tuple((str(old), str(new)) for old, new in meta.get("moved", ())),
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
    """Japanese sections for a current rule and its subrules: the sections aligned to each, best first
    (judge.rules.translations.choose: the whole translation's first).

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
    own = translations.choose([s for s in rows if s.aligned_number == number])
    by_child: dict[str, list[models.DocSection]] = {}
    for section in rows:
        if section.aligned_number != number:
            by_child.setdefault(section.aligned_number, []).append(section)
    return own, {child: translations.choose(sections) for child, sections in by_child.items()}


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


def old_english(corpus: models.Corpus, section: models.DocSection) -> models.Rule | None:
    """The English a translated rule was made from: its rule in the release it was compared with, or for a
    translation of an unknown release, in the closest release (where its content placed it: DocumentInfo.moved).
    """
    info: DocumentInfo = section.document  # type: ignore[attr-defined]
    version = section.compared_version or info.placed_by
    if not version or version not in corpus.versions:
        return None
    number = dict(info.moved).get(section.cr_number, section.cr_number) if not section.compared_version else (
        section.cr_number)
    return rules_of(corpus, version).filter(number=number).first()


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
            passages = japanese_passages(corpus, rule)
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
        old_texts={
            section.pk: old_english(corpus, section)
            for section in [*translations, *(s for found in child_translations.values() for s in found)]
            if section.differs_from_current and section.cr_number
        },
        passages=passages,
        topics=[] if rule.title else term_table().by_rule.get(number, []),
    )
    if current:
        # judge.rules.history reads the releases and lineage kept here: imported here, not at the top.
        from judge.rules.history import Change, rule_history_of

        found = rule_history_of(generation, version, number)
        # What changed only: with every release since 2009 loaded, unchanged releases would fill the page.
        if found:
            page.history = [e for e in found.entries if e.change is not Change.UNCHANGED]
            page.history_oldest = found.oldest
    elif page.comparable:
        page.successor = line.successor(number, since=version)
        page.removed_in = line.trace(number, version)[1] or ""
    return page


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


def japanese_passages(corpus: models.Corpus, rule: models.Rule) -> list[Passage]:
    """Japanese passages for a rule with no Japanese text of its own, best first (at most MAX_PASSAGES).

    First the passages that cite the rule; then those that use a word of the multiplayer variants
    the rule defines in the term table (903.10a defines commander damage: the Commander rules'
    passage on 21 points of 統率者ダメージ), unless so many passages use it that it tells nothing;
    then the Japanese text of its parent rule and the passages citing that. Duel Masters documents
    are left out of the word matches: their words mean other things.
    """
    index = _doc_index(generation(corpus))
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
