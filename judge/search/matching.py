"""Which documents a built query finds, and how well: every word in one document, else the closest matches.

``find_matches`` scores the documents that have every unit of the query (with phrase, proximity and
first-sentence bonuses); when none has them all, the documents with the most of its words, weighted by
rarity (``Match.partial``), and the words no document has (``Match.dead``, which spelling may fix).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from judge.search.documents import SourceKind
from judge.search.evaluate import Evaluator, Scores, top
from judge.search.index import LiveIndex
from judge.search.query_builder import BuiltQuery, Unit


@dataclass
class Match:
    """Scores of the documents found; for closest matches, the words each document lacks."""

    scores: Scores
    partial: bool = False
    dead: tuple[Unit, ...] = ()  # words no document has (spelling may fix them)
    slots: tuple[tuple[Unit, Scores], ...] = ()  # closest matches: each word and where it was found

    def missing(self, docnum: int) -> tuple[str, ...]:
        """The words (as typed) a document of a closest match lacks."""
        return tuple(unit.text for unit, found in self.slots if docnum not in found)


FEW_GROUPS = 5  # fewer rules than this with every word of a question: the closest matches follow them
BONUS_WITHIN = 400  # documents a phrase bonus is checked in, the best by their words' scores


def _bonus(evaluator: Evaluator, built: BuiltQuery, within: set[int]) -> Scores:
    """Phrase, proximity and first-sentence bonuses of the documents found (phrases checked there only)."""
    return evaluator.scores(built.bonus, within=within) if built.bonus is not None else {}


def magic_docs(live: LiveIndex) -> frozenset[int]:
    """The documents about Magic: all but the Duel Masters house rules (once per generation)."""
    found: frozenset[int] | None = live.extras.get("magic-docs")
    if found is None:
        house = SourceKind.HOUSE_RULES.value
        found = live.extras["magic-docs"] = frozenset(
            d for d, kind in enumerate(live.column("kind")) if kind != house
        )
    return found


def _every_unit(evaluator: Evaluator, built: BuiltQuery, parts: list[Scores], common: set[int]) -> Match:
    """The documents that have every unit: their units' scores summed, plus the bonuses of the best."""
    total = dict.fromkeys(common, 0.0)
    for part in parts:
        for d in common:
            if d in part:
                total[d] += part[d]
    # Phrases are checked in the best documents only: a word that every rule of a whole translation has
    # (プレイヤー) would otherwise have its positions read in thousands of documents (bench/translation.md).
    best = common if len(common) <= BONUS_WITHIN else {d for d, _ in top(total, BONUS_WITHIN)}
    for d, score in _bonus(evaluator, built, best).items():
        if d in best:
            total[d] += score
    return Match(total)


def find_matches(
    live: LiveIndex, built: BuiltQuery, allow: set[int] | None, *, prefer: frozenset[int] | None = None
) -> Match:
    """Every unit in one document; else the documents with the most words (weighted by rarity).

    ``prefer``: the documents a question is about (the rules of Magic, for a query that names no other
    game): when only other documents have every word (「統率者税 2回」 in the Duel Masters house rules),
    the closest matches among the preferred ones are found too, beside them."""
    evaluator = Evaluator(live.searcher(), live.postings)

    def scores(unit: Unit) -> Scores:
        found = evaluator.scores(unit.query)
        return {d: s for d, s in found.items() if d in allow} if allow is not None else found

    parts = [scores(u) for u in built.units]
    negative = evaluator.scores(built.negative) if built.negative is not None else {}
    smallest: Scores = min(parts, key=len) if parts else {}
    common = set(smallest)
    for part in parts:
        common = part.keys() & common  # reads the smaller side only (set.intersection reads all)
    common.difference_update(negative.keys())
    full: Scores = {}
    few = False
    if common:
        match = _every_unit(evaluator, built, parts, common)
        groups = live.groups()
        # A question of several words that few rules have all of
        # (「パーマネントのオーナーがゲームから離れた」: 800.4a says "owned", not "permanent") also gets the
        # closest matches, after them.
        about = prefer is None or not common.isdisjoint(prefer)
        few = about and len(parts) > 1 and len({groups[d] for d in match.scores}) < FEW_GROUPS
        if (about or len(parts) == 1) and not few:
            return match
        full = match.scores
    # Closest matches, counted by word: a document with the term "combat damage" has both words,
    # one with only "combat" has one of them.
    slots: list[tuple[Unit, Scores]] = []
    for unit, part in zip(built.units, parts, strict=True):
        if not unit.words:
            slots.append((unit, part))
            continue
        share = 1 / len(unit.words)
        for word in unit.words:
            alone = scores(word)
            slots.append((word, {**alone, **{d: s * share for d, s in part.items()}}))
    dead = tuple(unit for unit, found in slots if not found)
    alive = [found for _, found in slots if found]
    if not alive or len(slots) == 1:
        return Match(full, dead=dead)
    # The weight of a word is its rarity (a document lacking "hybrid" misses more than one lacking
    # "mana"); a document's score is scaled by the square of the share of the weight it has.
    universe = max(1, len(live.groups()))
    weights = [math.log(1 + universe / len(found)) for found in alive]
    total_weight = sum(weights)
    summed: Scores = {}
    weighed: Scores = {}
    for weight, found in zip(weights, alive, strict=True):
        # (comprehensions: a loop per document found was most of a long question's closest matches)
        add, have = summed.get, weighed.get
        summed.update({d: add(d, 0.0) + score for d, score in found.items()})
        weighed.update({d: have(d, 0.0) + weight for d in found})
    for d in negative:
        summed.pop(d, None)
    bonus = _bonus(evaluator, built, set(summed))
    matched = {
        d: (score + bonus.get(d, 0.0)) * (weighed[d] / total_weight) ** 2 for d, score in summed.items()
    }
    matched.update(full)  # documents with every word keep their whole score
    # With a few documents of every word found, the result is theirs (not "closest matches"); the others
    # found beside them say which words they lack.
    return Match(matched, partial=not few, dead=dead, slots=tuple(slots))
