"""How each Commander Brackets criterion is read from the card data: the one place the readings live.

:mod:`judge.engine.brackets` holds a list against the criteria; this module says what counts:

- an **extra-turn card**: its Oracle text gives a player an extra turn ("takes an extra turn");
- a **mass land denial card**: its Oracle text destroys, exiles, sacrifices or returns all lands (not a
  sweeper that spares them: "all permanents except for artifacts and lands", "all nonland permanents"), or
  keeps everyone's lands from untapping (Rising Waters, Winter Orb) — not a drawback that keeps only *your
  own* lands tapped ("Lands you control don't untap during your next untap step", Bontu's Last Reckoning);
- a **combo's results** (Commander Spellbook's features): infinite or game-winning, infinite turns (chained
  extra turns), mass land denial;
- a **combo's timing**: the mana Commander Spellbook says it needs (``manaValueNeeded``: 4 or less early, 5
  arguably early, 6 or more late). Where the data gives none (missing, or 0), it is estimated from its
  cards' mana values (at least what casting them costs), or said to be unknown: never the fastest.

``rules_data/bracket_card_overrides.tsv`` corrects the few cards the text misreads, each with its reason.
The worked texts are ``tests/engine/cases/bracket_oracle_texts.tsv`` (real Oracle texts, near-misses too).

>>> from judge.engine.cards import Card, Face
>>> text = "Destroy all creatures. Lands you control don't untap during your next untap step."
>>> bontu = Card(name="Bontu's Last Reckoning",
...              faces=(Face(name="Bontu's Last Reckoning", type_line="Sorcery", oracle_text=text),))
>>> land_denial_words(bontu, {})
(False, '', None)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from judge.engine.brackets_data import CardOverride
from judge.engine.cards import Card, normalise_name
from judge.engine.messages import Text

EXTRA_TURN_RE = re.compile(
    r"\btakes? (?:an|one|two|three|four|x|that many|\w+) extra turns?\b", re.IGNORECASE
)
# Between "all" and "lands": no "nonland" (a sweeper of everything else), no "except" or "other than" (a
# sweeper that spares the lands: "all permanents except for artifacts and lands").
_ALL_THE_LANDS = r"(?:(?!nonland|except|other than)[^.\n]){0,60}?"
MASS_LAND_DENIAL_RES = (
    re.compile(rf"\b(?:destroy|exile) all {_ALL_THE_LANDS}\blands\b", re.IGNORECASE),
    re.compile(rf"\bsacrifices? all {_ALL_THE_LANDS}\blands\b", re.IGNORECASE),
    re.compile(
        rf"\breturn all {_ALL_THE_LANDS}\b(?:lands|permanents)\b to their owners'? hands", re.IGNORECASE
    ),
    # Everyone's lands kept tapped; "Lands you control don't untap" (your own, a drawback) is not denial.
    re.compile(
        r"\blands\b(?:(?!\byou control(?:led)?\b)[^.\n]){0,40}?\b(?:don't|doesn't|do not) untap\b",
        re.IGNORECASE,
    ),
    re.compile(r"\bcan't untap more than \w+ lands?\b", re.IGNORECASE),
)
#: A combo's result that makes it an infinite (or game-winning) combo for the criteria.
INFINITE_RE = re.compile(r"\binfinite\b|\bwin the game\b|\blose the game\b", re.IGNORECASE)
CHAINED_TURNS_RE = re.compile(r"(?:near-)?infinite (?:extra )?turns?", re.IGNORECASE)
COMBO_LAND_DENIAL_RE = re.compile(r"mass land (?:destruction|denial)", re.IGNORECASE)
EARLY_MANA = 4  # Commander Spellbook: mana value needed 4 or less, "definitely early game"
ARGUABLY_EARLY_MANA = 5
SHOWN_WORDS = 90


#: Each mass land denial pattern's reading, in the order of MASS_LAND_DENIAL_RES.
_LAND_READINGS = (
    "destroy-all-lands",
    "sacrifice-all-lands",
    "return-all-lands",
    "lands-dont-untap",
    "untap-limit",
)


def reading_of(found: str) -> str:
    """Which reading the words that decided a card match ("extra-turn", "destroy-all-lands", ...; "" for
    none): each has a message ``brackets.reading.<reading>`` saying in the reader's words what the quoted
    English Oracle words do.

    >>> reading_of("Destroy all lands"), reading_of("exile all lands"), reading_of("takes an extra turn")
    ('destroy-all-lands', 'exile-all-lands', 'extra-turn')
    >>> reading_of("")
    ''
    """
    if not found:
        return ""
    if EXTRA_TURN_RE.search(found):
        return "extra-turn"
    for reading, pattern in zip(_LAND_READINGS, MASS_LAND_DENIAL_RES, strict=True):
        if pattern.search(found):
            exiled = reading == "destroy-all-lands" and found.casefold().startswith("exile")
            return "exile-all-lands" if exiled else reading
    return ""


def words(match: re.Match[str]) -> str:
    """The words that decided a card, shortened to what a step shows."""
    found = match.group(0).strip()
    return found if len(found) <= SHOWN_WORDS else found[: SHOWN_WORDS - 1] + "…"


def override_reason(override: CardOverride) -> Text:
    return Text(en=override.reason, ja=override.reason_ja or override.reason)


def extra_turn_words(
    card: Card, overrides: Mapping[tuple[str, str], CardOverride], *, key: str | None = None
) -> tuple[bool, str, Text | None]:
    """(is an extra-turn card, the words that decided it, the override's reason or None); ``key``: the
    card's normalised name, when the caller has it."""
    override = overrides.get((normalise_name(card.name) if key is None else key, "extra-turn"))
    match = EXTRA_TURN_RE.search(card.rules_text)
    if override is not None:
        return override.verdict, words(match) if match else "", override_reason(override)
    return (True, words(match), None) if match else (False, "", None)


def land_denial_words(
    card: Card, overrides: Mapping[tuple[str, str], CardOverride], *, key: str | None = None
) -> tuple[bool, str, Text | None]:
    """(is a mass land denial card, the words that decided it, the override's reason or None)."""
    override = overrides.get((normalise_name(card.name) if key is None else key, "mass-land-denial"))
    found = next((m for m in (p.search(card.rules_text) for p in MASS_LAND_DENIAL_RES) if m), None)
    if override is not None:
        return override.verdict, words(found) if found else "", override_reason(override)
    return (True, words(found), None) if found else (False, "", None)


@lru_cache(maxsize=4096)
def feature_kinds(features: tuple[str, ...]) -> tuple[bool, bool, bool]:
    """(infinite or chained turns, mass land denial, an infinite or game-winning result) of a combo's
    results; the same few results recur across combos, so each tuple is read once.

    >>> feature_kinds(("Infinite turns",)), feature_kinds(("Draw cards",))
    ((True, False, True), (False, False, False))
    """
    return (
        any(CHAINED_TURNS_RE.search(f) for f in features),
        any(COMBO_LAND_DENIAL_RE.search(f) for f in features),
        any(INFINITE_RE.search(f) for f in features),
    )


@dataclass(frozen=True)
class ComboTiming:
    """When a combo comes together: ``"early"``, ``"arguably-early"``, ``"late"`` or ``"unknown"``, from the
    ``mana`` it needs; ``estimated`` when that is the sum of its cards' mana values (the data gave none)."""

    timing: str
    mana: int | None
    estimated: bool = False


def combo_timing(
    mana_value_needed: int | None, cards: Sequence[str], known: Mapping[str, Card]
) -> ComboTiming:
    """A combo's timing from the mana Commander Spellbook says it needs; where it gives none (missing, or 0:
    no combo of cards is free to assemble), from its cards' mana values, a lower bound said as such; with a
    card the list's data does not know (or cards that cost nothing), unknown.

    >>> combo_timing(3, ("A", "B"), {})
    ComboTiming(timing='early', mana=3, estimated=False)
    >>> combo_timing(None, ("A", "B"), {}).timing
    'unknown'
    """
    if mana_value_needed is not None and mana_value_needed > 0:
        return ComboTiming(_timing(mana_value_needed), mana_value_needed)
    found = [known.get(normalise_name(name)) for name in cards]
    if not cards or any(card is None for card in found):
        return ComboTiming("unknown", None)
    total = sum(card.mana_value for card in found if card is not None)
    if total == 0:
        return ComboTiming("unknown", None)  # free cards say nothing of what running the combo costs
    return ComboTiming(_timing(total), total, estimated=True)


def _timing(mana: int) -> str:
    if mana <= EARLY_MANA:
        return "early"
    return "arguably-early" if mana <= ARGUABLY_EARLY_MANA else "late"


__all__ = [
    "ComboTiming",
    "combo_timing",
    "extra_turn_words",
    "feature_kinds",
    "land_denial_words",
]
