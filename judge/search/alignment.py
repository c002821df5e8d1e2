"""How a translation's alignment with today's rules ranks and places a hit (the ``status`` and ``aligned`` of
judge.search.documents, from judge.parsing.linking).

- A translation whose text is not today's rule (changed, renumbered, deleted, unchecked) weighs less: its
prior
  is x OUTDATED_PRIOR.
- Of one rule's texts in one language that match nearly as well, the one shown is today's: the whole
translation
  of the current release before an old excerpt, before an unchecked one (``standings``, ``shown_text``).
- A hit stands under the current rule it translates (``placed``): a renumbered rule under today's number, a
  deleted one under its document's section.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from judge.parsing.linking import STATUS_RANK
from judge.search.documents import OUTDATED, WHOLE_TRANSLATION_PREFIX, SearchDoc
from judge.search.index import LiveIndex

# An outdated text ranks below one of the same score that is today's (and, at 1.5 x 0.8, still above the other
# language for a reader of its own: judge.search.ranking.UI_LANG_BOOST).
OUTDATED_PRIOR = 0.8
# ... among the texts that match the query at least this share as well as the best one of that language: a
# current text that barely matches does not replace an old one that matches well.
SHOWN_SHARE = 0.5


def status_prior(status: str) -> float:
    """
    >>> status_prior("current"), status_prior(""), status_prior("unchecked")
    (1.0, 1.0, 0.8)
    """
    return OUTDATED_PRIOR if status in OUTDATED else 1.0


def standings(live: LiveIndex) -> list[tuple[int, int, int]]:
    """Every document number's standing among the texts of one rule in one language, best (smallest) first:
    its status (today's text first, judge.parsing.linking.STATUS_RANK; a text that translates no rule as
    today's), then the whole translation before excerpts, then the newest release.
    Computed once per index generation."""
    key = "standings"
    found: list[tuple[int, int, int]] | None = live.extras.get(key)
    if found is None:
        found = live.extras[key] = [
            (
                STATUS_RANK.get(status, 0),
                0 if doc.startswith(WHOLE_TRANSLATION_PREFIX) else 1,
                -int(version) if version.isdigit() else 0,
            )
            for status, doc, version in zip(
                live.column("status"), live.column("doc"), live.column("version"), strict=True
            )
        ]
    return found


def shown_text(found: Sequence[tuple[float, int]], standing: Sequence[tuple[int, ...]]) -> tuple[float, int]:
    """The best score of one rule's texts in one language (``found``: score, document number) and the
    document shown for it: of the texts that match at least SHOWN_SHARE as well as the best, today's text
    first (``standing``), then the best score.

    >>> standing = [(3, 1, 0), (0, 0, -20260116)]  # 0: an unchecked excerpt, 1: today's whole translation
    >>> shown_text([(10.0, 0), (6.0, 1)], standing), shown_text([(10.0, 0), (4.0, 1)], standing)
    ((10.0, 1), (10.0, 0))
    """
    best = max(score for score, _ in found)
    return best, min((standing[d], -score, d) for score, d in found if score >= SHOWN_SHARE * best)[2]


def placed(doc: SearchDoc) -> SearchDoc:
    """The document as a hit shows and links it: under the current rule it stands for (a renumbered
    translation under today's number; a deleted one under no rule, so it links to its document's section).

    >>> doc = SearchDoc(key="k", rule="805.10g", lang="ja", source="", doc="cr-805-ja", version="20231117",
    ...                 title="", body="", anchor="r805-10g", status="renumbered", aligned="805.10f")
    >>> placed(doc).rule, placed(replace(doc, status="deleted", aligned="")).rule
    ('805.10f', None)
    """
    rule = doc.current_rule
    return doc if rule == doc.rule else replace(doc, rule=rule)
