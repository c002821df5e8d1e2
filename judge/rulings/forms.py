"""The leave-game board form: the board's own fields plus one formset per table (players, objects, control
effects, delayed triggers, effects until a player's next turn, control of players, attacks, cards exiled
"until" an event), and the
number of rows each table takes on the page.

The page keeps the whole board in the form and re-renders it on every submit, so it works without
JavaScript: each button is a submit button with an ``action`` ("add-object", "remove-object-3",
"resolve-1", "end-turn", ...). :mod:`judge.rulings.board_rows` reads the posted form into rows, applies
the row buttons and writes the JSON API's board payload.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext as _

from judge.engine.board_effects_payload import MAX_TRIGGER_TEXT
from judge.engine.messages import msg
from judge.engine.payload import MAX_ID, MAX_NAME, MAX_TEXT
from judge.web.forms import EngineForm, FlagField, NumberField, TextField, read_pasted_json

# Rows of each table the page takes: a table's worth. The page renders every row as fields, so these bound
# its size (a 160-byte POST asking for 2,000 rows of each table once rendered 19 MB); a bigger board goes
# through the JSON API (judge.engine.board's MAX_PLAYERS, MAX_OBJECTS).
PAGE_PLAYERS = 16
PAGE_ROWS = 200  # objects
PAGE_EFFECTS = 100  # control effects, attacks
PAGE_TEXTS = 50  # delayed triggers, effects until a turn (each with a text of up to 1,000 characters)
MAX_JSON = 1_000_000  # pasted board JSON: the JSON API's body limit (and what the page shows again)
# Each field takes one character more than the engine does, so a value too long is shown with the engine's
# problem instead of being cut without a word, and the page's size stays bounded by the engine's limits.
NAME = MAX_NAME + 1  # a player's name (or an Aura's player)
ID = MAX_ID + 1  # an object's or an effect's id
CARD = MAX_TEXT + 1  # a card's or an effect's name
TEXT = MAX_TRIGGER_TEXT + 1  # a delayed trigger's or a timed effect's text
WORD = 40  # a choice: a kind, a zone, how an effect ends
ACTION_RE = re.compile(
    r"^(add|remove)-(player|object|effect|trigger|timed|control|attack|until)(?:-(\d{1,4}))?$"
)
RESOLVE_RE = re.compile(r"^(resolve|lose)-(\d{1,3})$")
END_TURN = "end-turn"
QUICK_CONTROL = "quick-control"
QUICK_UNTIL = "quick-until"


class IndexesField(forms.Field):
    """Row numbers ticked in a column of checkboxes (every row's box has the same name)."""

    widget = forms.MultipleHiddenInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> set[str]:
        return {str(v) for v in value or ()}


class IdsField(forms.Field):
    """Ids chosen in a multiple select (the blockers of an attack), or typed comma-separated in a text field
    (a big board's page), as a list."""

    widget = forms.SelectMultiple

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> list[str]:
        ids = [part.strip()[:ID] for v in value or () for part in str(v)[:100_000].split(",")]
        return [i for i in ids if i][:PAGE_ROWS]


class BoardForm(EngineForm):
    """The fields of the board itself; the player columns (active player, priority, monarch, initiative,
    planar controller) carry row numbers, so renaming a player keeps them."""

    action = TextField(limit=40)
    variant = TextField(limit=40)
    left = TextField(limit=2000)  # players who already left, comma-separated
    active = TextField(limit=4)  # row number of the active player
    priority = TextField(limit=4)  # row number of the player with priority
    monarch = TextField(limit=4)
    initiative = TextField(limit=4)
    planar = IndexesField()  # row numbers of the planar controllers
    single_planar_deck = FlagField()
    reason = TextField(limit=40)  # why a Duel Masters team loses
    board_json = forms.CharField(required=False, strip=False)
    # Quick entry: "Alex takes Bianca's creature with 《Mind Control》" (BoardRows.quick_control).
    quick_by = TextField(limit=NAME)
    quick_card = TextField(limit=CARD)
    quick_how = TextField(limit=40)
    quick_owner = TextField(limit=NAME)
    quick_target = TextField(limit=CARD)
    # Quick entry: "Alex's 《Banisher Priest》 exiled Bianca's card until it leaves" (BoardRows.quick_until).
    until_by = TextField(limit=NAME)
    until_card = TextField(limit=CARD)
    until_how = TextField(limit=40)
    until_owner = TextField(limit=NAME)
    until_target = TextField(limit=CARD)
    until_commander = FlagField()
    # Removing a player the board still names: who gets their objects and effects (rulings.board_removal).
    give_to = TextField(limit=NAME)

    def pasted_board(self) -> tuple[dict[str, Any] | None, list[str]]:
        """The board pasted as JSON ("load-json"), or the problem with it."""
        if len(self.cleaned_data["board_json"].encode("utf-8", "surrogatepass")) > MAX_JSON:
            return None, [
                _("Board JSON: at most %(limit)d bytes, as the JSON API takes.") % {"limit": MAX_JSON}
            ]
        try:
            loaded = read_pasted_json(
                self.cleaned_data["board_json"], field="board_json", label=msg("web.label.board-json")
            )
        except forms.ValidationError as err:
            return None, err.messages
        if not isinstance(loaded, dict):
            return None, [_("Board JSON: must be a JSON object (the board).")]
        return loaded, []


class PlayerForm(forms.Form):
    name = TextField(limit=NAME)
    # The name the page showed (a hidden field): when the name is changed, every field naming the player
    # follows it (judge.rulings.board_renames).
    was = TextField(limit=NAME)
    team = TextField(limit=CARD)
    shields = NumberField(limit=40)


class ObjectForm(forms.Form):
    id = TextField(limit=ID)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)
    kind = TextField(limit=WORD)
    owner = TextField(limit=NAME)
    controller = TextField(limit=NAME)
    zone = TextField(limit=WORD)
    attached_to = TextField(limit=NAME)
    default_controller = TextField(limit=NAME)
    source = TextField(limit=ID)
    attachment = TextField(limit=WORD)
    planeswalking = FlagField()
    commander = FlagField()


