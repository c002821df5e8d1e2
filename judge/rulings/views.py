"""Rulings: leaving a multiplayer game (800.4) on a board you build, and worked rulings step by step.

The board page keeps the whole board in its form and re-renders it on every submit (judge.rulings.forms,
read into rows by judge.rulings.board_rows); with htmx the same form posts to the same URL and only the
board fragment is swapped. Nothing is stored on the server. Every worked ruling step has its own URL;
"previous"/"next" are real links that htmx turns into a swap of the step fragment, and each cited rule
opens its text in a ``<details>``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge.engine.board import Attachment, Ends, ObjectKind, Until, Zone
from judge.engine.citing import current_in
from judge.engine.dtc_game import team_loss_from_payload
from judge.engine.leave_game import leave_game_from_payload
from judge.engine.losses import DTC_TEAM_LOSSES
from judge.engine.messages import msg
from judge.engine.messages import render as render_message
from judge.engine.scenarios import ReplayedStep
from judge.engine.turn_end import end_turn_from_payload
from judge.rulings import selectors
from judge.rulings.board_page import (
    INLINE_JSON,
    QUICK_ENDS,
    SHOW_JSON,
    THEN,
    UPDATE_FULL,
    bounded_page,
    editing_row,
    full_editor_counts,
    full_editor_open,
    json_view,
    link_cards,
    object_fields,
    object_lines,
    player_fields,
    quick_control,
    quick_until,
    resolve_button,
    select_fits,
    until_choices,
    variant_choices,
)
from judge.rulings.board_removal import held_by, removal_step
from judge.rulings.board_rows import BoardRows, oversized
from judge.rulings.forms import END_TURN, MAX_JSON, QUICK_CONTROL, QUICK_UNTIL, RESOLVE_RE
from judge.rulings.presenters import (
    Resolution,
    as_text,
    board_json,
    choices,
    label_of,
    label_rows,
    mappings_in,
    object_card_names,
    object_options,
    present_step,
    scenario_names,
    start_display,
)
from judge.rulings.presenters.notices import rule_notices
from judge.rulings.templatetags.board_tags import options_html
from judge.web.card_finder import card_links
from judge.web.citations import cited_answer, current_rule, current_rules, rule_label, rule_ref_url
from judge.web.json_api import error_response, json_api, json_response, request_language, result_json
from judge.web.presenters import reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

# Far above any real board (2000 objects of a few hundred bytes) and below Django's own 2 MB limit,
# so an oversized body gets this clear answer instead of Django's generic 400 page.
MAX_BODY_BYTES = 1_000_000
# Objects a board may have for the form to offer them in selects; a bigger (pasted) board gets text fields,
# so a 2000-object board does not become millions of <option>s (and the byte budget of board_page).
MAX_SELECT_OPTIONS = 60

# Preset boards: the first board of these worked rulings, without who leaves.
PRESETS: dict[str, tuple[str, Any]] = {
    "mind-control": ("mind-control-alex-leaves", gettext_lazy("Mind Control (example of 800.4a)")),
    "act-of-treason": ("act-of-treason-alex-leaves", gettext_lazy("Act of Treason (example of 800.4a)")),
    "bribery": ("bribery-alex-leaves", gettext_lazy("Bribery (example of 800.4a)")),
    "bribery-act-of-treason": (
        "bribery-act-of-treason-default-controller-leaves",
        gettext_lazy("Bribery, then Act of Treason (800.4c)"),
    ),
    "genesis-chamber": ("genesis-chamber-alex-leaves", gettext_lazy("Genesis Chamber (example of 800.4a)")),
    "astral-slide": ("astral-slide-alex-leaves", gettext_lazy("Astral Slide (example of 800.4d)")),
    "monarch": (
        "monarch-and-initiative-holder-leaves",
        gettext_lazy("The monarch and the initiative (725.4, 726.4)"),
    ),
    "mindslaver": (
        "mindslaver-controller-leaves",
        gettext_lazy("Mindslaver: a player controlling another's turn"),
    ),
    "until-next-turn": (
        "until-next-turn-effect-player-leaves",
        gettext_lazy("An effect until your next turn (800.4m)"),
    ),
    "concede-in-combat": (
        "player-concedes-mid-combat",
        gettext_lazy("A player concedes mid-combat (800.4e)"),
    ),
    "planechase": (
        "planechase-planar-controller-leaves",
        gettext_lazy("Planechase: the planar controller leaves"),
    ),
    "phenomenon": (
        "planechase-phenomenon-ability-owner-leaves",
        gettext_lazy("Planechase: a phenomenon's ability on the stack"),
    ),
    "two-headed-giant": ("two-headed-giant-team-leaves", gettext_lazy("Two-Headed Giant: a team leaves")),
    "dtc": ("dtc-team-leaves", gettext_lazy("Duel Masters Tag Commander: a team loses")),
}
DEFAULT_PRESET = "mind-control"
GROUP_LABELS = {
    selectors.GROUP_LEAVING: gettext_lazy("Leaving the game"),
    selectors.GROUP_DAMAGE: gettext_lazy("Commander damage"),
    selectors.GROUP_COMMANDER: gettext_lazy("Commander tax and color identity"),
    selectors.GROUP_TEAMS: gettext_lazy("Two-Headed Giant"),
    selectors.GROUP_PLANECHASE: gettext_lazy("Planechase"),
    selectors.GROUP_DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
}


# --------------------------------------------------------------------------- the leave-game JSON API


# A pure calculation: it reads the posted board and writes nothing, so there is nothing to forge.
@csrf_exempt
@require_POST
def leave_game_api(request: HtmxHttpRequest) -> JsonResponse:
    """``POST /api/calc/leave-game``: a board plus ``leaving`` in, the resolution out (400 lists every
    problem)."""
    return json_api(
        request,
        limit=MAX_BODY_BYTES,
        compute=lambda payload, lang: result_json(leave_game_from_payload(payload), lang),
    )


@csrf_exempt  # Pure, as above.
@require_POST
def end_turn_api(request: HtmxHttpRequest) -> JsonResponse:
    """``POST /api/calc/end-turn``: a board plus ``turns`` (1 by default) in, the board as the next turn
    begins out."""
    return json_api(
        request,
        limit=MAX_BODY_BYTES,
        compute=lambda payload, lang: result_json(end_turn_from_payload(payload), lang),
    )


@csrf_exempt  # Pure, as above.
@require_POST
def dtc_loss_api(request: HtmxHttpRequest) -> JsonResponse:
    """``POST /api/calc/dtc-loss``: a Duel Masters board plus ``player`` and ``reason`` in, the team's loss
    out."""
    return json_api(
        request,
        limit=MAX_BODY_BYTES,
        compute=lambda payload, lang: result_json(team_loss_from_payload(payload), lang),
    )


# --------------------------------------------------------------------------- the board page


def preset_board(key: str) -> dict[str, Any] | None:
    """A preset board, its players named as the reader's language names them (アレックス on /ja/)."""
    return selectors.preset_board(PRESETS[key][0], reader_language()) if key in PRESETS else None


