"""The shared table tracker: start a game, then every phone at the table opens its short link.

Every button is a real form (POST, then redirect to the game page) that also
carries ``hx-post``: with htmx the answer is the board fragment alone. Each
button posts the seat it was pressed from (``by``: the phone's seat, kept in a
cookie per game) and the revision it was pressed on (``expected_revision``),
so a second phone's "next turn" on a table that has moved on is answered
"already done" instead of skipping a player. The board polls every second with
``If-None-Match``: while the revision is unchanged the answer is 304 after one
indexed read, no render. JSON bodies get JSON answers, for bots and scripts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.core import get_usage

from judge.engine import tracker
from judge.engine.errors import RulesError
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
    UndoForm,
)
from judge.tracker.models import Game
from judge.web.client_address import client_address
from judge.web.json_api import (
    BodyTooLarge,
    error_response,
    json_object,
    json_response,
    read_body,
    request_language,
    steps_json,
)
from judge.web.presenters import present_problems, present_steps, reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

MAX_BODY = 64 * 1024  # bytes of a JSON body: a setup of 20 players with partners is under 4 KB
BOARD_HISTORY = 10  # changes shown under the table; the history page has the rest
POLL_SECONDS = 1
Write = Callable[[], tuple[Game, tracker.TableState, tuple[Step, ...]]]


def _wants_json(request: HtmxHttpRequest) -> bool:
    return (
        request.content_type == "application/json"
        or request.GET.get("format") == "json"
        or (request.method == "GET" and request.headers.get("Accept", "").startswith("application/json"))
    )


def _json_body(request: HtmxHttpRequest) -> dict[str, Any]:
    """The JSON object of the body; BodyTooLarge past MAX_BODY (a change or a setup: a few hundred bytes)."""
    return json_object(read_body(request, limit=MAX_BODY), empty="{}")


def _language(request: HtmxHttpRequest) -> str:
    """The language of a JSON answer's texts: ``?lang=``, else the language of the page's URL."""
    return request_language(request, default=reader_language())


# --------------------------------------------------------------------------- the phone's seat


def _seat_cookie(slug: str) -> str:
    return f"tracker-seat-{slug}"


def _seat_index(request: HtmxHttpRequest, slug: str) -> str:
    """The seat this phone picked for the game (its number in turn order, as text), "" for none."""
    value = request.COOKIES.get(_seat_cookie(slug), "")
    return value if value.isdigit() and len(value) <= 2 else ""


def _seat(request: HtmxHttpRequest, slug: str, setup: tracker.TableSetup) -> str:
    index = _seat_index(request, slug)
    return setup.players[int(index)] if index and int(index) < len(setup.players) else ""


def _choose_seat(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """``?seat=N`` keeps seat N for this phone (a cookie for this game alone); ``?seat=`` forgets it."""
    if selectors.game_revision(slug=slug) is None:
        raise Http404(_("No such game."))
    response = redirect(reverse("tracker:game", args=[slug]))
    seat = request.GET["seat"]
    if seat.isdigit() and int(seat) < tracker.MAX_PLAYERS:
        response.set_cookie(
            _seat_cookie(slug),
            seat,
            max_age=services.retention(),
            path="/",
            samesite="Lax",
            httponly=True,
            secure=request.is_secure(),
        )
    else:
        response.delete_cookie(_seat_cookie(slug), path="/", samesite="Lax")
    return response


# --------------------------------------------------------------------------- answers


def _etag(request: HtmxHttpRequest, slug: str, revision: int, shape: str = "") -> str:
    """One tag per revision and representation (the page, the board fragment or JSON) and this phone's
    seat."""
    shape = shape or ("json" if _wants_json(request) else "board" if request.htmx else "page")
    return f'W/"{revision}-{shape}-{_seat_index(request, slug) or "x"}"'


def _not_modified(request: HtmxHttpRequest, etag: str) -> bool:
    wanted = request.headers.get("If-None-Match", "")
    return bool(wanted) and etag.removeprefix("W/") in {t.removeprefix("W/") for t in parse_etags(wanted)}


def _revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """What every read of a game carries: its tag, and "ask again every time" (never stored by a shared
    cache)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("HX-Request", "Accept", "Cookie"))
    return response


