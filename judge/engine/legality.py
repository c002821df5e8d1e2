"""Whether a deck's cards are legal in its format, read from published card data, never from a list in the
code.

Scryfall gives each card a ``legalities`` object (format -> ``legal``,
``not_legal``, ``restricted`` or ``banned``); MTGJSON gives the same in its
own spelling (``"Not Legal"``), which serves as a cross-check when both are
imported. The check reads the status of the deck's format for every card
(commanders, deck and companion), names the source and its date in every
answer ("Scryfall, 2026-11-20"), and says so when it could not check:
with no data at all, legality was not checked; a card the data has no status
for is listed as unchecked.

Formats: Commander is Scryfall's ``commander``; Brawl is CR 903.12's 60-card
Brawl, Scryfall's ``standardbrawl`` (903.12b: its cards usually come from
Standard; Scryfall's ``brawl`` is the 100-card game played online).

A card banned only as a companion (Lutri, the Spellchaser since the Commander
announcement of 2026-02-09) has no status of its own in either source, so
those names come with their own published source (:class:`CompanionBans`).

>>> from judge.engine.cards import Card, Face
>>> from judge.engine.variants import Variant
>>> crypt = Card(name="Mana Crypt", faces=(Face(name="Mana Crypt"),), legalities=(("commander", "banned"),))
>>> data = LegalityData(source=LegalitySource(name="Scryfall", date="2026-11-20"))
>>> check = check_legality(data=data, variant=Variant.COMMANDER, cards=[crypt])
>>> [(f.card, f.rule, f.message.text("en")) for f in check.problems]
[('Mana Crypt', 'data:scryfall-2026-11-20', 'Mana Crypt is banned in Commander (Scryfall, 2026-11-20)')]
>>> check_legality(data=None, variant=Variant.COMMANDER, cards=[crypt]).notes[0].render("en")
'Card legality was not checked: this site has no list of Magic cards to check them against yet.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.engine.cards import Card, normalise_name
from judge.engine.messages import Message, Text, msg
from judge.engine.steps import Step
from judge.engine.variants import Variant

#: The data's format key for each deck check (Scryfall's and MTGJSON's keys are the same).
FORMAT_KEYS: dict[Variant, str] = {Variant.COMMANDER: "commander", Variant.BRAWL: "standardbrawl"}
#: What a legality problem cites: the data that decided it ("data:scryfall-2026-11-20",
#: :attr:`LegalitySource.citation`), never a ban list in the code or the 2021 Commander document's. Brawl's
#: list has no rule; a card outside Brawl's card pool is outside Standard's (903.12b).
NOT_LEGAL_RULES: dict[Variant, str] = {Variant.BRAWL: "903.12b"}
#: A legality note with no data behind it (legality was not checked).
NO_DATA = "data:none"
BANNED_RULES: dict[Variant, str] = {Variant.COMMANDER: NO_DATA, Variant.BRAWL: "banned:brawl"}
STATUSES = ("legal", "not_legal", "restricted", "banned")
MAX_FORMATS = 64  # Scryfall publishes about 20 formats; room to spare, not a flood


def normalise_status(value: str) -> str:
    """A status in Scryfall's spelling: MTGJSON's "Not Legal" -> "not_legal".

    >>> normalise_status("Not Legal"), normalise_status("banned")
    ('not_legal', 'banned')
    """
    return "_".join(value.strip().lower().split())


def legalities_from(value: Any) -> tuple[tuple[str, str], ...]:
    """The (format, status) pairs of a ``legalities`` object, statuses normalised; anything else is dropped.

    >>> legalities_from({"commander": "Banned", "vintage": "Restricted", "x": 3})
    (('commander', 'banned'), ('vintage', 'restricted'))
    >>> legalities_from("banned")
    ()
    """
    if not isinstance(value, Mapping):
        return ()
    # Sorted: a JSON object has no order, and PostgreSQL's jsonb gives its keys back in another one.
    pairs = sorted(
        (key[:40], normalise_status(status))
        for key, status in list(value.items())[:MAX_FORMATS]
        if isinstance(key, str) and isinstance(status, str) and normalise_status(status) in STATUSES
    )
    return tuple(pairs)


@dataclass(frozen=True)
class LegalitySource:
    """Where legality statuses come from, and the date the data was published."""

    name: str  # "Scryfall", "MTGJSON"
    date: str  # "2026-11-20"; "" when unknown

    @property
    def label(self) -> str:
        """ "Scryfall, 2026-11-20" (the same in both languages: a name and an ISO date)."""
        return f"{self.name}, {self.date}" if self.date else self.name

    @property
    def citation(self) -> str:
        """What a legality step cites: this data and its date, "data:scryfall-2026-11-20".

        >>> LegalitySource(name="Wizards of the Coast", date="2026-02-09").citation
        'data:wizards-of-the-coast-2026-02-09'
        """
        slug = "-".join(re.findall(r"[a-z0-9]+", self.name.lower())) or "data"
        return f"data:{slug}-{self.date}" if self.date else f"data:{slug}"


@dataclass(frozen=True)
class CompanionBans:
    """Cards banned only as a companion, per format key, with the announcement they come from."""

    names: Mapping[str, frozenset[str]]  # format key -> normalised names
    source: LegalitySource

    def banned(self, card: Card, format_key: str) -> bool:
        listed = self.names.get(format_key, frozenset())
        return normalise_name(card.name) in listed or normalise_name(card.front_name) in listed


@dataclass(frozen=True)
class LegalityData:
    """The sources of the imported card data's legality statuses (the statuses ride on each :class:`Card`)."""

    source: LegalitySource
    cross_check: LegalitySource | None = None
    companion_bans: CompanionBans | None = None


