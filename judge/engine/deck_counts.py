"""The deck checks that need no card data: the card count, repeated names, the number of commanders (903.5).

When no card data has been imported, a Commander or Brawl decklist still gets
these answers, plus one note naming the checks that need card data (card
names, legality, colour identity, the commander's type, the companion). Every
name is taken as typed, so a repeated name is reported unless it is a basic
land's name in English or Japanese (島, 冠雪の島, 荒地: basic lands are exempt from 903.5b); a card
whose own text allows more copies can only be recognised with card data, which the problem says.

>>> from judge.engine.decklist import parse_decklist
>>> check = check_without_cards(
...     decklist=parse_decklist(text="COMMANDER\\n1 Kenrith\\nDECK\\n2 Sol Ring\\n50 Forest"))
>>> [p.rule for p in check.problems], check.legal
(['903.5a', '903.5b'], False)
>>> check.notes[0].render("en").startswith("Checked without the list of Magic cards")
True
"""

from __future__ import annotations

from judge.engine.cards import BASIC_LAND_TYPES, JAPANESE_BASIC_NAMES, SNOW_COVERED_JA, normalise_name
from judge.engine.deck_types import DeckCheck, Problem, card_name
from judge.engine.decklist import Decklist, Section
from judge.engine.messages import msg
from judge.engine.steps import Step
from judge.engine.variants import Variant

#: Names of basic lands (205.4c): one per basic land type, their snow-covered versions, and Wastes, in
#: English and in Japanese.
BASIC_LAND_NAMES = frozenset(
    normalise_name(name)
    for land in (*BASIC_LAND_TYPES, "Wastes")
    for name in (
        land,
        f"Snow-Covered {land}",
        JAPANESE_BASIC_NAMES[land],
        f"{SNOW_COVERED_JA}{JAPANESE_BASIC_NAMES[land]}",
    )
)


def check_without_cards(*, decklist: Decklist, variant: Variant = Variant.COMMANDER) -> DeckCheck:
    """The checks of a Commander (903.5) or Brawl (903.12) decklist that need no card data.

    ``legal`` is False: without card data a deck is never shown to be legal; when these checks find no
    problem either, the verdict is "not checked" (``checked`` False), not "not legal".

    >>> from judge.engine.decklist import parse_decklist
    >>> check = check_without_cards(decklist=parse_decklist(text="統率者\\n1 Kenrith\\nデッキ\\n99 島"))
    >>> check.problems, check.verdict
    ((), 'unchecked')
    """
    problems: list[Problem] = []
    commanders = [e.name for e in decklist.section(Section.COMMANDER) for _ in range(min(e.count, 100))]
    if not commanders:
        problems.append(Problem(card="", rule="903.3", message=msg("deck.no-commander")))
    elif len(commanders) > 2:
        problems.append(
            Problem(
                card=", ".join(commanders),
                rule="702.124g",
                message=msg("deck.too-many-commanders", count=len(commanders)),
            )
        )
    deck = decklist.section(Section.DECK)
    size = 60 if variant is Variant.BRAWL else 100
    total = len(commanders) + sum(e.count for e in deck)
    if total != size:
        rule = "903.12d" if variant is Variant.BRAWL else "702.124b" if len(commanders) == 2 else "903.5a"
        code = "deck.size-two" if len(commanders) > 1 else "deck.size-one"
        problems.append(Problem(card="", rule=rule, message=msg(code, total=total, size=size)))
    copies: dict[str, tuple[str, int]] = {}
    for name, count in [*((n, 1) for n in commanders), *((e.name, e.count) for e in deck)]:
        key = normalise_name(name)
        first, seen = copies.get(key, (name, 0))
        copies[key] = (first, seen + count)
    for key, (name, count) in copies.items():
        if count > 1 and key not in BASIC_LAND_NAMES:
            problems.append(
                Problem(
                    card=name,
                    rule="903.5b",
                    message=msg("legality.copies-unchecked", count=count, card=card_name(name)),
                )
            )
    companions = [e.name for e in decklist.section(Section.COMPANION)]
    if sum(e.count for e in decklist.section(Section.COMPANION)) > 1:
        problems.append(
            Problem(card=", ".join(companions), rule="702.139a", message=msg("deck.one-companion"))
        )
    for entry in decklist.section(Section.SIDEBOARD):
        problems.append(
            Problem(card=entry.name, rule="903.5e", message=msg("deck.sideboard", card=card_name(entry.name)))
        )
    note = Step.of("legality.needs-card-data", rule="903.5")
    return DeckCheck(legal=False, problems=tuple(problems), notes=(note,), checked=False)
