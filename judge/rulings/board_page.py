"""How the leave-game page shows its board form: a quick line per object, the rest one tap away, and a
bound on its size.

A phone starts from what the players know: who plays (and who is active), then the objects in question,
each one line ("Alex's 《Mind Control》 on Bianca's 《Assault Griffin》") with its name, owner, controller
and what it is on; the rest of the board (the game's type, control effects, triggers, combat, the JSON)
is one tap away in a ``<details>``. A resolving button ("resolve-1", "lose-0", "end-turn") is read here
too (:func:`resolve_button`).

Size: a reference to a player or an object is a ``<select>`` of every player or object, and the page has
one such field per row, so the option lists grow as rows x names. While that stays under
:data:`SELECT_BUDGET` bytes the fields are selects; past it they are text fields suggesting from one shared
``<datalist>`` (the same values, typed or picked), so a board at the page's limits stays under 1 MB.

>>> select_fits(["Alex", "Bianca"], fields=10)
True
>>> select_fits(["x" * 200] * 16, fields=600)
False
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.http import HttpResponse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from judge.engine.board import Ends, ObjectKind, Variant
from judge.engine.board_until import ReturnZone, UntilEnds, UntilHow
from judge.engine.dtc_game import team_loss_from_payload
from judge.engine.errors import RulesError
from judge.engine.leave_game import leave_game_from_payload
from judge.engine.leave_game_result import LeaveGameResult
from judge.engine.messages import Message
from judge.engine.turn_end import end_turn_from_payload
from judge.rulings.board_rows import PAYLOAD_KEYS, BoardRows
from judge.rulings.forms import END_TURN, FORMSETS, RESOLVE_RE
from judge.rulings.presenters import Resolution, present_board, present_resolution
from judge.rulings.presenters.names import choices, label_of
from judge.web.card_finder import card_links
from judge.web.presenters import present_problems
from judge.web.rendering import HtmxHttpRequest, page_or_partial

# Kinds of object represented by a card, so with a card page to link (as the board presenter's _is_card).
CARD_KINDS = frozenset({ObjectKind.CARD.value, ObjectKind.PLANE.value, ObjectKind.PHENOMENON.value})
# Bytes of <option>s the page may repeat across its reference fields, per kind (players, objects).
SELECT_BUDGET = 150_000
# Markup of one option besides its value and label: <option value=""></option>.
OPTION_MARKUP = 28
# Tables edited in the full board editor: an action on one of them re-opens it.
FULL_EDITOR_TABLES = ("effect", "trigger", "timed", "control", "attack", "until")
UPDATE_FULL = "update-full"
# A board's JSON up to this size is on the page; a larger one has a page of its own (action "show-json").
INLINE_JSON = 50_000
# A large board's page past this many bytes shows its board as JSON, not as rows of fields (bounded_page).
MAX_PAGE = 1_000_000
SHOW_JSON = "show-json"
# How the quick entry's control change ends: with its Aura (Mind Control), or at end of turn (Act of Treason).
QUICK_ENDS = (Ends.SOURCE_LEAVES.value, Ends.END_OF_TURN.value)
EDIT_RE = re.compile(r"^edit-object-(\d{1,3})$")
# "then-resolve-1": resolve, then go on from the board afterwards (a large board's "Continue").
THEN = "then-"


def select_fits(options: Iterable[str] | Iterable[tuple[str, str]], *, fields: int) -> bool:
    """Whether ``fields`` selects of these options (values, or (value, label)) stay within the budget."""
    size = 0
    for option in options:
        value, label = option if isinstance(option, tuple) else (option, option)
        size += len(escape(value)) + len(escape(label)) + OPTION_MARKUP
    return size * fields <= SELECT_BUDGET


def player_fields(rows: BoardRows) -> int:
    """How many fields of the page name a player (owner, controller, ... in every row)."""
    tables = rows.rows
    return (
        3 * len(tables["obj"])
        + len(tables["eff"])
        + len(tables["trg"])
        + 2 * len(tables["tmd"])
        + 2 * len(tables["pc"])
    )


def object_fields(rows: BoardRows) -> int:
    """How many fields of the page name an object (attached to, source, blockers, ...) in every row."""
    tables = rows.rows
    return 2 * (len(tables["obj"]) + len(tables["eff"]) + len(tables["trg"]) + len(tables["tmd"])) + (
        len(tables["pc"]) + 3 * len(tables["atk"]) + len(tables["unt"])
    )


def editing_row(action: str) -> int | None:
    """The object row a large board opens in full ("edit-object-3" -> 3)."""
    match = EDIT_RE.match(action)
    return int(match.group(1)) if match else None


def full_editor_open(action: str, errors: list[str]) -> bool:
    """Whether the full board editor is open: the reader was working in it, or the board has a problem."""
    if errors or action in (UPDATE_FULL, "load-json"):
        return True
    return action.startswith(("add-", "remove-")) and action.split("-")[1] in FULL_EDITOR_TABLES


def full_editor_counts(rows: BoardRows) -> list[str]:
    """What the full board editor holds, for its summary ("1 control effect", ...)."""
    eff, trg, tmd, pc, atk, unt = (len(rows.rows[p]) for p in ("eff", "trg", "tmd", "pc", "atk", "unt"))
    counts = [
        (unt, ngettext("%(count)d card exiled until", "%(count)d cards exiled until", unt)),
        (eff, ngettext("%(count)d control effect", "%(count)d control effects", eff)),
        (trg, ngettext("%(count)d delayed trigger", "%(count)d delayed triggers", trg)),
        (tmd, ngettext("%(count)d effect until a turn", "%(count)d effects until a turn", tmd)),
        (pc, ngettext("%(count)d control of a player", "%(count)d controls of a player", pc)),
        (atk, ngettext("%(count)d attacker", "%(count)d attackers", atk)),
    ]
    return [text % {"count": n} for n, text in counts if n]


def _whose(player: str, thing: str) -> str:
    return _("%(player)s's %(object)s") % {"player": player, "object": thing} if player else thing


def object_lines(rows: BoardRows) -> None:
    """Give every object row its quick line (``row["line"]``): whose it is, what it is on, whom it gives
    control of what; names as the row labels give them."""
    objects = rows.objects
    by_id = {row["id"]: row for row in objects if row.get("id")}
    gives: dict[str, list[dict[str, Any]]] = {}
    for effect in rows.rows["eff"]:
        if effect.get("source"):
            gives.setdefault(effect["source"], []).append(effect)
    for row in objects:
        line = _whose(row["owner"], row["label"])
        target = row.get("attached_to") or ""
        if target in by_id:
            aim = by_id[target]
            line = _("%(object)s on %(target)s") % {
                "object": line,
                "target": _whose(aim["owner"], aim["label"]),
            }
        elif target:  # a player (an Aura on a player), or an id the board does not have
            line = _("%(object)s on %(target)s") % {"object": line, "target": target}
        if row["controller"] and row["controller"] != row["owner"]:
            line += _(", controlled by %(player)s") % {"player": row["controller"]}
        for effect in gives.get(row["id"], []) if row.get("id") else []:
            taken = by_id.get(effect["object"])
            line += _("; gives %(player)s control of %(object)s") % {
                "player": effect["controller"] or "—",
                "object": _whose(taken["owner"], taken["label"]) if taken else effect["object"] or "—",
            }
        row["line"] = line


def link_cards(objects: list[dict[str, Any]]) -> dict[str, str]:
    """Give every object row that is a known card its card page (``row["card_url"]``, found by its English
    or its Japanese name); a card's English name -> its page, for the resolution's lists. A token, a copy,
    an ability or an emblem is no card."""
    cards = [row for row in objects if row.get("kind") in CARD_KINDS and row.get("name")]
    pages = card_links([row["name"].strip() for row in cards] + [row["name_ja"].strip() for row in cards])
    urls: dict[str, str] = {}
    for row in cards:
        url = pages.get(row["name"].strip()) or pages.get(row["name_ja"].strip()) or ""
        row["card_url"] = url
        if url:
            urls[row["name"].strip()] = url
    return urls


def variant_choices(current: str, lang: str) -> list[tuple[str, str]]:
    """The variants a board can be, and the one it is when that is another (a pasted board: the engine
    judges)."""
    offered = [
        (value, label)
        for value, label in choices(Variant, "board.variant.", lang)
        if Variant(value) in Variant.LEAVING_THE_GAME
    ]
    if current not in {value for value, _label in offered}:
        offered.append((current, label_of("board.variant.", current, lang)))
    return offered


def quick_control(rows: BoardRows, data: Mapping[str, Any]) -> bool:
    """The quick entry's line, posted: "Alex takes Bianca's creature with 《Mind Control》"
    (:meth:`BoardRows.quick_control`); an unnamed creature is "a creature" in the reader's language."""
    return rows.quick_control(
        by=data["quick_by"],
        card=data["quick_card"],
        how=data["quick_how"],
        owner=data["quick_owner"],
        target=data["quick_target"] or _("a creature"),
    )


