"""Worked rulings, step by step: each scenario of ``rules_data/scenarios`` replayed through the engine.

Every step has its own URL (shareable); "previous"/"next" are real links that htmx turns into a swap of
the step fragment (``hx-get`` + ``hx-push-url``). Each cited rule opens its text in place with a
``<details>`` disclosure, which needs no JavaScript and no inline style.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge import scenario_selectors
from judge.engine.scenarios import ReplayedStep, Text
from judge.web.citations import rule_ref_url
from judge.views.leave_game import board_view, names_of, outcome_view, steps_view

GROUP_LABELS = {
    scenario_selectors.GROUP_LEAVING: gettext_lazy("Leaving the game"),
    scenario_selectors.GROUP_COMMANDER: gettext_lazy("Commander"),
    scenario_selectors.GROUP_DTC: gettext_lazy("Duel Masters Tag Commander (DTC)"),
    scenario_selectors.GROUP_PLANECHASE: gettext_lazy("Planechase"),
}
# Field names of the engine's inputs and results, as shown in the before/after tables.
KEY_LABELS = {
    "variant": gettext_lazy("Variant"),
    "mana_cost": gettext_lazy("Mana cost"),
    "previous_casts": gettext_lazy("Previous casts from the command zone"),
    "reduction": gettext_lazy("Cost reduction"),
    "cost": gettext_lazy("Cost"),
    "play_number": gettext_lazy("Play from the command zone, number"),
    "rolls_this_turn": gettext_lazy("Planar die rolls already made this turn"),
    "tax_generic": gettext_lazy("Tax"),
    "total_cost": gettext_lazy("Cost to pay"),
    "players": gettext_lazy("Players"),
    "commanders": gettext_lazy("Commanders"),
    "events": gettext_lazy("Events"),
    "totals": gettext_lazy("Commander damage totals"),
    "lost": gettext_lazy("Lost the game"),
    "cards": gettext_lazy("Cards"),
    "identity": gettext_lazy("Color identity"),
    "name": gettext_lazy("Name"),
    "type_line": gettext_lazy("Type line"),
    "player": gettext_lazy("Player"),
    "commander": gettext_lazy("Commander"),
    "damage": gettext_lazy("Damage"),
    "rule": gettext_lazy("Rule"),
    "id": gettext_lazy("Id"),
    "owner": gettext_lazy("Owner"),
    "source": gettext_lazy("Source"),
    "target": gettext_lazy("Target"),
    "amount": gettext_lazy("Amount"),
    "combat": gettext_lazy("Combat damage"),
    "controller": gettext_lazy("Controller"),
    "kind": gettext_lazy("Kind"),
    "prevented": gettext_lazy("Prevented"),
}
HIDDEN_KEYS = {"steps", "explanation"}  # shown as the engine's explained steps instead


def _lang() -> str:
    return "ja" if (get_language() or "").startswith("ja") else "en"


def _in(text: Text, lang: str) -> str:
    return text.ja if lang == "ja" else text.en


def rule_refs(rules: Iterable[str], texts: Mapping[str, scenario_selectors.RuleText]) -> list[dict[str, Any]]:
    """Cited rules for the ``<details>`` disclosures: number, link, and text (when the corpus has it)."""
    refs = []
    for rule in rules:
        found = texts.get(rule)
        refs.append({"rule": rule, "url": rule_ref_url(rule), "text": found.text if found else "",
                     "lang": found.lang if found else ""})
    return refs


# --------------------------------------------------------------------------- before / after, for display


def _label(key: str) -> str:
    return str(KEY_LABELS.get(key, key.replace("_", " ")))


def _cell(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (str, int, float)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return ", ".join(str(v) for v in value) or "—"
    return json.dumps(value, ensure_ascii=False)


def key_values(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A generic rendering of an engine input or result: scalars as text, lists of objects as tables."""
    items = []
    for key, value in data.items():
        if key in HIDDEN_KEYS:
            continue
        entry: dict[str, Any] = {"key": key, "label": _label(key)}
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            columns = [k for k in dict.fromkeys(k for v in value for k in v) if k not in HIDDEN_KEYS]
            entry["columns"] = [_label(c) for c in columns]
            entry["rows"] = [[_cell(v.get(c)) for c in columns] for v in value]
        else:
            entry["text"] = _cell(value)
        items.append(entry)
    return items


