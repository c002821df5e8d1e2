"""The shared table tracker: start a game, then every phone at the table opens its short link.

Every button is a real form (POST, then redirect to the game page) that also
carries ``hx-post``: with htmx the answer is the board fragment alone. The
board polls every few seconds and gets 204 (nothing to swap) until the
revision changes. JSON bodies get JSON answers, for bots and scripts.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import path, re_path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge import tracker_selectors, tracker_services
from judge.engine import tracker
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.steps import Step
from judge.web.citations import rule_ref_url
from judge.tracker_models import Game
from judge.web.json_api import json_object

SLUG = r"(?P<slug>[A-Za-z0-9_-]{8,32})"
DEFAULT_SEATS = 6
MAX_SEATS = tracker.MAX_PLAYERS
HISTORY_SHOWN = 200

VARIANT_LABELS = {
    tracker.Variant.COMMANDER: gettext_lazy("Commander"),
    tracker.Variant.BRAWL: gettext_lazy("Brawl"),
    tracker.Variant.TWO_HEADED_GIANT: gettext_lazy("Two-Headed Giant"),
    tracker.Variant.PLANECHASE: gettext_lazy("Planechase"),
    tracker.Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}
LOSS_LABELS = {
    tracker.LossReason.LIFE: gettext_lazy("0 or less life"),
    tracker.LossReason.POISON: gettext_lazy("poison counters"),
    tracker.LossReason.COMMANDER_DAMAGE: gettext_lazy("21 commander damage"),
    tracker.LossReason.TEAM_LIFE: gettext_lazy("team at 0 or less life"),
    tracker.LossReason.TEAM_POISON: gettext_lazy("team poison counters"),
    tracker.LossReason.CONCEDE: gettext_lazy("conceded"),
    tracker.LossReason.EMPTY_LIBRARY: gettext_lazy("drew from an empty library"),
    tracker.LossReason.EFFECT: gettext_lazy("an effect says so"),
    tracker.LossReason.DIRECT_ATTACK: gettext_lazy("direct attack"),
}
FACE_LABELS = {
    tracker.DieFace.BLANK: gettext_lazy("blank"),
    tracker.DieFace.CHAOS: gettext_lazy("chaos"),
    tracker.DieFace.PLANESWALKER: gettext_lazy("Planeswalker symbol"),
}


# --------------------------------------------------------------------------- helpers


def _wants_json(request: HttpRequest) -> bool:
    return request.content_type == "application/json" or request.GET.get("format") == "json" or (
        request.method == "GET" and request.headers.get("Accept", "").startswith("application/json")
    )


def _json_body(request: HttpRequest) -> dict[str, Any]:
    return json_object(request.body, empty="{}")


def _int_or_none(value: Any) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidInputError(["expected_revision: must be a whole number"]) from None


def _steps(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    return [{"rule": s.rule, "text": s.text, "url": rule_ref_url(s.rule)} for s in steps]


def _commander_name(state: tracker.TableState, owner: str, index: int) -> str:
    try:
        return state.commander(owner, index).name
    except (KeyError, IndexError):
        return "?"


def describe(event: tracker.Event, state: tracker.TableState) -> str:
    """One line of the history log, in the page's language."""
    kind = event.kind
    values: dict[str, Any] = {"player": event.player, "amount": event.amount}
    if kind is tracker.EventKind.LIFE:
        return _("%(player)s: %(amount)+d life") % values
    if kind is tracker.EventKind.POISON:
        return _("%(player)s: %(amount)+d poison") % values
    if kind is tracker.EventKind.SHIELDS:
        return _("%(player)s: %(amount)+d shields") % values
    if kind is tracker.EventKind.COMMANDER_DAMAGE:
        values.update(commander=_commander_name(state, event.owner, event.commander), owner=event.owner)
        return _("%(player)s: %(amount)+d combat damage from %(commander)s (%(owner)s)") % values
    if kind in (tracker.EventKind.CAST_COMMANDER, tracker.EventKind.COMMANDER_WITHOUT_CAST,
                tracker.EventKind.SET_COMMANDER_CASTS):
        values["commander"] = _commander_name(state, event.player, event.commander)
        if kind is tracker.EventKind.CAST_COMMANDER:
            return _("%(player)s cast %(commander)s from the command zone") % values
        if kind is tracker.EventKind.SET_COMMANDER_CASTS:
            return _("Correction: %(commander)s has been cast %(amount)d times from the command zone") % values
        if event.how is tracker.EntryHow.OTHER_ZONE:
            return _("%(commander)s was cast from another zone: no tax") % values
        return _("%(commander)s was put into play without being cast: no tax") % values
    if kind is tracker.EventKind.PLANAR_ROLL:
        values["face"] = FACE_LABELS[event.face] if event.face else "—"
        if event.free:
            return _("%(player)s rolled the planar die because of an effect: %(face)s") % values
        return _("%(player)s rolled the planar die: %(face)s") % values
    if kind is tracker.EventKind.NEXT_TURN:
        return _("Next turn")
    values["reason"] = LOSS_LABELS[event.reason] if event.reason else ""
    return _("%(player)s lost the game: %(reason)s") % values


