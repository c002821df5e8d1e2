"""A board for reading on a phone: a card per player, the effects in sentences; and the board form's row
labels.

A player's card says what they control, what they own elsewhere and the designations they hold; the
effects (control, delayed triggers, effects until a turn, control of players, combat) are sentences,
never a table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from judge.engine.board import Board, ObjectKind, Zone
from judge.engine.messages import msg, render
from judge.rulings.presenters.names import (
    as_list,
    as_text,
    board_names,
    joined,
    label_of,
    made_by,
    mappings_in,
    object_label,
)
from judge.web.presenters import reader_language

# Where an object sits under its controller rather than its owner (109.4, 109.4d).
CONTROLLED_ZONES = frozenset({Zone.BATTLEFIELD.value, Zone.STACK.value})


def _planar(value: Any) -> list[str]:
    if isinstance(value, list):
        return [as_text(v) for v in value]
    return [as_text(value)] if value else []


# --------------------------------------------------------------------------- a board, per player


@dataclass(frozen=True)
class ShownObject:
    name: str
    details: tuple[str, ...]  # zone, owner when someone else controls it, what it is attached to, ...
    url: str = ""  # its card page, when the card data knows the card


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


def _object_details(
    item: Mapping[str, Any], names: Mapping[str, str], lang: str, *, under: str | None
) -> tuple[str, ...]:
    details = []
    kind = item.get("kind")
    if kind != ObjectKind.CARD.value:
        details.append(label_of("board.kind.", kind, lang))
    details.append(label_of("board.zone.", item.get("zone"), lang))
    owner = as_text(item.get("owner"))
    if owner and owner != under:
        details.append(_("owner: %(player)s") % {"player": owner})
    default = as_text(item.get("default_controller"))
    if default and default != owner:
        details.append(_("entered under %(player)s's control") % {"player": default})
    attached = as_text(item.get("attached_to"))
    if attached:
        details.append(_("attached to %(target)s") % {"target": names.get(attached, attached)})
    source = as_text(item.get("source"))
    if source:
        details.append(_("source: %(source)s") % {"source": names.get(source, source)})
    if item.get("planeswalking") is True:
        details.append(_("the planeswalking ability"))
    return tuple(d for d in details if d)


def _namer(names: Mapping[str, str]) -> Callable[[Any], str]:
    """A reference as the reader sees it: an object's or player's name, else the text given."""

    def name(ref: Any) -> str:
        return names.get(ref, as_text(ref)) if isinstance(ref, str) else as_text(ref)

    return name


def _effect_notes(
    board: Mapping[str, Any], names: Mapping[str, str], lang: str
) -> list[tuple[str, tuple[str, ...]]]:
    notes: list[tuple[str, tuple[str, ...]]] = []
    for title, lines in (
        (_("Control-changing effects, oldest first"), _control_lines(board, names, lang)),
        (_("Delayed triggered abilities"), _trigger_lines(board, names, lang)),
        (_("Effects until a player's next turn"), _timed_lines(board, names, lang)),
        (_("Cards exiled until an event"), _until_lines(board, names, lang)),
        (_("Control of players"), _player_control_lines(board, names, lang)),
        (_("Combat"), _combat_lines(board, names, lang)),
    ):
        if lines:
            notes.append((title, tuple(lines)))
    return notes


def _control_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Control-changing effects, oldest first."""
    name = _namer(names)
    control = []
    for effect in mappings_in(board.get("control_effects")):
        params = {
            "player": name(effect.get("controller")),
            "object": name(effect.get("object")),
            "ends": label_of("board.ends.", effect.get("ends"), lang),
        }
        maker = made_by(effect, names, lang)
        if maker:
            control.append(
                _("%(player)s controls %(object)s, by %(source)s (ends %(ends)s)")
                % {**params, "source": maker}
            )
        else:
            control.append(_("%(player)s controls %(object)s (ends %(ends)s)") % params)
    return control