def _unreadable(request: HtmxHttpRequest, err: services.UnreadableGame) -> HttpResponse:
    """A game stored before the engine's readers were strict, that they now refuse: say so, never a 500."""
    problem = msg("web.game-unreadable")
    if _wants_json(request):
        return error_response([problem], status=410, lang=_language(request))
    return render(
        request, "tracker/unreadable.html", {"problem": problem.text(reader_language())}, status=410
    )


def _board_context(
    request: HtmxHttpRequest, game: Game, state: tracker.TableState, errors: list[str] | None = None
) -> dict[str, Any]:
    setup = state.setup
    recent = selectors.history(game=game, limit=BOARD_HISTORY)
    seat = _seat(request, game.slug, setup)
    seat_index = setup.players.index(seat) if seat else None
    in_game = [i for i, name in enumerate(setup.players) if not state.has_lost(name)]
    return {
        "game": game,
        "state": state,
        "setup": setup,
        "seat": seat,
        "seat_index": seat_index,
        "keypad_target": seat_index if seat_index in in_game else (in_game[0] if in_game else None),
        "poll_headers": json.dumps({"If-None-Match": _etag(request, game.slug, game.revision, "board")}),
        "poll_seconds": POLL_SECONDS,
        "variant_label": VARIANT_LABELS[setup.variant],
        "overview": presenters.overview(state),
        "panels": presenters.panels(state),
        "history": presenters.history(recent.entries, setup),
        "history_older": recent.older,
        "can_undo": state.events > 0,
        "is_dtc": setup.variant is Variant.DTC,
        "has_life": setup.has_life,
        "has_commanders": setup.variant.has_commanders,
        "damage_counts": setup.commander_damage_counts,
        "is_team_game": setup.variant.has_teams,
        "errors": errors or [],
    }


def _page_context(
    request: HtmxHttpRequest, game: Game, state: tracker.TableState, errors: list[str] | None = None
) -> dict[str, Any]:
    share_url = request.build_absolute_uri(reverse("tracker:game", args=[game.slug]))
    return {
        **_board_context(request, game, state, errors),
        "share_url": share_url,
        "share_qr": presenters.share_qr(share_url),
        "start_steps": present_steps(tracker.start_steps(state.setup)),
        "retention_days": settings.JUDGE_TRACKER_RETENTION_DAYS,
    }