class EffectForm(forms.Form):
    id = TextField(limit=ID)
    object = TextField(limit=ID)
    controller = TextField(limit=NAME)
    source = TextField(limit=ID)
    ends = TextField(limit=WORD)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)


class TriggerForm(forms.Form):
    id = TextField(limit=ID)
    controller = TextField(limit=NAME)
    source = TextField(limit=ID)
    text = TextField(limit=TEXT)
    object = TextField(limit=ID)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)


class TimedForm(forms.Form):
    id = TextField(limit=ID)
    controller = TextField(limit=NAME)
    until = TextField(limit=WORD)
    text = TextField(limit=TEXT)
    source = TextField(limit=ID)
    object = TextField(limit=ID)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)
    ends_after_turn_of = TextField(limit=NAME)


class UntilForm(forms.Form):
    """A card exiled "until" an event (610.3): its source, the exiled cards' ids (comma-separated), when it
    ends, how the cards come back and the zone they came from."""

    id = TextField(limit=ID)
    source = TextField(limit=ID)
    objects = TextField(limit=TEXT)
    ends = TextField(limit=WORD)
    how = TextField(limit=WORD)
    from_zone = TextField(limit=WORD)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)


class PlayerControlForm(forms.Form):
    player = TextField(limit=NAME)
    controller = TextField(limit=NAME)
    pending = FlagField()
    source = TextField(limit=ID)
    name = TextField(limit=CARD)
    name_ja = TextField(limit=CARD)


class AttackForm(forms.Form):
    attacker = TextField(limit=ID)
    attacking = TextField(limit=NAME)
    blockers = IdsField()


def _formset(form: type[forms.Form], limit: int) -> type[forms.BaseFormSet]:  # type: ignore[type-arg]
    return formset_factory(form, extra=0, max_num=limit, validate_max=True, absolute_max=limit)


# Prefix of each table's fields ("obj-0-name") -> its formset.
FORMSETS = {
    "player": _formset(PlayerForm, PAGE_PLAYERS),
    "obj": _formset(ObjectForm, PAGE_ROWS),
    "eff": _formset(EffectForm, PAGE_EFFECTS),
    "trg": _formset(TriggerForm, PAGE_TEXTS),
    "tmd": _formset(TimedForm, PAGE_TEXTS),
    "pc": _formset(PlayerControlForm, PAGE_PLAYERS),
    "atk": _formset(AttackForm, PAGE_EFFECTS),
    "unt": _formset(UntilForm, PAGE_TEXTS),
}


def too_many_rows(prefix: str, count: int | None = None) -> str:
    """The problem of a table with more rows than the page takes (in the reader's language)."""
    text = _(
        "The page takes at most %(players)d players, %(objects)d objects, %(effects)d control effects "
        "and attacks, and %(texts)d delayed triggers and effects until a turn."
    ) % {"players": PAGE_PLAYERS, "objects": PAGE_ROWS, "effects": PAGE_EFFECTS, "texts": PAGE_TEXTS}
    if count is not None:
        text += " " + _("This board has %(count)d rows in one table; the JSON API takes larger boards.") % {
            "count": count
        }
    return text
