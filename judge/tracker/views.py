"""The shared table tracker: start a game, then every phone at the table opens its short link.

Every button is a real form (POST, then redirect to the game page) that also
carries ``hx-post``: with htmx the answer is the board fragment alone. Each
button posts the seat it was pressed from (``by``: the phone's seat, kept in a
cookie per game) and the revision it was pressed on (``expected_revision``),
so a second phone's "next turn" on a table that has moved on is answered
"already done" instead of skipping a player. The board polls every second with
``If-None-Match``: while the revision is unchanged the answer is 304 after one
indexed read, no render. A press posted with its own id (``press``, from the page's script) is recorded
once however often it is sent: a phone whose answer was lost sends it again (static/js/tracker-queue.js);
the id is checked and recorded in the change's own transaction (judge.tracker.models.AppliedPress), never
in a cache.
JSON bodies get JSON answers, for bots and scripts.
How a game is answered (the tag, the seat cookie, the board, the JSON shapes) is
:mod:`judge.tracker.answers`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge.engine import tracker
from judge.engine.brackets import bracket_label
from judge.engine.brackets_data import default_criteria
from judge.engine.errors import RulesError
from judge.engine.messages import msg
from judge.engine.payload import ascii_number
from judge.engine.steps import Step
from judge.engine.variants import Variant
from judge.tracker import answers, limits, presenters, selectors, services
from judge.tracker.forms import (
    BLANK_SEAT,
    BRACKET_CHOICES,
    DEFAULT_SEATS,
    MAX_SEATS,
    VARIANT_LABELS,
    EventForm,
    NewGameForm,
    SeatFormSet,
    UndoForm,
)
from judge.tracker.models import Game
from judge.web.json_api import BodyTooLarge, error_response, json_response, steps_json
from judge.web.presenters import present_problems, reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

Write = Callable[[str | None], tuple[Game, tracker.TableState, tuple[Step, ...]]]
PRESS_ID = re.compile(r"[A-Za-z0-9-]{8,40}")


# --------------------------------------------------------------------------- new game


def _limited(*, group: str, who: str, rate: str, count: bool) -> bool:
    """Whether this client has used up ``rate`` in ``group``; ``count``: count one more, after the fact.

    Asked before the work (one read of the count) and counted after it, so only what happened counts (a game
    created, a write refused)."""
    if count:
        limits.count(group=group, who=who, rate=rate)
        return False
    return limits.at_limit(group=group, who=who, rate=rate)


def _too_many_games(request: HtmxHttpRequest, *, count: bool = False) -> bool:
    """Whether this client address has started its share of games lately (then it starts none);
    ``count``: count one more.

    Asked only once the setup is valid, and counted only once the game exists: a form sent back with a typo,
    or a game the database was too busy to save, costs nothing.
    """
    return _limited(
        group="tracker.new-game",
        who=limits.client(request),
        rate=settings.JUDGE_TRACKER_NEW_GAME_RATE,
        count=count,
    )


def _start_from_json(request: HtmxHttpRequest) -> JsonResponse:
    lang = answers.json_language(request)
    try:
        data = answers.json_body(request)
        setup = {
            "variant": data.get("variant", ""),
            "players": data.get("players") or [],
            "commanders": data.get("commanders") or {},
            "teams": data.get("teams") or None,
            "planechase": data.get("planechase", False),
            "declared_brackets": data.get("declared_brackets") or None,
            "decklists": data.get("decklists") or None,
        }
        services.check_setup(**setup)
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except RulesError as err:
        return error_response(err, status=400, lang=lang)
    if _too_many_games(request):
        return error_response([msg("web.too-many-games")], status=429, lang=lang)
    game = services.start_game(**setup)
    _too_many_games(request, count=True)
    return answers.json_state(
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
            services.check_setup(**form.payload())  # every problem of the setup, beside the form's own
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
            seats = max(2, min(MAX_SEATS, int(request.GET.get("seats", DEFAULT_SEATS))))
        except ValueError:
            seats = DEFAULT_SEATS
    seats = max(seats, len(rows))
    rows += [BLANK_SEAT] * (seats - len(rows))
    values = (
        {"variant": form.cleaned_data["variant"], "planechase": form.cleaned_data["planechase"]}
        if form.is_bound
        else {"variant": _chosen_variant(request).value, "planechase": False}
    )
    links = _variant_links(seats)
    context = {
        "rows": rows,
        "management": SeatFormSet(initial=rows, prefix="seat").management_form,
        "errors": errors,
        "values": values,
        "variant_links": links,
        "shown": next((v for v in links if v["value"] == values["variant"]), links[0]),
        "more_seats": min(MAX_SEATS, seats + 4) if seats < MAX_SEATS else None,
        "retention_days": settings.JUDGE_TRACKER_RETENTION_DAYS,
        "brackets": _bracket_choices(),
        "decks_open": any(row["bracket"] or row["decklist"] for row in rows),
        "brackets_note": msg("brackets.names-unofficial").text("ja") if reader_language() == "ja" else "",
        "max_decklist": tracker.MAX_DECKLIST_CHARS,
    }
    return render(request, "tracker/new.html", context, status=status)


def _bracket_choices() -> list[tuple[str, str]]:
    """The brackets a player may declare, each with its name ("Upgraded (bracket 3)") in the reader's
    language, from the criteria data (judge.engine.brackets)."""
    criteria = default_criteria()
    lang = reader_language()
    return [(str(n), bracket_label(criteria, n).text(lang)) for n in BRACKET_CHOICES]


def _chosen_variant(request: HtmxHttpRequest) -> Variant:
    """The variant the new-game form is for (``?variant=``, from its links): Commander by default."""
    wanted = request.GET.get("variant", "")
    return next((v for v in Variant.TRACKER if v.value == wanted), Variant.COMMANDER)


def _variant_links(seats: int) -> list[dict[str, Any]]:
    """Each variant the tracker keeps, with the fields its seats use: the form shows only those (the links
    without script, the variant box with it: static/js/tracker.js)."""
    return [
        {
            "value": v.value,
            "label": VARIANT_LABELS[v],
            "url": f"{reverse('tracker:new')}?variant={v.value}&seats={seats}",
            "commanders": v.has_commanders,
            "teams": v.has_teams,
            "planechase_option": v is not Variant.PLANECHASE,
            "brackets": v in tracker.BRACKET_VARIANTS,
        }
        for v in Variant.TRACKER
    ]


# --------------------------------------------------------------------------- the game


def _no_game(request: HtmxHttpRequest) -> HttpResponse:
    if answers.wants_json(request):
        return error_response([msg("web.no-game")], status=404, lang=answers.json_language(request))
    raise Http404(_("No such game."))


@require_GET
def game_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    if "seat" in request.GET:
        return answers.choose_seat(request, slug)
    revision = selectors.game_revision(slug=slug)
    if revision is None:
        return _no_game(request)
    etag = answers.etag(request, slug, revision)
    if answers.not_modified(request, etag):
        # The poll of a phone whose table is current: one indexed read, nothing rendered.
        return answers.revalidated(HttpResponse(status=304), etag)
    if not answers.wants_json(request):
        return answers.board_response(request, slug)
    lang = answers.json_language(request)
    try:
        found, state = selectors.game_state(slug=slug)
        page = selectors.history(game=found)
    except Game.DoesNotExist:
        return _no_game(request)
    except services.UnreadableGame as err:
        return answers.unreadable(request, err)
    return answers.revalidated(
        answers.json_state(found, state, **answers.history_json(page, lang)),
        answers.etag(request, slug, found.revision),
    )


def _before(request: HtmxHttpRequest) -> int | None:
    value = request.GET.get("before", "")
    return ascii_number(value, digits=6)


@require_GET
def history_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Every change, a page at a time, newest first (``?before=N``: the changes before change N)."""
    try:
        # The table as it is now: its setup names the commanders named since the start (the history says so).
        found, state = selectors.game_state(slug=slug)
        page = selectors.history(game=found, before=_before(request))
        setup = state.setup
    except Game.DoesNotExist:
        return _no_game(request)
    except services.UnreadableGame as err:
        return answers.unreadable(request, err)
    if answers.wants_json(request):
        return json_response(
            {
                "slug": found.slug,
                "revision": found.revision,
                **answers.history_json(page, answers.json_language(request)),
            }
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
        group="tracker.refused",
        who=f"{slug}:{limits.client(request)}",
        rate=settings.JUDGE_TRACKER_REFUSED_RATE,
        count=count,
    )


