"""Applying one change to the table, with the rules that drive it: :func:`apply_event`.

The event is checked against the table first (unknown players or commanders,
a player who has left the game, a roll out of turn: nothing changes), then
applied (the change each kind makes is in :mod:`judge.engine.tracker.changes`),
then the state-based actions are checked (704.3) and the game may end. The
steps say what happened and why, each citing its rule.

>>> from judge.engine.tracker.state import new_table
>>> t = new_table(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
>>> for _ in range(3):
...     t, steps = apply_event(state=t,
...     event=Event(kind=EventKind.COMMANDER_DAMAGE, player="A", owner="B", amount=7))
>>> t.life_of("A"), t.player("A").damage_from("B", 0), t.side_of("A").loss.rule, t.winners
(19, 21, '704.6c', ('B',))
>>> [s.render("ja") for s in steps][-2:]
['A は B の統率者《Y》から合計 21 点の戦闘ダメージを受けたので、ゲームに敗北します。',
'B がゲームに勝利しました：対戦相手は全員ゲームから離れました。']
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.damage import COMMANDER_DAMAGE_LIMIT
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.losses import LossReason
from judge.engine.messages import Message, ParamValue, msg
from judge.engine.steps import Step
from judge.engine.tracker.changes import LABELS, apply_change, commander_label
from judge.engine.tracker.events import COMMANDER_KINDS, DECLARED_LOSSES, Event, EventKind
from judge.engine.tracker.fields import MAX_NAME, joined
from judge.engine.tracker.setup import TableSetup, max_commanders, variant_name
from judge.engine.tracker.state import Loss, TableState
from judge.engine.variants import Variant


def canonical_event(*, setup: TableSetup, event: Event) -> Event:
    """The event with its player names spelled as at setup (names match case-insensitively).

    >>> from judge.engine.tracker.setup import table_setup
    >>> s = table_setup(variant="planechase", players=["Aki", "Ben"])
    >>> canonical_event(setup=s, event=Event(kind=EventKind.LIFE, player="aKI", amount=1, by="ben")).by
    'Ben'
    """
    names = {p.casefold(): p for p in setup.players}
    return replace(
        event,
        player=names.get(event.player.casefold(), event.player),
        owner=names.get(event.owner.casefold(), event.owner),
        by=names.get(event.by.casefold(), event.by),
    )


def resolve_player(setup: TableSetup, name: str, field: str, problems: list[Message]) -> str | None:
    """The player called ``name`` (case-insensitively), or None after adding the problem."""
    for player in setup.players:
        if player.casefold() == name.casefold():
            return player
    problems.append(msg("input.not-a-player", field=field, label=LABELS[field], name=name[:MAX_NAME]))
    return None


def apply_event(*, state: TableState, event: Event) -> tuple[TableState, tuple[Step, ...]]:
    """Apply one event, then check state-based actions (704.3); return the new table and why.

    Raises :class:`InvalidInputError` for unknown players or commanders and
    :class:`IllegalStateError` for events the table cannot take (a player who
    has left the game, a roll out of turn, shields below zero, a game over).
    The state given is never changed: a snapshot read back with
    :func:`judge.engine.tracker.state_from_json` takes the next event directly.
    """
    invalid: list[Message] = []
    player, owner = _parties(state, event, invalid)
    _check_kind(state.setup, event, invalid)
    if invalid:
        raise InvalidInputError(invalid)
    _check_still_playing(state, player, owner)
    steps: list[Step] = []
    illegal: list[Message] = []
    state = apply_change(state, event, player, owner, steps, illegal, invalid)
    if invalid:
        raise InvalidInputError(invalid + illegal)
    if illegal:
        raise IllegalStateError(illegal)
    state = state_based_actions(state, steps)
    return replace(state, events=state.events + 1), tuple(steps)


def _parties(state: TableState, event: Event, invalid: list[Message]) -> tuple[str | None, str | None]:
    """The player an event names and the owner of the commander it concerns (None when it concerns none)."""
    setup = state.setup
    kind = event.kind
    player = "" if kind is EventKind.NEXT_TURN else resolve_player(setup, event.player, "player", invalid)
    owner: str | None = None
    if event.by:
        resolve_player(setup, event.by, "by", invalid)
    if kind is EventKind.COMMANDER_DAMAGE:
        owner = resolve_player(setup, event.owner, "owner", invalid)
    elif kind in COMMANDER_KINDS or kind is EventKind.NAME_COMMANDER:
        owner = player
    if kind is EventKind.NAME_COMMANDER:
        _check_naming(state, owner, event.name, invalid)
    elif kind is EventKind.COMMANDER_DAMAGE or kind in COMMANDER_KINDS:
        if not setup.variant.has_commanders:
            invalid.append(
                msg(
                    "tracker.no-commanders",
                    field="kind",
                    label=LABELS["kind"],
                    variant=variant_name(setup.variant),
                )
            )
        elif owner is not None and not 0 <= event.commander < len(state.player(owner).commanders):
            invalid.append(
                msg(
                    "tracker.no-commander-number",
                    field="commander",
                    label=LABELS["commander"],
                    owner=owner,
                    n=event.commander + 1,
                )
            )
    return player, owner


def _check_naming(state: TableState, owner: str | None, name: str, invalid: list[Message]) -> None:
    """A commander is named in a variant that has them, up to two with partner (702.124g; DTC one card),
    and not twice (two phones naming the same card at once give it once)."""
    kind = state.setup.variant
    named = [] if owner is None else [c.name.casefold() for c in state.player(owner).commanders]
    if not kind.has_commanders:
        invalid.append(
            msg("tracker.no-commanders", field="kind", label=LABELS["kind"], variant=variant_name(kind))
        )
    elif name.casefold() in named:
        invalid.append(
            msg(
                "tracker.commander-named-already",
                field="name",
                label=msg("tracker.label.new-commander"),
                owner=owner or "",
                commander=msg("tracker.card", name=name),
            )
        )
    elif len(named) >= max_commanders(kind):
        label = msg("tracker.label.new-commander")
        if kind is Variant.DTC:
            invalid.append(msg("tracker.commanders-dtc-one", rule="dtc:commander", field="name", label=label))
        else:
            invalid.append(msg("tracker.commanders-two", rule="702.124g", field="name", label=label))


def _check_kind(setup: TableSetup, event: Event, invalid: list[Message]) -> None:
    """The events only some variants have (life, shields, the planar die, a direct attack)."""
    kind = event.kind
    if kind in (EventKind.LIFE, EventKind.POISON, EventKind.COMMANDER_DAMAGE) and not setup.has_life:
        invalid.append(msg("tracker.dtc-no-life", rule="dtc:win-loss", field="kind", label=LABELS["kind"]))
    if kind is EventKind.SHIELDS and setup.variant is not Variant.DTC:
        invalid.append(msg("tracker.shields-dtc-only", field="kind", label=LABELS["kind"]))
    if kind is EventKind.PLANAR_ROLL and not setup.planechase:
        invalid.append(msg("tracker.not-planechase", rule="901", field="kind", label=LABELS["kind"]))
    if (
        kind is EventKind.LOSE
        and event.reason is LossReason.DIRECT_ATTACK
        and setup.variant is not Variant.DTC
    ):
        invalid.append(msg("tracker.direct-attack-dtc-only", field="reason", label=LABELS["reason"]))
    if kind is EventKind.LOSE and event.reason not in DECLARED_LOSSES:
        invalid.append(msg("input.required", field="reason", label=LABELS["reason"]))


def _check_still_playing(state: TableState, player: str | None, owner: str | None) -> None:
    """A game over takes no event (104.2a), and a player who has left takes none (800.4a)."""
    if state.game_over:
        raise IllegalStateError([msg("tracker.game-over", rule="104.2a")])
    illegal: list[Message] = []
    for who, where in ((player, "player"), (owner, "owner")):
        if who and state.has_lost(who):
            illegal.append(
                msg("tracker.left-game", rule="800.4a", field=where, label=LABELS[where], player=who)
            )
    if illegal:
        raise IllegalStateError(illegal)


def state_based_actions(state: TableState, steps: list[Step]) -> TableState:
    """Check the losing conditions (704.3: all at once), then whether the game is over.

    Called after a change to a game that was not over (apply_event refuses any
    other), so a game over now has just ended: by this check or by the change.
    """
    setup = state.setup
    sides = list(state.sides)
    for index, side in enumerate(sides):
        if side.loss is not None:
            continue
        team = len(side.members) > 1
        names: ParamValue = joined(side.members)
        loss: Loss | None = None
        if setup.has_life and side.life <= 0:
            reason = LossReason.TEAM_LIFE if team else LossReason.LIFE
            loss = Loss(reason=reason, turn=state.turn, player=side.members[0])
            code = "tracker.sba.team-life" if team else "tracker.sba.life"
            steps.append(Step.of(code, rule=reason.rule, players=names, life=side.life))
        elif setup.has_life and side.poison >= setup.poison_limit:
            reason = LossReason.TEAM_POISON if team else LossReason.POISON
            loss = Loss(reason=reason, turn=state.turn, player=side.members[0])
            code = "tracker.sba.team-poison" if team else "tracker.sba.poison"
            steps.append(Step.of(code, rule=reason.rule, players=names, poison=side.poison))
        elif setup.commander_damage_counts:
            for member in side.members:
                for (owner, number), amount in state.player(member).commander_damage:
                    if amount >= COMMANDER_DAMAGE_LIMIT and loss is None:
                        loss = Loss(reason=LossReason.COMMANDER_DAMAGE, turn=state.turn, player=member)
                        steps.append(
                            Step.of(
                                "tracker.sba.commander-damage",
                                rule="704.6c",
                                player=member,
                                amount=amount,
                                commander=commander_label(state, owner, number),
                            )
                        )
        if loss is not None:
            sides[index] = replace(side, loss=loss)
    state = replace(state, sides=tuple(sides))
    if state.game_over:
        if state.winners:
            if len(state.winners) > 1:
                steps.append(Step.of("tracker.win-team", rule="104.2c", players=joined(state.winners)))
            else:
                steps.append(Step.of("tracker.win", rule="104.2a", player=state.winners[0]))
        else:
            steps.append(Step.of("tracker.draw", rule="104.4a"))
    return state


__all__ = ["apply_event", "canonical_event", "resolve_player", "state_based_actions"]
