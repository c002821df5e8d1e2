"""Reads. Every query goes through the live corpus generation."""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from judge.engine.rule_numbers import sort_key
from judge.parsing import ja_dtc
from judge.parsing.comprehensive_rules import numbering_of
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
    history: list[dict[str, object]] = field(default_factory=list)
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

    @property
    def is_current(self) -> bool:
        return self.version == self.corpus.current_version


def successor(corpus: models.Corpus, number: str) -> str | None:
    """The current number of a rule that an older version numbered ``number`` (old citations keep working)."""
    row = (
        models.Renumbering.objects.filter(corpus=corpus, old_number=number)
        .order_by("-from_version")
        .values_list("new_number", flat=True)
        .first()
    )
    return row


def _children(corpus: models.Corpus, rule: models.Rule) -> list[models.Rule]:
    rules = models.Rule.objects.filter(corpus=corpus, version=rule.version)
    if rule.kind == "chapter":
        return list(rules.filter(parent=rule.number).order_by("position"))
    if rule.kind == "section":
        # A section shows every rule and subrule under it, in order.
        return list(rules.filter(number__startswith=rule.number + ".").order_by("position"))
    return list(rules.filter(parent=rule.number).order_by("position"))


def _breadcrumb(corpus: models.Corpus, rule: models.Rule) -> list[models.Rule]:
    chain: list[models.Rule] = []
    parent = rule.parent
    while parent:
        found = models.Rule.objects.filter(corpus=corpus, version=rule.version, number=parent).first()
        if found is None:
            break
        chain.insert(0, found)
        parent = found.parent
    return chain


def _history(corpus: models.Corpus, number: str) -> list[dict[str, object]]:
    """The rule's text in every ingested version, following renumbering to the older numbers."""
    old_numbers = dict(
        models.Renumbering.objects.filter(corpus=corpus, new_number=number).values_list("from_version", "old_number")
    )
    renumbered_away = set(
        models.Renumbering.objects.filter(corpus=corpus, old_number=number)
        .exclude(new_number=number)
        .values_list("from_version", flat=True)
    )
    history: list[dict[str, object]] = []
    previous_text: str | None = None
    # A release numbered before July 2009 has other rules under the same numbers: not this rule's history.
    numbering = numbering_of(corpus.current_version)
    for version in (v for v in corpus.versions if numbering_of(v) is numbering):
        if version in old_numbers:
            old = old_numbers[version]
        elif version in renumbered_away:
            old = None  # that version's rule of this number is another rule now
        else:
            old = number
        rule = (
            models.Rule.objects.filter(corpus=corpus, version=version, number=old).first() if old else None
        )
        text = rule.text if rule else None
        history.append(
            {
                "version": version,
                "number": old if rule else None,
                "text": text,
                "changed": rule is not None and previous_text is not None and text != previous_text,
                "diff": word_diff(previous_text, text) if rule and previous_text and text != previous_text else [],
            }
        )
        previous_text = text if rule else previous_text
    return history


def _generation(corpus: models.Corpus) -> tuple[int, str]:
    """A key for per-process caches of one corpus generation.

    A generation never changes once written, so what is read from it can be kept for the life of
    the process. The creation time is part of the key because a rolled-back ingest (tests) can
    hand the same primary key to a different generation.
    """
    return corpus.pk, corpus.created.isoformat()


def renumbering_maps(corpus: models.Corpus) -> dict[str, dict[str, str]]:
    """For each older version: old number -> current number, for the rules that moved."""
    return _renumbering_maps(_generation(corpus))