@require_http_methods(["GET", "POST"])
def leave_game_page(request: HtmxHttpRequest) -> HttpResponse:
    """The board page: GET loads a preset (``?preset=``), POST applies one ``action`` and re-renders."""
    errors: list[str] = []
    resolution: Resolution | None = None
    pasted: str | None = None
    resolving = going_on = False
    invalid: list[str] = []  # the page's fields the engine's problems are about
    asking: int | None = None  # the player whose removal asks what becomes of their objects
    preset = ""
    action = ""
    if request.method == "GET":
        preset = request.GET.get("preset") or DEFAULT_PRESET
        loaded = preset_board(preset)
        if loaded is None:
            errors.append(_("No such preset board: %(name)s") % {"name": preset[:100]})
            preset = DEFAULT_PRESET
            loaded = preset_board(DEFAULT_PRESET) or {}
        rows = BoardRows.from_payload(loaded)
    else:
        rows, form = BoardRows.from_post(request.POST)
        action = form.cleaned_data["action"] or "update"
        # "Continue from this board" on a large board: resolve the same button again and go on from its
        # board (a small board's resolution carries that board as JSON instead).
        going_on = action.startswith(THEN)
        action = action.removeprefix(THEN)
        resolving = action == END_TURN or RESOLVE_RE.match(action) is not None
        errors = list(dict.fromkeys(str(e) for e in form.non_field_errors()))  # more rows than the page takes
        # A large board's resolution may carry its board as JSON only (bounded_page): "Continue" posts that.
        if action == "load-json" or (going_on and "player-TOTAL_FORMS" not in request.POST):
            pasted_board, errors = form.pasted_board()
            if pasted_board is not None and oversized(pasted_board):
                # Refused whole, as the JSON API refuses a board past its limits: no silently cut board.
                errors = oversized(pasted_board)
                pasted_board = None
            if pasted_board is not None:
                rows = BoardRows.from_payload(pasted_board)
            else:
                pasted = form.cleaned_data["board_json"][:MAX_JSON]
                resolving = False
        elif errors:
            resolving = False  # a cut board is shown, not resolved
        elif action in (QUICK_CONTROL, QUICK_UNTIL):
            (quick_control if action == QUICK_CONTROL else quick_until)(rows, form.cleaned_data)
        elif not resolving:
            handled, asking = removal_step(rows.rows, action, form.cleaned_data["give_to"])
            if not handled:
                rows.apply(action)
    payload, problems = rows.payload()
    card_urls = link_cards(rows.objects)
    if resolving:
        resolution, errors, invalid = resolve_button(rows, payload, problems, action, card_urls)
        if going_on and resolution is not None:
            rows, resolution = BoardRows.from_payload(json.loads(resolution.after_json)), None
            payload, problems = rows.payload()
            card_urls = link_cards(rows.objects)
    lang = reader_language()
    label_rows(rows, lang)
    object_lines(rows)
    objects = object_options(rows.objects, lang)
    shown_json = pasted if pasted is not None else board_json(payload)
    player_options = [p["name"] for p in rows.players if p["name"]] + [
        n.strip() for n in rows.left.split(",") if n.strip()
    ]
    context = {
        "rows": rows,
        "management": rows.management_forms(),
        "players": [p["name"] for p in rows.players if p["name"]],
        "player_options": player_options,
        "player_selects": select_fits(player_options, fields=player_fields(rows)),
        "objects": objects,
        "object_ids": [object_id for object_id, _label in objects],
        "player_options_html": options_html([(p, p) for p in player_options]),
        "object_options_html": options_html(objects),
        "target_options_html": options_html(objects + [(p, p) for p in player_options]),
        "object_selects": len(objects) <= MAX_SELECT_OPTIONS
        and select_fits(objects + [(p, p) for p in player_options], fields=object_fields(rows)),
        "full_open": full_editor_open(action, errors),
        # A large board's objects show their quick line, the rest one tap away ("edit-object-3").
        "compact": len(rows.objects) > MAX_SELECT_OPTIONS,
        "editing": editing_row(action),
        "full_counts": full_editor_counts(rows),
        "update_full": UPDATE_FULL,
        "errors": errors,
        "invalid_fields": " ".join(invalid),
        "asking": asking,
        "asking_objects": [rows.objects[i]["label"] for i in held_by(rows.rows, asking)]
        if asking is not None
        else [],
        "give_to_choices": [p["name"] for i, p in enumerate(rows.players) if p["name"] and i != asking],
        "board_json": shown_json,
        # A large board's JSON is a page of its own (one tap), not a second copy of the board on every page.
        "json_inline": len(shown_json) <= INLINE_JSON or pasted is not None,
        "json_only": action == SHOW_JSON and not errors,
        **json_view(action, payload, lang=lang, card_urls=card_urls, fixing=bool(pasted and errors)),
        "action": action,
        # A large board's resolution: no second copy of the board afterwards (its objects are listed).
        "after_inline": resolution is not None and len(resolution.after_json) <= INLINE_JSON,
        "resolution": resolution,
        "preset": preset,
        # A preset's rule numbers are CITED_RELEASE's: named by today's numbers.
        "presets": [(key, current_in(str(label))) for key, (_slug, label) in PRESETS.items()],
        "variants": variant_choices(rows.variant, lang),
        "variant_label": render_message(msg("board.label.variant"), lang),  # as the engine's problems name it
        "kinds": choices(ObjectKind, "board.kind.", lang),
        "zones": choices(Zone, "board.zone.", lang),
        "ends_choices": choices(Ends, "board.ends.", lang),
        "until_choices": choices(Until, "board.until.", lang),
        "quick_ends": [(v, label_of("board.ends.", v, lang)) for v in QUICK_ENDS],
        **until_choices(lang),
        "attachments": choices(Attachment, "board.attachment.", lang),
        "reasons": [(r.value, label_of("leave.reason.", r.value, lang)) for r in DTC_TEAM_LOSSES],
        "page_url": reverse("rulings:leave-game"),
        "rule_labels": rule_labels((s.rule for s in resolution.steps), None, lang) if resolution else {},
    }
    status = (404 if request.method == "GET" else 400) if errors else 200
    response = bounded_page(request, context, status)
    if request.htmx and (resolution or errors):
        # Bring what the player is waiting for into view: the resolution, or the problems above the form.
        response["HX-Reswap"] = (
            "outerHTML show:#lg-result:top" if resolution else "outerHTML show:#lg-errors:top"
        )
    return response


