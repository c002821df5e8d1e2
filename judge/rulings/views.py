"""Rulings: leaving a multiplayer game (800.4) on a board you build, and worked rulings step by step.

The board page keeps the whole board in its form and re-renders it on every submit (judge.rulings.forms);
with htmx the same form posts to the same URL and only the board fragment is swapped. Nothing is stored
on the server. Every worked ruling step has its own URL; "previous"/"next" are real links that htmx
turns into a swap of the step fragment, and each cited rule opens its text in a ``<details>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge.engine.board import Attachment, ObjectKind, Zone
from judge.engine.board_payload import board_from_payload
from judge.engine.errors import RulesError
from judge.engine.leave_game import leave_game_from_payload, resolve_leave_game
from judge.engine.scenarios import Text
from judge.rulings import selectors
from judge.rulings.forms import MAX_JSON, RESOLVE_RE, BoardRows
from judge.rulings.presenters import (
    ATTACHMENT_LABELS,
    KIND_LABELS,
    VARIANT_LABELS,
    ZONE_LABELS,
    Resolution,
    board_json,
    ends_choices,
    present_resolution,
    present_step,
)
from judge.web.citations import rule_ref_url
from judge.web.json_api import json_api, result_json
from judge.web.presenters import present_problems, reader_language
from judge.web.rendering import page_or_partial

# Far above any real board (2000 objects of a few hundred bytes) and below Django's own 2 MB limit,
# so an oversized body gets this clear answer instead of Django's generic 400 page.
MAX_BODY_BYTES = 1_000_000

# Preset boards: the first leave-game step of these worked rulings, without who leaves.
PRESETS: dict[str, tuple[str, Any]] = {
    "mind-control": ("mind-control-alex-leaves", gettext_lazy("Mind Control (example of 800.4a)")),
    "act-of-treason": ("act-of-treason-alex-leaves", gettext_lazy("Act of Treason (example of 800.4a)")),
    "bribery": ("bribery-alex-leaves", gettext_lazy("Bribery (example of 800.4a)")),
    "genesis-chamber": ("genesis-chamber-alex-leaves", gettext_lazy("Genesis Chamber (example of 800.4a)")),
    "astral-slide": ("astral-slide-alex-leaves", gettext_lazy("Astral Slide (example of 800.4d)")),
    "planechase": ("planechase-planar-controller-leaves", gettext_lazy("Planechase: the planar controller leaves")),
    "two-headed-giant": ("two-headed-giant-team-leaves", gettext_lazy("Two-Headed Giant: a team leaves")),
    "dtc": ("dtc-team-leaves", gettext_lazy("Duel Masters Tag Commander: a team leaves")),
}
DEFAULT_PRESET = "mind-control"
GROUP_LABELS = {
    selectors.GROUP_LEAVING: gettext_lazy("Leaving the game"),
    selectors.GROUP_COMMANDER: gettext_lazy("Commander"),
    selectors.GROUP_DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
    selectors.GROUP_PLANECHASE: gettext_lazy("Planechase"),
}


# --------------------------------------------------------------------------- the leave-game JSON API


@csrf_exempt  # A pure calculation: it reads the posted board and writes nothing, so there is nothing to forge.
@require_POST
def leave_game_api(request: HttpRequest) -> JsonResponse:
    """``POST /api/calc/leave-game``: a board plus ``leaving`` in, the resolution out (400 lists every problem)."""
    return json_api(request, limit=MAX_BODY_BYTES,
                    compute=lambda payload, lang: result_json(leave_game_from_payload(payload), lang))


# --------------------------------------------------------------------------- the board page


def preset_board(key: str) -> dict[str, Any] | None:
    return selectors.preset_board(PRESETS[key][0]) if key in PRESETS else None


def _resolve(payload: dict[str, Any], problems: list[str], index: int) -> tuple[Resolution | None, list[str]]:
    """Resolve player ``index`` leaving the board: read once, resolved once, presented from the engine's values."""
    players = payload["turn_order"]
    if index >= len(players):
        return None, [_("There is no player %(number)d to leave the game.") % {"number": index + 1}]
    try:
        board = board_from_payload(payload)
        result = resolve_leave_game(board=board, leaving=players[index])
    except RulesError as err:
        return None, problems + present_problems(err)
    if problems:
        return None, problems
    return present_resolution(board, players[index], result), []