def quick_until(rows: BoardRows, data: Mapping[str, Any]) -> bool:
    """The quick entry of a card exiled "until" its source leaves (:meth:`BoardRows.quick_until`); an
    unnamed card is "a card" in the reader's language."""
    return rows.quick_until(
        by=data["until_by"],
        card=data["until_card"],
        how=data["until_how"],
        owner=data["until_owner"],
        target=data["until_target"] or _("a card"),
        commander=data["until_commander"],
    )


def until_choices(lang: str) -> dict[str, list[tuple[str, str]]]:
    """The until table's choices, for the page: when the exile ends, how the cards come back, from where."""
    return {
        "until_ends_choices": choices(UntilEnds, "board.exiled.", lang),
        "until_how_choices": choices(UntilHow, "board.returns.", lang),
        "return_zones": choices(ReturnZone, "board.zone.", lang),
    }


# --------------------------------------------------------------------------- a resolving button


def _button(
    rows: BoardRows, payload: dict[str, Any], action: str
) -> tuple[Callable[[], LeaveGameResult], str] | str:
    """What a resolving button asks the engine, with the heading of its answer; a problem if it names no
    player."""
    if action == END_TURN:
        return (lambda: end_turn_from_payload(payload)), _("The turn ends")
    match = RESOLVE_RE.match(action)
    assert match is not None
    verb, index = match.group(1), int(match.group(2))
    players = payload["turn_order"]
    if index >= len(players):
        return _("There is no player %(number)d to leave the game.") % {"number": index + 1}
    player = players[index]
    if verb == "lose":
        return (
            (lambda: team_loss_from_payload({**payload, "player": player, "reason": rows.reason})),
            _("%(name)s's team loses the game") % {"name": player},
        )
    return (lambda: leave_game_from_payload({**payload, "leaving": player})), _(
        "%(name)s leaves the game"
    ) % {"name": player}


