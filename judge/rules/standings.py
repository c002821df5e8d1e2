"""What a reader is told about each Japanese text of a rule: today's rule in substance, or not.

A text's alignment status (``DocSection.status``, judge.parsing.linking) says whether the English it was made
from is today's; its *standing* (judge.parsing.substance.standing) also says whether a difference is one of
substance (``outdated``) or of wording the rules changed without changing their meaning (``wording-changed``).
The English compared is the rule of the release the text follows, or for a text of an unknown release the
closest release's (judge.rules.documents.old_english), against today's rule. The same decision is made at the
index build for search (judge.parsing.linking.AlignedSection.standing); here it is read from the live
generation, so rule pages, the API and the translation status agree without a new ingest."""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from judge.parsing import substance
from judge.parsing.dating import earliest_follow
from judge.rules import documents, models, translations
from judge.rules.history import full_text
from judge.rules.selectors import generation, releases, renumbering_maps, rules_of


@functools.cache
def rewrites() -> tuple[substance.Rewrite, ...]:
    """The meaning-preserving rewrites (``rules_data/wording_rewrites.tsv``), read once per process."""
    return substance.load_rewrites()


@dataclass(frozen=True)
class Standing:
    status: str  # judge.parsing.substance.STANDINGS
    follows: str  # the release the text follows, or for an unknown release the closest one ("" when none)
    known: bool  # the release it follows is known (False: ``follows`` is only the closest release)
    judgement: substance.Judgement

    @property
    def todays(self) -> bool:
        """Today's rule in substance: shown as the rule's Japanese (else only on request)."""
        return self.status in substance.TODAYS


def standing_of(section: models.DocSection, old: models.Rule | None, now: models.Rule | None) -> Standing:
    """The standing of ``section`` (annotated: judge.rules.documents.annotate_sections), made from ``old``
    (the English it follows, None when not found) and standing beside ``now`` (today's rule, None for
    none)."""
    info: documents.DocumentInfo = section.document  # type: ignore[attr-defined]
    status, judgement = substance.standing(
        section.status,
        full_text(old) if old is not None else None,
        full_text(now) if now is not None else None,
        rewrites(),
        placed_by_content=section.cr_number in dict(info.moved),
        history=history(section, info, now),
    )
    return Standing(
        status=status,
        follows=section.compared_version or info.placed_by,
        known=bool(section.compared_version),
        judgement=judgement,
    )


def history(
    section: models.DocSection, info: documents.DocumentInfo, now: models.Rule | None
) -> tuple[str | None, ...] | None:
    """For a text that names no release it follows (judge.parsing.dating), today's rule's English in each
    loaded release from the oldest the text could follow to today's (judge.parsing.substance.standing's
    ``history``); None for a text of a known release. A text of an unknown release could predate every
    loaded release: an empty history, read without a query."""
    if info.dating not in ("content", "unknown") or now is None:
        return None
    if info.dating == "unknown":
        return ()
    corpus = section.corpus
    versions = [release.version for release in releases(corpus)]
    earliest = earliest_follow(info.dating, info.compared_version, info.matching_versions, versions)
    if not earliest:
        return ()
    maps = renumbering_maps(corpus)
    wanted: dict[str, str] = {}  # release -> the number today's rule had there ("" when none)
    for version in versions[versions.index(earliest) :]:
        moved = maps.get(version, {}) if version != corpus.current_version else {}
        back = {new: old for old, new in moved.items()}
        wanted[version] = back.get(now.number, "" if now.number in moved else now.number)
    found = {
        (rule.release.version, rule.number): full_text(rule)
        for rule in models.Rule.objects.filter(
            release__in=[r for r in releases(corpus) if r.version in wanted],
            number__in={n for n in wanted.values() if n},
        ).select_related("release")
    }
    return tuple(found.get((version, number)) for version, number in wanted.items())


def standings_of(corpus: models.Corpus, sections: Sequence[models.DocSection]) -> dict[int, Standing]:
    """Section pk -> its standing, for annotated sections aligned to current rules (a few queries in all)."""
    old = documents.old_english(corpus, sections)
    numbers = {s.aligned_number for s in sections if s.aligned_number}
    now = {r.number: r for r in rules_of(corpus).filter(number__in=numbers)}
    return {s.pk: standing_of(s, old.get(s.pk), now.get(s.aligned_number)) for s in sections}


@dataclass(frozen=True)
class Beside:
    """A Japanese text beside a current rule and its standing: shown as the rule's Japanese only when
    ``todays`` (else as a translation of an earlier rule, on request), as on the rule page."""

    section: models.DocSection
    standing: Standing

    @property
    def todays(self) -> bool:
        return self.standing.todays

    @property
    def status(self) -> str:
        return self.standing.status

    @property
    def text(self) -> str:
        return self.section.text


def whole_beside(corpus: models.Corpus, numbers: Iterable[str]) -> dict[str, Beside]:
    """Today's rule number -> the whole translation's Japanese of it (judge.rules.translations.whole_by_rule)
    with its standing, for each of ``numbers`` that has one: what the changes page quotes."""
    chosen = translations.whole_by_rule(generation(corpus))
    # Copies: annotating must not touch the sections kept per process.
    sections = documents.annotate_sections(
        corpus, [copy.copy(chosen[n]) for n in dict.fromkeys(numbers) if n in chosen]
    )
    found = standings_of(corpus, sections)
    return {s.aligned_number: Beside(s, found[s.pk]) for s in sections}
