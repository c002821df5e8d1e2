"""What the table's brackets page reads: each seat's player, list and declared bracket (numbered fields,
``player1`` / ``deck1`` / ``declared1``, as many as a tracker game has seats), and the tracker game whose
decks it loads, by its code or its link (:class:`GameCodeForm`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.http import QueryDict

from judge.engine import tracker
from judge.web.forms import EngineForm, TextField, normalise

#: Seats the empty page offers; a Commander table rarely seats more.
SEATS = 6
#: Seats read: as many as a tracker game has.
MAX_SEATS = tracker.MAX_PLAYERS
MAX_NAME = 40
#: One list on this page: a Commander list is 100 lines; this leaves room for comments and tags (the same
#: bound as a list kept on a tracker game's seat).
MAX_LIST_CHARS = tracker.MAX_DECKLIST_CHARS
BRACKETS = tuple(str(n) for n in range(tracker.LOWEST_BRACKET, tracker.HIGHEST_BRACKET + 1))
#: A tracker game's code (judge.tracker.urls.SLUG), alone or in its link (…/tracker/<code>/…).
GAME_CODE = re.compile(r"[A-Za-z0-9_-]{8,32}")
GAME_LINK = re.compile(r"/tracker/([A-Za-z0-9_-]{8,32})(?:/|$|[?#])")


@dataclass(frozen=True)
class TableSeat:
    """One seat of the page: its number (1, 2, ...), the player, the list, the bracket declared ("")."""

    number: int
    player: str
    decklist: str  # cut one past MAX_LIST_CHARS: ``too_long`` says so
    declared: str

    @property
    def too_long(self) -> bool:
        return len(self.decklist) > MAX_LIST_CHARS

    @property
    def declared_bracket(self) -> int | None:
        return int(self.declared) if self.declared else None


def _declared(value: str) -> str:
    text = normalise(value)[:2]
    return text if text in BRACKETS else ""


def read_seats(params: QueryDict) -> list[TableSeat]:
    """Every seat posted (names normalised and cut to MAX_NAME; a bracket outside 1–5 read as none), then as
    many as the page shows: at least SEATS, and every seat up to the last one filled."""
    seats = [
        TableSeat(
            number=number,
            player=normalise(params.get(f"player{number}", ""))[:MAX_NAME],
            decklist=params.get(f"deck{number}", "")[: MAX_LIST_CHARS + 1],
            declared=_declared(params.get(f"declared{number}", "")),
        )
        for number in range(1, MAX_SEATS + 1)
    ]
    return _shown(seats)


def seats_from_game(decks: Sequence[tracker.SeatDeck]) -> list[TableSeat]:
    """A tracker game's seats in turn order, each with its player's name, list and declared bracket."""
    seats = [
        TableSeat(
            number=number,
            player=deck.player[:MAX_NAME],
            decklist=deck.decklist,
            declared=str(deck.declared_bracket) if deck.declared_bracket else "",
        )
        for number, deck in enumerate(decks[:MAX_SEATS], start=1)
    ]
    seats += [
        TableSeat(number=n, player="", decklist="", declared="") for n in range(len(seats) + 1, SEATS + 1)
    ]
    return seats


def _shown(seats: list[TableSeat]) -> list[TableSeat]:
    filled = [s.number for s in seats if s.player or s.decklist.strip() or s.declared]
    return seats[: max(SEATS, max(filled, default=0))]


class GameCodeForm(EngineForm):
    """The tracker game to load: its code, or its link as shared (the page finds the code in it); and, once
    loaded, the game's revision its seats were read at (a save is made on it)."""

    game = TextField(limit=300)
    expected_revision = TextField(limit=12)

    def revision(self) -> str:
        """The revision posted back ("" without one): digits only."""
        text = self.cleaned_data.get("expected_revision", "") if self.is_valid() else ""
        return text if text.isdigit() else ""

    def slug(self) -> str | None:
        """The game's code, None when the text holds none."""
        text = self.cleaned_data.get("game", "") if self.is_valid() else ""
        if GAME_CODE.fullmatch(text):
            return text
        found = GAME_LINK.search(text)
        return found.group(1) if found else None
