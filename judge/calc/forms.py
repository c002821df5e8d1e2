"""The calculator pages' forms: each reads a request into the payload its engine function takes.

The JSON API takes the same payloads directly; the pages add what a form needs on a phone: full-width
input read as ASCII (judge.web.forms), and the commander damage page's lines of text.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge.cards.services import MTG_DECK_VARIANTS
from judge.engine.cards import normalise_name
from judge.engine.messages import msg
from judge.web.forms import EngineForm, FlagField, NumberField, TextField, read_pasted_json

TAX_VARIANTS = [
    ("commander", gettext_lazy("Commander")),
    ("brawl", gettext_lazy("Brawl")),
    ("dtc", gettext_lazy("Duel Masters Tag Commander (DTC)")),
    ("planechase", gettext_lazy("Planechase (planar die)")),
]
DAMAGE_VARIANTS = [("commander", gettext_lazy("Commander")), ("brawl", gettext_lazy("Brawl"))]
DECK_VARIANTS = [
    ("commander", gettext_lazy("Commander")),
    ("brawl", gettext_lazy("Brawl")),
    ("dtc", gettext_lazy("Duel Masters Tag Commander (DTC)")),
    ("dtcs", gettext_lazy("DTC: Source (DTCS)")),
    ("dtb", gettext_lazy("Duel Masters Tag Brawl (DTB)")),
]
MAX_LINES = 2000  # lines read from each of the commander damage page's text boxes
MAX_COMMANDERS = 3  # one more than the deck check takes, so a third is reported, not dropped


# --------------------------------------------------------------------------- commander tax


class TaxForm(EngineForm):
    """Commander tax, DTC tax or the planar die: the fields of every variant on one page."""

    #: The fields each variant reads; the others on the page are ignored for it.
    VARIANT_FIELDS = {
        "commander": ("mana_cost", "previous_casts", "reduction"),
        "brawl": ("mana_cost", "previous_casts", "reduction"),
        "dtc": ("cost", "reduction", "play_number"),
        "planechase": ("rolls_this_turn", "two_headed_giant"),
    }

    variant = TextField()
    mana_cost = TextField()
    previous_casts = NumberField()
    reduction = NumberField()
    cost = NumberField()
    play_number = NumberField()
    rolls_this_turn = NumberField()
    two_headed_giant = FlagField()

    def payload(self) -> dict[str, Any]:
        """Only the variant's fields; a field left empty is left out (the engine says when it is required)."""
        variant = self.cleaned_data["variant"]
        payload: dict[str, Any] = {"variant": variant}
        for name in self.VARIANT_FIELDS.get(variant, ()):
            value = self.cleaned_data[name]
            if value is not None and value != "":
                payload[name] = value
        return payload


# --------------------------------------------------------------------------- commander damage


_EVENT_RE = re.compile(r"^(?P<source>.+?)\s*(?:->|→|=>)\s*(?P<target>.+?)\s+(?P<amount>[0-9]{1,9})(?P<rest>(?:\s+.*)?)$")
_GAIN_RE = re.compile(r"^(?P<target>.+?)\s+(?:gains?|\+)\s*(?P<amount>[0-9]{1,9})(?:\s+life)?$", re.IGNORECASE)
_OPTION_WORDS = ("combat", "noncombat", "prevented", "controller")


