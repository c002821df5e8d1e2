"""What the leave-game page and the worked rulings show, typed for the templates.

Everything here is for a phone: a board is a card per player (what they control, what they own
elsewhere, the designations they hold) and a list of effects in sentences, never a table; an object is
named by its name in the reader's language (《突撃するグリフィン》 on /ja/), never by its id. A resolved
leave is presented from the engine's own values (the board before, the result after), so the page reads
each answer once; a board the engine refused is shown as given.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from judge.engine.board import Board, ObjectKind, Zone, card_name
from judge.engine.board_payload import BOARD_FIELDS
from judge.engine.errors import RulesError
from judge.engine.leave_game_result import LeaveGameResult, planar_json
from judge.engine.messages import Text, msg, render
from judge.engine.scenarios import ReplayedStep
from judge.engine.texts import CATALOG
from judge.web.presenters import ShownStep, present_problems, present_steps, reader_language

# Kinds whose names are not card names (no 《》 in Japanese), as GameObject.label decides.
UNQUOTED_KINDS = frozenset({ObjectKind.ABILITY.value, ObjectKind.TOKEN.value, ObjectKind.EMBLEM.value})
# Where an object sits under its controller rather than its owner (109.4, 109.4d).
CONTROLLED_ZONES = frozenset({Zone.BATTLEFIELD.value, Zone.STACK.value})


def label_of(code: str, value: Any, lang: str) -> str:
    """The engine's name for a choice ("board.zone." + "exile" -> "追放領域"), or the value itself."""
    key = f"{code}{value}"
    return render(msg(key), lang) if key in CATALOG else str(value if value is not None else "")


def choices(enum_type: type[Enum], code: str, lang: str) -> list[tuple[str, str]]:
    """A select's options for an engine enum, labelled in the engine's words."""
    return [(member.value, label_of(code, member.value, lang)) for member in enum_type]


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _mappings(value: Any) -> list[Mapping[str, Any]]:
    return [item for item in _list(value) if isinstance(item, Mapping)]