# A problem's field in the engine's payload ("objects[2].owner") -> the page's table of it ("obj").
PAYLOAD_TABLES = {key: prefix for prefix, key in PAYLOAD_KEYS.items()}
PROBLEM_FIELD_RE = re.compile(r"^([a-z_]+)\[(\d{1,4})\](?:\.([a-z_]+))?")
FORM_NAMES = {"from": "from_zone"}  # payload keys the form spells otherwise


def form_field(field: str) -> str | None:
    """The page's field a problem is about ("objects[2].owner" -> "obj-2-owner"), None when none is.

    >>> form_field("objects[2].owner"), form_field("turn_order[1]"), form_field("variant")
    ('obj-2-owner', 'player-1-name', None)
    """
    match = PROBLEM_FIELD_RE.match(field)
    if match is None or match.group(1) not in PAYLOAD_TABLES:
        return None
    prefix, index, name = PAYLOAD_TABLES[match.group(1)], match.group(2), match.group(3)
    if prefix == "player":
        return f"player-{index}-name"
    if name is None or name not in FORMSETS[prefix].form.base_fields and name not in FORM_NAMES:
        return None
    return f"{prefix}-{index}-{FORM_NAMES.get(name, name)}"


def problem_fields(err: RulesError) -> list[str]:
    """The page's fields the engine's problems are about, in the problems' order, each once: the page marks
    them and focuses the first (static/js/leave_game.js)."""
    fields = (form_field(m.field) for m in err.messages if isinstance(m, Message) and m.field)
    return list(dict.fromkeys(f for f in fields if f))