def _board_response(
    request: HtmxHttpRequest, slug: str, *, errors: list[str] | None = None, status: int = 200
) -> HttpResponse:
    """The game page, or with htmx its board (as 200 even with problems: htmx swaps no 4xx answer)."""
    try:
        game, state = selectors.game_state(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None
    except services.UnreadableGame as err:
        return _unreadable(request, err)
    context = (_board_context if request.htmx else _page_context)(request, game, state, errors)
    response = page_or_partial(request, "tracker/game.html", "board", context, status=status)
    if request.htmx and errors:
        # The button pressed may be far down the board: bring the problems above it into view.
        response["HX-Reswap"] = "outerHTML show:#board-errors:top"
    if status == 200 and not errors:
        _revalidated(response, _etag(request, slug, game.revision))
    return response


def _json_state(game: Game, state: tracker.TableState, *, status: int = 200, **extra: Any) -> JsonResponse:
    return json_response(
        {
            "slug": game.slug,
            "revision": game.revision,
            "state": state.to_payload(),
            "table": tracker.table_view(state).to_payload(),
            **extra,
        },
        status=status,
    )


def _history_json(page: selectors.HistoryPage, lang: str) -> dict[str, Any]:
    return {
        "history": [
            {
                "seq": h.seq,
                "kind": h.kind,
                "payload": h.event.to_payload(),
                "undone": h.undone,
                "created": h.created.isoformat(),
                "steps": steps_json(h.steps, lang),
            }
            for h in page.entries
        ],
        "history_before": page.older,
    }


# --------------------------------------------------------------------------- new game


def _limited(request: HtmxHttpRequest, *, group: str, key: Any, rate: str, count: bool) -> bool:
    """Whether this client has used up ``rate`` in ``group`` (``count``: count one more, after the fact).

    Asked before the work and counted after it, so only what happened counts (a game created, a write
    refused): the check is "already at the limit", not django-ratelimit's "past it once counted"."""
    usage = get_usage(request, group=group, key=key, rate=rate, increment=count)
    if usage is None:  # the cache failed and RATELIMIT_FAIL_OPEN is set
        return False
    return bool(usage["should_limit"] if count else usage["count"] >= usage["limit"])


def _too_many_games(request: HtmxHttpRequest, *, count: bool = False) -> bool:
    """Whether this client address has started its share of games lately (then it starts none);
    ``count``: count one more.

    Asked only once the setup is valid, and counted only once the game exists: a form sent back with a typo,
    or a game the database was too busy to save, costs nothing.
    """
    return _limited(
        request, group="tracker.new-game", key="ip", rate=settings.JUDGE_TRACKER_NEW_GAME_RATE, count=count
    )


def _start_from_json(request: HtmxHttpRequest) -> JsonResponse:
    lang = _language(request)
    try:
        data = _json_body(request)
        setup = {
            "variant": data.get("variant", ""),
            "players": data.get("players") or [],
            "commanders": data.get("commanders") or {},
            "teams": data.get("teams") or None,
            "planechase": data.get("planechase", False),
        }
        tracker.table_setup(**setup)
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except RulesError as err:
        return error_response(err, status=400, lang=lang)
    if _too_many_games(request):
        return error_response([msg("web.too-many-games")], status=429, lang=lang)
    game = services.start_game(**setup)
    _too_many_games(request, count=True)
    return _json_state(
        game, services.table_before(game), status=201, url=reverse("tracker:game", args=[game.slug])
    )


@require_http_methods(["GET", "POST"])
def new_game_page(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST" and request.content_type == "application/json":
        return _start_from_json(request)
    form = NewGameForm(request.POST if request.method == "POST" else None)
    errors: list[str] = []
    rows: list[dict[str, str]] = []
    seats = DEFAULT_SEATS
    status = 200
    if form.is_bound:
        form.is_valid()
        errors = form.problems()
        rows = form.rows()
        try:
            tracker.table_setup(**form.payload())  # every problem of the setup, beside the form's own
        except RulesError as err:
            errors += present_problems(err)
        status = 400
        if not errors and _too_many_games(request):
            errors, status = [msg("web.too-many-games").text(reader_language())], 429
        if not errors:
            game = services.start_game(**form.payload())
            _too_many_games(request, count=True)
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
        if form.is_bound
        else {"variant": Variant.COMMANDER.value, "planechase": False},
        "variants": [(v.value, VARIANT_LABELS[v]) for v in Variant.TRACKER],
        "more_seats": min(MAX_SEATS, seats + 4) if seats < MAX_SEATS else None,
        "retention_days": settings.JUDGE_TRACKER_RETENTION_DAYS,
    }
    return render(request, "tracker/new.html", context, status=status)


# --------------------------------------------------------------------------- the game


def _no_game(request: HtmxHttpRequest) -> HttpResponse:
    if _wants_json(request):
        return error_response([msg("web.no-game")], status=404, lang=_language(request))
    raise Http404(_("No such game."))


@require_GET
def game_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    if "seat" in request.GET:
        return _choose_seat(request, slug)
    revision = selectors.game_revision(slug=slug)
    if revision is None:
        return _no_game(request)
    etag = _etag(request, slug, revision)
    if _not_modified(request, etag):
        # The poll of a phone whose table is current: one indexed read, nothing rendered.
        return _revalidated(HttpResponse(status=304), etag)
    if not _wants_json(request):
        return _board_response(request, slug)
    lang = _language(request)
    try:
        found, state = selectors.game_state(slug=slug)
        page = selectors.history(game=found)
    except Game.DoesNotExist:
        return _no_game(request)
    except services.UnreadableGame as err:
        return _unreadable(request, err)
    return _revalidated(
        _json_state(found, state, **_history_json(page, lang)), _etag(request, slug, found.revision)
    )


def _before(request: HtmxHttpRequest) -> int | None:
    value = request.GET.get("before", "")
    return int(value) if value.isdigit() and len(value) <= 6 else None


@require_GET
def history_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every change, a page at a time, newest first (``?before=N``: the changes before change N)."""
    try:
        found = Game.objects.get(slug=slug)
        page = selectors.history(game=found, before=_before(request))
        setup = services.game_setup(found)
    except Game.DoesNotExist:
        return _no_game(request)
    except services.UnreadableGame as err:
        return _unreadable(request, err)
    if _wants_json(request):
        return json_response(
            {"slug": found.slug, "revision": found.revision, **_history_json(page, _language(request))}
        )
    context = {
        "game": found,
        "variant_label": VARIANT_LABELS[setup.variant],
        "players": setup.players,
        "history": presenters.history(page.entries, setup),
        "history_older": page.older,
    }
    return page_or_partial(request, "tracker/history.html", "changes", context)


def _refused_writes(request: HtmxHttpRequest, slug: str, *, count: bool) -> bool:
    """Whether this client has had too many writes to this game refused lately (``count``: count one more).

    A refused write costs the server a read of the table; a client looping on one (an undo with nothing to
    undo) is answered 429 (in JSON without any read), and every other phone and game goes on."""
    return _limited(
        request,
        group="tracker.refused",
        key=lambda _group, r: f"{slug}:{client_address(r)}",
        rate=settings.JUDGE_TRACKER_REFUSED_RATE,
        count=count,
    )


def _after_write(request: HtmxHttpRequest, slug: str, write: Write) -> HttpResponse:
    """Run a write; answer JSON, the board fragment (htmx) or a redirect; 400/409/410 with the problems,
    429 once this client has had too many refused lately."""
    as_json = request.content_type == "application/json"
    lang = _language(request)
    if _refused_writes(request, slug, count=False):
        problem = msg("web.too-many-refused")
        if as_json:
            response: HttpResponse = error_response([problem], status=429, lang=lang)
        else:
            response = _board_response(request, slug, errors=[problem.text(reader_language())], status=429)
        response["Retry-After"] = "60"
        return response
    try:
        written, state, steps = write()
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except services.UnreadableGame as err:
        return _unreadable(request, err)
    except tracker.AlreadyDoneError as err:
        # A second phone pressed the same "next turn" or "undo": nothing was done; show the table as it is.
        _refused_writes(request, slug, count=True)
        if as_json:
            return error_response(err, status=409, lang=lang, revision=selectors.game_revision(slug=slug))
        return _board_response(
            request, slug, errors=[*present_problems(err), *_latest_change(slug)], status=409
        )
    except RulesError as err:
        _refused_writes(request, slug, count=True)
        if as_json:
            return error_response(err, status=400, lang=lang)
        return _board_response(request, slug, errors=present_problems(err), status=400)
    if as_json:
        return _json_state(written, state, steps=steps_json(steps, lang))
    if request.htmx:
        response = _board_response(request, slug)
        response["HX-Trigger"] = "tracker-saved"  # the keypad clears what was typed
        return response
    return redirect(reverse("tracker:game", args=[slug]), permanent=False)


def _latest_change(slug: str) -> list[str]:
    """What the other phone did: the newest recorded change, in words (the history below has the rest)."""
    found = _get_game(slug)
    if found is None:
        return []
    entries = selectors.history(game=found).entries[:1]
    shown = presenters.history(entries, services.game_setup(found))
    return [msg("tracker.latest-change", change=c.text).text(reader_language()) for c in shown]


def _get_game(slug: str) -> Game | None:
    return Game.objects.filter(slug=slug).first()


@require_POST
def event_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)
    if found is None:
        return _no_game(request)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            data = _json_body(request)
            kind = data.pop("kind", "")
        else:
            form = EventForm(request.POST)
            form.is_valid()  # never refuses: the fields normalise, the engine judges the event
            data = form.payload()
            kind = form.cleaned_data["kind"]
        return services.record_event(game=found, kind=kind if isinstance(kind, str) else "", payload=data)

    return _after_write(request, slug, write)


@require_POST
def undo_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)
    if found is None:
        return _no_game(request)

    def write() -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            payload = _json_body(request)
        else:
            form = UndoForm(request.POST)
            form.is_valid()
            payload = form.payload()
        locked, state, _undone = services.undo_last(game=found, payload=payload)
        return locked, state, ()

    return _after_write(request, slug, write)
