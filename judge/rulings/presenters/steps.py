"""A worked ruling's step: the engine's action with its board, outcome, or inputs and answer as labelled
values.

A board step shows the board before (a card per player, who does what marked on their card) and, for a
leave, the outcome; a colour identity step its cards; any other step its inputs and answer as key/values,
a list of records as small cards (a phone is narrow).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from judge.engine.board import Board, card_name
from judge.engine.board_payload import BOARD_FIELDS
from judge.engine.errors import RulesError
from judge.engine.leave_game_result import LeaveGameResult
from judge.engine.messages import Text
from judge.engine.scenarios import ReplayedStep
from judge.rulings.presenters.board import ShownBoard, present_board
from judge.rulings.presenters.names import as_list, as_text, board_names, label_of, mappings_in
from judge.rulings.presenters.outcome import Outcome, present_outcome
from judge.web.presenters import ShownStep, present_problems, present_steps, reader_language

# --------------------------------------------------------------------------- other engine inputs and results

# Field names of the calculators' inputs and results, as a worked ruling shows them.
KEY_LABELS: dict[str, Callable[[], str]] = {
    "variant": lambda: _("Format"),
    "mana_cost": lambda: _("Mana cost"),
    "previous_casts": lambda: _("Previous casts from the command zone"),
    "reduction": lambda: _("Cost reduction"),
    "partner": lambda: _("One of two commanders (partner)"),
    "cast_from": lambda: _("Cast from"),
    "cost": lambda: _("Cost"),
    "play_number": lambda: _("Play from the command zone, number"),
    "rolls_this_turn": lambda: _("Planar die rolls already made this turn"),
    "tax_generic": lambda: _("Tax"),
    "total_cost": lambda: _("Cost to pay"),
    "players": lambda: _("Players"),
    "commanders": lambda: _("Commanders"),
    "events": lambda: _("Events"),
    "totals": lambda: _("Commander damage totals"),
    "lost": lambda: _("Lost the game"),
    "lost_teams": lambda: _("Teams that lost"),
    "losers": lambda: _("Lost the game"),
    "name": lambda: _("Name"),
    "player": lambda: _("Player"),
    "commander": lambda: pgettext("the card", "Commander"),
    "damage": lambda: _("Damage"),
    "rule": lambda: _("Rule"),
    "owner": lambda: _("Owner"),
    "source": lambda: pgettext("what an effect or damage comes from", "Source"),
    "target": lambda: _("Target"),
    "amount": lambda: _("Amount"),
    "combat": lambda: _("Combat damage"),
    "controller": lambda: _("Controller"),
    "prevented": lambda: _("Prevented"),
    "teams": lambda: _("Teams"),
    "allowed": lambda: _("Attack allowed"),
    "direct": lambda: _("Direct attack"),
    "attacker": lambda: _("Attacking creature"),
    "life": lambda: _("Life"),
    "assignments": lambda: _("Combat damage assigned"),
    "to_player": lambda: _("To the player"),
    "to_blockers": lambda: _("To the blockers"),
    "shields": lambda: _("Shields"),
    "stats": lambda: _("Power and toughness"),
    "power": lambda: _("Power"),
    "toughness": lambda: _("Toughness"),
    "trample": lambda: _("Trample"),
    "active_player": lambda: _("Active player"),
    "turn_order": lambda: _("Turn order"),
    "turns": lambda: _("Turns to end"),
    "kind": lambda: _("Event"),
}
# Values of the calculators' choice fields that are words, not names.
VALUE_LABELS: dict[str, Callable[[], str]] = {
    "damage": lambda: _("damage"),
    "life-gain": lambda: _("life gain"),
}
# Shown elsewhere: the engine's explained steps, the one-line change; a board's objects in its own cards.
HIDDEN_KEYS = frozenset(
    {"steps", "explanation", "summary", "changes", "problems", "id", "name_ja"}
)  # a name is shown in the reader's language already
# Keys whose values are object or commander ids, shown by name.
NAMED_KEYS = frozenset({"source", "commander", "attacker", "blockers", "id", "name"})


def _key(key: str) -> str:
    label = KEY_LABELS.get(key)
    return label() if label is not None else key.replace("_", " ")


@dataclass(frozen=True)
class KeyValue:
    label: str
    text: str = ""
    items: tuple[
        tuple[tuple[str, str], ...], ...
    ] = ()  # a list of records: each record's (label, value) pairs
    data: bool = False  # text as the player typed it (a pasted decklist): shown as is, in any language


class Values:
    """Renders the values of a calculator's input or answer for the reader: names for ids, labels for
    choices."""

    def __init__(self, names: Mapping[str, str], lang: str) -> None:
        self.names = names
        self.lang = lang

    def cell(self, key: str, value: Any) -> str:
        if value is None:
            return "—"
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if key == "variant" and isinstance(value, str):
            return label_of("variant.", value, self.lang)
        if key == "kind" and value in VALUE_LABELS:
            return VALUE_LABELS[value]()
        if isinstance(value, str):
            return self.names.get(value, value) if key in NAMED_KEYS or key in ("target", "player") else value
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, Mapping):
            return ", ".join(
                f"{self.names.get(str(k)) or _key(str(k))}: {self.cell(str(k), v)}" for k, v in value.items()
            )
        if isinstance(value, list):
            if all(isinstance(v, Mapping) for v in value):
                return (
                    "; ".join(
                        " · ".join(
                            [self.cell("id", item["id"])] * ("id" in item)
                            + [
                                f"{_key(k)}: {self.cell(k, v)}"
                                for k, v in item.items()
                                if k not in HIDDEN_KEYS
                            ]
                        )
                        for item in value
                    )
                    or "—"
                )
            return ", ".join(self.cell(key, v) for v in value) or "—"
        return as_text(value)

    def record(self, item: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return tuple((_key(k), self.cell(k, v)) for k, v in item.items() if k not in HIDDEN_KEYS)

    def key_values(self, data: Mapping[str, Any]) -> list[KeyValue]:
        """Scalars as text, lists of records as a list of small cards (never a table: a phone is narrow)."""
        items = []
        for key, value in data.items():
            if key in HIDDEN_KEYS or value == [] or value == {}:
                continue
            if isinstance(value, list) and all(isinstance(v, Mapping) for v in value):
                items.append(KeyValue(label=_key(key), items=tuple(self.record(v) for v in value)))
            else:
                items.append(KeyValue(label=_key(key), text=self.cell(key, value)))
        return items


@dataclass(frozen=True)
class IdentityCard:
    name: str
    mana_cost: str
    type_line: str
    identity: str
    url: str = ""  # its card page, when the card data knows the card


def identity_cards(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    cards: Mapping[str, Text],
    lang: str,
    card_urls: Mapping[str, str] | None = None,
) -> list[IdentityCard]:
    """Each card of a colour identity step: its mana cost and type line as given, its identity as found."""
    cards_in = mappings_in(before.get("cards"))
    cards_out = mappings_in(after.get("results") or after.get("cards"))
    rows = []
    for index, card in enumerate(cards_out):
        given = cards_in[index] if index < len(cards_in) else {}
        faces = mappings_in(given.get("card_faces"))
        costs = (
            " // ".join(str(f.get("mana_cost") or "—") for f in faces) if faces else given.get("mana_cost")
        )
        identity = [label_of("mana.color.", c, lang) for c in as_list(card.get("identity"))]
        name = as_text(card.get("name"))
        rows.append(
            IdentityCard(
                name=cards.get(name, card_name(name, None)).in_(lang),
                mana_cost=str(costs or "—"),
                # The type line is English card data: a Japanese page keeps the cost only.
                type_line=as_text(given.get("type_line")) if lang == "en" else "",
                identity=("・" if lang == "ja" else " ").join(identity)
                if identity
                else label_of("mana.", "colorless", lang),
                url=(card_urls or {}).get(name, ""),
            )
        )
    return rows


# --------------------------------------------------------------------------- a worked ruling's step

#: Engine actions whose step shows a board (the others show their inputs and answer as key/values).
BOARD_KINDS = ("leave-game", "end-turn", "dtc-loss", "dtc-attack", "combat-damage")
#: A board step's own fields the player cards already show (who leaves, attacks or loses).
PAYLOAD_ONLY = frozenset({"leaving", "player", "attacker", "target", "reason", "continue"})
#: Board actions whose answer is a LeaveGameResult: the page shows the board after, object by object.
OUTCOME_KINDS = ("leave-game", "end-turn", "dtc-loss")


def scenario_names(steps: Iterable[ReplayedStep], cards: Mapping[str, Text], lang: str) -> dict[str, str]:
    """Every id a scenario's steps mention -> its name in ``lang``: board objects, and the commanders of a
    commander damage calculation (by the scenario's card names)."""
    found: dict[str, str] = {}
    for step in steps:
        for board in (step.board_before, step.board_after):
            if board is not None:
                for key, value in board_names(board, lang).items():
                    found.setdefault(key, value)
        for commander in mappings_in((step.before or {}).get("commanders")):
            english = as_text(commander.get("name")) or as_text(commander.get("id"))
            found.setdefault(
                as_text(commander.get("id")), cards.get(english, card_name(english, None)).in_(lang)
            )
    for english, name in cards.items():
        found.setdefault(english, name.in_(lang))
    return found


@dataclass(frozen=True)
class StepDisplay:
    """What a worked ruling's step page shows of the engine's before and after."""

    kind: str | None
    engine_steps: list[ShownStep] = field(default_factory=list)
    error: list[str] = field(default_factory=list)
    board: ShownBoard | None = None  # the board before the action (or as it stands, for a step without one)
    outcome: Outcome | None = None
    cards: list[IdentityCard] = field(default_factory=list)
    before: list[KeyValue] = field(default_factory=list)
    after: list[KeyValue] = field(default_factory=list)

    @property
    def has_action(self) -> bool:
        return self.kind is not None


def _marks(kind: str, payload: Mapping[str, Any]) -> dict[str, str]:
    """Who does what in a board step, for their player card."""

    def who(key: str) -> str:
        return as_text(payload.get(key))

    if kind == "leave-game":
        return {who("leaving"): _("leaves the game")}
    if kind == "dtc-loss":
        return {who("player"): _("loses the game for their team")}
    if kind == "dtc-attack":
        return {who("attacker"): _("attacks"), who("target"): _("is attacked")}
    return {}


def present_step(
    replayed: ReplayedStep,
    *,
    names: Mapping[str, str],
    cards: Mapping[str, Text],
    lang: str | None = None,
    card_urls: Mapping[str, str] | None = None,
) -> StepDisplay:
    """A step of a worked ruling; a step without an action shows the board as it stands, if there is one.
    ``card_urls``: a card's English name -> its card page, so known cards' names link there."""
    lang = lang or reader_language()
    kind = replayed.step.kind
    if kind is None:
        board = replayed.board_after
        shown = present_board(board, lang=lang, card_urls=card_urls) if board is not None else None
        return StepDisplay(kind=None, board=shown)
    before = replayed.before or {}
    after = replayed.after or {}
    error: RulesError | None = replayed.error
    problems = present_problems(error, lang) if error is not None else []
    steps = present_steps(replayed.engine_steps, lang, names=names)
    values = Values(names, lang)
    if kind in BOARD_KINDS:
        board_before: Board | Mapping[str, Any] = replayed.board_before or before
        result = replayed.result
        outcome = (
            present_outcome(result, lang) if isinstance(result, LeaveGameResult) and error is None else None
        )
        after_values = (
            []
            if outcome is not None or error is not None
            else values.key_values({k: v for k, v in after.items() if k not in ("board",)})
        )
        extra = {k: v for k, v in before.items() if k not in BOARD_FIELDS and k not in PAYLOAD_ONLY}
        return StepDisplay(
            kind=kind,
            error=problems,
            engine_steps=steps,
            outcome=outcome,
            after=after_values,
            before=values.key_values(extra),
            board=present_board(board_before, marks=_marks(kind, before), lang=lang, card_urls=card_urls),
        )
    if kind == "deck-check":
        verdicts = {"legal": _("Legal"), "not-legal": _("Not legal"), "unchecked": _("Not checked")}
        return StepDisplay(
            kind=kind,
            engine_steps=steps,
            error=problems,
            before=[KeyValue(label=_("Decklist"), text=str(before.get("decklist", "")), data=True)],
            after=[]
            if error
            else [KeyValue(label=_("Verdict"), text=verdicts.get(after.get("verdict", ""), ""))],
        )
    if kind == "color-identity":
        return StepDisplay(
            kind=kind,
            engine_steps=steps,
            error=problems,
            cards=identity_cards(before, after, cards, lang, card_urls),
        )
    return StepDisplay(
        kind=kind,
        engine_steps=steps,
        error=problems,
        before=values.key_values(before),
        after=[] if error else values.key_values(after),
    )


def start_display(
    start: ReplayedStep | None, lang: str | None = None, card_urls: Mapping[str, str] | None = None
) -> StepDisplay:
    """Step 0 of a ruling: the board it starts from, before anything happens; nothing more for a ruling
    that starts from no board (a calculator's: the page shows what it asks)."""
    if start is None or start.board_before is None:
        return StepDisplay(kind=None)
    return StepDisplay(kind=None, board=present_board(start.board_before, lang=lang, card_urls=card_urls))