def _trigger_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Delayed triggered abilities."""
    name = _namer(names)
    triggers = []
    for trigger in mappings_in(board.get("delayed_triggers")):
        maker = made_by(trigger, names, lang)
        what = (
            render(msg("board.label.trigger", name=maker), lang)
            if maker
            else _("A delayed triggered ability")
        )
        line = _("%(trigger)s, controlled by %(player)s") % {
            "trigger": what,
            "player": name(trigger.get("controller")),
        }
        if trigger.get("object"):
            line += _("; it acts on %(object)s") % {"object": name(trigger.get("object"))}
        if trigger.get("text") and (lang == "en" or not maker):
            line += f": {as_text(trigger.get('text'))}"
        triggers.append(line)
    return triggers


def _timed_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Effects until a player's next turn."""
    name = _namer(names)
    timed = []
    for effect in mappings_in(board.get("timed_effects")):
        maker = made_by(effect, names, lang)
        what = render(msg("board.label.timed", name=maker), lang) if maker else _("An effect")
        player = name(effect.get("controller"))
        if effect.get("until") == "during-next-turn":
            line = _("%(effect)s lasts until a point in %(player)s's next turn") % {
                "effect": what,
                "player": player,
            }
        else:
            line = _("%(effect)s lasts until %(player)s's next turn") % {"effect": what, "player": player}
        if effect.get("object"):
            line += _("; it applies to %(object)s") % {"object": name(effect.get("object"))}
        if effect.get("ends_after_turn_of"):
            line += _("; %(player)s has left, so it ends when %(previous)s's turn ends") % {
                "player": player,
                "previous": name(effect.get("ends_after_turn_of")),
            }
        if effect.get("text") and (lang == "en" or not maker):
            line += f": {as_text(effect.get('text'))}"
        timed.append(line)
    return timed


def _until_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Cards exiled "until" an event (610.3): what exiled them, until when, and how they come back."""
    name = _namer(names)
    lines = []
    for effect in mappings_in(board.get("until_effects")):
        maker = made_by(effect, names, lang) or _("an effect")
        cards = ", ".join(name(o) for o in effect.get("objects") or [] if isinstance(o, str))
        lines.append(
            _("%(cards)s exiled by %(source)s %(until)s; %(how)s")
            % {
                "cards": cards or "—",
                "source": maker,
                "until": label_of("board.exiled.", effect.get("ends"), lang),
                "how": label_of("board.returns.", effect.get("how") or "until", lang),
            }
        )
    return lines


def _player_control_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Control of players' turns."""
    name = _namer(names)
    players = []
    for control_of in mappings_in(board.get("player_control")):
        params = {"controller": name(control_of.get("controller")), "player": name(control_of.get("player"))}
        line = (
            _("%(controller)s will control %(player)s's next turn")
            if control_of.get("pending") is True
            else _("%(controller)s controls %(player)s's turn")
        ) % params
        maker = made_by(control_of, names, lang)
        if maker:
            line = _("%(what)s (by %(source)s)") % {"what": line, "source": maker}
        players.append(line)
    return players


def _combat_lines(board: Mapping[str, Any], names: Mapping[str, str], lang: str) -> list[str]:
    """Attacks and their blockers."""
    name = _namer(names)
    attacks = []
    for attack in mappings_in(board.get("combat")):
        line = _("%(attacker)s attacks %(target)s") % {
            "attacker": name(attack.get("attacker")),
            "target": name(attack.get("attacking")),
        }
        blockers = [name(b) for b in as_list(attack.get("blockers"))]
        if blockers:
            line += _("; blocked by %(blockers)s") % {"blockers": joined(blockers, lang)}
        attacks.append(line)
    return attacks


def _badges(
    player: str,
    data: Mapping[str, Any],
    marks: Mapping[str, str] | None,
    left: list[str],
    teams: list[list[str]],
    planar: list[str],
    shields: Any,
    controlled: Mapping[str, Mapping[str, Any]],
) -> list[str]:
    """What a player's card says of them: this step's mark first, then their seat, team and designations."""
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
        badges.append(
            _("turn controlled by %(player)s") % {"player": as_text(controlled[player].get("controller"))}
        )
    return badges