def _identity_cards(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, str]]:
    cards_in = [c for c in before.get("cards", []) if isinstance(c, Mapping)]
    cards_out = [c for c in after.get("cards", []) if isinstance(c, Mapping)]
    rows = []
    for index, card in enumerate(cards_out):
        given = cards_in[index] if index < len(cards_in) else {}
        faces = [f for f in given.get("card_faces", []) if isinstance(f, Mapping)]
        costs = " // ".join(str(f.get("mana_cost") or "—") for f in faces) if faces else given.get("mana_cost")
        identity = card.get("identity") or []
        rows.append({
            "name": str(card.get("name", "")),
            "mana_cost": str(costs or "—"),
            "type_line": str(given.get("type_line", "")),
            "identity": " ".join(identity) if identity else _("colorless"),
        })
    return rows


def step_display(replayed: ReplayedStep) -> dict[str, Any]:
    """What the step page shows of the engine's before and after."""
    kind = replayed.step.kind
    before = replayed.before or {}
    after = replayed.after or {}
    display: dict[str, Any] = {"kind": kind, "has_action": kind is not None}
    if kind is None:
        return display
    names = names_of(before) if replayed.board_before is not None else {}
    display["engine_steps"] = steps_view([s.to_json(_lang()) for s in replayed.engine_steps], names)
    if replayed.error is not None:
        display["error"] = replayed.error.render(_lang())
    if kind in ("leave-game", "end-turn", "dtc-loss"):
        display["board"] = board_view(before)
        if "error" not in after:
            display["outcome"] = outcome_view(before, after)
    elif kind == "color-identity":
        display["cards"] = _identity_cards(before, after)
    else:
        display["before"] = key_values(before)
        if "error" not in after:
            display["after"] = key_values(after)
    return display


# --------------------------------------------------------------------------- views


@require_GET
def scenario_list(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    groups = [
        {
            "key": group,
            "label": GROUP_LABELS[group],
            "scenarios": [
                {"slug": s.slug, "title": _in(s.scenario.title, lang), "summary": _in(s.scenario.summary, lang),
                 "steps": len(s.steps), "url": reverse("scenario-step", args=[s.slug, 1])}
                for s in items
            ],
        }
        for group, items in scenario_selectors.grouped_scenarios()
    ]
    return render(request, "scenarios/list.html", {"groups": groups})


def _get(slug: str) -> scenario_selectors.ReplayedScenario:
    found = scenario_selectors.scenario(slug=slug)
    if found is None:
        raise Http404(_("No such worked ruling."))
    return found


@require_GET
def scenario_detail(request: HttpRequest, slug: str) -> HttpResponse:
    _get(slug)
    return redirect("scenario-step", slug=slug, step=1)


def _step_urls(slug: str, number: int, total: int) -> tuple[str | None, str | None]:
    previous = reverse("scenario-step", args=[slug, number - 1]) if number > 1 else None
    following = reverse("scenario-step", args=[slug, number + 1]) if number < total else None
    return previous, following


@require_GET
def scenario_step(request: HttpRequest, slug: str, step: int) -> HttpResponse:
    found = _get(slug)
    total = len(found.steps)
    if not 1 <= step <= total:
        raise Http404(_("This worked ruling has no step %(step)d.") % {"step": step})
    lang = _lang()
    replayed = found.steps[step - 1]
    display = step_display(replayed)
    cited: Sequence[str] = [*replayed.step.rules, *found.scenario.rules,
                            *(s["rule"] for s in display.get("engine_steps", []))]
    texts = scenario_selectors.rule_texts(cited, lang=lang)
    previous, following = _step_urls(slug, step, total)
    url = reverse("scenario-step", args=[slug, step])
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
        "previous_url": previous,
        "next_url": following,
        "share_url": request.build_absolute_uri(url),
        "steps_nav": [
            {"number": n, "url": reverse("scenario-step", args=[slug, n]), "current": n == step}
            for n in range(1, total + 1)
        ],
    }
    template = "scenarios/step.html#step" if request.htmx else "scenarios/step.html"
    return render(request, template, context)


scenario_urlpatterns = [
    path("scenarios/", scenario_list, name="scenario-list"),
    path("scenarios/<slug:slug>/", scenario_detail, name="scenario-detail"),
    path("scenarios/<slug:slug>/<int:step>/", scenario_step, name="scenario-step"),
]
