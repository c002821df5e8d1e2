"""The calculator pages' forms: each reads a request into the payload its engine function takes.

The JSON API takes the same payloads directly; the pages add what a form needs on a phone: full-width
input read as ASCII (judge.web.forms), one field per format, and the commander damage page's table of
taps (commander x player), carried whole in the URL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge.engine.mana import parse_mana_cost, printed_symbols
from judge.engine.messages import msg
from judge.engine.variants import Variant
from judge.web.forms import EngineForm, FlagField, NumberField, TextField, normalise, read_pasted_json

#: The tax page's format switch (Variant.TAX_CALCULATOR): each format shows only its own fields.
_TAX_LABELS = {
    Variant.COMMANDER: gettext_lazy("Commander"),
    Variant.BRAWL: gettext_lazy("Brawl"),
    Variant.DTC: gettext_lazy("DTC"),
    Variant.PLANECHASE: gettext_lazy("Planar die"),
}
TAX_VARIANTS = [(v.value, _TAX_LABELS[v]) for v in Variant.TAX_CALCULATOR]
#: Where a commander is cast from (903.8: only a cast from the command zone is taxed).
CAST_ZONES = [
    ("command-zone", gettext_lazy("Command zone")),
    ("hand", gettext_lazy("Hand")),
    ("graveyard", gettext_lazy("Graveyard")),
    ("exile", gettext_lazy("Exile")),
    ("library", gettext_lazy("Library")),
    ("other", gettext_lazy("Another zone")),
]
#: The commander damage page's and the deck check's formats (Variant.DAMAGE_CALCULATOR, Variant.DECK_CHECKS).
_FORMAT_LABELS = {
    Variant.COMMANDER: gettext_lazy("Commander"),
    Variant.BRAWL: gettext_lazy("Brawl"),
    Variant.DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
    Variant.DTCS: gettext_lazy("DTC: Source (DTCS)"),
    Variant.DTB: gettext_lazy("Duel Masters Tag Brawl (DTB)"),
}
DAMAGE_VARIANTS = [(v.value, _FORMAT_LABELS[v]) for v in Variant.DAMAGE_CALCULATOR]
DECK_VARIANTS = [(v.value, _FORMAT_LABELS[v]) for v in Variant.DECK_CHECKS]
#: Magic decks are checked against imported card data; Duel Masters decks from the cards typed in.
MTG_DECKS = {v.value for v in Variant.DECK_CHECKS if v.uses_commander_rules}
DM_DECKS = {v.value for v in Variant.DECK_CHECKS if v.is_duel_masters}
#: The commander damage table: seats shown, and the most damage one cell holds.
DEFAULT_SEATS = 4
MIN_SEATS = 2
MAX_SEATS = 8
MAX_DAMAGE = 999
MAX_NAME = 60
MAX_COMMANDERS = 3  # one more than the deck check takes, so a third is reported, not dropped


# --------------------------------------------------------------------------- commander tax


class TaxForm(EngineForm):
    """Commander tax, DTC tax or the planar die: the page shows only the chosen variant's fields.

    ``reduction`` is a number or, for Commander and Brawl, a mana string ("{W}{B}", "1W"): a text that is not
    a
    number is passed on as it is, for the engine to read.
    """

    #: The fields each variant reads; any other field in the query is ignored for it.
    VARIANT_FIELDS = {
        "commander": ("mana_cost", "previous_casts", "cast_from", "reduction", "partner"),
        "brawl": ("mana_cost", "previous_casts", "cast_from", "reduction", "partner"),
        "dtc": ("cost", "reduction", "play_number"),
        "planechase": ("rolls_this_turn", "two_headed_giant"),
    }

    variant = TextField()
    mana_cost = TextField()
    previous_casts = NumberField()
    cast_from = TextField()
    reduction = NumberField()
    cost = NumberField()
    play_number = NumberField()
    rolls_this_turn = NumberField()
    two_headed_giant = FlagField()
    partner = FlagField()

    def payload(self) -> dict[str, Any]:
        """Only the variant's fields; a field left empty (or a box left unticked) is left out (the engine says
        when it is required)."""
        variant = self.cleaned_data["variant"]
        payload: dict[str, Any] = {"variant": variant}
        for name in self.VARIANT_FIELDS.get(variant, ()):
            value = self.cleaned_data[name]
            if value is not None and value != "" and value is not False:
                payload[name] = value
        return payload

    def submitted(self) -> bool:
        """Whether the query holds a field of its variant: a calculation, not just the format switch."""
        return any(name in self.data for name in self.VARIANT_FIELDS.get(self.data.get("variant", ""), ()))


# --------------------------------------------------------------------------- commander damage


@dataclass(frozen=True)
class Seat:
    """One player at the table: their name and their commanders (a partner is optional), as typed."""

    number: int  # from 1, in seat order
    name: str
    commander: str
    partner: str

    @property
    def player(self) -> str:
        """The name, or "Player 2" in the reader's language when none was typed."""
        return self.name or _("Player %(number)d") % {"number": self.number}

    def commanders(self) -> list[tuple[str, str]]:
        """(id, name) of this seat's commanders: "1a" always (named after the player if unnamed), "1b" if
        typed."""
        return [(f"{self.number}a", self.commander_name)] + (
            [(f"{self.number}b", self.partner)] if self.partner else []
        )

    @property
    def commander_name(self) -> str:
        return self.commander or _("%(player)s's commander") % {"player": self.player}


