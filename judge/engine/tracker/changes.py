"""The change each kind of event makes to the table, before state-based actions: :func:`apply_change`.

Life (119.3, 810.9), poison (122.1f, 810.10), commander damage and the life it
costs (903.10a, 120.3a), commander casts and tax (903.8, dtc:commander-tax),
DTC shields (dtc:win-loss), the planar die (901.9), a declared loss (104.3)
and the next turn (102.1, 805.4, 800.4k). :func:`judge.engine.tracker.rules.apply_event`
checks the event against the table before it calls :func:`apply_change` and
checks the state-based actions after; the problems a change finds (a total
out of range, shields below zero, a roll out of turn) go to the lists given.

>>> from judge.engine.tracker.state import new_table
>>> t = new_table(variant="commander", players=["A", "B"], commanders={"A": ["X"], "B": ["Y"]})
>>> steps: list[Step] = []
>>> t = apply_change(t, Event(kind=EventKind.LIFE, player="A", amount=-3), "A", None, steps, [], [])
>>> t.life_of("A"), [s.render("en") for s in steps]
(37, ['A loses 3 life: 40 → 37.'])
"""

from __future__ import annotations

from dataclasses import replace

from judge.engine.damage import COMMANDER_DAMAGE_LIMIT
from judge.engine.losses import LossReason
from judge.engine.messages import Message, msg
from judge.engine.steps import Step
from judge.engine.tracker.events import COMMANDER_KINDS, DieFace, EntryHow, Event, EventKind
from judge.engine.tracker.fields import MAX_CASTS, MAX_COUNT, MAX_TOTAL, joined
from judge.engine.tracker.setup import DTC_MAX_SHIELDS
from judge.engine.tracker.state import CommanderState, Loss, PlayerState, Side, TableState
from judge.engine.variants import Variant

#: What a problem calls the event's field it is about.
LABELS = {
    name: msg(f"tracker.label.{name}")
    for name in ("player", "owner", "commander", "amount", "kind", "reason", "by")
}


def commander_label(state: TableState, owner: str, index: int) -> Message:
    """ "Edgar (Ben's commander)" / "Ben の統率者《Edgar》"."""
    return msg(
        "tracker.commander-of", owner=owner, name=msg("tracker.card", name=state.commander(owner, index).name)
    )


def _with_player(state: TableState, player: PlayerState) -> TableState:
    return replace(state, players=tuple(player if p.name == player.name else p for p in state.players))


def _with_side(state: TableState, index: int, side: Side) -> TableState:
    return replace(state, sides=state.sides[:index] + (side,) + state.sides[index + 1 :])


def apply_change(
    state: TableState,
    event: Event,
    player: str | None,
    owner: str | None,
    steps: list[Step],
    illegal: list[Message],
    invalid: list[Message],
) -> TableState:
    """The change one kind of event makes, before state-based actions."""
    kind = event.kind
    if kind is EventKind.NEXT_TURN:
        return _next_turn(state, steps)
    if kind is EventKind.LIFE:
        assert player
        return _change_life(state, player, event.amount, steps, invalid)
    if kind is EventKind.POISON:
        assert player
        return _change_poison(state, player, event.amount, steps, illegal, invalid)
    if kind is EventKind.COMMANDER_DAMAGE:
        assert player and owner
        return _commander_damage(state, player, owner, event.commander, event.amount, steps, illegal, invalid)
    if kind in COMMANDER_KINDS:
        assert owner
        return _commander_event(state, event, owner, steps, invalid)
    if kind is EventKind.NAME_COMMANDER:
        assert owner
        return _name_commander(state, owner, event.name, steps)
    if kind is EventKind.SHIELDS:
        assert player
        return _shields(state, player, event.amount, steps, illegal, invalid)
    if kind is EventKind.PLANAR_ROLL:
        assert player
        return _planar_roll(state, player, event, steps, illegal, invalid)
    if kind is EventKind.LOSE:
        assert player and event.reason is not None
        return _declared_loss(state, player, event.reason, steps, illegal)
    return state


def _check_total(value: int, low: int, invalid: list[Message]) -> None:
    if not low <= value <= MAX_TOTAL:
        invalid.append(
            msg("tracker.total-out-of-range", field="amount", label=LABELS["amount"], low=low, high=MAX_TOTAL)
        )


