"""The shared table tracker: start a game, then every phone at the table opens its short link.

Every button is a real form (POST, then redirect to the game page) that also
carries ``hx-post``: with htmx the answer is the board fragment alone. The
board polls every few seconds and gets 204 (nothing to swap) until the
revision changes. JSON bodies get JSON answers, for bots and scripts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge.engine import tracker
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import msg
from judge.engine.steps import Step
from judge.engine.variants import Variant
from judge.tracker import presenters, selectors, services
from judge.tracker.forms import (
    BLANK_SEAT,
    DEFAULT_SEATS,
    MAX_SEATS,
    VARIANT_LABELS,
    EventForm,
    NewGameForm,
    SeatFormSet,
)
from judge.tracker.models import Game
from judge.web.json_api import error_response, json_object, json_response, request_language, steps_json
from judge.web.presenters import present_problems, present_steps, reader_language
from judge.web.rendering import page_or_partial

HISTORY_SHOWN = 200
Write = Callable[[], tuple[Game, tracker.TableState, tuple[Step, ...]]]


def _wants_json(request: HttpRequest) -> bool:
    return request.content_type == "application/json" or request.GET.get("format") == "json" or (
        request.method == "GET" and request.headers.get("Accept", "").startswith("application/json")
    )


def _json_body(request: HttpRequest) -> dict[str, Any]:
    return json_object(request.body, empty="{}")


def _revision(value: Any) -> int | None:
    """The revision the client saw (``expected_revision``), if it sent one."""
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise InvalidInputError([msg("web.expected-revision", field="expected_revision")]) from None


def _language(request: HttpRequest) -> str:
    """The language of a JSON answer's texts: ``?lang=``, else the language of the page's URL."""
    return request_language(request, default=reader_language())


def _board_context(request: HttpRequest, slug: str, errors: list[str] | None = None) -> dict[str, Any]:
    try:
        game, state, history = selectors.game_state(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None
    setup = state.setup
    return {
        "game": game,
        "state": state,
        "setup": setup,
        "variant_label": VARIANT_LABELS[setup.variant],
        "panels": presenters.panels(state),
        "history": presenters.history(history[:HISTORY_SHOWN], state),
        "history_hidden": max(0, len(history) - HISTORY_SHOWN),
        "can_undo": any(not h.undone for h in history),
        "start_steps": present_steps(tracker.start_steps(setup)),
        "is_dtc": setup.variant is Variant.DTC,
        "has_life": setup.has_life,
        "has_commanders": setup.variant.has_commanders,
        "damage_counts": setup.commander_damage_counts,
        "is_team_game": setup.variant.has_teams,
        "share_url": request.build_absolute_uri(reverse("tracker:game", args=[game.slug])),
        "errors": errors or [],
    }


def _board_response(request: HttpRequest, slug: str, *, errors: list[str] | None = None,
                    status: int = 200) -> HttpResponse:
    """The game page, or with htmx its board (as 200 even with problems: htmx swaps no 4xx answer)."""
    response = page_or_partial(request, "tracker/game.html", "board", _board_context(request, slug, errors),
                               status=status)
    if request.htmx and errors:
        # The button pressed may be far down the board: bring the problems above it into view.
        response["HX-Reswap"] = "outerHTML show:#board-errors:top"
    return response


def _json_state(game: Game, state: tracker.TableState, *, status: int = 200, **extra: Any) -> JsonResponse:
    return json_response({"slug": game.slug, "revision": game.revision, "state": state.to_json(),
                          **extra}, status=status)


# --------------------------------------------------------------------------- new game


def _start_from_json(request: HttpRequest) -> JsonResponse:
    try:
        data = _json_body(request)
        game = services.start_game(
            variant=data.get("variant", ""),
            players=data.get("players") or [],
            commanders=data.get("commanders") or {},
            teams=data.get("teams") or None,
            planechase=bool(data.get("planechase", False)),
        )
    except RulesError as err:
        return error_response(err, status=400, lang=_language(request))
    _, state, _history = selectors.game_state(slug=game.slug)
    return _json_state(game, state, status=201, url=reverse("tracker:game", args=[game.slug]))


@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    if request.method == "POST" and request.content_type == "application/json":
        return _start_from_json(request)
    form = NewGameForm(request.POST if request.method == "POST" else None)
    errors: list[str] = []
    rows: list[dict[str, str]] = []
    seats = DEFAULT_SEATS
    if form.is_bound:
        form.is_valid()
        errors = form.problems()
        rows = form.rows()
        try:
            tracker.table_setup(**form.payload())  # every problem of the setup, beside the form's own
        except RulesError as err:
            errors += present_problems(err)
        if not errors:
            game = services.start_game(**form.payload())
            return redirect("tracker:game", slug=game.slug)
    else:
        try:
            seats = max(DEFAULT_SEATS, min(MAX_SEATS, int(request.GET.get("seats", DEFAULT_SEATS))))
        except ValueError:
            seats = DEFAULT_SEATS
    seats = max(seats, len(rows))
    rows += [BLANK_SEAT] * (seats - len(rows))
    context = {
        "rows": rows,
        "management": SeatFormSet(initial=rows, prefix="seat").management_form,
        "errors": errors,
        "values": {"variant": form.cleaned_data["variant"], "planechase": form.cleaned_data["planechase"]}
        if form.is_bound else {"variant": Variant.COMMANDER.value, "planechase": False},
        "variants": [(v.value, VARIANT_LABELS[v]) for v in tracker.VARIANTS],
        "more_seats": min(MAX_SEATS, seats + 4) if seats < MAX_SEATS else None,
    }
    return render(request, "tracker/new.html", context, status=400 if errors else 200)


# --------------------------------------------------------------------------- the game


@require_GET
def game(request: HttpRequest, slug: str) -> HttpResponse:
    if request.htmx and request.GET.get("revision"):
        # Polling: nothing to swap while the table has not changed.
        current = selectors.game_revision(slug=slug)
        if current is None:
            raise Http404(_("No such game."))
        if request.GET["revision"] == str(current):
            return HttpResponse(status=204)
    if _wants_json(request):
        try:
            found, state, history = selectors.game_state(slug=slug)
        except Game.DoesNotExist:
            return error_response([msg("web.no-game")], status=404, lang=_language(request))
        lang = _language(request)
        return _json_state(found, state, history=[
            {"seq": h.seq, "kind": h.kind, "payload": h.event.to_json(), "undone": h.undone,
             "created": h.created.isoformat(), "steps": steps_json(h.steps, lang)}
            for h in history
        ])
    return _board_response(request, slug)


def _get_game(slug: str) -> Game:
    try:
        return Game.objects.get(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None


def _after_write(request: HttpRequest, slug: str, write: Write) -> HttpResponse:
    """Run a write; answer JSON, the board fragment (htmx) or a redirect, or 400/409 with the problems."""
    as_json = request.content_type == "application/json"
    try:
        written, state, steps = write()
    except services.StaleRevision as err:
        if as_json:
            stale = msg("web.stale-revision", field="expected_revision", expected=err.expected, current=err.current)
            return error_response([stale], status=409, lang=_language(request), revision=err.current)
        message = _("Someone else changed the table first; it has been reloaded.")
        return _board_response(request, slug, errors=[message], status=409)
    except RulesError as err:
        if as_json:
            return error_response(err, status=400, lang=_language(request))
        return _board_response(request, slug, errors=present_problems(err), status=400)
    if as_json:
        return _json_state(written, state, steps=steps_json(steps, _language(request)))
    if request.htmx:
        return _board_response(request, slug)
    return redirect(reverse("tracker:game", args=[slug]), permanent=False)


@require_POST
def event(request: HttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            data = _json_body(request)
            kind = str(data.pop("kind", "") or "")
            expected = _revision(data.pop("expected_revision", None))
        else:
            form = EventForm(request.POST)
            form.is_valid()  # never refuses: the fields normalise, the engine judges the event
            data = form.payload()
            kind = form.cleaned_data["kind"]
            expected = _revision(form.cleaned_data["expected_revision"])
        return services.record_event(game=found, kind=kind, payload=data, expected_revision=expected)

    return _after_write(request, slug, write)


@require_POST
def undo(request: HttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            expected = _revision(_json_body(request).get("expected_revision"))
        else:
            expected = _revision(request.POST.get("expected_revision", "").strip())
        locked, _undone = services.undo_last(game=found, expected_revision=expected)
        _, state, _history = selectors.game_state(slug=slug)
        return locked, state, ()

    return _after_write(request, slug, write)