def _panels(state: tracker.TableState) -> list[dict[str, Any]]:
    """What each player's panel shows."""
    setup = state.setup
    active = set(state.active_players)
    sources = [c for p in state.players for c in p.commanders]
    panels = []
    for index, player in enumerate(state.players):
        side = state.side_of(player.name)
        damage = [
            {
                "owner": c.owner,
                "index": c.index,
                "name": c.name,
                "amount": player.damage_from(c.owner, c.index),
                "lethal": setup.commander_damage_counts
                and player.damage_from(c.owner, c.index) >= tracker.COMMANDER_DAMAGE_LIMIT,
            }
            for c in sources
            if c.owner != player.name and not state.has_lost(c.owner)
        ] if setup.variant.has_life else []
        panels.append({
            "index": index,
            "name": player.name,
            "team": [m for m in side.members if m != player.name],
            "life": side.life,
            "poison": side.poison,
            "shields": player.shields,
            "planar_cost": player.planar_cost,
            "active": player.name in active,
            "lost": side.loss,
            "lost_label": LOSS_LABELS[side.loss.reason] if side.loss else "",
            "lost_url": rule_ref_url(side.loss.rule) if side.loss else None,
            "planar_cost_text": f"{{{player.planar_cost}}}",
            "commanders": [
                {"index": c.index, "name": c.name, "casts": c.casts,
                 "tax_text": f"+{c.tax}" if setup.variant is tracker.Variant.DTC else f"{{{c.tax}}}"}
                for c in player.commanders
            ],
            "damage": damage,
            "damage_open": any(d["amount"] for d in damage),
            "out_of_shields": setup.variant is tracker.Variant.DTC
            and all(state.player(m).shields == 0 for m in side.members),
        })
    return panels


