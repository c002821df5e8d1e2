"""The tracker's forms: a new game (its seats as a formset) and the buttons of the board (one event each).

They read the page's fields into what the tracker services take; the engine (judge.engine.tracker)
checks the setup and every event, so these only add what the form itself can get wrong.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge.engine import tracker
from judge.engine.payload import ascii_number
from judge.engine.variants import Variant
from judge.web.forms import EngineForm, FlagField, TextField

DEFAULT_SEATS = 4  # a Commander pod; "More seats" adds four at a time
MAX_SEATS = tracker.MAX_PLAYERS
VARIANT_LABELS = {
    Variant.COMMANDER: gettext_lazy("Commander"),
    Variant.BRAWL: gettext_lazy("Brawl"),
    Variant.TWO_HEADED_GIANT: gettext_lazy("Two-Headed Giant"),
    Variant.PLANECHASE: gettext_lazy("Planechase"),
    Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}
#: Variants whose tracked games have no commanders (Variant.has_commanders).
NO_COMMANDER_VARIANTS = {v.value for v in Variant.TRACKER if not v.has_commanders}


class SeatForm(forms.Form):
    name = TextField(limit=200)
    commander = TextField(limit=200)
    partner = TextField(limit=200)
    team = TextField(limit=2)
    # Commander only (judge.engine.tracker.seat_decks): the bracket its player declares, and its list (cut
    # one past the bound, so the engine reports a list too long instead of this form cutting it).
    bracket = TextField(limit=2)
    decklist = TextField(limit=tracker.MAX_DECKLIST_CHARS + 1)


SeatFormSet = formset_factory(SeatForm, extra=0, max_num=MAX_SEATS + 1, absolute_max=MAX_SEATS + 1)
BLANK_SEAT = {"name": "", "commander": "", "partner": "", "team": "", "bracket": "", "decklist": ""}
#: The brackets a player may declare (1 to 5), for the new-game form's choice.
BRACKET_CHOICES = tuple(range(tracker.LOWEST_BRACKET, tracker.HIGHEST_BRACKET + 1))


class NewGameForm(EngineForm):
    """The variant, Planechase, and one seat per player in turn order (blank seats are skipped)."""

    variant = TextField(limit=40)
    planechase = FlagField()

    def __init__(self, data: Any = None) -> None:
        super().__init__(data)
        self.seats = SeatFormSet(data, prefix="seat")

    def rows(self) -> list[dict[str, str]]:
        """The seats as typed, for the page to show again."""
        return [{**BLANK_SEAT, **seat.cleaned_data} for seat in self.seats.forms if seat.is_valid()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        players: list[str] = []
        commanders: dict[str, list[str]] = {}
        by_team: dict[str, list[str]] = {}
        brackets: dict[str, str] = {}
        decklists: dict[str, str] = {}
        for number, seat in enumerate(self.rows(), start=1):
            names = [c for c in (seat["commander"], seat["partner"]) if c]
            if not seat["name"]:
                if names:
                    self.add_error(
                        None, _("Seat %(seat)d: a commander without a player name.") % {"seat": number}
                    )
                if seat["bracket"] or seat["decklist"]:
                    self.add_error(
                        None,
                        _("Seat %(seat)d: a declared bracket or a decklist without a player name.")
                        % {"seat": number},
                    )
                continue
            players.append(seat["name"])
            commanders[seat["name"]] = names
            if seat["bracket"]:
                brackets[seat["name"]] = seat["bracket"]
            if seat["decklist"]:
                decklists[seat["name"]] = seat["decklist"]
            if seat["team"]:
                by_team.setdefault(seat["team"], []).append(seat["name"])
        variant = data.get("variant", "")
        if variant in NO_COMMANDER_VARIANTS and any(commanders.values()):
            # One clear message instead of the engine's line per player; the typed names stay in the form.
            self.add_error(
                None,
                _("%(variant)s is tracked without commanders: leave the Commander and Partner boxes empty.")
                % {"variant": VARIANT_LABELS[Variant(variant)]},
            )
            commanders = {name: [] for name in commanders}
        data["setup"] = {
            "variant": variant,
            "players": players,
            "commanders": commanders,
            "teams": [by_team[k] for k in sorted(by_team)] if by_team else None,
            "planechase": data.get("planechase", False),
            "declared_brackets": brackets or None,
            "decklists": decklists or None,
        }
        return data

    def payload(self) -> dict[str, Any]:
        """The keyword arguments of judge.tracker.services.start_game (and check_setup)."""
        return dict(self.cleaned_data["setup"])


class EventForm(EngineForm):
    """One button of the board: an event's kind and the fields it posts
    (judge.engine.tracker.event_from_json).

    Every button also posts the seat it was pressed from (``by``) and the table
    revision it was pressed on (``expected_revision``); the engine reads both.
    The life keypad posts the digits typed and the sign of the key pressed
    ("−" or "+") instead of an amount: a phone's number pad has no minus key.
    With nothing typed the key means 1.

    >>> form = EventForm({"kind": "life", "player": "Aki", "digits": "", "sign": "-"})
    >>> form.is_valid() and form.payload()["amount"]
    '-1'
    """

    kind = TextField(limit=40)
    player = TextField(limit=200)
    owner = TextField(limit=200)
    amount = TextField(limit=40)
    digits = TextField(limit=40)
    sign = TextField(limit=2)
    commander = TextField(limit=40)
    how = TextField(limit=40)
    reason = TextField(limit=40)
    face = TextField(limit=40)
    free = TextField(limit=10)
    name = TextField(limit=200)  # the card a "name a commander" form names
    source = TextField(limit=10)  # the commander-damage form's "seat.commander" (judge.tracker.views)
    by = TextField(limit=200)
    expected_revision = TextField(limit=40)

    def clean(self) -> dict[str, Any]:
        """A seat's panel is one form: its buttons are named after the change they make (see
        :data:`PANEL_BUTTONS`), and the button pressed gives the kind."""
        data = super().clean() or {}
        self.button: tuple[str, str] | None = None
        if not data.get("kind"):
            for kind in PANEL_BUTTONS:
                if kind in self.data:
                    self.button = (kind, str(self.data.get(kind, ""))[:40].strip())
                    data["kind"] = kind
                    break
        return data

    def payload(self) -> dict[str, Any]:
        """The fields the button posted, but its kind (the keypad's digits and sign become the amount)."""
        data = {
            name: value
            for name, value in self.cleaned_data.items()
            if name in self.data and name not in ("kind", "digits", "sign")
        }
        button: tuple[str, str] | None = getattr(self, "button", None)  # set by clean()
        if button is not None:
            data.update(_panel_button(button[0], button[1], self.data))
        if "sign" in self.data:
            # Nothing typed: a press of "−" or "+" alone means one, as the placeholder shows.
            digits = self.cleaned_data["digits"] or "1"
            data["amount"] = ("-" if self.cleaned_data["sign"] == "-" else "") + digits
        return data

    def with_setup(self, setup: tracker.TableSetup) -> dict[str, Any]:
        """:meth:`payload`, the commander-damage form's ``source`` ("2.1": seat 2's second commander) read
        as the owner's name and the commander's number."""
        data = self.payload()
        seat, _sep, commander = str(data.pop("source", "")).partition(".")
        index = ascii_number(seat, digits=2)
        if index is not None and index < len(setup.players):
            data["owner"], data["commander"] = setup.players[index], commander
        return data


#: The buttons of a seat's panel (one form per seat), each named after the change it makes; its value is
#: what varies: an amount, a commander's number, "number:how", a reason, "free" for a free roll.
PANEL_BUTTONS = (
    "life",
    "poison",
    "shields",
    "cast-commander",
    "commander-without-cast",
    "set-commander-casts",
    "planar-roll",
    "lose",
)


def _panel_button(kind: str, value: str, posted: Any) -> dict[str, str]:
    """The event's fields a panel's button stands for (the engine checks them as any other's).

    >>> _panel_button("commander-without-cast", "1:battlefield", {})
    {'commander': '1', 'how': 'battlefield'}
    >>> _panel_button("set-commander-casts", "0", {"casts-0": "3"})
    {'commander': '0', 'amount': '3'}
    """
    if kind in ("life", "poison", "shields"):
        return {"amount": value}
    if kind == "cast-commander":
        return {"commander": value}
    if kind == "commander-without-cast":
        commander, _sep, how = value.partition(":")
        return {"commander": commander, "how": how}
    if kind == "set-commander-casts":
        return {"commander": value, "amount": str(posted.get(f"casts-{value}", ""))[:40].strip()}
    if kind == "planar-roll":
        return {"free": "1"} if value == "free" else {}
    return {"reason": value}  # lose


class UndoForm(EngineForm):
    """The undo button: the seat pressing it and the revision it was pressed on."""

    by = TextField(limit=200)
    expected_revision = TextField(limit=40)

    def payload(self) -> dict[str, Any]:
        return {name: value for name, value in self.cleaned_data.items() if name in self.data}