# --------------------------------------------------------------------------- worked rulings


def rule_labels(
    rules: Iterable[str], texts: Mapping[str, selectors.RuleText] | None, lang: str
) -> dict[str, str]:
    """How each cited rule reads (a format document's section by its name, see ``rule_label``)."""
    wanted = [r for r in dict.fromkeys(rules) if ":" in r]
    if texts is None:
        texts = selectors.rule_texts(wanted, lang=lang) if wanted else {}
    return {r: rule_label(r, heading=texts[r].heading if r in texts else "") for r in wanted}


def rule_refs(
    rules: Iterable[str], texts: Mapping[str, selectors.RuleText], lang: str
) -> list[dict[str, Any]]:
    """Cited rules for the ``<details>`` disclosures: number, label, link, and text (when the corpus has it)
    with how a Japanese translation stands to the current rules (for the notice the rule pages show)."""
    refs = []
    for rule in dict.fromkeys(rules):
        shown = current_rule(rule)  # ``rules`` are the scenario file's (CITED_RELEASE's), ``texts`` today's
        found = texts.get(shown)
        refs.append(
            {
                "rule": shown,
                "label": rule_label(rule, heading=found.heading if found else ""),
                "url": rule_ref_url(rule),
                "found": found,
                "notices": rule_notices(shown, found),
            }
        )
    return refs


