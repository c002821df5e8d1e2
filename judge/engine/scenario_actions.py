"""A scenario step's engine call (800.4, 514.2, 510, 903.8, 903.10a, 903.4, DTC), read as an :class:`Outcome`.

Actions (``kind`` -> engine function, each given ``payload`` exactly as the
JSON API receives it), see :data:`ACTIONS`: ``leave-game``
(:func:`judge.engine.leave_game.leave_game_from_payload`), ``end-turn``
(:mod:`judge.engine.turn_end`), ``dtc-loss`` and ``dtc-attack``
(:mod:`judge.engine.dtc_game`), ``combat-damage`` (:mod:`judge.engine.combat`),
``tax`` and ``planar-die`` (``tax.calculate_tax``), ``commander-damage``
(``damage.calculate_commander_damage``), ``color-identity``
(``identity.identify_cards``, compared as ``{"cards": [...]}``) and ``deck-check``
(:func:`judge.engine.deck.check_decklist` on a pasted ``decklist`` against the ruling's own ``cards``,
Scryfall-shaped, with the ``legality`` source they stand for; compared as ``{"verdict", "problems"}``).
A payload
``{"continue": true, ...}`` starts from the board the previous board action of
the scenario left (``{"continue": true, "leaving": "B"}``).

Each replayed step carries a one-line "what changed": derived from the
engine's answer for an action (the diff of the boards before and after a
leave), the file's ``change`` otherwise.

>>> outcome = ACTIONS["tax"]({"variant": "commander", "mana_cost": "{2}{G}", "previous_casts": 1}, {})
>>> outcome.data["total_cost"], render(outcome.change, "ja")
('{4}{G}', '統率者税 2：支払うコストは {4}{G}')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from judge.engine import combat, damage, deck, dtc_game, identity, leave_game, tax, turn_end
from judge.engine.board import Board, card_name
from judge.engine.cards import CardPool
from judge.engine.cards_payload import card_from_scryfall
from judge.engine.decklist import parse_decklist
from judge.engine.errors import InvalidInputError
from judge.engine.legality import LegalityData, LegalitySource
from judge.engine.mana import color_list
from judge.engine.messages import Message, ParamValue, Text, msg, render
from judge.engine.steps import Step
from judge.engine.variants import Variant


@dataclass(frozen=True)
class Outcome:
    """An engine answer as a scenario sees it: its JSON (English), its steps, what changed, the board
    after."""

    data: Mapping[str, Any]
    steps: tuple[Step, ...]
    change: Text | Message
    board: Board | None = None
    result: Any = field(
        default=None, compare=False
    )  # the engine's own result, for its JSON in another language


def answer(result: Any, lang: str = "en") -> dict[str, Any]:
    """The engine's JSON answer in ``lang``."""
    return dict(result.to_answer(lang))


