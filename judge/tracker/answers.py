"""How the tracker answers a request for a game: the page, its board fragment (htmx) or JSON.

A read of a game carries a tag per revision, representation and seat (:func:`etag`): a phone polling a table
that has not moved is answered 304 (:func:`not_modified`, :func:`revalidated`) after one indexed read. The
seat a phone picked is a cookie per game (:func:`choose_seat`). :func:`board_response` renders the page or
its board; :func:`json_state` and :func:`history_json` are the JSON shapes of a table and its changes. The
views that use them are in :mod:`judge.tracker.views`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext as _

from judge.engine import tracker
from judge.engine.messages import msg
from judge.engine.payload import ascii_number
from judge.engine.variants import Variant
from judge.tracker import presenters, selectors, services
from judge.tracker.forms import VARIANT_LABELS
from judge.tracker.models import Game
from judge.web.citations import cited_answer
from judge.web.json_api import (
    error_response,
    json_object,
    json_response,
    read_body,
    request_language,
    steps_json,
)
from judge.web.presenters import present_steps, reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

MAX_BODY = 64 * 1024  # bytes of a JSON body: a setup of 20 players with partners is under 4 KB
BOARD_HISTORY = 10  # changes shown under the table; the history page has the rest
POLL_SECONDS = 1
STATUS_HEADER = "X-Tracker-Status"  # the real status of a board fragment answered 200 for htmx


def wants_json(request: HtmxHttpRequest) -> bool:
    """Whether to answer JSON: a JSON body, ``?format=json``, or a GET that accepts JSON first."""
    return (
        request.content_type == "application/json"
        or request.GET.get("format") == "json"
        or (request.method == "GET" and request.headers.get("Accept", "").startswith("application/json"))
    )


def json_body(request: HtmxHttpRequest) -> dict[str, Any]:
    """The JSON object of the body; BodyTooLarge past MAX_BODY (a change or a setup: a few hundred bytes)."""
    return json_object(read_body(request, limit=MAX_BODY), empty="{}")


def json_language(request: HtmxHttpRequest) -> str:
    """The language of a JSON answer's texts: ``?lang=``, else the language of the page's URL."""
    return request_language(request, default=reader_language())


# --------------------------------------------------------------------------- the phone's seat


def _seat_cookie(slug: str) -> str:
    return f"tracker-seat-{slug}"


def _seat_index(request: HtmxHttpRequest, slug: str) -> str:
    """The seat this phone picked for the game (its number in turn order, as text), "" for none."""
    value = request.COOKIES.get(_seat_cookie(slug), "")
    return value if _is_seat_number(value) else ""


def _is_seat_number(text: str) -> bool:
    """Whether ``text`` is a seat's number: ASCII digits, at most two (``str.isdigit`` is true of ² and ٣ too,
    and ``int`` refuses ² and a 5,000-digit text with a ValueError: never a 500 from a cookie or a link)."""
    return ascii_number(text, digits=2) is not None


def _seat(request: HtmxHttpRequest, slug: str, setup: tracker.TableSetup) -> str:
    index = _seat_index(request, slug)
    return setup.players[int(index)] if index and int(index) < len(setup.players) else ""


def choose_seat(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """``?seat=N`` keeps seat N for this phone (a cookie for this game alone); ``?seat=`` forgets it."""
    if selectors.game_revision(slug=slug) is None:
        raise Http404(_("No such game."))
    response = redirect(reverse("tracker:game", args=[slug]))
    seat = request.GET["seat"]
    if _is_seat_number(seat) and int(seat) < tracker.MAX_PLAYERS:
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


def etag(request: HtmxHttpRequest, slug: str, revision: int, shape: str = "") -> str:
    """One tag per revision and representation (the page, the board fragment or JSON) and this phone's
    seat."""
    shape = shape or ("json" if wants_json(request) else "board" if request.htmx else "page")
    return f'W/"{revision}-{shape}-{_seat_index(request, slug) or "x"}"'


def not_modified(request: HtmxHttpRequest, etag: str) -> bool:
    wanted = request.headers.get("If-None-Match", "")
    return bool(wanted) and etag.removeprefix("W/") in {t.removeprefix("W/") for t in parse_etags(wanted)}


def revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """What every read of a game carries: its tag, and "ask again every time" (never stored by a shared
    cache)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("HX-Request", "Accept", "Cookie"))
    return response