def _change_life(
    state: TableState, player: str, amount: int, steps: list[Step], invalid: list[Message]
) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    new = side.life + amount
    _check_total(new, -MAX_TOTAL, invalid)
    verb = "gain" if amount > 0 else "lose"
    # A team shares its life total (810.9).
    code, rule = ("team-", "810.9") if len(side.members) > 1 else ("", "119.3")
    steps.append(
        Step.of(
            f"tracker.life.{code}{verb}",
            rule=rule,
            player=player,
            amount=abs(amount),
            before=side.life,
            after=new,
        )
    )
    return _with_side(state, index, replace(side, life=new))


def _change_poison(
    state: TableState,
    player: str,
    amount: int,
    steps: list[Step],
    illegal: list[Message],
    invalid: list[Message],
) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    new = side.poison + amount
    team = len(side.members) > 1
    if new < 0:
        code = "tracker.team-poison-below-zero" if team else "tracker.poison-below-zero"
        illegal.append(msg(code, field="amount", label=LABELS["amount"], player=player, poison=side.poison))
        return state
    _check_total(new, 0, invalid)
    verb = "get" if amount > 0 else "remove"
    if team:  # a team shares its poison counters (810.10)
        step = Step.of(
            f"tracker.poison.team-{verb}",
            rule="810.10",
            player=player,
            amount=abs(amount),
            before=side.poison,
            after=new,
        )
    else:  # a player's step names the count they lose at (122.1f)
        step = Step.of(
            f"tracker.poison.{verb}",
            rule="122.1f",
            player=player,
            amount=abs(amount),
            before=side.poison,
            after=new,
            limit=state.setup.poison_limit,
        )
    steps.append(step)
    return _with_side(state, index, replace(side, poison=new))


def _commander_damage(
    state: TableState,
    player: str,
    owner: str,
    index: int,
    amount: int,
    steps: list[Step],
    illegal: list[Message],
    invalid: list[Message],
) -> TableState:
    target = state.player(player)
    before = target.damage_from(owner, index)
    total = before + amount
    label = commander_label(state, owner, index)
    if total < 0:
        illegal.append(
            msg(
                "tracker.damage-below-zero",
                field="amount",
                label=LABELS["amount"],
                commander=label,
                player=player,
                before=before,
            )
        )
        return state
    _check_total(total, 0, invalid)
    if state.setup.commander_damage_counts:
        rule, note = "903.10a", msg("tracker.damage.limit", limit=COMMANDER_DAMAGE_LIMIT)
    else:
        rule, note = "903.12h", msg("tracker.damage.brawl", limit=COMMANDER_DAMAGE_LIMIT)
    code = "tracker.damage.deal" if amount > 0 else "tracker.damage.correct"
    steps.append(
        Step.of(code, rule=rule, commander=label, player=player, amount=abs(amount), total=total, note=note)
    )
    if len(state.player(owner).commanders) > 1:
        steps.append(Step.of("tracker.damage.partners", rule="702.124d"))
    order = state.setup.players
    damage = {key: value for key, value in target.commander_damage if key != (owner, index)}
    if total:
        damage[(owner, index)] = total
    ordered = tuple(sorted(damage.items(), key=lambda item: (order.index(item[0][0]), item[0][1])))
    state = _with_player(state, replace(target, commander_damage=ordered))
    # Combat damage to a player makes that player lose that much life (120.3a).
    side_index = state.side_index(player)
    side = state.sides[side_index]
    life = side.life - amount
    _check_total(life, -MAX_TOTAL, invalid)
    code = "tracker.life.lose" if amount > 0 else "tracker.damage.life-back"
    steps.append(
        Step.of(code, rule="120.3a", player=player, amount=abs(amount), before=side.life, after=life)
    )
    return _with_side(state, side_index, replace(side, life=life))