def _after_write(request: HtmxHttpRequest, slug: str, write: Write) -> HttpResponse:
    """Run a write; answer JSON, the board fragment (htmx) or a redirect; 400/409/410 with the problems,
    429 once this client has had too many refused lately."""
    as_json = request.content_type == "application/json"
    lang = answers.json_language(request)
    if _refused_writes(request, slug, count=False):
        problem = msg("web.too-many-refused")
        if as_json:
            response: HttpResponse = error_response([problem], status=429, lang=lang)
        else:
            response = answers.board_response(
                request, slug, errors=[problem.text(reader_language())], status=429
            )
        response["Retry-After"] = "60"
        return response
    press = _press_id(request)
    try:
        written, state, steps = write(press)
    except services.AlreadyApplied:
        # Sent again because its answer was lost on the way back (a phone's queue of offline presses), or by
        # two phones at once: it was recorded the first time, so it is answered as then, not recorded twice.
        return _written(request, slug)
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except services.UnreadableGame as err:
        return answers.unreadable(request, err)
    except tracker.AlreadyDoneError as err:
        # A second phone pressed the same "next turn" or "undo": nothing was done; show the table as it is.
        _refused_writes(request, slug, count=True)
        if as_json:
            return error_response(err, status=409, lang=lang, revision=selectors.game_revision(slug=slug))
        return answers.board_response(
            request,
            slug,
            errors=[*present_problems(err), *_latest_change(slug)],
            status=409,
            retry=_retry(request),
        )
    except RulesError as err:
        _refused_writes(request, slug, count=True)
        if as_json:
            return error_response(err, status=400, lang=lang)
        return answers.board_response(request, slug, errors=present_problems(err), status=400)
    if as_json:
        return answers.json_state(written, state, steps=steps_json(steps, lang))
    return _written(request, slug, (written, state))