def _board_context(request: HttpRequest, slug: str, errors: list[str] | None = None) -> dict[str, Any]:
    try:
        game, state, history = tracker_selectors.game_state(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None
    shown = [
        {
            "seq": h.seq,
            "text": describe(h.event, state),
            "created": h.created,
            "undone": h.undone,
            "undone_at": h.undone_at,
            "steps": _steps(h.steps),
        }
        for h in history[:HISTORY_SHOWN]
    ]
    setup = state.setup
    return {
        "game": game,
        "state": state,
        "setup": setup,
        "variant_label": VARIANT_LABELS[setup.variant],
        "panels": _panels(state),
        "history": shown,
        "history_hidden": max(0, len(history) - HISTORY_SHOWN),
        "can_undo": any(not h.undone for h in history),
        "start_steps": _steps(tracker.start_steps(setup)),
        "is_dtc": setup.variant is tracker.Variant.DTC,
        "has_life": setup.variant.has_life,
        "has_commanders": setup.variant.has_commanders,
        "damage_counts": setup.commander_damage_counts,
        "is_team_game": setup.variant.has_teams,
        "share_url": request.build_absolute_uri(reverse("tracker-game", args=[game.slug])),
        "errors": errors or [],
    }


def _board_response(request: HttpRequest, slug: str, *, errors: list[str] | None = None,
                    status: int = 200) -> HttpResponse:
    context = _board_context(request, slug, errors)
    template = "tracker/game.html#board" if request.htmx else "tracker/game.html"
    response = render(request, template, context, status=status)
    if request.htmx and errors:
        # The button pressed may be far down the board: bring the problems above it into view.
        response["HX-Reswap"] = "outerHTML show:#board-errors:top"
    return response


def _json_state(game: Game, state: tracker.TableState, **extra: Any) -> JsonResponse:
    data = {"slug": game.slug, "revision": game.revision, "state": tracker.state_to_payload(state), **extra}
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def _problems(err: RulesError) -> list[str]:
    return list(err.problems)


# --------------------------------------------------------------------------- new game


#: Variants whose tracked games have no commanders (tracker.Variant.has_commanders).
NO_COMMANDER_VARIANTS = {v.value for v in tracker.Variant if not v.has_commanders}


def _form_setup(post: Any) -> tuple[dict[str, Any], list[str], list[dict[str, str]]]:
    """Read the new-game form: rows of player, commander, partner, team. Blank rows are skipped."""
    problems: list[str] = []
    names = post.getlist("name")[:MAX_SEATS + 1]
    commanders_1 = post.getlist("commander")
    commanders_2 = post.getlist("partner")
    team_marks = post.getlist("team")
    rows: list[dict[str, str]] = []
    players: list[str] = []
    commanders: dict[str, list[str]] = {}
    by_team: dict[str, list[str]] = {}
    for i, raw in enumerate(names):
        name = raw.strip()
        first = commanders_1[i].strip() if i < len(commanders_1) else ""
        second = commanders_2[i].strip() if i < len(commanders_2) else ""
        team = team_marks[i].strip() if i < len(team_marks) else ""
        rows.append({"name": raw[:200], "commander": first[:200], "partner": second[:200], "team": team[:2]})
        if not name:
            if first or second:
                problems.append(_("Seat %(seat)d: a commander without a player name.") % {"seat": i + 1})
            continue
        players.append(name)
        commanders[name] = [c for c in (first, second) if c]
        if team:
            by_team.setdefault(team, []).append(name)
    variant = post.get("variant", "")
    if variant in NO_COMMANDER_VARIANTS and any(commanders.values()):
        # One clear message instead of the engine's line per player; the typed names stay in the form.
        problems.append(_("%(variant)s is tracked without commanders: leave the Commander and Partner boxes "
                          "empty.") % {"variant": VARIANT_LABELS[tracker.Variant(variant)]})
        commanders = {name: [] for name in commanders}
    data = {
        "variant": variant,
        "players": players,
        "commanders": commanders,
        "teams": [by_team[k] for k in sorted(by_team)] if by_team else None,
        "planechase": post.get("planechase") in ("1", "on", "true"),
    }
    return data, problems, rows


@require_http_methods(["GET", "POST"])
def tracker_new(request: HttpRequest) -> HttpResponse:
    seats = DEFAULT_SEATS
    rows: list[dict[str, str]] = []
    errors: list[str] = []
    values: dict[str, Any] = {"variant": tracker.Variant.COMMANDER.value, "planechase": False}
    if request.method == "POST":
        if request.content_type == "application/json":
            try:
                data = _json_body(request)
                game = tracker_services.start_game(
                    variant=data.get("variant", ""),
                    players=data.get("players") or [],
                    commanders=data.get("commanders") or {},
                    teams=data.get("teams") or None,
                    planechase=bool(data.get("planechase", False)),
                )
            except RulesError as err:
                return JsonResponse({"errors": _problems(err)}, status=400)
            _, state, _history = tracker_selectors.game_state(slug=game.slug)
            response = _json_state(game, state, url=reverse("tracker-game", args=[game.slug]))
            response.status_code = 201
            return response
        data, errors, rows = _form_setup(request.POST)
        values = {"variant": data["variant"], "planechase": data["planechase"]}
        try:
            tracker.table_setup(**data)  # every problem of the setup, beside the form's own
        except RulesError as err:
            errors += _problems(err)
        if not errors:
            game = tracker_services.start_game(**data)
            return redirect("tracker-game", slug=game.slug)
    else:
        try:
            seats = max(DEFAULT_SEATS, min(MAX_SEATS, int(request.GET.get("seats", DEFAULT_SEATS))))
        except ValueError:
            seats = DEFAULT_SEATS
    seats = max(seats, len(rows))
    rows += [{"name": "", "commander": "", "partner": "", "team": ""}] * (seats - len(rows))
    context = {
        "rows": rows,
        "errors": errors,
        "values": values,
        "variants": [(v.value, VARIANT_LABELS[v]) for v in tracker.Variant],
        "more_seats": min(MAX_SEATS, seats + 4) if seats < MAX_SEATS else None,
    }
    return render(request, "tracker/new.html", context, status=400 if errors else 200)


# --------------------------------------------------------------------------- the game


@require_GET
def tracker_game(request: HttpRequest, slug: str) -> HttpResponse:
    if request.htmx and request.GET.get("revision"):
        # Polling: nothing to swap while the table has not changed.
        current = tracker_selectors.game_revision(slug=slug)
        if current is None:
            raise Http404(_("No such game."))
        if request.GET["revision"] == str(current):
            return HttpResponse(status=204)
    if _wants_json(request):
        try:
            game, state, history = tracker_selectors.game_state(slug=slug)
        except Game.DoesNotExist:
            return JsonResponse({"errors": ["no such game"]}, status=404)
        return _json_state(game, state, history=[
            {"seq": h.seq, "kind": h.kind, "payload": tracker.event_to_payload(h.event), "undone": h.undone,
             "created": h.created.isoformat(), "steps": [s.as_dict() for s in h.steps]}
            for h in history
        ])
    return _board_response(request, slug)


def _get_game(slug: str) -> Game:
    try:
        return Game.objects.get(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None


def _error_status(request: HttpRequest, status: int) -> int:
    """htmx swaps no 4xx answer (and in DEBUG django-htmx paints it over the whole page), so the
    board fragment carrying the problems goes out as 200; full pages keep the real status."""
    return 200 if request.htmx else status


def _after_write(request: HttpRequest, slug: str, write: Any) -> HttpResponse:
    """Run a write; answer JSON, the board fragment (htmx) or a redirect, or 400/409 with the problems."""
    as_json = request.content_type == "application/json"
    try:
        game, state, steps = write()
    except tracker_services.StaleRevision as err:
        message = _("Someone else changed the table first; it has been reloaded.")
        if as_json:
            return JsonResponse({"errors": [str(err)], "revision": err.current}, status=409)
        return _board_response(request, slug, errors=[message], status=_error_status(request, 409))
    except RulesError as err:
        if as_json:
            return JsonResponse({"errors": _problems(err)}, status=400)
        return _board_response(request, slug, errors=_problems(err), status=_error_status(request, 400))
    if as_json:
        return _json_state(game, state, steps=[s.as_dict() for s in steps])
    if request.htmx:
        return _board_response(request, slug)
    return redirect(reverse("tracker-game", args=[slug]), permanent=False)


@require_POST
def tracker_event(request: HttpRequest, slug: str) -> HttpResponse:
    game = _get_game(slug)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            data = _json_body(request)
        else:
            data = {k: request.POST.get(k) for k in request.POST if k != "csrfmiddlewaretoken"}
        kind = str(data.pop("kind", "") or "")
        expected = _int_or_none(data.pop("expected_revision", None))
        return tracker_services.record_event(game=game, kind=kind, payload=data, expected_revision=expected)

    return _after_write(request, slug, write)


@require_POST
def tracker_undo(request: HttpRequest, slug: str) -> HttpResponse:
    game = _get_game(slug)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            expected = _int_or_none(_json_body(request).get("expected_revision"))
        else:
            expected = _int_or_none(request.POST.get("expected_revision"))
        locked, _undone = tracker_services.undo_last(game=game, expected_revision=expected)
        _, state, _history = tracker_selectors.game_state(slug=slug)
        return locked, state, ()

    return _after_write(request, slug, write)


tracker_urlpatterns = [
    path("tracker/", tracker_new, name="tracker-new"),
    re_path(rf"^tracker/{SLUG}/$", tracker_game, name="tracker-game"),
    re_path(rf"^tracker/{SLUG}/event/$", tracker_event, name="tracker-event"),
    re_path(rf"^tracker/{SLUG}/undo/$", tracker_undo, name="tracker-undo"),
]