def _list_item(found: selectors.WorkedRuling, lang: str) -> dict[str, Any]:
    return {
        "slug": found.slug,
        "title": current_in(found.scenario.title.in_(lang)),
        "summary": current_in(found.scenario.summary.in_(lang)),
        "group": found.group,
        "steps": len(found.steps),
        "url": reverse("rulings:scenario-step", args=[found.slug, found.first_step]),
    }


@require_GET
def scenarios_page(request: HtmxHttpRequest) -> HttpResponse:
    lang = reader_language()
    groups = [
        {"key": group, "label": GROUP_LABELS[group], "scenarios": [_list_item(s, lang) for s in items]}
        for group, items in selectors.grouped_scenarios(lang)
    ]
    return render(request, "rulings/scenario_list.html", {"groups": groups})


def _get(slug: str) -> selectors.WorkedRuling:
    found = selectors.scenario(slug=slug, lang=reader_language())
    if found is None:
        raise Http404(_("No such worked ruling."))
    return found


@require_GET
def scenario_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return redirect("rulings:scenario-step", slug=slug, step=_get(slug).first_step)


def _shown_names(replayed: ReplayedStep, cards: Mapping[str, Any]) -> set[str]:
    """The English card names a step can show: the ruling's cards, its boards' objects, a colour identity
    step's cards; the card data says which of them have a card page (one look-up per page)."""
    names = set(cards) | object_card_names(replayed.board_before) | object_card_names(replayed.board_after)
    for payload in (replayed.before or {}, replayed.after or {}):
        for key in ("cards", "results"):
            names.update(as_text(c.get("name")) for c in mappings_in(payload.get(key)))
    return names