def _leave(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    return _board_outcome(leave_game.leave_game_from_payload(payload))


def _end_turn(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    return _board_outcome(turn_end.end_turn_from_payload(payload))


def _dtc_loss(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    return _board_outcome(dtc_game.team_loss_from_payload(payload))


def _board_outcome(result: leave_game.LeaveGameResult) -> Outcome:
    data = {k: v for k, v in result.to_answer("en").items() if k != "board"}
    change = Text(en=result.summary("en"), ja=result.summary("ja"))
    return Outcome(data=data, steps=result.steps, change=change, board=result.board, result=result)


def _dtc_attack(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    result = dtc_game.attack_from_payload(payload)
    code = (
        "direct-attack"
        if result.direct and result.allowed
        else "attack-allowed"
        if result.allowed
        else "attack-refused"
    )
    return Outcome(
        data=result.to_answer("en"),
        steps=result.steps,
        change=msg(f"scenario.change.{code}"),
        board=result.board,
        result=result,
    )


def _combat(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    result = combat.combat_damage_from_payload(payload)
    return Outcome(
        data=result.to_answer("en"),
        steps=result.steps,
        change=Text(en=result.summary("en"), ja=result.summary("ja")),
        result=result,
    )


def _tax(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    result = tax.calculate_tax(payload)
    data = answer(result)
    if payload.get("variant") == Variant.PLANECHASE.value:
        change: Message = msg("scenario.change.planar-die", cost=data["total_cost"])
    else:
        change = msg("scenario.change.tax", tax=data["tax_generic"], total=str(data["total_cost"]))
    return Outcome(data=data, steps=_steps_of(result), change=change, result=result)


def _damage(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    result = damage.calculate_commander_damage(payload)
    data = answer(result)
    names = {c.get("id"): c.get("name") for c in payload.get("commanders", []) if isinstance(c, Mapping)}

    def name(commander: Any) -> Text | str:
        english = str(names.get(commander) or commander)
        return cards.get(english, english)

    lost = [
        msg(
            "scenario.change.damage-lost",
            player=str(loss["player"]),
            commander=name(loss["commander"]),
            damage=int(loss["damage"]),
        )
        for loss in data.get("lost", [])
    ]
    totals = [
        msg(
            "scenario.change.damage-total",
            player=str(t["player"]),
            commander=name(t["commander"]),
            damage=int(t["damage"]),
        )
        for t in data.get("totals", [])
        if t.get("damage")
    ]
    change = _joined(lost or [*totals, msg("scenario.change.nobody-loses")])
    return Outcome(data=data, steps=_steps_of(result), change=change, result=result)


def _identity(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    batch = identity.identify_cards(payload)
    if batch.problems:  # a worked ruling's cards are written by us: a bad one is a data error, not a result
        raise InvalidInputError([p for card in batch.problems for p in card.problems])
    results = batch.results
    data = {"cards": [answer(item) for item in results]}
    names = _face_names(cards)
    steps = tuple(_named(s, names) for item in results for s in _steps_of(item))
    each = [
        msg(
            "scenario.change.identity",
            card=cards.get(item.name, card_name(item.name, None)),
            colors=color_list(item.identity, style="letters"),
        )
        for item in results
    ]
    return Outcome(data=data, steps=steps, change=_joined(each), result=batch)


def _deck_check(payload: Mapping[str, Any], cards: Mapping[str, Text]) -> Outcome:
    """A pasted decklist checked against the ruling's cards; its problems and notes are the steps."""
    source = payload.get("legality") or {}
    result = deck.check_decklist(
        pool=CardPool.of(card_from_scryfall(c) for c in payload.get("cards") or []),
        decklist=parse_decklist(text=str(payload.get("decklist", ""))),
        variant=Variant(payload.get("variant", "commander")),
        legality=LegalityData(
            source=LegalitySource(name=str(source.get("name", "")), date=str(source.get("date", "")))
        )
        if source
        else None,
    )
    steps = tuple(
        Step(rule=p.rule, code=p.message.code, params=p.message.params) for p in result.problems
    ) + tuple(result.notes)
    data = {
        "verdict": result.verdict,
        "problems": [{"rule": p.rule, "code": p.message.code, "card": p.card} for p in result.problems],
    }
    if result.verdict == "legal":
        change = msg("scenario.change.deck-legal")
    elif result.verdict == "unchecked":
        change = msg("scenario.change.deck-unchecked")
    else:
        change = msg("scenario.change.deck-not-legal", count=len(result.problems))
    return Outcome(data=data, steps=steps, change=change, result=result)


def _face_names(cards: Mapping[str, Text]) -> dict[str, Text]:
    """English name -> both names, unquoted (the step texts put 《》 around them), for each card and each
    face.

    >>> _face_names({"A // B": Text(en="A // B", ja="《甲 // 乙》")})["B"]
    Text(en='B', ja='乙')
    """
    names: dict[str, Text] = {}
    for english, text in cards.items():
        japanese = text.ja.removeprefix("《").removesuffix("》")
        if japanese == english:
            continue
        names[english] = Text(en=english, ja=japanese)
        faces_en, faces_ja = english.split(" // "), japanese.split(" // ")
        if len(faces_en) > 1 and len(faces_en) == len(faces_ja):
            names.update({en: Text(en=en, ja=ja) for en, ja in zip(faces_en, faces_ja, strict=True)})
    return names


def _named(step: Step, names: Mapping[str, Text]) -> Step:
    """The engine names a card by its English name; a worked ruling gives its Japanese name too."""

    def value(param: ParamValue) -> ParamValue:
        if isinstance(param, str):
            return names.get(param, param)
        if isinstance(param, Message):
            return replace(param, params=tuple((k, value(v)) for k, v in param.params))
        return param

    return replace(step, params=tuple((k, value(v)) for k, v in step.params))


def _steps_of(result: Any) -> tuple[Step, ...]:
    """The explained steps of a calculator result (``steps``, or ``explanation`` for colour identity)."""
    found = getattr(result, "steps", None) or getattr(result, "explanation", None) or ()
    return tuple(s for s in found if isinstance(s, Step))


def _joined(parts: Sequence[Text | Message]) -> Text:
    """Several changes on one line, in each language."""

    def one(part: Text | Message, lang: str) -> str:
        return part.in_(lang) if isinstance(part, Text) else render(part, lang)

    return Text(
        en="; ".join(p for p in (one(x, "en") for x in parts) if p),
        ja=" ／ ".join(p for p in (one(x, "ja") for x in parts) if p),
    )


Runner = Callable[[Mapping[str, Any], Mapping[str, Text]], Outcome]

#: kind -> the engine call (given the action's payload and the scenario's card names).
ACTIONS: dict[str, Runner] = {
    "leave-game": _leave,
    "end-turn": _end_turn,
    "dtc-loss": _dtc_loss,
    "dtc-attack": _dtc_attack,
    "combat-damage": _combat,
    "tax": _tax,
    "planar-die": _tax,
    "commander-damage": _damage,
    "color-identity": _identity,
    "deck-check": _deck_check,
}


__all__ = ["ACTIONS", "Outcome", "Runner", "answer"]