def _lines(text: str) -> list[tuple[int, str]]:
    """Numbered lines that say something (blank lines and # or // comments are skipped)."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines()[:MAX_LINES], start=1)]
    return [(n, line) for n, line in lines if line and not line.startswith(("#", "//"))]


def _canonical(name: str, known: list[str]) -> str:
    """``name`` as written in ``known`` (case and width forgiven), or unchanged for the engine to report."""
    wanted = normalise_name(name)
    return next((k for k in known if normalise_name(k) == wanted), name)


def _read_options(words: list[str], event: dict[str, Any], players: list[str]) -> bool:
    """Apply ``combat`` / ``noncombat`` / ``prevented N`` / ``controller NAME`` to ``event``; False if malformed."""
    position = 0
    while position < len(words):
        word = words[position].casefold()
        position += 1
        if word in ("combat", "noncombat"):
            event["combat"] = word == "combat"
        elif word == "prevented" and position < len(words) and re.fullmatch(r"[0-9]{1,9}", words[position]):
            event["prevented"] = int(words[position])
            position += 1
        elif word == "controller":
            name: list[str] = []
            while position < len(words) and words[position].casefold() not in _OPTION_WORDS:
                name.append(words[position])
                position += 1
            if not name:
                return False
            event["controller"] = _canonical(" ".join(name), players)
        else:
            return False
    return True


class DamageForm(EngineForm):
    """Players (comma or line separated), commanders (``name | owner``, one a line) and damage lines.

    A damage line is ``Rafiq -> Bianca 10`` followed by ``combat`` (the default) or ``noncombat``,
    ``prevented 6`` and ``controller Carol`` in any order; ``Bianca gains 5 life`` records life gain
    (which changes nothing). Names are matched with case and width forgiven.
    """

    variant = TextField()
    players = TextField()
    commanders = TextField()
    events = TextField()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        players = [p.strip() for p in re.split(r"[,\n、，]", data.get("players", "")) if p.strip()]
        commanders: list[dict[str, str]] = []
        for number, line in _lines(data.get("commanders", "")):
            name, bar, owner = line.partition("|")
            if not bar or not name.strip() or not owner.strip():
                self.add_error("commanders", _("Commanders, line %(line)d: write the commander's name, then | and "
                                               "its owner") % {"line": number})
                continue
            commanders.append({"id": name.strip(), "owner": _canonical(owner.strip(), players), "name": name.strip()})
        ids = [c["id"] for c in commanders]
        events: list[dict[str, Any]] = []
        for number, line in _lines(data.get("events", "")):
            gain = _GAIN_RE.match(line)
            match = _EVENT_RE.match(line)
            if gain and not match:
                events.append({"kind": "life-gain", "target": _canonical(gain["target"], players),
                               "amount": int(gain["amount"])})
                continue
            if not match:
                self.add_error("events", _("Damage, line %(line)d: write it like “Rafiq -> Bianca 10 combat”")
                               % {"line": number})
                continue
            source = _canonical(match["source"].strip(), ids)
            if source not in ids:
                self.add_error("events", _("Damage, line %(line)d: %(name)s is not one of the commanders listed "
                                           "above") % {"line": number, "name": source})
                continue
            event: dict[str, Any] = {"source": source, "target": _canonical(match["target"].strip(), players),
                                     "amount": int(match["amount"]), "combat": True}
            if not _read_options(match["rest"].split(), event, players):
                self.add_error("events", _("Damage, line %(line)d: after the amount, write combat, noncombat, "
                                           "prevented N or controller NAME") % {"line": number})
                continue
            events.append(event)
        data["parsed"] = {"players": players, "commanders": commanders, "events": events}
        return data

    def payload(self) -> dict[str, Any]:
        return {"variant": self.cleaned_data["variant"], **self.cleaned_data["parsed"]}

    def labels(self) -> dict[str, tuple[str, str]]:
        """Commander id -> (name, owner), for the result table."""
        return {c["id"]: (c["name"], c["owner"]) for c in self.cleaned_data["parsed"]["commanders"]}


# --------------------------------------------------------------------------- colour identity


class IdentityForm(EngineForm):
    """Card names (a pasted decklist works too) and pasted card JSON: one card object, a list of them,
    a Scryfall list page or ``{"cards": [...]}``."""

    names = TextField()
    cards_json = forms.CharField(required=False)

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
        if data["variant"] in MTG_DECK_VARIANTS:
            names = [c.strip() for c in re.split(r"[\n|]", data["commanders"]) if c.strip()]
            payload["commanders"] = names[:MAX_COMMANDERS]
        elif data["teammate"]:
            payload["decks"] = [data["teammate"]]
        return payload
