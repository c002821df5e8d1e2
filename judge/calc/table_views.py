"""The table's decks side by side: each player pastes a list, everyone sees every list's Commander Brackets
estimate at once (judge.engine.brackets), with the differences that matter for the pre-game talk."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, QueryDict
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from judge.calc.bracket_presenters import TableDeck, present_bracket, table_differences
from judge.calc.views import _form_data, _page, no_card_data
from judge.cards import selectors as card_selectors
from judge.cards.services import check_deck
from judge.engine.errors import RulesError
from judge.web.presenters import present_problems
from judge.web.rendering import HtmxHttpRequest

#: Seats the page offers; a Commander table rarely seats more.
SEATS = 6
MAX_NAME = 40
#: One list on this page: a Commander list is 100 lines; this leaves room for comments and tags.
MAX_LIST_CHARS = 64_000


def _seats(params: QueryDict) -> list[dict[str, str]]:
    seats = []
    for number in range(1, SEATS + 1):
        seats.append(
            {
                "number": str(number),
                "player": params.get(f"player{number}", "").strip()[:MAX_NAME],
                "decklist": params.get(f"deck{number}", "")[: MAX_LIST_CHARS + 1],
            }
        )
    return seats


@require_http_methods(["GET", "POST"])
def table_page(request: HtmxHttpRequest) -> HttpResponse:
    """Every pasted list's estimate; an empty seat is left out. Each list is checked as the deck check
    checks it (its problems are not shown here: the deck check page shows them)."""
    params = _form_data(request)
    context: dict[str, Any] = {
        "errors": [],
        "seats": _seats(QueryDict()),
        "decks": [],
        "differences": [],
        "submitted": False,
        "has_cards": card_selectors.has_cards(),
        "no_card_data": no_card_data(),
    }
    if params is None:
        context["errors"] = [_("The lists are too long: each list may hold 64,000 characters.")]
        return _page(request, "calc/table.html", context)
    seats = _seats(params)
    context["seats"] = seats
    if request.method != "POST":
        return _page(request, "calc/table.html", context)
    decks: list[TableDeck] = []
    for seat in seats:
        if not seat["decklist"].strip():
            continue
        player = seat["player"] or _("Seat %(number)s") % {"number": seat["number"]}
        if len(seat["decklist"]) > MAX_LIST_CHARS:
            decks.append(TableDeck(player=player, bracket=None, errors=[_("This list is too long.")]))
            continue
        try:
            result = check_deck({"variant": "commander", "decklist": seat["decklist"]})
        except RulesError as err:
            decks.append(TableDeck(player=player, bracket=None, errors=present_problems(err)))
            continue
        shown = present_bracket(result.bracket) if result.bracket is not None else None
        decks.append(TableDeck(player=player, bracket=shown, errors=[]))
    if not decks:
        context["errors"] = [_("Paste at least one list.")]
    context.update(decks=decks, differences=table_differences(decks), submitted=True)
    return _page(request, "calc/table.html", context)


table_page.reads_too_large_forms = True  # type: ignore[attr-defined]  # judge.web.views.bad_request
