"""How far the Japanese of the rules follows the current English: the translation status.

The whole translation of the Comprehensive Rules (``cr-ja-YYYYMMDD``, judge.rules.translations) translates
one release. Against the current release (``english``) the status counts the current rules (every numbered
line, chapters and sections included, as ``GET /api/rules/<number>`` has them), the ones a whole translation
is aligned to (``translated``, whatever its status), the ones whose chosen whole-translation text
(judge.rules.translations.whole_by_rule, best first as ``choose`` orders them) was made from an English that
has changed or moved since
(``changed_since_translation``: status changed or renumbered) and the ones no whole translation has
(``missing``). For each changed rule it keeps the English of the release translated (by the section's
``cr_number``), today's English and their word diff, for the status page.

For readers it also counts what the rule pages show (:class:`Coverage`): each current rule's own Japanese,
from any document (the excerpts and wiki quotes too), chosen as the rule page chooses it
(judge.rules.translations.choose) and told as the rule page tells it (judge.rules.standings): today's rule in
substance, outdated (only an earlier rule's translation), or none; and which documents the Japanese comes
from, with their dates.

Read once per generation and kept per process (:func:`judge.rules.selectors.generation`): the rule pages
read it on every view.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from judge.parsing.versions import word_diff
from judge.rules import documents, models, selectors, translations
from judge.rules.history import full_text
from judge.rules.standings import standings_of

# The statuses of a whole-translation text whose English has changed since the release it translates.
OUT_OF_DATE = frozenset({models.DocSection.Status.CHANGED, models.DocSection.Status.RENUMBERED})


@dataclass(frozen=True)
class ChangedRule:
    """A current rule whose Japanese was translated from an older English."""

    number: str  # today's number
    old_number: str  # its number in the release translated (differs when it was renumbered)
    version: str  # the release translated
    status: str  # "changed" or "renumbered"
    old_text: str | None  # the English of that release (None: not found there)
    new_text: str  # today's English (text and examples)
    diff: tuple[
        tuple[str, str], ...
    ]  # word diff old -> new (judge.parsing.versions.word_diff); () when the same

    @property
    def renumbered(self) -> bool:
        return self.old_number != self.number


@dataclass(frozen=True)
class JapaneseSource:
    """A document the rule pages' Japanese comes from."""

    slug: str
    title_ja: str
    title_en: str
    follows: str  # the release its rules were compared with, or the closest one ("" when none)
    known: bool  # the release it follows is known (declared or dated by content)
    date: str  # ISO, the date the document gives ("" when none)
    current: int  # current rules whose page shows its Japanese as today's rule
    outdated: int  # current rules whose page shows its Japanese only as an earlier rule's

    def to_payload(self) -> dict[str, object]:
        return {
            "slug": self.slug,
            "title": {"ja": self.title_ja, "en": self.title_en},
            "follows": self.follows or None,
            "follows_known": self.known,
            "date": self.date or None,
            "current": self.current,
            "outdated": self.outdated,
        }


@dataclass(frozen=True)
class Coverage:
    """What the rule pages of the current rules show in Japanese (judge.rules.standings)."""

    current: tuple[str, ...] = ()  # rules whose Japanese is today's rule in substance
    outdated: tuple[str, ...] = ()  # rules whose only Japanese translates an earlier rule (on request only)
    none: tuple[str, ...] = ()  # rules with no Japanese text of their own
    sources: tuple[JapaneseSource, ...] = ()

    def to_payload(self) -> dict[str, object]:
        return {
            "current": len(self.current),
            "outdated": list(self.outdated),
            "none": len(self.none),
            "sources": [source.to_payload() for source in self.sources],
        }


@dataclass(frozen=True)
class TranslationStatus:
    english: str  # the current release
    translation: str | None  # the release the primary whole translation translates (None: no translation)
    translation_slug: str | None  # its document (judge.rules.documents.document)
    rules: int  # every numbered line of the current release
    translated: int  # the current rules a whole translation is aligned to
    changed_since_translation: tuple[str, ...]  # rule numbers, in rule order
    missing: tuple[str, ...]  # rule numbers, in rule order
    changes: tuple[ChangedRule, ...] = field(default=(), repr=False)  # one per changed_since_translation
    japanese: Coverage = field(default_factory=Coverage, repr=False)  # what the rule pages show

    def to_payload(self) -> dict[str, object]:
        """``GET /api/translation-status``."""
        return {
            "english": self.english,
            "translation": self.translation,
            "rules": self.rules,
            "translated": self.translated,
            "changed_since_translation": list(self.changed_since_translation),
            "missing": list(self.missing),
            # What the rule pages show (from every document): {"current", "outdated": [numbers], "none",
            # "sources": [{"slug", "title", "follows", "follows_known", "date", "current", "outdated"}]}
            "japanese": self.japanese.to_payload(),
        }