def _str(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else json.dumps(value, ensure_ascii=False)


def object_label(item: Mapping[str, Any]) -> Text:
    """An object's name in both languages, as a board payload gives it (an unnamed object by its id)."""
    name = _str(item.get("name")) or _str(item.get("id"))
    name_ja = item.get("name_ja") if isinstance(item.get("name_ja"), str) else None
    return card_name(name, name_ja or None, quoted=item.get("kind") not in UNQUOTED_KINDS)


def made_by(item: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str | None:
    """What made an effect or trigger: the name it carries, else its source's name (the engine's effect_label)."""
    name = item.get("name")
    if isinstance(name, str) and name:
        name_ja = item.get("name_ja")
        return card_name(name, name_ja if isinstance(name_ja, str) else None).in_(lang)
    source = item.get("source")
    return names.get(source, source) if isinstance(source, str) and source else None


def board_names(board: Board | Mapping[str, Any], lang: str) -> dict[str, str]:
    """Object id -> its name in ``lang``."""
    if isinstance(board, Board):
        return {o.id: o.label.in_(lang) for o in board.objects}
    return {_str(o.get("id")): object_label(o).in_(lang) for o in _mappings(board.get("objects"))}


def joined(names: Iterable[str], lang: str) -> str:
    """Names listed in the reader's language: "A, B" / "A、B"."""
    return ("、" if lang == "ja" else ", ").join(names)


def _planar(value: Any) -> list[str]:
    if isinstance(value, list):
        return [_str(v) for v in value]
    return [_str(value)] if value else []


# --------------------------------------------------------------------------- cited rules

# --------------------------------------------------------------------------- a board, per player


@dataclass(frozen=True)
class ShownObject:
    name: str
    details: tuple[str, ...]  # zone, owner when someone else controls it, what it is attached to, ...


@dataclass(frozen=True)
class ShownPlayer:
    name: str
    badges: tuple[str, ...]  # active player, monarch, planar controller, team, shields, leaves the game, ...
    controls: tuple[ShownObject, ...]  # on the battlefield and the stack, face-up planes
    owns: tuple[ShownObject, ...]  # their cards in other zones (hand, graveyard, exile, command zone, ...)
    left: bool = False


@dataclass(frozen=True)
class ShownBoard:
    """A board for reading on a phone: the game's facts, a card per player, the effects in sentences."""

    facts: tuple[tuple[str, str], ...]
    players: tuple[ShownPlayer, ...]
    others: tuple[ShownObject, ...]  # objects with no controller or owner at the table (a shared planar deck)
    notes: tuple[tuple[str, tuple[str, ...]], ...]  # (heading, sentences): control effects, triggers, ...

    @property
    def has_objects(self) -> bool:
        return bool(self.others) or any(p.controls or p.owns for p in self.players)


def _object_details(item: Mapping[str, Any], names: Mapping[str, str], lang: str, *,
                    under: str | None) -> tuple[str, ...]:
    details = []
    kind = item.get("kind")
    if kind != ObjectKind.CARD.value:
        details.append(label_of("board.kind.", kind, lang))
    details.append(label_of("board.zone.", item.get("zone"), lang))
    owner = _str(item.get("owner"))
    if owner and owner != under:
        details.append(_("owner: %(player)s") % {"player": owner})
    default = _str(item.get("default_controller"))
    if default and default != owner:
        details.append(_("entered under %(player)s's control") % {"player": default})
    attached = _str(item.get("attached_to"))
    if attached:
        details.append(_("attached to %(target)s") % {"target": names.get(attached, attached)})
    source = _str(item.get("source"))
    if source:
        details.append(_("source: %(source)s") % {"source": names.get(source, source)})
    if item.get("planeswalking") is True:
        details.append(_("the planeswalking ability"))
    return tuple(d for d in details if d)


def _effect_notes(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[tuple[str, tuple[str, ...]]]:
    def name(ref: Any) -> str:
        return names.get(ref, _str(ref)) if isinstance(ref, str) else _str(ref)

    notes: list[tuple[str, tuple[str, ...]]] = []
    control = []
    for effect in _mappings(board.get("control_effects")):
        params = {"player": name(effect.get("controller")), "object": name(effect.get("object")),
                  "ends": label_of("board.ends.", effect.get("ends"), lang)}
        maker = made_by(effect, names, lang)
        if maker:
            control.append(_("%(player)s controls %(object)s, by %(source)s (ends %(ends)s)")
                           % {**params, "source": maker})
        else:
            control.append(_("%(player)s controls %(object)s (ends %(ends)s)") % params)
    if control:
        notes.append((_("Control-changing effects, oldest first"), tuple(control)))
    triggers = []
    for trigger in _mappings(board.get("delayed_triggers")):
        maker = made_by(trigger, names, lang)
        what = render(msg("board.label.trigger", name=maker), lang) if maker else _("A delayed triggered ability")
        line = _("%(trigger)s, controlled by %(player)s") % {"trigger": what, "player": name(trigger.get("controller"))}
        if trigger.get("object"):
            line += _("; it acts on %(object)s") % {"object": name(trigger.get("object"))}
        if trigger.get("text") and (lang == "en" or not maker):
            line += f": {_str(trigger.get('text'))}"
        triggers.append(line)
    if triggers:
        notes.append((_("Delayed triggered abilities"), tuple(triggers)))
    timed = []
    for effect in _mappings(board.get("timed_effects")):
        maker = made_by(effect, names, lang)
        what = render(msg("board.label.timed", name=maker), lang) if maker else _("An effect")
        player = name(effect.get("controller"))
        if effect.get("until") == "during-next-turn":
            line = _("%(effect)s lasts until a point in %(player)s's next turn") % {"effect": what, "player": player}
        else:
            line = _("%(effect)s lasts until %(player)s's next turn") % {"effect": what, "player": player}
        if effect.get("object"):
            line += _("; it applies to %(object)s") % {"object": name(effect.get("object"))}
        if effect.get("ends_after_turn_of"):
            line += _("; %(player)s has left, so it ends when %(previous)s's turn ends") % {
                "player": player, "previous": name(effect.get("ends_after_turn_of"))}
        if effect.get("text") and (lang == "en" or not maker):
            line += f": {_str(effect.get('text'))}"
        timed.append(line)
    if timed:
        notes.append((_("Effects until a player's next turn"), tuple(timed)))
    players = []
    for control_of in _mappings(board.get("player_control")):
        params = {"controller": name(control_of.get("controller")), "player": name(control_of.get("player"))}
        line = (_("%(controller)s will control %(player)s's next turn") if control_of.get("pending") is True
                else _("%(controller)s controls %(player)s's turn")) % params
        maker = made_by(control_of, names, lang)
        if maker:
            line = _("%(what)s (by %(source)s)") % {"what": line, "source": maker}
        players.append(line)
    if players:
        notes.append((_("Control of players"), tuple(players)))
    attacks = []
    for attack in _mappings(board.get("combat")):
        line = _("%(attacker)s attacks %(target)s") % {"attacker": name(attack.get("attacker")),
                                                       "target": name(attack.get("attacking"))}
        blockers = [name(b) for b in _list(attack.get("blockers"))]
        if blockers:
            line += _("; blocked by %(blockers)s") % {"blockers": joined(blockers, lang)}
        attacks.append(line)
    if attacks:
        notes.append((_("Combat"), tuple(attacks)))
    return notes


def present_board(board: Board | Mapping[str, Any], *, marks: Mapping[str, str] | None = None,
                  lang: str | None = None) -> ShownBoard:
    """A board (the engine's, or a payload as given) as a card per player; ``marks``: player -> what they
    do in this step ("leaves the game"), shown first on their card."""
    lang = lang or reader_language()
    data: Mapping[str, Any] = board.to_json() if isinstance(board, Board) else board
    names = board_names(board, lang)
    turn_order = [_str(p) for p in _list(data.get("turn_order"))]
    left = [_str(p) for p in _list(data.get("left"))]
    teams = [[_str(p) for p in team] for team in _list(data.get("teams")) if isinstance(team, list)]
    planar = _planar(data.get("planar_controller"))
    shields = data.get("shields") if isinstance(data.get("shields"), Mapping) else {}
    controlled = {_str(c.get("player")): c for c in _mappings(data.get("player_control"))
                  if c.get("pending") is not True}
    objects = _mappings(data.get("objects"))
    seats = turn_order + [p for p in left if p not in turn_order]
    by_player: dict[str, tuple[list[ShownObject], list[ShownObject]]] = {p: ([], []) for p in seats}
    others = []
    for item in objects:
        controller, owner = _str(item.get("controller")), _str(item.get("owner"))
        in_control = item.get("zone") in CONTROLLED_ZONES or (item.get("kind") in ("plane", "phenomenon")
                                                                and bool(controller))
        holder = controller if in_control else owner
        shown = ShownObject(name=names.get(_str(item.get("id")), _str(item.get("id"))),
                            details=_object_details(item, names, lang, under=holder if in_control else owner))
        if holder in by_player:
            by_player[holder][0 if in_control else 1].append(shown)
        else:
            others.append(shown)
    players = []
    for player in seats:
        badges = []
        if marks and player in marks:
            badges.append(marks[player])
        if player in left:
            badges.append(_("has left the game"))
        if player == data.get("active_player"):
            badges.append(_("active player"))
        for number, team in enumerate(teams, start=1):
            if player in team:
                badges.append(_("team %(number)d") % {"number": number})
        if player in planar:
            badges.append(_("planar controller"))
        if player == data.get("monarch"):
            badges.append(_("the monarch"))
        if player == data.get("initiative"):
            badges.append(_("has the initiative"))
        if player == data.get("priority"):
            badges.append(_("has priority"))
        if player in shields:
            count = shields[player] if isinstance(shields[player], int) else 0
            badges.append(ngettext("%(count)d shield", "%(count)d shields", count) % {"count": count})
        if player in controlled:
            badges.append(_("turn controlled by %(player)s") % {"player": _str(controlled[player].get("controller"))})
        if not (player in left and not any(by_player[player])):
            players.append(ShownPlayer(name=player, badges=tuple(badges), controls=tuple(by_player[player][0]),
                                       owns=tuple(by_player[player][1]), left=player in left))
    facts = [(render(msg("board.label.variant"), lang), label_of("board.variant.", data.get("variant"), lang)),
             (_("Turn order"), " → ".join(turn_order) or "—")]
    if left:
        facts.append((_("Already left"), joined(left, lang)))
    if data.get("single_planar_deck") is True:
        facts.append((_("Planar deck"), _("one planar deck shared by every player")))
    return ShownBoard(facts=tuple(facts), players=tuple(players), others=tuple(others),
                      notes=tuple(_effect_notes(data, names, lang)))


# --------------------------------------------------------------------------- the board form's rows


def object_options(objects: Iterable[Mapping[str, Any]], lang: str) -> list[tuple[str, str]]:
    """(id, name) of every object of the form that has an id, for the selects that refer to an object."""
    return [(row["id"], row["label"] if row.get("label") else object_label(row).in_(lang))
            for row in objects if row.get("id")]


def label_rows(rows: Any, lang: str) -> None:
    """Give every row of the board form its label (``row["label"]``), by the object's name as the engine's
    problems name it: "《突撃するグリフィン》", "Control effect on Assault Griffin"; an unnamed row by its
    place ("Object 1" / 「オブジェクト1」), never by a JSON path."""
    def nth(code: str, index: int) -> str:
        return render(msg(code, number=index + 1), lang)

    names: dict[str, str] = {}
    objects = rows.rows["obj"]
    for index, row in enumerate(objects):
        row["label"] = object_label(row).in_(lang) if row.get("name") else nth("board.label.nth-object", index)
    seen = Counter(row["label"] for row in objects)
    owned = Counter((row["label"], row["owner"]) for row in objects)
    for index, row in enumerate(objects):
        if seen[row["label"]] > 1:  # two Mindslavers: tell them apart by their owner, else by their place
            own = row["owner"] and owned[(row["label"], row["owner"])] == 1
            row["label"] += f" ({row['owner'] if own else index + 1})"
        if row.get("id"):
            names.setdefault(row["id"], row["label"])
    for index, row in enumerate(rows.rows["player"]):
        row["label"] = row["name"] or _("Player %(number)d") % {"number": index + 1}
    for index, row in enumerate(rows.rows["eff"]):
        target = names.get(row["object"])
        row["label"] = render(msg("board.label.effect", object=target), lang) if target \
            else nth("board.label.nth-effect", index)
    for prefix, code, nth_code in (("trg", "board.label.trigger", "board.label.nth-trigger"),
                                   ("tmd", "board.label.timed", "board.label.nth-timed")):
        for index, row in enumerate(rows.rows[prefix]):
            maker = made_by(row, names, lang)
            row["label"] = render(msg(code, name=maker), lang) if maker else nth(nth_code, index)
    for index, row in enumerate(rows.rows["pc"]):
        row["label"] = (_("%(controller)s controls %(player)s") % {"controller": row["controller"],
                                                                   "player": row["player"]}
                        if row["controller"] and row["player"] else nth("board.label.nth-player-control", index))
    for index, row in enumerate(rows.rows["atk"]):
        attacker = names.get(row["attacker"])
        row["label"] = render(msg("board.label.attack", object=attacker), lang) if attacker \
            else nth("board.label.nth-attack", index)


# --------------------------------------------------------------------------- a resolved leave (or end of turn)


@dataclass(frozen=True)
class ObjectAfter:
    name: str
    owner: str | None
    before: str  # "battlefield · Alex"
    after: str
    zone: str  # the zone value after ("left-game", "ceased", "exile", ...), for the page's styling
    gone: bool
    changed: bool


@dataclass(frozen=True)
class Outcome:
    """The board after a leave or the end of a turn: who is still playing, who holds what, where each object went."""

    facts: tuple[tuple[str, str], ...]
    objects: tuple[ObjectAfter, ...]
    triggers: tuple[tuple[str, bool], ...]  # (what, removed)
    effects: tuple[tuple[str, bool], ...]  # (what, ended)
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    game_over: bool
    summary: str
    winners_text: str = ""


def _where(zone: str, controller: str | None, lang: str) -> str:
    place = label_of("board.zone.", zone, lang)
    return f"{place} · {controller}" if controller else place


def _holder(before: str | None, after: str | None) -> str:
    if before == after:
        return after or "—"
    return f"{before or '—'} → {after or '—'}"


def present_outcome(result: LeaveGameResult, lang: str | None = None) -> Outcome:
    lang = lang or reader_language()
    before, after = result.before, result.board
    names = board_names(before, lang)
    objects = tuple(
        ObjectAfter(name=item.label.in_(lang) if item.label is not None else names.get(item.id, item.id),
                    owner=before.object(item.id).owner if before.find(item.id) else None,
                    before=_where(item.before_zone, item.before_controller, lang),
                    after=_where(item.zone, item.controller, lang), zone=item.zone, gone=item.gone,
                    changed=item.changed)
        for item in result.objects)
    facts: list[tuple[str, str]] = []
    if result.left:
        facts.append((_("Left the game"), joined(result.left, lang)))
    if result.losers:
        facts.append((_("Lost the game"), joined(result.losers, lang)))
    # A game that is over says so above the facts, with its winners; one that goes on says who plays next.
    if not result.ended:
        facts.append((_("Still playing, in turn order"), " → ".join(after.turn_order) or "—"))
        if result.next_turn is not None:
            facts.append((_("Next turn"), result.next_turn))
        else:
            facts.append((_("Active player"), after.active_player
                          or _("none (the turn continues without an active player)")))
    if before.monarch or after.monarch:
        facts.append((_("The monarch"), _holder(before.monarch, after.monarch)))
    if before.initiative or after.initiative:
        facts.append((_("The initiative"), _holder(before.initiative, after.initiative)))
    if before.has_planes:
        old, new = planar_json(before), planar_json(after)
        facts.append((_("Planar controller"), _holder(
            joined(old, lang) if isinstance(old, list) else old, joined(new, lang) if isinstance(new, list) else new)))
        if result.planeswalks:
            facts.append((_("Planeswalks"), joined(result.planeswalks, lang)))
    if before.player_control or after.player_control:
        facts.append((_("Control of players"), "; ".join(
            (_("%(controller)s will control %(player)s's next turn") if c.pending
             else _("%(controller)s controls %(player)s's turn")) % {"controller": c.controller, "player": c.player}
            for c in after.player_control) or _("nobody controls another player")))
    effect_names = {e.id: render(msg("board.label.effect", object=before.label_of(e.object) or e.object), lang)
                    for e in before.control_effects}
    trigger_names = {}
    for index, trigger in enumerate(before.delayed_triggers, start=1):
        maker = made_by({"name": trigger.name, "name_ja": trigger.name_ja, "source": trigger.source}, names, lang)
        trigger_names[trigger.id] = render(msg("board.label.trigger", name=maker) if maker
                                           else msg("board.label.nth-trigger", number=index), lang)
    return Outcome(
        facts=tuple(facts), objects=objects,
        triggers=tuple((trigger_names.get(i, i), status == "removed") for i, status in result.delayed_triggers),
        effects=tuple((effect_names.get(i, i), status == "ended") for i, status in result.control_effects),
        winners=result.winners, losers=result.losers, game_over=result.ended, summary=result.summary(lang),
        winners_text=joined(result.winners, lang),
    )


@dataclass(frozen=True)
class Resolution:
    """A player's leave on the board page: the steps, the board afterwards, and that board as JSON to go on from."""

    steps: list[ShownStep]
    outcome: Outcome
    after: ShownBoard
    after_json: str
    game_over: bool
    title: str


def present_resolution(result: LeaveGameResult, *, title: str) -> Resolution:
    lang = reader_language()
    return Resolution(
        steps=present_steps(result.steps, names=board_names(result.before, lang)),
        outcome=present_outcome(result, lang), after=present_board(result.board, lang=lang),
        after_json=board_json(result.board.to_json()), game_over=result.ended, title=title,
    )


def board_json(payload: Mapping[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, indent=2)


# --------------------------------------------------------------------------- other engine inputs and results

# Field names of the calculators' inputs and results, as a worked ruling shows them.
KEY_LABELS: dict[str, Callable[[], str]] = {
    "variant": lambda: _("Format"),
    "mana_cost": lambda: _("Mana cost"),
    "previous_casts": lambda: _("Previous casts from the command zone"),
    "reduction": lambda: _("Cost reduction"),
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
HIDDEN_KEYS = frozenset({"steps", "explanation", "summary", "changes", "problems", "id",
                         "name_ja"})  # a name is shown in the reader's language already
# Keys whose values are object or commander ids, shown by name.
NAMED_KEYS = frozenset({"source", "commander", "attacker", "blockers", "id", "name"})


def _key(key: str) -> str:
    label = KEY_LABELS.get(key)
    return label() if label is not None else key.replace("_", " ")


@dataclass(frozen=True)
class KeyValue:
    label: str
    text: str = ""
    items: tuple[tuple[tuple[str, str], ...], ...] = ()  # a list of records: each record's (label, value) pairs


class Values:
    """Renders the values of a calculator's input or answer for the reader: names for ids, labels for choices."""

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
            return ", ".join(f"{self.names.get(str(k)) or _key(str(k))}: {self.cell(str(k), v)}"
                             for k, v in value.items())
        if isinstance(value, list):
            if all(isinstance(v, Mapping) for v in value):
                return "; ".join(" · ".join(
                    [self.cell("id", item["id"])] * ("id" in item)
                    + [f"{_key(k)}: {self.cell(k, v)}" for k, v in item.items() if k not in HIDDEN_KEYS])
                    for item in value) or "—"
            return ", ".join(self.cell(key, v) for v in value) or "—"
        return _str(value)

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


def identity_cards(before: Mapping[str, Any], after: Mapping[str, Any], cards: Mapping[str, Text],
                   lang: str) -> list[IdentityCard]:
    """Each card of a colour identity step: its mana cost and type line as given, its identity as found."""
    cards_in = _mappings(before.get("cards"))
    cards_out = _mappings(after.get("results") or after.get("cards"))
    rows = []
    for index, card in enumerate(cards_out):
        given = cards_in[index] if index < len(cards_in) else {}
        faces = _mappings(given.get("card_faces"))
        costs = " // ".join(str(f.get("mana_cost") or "—") for f in faces) if faces else given.get("mana_cost")
        identity = [label_of("mana.color.", c, lang) for c in _list(card.get("identity"))]
        name = _str(card.get("name"))
        rows.append(IdentityCard(name=cards.get(name, card_name(name, None)).in_(lang), mana_cost=str(costs or "—"),
                                 # The type line is English card data: a Japanese page keeps the cost only.
                                 type_line=_str(given.get("type_line")) if lang == "en" else "",
                                 identity=("・" if lang == "ja" else " ").join(identity) if identity
                                 else label_of("mana.", "colorless", lang)))
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
        for commander in _mappings((step.before or {}).get("commanders")):
            english = _str(commander.get("name")) or _str(commander.get("id"))
            found.setdefault(_str(commander.get("id")), cards.get(english, card_name(english, None)).in_(lang))
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
        return _str(payload.get(key))

    if kind == "leave-game":
        return {who("leaving"): _("leaves the game")}
    if kind == "dtc-loss":
        return {who("player"): _("loses the game for their team")}
    if kind == "dtc-attack":
        return {who("attacker"): _("attacks"), who("target"): _("is attacked")}
    return {}


def present_step(replayed: ReplayedStep, *, names: Mapping[str, str], cards: Mapping[str, Text],
                 lang: str | None = None) -> StepDisplay:
    """A step of a worked ruling; a step without an action shows the board as it stands, if there is one."""
    lang = lang or reader_language()
    kind = replayed.step.kind
    if kind is None:
        board = replayed.board_after
        return StepDisplay(kind=None, board=present_board(board, lang=lang) if board is not None else None)
    before = replayed.before or {}
    after = replayed.after or {}
    error: RulesError | None = replayed.error
    problems = present_problems(error, lang) if error is not None else []
    steps = present_steps(replayed.engine_steps, lang, names=names)
    values = Values(names, lang)
    if kind in BOARD_KINDS:
        board_before: Board | Mapping[str, Any] = replayed.board_before or before
        result = replayed.result
        outcome = present_outcome(result, lang) if isinstance(result, LeaveGameResult) and error is None else None
        after_values = [] if outcome is not None or error is not None else values.key_values(
            {k: v for k, v in after.items() if k not in ("board",)})
        extra = {k: v for k, v in before.items() if k not in BOARD_FIELDS and k not in PAYLOAD_ONLY}
        return StepDisplay(kind=kind, error=problems, engine_steps=steps, outcome=outcome, after=after_values,
                           before=values.key_values(extra),
                           board=present_board(board_before, marks=_marks(kind, before), lang=lang))
    if kind == "color-identity":
        return StepDisplay(kind=kind, engine_steps=steps, error=problems,
                           cards=identity_cards(before, after, cards, lang))
    return StepDisplay(kind=kind, engine_steps=steps, error=problems, before=values.key_values(before),
                       after=[] if error else values.key_values(after))


def start_display(start: ReplayedStep, lang: str | None = None) -> StepDisplay:
    """Step 0 of a ruling that starts from a board: that board, before anything happens."""
    assert start.board_before is not None
    return StepDisplay(kind=None, board=present_board(start.board_before, lang=lang))

