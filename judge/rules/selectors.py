"""Reads. Every query goes through the live corpus generation."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from judge.engine.rule_numbers import sort_key
from judge.parsing.comprehensive_rules import numbering_of
from judge.parsing.versions import word_diff
from judge.rules import models


class NoCorpus(LookupError):
    """Nothing has been ingested yet."""


def live_corpus() -> models.Corpus:
    corpus = models.Corpus.objects.filter(is_live=True).order_by("-pk").first()
    if corpus is None:
        raise NoCorpus("no corpus has been ingested: run `python manage.py ingest`")
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
    if version == corpus.current_version:
        translations, child_translations = translations_of(corpus, number, [c.number for c in children])
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
    )


def chapters() -> list[models.Rule]:
    corpus = live_corpus()
    return list(
        models.Rule.objects.filter(corpus=corpus, version=corpus.current_version, kind__in=["chapter", "section"])
        .order_by("position")
    )


def glossary(*, version: str | None = None) -> tuple[str, list[models.GlossaryTerm]]:
    corpus = live_corpus()
    version = resolve_version(corpus, version)
    return version, list(models.GlossaryTerm.objects.filter(corpus=corpus, version=version).order_by("position"))


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