def _commander_event(
    state: TableState, event: Event, owner: str, steps: list[Step], invalid: list[Message]
) -> TableState:
    commander = state.commander(owner, event.commander)
    dtc = state.setup.variant is Variant.DTC
    rule = "dtc:commander-tax" if dtc else "903.8"
    suffix = "-dtc" if dtc else ""
    card = msg("tracker.card", name=commander.name)
    objects = (commander.name,)
    if event.kind is EventKind.CAST_COMMANDER:
        if commander.casts >= MAX_CASTS:
            invalid.append(msg("tracker.casts-too-many", field="kind", label=LABELS["kind"], max=MAX_CASTS))
            return state
        steps.append(
            Step.of(
                f"tracker.cast{suffix}",
                rule=rule,
                objects=objects,
                owner=owner,
                commander=card,
                cost=_tax_text(commander.tax, dtc),
                casts=commander.casts,
            )
        )
        new = replace(commander, casts=commander.casts + 1)
    elif event.kind is EventKind.COMMANDER_WITHOUT_CAST:
        if commander.without_cast >= MAX_COUNT:
            invalid.append(msg("tracker.count-too-many", field="kind", label=LABELS["kind"], max=MAX_COUNT))
            return state
        how = event.how or EntryHow.BATTLEFIELD
        steps.append(
            Step.of(
                f"tracker.without-cast.{how.value}{suffix}",
                rule=rule,
                objects=objects,
                commander=card,
                casts=commander.casts,
            )
        )
        new = replace(commander, without_cast=commander.without_cast + 1)
    else:
        new = replace(commander, casts=event.amount)
        steps.append(
            Step.of(
                f"tracker.set-casts{suffix}", rule=rule, objects=objects, commander=card, casts=event.amount
            )
        )
    if dtc:
        steps.append(Step.of("tracker.tax.dtc-per-player", rule="dtc:commander-tax"))
    elif len(state.player(owner).commanders) > 1:
        steps.append(Step.of("tracker.tax.partners", rule="702.124d"))
    steps.append(
        Step.of(f"tracker.tax.next{suffix}", rule=rule, commander=card, cost=_tax_text(new.tax, dtc))
    )
    owner_state = state.player(owner)
    commanders = tuple(new if c.index == new.index else c for c in owner_state.commanders)
    return _with_player(state, replace(owner_state, commanders=commanders))


def _name_commander(state: TableState, owner: str, name: str, steps: list[Step]) -> TableState:
    """A commander named once the game is under way: its tax and damage count from now (903.8, 903.10a).

    The table's setup names it too, so a snapshot read back is the same table and the history names it.
    """
    current = state.player(owner)
    named = CommanderState(owner=owner, index=len(current.commanders), name=name)
    dtc = state.setup.variant is Variant.DTC
    card = msg("tracker.card", name=name)
    steps.append(
        Step.of(
            "tracker.named-dtc" if dtc else "tracker.named",
            rule="dtc:commander" if dtc else "903.3",
            objects=(name,),
            owner=owner,
            commander=card,
        )
    )
    if named.index:
        steps.append(Step.of("tracker.named-partner", rule="702.124a"))
    setup = state.setup
    seat = setup.players.index(owner)
    commanders = setup.commanders[:seat] + (setup.commanders[seat] + (name,),) + setup.commanders[seat + 1 :]
    state = replace(state, setup=replace(setup, commanders=commanders))
    return _with_player(state, replace(current, commanders=current.commanders + (named,)))


def _tax_text(tax: int, dtc: bool) -> str:
    """{4} in Magic (generic mana, 903.8); +4 in DTC (colourless, added to the final cost)."""
    return f"+{tax}" if dtc else f"{{{tax}}}"


def _shields(
    state: TableState,
    player: str,
    amount: int,
    steps: list[Step],
    illegal: list[Message],
    invalid: list[Message],
) -> TableState:
    current = state.player(player)
    new = current.shields + amount
    if new < 0:
        illegal.append(
            msg(
                "tracker.shields-below-zero",
                field="amount",
                label=LABELS["amount"],
                player=player,
                shields=current.shields,
            )
        )
        return state
    if new > DTC_MAX_SHIELDS:
        invalid.append(
            msg("tracker.shields-too-many", field="amount", label=LABELS["amount"], max=DTC_MAX_SHIELDS)
        )
        return state
    code = "tracker.shields.add" if amount > 0 else "tracker.shields.break"
    steps.append(
        Step.of(
            code, rule="dtc:win-loss", player=player, amount=abs(amount), before=current.shields, after=new
        )
    )
    team = state.side_of(player)
    if all((new if m == player else state.player(m).shields) == 0 for m in team.members):
        steps.append(Step.of("tracker.shields.none-left", rule="dtc:win-loss"))
    return _with_player(state, replace(current, shields=new))