@functools.lru_cache(maxsize=4)
def _renumbering_maps(generation: tuple[int, str]) -> dict[str, dict[str, str]]:
    maps: dict[str, dict[str, str]] = {}
    for version, old, new in models.Renumbering.objects.filter(corpus_id=generation[0]).values_list(
        "from_version", "old_number", "new_number"
    ):
        maps.setdefault(version, {})[old] = new
    return maps


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
    rule = models.Rule.objects.filter(corpus=corpus, version=version, number=number).first()
    if rule is None:
        return None
    siblings = models.Rule.objects.filter(corpus=corpus, version=version)
    children = _children(corpus, rule)
    translations: list[models.DocSection] = []
    child_translations: dict[str, list[models.DocSection]] = {}
    passages: list[Passage] = []
    if version == corpus.current_version:
        translations, child_translations = translations_of(corpus, number, [c.number for c in children])
        if not translations:
            passages = japanese_passages(corpus, rule)
    return RulePage(
        corpus=corpus,
        rule=rule,
        version=version,
        breadcrumb=_breadcrumb(corpus, rule),
        children=children,
        previous=siblings.filter(position__lt=rule.position).order_by("-position").first(),
        next=siblings.filter(position__gt=rule.position).order_by("position").first(),
        cited_by=sorted(
            set(
                models.Citation.objects.filter(corpus=corpus, version=version, to_number=number).values_list(
                    "from_number", flat=True
                )
            ),
            key=sort_key,
        ),
        translations=translations,
        child_translations=child_translations,
        history=_history(corpus, number) if version == corpus.current_version else [],
        old_texts={
            section.pk: models.Rule.objects.filter(
                corpus=corpus, version=section.compared_version, number=section.cr_number
            ).first()
            for section in translations
            if section.differs_from_current and section.compared_version and section.cr_number
        },
        passages=passages,
        topics=[] if rule.title else term_table().by_rule.get(number, []),
    )


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
    """The chapters and sections of the current rules, read once per generation."""

    entries: list[IndexEntry]
    html: dict[str, str] = field(default_factory=dict, repr=False)  # by language (judge.rules.presenters)


def rule_index() -> RuleIndex:
    return _rule_index(_generation(live_corpus()))


@functools.lru_cache(maxsize=2)
def _rule_index(generation: tuple[int, str]) -> RuleIndex:
    corpus = models.Corpus.objects.get(pk=generation[0])
    rules = models.Rule.objects.filter(
        corpus=corpus, version=corpus.current_version, kind__in=["chapter", "section"]
    ).order_by("position")
    return RuleIndex([IndexEntry(r.number, r.kind, r.title, title_ja(r)) for r in rules])


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
    terms = list(models.GlossaryTerm.objects.filter(corpus=corpus, version=version).order_by("position"))
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


@dataclass
class VersionChanges:
    old: str
    new: str
    added: list[models.Rule]
    removed: list[models.Rule]
    changed: list[tuple[models.Rule, models.Rule, list[tuple[str, str]]]]
    # (old number, new number) of rules whose text moved to another number; known when ``new`` is current
    renumbered: list[tuple[str, str]] = field(default_factory=list)


def version_changes(*, old: str, new: str) -> VersionChanges | None:
    corpus = live_corpus()
    if old not in corpus.versions or new not in corpus.versions or numbering_of(old) is not numbering_of(new):
        return None  # numbers of releases before and after the July 2009 renumbering name different rules
    before = {r.number: r for r in models.Rule.objects.filter(corpus=corpus, version=old)}
    after = {r.number: r for r in models.Rule.objects.filter(corpus=corpus, version=new)}
    changed = []
    for number in sorted(before.keys() & after.keys(), key=sort_key):
        a, b = before[number], after[number]
        if (a.text, a.examples) != (b.text, b.examples):
            old_text = "\n".join([a.text, *a.examples])
            new_text = "\n".join([b.text, *b.examples])
            changed.append((a, b, word_diff(old_text, new_text)))
    renumbered: list[tuple[str, str]] = []
    if new == corpus.current_version and old != new:
        renumbered = sorted(
            models.Renumbering.objects.filter(corpus=corpus, from_version=old).values_list(
                "old_number", "new_number"
            ),
            key=lambda pair: sort_key(pair[0]),
        )
    return VersionChanges(
        old=old,
        new=new,
        renumbered=renumbered,
        added=[after[n] for n in sorted(after.keys() - before.keys(), key=sort_key)],
        removed=[before[n] for n in sorted(before.keys() - after.keys(), key=sort_key)],
        changed=changed,
    )