def translation_status() -> TranslationStatus:
    """The status of the live generation; raises NoCorpus before the first ingest."""
    return status_of(selectors.generation(selectors.live_corpus()))


@functools.lru_cache(maxsize=4)
def status_of(generation: tuple[int, str]) -> TranslationStatus:
    """:func:`translation_status` of a generation, kept per process."""
    corpus = models.Corpus.objects.get(pk=generation[0])
    current = list(selectors.rules_of(corpus).order_by("position").only("number", "text", "examples"))
    primary = translations.primary(generation)
    chosen_by_rule = translations.whole_by_rule(
        generation
    )  # the whole translations' best section of each rule
    by_version = selectors.releases_by_version(generation)
    changed: list[tuple[models.Rule, models.DocSection]] = []
    missing: list[str] = []
    translated = 0
    for rule in current:
        chosen = chosen_by_rule.get(rule.number)
        if chosen is None:
            missing.append(rule.number)
            continue
        translated += 1
        if chosen.status in OUT_OF_DATE:
            changed.append((rule, chosen))
    old_rules = _old_rules([section for _, section in changed], by_version)
    changes = []
    for rule, section in changed:
        old = old_rules.get((section.compared_version, section.cr_number))
        old_text = full_text(old) if old else None
        new_text = full_text(rule)
        changes.append(
            ChangedRule(
                number=rule.number,
                old_number=section.cr_number or rule.number,
                version=section.compared_version,
                status=section.status,
                old_text=old_text,
                new_text=new_text,
                # Renumbered only: no diff (the page says its English is the same).
                diff=tuple(word_diff(old_text, new_text))
                if old_text is not None and old_text != new_text
                else (),
            )
        )
    numbers = tuple(rule.number for rule, _ in changed)
    return TranslationStatus(
        english=corpus.current_version,
        translation=(primary.translated_from or None) if primary else None,
        translation_slug=primary.slug if primary else None,
        rules=len(current),
        translated=translated,
        changed_since_translation=numbers,
        missing=tuple(missing),
        changes=tuple(changes),
        japanese=coverage(corpus, [rule.number for rule in current]),
    )


def coverage(corpus: models.Corpus, numbers: list[str]) -> Coverage:
    """What the rule pages of ``numbers`` (the current rules, in order) show in Japanese."""
    rows = documents.annotate_sections(
        corpus,
        list(
            models.DocSection.objects.filter(corpus=corpus)
            .exclude(aligned_number="")
            .select_related("source")
            .order_by("source__slug", "position")
        ),
    )
    by_number: dict[str, list[models.DocSection]] = {}
    for section in rows:
        by_number.setdefault(section.aligned_number, []).append(section)
    chosen = {number: translations.choose(found) for number, found in by_number.items()}
    standings = standings_of(corpus, [s for found in chosen.values() for s in found])
    current: list[str] = []
    outdated: list[str] = []
    none: list[str] = []
    shown: dict[int, documents.DocumentInfo] = {}
    counts: dict[str, list[int]] = {}  # slug -> [current, outdated]
    for number in numbers:
        found = chosen.get(number, [])
        if not found:
            none.append(number)
            continue
        todays = [s for s in found if standings[s.pk].todays]
        first = todays[0] if todays else found[0]  # the text the page shows first
        info: documents.DocumentInfo = first.document  # type: ignore[attr-defined]
        shown.setdefault(first.source_id, info)
        (current if todays else outdated).append(number)
        counts.setdefault(info.slug, [0, 0])[0 if todays else 1] += 1
    sources = tuple(
        JapaneseSource(
            slug=info.slug,
            title_ja=info.title_ja,
            title_en=info.title_en,
            follows=info.compared_version or info.placed_by,
            known=bool(info.compared_version),
            date=info.date,
            current=counts[info.slug][0],
            outdated=counts[info.slug][1],
        )
        for info in sorted(shown.values(), key=lambda i: -sum(counts[i.slug]))
    )
    return Coverage(current=tuple(current), outdated=tuple(outdated), none=tuple(none), sources=sources)


def _old_rules(
    sections: list[models.DocSection], by_version: dict[str, models.Release]
) -> dict[tuple[str, str], models.Rule]:
    """(release, number) -> the rule of that release each section was translated from."""
    wanted: dict[str, set[str]] = {}
    for section in sections:
        if section.compared_version in by_version and section.cr_number:
            wanted.setdefault(section.compared_version, set()).add(section.cr_number)
    found: dict[tuple[str, str], models.Rule] = {}
    for version, numbers in wanted.items():
        for rule in models.Rule.objects.filter(release=by_version[version], number__in=numbers):
            found[(version, rule.number)] = rule
    return found