@require_GET
def scenario_step_page(request: HtmxHttpRequest, slug: str, step: int) -> HttpResponse:
    """One step of a worked ruling; step 0 is the board it starts from (for a ruling that has one)."""
    found = _get(slug)
    total = len(found.steps)
    if step > total:  # past the last step: the nearest one, the last (every ruling starts at 0)
        return redirect("rulings:scenario-step", slug=slug, step=total)
    lang = reader_language()
    cards = found.scenario.card_names
    if step == 0:
        replayed = None
        start = found.start
        urls = card_links(_shown_names(start, cards)) if start is not None else {}
        display = start_display(start, lang, card_urls=urls)
    else:
        replayed = found.steps[step - 1]
        display = present_step(
            replayed,
            names=scenario_names(found.steps, cards, lang),
            cards=cards,
            lang=lang,
            card_urls=card_links(_shown_names(replayed, cards)),
        )
    step_rules = replayed.step.rules if replayed else ()
    cited = [*step_rules, *found.scenario.rules, *(s.rule for s in display.engine_steps)]
    # The scenario file and the engine cite CITED_RELEASE's numbers; the texts are read by today's.
    texts = selectors.rule_texts(current_rules(cited), lang=lang)

    def url(number: int) -> str:
        return reverse("rulings:scenario-step", args=[slug, number])

    title = current_in(found.scenario.title.in_(lang))
    context = {
        "slug": slug,
        "title": title,
        "page_title": f"{title} ({_('Start') if step == 0 else f'{step}/{total}'}) — {_('Worked rulings')}",
        "summary": current_in(found.scenario.summary.in_(lang)),
        "number": step,
        "total": total,
        "narration": current_in(replayed.step.narration.in_(lang)) if replayed else "",
        "change": replayed.change_text(lang) if replayed else "",
        "step_rules": rule_refs(step_rules, texts, lang),
        "scenario_rules": rule_refs(found.scenario.rules, texts, lang),
        "rule_labels": rule_labels((s.rule for s in display.engine_steps), texts, lang),
        "display": display,
        "previous_url": url(step - 1) if step > found.first_step else None,
        "next_url": url(step + 1) if step < total else None,
        "share_url": request.build_absolute_uri(url(step)),
        "steps_nav": [
            {"number": n, "url": url(n), "current": n == step} for n in range(found.first_step, total + 1)
        ],
    }
    return page_or_partial(request, "rulings/scenario_step.html", "step", context)


# --------------------------------------------------------------------------- the worked rulings' JSON API


def _absolute(request: HtmxHttpRequest, lang: str, viewname: str, *args: Any) -> str:
    with translation.override(lang):
        return request.build_absolute_uri(reverse(viewname, args=args))


@require_GET
def scenarios_api(request: HtmxHttpRequest) -> JsonResponse:
    """``GET /api/scenarios?lang=ja|en``: every worked ruling (slug, title, summary, group, steps, url)."""
    lang = request_language(request)
    items = []
    for found in selectors.all_scenarios(lang):
        item = _list_item(found, lang)
        item["url"] = _absolute(request, lang, "rulings:scenario-step", found.slug, found.first_step)
        item["api"] = request.build_absolute_uri(reverse("rulings-api:scenario", args=[found.slug]))
        items.append(item)
    return json_response({"scenarios": items})


@require_GET
def scenario_api(request: HtmxHttpRequest, slug: str) -> JsonResponse:
    """``GET /api/scenarios/<slug>?lang=ja|en``: one worked ruling with its steps and its cited rules."""
    lang = request_language(request)
    found = selectors.scenario(slug=slug, lang=lang)
    if found is None:
        return error_response([msg("web.no-scenario", slug=slug[:100])], status=404, lang=lang)
    data = cited_answer(found.replayed.to_answer(lang))  # every cited rule in the current numbers
    texts = selectors.rule_texts(data["rules"], lang=lang)
    data["group"] = found.group
    data["url"] = _absolute(request, lang, "rulings:scenario-step", found.slug, found.first_step)
    with translation.override(lang):
        data["rules"] = [
            {
                "rule": rule,
                "url": _rule_url(request, lang, rule),
                **(
                    {
                        "text": texts[rule].text,
                        "lang": texts[rule].lang,
                        # The page's notices (an older translation, its old term), in the reader's language.
                        "notices": [text for _kind, text in rule_notices(rule, texts[rule])],
                    }
                    if rule in texts
                    else {}
                ),
            }
            for rule in data["rules"]
        ]
    return json_response(data)


def _rule_url(request: HtmxHttpRequest, lang: str, rule: str) -> str | None:
    with translation.override(lang):
        url = rule_ref_url(rule)
    return request.build_absolute_uri(url) if url else None