def unreadable(request: HtmxHttpRequest, err: services.UnreadableGame) -> HttpResponse:
    """A game stored before the engine's readers were strict, that they now refuse: say so, never a 500."""
    problem = msg("web.game-unreadable")
    if wants_json(request):
        return error_response([problem], status=410, lang=json_language(request))
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
    declared = {
        index: seat.declared_bracket
        for index, seat in selectors.seat_summaries(game=game).items()
        if seat.declared_bracket is not None
    }
    return {
        "game": game,
        "state": state,
        "setup": setup,
        "seat": seat,
        "seat_index": seat_index,
        "keypad_target": seat_index if seat_index in in_game else (in_game[0] if in_game else None),
        "poll_headers": json.dumps({"If-None-Match": etag(request, game.slug, game.revision, "board")}),
        "poll_seconds": POLL_SECONDS,
        "variant_label": VARIANT_LABELS[setup.variant],
        "overview": presenters.overview(state, declared=declared),
        "panels": presenters.panels(state),
        "damage_sources": presenters.damage_sources(state) if setup.has_life else [],
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
        # A Commander game's decks side by side, with what each player declared (judge.calc.table_views).
        "compare_url": f"{reverse('calc:table')}?game={game.slug}"
        if state.setup.variant in tracker.BRACKET_VARIANTS
        else "",
    }


@dataclass(frozen=True)
class Retry:
    """A press refused as already done, offered again: the URL it posted to and its fields (the board adds
    the seat and the revision it shows, so the press is made anew on the table as it is)."""

    action: str
    fields: tuple[tuple[str, str], ...]


def board_response(
    request: HtmxHttpRequest,
    slug: str,
    *,
    errors: list[str] | None = None,
    status: int = 200,
    retry: Retry | None = None,
    current: tuple[Game, tracker.TableState] | None = None,
) -> HttpResponse:
    """The game page, or with htmx its board (as 200 even with problems: htmx swaps no 4xx answer; the
    real status is in the STATUS_HEADER). ``retry``: the refused press, offered again under the problems.
    ``current``: the game and its table as a write just left them (not read again)."""
    try:
        game, state = current or selectors.game_state(slug=slug)
    except Game.DoesNotExist:
        raise Http404(_("No such game.")) from None
    except services.UnreadableGame as err:
        return unreadable(request, err)
    context = (_board_context if request.htmx else _page_context)(request, game, state, errors)
    context["retry"] = retry
    response = page_or_partial(request, "tracker/game.html", "board", context, status=status)
    if request.htmx and errors:
        # The button pressed may be far down the board: bring the problems above it into view.
        response["HX-Reswap"] = "outerHTML show:#board-errors:top"
    if request.htmx and status != 200:
        # The fragment goes out as 200 (htmx swaps no 4xx); the phone's queue of offline presses
        # (static/js/tracker-queue.js) reads here whether its press was refused (400, 409) or must wait (429).
        response[STATUS_HEADER] = str(status)
    if status == 200 and not errors:
        revalidated(response, etag(request, slug, game.revision))
    return response


def json_state(game: Game, state: tracker.TableState, *, status: int = 200, **extra: Any) -> JsonResponse:
    return json_response(
        {
            "slug": game.slug,
            "revision": game.revision,
            # A loss's rule in the current release's numbers (the snapshot itself keeps the engine's).
            "state": cited_answer(state.to_payload()),
            "table": cited_answer(tracker.table_view(state).to_payload()),
            "seats": selectors.seats_json(game=game, setup=state.setup),
            **extra,
        },
        status=status,
    )


def history_json(page: selectors.HistoryPage, lang: str) -> dict[str, Any]:
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