def present_board(
    board: Board | Mapping[str, Any],
    *,
    marks: Mapping[str, str] | None = None,
    lang: str | None = None,
    card_urls: Mapping[str, str] | None = None,
) -> ShownBoard:
    """A board (the engine's, or a payload as given) as a card per player; ``marks``: player -> what they
    do in this step ("leaves the game"), shown first on their card; ``card_urls``: an object's English name
    -> its card page (judge.web.card_finder.card_links), so a known card's name links there."""
    lang = lang or reader_language()
    data: Mapping[str, Any] = board.to_payload() if isinstance(board, Board) else board
    names = board_names(board, lang)
    turn_order = [as_text(p) for p in as_list(data.get("turn_order"))]
    left = [as_text(p) for p in as_list(data.get("left"))]
    teams = [[as_text(p) for p in team] for team in as_list(data.get("teams")) if isinstance(team, list)]
    planar = _planar(data.get("planar_controller"))
    shields = data.get("shields") if isinstance(data.get("shields"), Mapping) else {}
    controlled = {
        as_text(c.get("player")): c
        for c in mappings_in(data.get("player_control"))
        if c.get("pending") is not True
    }
    objects = mappings_in(data.get("objects"))
    seats = turn_order + [p for p in left if p not in turn_order]
    by_player: dict[str, tuple[list[ShownObject], list[ShownObject]]] = {p: ([], []) for p in seats}
    others = []
    for item in objects:
        controller, owner = as_text(item.get("controller")), as_text(item.get("owner"))
        in_control = item.get("zone") in CONTROLLED_ZONES or (
            item.get("kind") in ("plane", "phenomenon") and bool(controller)
        )
        holder = controller if in_control else owner
        shown = ShownObject(
            name=names.get(as_text(item.get("id")), as_text(item.get("id"))),
            details=_object_details(item, names, lang, under=holder if in_control else owner),
            url=(card_urls or {}).get(as_text(item.get("name")), "") if _is_card(item) else "",
        )
        if holder in by_player:
            by_player[holder][0 if in_control else 1].append(shown)
        else:
            others.append(shown)
    players = []
    for player in seats:
        badges = _badges(player, data, marks, left, teams, planar, shields, controlled)
        if not (player in left and not any(by_player[player])):
            players.append(
                ShownPlayer(
                    name=player,
                    badges=tuple(badges),
                    controls=tuple(by_player[player][0]),
                    owns=tuple(by_player[player][1]),
                    left=player in left,
                )
            )
    facts = [
        (render(msg("board.label.variant"), lang), label_of("board.variant.", data.get("variant"), lang)),
        (_("Turn order"), " → ".join(turn_order) or "—"),
    ]
    if left:
        facts.append((_("Already left"), joined(left, lang)))
    if data.get("single_planar_deck") is True:
        facts.append((_("Planar deck"), _("one planar deck shared by every player")))
    return ShownBoard(
        facts=tuple(facts),
        players=tuple(players),
        others=tuple(others),
        notes=tuple(_effect_notes(data, names, lang)),
    )


# --------------------------------------------------------------------------- the board form's rows


def object_options(objects: Iterable[Mapping[str, Any]], lang: str) -> list[tuple[str, str]]:
    """(id, name) of every object of the form that has an id, for the selects that refer to an object."""
    return [
        (row["id"], row["label"] if row.get("label") else object_label(row).in_(lang))
        for row in objects
        if row.get("id")
    ]


def label_rows(rows: Any, lang: str) -> None:
    """Give every row of the board form its label (``row["label"]``), by the object's name as the engine's
    problems name it: "《突撃するグリフィン》", "Control effect on Assault Griffin"; an unnamed row by its
    place ("Object 1" / 「オブジェクト1」), never by a JSON path."""

    def nth(code: str, index: int) -> str:
        return render(msg(code, number=index + 1), lang)

    names: dict[str, str] = {}
    objects = rows.rows["obj"]
    for index, row in enumerate(objects):
        row["label"] = (
            object_label(row).in_(lang) if row.get("name") else nth("board.label.nth-object", index)
        )
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
        row["label"] = (
            render(msg("board.label.effect", object=target), lang)
            if target
            else nth("board.label.nth-effect", index)
        )
    for prefix, code, nth_code in (
        ("trg", "board.label.trigger", "board.label.nth-trigger"),
        ("tmd", "board.label.timed", "board.label.nth-timed"),
    ):
        for index, row in enumerate(rows.rows[prefix]):
            maker = made_by(row, names, lang)
            row["label"] = render(msg(code, name=maker), lang) if maker else nth(nth_code, index)
    for index, row in enumerate(rows.rows["pc"]):
        row["label"] = (
            _("%(controller)s controls %(player)s")
            % {"controller": row["controller"], "player": row["player"]}
            if row["controller"] and row["player"]
            else nth("board.label.nth-player-control", index)
        )
    for index, row in enumerate(rows.rows["unt"]):
        maker = made_by(row, names, lang)
        row["label"] = (
            render(msg("board.label.until", name=maker), lang)
            if maker
            else nth("board.label.nth-until", index)
        )
    for index, row in enumerate(rows.rows["atk"]):
        attacker = names.get(row["attacker"])
        row["label"] = (
            render(msg("board.label.attack", object=attacker), lang)
            if attacker
            else nth("board.label.nth-attack", index)
        )


def _is_card(item: Mapping[str, Any]) -> bool:
    """An object represented by a card (a token, an ability or an emblem has no card page to link)."""
    return item.get("kind", ObjectKind.CARD.value) in (
        ObjectKind.CARD.value,
        ObjectKind.PLANE.value,
        ObjectKind.PHENOMENON.value,
    )


def object_card_names(board: Board | Mapping[str, Any] | None) -> set[str]:
    """The English names of a board's objects represented by cards, to look their card pages up in one go."""
    if board is None:
        return set()
    data: Mapping[str, Any] = board.to_payload() if isinstance(board, Board) else board
    return {as_text(o.get("name")) for o in mappings_in(data.get("objects")) if o.get("name") and _is_card(o)}