@dataclass(frozen=True)
class Finding:
    """One legality problem: the card, the rule or list it breaks, why."""

    card: str
    rule: str
    message: Message


@dataclass(frozen=True)
class LegalityCheck:
    problems: tuple[Finding, ...] = ()
    notes: tuple[Step, ...] = field(default_factory=tuple)


def _card(card: Card) -> Message:
    """A card in a message: its Japanese name in Japanese where the card data knows it (《連合の勝利》)."""
    if card.japanese_names and card.japanese_names[0] != card.name:
        return msg("deck.card", name=Text(en=card.name, ja=card.japanese_names[0]))
    return msg("deck.card", name=card.name)


def _cites(variant: Variant, source: LegalitySource) -> str:
    """A ban's citation: the data's (Commander), Brawl's banned list."""
    return "banned:brawl" if variant is Variant.BRAWL else source.citation


def check_legality(
    *, data: LegalityData | None, variant: Variant, cards: Sequence[Card], companion: Card | None = None
) -> LegalityCheck:
    """Every card's status in ``variant``'s format, from the data; the companion also against companion bans.

    ``cards`` are the commanders and the deck (repeats are checked once).
    """
    format_key = FORMAT_KEYS[variant]
    if data is None:
        return LegalityCheck(notes=(Step.of("legality.not-checked", rule=NO_DATA),))
    problems: list[Finding] = []
    notes: list[Step] = []
    unknown: list[str] = []
    differs: list[str] = []
    seen: set[str] = set()
    for card in [*cards, *([companion] if companion is not None else [])]:
        if card.name in seen:
            continue
        seen.add(card.name)
        status = dict(card.legalities).get(format_key)
        if status is None:
            unknown.append(card.name)
            continue
        if status == "banned":
            problems.append(
                Finding(
                    card=card.name,
                    rule=_cites(variant, data.source),
                    message=msg(
                        "legality.banned",
                        card=_card(card),
                        format=variant.label,
                        source=data.source.label,
                    ),
                )
            )
        elif status == "not_legal":
            problems.append(
                Finding(
                    card=card.name,
                    rule=NOT_LEGAL_RULES.get(variant, data.source.citation),
                    message=msg(
                        "legality.not-legal",
                        card=_card(card),
                        format=variant.label,
                        source=data.source.label,
                    ),
                )
            )
        other = dict(card.cross_legalities).get(format_key)
        if data.cross_check is not None and other is not None and other != status:
            differs.append(card.name)
    bans = data.companion_bans
    if (
        companion is not None
        and bans is not None
        and dict(companion.legalities).get(format_key) != "banned"
        and bans.banned(companion, format_key)
    ):
        problems.append(
            Finding(
                card=companion.name,
                rule=bans.source.citation,
                message=msg(
                    "legality.banned-as-companion",
                    card=_card(companion),
                    format=variant.label,
                    source=bans.source.label,
                ),
            )
        )
    rule = data.source.citation
    if data.cross_check is not None:
        notes.append(
            Step.of(
                "legality.checked-cross",
                rule=rule,
                format=variant.label,
                source=data.source.label,
                cross=data.cross_check.label,
            )
        )
    else:
        notes.append(Step.of("legality.checked", rule=rule, format=variant.label, source=data.source.label))
    if differs:
        notes.append(
            Step.of(
                "legality.sources-differ",
                rule=rule,
                cards=", ".join(differs[:20]),
                source=data.source.name,
                cross=data.cross_check.name if data.cross_check else "",
            )
        )
    if unknown:
        notes.append(
            Step.of("legality.unknown", rule=rule, cards=", ".join(unknown[:20]), source=data.source.label)
        )
    return LegalityCheck(problems=tuple(problems), notes=tuple(notes))