def _written(
    request: HtmxHttpRequest, slug: str, current: tuple[Game, tracker.TableState] | None = None
) -> HttpResponse:
    """The answer to a recorded press: with htmx the fresh board (``current``: the game and table the write
    just stored, not read again), else a redirect to the game."""
    if request.htmx:
        response = answers.board_response(request, slug, current=current)
        response["HX-Trigger"] = "tracker-saved"  # the keypad clears what was typed
        return response
    return redirect(reverse("tracker:game", args=[slug]), permanent=False)


def _press_id(request: HtmxHttpRequest) -> str | None:
    """The press's own id (``press``: posted by the page's script, one per button press), None without one.
    A press recorded under it is not recorded again (judge.tracker.services.AlreadyApplied)."""
    press = request.POST.get("press", "") if request.content_type != "application/json" else ""
    return press if PRESS_ID.fullmatch(press) else None


# The fields a refused press posts again from its "Apply again" button (the board adds the seat and the
# revision it shows): the event form's own, each as bounded as the form reads it.
RETRY_FIELDS = tuple(name for name in EventForm.base_fields if name not in ("by", "expected_revision"))


def _retry(request: HtmxHttpRequest) -> answers.Retry:
    """The press refused as already done, to post again on the table as it is now (one tap, no script)."""
    form = EventForm(request.POST)
    form.is_valid()  # never refuses: each field read (normalised, cut short) as the press was
    fields = [(name, form.cleaned_data[name]) for name in RETRY_FIELDS if name in request.POST]
    return answers.Retry(action=request.path, fields=tuple(fields))


def _latest_change(slug: str) -> list[str]:
    """What the other phone did: the newest recorded change, in words (the history below has the rest)."""
    found = _get_game(slug)
    if found is None:
        return []
    entries = selectors.history(game=found).entries[:1]
    try:
        setup = services.table_before(found).setup  # the commanders named since the start included
    except services.UnreadableGame:
        return []
    shown = presenters.history(entries, setup)
    return [msg("web.tracker-latest-change", change=c.text).text(reader_language()) for c in shown]


def _get_game(slug: str) -> Game | None:
    return Game.objects.filter(slug=slug).first()


@require_POST
def event_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)
    if found is None:
        return _no_game(request)

    def write(press: str | None) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            data = answers.json_body(request)
            kind = data.pop("kind", "")
        else:
            form = EventForm(request.POST)
            form.is_valid()  # never refuses: the fields normalise, the engine judges the event
            data = form.with_setup(services.game_setup(found)) if "source" in request.POST else form.payload()
            kind = form.cleaned_data["kind"]
        return services.record_event(
            game=found, kind=kind if isinstance(kind, str) else "", payload=data, press=press
        )

    return _after_write(request, slug, write)


@require_POST
def undo_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = _get_game(slug)
    if found is None:
        return _no_game(request)

    def write(press: str | None) -> tuple[Game, tracker.TableState, tuple[Step, ...]]:
        if request.content_type == "application/json":
            payload = answers.json_body(request)
        else:
            form = UndoForm(request.POST)
            form.is_valid()
            payload = form.payload()
        locked, state, _undone = services.undo_last(game=found, payload=payload, press=press)
        return locked, state, ()

    return _after_write(request, slug, write)