def resolve_button(
    rows: BoardRows, payload: dict[str, Any], problems: list[str], action: str, card_urls: dict[str, str]
) -> tuple[Resolution | None, list[str], list[str]]:
    """Resolve one button on the board: read once, resolved once, presented from the engine's values.
    Returns the resolution, or the problems and the page's fields they are about."""
    asked = _button(rows, payload, action)
    if isinstance(asked, str):
        return None, [asked], []
    compute, title = asked
    try:
        result = compute()
    except RulesError as err:
        return None, problems + present_problems(err), problem_fields(err)
    if problems:
        return None, problems, []
    return present_resolution(result, title=title, card_urls=card_urls), [], []


def json_view(
    action: str,
    payload: Mapping[str, Any] | None,
    *,
    lang: str,
    card_urls: Mapping[str, str],
    fixing: bool,
) -> dict[str, Any]:
    """How the page shows a board's JSON: never as what a reader reads first. The page of a large board's
    JSON ("show-json") reads the board player by player; its JSON is one closed tap away (open only when
    a pasted JSON has problems to fix)."""
    summary = (
        present_board(payload, lang=lang, card_urls=card_urls) if action == SHOW_JSON and payload else None
    )
    return {"board_summary": summary, "json_open": fixing}


# --------------------------------------------------------------------------- the page, bounded


def bounded_page(request: HtmxHttpRequest, context: dict[str, Any], status: int) -> HttpResponse:
    """The leave-game page, at most :data:`MAX_PAGE` bytes whatever the board (issue 22: output bounded).

    A board within the page's limits whose names and texts are as long as their fields take can render
    past 1 MB: every row's fields, and the resolution beside them. Such a board is shown once, as its JSON,
    with its resolution ("Continue" and "Load" post that JSON). If that JSON alone would take half the page,
    the resolution is shown without the board (the browser's Back button has it), and the page says so.
    """
    # The form repeats every value of the board at least once, as its JSON does: a large board whose JSON
    # takes half the page is not rendered as a form only to be found too large.
    half = len(escape(context["board_json"]).encode()) > MAX_PAGE // 2
    if not (context["compact"] and half):
        response = page_or_partial(request, "rulings/leave_game.html", "board", context, status=status)
        if len(response.content) <= MAX_PAGE:
            return response
        if context.get("board_summary") is not None:  # the board as JSON alone, still behind its tap
            context["board_summary"] = None
            response = page_or_partial(request, "rulings/leave_game.html", "board", context, status=status)
            if len(response.content) <= MAX_PAGE:
                return response
        if not context["json_only"] and not half:
            context.update(json_only=True, lean=True)
            response = page_or_partial(request, "rulings/leave_game.html", "board", context, status=status)
            if len(response.content) <= MAX_PAGE:
                return response
    context.update(
        json_only=True,
        lean=False,
        board_json="",
        errors=[
            *context["errors"][:1],
            _(
                "This board is too large to show on a page: go back to change it, shorten its names and "
                "texts, or use the JSON API."
            ),
        ],
    )
    response = page_or_partial(request, "rulings/leave_game.html", "board", context, status=status)
    if len(response.content) <= MAX_PAGE:
        return response
    context["resolution"] = None
    return page_or_partial(request, "rulings/leave_game.html", "board", context, status=400)
