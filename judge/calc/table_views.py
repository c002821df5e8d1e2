"""The table's decks side by side: each player pastes a list, everyone sees every list's Commander Brackets
estimate at once (judge.engine.brackets), with the differences that matter for the pre-game talk.

A tracker game's decks load in one step (``?game=<code>``, from the game page's "Compare brackets" link or
its code typed in): each seat's name, list and declared bracket fill the form, and their estimates show at
once, each compared with what its player declared.

The deck checks are heavy (20 lists of 64,000 characters cost 1-3 s), and a GET needs no cookie (an ``<img>``
on any page sends it): each answer holds the client's heavy slot (judge.limits.heavy, one at a time, as
the calculators' API; past it, a 429 page keeping what was pasted), and a saved game's estimates are computed
once per revision of the game (and language and card data), cached, not on every view; a pasted list once by
its content. The checks run at a lower CPU priority (judge.limits.heavy.niced), and the proxy lets a client
ask for them 12 times a minute (deploy/nginx/, docs/limits.md)."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

from django.core.cache import cache
from django.http import HttpResponse, QueryDict
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from judge.calc.bracket_presenters import TableDeck, present_bracket, table_differences
from judge.calc.table_forms import (
    BRACKETS,
    MAX_LIST_CHARS,
    MAX_NAME,
    SEATS,
    GameCodeForm,
    TableSeat,
    read_seats,
    seats_from_game,
)
from judge.calc.views import _form_data, _page, no_card_data
from judge.cards import selectors as card_selectors
from judge.cards.services import check_deck
from judge.engine import tracker
from judge.engine.errors import RulesError
from judge.limits.heavy import Busy, heavy_slot, niced
from judge.tracker import seat_services
from judge.tracker import selectors as tracker_selectors
from judge.tracker import services as tracker_services
from judge.tracker.models import Game
from judge.tracker.services import UnreadableGame
from judge.web.card_finder import current_card_stamp
from judge.web.client_address import client_key
from judge.web.presenters import present_problems, reader_language
from judge.web.rendering import HtmxHttpRequest
from judge.web.texts import HEAVY_RETRY_AFTER, busy_message

__all__ = ["MAX_LIST_CHARS", "MAX_NAME", "SEATS", "table_page"]

#: The reasons a list is not legal shown on the table page; the deck check page lists every one.
SHOWN_PROBLEMS = 5


def _check(decklist: str) -> TableDeck:
    """One list checked as the deck check checks it, without its seat (no player, no declared bracket): its
    estimate, and whether it is legal with the first few reasons it is not (a banned card first; the deck
    check page lists them all)."""
    try:
        result = check_deck({"variant": "commander", "decklist": decklist})
    except RulesError as err:
        return TableDeck(player="", bracket=None, errors=present_problems(err))
    shown = present_bracket(result.bracket) if result.bracket is not None else None
    lang = reader_language()
    # A ban decides more at the table than a count: legality problems first, then the rest.
    problems = sorted(result.problems, key=lambda p: not p.rule.startswith(("data:", "banned:")))
    return TableDeck(
        player="",
        bracket=shown,
        errors=[],
        verdict=result.verdict,
        not_legal=[p.text(lang) for p in problems[:SHOWN_PROBLEMS]],
        more_problems=max(0, len(problems) - SHOWN_PROBLEMS),
    )


LIST_CACHED_SECONDS = 3_600  # a pasted list's check, by its content: a table posted again is not re-checked


def _list_key(decklist: str, stamp: str) -> str:
    digest = hashlib.sha256(decklist.encode("utf-8", "surrogatepass")).hexdigest()
    return f"calc:brackets:list:{digest}:{get_language()}:{stamp}"


def _estimates(seats: list[TableSeat], *, by_content: bool = False) -> list[TableDeck]:
    """Each seat's list checked (:func:`_check`); an empty seat is left out. With ``by_content`` (pasted
    lists, which have no revision to cache them by), a list pasted at two seats is checked once, and a list
    checked before is read from the cache, keyed by its content, the language and the card data."""
    filled = [seat for seat in seats if seat.decklist.strip()]
    if not by_content:
        checks = niced(lambda: [None if seat.too_long else _check(seat.decklist) for seat in filled])
        return [_seat_deck(seat, deck) for seat, deck in zip(filled, checks, strict=True)]
    texts = list(dict.fromkeys(seat.decklist for seat in filled if not seat.too_long))
    checked: dict[str, TableDeck] = {}
    keys: dict[str, str] = {}
    if texts:
        stamp = hashlib.sha1(current_card_stamp().encode()).hexdigest()[:16]
        keys = {text: _list_key(text, stamp) for text in texts}
        found = cache.get_many(list(keys.values()))
        checked = {text: found[key] for text, key in keys.items() if key in found}
    unchecked = [text for text in texts if text not in checked]
    new = niced(lambda: {text: _check(text) for text in unchecked}) if unchecked else {}
    if keys and new:
        cache.set_many({keys[text]: deck for text, deck in new.items()}, LIST_CACHED_SECONDS)
    checked |= new
    return [_seat_deck(seat, checked.get(seat.decklist)) for seat in filled]


def _seat_deck(seat: TableSeat, deck: TableDeck | None) -> TableDeck:
    """A seat's row: its list's check (none for a list too long) under its player's name and declared
    bracket."""
    player = seat.player or _("Seat %(number)s") % {"number": seat.number}
    if seat.too_long or deck is None:
        return TableDeck(player=player, bracket=None, errors=[_("This list is too long.")])
    return replace(deck, player=player, declared=seat.declared_bracket)


ESTIMATES_CACHED_SECONDS = 86_400  # a game's estimates at one revision; a new revision is a new key


def _game_estimates(slug: str, revision: str, seats: list[TableSeat]) -> list[TableDeck]:
    """A saved game's estimates at ``revision``: from the cache, else computed and cached, keyed by the game,
    its revision, the language and the card data."""
    stamp = hashlib.sha1(current_card_stamp().encode()).hexdigest()[:16]
    key = f"calc:brackets:{slug}:{revision}:{get_language()}:{stamp}"
    found: list[TableDeck] | None = cache.get(key)
    if found is None:
        found = _estimates(seats)
        cache.set(key, found, ESTIMATES_CACHED_SECONDS)
    return found


def _load_game(slug: str | None) -> tuple[list[TableSeat] | None, str, str]:
    """A tracker game's seats and the revision they were read at, or why there are none (in the reader's
    language)."""
    if slug is None:
        return None, "", _("Type the game's code or paste its link (…/tracker/<code>/).")
    try:
        game, setup, decks = tracker_selectors.game_decks(slug=slug)
    except Game.DoesNotExist:
        return None, "", _("No tracker game has this code (a game is deleted after days without a change).")
    except UnreadableGame:
        return None, "", _("This game's saved data can no longer be read.")
    if setup.variant not in tracker.BRACKET_VARIANTS:
        return None, "", _("This game is not a Commander game: the brackets are Commander's.")
    return seats_from_game(decks), str(game.revision), ""


def _save(slug: str, seats: list[TableSeat], revision: str) -> tuple[str, list[str]]:
    """Save each seat's list and declared bracket to the game (seat N is the game's N-th player; the names
    stay the game's): the game's new revision, or the old one and the problems."""
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        return revision, [_("No tracker game has this code (a game is deleted after days without a change).")]
    try:
        setup = tracker_services.game_setup(game)
        players = dict(enumerate(setup.players, start=1))
        saved = seat_services.save_seat_decks(
            game=game,
            declared_brackets={players[s.number]: s.declared for s in seats if s.number in players},
            decklists={players[s.number]: s.decklist for s in seats if s.number in players},
            expected_revision=revision,
        )
    except UnreadableGame:
        return revision, [_("This game's saved data can no longer be read.")]
    except RulesError as err:
        return revision, present_problems(err)
    return str(saved.revision), []


@require_http_methods(["GET", "POST"])
def table_page(request: HtmxHttpRequest) -> HttpResponse:
    """Every pasted list's estimate (POST), or a tracker game's (GET ``?game=``); without either, the empty
    form. With htmx, the result alone (and the game's new revision for the form, out of band). A POST with
    ``save`` also saves the lists and declared brackets to the loaded game."""
    params = _form_data(request)
    context: dict[str, Any] = {
        "errors": [],
        "seats": read_seats(params if params is not None else QueryDict()),
        "brackets": BRACKETS,
        "decks": [],
        "differences": [],
        "submitted": False,
        "notice": "",
        "game_code": "",
        "game_url": "",
        "game_revision": "",
        "htmx": bool(request.htmx),
        "has_cards": card_selectors.has_cards(),
        "no_card_data": no_card_data(),
    }
    if params is None:
        context["errors"] = [_("The lists are too long: each list may hold 64,000 characters.")]
        return _page(request, "calc/table.html", context)
    code = GameCodeForm(params)
    slug = code.slug()
    if slug is not None:
        context.update(
            game_code=slug, game_url=reverse("tracker:game", args=[slug]), game_revision=code.revision()
        )
    if request.method != "POST" and "game" not in params:
        return _page(request, "calc/table.html", context)
    # The whole answer (reading the game, checking the lists, rendering 20 lists of 64,000 characters) holds
    # the client's heavy slot: a second at once is refused before any of it.
    try:
        with heavy_slot(who=client_key(request)):
            return _answer(request, params, context, slug)
    except Busy:
        # A game's lists stay saved in the game: its code alone is kept (a cheap answer); pasted lists are
        # shown again as they were sent.
        context["errors"] = [busy_message().text(get_language() or "en")]
        response = _page(request, "calc/table.html", context)
        response.status_code = 429
        response["Retry-After"] = str(HEAVY_RETRY_AFTER)
        patch_cache_control(response, no_store=True)
        return response


def _answer(
    request: HtmxHttpRequest, params: QueryDict, context: dict[str, Any], slug: str | None
) -> HttpResponse:
    """The page with a game's estimates (GET ``?game=``), or the pasted lists' (POST, saved first with
    ``save``)."""
    if request.method != "POST":
        seats, revision, problem = _load_game(slug)
        if seats is None:
            context.update(errors=[problem], game_url="", game_revision="")
            return _page(request, "calc/table.html", context)
        context.update(seats=seats, game_revision=revision)
    elif "save" in params and slug is not None:
        revision, problems = _save(slug, context["seats"], context["game_revision"])
        context.update(game_revision=revision, errors=problems)
        if not problems:
            context["notice"] = _("Saved to the game: its page shows each declared bracket.")
    if request.method != "POST" and slug is not None:
        decks = _game_estimates(slug, context["game_revision"], context["seats"])
    else:
        decks = _estimates(context["seats"], by_content=True)
    if not decks and request.method == "POST" and "save" not in params:
        context["errors"] = [_("Paste at least one list.")]
    elif not decks and request.method != "POST":
        context["notice"] = _("No seat of this game has a list yet: paste each list above.")
    context.update(decks=decks, differences=table_differences(decks), submitted=True)
    return _page(request, "calc/table.html", context)


table_page.reads_too_large_forms = True  # type: ignore[attr-defined]  # judge.web.views.bad_request
