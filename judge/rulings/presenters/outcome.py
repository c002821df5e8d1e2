"""A resolved leave (or end of turn): the board after it, object by object, and the page's resolution."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from judge.engine.board import Board, ObjectKind
from judge.engine.leave_game_result import LeaveGameResult, planar_json
from judge.engine.messages import msg, render
from judge.rulings.presenters.board import ShownBoard, present_board
from judge.rulings.presenters.names import board_names, joined, label_of, made_by
from judge.web.presenters import ShownStep, present_steps, reader_language


@dataclass(frozen=True)
class ObjectAfter:
    name: str
    owner: str | None
    before: str  # "battlefield · Alex"
    after: str
    zone: str  # the zone value after ("left-game", "ceased", "exile", ...), for the page's styling
    gone: bool
    changed: bool
    url: str = ""  # its card page, when the card data knows the card


@dataclass(frozen=True)
class Outcome:
    """The board after a leave or the end of a turn: who is still playing, who holds what, where each object
    went."""

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


# Objects represented by a card (a token, a copy, an ability or an emblem has no card page), as the board
# presenter's _is_card decides.
CARD_KINDS = frozenset({ObjectKind.CARD, ObjectKind.PLANE, ObjectKind.PHENOMENON})


def _card_url(before: Board, object_id: str, card_urls: Mapping[str, str]) -> str:
    found = before.find(object_id)
    return card_urls.get(found.name, "") if found is not None and found.kind in CARD_KINDS else ""


def present_outcome(
    result: LeaveGameResult, lang: str | None = None, card_urls: Mapping[str, str] | None = None
) -> Outcome:
    """The board after ``result``; ``card_urls``: a card's English name -> its card page
    (judge.web.card_finder.card_links)."""
    lang = lang or reader_language()
    card_urls = card_urls or {}
    before, after = result.before, result.board
    names = board_names(before, lang)
    objects = tuple(
        ObjectAfter(
            name=item.label.in_(lang) if item.label is not None else names.get(item.id, item.id),
            owner=before.object(item.id).owner if before.find(item.id) else None,
            before=_where(item.before_zone, item.before_controller, lang),
            after=_where(item.zone, item.controller, lang),
            zone=item.zone,
            gone=item.gone,
            changed=item.changed,
            url=_card_url(before, item.id, card_urls),
        )
        for item in result.objects
    )
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
            facts.append(
                (
                    _("Active player"),
                    after.active_player or _("none (the turn continues without an active player)"),
                )
            )
    if before.monarch or after.monarch:
        facts.append((_("The monarch"), _holder(before.monarch, after.monarch)))
    if before.initiative or after.initiative:
        facts.append((_("The initiative"), _holder(before.initiative, after.initiative)))
    if before.has_planes:
        old, new = planar_json(before), planar_json(after)
        facts.append(
            (
                _("Planar controller"),
                _holder(
                    joined(old, lang) if isinstance(old, list) else old,
                    joined(new, lang) if isinstance(new, list) else new,
                ),
            )
        )
        if result.planeswalks:
            facts.append((_("Planeswalks"), joined(result.planeswalks, lang)))
    if before.player_control or after.player_control:
        facts.append(
            (
                _("Control of players"),
                "; ".join(
                    (
                        _("%(controller)s will control %(player)s's next turn")
                        if c.pending
                        else _("%(controller)s controls %(player)s's turn")
                    )
                    % {"controller": c.controller, "player": c.player}
                    for c in after.player_control
                )
                or _("nobody controls another player"),
            )
        )
    effect_names = {
        e.id: render(msg("board.label.effect", object=before.label_of(e.object) or e.object), lang)
        for e in before.control_effects
    }
    trigger_names = {}
    for index, trigger in enumerate(before.delayed_triggers, start=1):
        maker = made_by(
            {"name": trigger.name, "name_ja": trigger.name_ja, "source": trigger.source}, names, lang
        )
        trigger_names[trigger.id] = render(
            msg("board.label.trigger", name=maker) if maker else msg("board.label.nth-trigger", number=index),
            lang,
        )
    return Outcome(
        facts=tuple(facts),
        objects=objects,
        triggers=tuple(
            (trigger_names.get(i, i), status == "removed") for i, status in result.delayed_triggers
        ),
        effects=tuple((effect_names.get(i, i), status == "ended") for i, status in result.control_effects),
        winners=result.winners,
        losers=result.losers,
        game_over=result.ended,
        summary=result.summary(lang),
        winners_text=joined(result.winners, lang),
    )


@dataclass(frozen=True)
class Resolution:
    """A player's leave on the board page: the steps, the board afterwards, and that board as JSON to go on
    from."""

    steps: list[ShownStep]
    outcome: Outcome
    after: ShownBoard
    after_json: str
    game_over: bool
    title: str


def present_resolution(
    result: LeaveGameResult, *, title: str, card_urls: Mapping[str, str] | None = None
) -> Resolution:
    """``card_urls``: a card's English name -> its card page (the objects named in the outcome and the board
    after)."""
    lang = reader_language()
    return Resolution(
        steps=present_steps(result.steps, names=board_names(result.before, lang)),
        outcome=present_outcome(result, lang, card_urls),
        after=present_board(result.board, lang=lang, card_urls=card_urls),
        after_json=board_json(result.board.to_payload()),
        game_over=result.ended,
        title=title,
    )


# A board's JSON up to this size is shown indented for reading; a bigger one compact (a page-sized board's
# indentation alone was ~60 KB of the page).
INDENTED_JSON = 20_000


def board_json(payload: Mapping[str, Any]) -> str:
    compact = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return json.dumps(payload, ensure_ascii=False, indent=2) if len(compact) <= INDENTED_JSON else compact
