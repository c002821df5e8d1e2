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
from judge.rules import documents, models, translations
from judge.rules.history import full_text
from judge.rules.selectors import generation, rules_of


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
    )
    return Standing(
        status=status,
        follows=section.compared_version or info.placed_by,
        known=bool(section.compared_version),
        judgement=judgement,
    )


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