class DamageTable:
    """The commander damage table read from a query: seats, then one count per (commander, player) cell.

    Every cell holds the combat damage that commander has dealt that player so far; a ``tap``
    (``up:1a_2`` / ``down:1a_2``, a + or − button) changes one cell by 1. Cells are named
    ``d<commander id>_<seat>`` ("d1a_2": player 1's commander to player 2). Two-Headed Giant puts seats
    1+2, 3+4, … on a team. Nothing is kept on the server: :meth:`query` is the whole table as a URL query.
    """

    def __init__(self, data: QueryDict) -> None:
        self.problems: list[str] = []
        self.variant = normalise(data.get("variant", "")) or "commander"
        self.two_headed_giant = bool(data.get("thg"))
        wanted = _whole(data.get("resize") or data.get("seats"))
        seats = wanted if wanted is not None else DEFAULT_SEATS
        self.size = min(max(seats, MIN_SEATS), MAX_SEATS)
        self.seats = [
            Seat(
                number=n,
                name=normalise(data.get(f"name{n}", ""))[:MAX_NAME],
                commander=normalise(data.get(f"cmdr{n}", ""))[:MAX_NAME],
                partner=normalise(data.get(f"partner{n}", ""))[:MAX_NAME],
            )
            for n in range(1, self.size + 1)
        ]
        self.counts: dict[str, int] = {}
        for key in self.cell_keys():
            text = normalise(data.get(key, ""))
            count = _whole(text) if text else 0
            if count is None or count > MAX_DAMAGE:
                commander, player = self.describe(key)
                self.problems.append(
                    _("Damage to %(player)s from %(commander)s: write a whole number from 0 to %(high)d.")
                    % {"player": player, "commander": commander, "high": MAX_DAMAGE}
                )
            elif count:
                self.counts[key] = count
        self.tapped = self._tap(normalise(data.get("tap", "")))
        if self.two_headed_giant and self.size % 2:
            self.problems.append(
                _("Two-Headed Giant: teams are two players each, so the number of players must be even.")
            )

    def _tap(self, tap: str) -> bool:
        direction, _sep, key = tap.partition(":")
        if direction not in ("up", "down") or key not in self.cell_keys():
            return False
        count = self.counts.get(key, 0) + (1 if direction == "up" else -1)
        self.counts[key] = min(max(count, 0), MAX_DAMAGE)
        return True

    def commanders(self) -> list[tuple[str, str, Seat]]:
        """(id, name, owner's seat) of every commander, in seat order."""
        return [(cid, name, seat) for seat in self.seats for cid, name in seat.commanders()]

    def cell_keys(self) -> list[str]:
        return [f"d{cid}_{seat.number}" for cid, _name, _owner in self.commanders() for seat in self.seats]

    def describe(self, key: str) -> tuple[str, str]:
        """(commander name, player name) of a cell."""
        cid, _sep, number = key[1:].partition("_")
        commander = next(name for c, name, _owner in self.commanders() if c == cid)
        return commander, self.seats[int(number) - 1].player

    def teams(self) -> list[list[str]]:
        players = [seat.player for seat in self.seats]
        return [players[i : i + 2] for i in range(0, len(players), 2)]

    def payload(self) -> dict[str, Any]:
        """The commander damage payload: one combat damage event per cell that holds damage."""
        players = {str(seat.number): seat.player for seat in self.seats}
        payload: dict[str, Any] = {
            "variant": self.variant,
            "players": list(players.values()),
            "commanders": [
                {"id": cid, "owner": owner.player, "name": name} for cid, name, owner in self.commanders()
            ],
            "events": [
                {
                    "source": key[1:].partition("_")[0],
                    "target": players[key.partition("_")[2]],
                    "amount": count,
                    "combat": True,
                }
                for key, count in self.counts.items()
            ],
        }
        if self.two_headed_giant:
            payload["teams"] = self.teams()
        return payload

    def query(self) -> str:
        """The table as a URL query, without the tap (a reload never taps twice) or anything empty."""
        pairs: list[tuple[str, str]] = [("variant", self.variant), ("seats", str(self.size))]
        if self.two_headed_giant:
            pairs.append(("thg", "1"))
        for seat in self.seats:
            pairs += [
                (f"{field}{seat.number}", value)
                for field, value in (("name", seat.name), ("cmdr", seat.commander), ("partner", seat.partner))
                if value
            ]
        pairs += [(key, str(count)) for key, count in self.counts.items() if count]
        return urlencode(pairs)


