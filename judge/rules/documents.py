"""The Japanese documents: what each says about itself, their sections beside the rules, their passages.

A document's own facts and the release it was compared with (:class:`DocumentInfo`, from ``Source`` and its
``meta``); its sections annotated for reading (references followed through the renumbering); the Japanese
sections of a current rule and its subrules; and, for a rule with no Japanese text of its own, the Japanese
passages that cite or explain it. Read from the live generation (judge.rules.selectors) and kept per
process and generation.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from judge.parsing import ja_dtc
from judge.parsing.references import find_references
from judge.rules import models, translations
from judge.rules.names import term_table
from judge.rules.selectors import generation, live_corpus, releases_by_version, renumbering_maps, rules_of

KIND_LABELS: dict[str, Promise] = {
    models.Source.Kind.CR: gettext_lazy("Comprehensive Rules"),
    models.Source.Kind.CR_TRANSLATION: gettext_lazy("Comprehensive Rules in Japanese"),
    models.Source.Kind.FORMAT_RULES: gettext_lazy("Format rules"),
    models.Source.Kind.HOUSE_RULES: gettext_lazy("House rules"),
    models.Source.Kind.PROSE: gettext_lazy("Wiki article"),
}
GAME_LABELS: dict[str, Promise] = {
    "magic": gettext_lazy("Magic: The Gathering"),
    "duel-masters": gettext_lazy("Duel Masters"),
}
DATE_LABELS: dict[str, Promise] = {
    "updated": gettext_lazy("Last updated"),  # 最終更新
    "synced": gettext_lazy("Last synced"),  # 最終同期
    "edition": gettext_lazy("Latest edition"),  # 第N版
}


@dataclass(frozen=True)
class DocumentInfo:
    """What a Japanese document says about itself and the release it was compared with (``Source`` and
    its ``meta``, written by ``judge.rules.ingest.writing.document_meta``). The file name is for the
    document's own page only."""

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
    moved: tuple[
        tuple[str, str], ...
    ] = ()  # unknown release: (its number, the closest release's) placed by content

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

    def to_payload(self) -> dict[str, object]:
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


# --------------------------------------------------------------------------- sections beside the rules


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


def old_english(corpus: models.Corpus, sections: Sequence[models.DocSection]) -> dict[int, models.Rule]:
    """Section pk -> the English each translated rule that is not today's was made from: its rule in the
    release
    it was compared with, or for a translation of an unknown release, in the closest release (where its
    content
    placed it: DocumentInfo.moved). One query per release, however many subrules a section page has (702)."""
    wanted: dict[str, dict[str, list[int]]] = {}  # release -> number there -> section pks
    # The releases this generation holds (a version the corpus names but no longer holds has no English).
    ingested = releases_by_version(generation(corpus)) if sections else {}
    for section in sections:
        if not section.differs_from_current or not section.cr_number:
            continue
        info: DocumentInfo = section.document  # type: ignore[attr-defined]
        version = section.compared_version or info.placed_by
        if not version or version not in ingested:
            continue
        number = (
            section.cr_number
            if section.compared_version
            else dict(info.moved).get(section.cr_number, section.cr_number)
        )
        wanted.setdefault(version, {}).setdefault(number, []).append(section.pk)
    found: dict[int, models.Rule] = {}
    for version, numbers in wanted.items():
        for rule in rules_of(corpus, version).filter(number__in=numbers):
            found.update(dict.fromkeys(numbers[rule.number], rule))
    return found


# --------------------------------------------------------------------------- Japanese passages


@dataclass(frozen=True)
class Passage:
    """A Japanese passage about a rule that has no Japanese text of its own, and why it is shown."""

    section: models.DocSection
    # "cites": it cites the rule; "term": it uses the word (``term``) the rule defines;
    # "parent": it translates or cites the rule's parent rule
    reason: str
    term: str = ""
    rule: str = ""  # the rule it cites or translates
    # "states": the release whose English changed the rule in words since the passage's date ("" for none)
    changed_in: str = ""


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