def _planar_roll(
    state: TableState,
    player: str,
    event: Event,
    steps: list[Step],
    illegal: list[Message],
    invalid: list[Message],
) -> TableState:
    current = state.player(player)
    if event.free:
        steps.append(
            Step.of("tracker.planar.free", rule="901.9", player=player, cost=f"{{{current.planar_cost}}}")
        )
        updated = current
    else:
        if player not in state.active_players:
            illegal.append(
                msg(
                    "tracker.roll-not-active",
                    rule="901.9",
                    field="player",
                    label=LABELS["player"],
                    player=player,
                )
            )
            return state
        if current.planar_rolls >= MAX_COUNT:
            invalid.append(msg("tracker.count-too-many", field="kind", label=LABELS["kind"], max=MAX_COUNT))
            return state
        cost = current.planar_cost
        steps.append(
            Step.of(
                "tracker.planar.roll",
                rule="901.9",
                player=player,
                cost=f"{{{cost}}}",
                count=cost,
                next=f"{{{cost + 1}}}",
            )
        )
        if len(state.sides[state.active].members) > 1:
            steps.append(Step.of("tracker.planar.own-rolls", rule="901.12d"))
        updated = replace(current, planar_rolls=current.planar_rolls + 1)
    if event.face is DieFace.BLANK:
        steps.append(Step.of("tracker.planar.blank", rule="901.9a"))
    elif event.face is DieFace.CHAOS:
        steps.append(Step.of("tracker.planar.chaos", rule="901.9b"))
    elif event.face is DieFace.PLANESWALKER:
        steps.append(Step.of("tracker.planar.planeswalker", rule="901.9c"))
    return _with_player(state, updated)


def _declared_loss(
    state: TableState, player: str, reason: LossReason, steps: list[Step], illegal: list[Message]
) -> TableState:
    index = state.side_index(player)
    side = state.sides[index]
    dtc = state.setup.variant is Variant.DTC
    if reason is LossReason.DIRECT_ATTACK:
        left = sum(state.player(m).shields for m in side.members)
        if left:
            illegal.append(
                msg(
                    "tracker.direct-attack-shields",
                    rule="dtc:win-loss",
                    field="reason",
                    label=LABELS["reason"],
                    player=player,
                    left=left,
                )
            )
            return state
        steps.append(Step.of("tracker.lose.direct-attack", rule="dtc:win-loss", player=player))
    elif reason is LossReason.CONCEDE:
        rule = "810.8b" if state.setup.variant is Variant.TWO_HEADED_GIANT else "104.3a"
        steps.append(Step.of("tracker.lose.concede", rule=rule, player=player))
    elif reason is LossReason.EMPTY_LIBRARY and dtc:
        # Duel Masters has no drawing from an empty library: a deck (山札) at 0 cards is a library-out,
        # the whole team's loss (dtc:win-loss).
        reason = LossReason.LIBRARY_OUT
        steps.append(Step.of("tracker.lose.library-out", rule=reason.rule, player=player))
    elif reason is LossReason.EMPTY_LIBRARY:
        steps.append(Step.of("tracker.lose.empty-library", rule="704.5b", player=player))
    else:
        steps.append(Step.of("tracker.lose.effect", rule="104.3e", player=player))
    if len(side.members) > 1:
        steps.append(Step.of("tracker.lose.team", rule="dtc:win-loss" if dtc else "810.8a"))
    return _with_side(state, index, replace(side, loss=Loss(reason=reason, turn=state.turn, player=player)))


def _next_turn(state: TableState, steps: list[Step]) -> TableState:
    count = len(state.sides)
    following = state.active
    for offset in range(1, count + 1):
        candidate = (state.active + offset) % count
        if state.sides[candidate].loss is None:
            following = candidate
            break
        steps.append(
            Step.of("tracker.turn.skip", rule="800.4k", players=joined(state.sides[candidate].members))
        )
    members = state.sides[following].members
    if len(members) > 1:
        # Two-Headed Giant uses shared team turns (805.4); DTC is not played under the CR: its own document
        # says so.
        rule = "dtc:turn-structure" if state.setup.variant is Variant.DTC else "805.4"
        steps.append(Step.of("tracker.turn.team", rule=rule, turn=state.turn + 1, players=joined(members)))
    else:
        steps.append(Step.of("tracker.turn.player", rule="102.1", turn=state.turn + 1, player=members[0]))
    players = state.players
    if state.setup.planechase and any(p.planar_rolls for p in players):
        steps.append(Step.of("tracker.turn.planar-reset", rule="901.9", cost="{0}"))
        players = tuple(replace(p, planar_rolls=0) for p in players)
    return replace(state, players=players, active=following, turn=state.turn + 1)


__all__ = ["LABELS", "apply_change", "commander_label"]
