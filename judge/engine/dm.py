"""The Tag Commander deck rules (DTC, DTCS, DTB) for Duel Masters decks typed in by hand
(the typed format and its reading: judge.engine.dm_cards).

Deck rules follow the DTC house-rules document; each problem cites a stable id
(``dtc:deck-size``, ``dtc:singleton``, ``dtc:commander-rarity``, ...; see :data:`RULE_IDS`)
and is a message code (texts/dm.py) in Duel Masters words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from judge.engine.deck_types import DeckCheck, Problem
from judge.engine.dm_cards import (
    BANNED_NAMES,
    FIVE,
    SR_OR_HIGHER,
    Civilization,
    DmCard,
    DmDeck,
    normalise_dm_name,
    starts_in_battle_zone,
)
from judge.engine.messages import Message, msg
from judge.engine.rules_data import default_battle_zone_start
from judge.engine.steps import Step
from judge.engine.variants import Variant

RULE_IDS: dict[str, str] = {
    "dtc:singleton": "デッキ基本ルール: same-name cards at most one per deck",
    "dtc:main-deck-only": "デッキ基本ルール: GR and 超次元 cards are not used",
    "dtc:commander-creature": "統率者: the commander must be a creature",
    "dtc:commander-rarity": "統率者: SR or higher; no card without rarity",
    "dtc:commander-all-civilizations": "統率者: a card with every civilization can't be the commander",
    "dtc:commander-hall-of-fame": "統率者: a 殿堂 card (one per deck) can't be the commander",
    "dtc:deck-size": "メインデッキ: 60 cards including the commander",
    "dtc:civilizations": "メインデッキ: every civilization of every card is the commander's",
    "dtc:civilization-minimum": "メインデッキ: at least 12 cards of each commander civilization",
    "dtc:banned": "禁止カード: premium hall of fame, GR, 超次元, start-in-play cards, named cards",
    "dtcs:team-singleton": "DTCS: same-name cards at most one per team",
    "dtcs:commander-civilizations": "DTCS: the commander has at most two civilizations",
    "dtb:deck-size": "DTB: 40 cards including the commander",
    "dtb:card-pool": "DTB: the card pool (two blocks), not checked",
}


def _civ_text(civs: Iterable[Civilization]) -> Message:
    """Civilizations as "光/水" in Japanese, "light/water" in English."""
    labels = [c.label for c in civs]
    listed = labels[-1]
    for label in reversed(labels[:-1]):
        listed = msg("dm.civ-list", first=label, rest=listed)
    return listed


def _commander_problems(commander: DmCard, variant: Variant) -> list[Problem]:
    """A commander is a creature of SR or higher, not of all five civilizations nor in the hall of fame; in
    DTCS of at most two civilizations."""
    problems: list[Problem] = []
    commander_civs = frozenset(commander.civilizations)
    name, card = commander.name, msg("dm.card", name=commander.name)
    if not commander.is_creature:
        problems.append(
            Problem(
                card=name,
                rule="dtc:commander-creature",
                message=msg("dm.commander-not-creature", card=card),
            )
        )
    if commander.rarity not in SR_OR_HIGHER:
        problems.append(
            Problem(
                card=name,
                rule="dtc:commander-rarity",
                message=msg("dm.commander-rarity", card=card, rarity=commander.rarity),
            )
        )
    if commander_civs >= FIVE:
        problems.append(
            Problem(
                card=name,
                rule="dtc:commander-all-civilizations",
                message=msg("dm.commander-all-civilizations", card=card),
            )
        )
    if "hall-of-fame" in commander.tags:
        problems.append(
            Problem(
                card=name,
                rule="dtc:commander-hall-of-fame",
                message=msg("dm.commander-hall-of-fame", card=card),
            )
        )
    if variant is Variant.DTCS and len(commander_civs) > 2:
        problems.append(
            Problem(
                card=name,
                rule="dtcs:commander-civilizations",
                message=msg(
                    "dm.dtcs-commander-civilizations",
                    card=card,
                    civilizations=_civ_text(commander.civilizations),
                ),
            )
        )
    return problems


def check_dtc_deck(
    *, commander: DmCard | None, cards: Sequence[tuple[int, DmCard]], variant: Variant = Variant.DTC
) -> DeckCheck:
    """Check one Tag Commander deck; ``cards`` excludes the commander (the 60 includes it).

    DTB decks have 40 cards; DTCS commanders have at most two civilizations
    (the team-wide singleton is :func:`check_dtc_team`). The commander counts
    toward the 12-card minimum of its civilizations, since it is one of the 60.

    >>> from judge.engine.dm_cards import parse_dm_card
    >>> boss = parse_dm_card(line="ボルシャック・ドラゴン | 火 | SR | クリーチャー")
    >>> filler = [(1, parse_dm_card(line=f"火のカード{i} | 火 | C | 呪文")) for i in range(59)]
    >>> check_dtc_deck(commander=boss, cards=filler).legal
    True
    >>> [p.rule for p in check_dtc_deck(commander=boss, cards=filler[:39], variant=Variant.DTB).problems]
    []
    >>> check_dtc_deck(commander=boss, cards=filler[:58]).problems[0].text("ja")
    'デッキは統率者を含めて 59 枚です。60 枚ちょうどにしてください'
    """
    problems: list[Problem] = []
    notes: list[Step] = []
    everything = list(cards)
    if commander is None:
        problems.append(Problem(card="", rule="dtc:commander-creature", message=msg("dm.no-commander")))
        commander_civs: frozenset[Civilization] = frozenset()
    else:
        everything.insert(0, (1, commander))
        commander_civs = frozenset(commander.civilizations)
        problems += _commander_problems(commander, variant)

    size, size_rule = (40, "dtb:deck-size") if variant is Variant.DTB else (60, "dtc:deck-size")
    total = sum(n for n, _ in everything)
    if total != size:
        problems.append(Problem(card="", rule=size_rule, message=msg("dm.deck-size", total=total, size=size)))

    counts: dict[str, tuple[DmCard, int]] = {}
    for n, card_ in everything:
        previous = counts.get(card_.key, (card_, 0))[1]
        counts[card_.key] = (card_, previous + n)
    for card_, n in counts.values():
        if n > 1:
            problems.append(
                Problem(
                    card=card_.name,
                    rule="dtc:singleton",
                    message=msg("dm.singleton", card=msg("dm.card", name=card_.name), count=n),
                )
            )
    per_civ = {c: 0 for c in Civilization if c in commander_civs}
    for card_, n in counts.values():
        banned = _banned_problem(card_)
        if banned is not None:
            problems.append(banned)
        outside = [c for c in card_.civilizations if c not in commander_civs]
        if commander is not None and outside:
            problems.append(
                Problem(
                    card=card_.name,
                    rule="dtc:civilizations",
                    message=msg(
                        "dm.civilization-outside",
                        card=msg("dm.card", name=card_.name),
                        civilizations=_civ_text(outside),
                    ),
                )
            )
        for civ in card_.civilizations:
            if civ in per_civ:
                per_civ[civ] += n
    for civ, n in per_civ.items():
        if n < 12:
            problems.append(
                Problem(
                    card="",
                    rule="dtc:civilization-minimum",
                    message=msg("dm.civilization-minimum", civilization=civ.label, count=n),
                )
            )
    if any("starts-in-play" not in c.tags and starts_in_battle_zone(c.name) for c, _ in counts.values()):
        # The official rules (100.5) name no such card: say where the list comes from where it decides.
        listed = default_battle_zone_start()
        notes.append(
            Step.of(
                "dm.battle-zone-start-source", rule="dtc:banned", as_of=listed.as_of, checked=listed.checked
            )
        )
    if variant is Variant.DTB:
        notes.append(Step.of("dm.dtb-card-pool", rule="dtb:card-pool"))
    return DeckCheck(legal=not problems, problems=tuple(problems), notes=tuple(notes))


def _banned_problem(card: DmCard) -> Problem | None:
    name = msg("dm.card", name=card.name)
    if "premium" in card.tags:
        return Problem(card=card.name, rule="dtc:banned", message=msg("dm.banned-premium", card=name))
    if card.is_gr:
        return Problem(card=card.name, rule="dtc:main-deck-only", message=msg("dm.banned-gr", card=name))
    if card.is_hyperspatial:
        return Problem(
            card=card.name, rule="dtc:main-deck-only", message=msg("dm.banned-hyperspatial", card=name)
        )
    if card.starts_in_play:
        return Problem(
            card=card.name, rule="dtc:banned", message=msg("dm.banned-battle-zone-start", card=name)
        )
    if any(card.key == normalise_dm_name(b) for b in BANNED_NAMES):
        return Problem(card=card.name, rule="dtc:banned", message=msg("dm.banned-name", card=name))
    return None


def check_dtc_team(*, decks: Sequence[DmDeck], variant: Variant = Variant.DTCS) -> DeckCheck:
    """Check every deck of a team; in DTCS a card name may appear only once in the whole team.

    >>> from judge.engine.dm_cards import parse_dm_card
    >>> a = parse_dm_card(line="ボルシャック・ドラゴン | 火 | SR | クリーチャー")
    >>> check_dtc_team(decks=[DmDeck(commander=a, cards=()), DmDeck(commander=None, cards=((1, a),))],
    ...     variant=Variant.DTCS).problems[-1].rule
    'dtcs:team-singleton'
    """
    problems: list[Problem] = []
    notes: list[Step] = []
    owners: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for index, deck in enumerate(decks):
        result = check_dtc_deck(commander=deck.commander, cards=deck.cards, variant=variant)
        problems.extend(
            Problem(
                card=p.card, rule=p.rule, message=msg("dm.team-deck", number=index + 1, problem=p.message)
            )
            for p in result.problems
        )
        notes.extend(result.notes)
        in_deck = ([deck.commander] if deck.commander else []) + [c for _, c in deck.cards]
        for card in in_deck:
            names.setdefault(card.key, card.name)
            where = owners.setdefault(card.key, [])
            if index + 1 not in where:
                where.append(index + 1)
    if variant is Variant.DTCS:
        for key, where in owners.items():
            if len(where) > 1:
                problems.append(
                    Problem(
                        card=names[key],
                        rule="dtcs:team-singleton",
                        message=msg(
                            "dm.team-singleton",
                            card=msg("dm.card", name=names[key]),
                            decks=", ".join(map(str, where)),
                        ),
                    )
                )
    return DeckCheck(legal=not problems, problems=tuple(problems), notes=tuple(dict.fromkeys(notes)))