def _whole(text: str | None) -> int | None:
    text = normalise(text or "")
    return int(text) if text.isdigit() and len(text) < 7 else None


# --------------------------------------------------------------------------- colour identity


class IdentityForm(EngineForm):
    """Card names (a pasted decklist works too), one card typed off its face (its name, mana cost, type line
    and rules text, for a site without card data), and pasted card JSON: one card object, a list of them,
    a Scryfall list page or ``{"cards": [...]}``."""

    names = TextField()
    card_name = TextField(limit=200)
    card_mana_cost = TextField(limit=200)
    card_type_line = TextField(limit=200)
    card_text = TextField(limit=5_000)
    cards_json = forms.CharField(required=False)

    PRINTED = ("card_name", "card_mana_cost", "card_type_line", "card_text")

    def printed_card(self) -> dict[str, Any] | None:
        """The card typed off its face, shaped as the engine reads a card (Scryfall's fields); None when none
        of its fields was typed. The mana cost is read as typed ("2緑白", "{2}{G}{W}"): a cost that can't be
        read raises the engine's InvalidInputError, naming the mana cost in the reader's words."""
        typed = {name: self.cleaned_data.get(name) or "" for name in self.PRINTED}
        if not any(typed.values()):
            return None
        cost = typed["card_mana_cost"]
        return {
            "name": typed["card_name"] or _("The card typed in"),
            "mana_cost": parse_mana_cost(cost, field="card_mana_cost").text if cost else "",
            "type_line": typed["card_type_line"],
            "oracle_text": printed_symbols(typed["card_text"]),
        }

    def clean_cards_json(self) -> dict[str, Any] | None:
        text = self.cleaned_data["cards_json"]
        if not text:
            return None
        data = read_pasted_json(text, field="cards_json", label=msg("web.label.card-json"))
        if isinstance(data, list):
            return {"cards": data}
        if isinstance(data, dict) and isinstance(data.get("cards"), list):
            return {"cards": data["cards"]}
        if isinstance(data, dict) and isinstance(data.get("data"), list):
            return {"cards": data["data"]}
        return {"cards": [data]}

    def payload(self) -> dict[str, Any]:
        """The pasted cards, as the colour identity API takes them (empty when none were pasted)."""
        return self.cleaned_data.get("cards_json") or {"cards": []}


# --------------------------------------------------------------------------- deck check


class DeckForm(EngineForm):
    """A decklist, the commanders named outside it (Magic) or a teammate's deck (Duel Masters)."""

    variant = TextField()
    decklist = TextField()
    commanders = TextField()
    teammate = TextField()

    def payload(self) -> dict[str, Any]:
        """The deck check payload (judge.cards.services.check_deck)."""
        data = self.cleaned_data
        payload: dict[str, Any] = {"variant": data["variant"], "decklist": data["decklist"]}
        if data["variant"] in MTG_DECKS:
            names = [c.strip() for c in re.split(r"[\n|]", data["commanders"]) if c.strip()]
            payload["commanders"] = names[:MAX_COMMANDERS]
        elif data["teammate"]:
            payload["decks"] = [data["teammate"]]
        return payload
