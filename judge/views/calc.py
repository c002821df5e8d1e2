"""Judge calculators: commander tax, commander damage, colour identity, deck checks.

Each calculator is a pure engine function (judge/engine) behind two doors:

- a JSON API at ``/api/calc/...`` (POST a JSON object, get a JSON object;
  400 ``{"errors": [...]}`` listing every problem), for bots and scripts;
- a page inside ``i18n_patterns`` with a real form that works without
  JavaScript; with htmx only the result fragment (``#result`` partial) is
  swapped. Pure calculations use GET, so a result is a shareable URL; the
  pages taking long pasted text (identity, deck) also accept POST.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from judge.cards import selectors as card_selectors
from judge.cards.services import DM_DECK_VARIANTS, MTG_DECK_VARIANTS, NoCardData, check_deck
from judge.engine import damage, deck, dm, identity, tax
from judge.engine.cards import normalise_name
from judge.engine.decklist import Decklist, DecklistEntry, Section, parse_decklist
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.steps import Step
from judge.web.citations import rule_ref_url
from judge.web.json_api import json_api, json_response

#: Request bodies: the colour identity API takes up to 20 000 full card objects in one request,
#: far above the site-wide DATA_UPLOAD_MAX_MEMORY_SIZE, so it reads its body itself up to this cap.
IDENTITY_MAX_BODY = 64 * 1024 * 1024
#: A deck check body holds one decklist (1 MB at most, decklist.MAX_BYTES) plus JSON escaping.
DECK_MAX_BODY = 8 * 1024 * 1024
#: How many results a page shows; the JSON API returns all of them.
PAGE_MAX_CARDS = 500
NO_CARD_DATA = gettext_lazy(
    "No card data has been imported yet, so Magic cards can't be looked up by name. "
    "The site's operator can import it with: python manage.py import_cards FILE "
    "(the Scryfall “Oracle Cards” bulk file or MTGJSON AtomicCards.json).")
NO_CARD_DATA_API = ("no card data imported: run `python manage.py import_cards FILE` with the Scryfall "
                    "\"Oracle Cards\" bulk file or MTGJSON AtomicCards.json")

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



# --------------------------------------------------------------------------- shared helpers


def _steps(steps: tuple[Step, ...] | list[Step]) -> list[dict[str, Any]]:
    return [{"rule": s.rule, "text": s.text, "url": rule_ref_url(s.rule)} for s in steps]


def _api(request: HttpRequest, limit: int, compute: Any) -> JsonResponse:
    """The shared JSON door (json_api), plus 503 while no card data has been imported."""
    try:
        return json_api(request, limit=limit, compute=compute)
    except NoCardData:
        return json_response({"errors": [NO_CARD_DATA_API]}, status=503)


def _page(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    """The full page, or with htmx only its result fragment.

    Problems in the input make the full page a 400; the htmx fragment stays 200 because
    htmx does not swap error responses, and the problems are the answer to show.
    """
    if request.htmx:
        return render(request, f"{template}#result", context)
    return render(request, template, context, status=400 if context.get("errors") else 200)


def _form_data(request: HttpRequest) -> QueryDict | None:
    """POST data, or GET parameters; None when a posted form is over the size limit."""
    if request.method != "POST":
        return request.GET
    try:
        return request.POST
    except RequestDataTooBig:
        return None


# --------------------------------------------------------------------------- commander tax


TAX_FIELDS = ("mana_cost", "previous_casts", "reduction", "cost", "play_number", "rolls_this_turn")
#: The form fields each variant reads; the others on the page are ignored for it.
TAX_FORM_FIELDS = {
    "commander": ("mana_cost", "previous_casts", "reduction"),
    "brawl": ("mana_cost", "previous_casts", "reduction"),
    "dtc": ("cost", "reduction", "play_number"),
    "planechase": ("rolls_this_turn", "two_headed_giant"),
}


def tax_payload(params: QueryDict) -> dict[str, Any]:
    """Form fields -> the engine's JSON payload: only the variant's fields, numbers as ints.

    A field left empty is left out (the engine reports it when it is required); a number
    that doesn't parse is passed on as text, for the engine to report with the field's range.
    """
    variant = params.get("variant", "")
    payload: dict[str, Any] = {"variant": variant}
    for name in TAX_FORM_FIELDS.get(variant, ()):
        if name == "two_headed_giant":
            payload[name] = params.get(name) in ("1", "on", "true")
            continue
        # NFKC: a Japanese keyboard types ｛３｝｛Ｇ｝ and １２; the engine reads ASCII.
        raw = unicodedata.normalize("NFKC", params.get(name, "")).strip()
        if not raw:
            continue
        if name == "mana_cost":
            payload[name] = raw
            continue
        try:
            payload[name] = int(raw)
        except ValueError:
            payload[name] = raw[:40]
    return payload


@require_GET
def tax_page(request: HttpRequest) -> HttpResponse:
    params = request.GET
    context: dict[str, Any] = {
        "variants": TAX_VARIANTS,
        "values": {name: params.get(name, "")[:200] for name in TAX_FIELDS},
        "variant": params.get("variant", "commander"),
        "two_headed_giant": params.get("two_headed_giant") in ("1", "on", "true"),
        "errors": [],
        "result": None,
    }
    if "variant" in params:
        try:
            result = tax.calculate_tax(tax_payload(params))
        except RulesError as err:
            context["errors"] = list(err.problems)
        else:
            context["result"] = {
                "tax": result.tax_generic,
                "total": result.total_cost,
                "is_mana": isinstance(result.total_cost, str),
                "steps": _steps(result.steps),
            }
    return _page(request, "calc/tax.html", context)


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def tax_api(request: HttpRequest) -> JsonResponse:
    return _api(request, settings.DATA_UPLOAD_MAX_MEMORY_SIZE, lambda data: tax.calculate_tax(data).as_dict())


# --------------------------------------------------------------------------- commander damage


_EVENT_RE = re.compile(r"^(?P<source>.+?)\s*(?:->|→|=>)\s*(?P<target>.+?)\s+(?P<amount>[0-9]{1,9})(?P<rest>(?:\s+.*)?)$")
_GAIN_RE = re.compile(r"^(?P<target>.+?)\s+(?:gains?|\+)\s*(?P<amount>[0-9]{1,9})(?:\s+life)?$", re.IGNORECASE)
_OPTION_WORDS = ("combat", "noncombat", "prevented", "controller")
MAX_FORM_LINES = 2000


@dataclass
class DamageForm:
    """The commander damage page's three text boxes, read into the engine's JSON payload."""

    payload: dict[str, Any]
    problems: list[str] = field(default_factory=list)
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)  # commander id -> (name, owner)


def _lines(text: str) -> list[tuple[int, str]]:
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines()[:MAX_FORM_LINES], start=1)]
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


def damage_form(params: QueryDict) -> DamageForm:
    """Read players (comma or line separated), commanders (``name | owner``) and damage lines.

    A damage line is ``Rafiq -> Bianca 10`` followed by ``combat`` (the default) or
    ``noncombat``, ``prevented 6`` and ``controller Carol`` in any order;
    ``Bianca gains 5 life`` records life gain (which changes nothing).
    """
    problems: list[str] = []
    players = [p.strip() for p in re.split(r"[,\n、，]", params.get("players", "")) if p.strip()]
    commanders: list[dict[str, str]] = []
    labels: dict[str, tuple[str, str]] = {}
    for number, line in _lines(params.get("commanders", "")):
        name, bar, owner = line.replace("｜", "|").partition("|")
        if not bar or not name.strip() or not owner.strip():
            problems.append(_("Commanders, line %(line)d: write the commander's name, then | and its owner")
                            % {"line": number})
            continue
        owner = _canonical(owner.strip(), players)
        ident = name.strip()
        commanders.append({"id": ident, "owner": owner, "name": ident})
        labels[ident] = (ident, owner)
    ids = [c["id"] for c in commanders]
    events: list[dict[str, Any]] = []
    # NFKC turns full-width digits, spaces and －＞ into the ASCII the line format is written in
    # (names are still matched with width forgiven, see _canonical).
    for number, line in _lines(unicodedata.normalize("NFKC", params.get("events", ""))):
        gain = _GAIN_RE.match(line)
        match = _EVENT_RE.match(line)
        if gain and not match:
            events.append({"kind": "life-gain", "target": _canonical(gain["target"], players),
                           "amount": int(gain["amount"])})
            continue
        if not match:
            problems.append(_("Damage, line %(line)d: write it like “Rafiq -> Bianca 10 combat”")
                            % {"line": number})
            continue
        source = _canonical(match["source"].strip(), ids)
        if source not in ids:
            problems.append(_("Damage, line %(line)d: %(name)s is not one of the commanders listed above")
                            % {"line": number, "name": source})
            continue
        event: dict[str, Any] = {"source": source, "target": _canonical(match["target"].strip(), players),
                                 "amount": int(match["amount"]), "combat": True}
        if not _read_options(match["rest"].split(), event, players):
            problems.append(_("Damage, line %(line)d: after the amount, write combat, noncombat, "
                              "prevented N or controller NAME") % {"line": number})
            continue
        events.append(event)
    payload = {"variant": params.get("variant", "commander"), "players": players,
               "commanders": commanders, "events": events}
    return DamageForm(payload=payload, problems=problems, labels=labels)


@require_GET
def damage_page(request: HttpRequest) -> HttpResponse:
    params = request.GET
    context: dict[str, Any] = {
        "variants": DAMAGE_VARIANTS,
        "variant": params.get("variant", "commander"),
        "values": {name: params.get(name, "")[:20_000] for name in ("players", "commanders", "events")},
        "errors": [],
        "result": None,
    }
    if "variant" in params:
        form = damage_form(params)
        errors = list(form.problems)
        if not errors:
            try:
                result = damage.calculate_commander_damage(form.payload)
            except RulesError as err:
                errors = list(err.problems)
            else:
                lost = {(loss.player, loss.commander): loss for loss in result.lost}
                context["result"] = {
                    "brawl": result.variant is tax.Variant.BRAWL,
                    "totals": [
                        {"player": t.player, "commander": form.labels[t.commander][0],
                         "owner": form.labels[t.commander][1], "damage": t.damage,
                         "lost": (t.player, t.commander) in lost,
                         "percent": min(100, round(100 * t.damage / damage.COMMANDER_DAMAGE_LIMIT))}
                        for t in result.totals
                    ],
                    "lost": [
                        {"player": loss.player, "commander": form.labels[loss.commander][0],
                         "damage": loss.damage, "rule": loss.rule, "url": rule_ref_url(loss.rule)}
                        for loss in result.lost
                    ],
                    "steps": _steps(result.steps),
                }
        context["errors"] = errors
    return _page(request, "calc/damage.html", context)


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def damage_api(request: HttpRequest) -> JsonResponse:
    return _api(request, settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
                lambda data: damage.calculate_commander_damage(data).as_dict())


# --------------------------------------------------------------------------- colour identity


def _identity_api(data: dict[str, Any]) -> dict[str, Any]:
    unknown = [key for key in data if key != "cards"]
    if unknown:
        raise InvalidInputError([f"{key}: unknown field (expected: cards)" for key in unknown])
    return {"results": [r.as_dict() for r in identity.identify_cards(data)]}


def _pasted_cards(text: str) -> dict[str, Any]:
    """Pasted JSON: one card object, a list of them, a Scryfall list page or ``{"cards": [...]}``."""
    try:
        data = json.loads(text)
    except ValueError as err:
        raise InvalidInputError([_("Card JSON: not valid JSON (%(error)s)") % {"error": err}]) from err
    if isinstance(data, list):
        return {"cards": data}
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return {"cards": data["cards"]}
    if isinstance(data, dict) and isinstance(data.get("data"), list):
        return {"cards": data["data"]}
    return {"cards": [data]}


def _identity_row(result: identity.IdentityResult) -> dict[str, Any]:
    return {"name": result.name, "identity": result.identity, "steps": _steps(result.explanation)}


@require_http_methods(["GET", "POST"])
def identity_page(request: HttpRequest) -> HttpResponse:
    params = _form_data(request)
    context: dict[str, Any] = {"values": {"names": "", "cards_json": ""}, "errors": [], "results": None,
                               "unknown": [], "has_cards": card_selectors.has_cards(), "hidden": 0}
    if params is None:
        context["errors"] = [_("The text is too long; paste fewer cards at once.")]
        return _page(request, "calc/identity.html", context)
    names_text = params.get("names", "")
    json_text = params.get("cards_json", "")
    context["values"] = {"names": names_text[:100_000], "cards_json": json_text[:100_000]}
    if not names_text.strip() and not json_text.strip():
        return _page(request, "calc/identity.html", context)
    results: list[identity.IdentityResult] = []
    errors: list[str] = []
    if names_text.strip():
        try:
            names = [entry.name for entry in parse_decklist(text=names_text).entries]
        except RulesError as err:
            errors.extend(err.problems)
            names = []
        if names and not context["has_cards"]:
            errors.append(str(NO_CARD_DATA))
        elif names:
            cards, unknown = card_selectors.cards_by_name(list(dict.fromkeys(names)))
            results.extend(identity.color_identity(card=card) for card in cards)
            context["unknown"] = [{"name": n, "suggestions": s} for n, s in unknown]
    if json_text.strip():
        try:
            results.extend(identity.identify_cards(_pasted_cards(json_text)))
        except RulesError as err:
            errors.extend(err.problems)
    context["errors"] = errors
    context["results"] = [_identity_row(r) for r in results[:PAGE_MAX_CARDS]]
    context["hidden"] = max(0, len(results) - PAGE_MAX_CARDS)
    return _page(request, "calc/identity.html", context)


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def identity_api(request: HttpRequest) -> JsonResponse:
    return _api(request, IDENTITY_MAX_BODY, _identity_api)


# --------------------------------------------------------------------------- deck check


def _deck_api(data: dict[str, Any]) -> dict[str, Any]:
    result = check_deck(data)
    answer = result.as_dict()
    answer["notes"] = [{"rule": n.rule, "text": n.text} for n in result.notes]
    if data.get("variant") in MTG_DECK_VARIANTS:
        answer["identity"] = list(result.identity)
    return answer


@require_http_methods(["GET", "POST"])
def deck_page(request: HttpRequest) -> HttpResponse:
    params = _form_data(request)
    context: dict[str, Any] = {"variants": DECK_VARIANTS, "variant": "commander", "errors": [], "result": None,
                               "values": {"decklist": "", "commanders": "", "teammate": ""},
                               "has_cards": card_selectors.has_cards(), "no_card_data": False}
    if params is None:
        context["errors"] = [_("The decklist is too long: decklists over 1 MB are refused.")]
        return _page(request, "calc/deck.html", context)
    variant = params.get("variant", "commander")
    context["variant"] = variant
    context["is_dm"] = variant in DM_DECK_VARIANTS
    context["values"] = {name: params.get(name, "")[:1_100_000] for name in ("decklist", "commanders", "teammate")}
    if "variant" not in params or not (params.get("decklist", "").strip() or params.get("teammate", "").strip()):
        return _page(request, "calc/deck.html", context)
    data: dict[str, Any] = {"variant": variant, "decklist": params.get("decklist", "")}
    if variant in MTG_DECK_VARIANTS:
        data["commanders"] = [c.strip() for c in re.split(r"[\n|]", params.get("commanders", "")) if c.strip()][:3]
    elif params.get("teammate", "").strip():
        data["decks"] = [params["teammate"]]
    try:
        result = check_deck(data)
    except NoCardData:
        context["no_card_data"] = True
        context["errors"] = [str(NO_CARD_DATA)]
    except RulesError as err:
        context["errors"] = list(err.problems)
    else:
        context["result"] = {
            "legal": result.legal,
            "identity": result.identity,
            "problems": [{"card": p.card, "rule": p.rule, "message": p.message, "url": rule_ref_url(p.rule)}
                         for p in result.problems],
            "notes": _steps(result.notes),
        }
    return _page(request, "calc/deck.html", context)


@csrf_exempt  # a pure check against read-only card data: no state, nothing a forged request could change
@require_POST
def deck_api(request: HttpRequest) -> JsonResponse:
    """``{"variant": "commander"|"brawl", "decklist": "...", "commanders": [...]}`` or
    ``{"variant": "dtc"|"dtcs"|"dtb", "decklist": "...", "decks": [...]}`` (hand-entered Duel Masters
    cards, see judge.engine.dm) -> ``{"legal", "problems": [{"card", "rule", "message"}], "notes"}``.
    """
    return _api(request, DECK_MAX_BODY, _deck_api)


# --------------------------------------------------------------------------- index


@require_GET
def index_page(request: HttpRequest) -> HttpResponse:
    return render(request, "calc/index.html", {"has_cards": card_selectors.has_cards()})


calc_api_urlpatterns = [
    path("api/calc/tax", tax_api, name="api-calc-tax"),
    path("api/calc/commander-damage", damage_api, name="api-calc-damage"),
    path("api/calc/color-identity", identity_api, name="api-calc-identity"),
    path("api/calc/deck-check", deck_api, name="api-calc-deck"),
]
calc_urlpatterns = [
    path("calc/", index_page, name="calc-index"),
    path("calc/tax/", tax_page, name="calc-tax"),
    path("calc/commander-damage/", damage_page, name="calc-damage"),
    path("calc/color-identity/", identity_page, name="calc-identity"),
    path("calc/deck-check/", deck_page, name="calc-deck"),
]