@require_http_methods(["GET", "POST"])
def leave_game_page(request: HttpRequest) -> HttpResponse:
    """The board page: GET loads a preset (``?preset=``), POST applies one ``action`` and re-renders."""
    errors: list[str] = []
    resolution: Resolution | None = None
    pasted: str | None = None
    resolve = None
    preset = ""
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
        resolve = RESOLVE_RE.match(action)
        if action == "load-json":
            pasted_board, errors = form.pasted_board()
            if pasted_board is not None:
                rows = BoardRows.from_payload(pasted_board)
            else:
                pasted = form.cleaned_data["board_json"][:MAX_JSON]
        elif resolve is None:
            rows.apply(action)
    payload, problems = rows.payload()
    if resolve is not None:
        resolution, errors = _resolve(payload, problems, int(resolve.group(1)))
    context = {
        "rows": rows,
        "management": rows.management_forms(),
        "players": [p["name"] for p in rows.players],
        "object_ids": [o["id"] for o in rows.objects if o["id"]],
        "errors": errors,
        "board_json": pasted if pasted is not None else board_json(payload),
        "resolution": resolution,
        "preset": preset,
        "presets": [(key, label) for key, (_slug, label) in PRESETS.items()],
        "variants": [(v.value, label) for v, label in VARIANT_LABELS.items()],
        "kinds": [(k.value, KIND_LABELS[k]) for k in ObjectKind],
        "zones": [(z.value, ZONE_LABELS[z.value]) for z in Zone],
        "ends_choices": ends_choices(reader_language()),
        "attachments": [(a.value, ATTACHMENT_LABELS[a]) for a in Attachment],
        "page_url": reverse("rulings:leave-game"),
    }
    status = (404 if request.method == "GET" else 400) if errors else 200
    response = page_or_partial(request, "rulings/leave_game.html", "board", context, status=status)
    if request.htmx and (resolution or errors):
        # Bring what the player is waiting for into view: the resolution, or the problems above the form.
        response["HX-Reswap"] = "outerHTML show:#lg-result:top" if resolution else "outerHTML show:#lg-errors:top"
    return response


# --------------------------------------------------------------------------- worked rulings


def _in(text: Text, lang: str) -> str:
    return text.ja if lang == "ja" else text.en


def rule_refs(rules: Iterable[str], texts: Mapping[str, selectors.RuleText]) -> list[dict[str, Any]]:
    """Cited rules for the ``<details>`` disclosures: number, link, and text (when the corpus has it)."""
    refs = []
    for rule in rules:
        found = texts.get(rule)
        refs.append({"rule": rule, "url": rule_ref_url(rule), "text": found.text if found else "",
                     "lang": found.lang if found else ""})
    return refs


@require_GET
def scenario_list(request: HttpRequest) -> HttpResponse:
    lang = reader_language()
    groups = [
        {
            "key": group,
            "label": GROUP_LABELS[group],
            "scenarios": [
                {"slug": s.slug, "title": _in(s.scenario.title, lang), "summary": _in(s.scenario.summary, lang),
                 "steps": len(s.steps), "url": reverse("rulings:scenario-step", args=[s.slug, 1])}
                for s in items
            ],
        }
        for group, items in selectors.grouped_scenarios()
    ]
    return render(request, "rulings/scenario_list.html", {"groups": groups})


def _get(slug: str) -> selectors.ReplayedScenario:
    found = selectors.scenario(slug=slug)
    if found is None:
        raise Http404(_("No such worked ruling."))
    return found


@require_GET
def scenario_detail(request: HttpRequest, slug: str) -> HttpResponse:
    _get(slug)
    return redirect("rulings:scenario-step", slug=slug, step=1)


@require_GET
def scenario_step(request: HttpRequest, slug: str, step: int) -> HttpResponse:
    found = _get(slug)
    total = len(found.steps)
    if not 1 <= step <= total:
        raise Http404(_("This worked ruling has no step %(step)d.") % {"step": step})
    lang = reader_language()
    replayed = found.steps[step - 1]
    leave = found.leaves[step - 1]
    display = present_step(replayed, (leave.board, leave.result) if leave else None)
    cited = [*replayed.step.rules, *found.scenario.rules, *(s.rule for s in display.engine_steps)]
    texts = selectors.rule_texts(cited, lang=lang)

    def url(number: int) -> str:
        return reverse("rulings:scenario-step", args=[slug, number])

    context = {
        "slug": slug,
        "title": _in(found.scenario.title, lang),
        "summary": _in(found.scenario.summary, lang),
        "number": step,
        "total": total,
        "narration": _in(replayed.step.narration, lang),
        "step_rules": rule_refs(replayed.step.rules, texts),
        "scenario_rules": rule_refs(found.scenario.rules, texts),
        "display": display,
        "previous_url": url(step - 1) if step > 1 else None,
        "next_url": url(step + 1) if step < total else None,
        "share_url": request.build_absolute_uri(url(step)),
        "steps_nav": [{"number": n, "url": url(n), "current": n == step} for n in range(1, total + 1)],
    }
    return page_or_partial(request, "rulings/scenario_step.html", "step", context)
