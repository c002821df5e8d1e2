"""Judge calculators: commander tax, commander damage, colour identity, deck checks.

Each calculator is a pure engine function (judge/engine) behind two doors:

- a JSON API at ``/api/calc/...`` (POST a JSON object, get a JSON object; 400 listing every
  problem), for bots and scripts;
- a page inside ``i18n_patterns`` with a real form that works without JavaScript; with htmx only
  what changes is swapped (the ``result`` partial; the ``calculator`` partial for the tax page's
  format switch and the commander damage table). Pure calculations use GET, so a result is a
  shareable URL; the pages taking long pasted text (identity, deck) also accept POST.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import push_url

from judge.calc.forms import (
    CAST_ZONES,
    DAMAGE_VARIANTS,
    DECK_VARIANTS,
    DM_DECKS,
    MTG_DECKS,
    TAX_VARIANTS,
    DamageTable,
    DeckForm,
    IdentityForm,
    TaxForm,
)
from judge.calc.presenters import (
    ShownCardProblem,
    ShownIdentity,
    present_batch,
    present_damage,
    present_deck,
    present_identity,
    present_unknown,
)
from judge.cards import selectors as card_selectors
from judge.cards.services import check_deck
from judge.engine import damage, deck, identity, tax
from judge.engine.deck_types import SuggestionBudget
from judge.engine.decklist import parse_decklist
from judge.engine.errors import RulesError
from judge.engine.identity_payload import given_by_name_only
from judge.engine.messages import msg
from judge.web.json_api import MAX_VALUES, json_api, result_json
from judge.web.presenters import present_problems, present_steps, reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

#: Request bodies: the colour identity API takes up to identity.MAX_CARDS (1,000) full Scryfall card
#: objects (a few KB each, up to ~8 KB with every face and link), above the site-wide
#: DATA_UPLOAD_MAX_MEMORY_SIZE, so it reads its body itself up to this cap.
IDENTITY_MAX_BODY = 8 * 1024 * 1024
#: ... and up to ~200 values each (legalities, prices, faces, links).
IDENTITY_MAX_VALUES = 250_000
#: A deck check body holds one decklist (1 MB at most, decklist.MAX_BYTES) plus JSON escaping.
DECK_MAX_BODY = 8 * 1024 * 1024
#: How many results a page shows; the JSON API returns all of them.
PAGE_MAX_CARDS = 500


def no_card_data() -> str:
    """One line, in the reader's language, with the command that gets the card data."""
    return msg("web.no-card-data").text(reader_language())


Compute = Callable[[dict[str, Any], str], Mapping[str, Any]]  # (payload, language of the texts) -> answer


def _api(
    request: HtmxHttpRequest, limit: int, compute: Compute, max_values: int = MAX_VALUES
) -> JsonResponse:
    """The shared JSON door (json_api)."""
    return json_api(request, limit=limit, compute=compute, max_values=max_values)


def _page(request: HtmxHttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    """The full page (400 when the input has problems), or with htmx only its result fragment."""
    return page_or_partial(request, template, "result", context, status=400 if context.get("errors") else 200)


def _form_data(request: HtmxHttpRequest) -> QueryDict | None:
    """POST data, or GET parameters; None when a posted form is over the size limit (found here, or before
    the view by the CSRF check: judge.web.views.bad_request then calls the view with ``form_too_large``)."""
    if request.method != "POST":
        return request.GET
    if getattr(request, "form_too_large", False):
        return None
    try:
        return request.POST
    except RequestDataTooBig:
        return None


# --------------------------------------------------------------------------- commander tax


@require_GET
def tax_page(request: HtmxHttpRequest) -> HttpResponse:
    """The chosen format's fields only, so the answer fits a phone's first screen. The format switch is a
    link (with htmx it swaps the whole calculator); the form answers by GET, so a result is a link too."""
    form = TaxForm(request.GET)
    variant = request.GET.get("variant", "commander")
    context: dict[str, Any] = {
        "variants": TAX_VARIANTS,
        "zones": CAST_ZONES,
        "values": form.shown(200),
        "variant": variant if variant in TaxForm.VARIANT_FIELDS else "commander",
        "errors": [],
        "result": None,
    }
    if form.is_valid() and form.submitted():
        payload = form.payload()
        # The number of casts alone (a search's answer card: 「統率者税 2回」) answers the tax itself, +{4};
        # the total needs the mana cost.
        tax_only = payload["variant"] in ("commander", "brawl") and "mana_cost" not in payload
        if tax_only and "previous_casts" in payload:
            payload["mana_cost"] = "{0}"
        try:
            result = tax.calculate_tax(payload)
        except RulesError as err:
            context["errors"] = present_problems(err)
        else:
            # Without a mana cost the steps of the cost itself (601.2f: "starts at {0}") would only confuse.
            steps = [s for s in result.steps if s.rule != "601.2f"] if tax_only else list(result.steps)
            context.update(
                result=result,
                steps=present_steps(steps),
                total_is_mana=isinstance(result.total_cost, str),
                tax_only=tax_only,
            )
    partial = "calculator" if request.htmx and request.htmx.target == "tax-calculator" else "result"
    return page_or_partial(
        request, "calc/tax.html", partial, context, status=400 if context["errors"] else 200
    )


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def tax_api(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request,
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
        lambda data, lang: result_json(tax.calculate_tax(data), lang),
    )


# --------------------------------------------------------------------------- commander damage


@require_GET
def damage_page(request: HtmxHttpRequest) -> HttpResponse:
    """The commander x player table. Every tap is a GET of the whole table plus the tap; without JavaScript
    it redirects to the table's own URL (a reload never taps twice), with htmx the calculator is swapped
    and that URL pushed."""
    table = DamageTable(request.GET)
    query = table.query()
    url = f"{request.path}?{query}"
    if (
        not request.htmx
        and "seats" in request.GET
        and not table.problems
        and request.GET.urlencode() != query
    ):
        return redirect(url)  # a tap or a resize applied, zeros dropped: the table's own URL
    result = None
    errors = list(table.problems)
    if not errors:
        try:
            result = damage.calculate_commander_damage(table.payload())
        except RulesError as err:
            errors = present_problems(err)
    context = {
        "variants": DAMAGE_VARIANTS,
        "table": table,
        "errors": errors,
        "shown": present_damage(table, result),
        "setup_open": not any(s.name for s in table.seats),
    }
    response = page_or_partial(
        request, "calc/damage.html", "calculator", context, status=400 if errors else 200
    )
    if request.htmx:
        push_url(response, url)
    return response


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def damage_api(request: HtmxHttpRequest) -> JsonResponse:
    return _api(
        request,
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
        lambda data, lang: result_json(damage.calculate_commander_damage(data), lang),
    )


# --------------------------------------------------------------------------- colour identity


def _identity_api(data: dict[str, Any], lang: str) -> dict[str, Any]:
    return _identify(data).to_answer(lang)


def _identify(data: object) -> identity.IdentityBatch:
    """The batch's identities; a card given by name alone is looked up in the card data, as the page's name
    box does (never read as a card with empty fields)."""
    raw = data.get("cards") if isinstance(data, Mapping) else None
    names = (
        [c["name"].strip() for c in raw if given_by_name_only(c)]
        if isinstance(raw, list) and len(raw) <= identity.MAX_CARDS
        else []
    )
    lookup = card_selectors.name_lookup(names) if names else None
    legality = card_selectors.legality_data() if lookup is not None else None
    return identity.identify_cards(data, lookup=lookup, source=legality.source if legality else None)


@require_http_methods(["GET", "POST"])
def identity_page(request: HtmxHttpRequest) -> HttpResponse:
    """Names looked up in the card data (English or Japanese) and pasted card JSON: each card's identity,
    and in the place of a card that has none (unknown name, unreadable JSON) its problems."""
    params = _form_data(request)
    has_cards = card_selectors.has_cards()
    context: dict[str, Any] = {
        "values": {"names": "", "cards_json": "", **dict.fromkeys(IdentityForm.PRINTED, "")},
        "errors": [],
        "entries": None,
        "has_cards": has_cards,
        "no_card_data": no_card_data(),
        "hidden": 0,
    }
    if params is None:
        context["errors"] = [_("The text is too long; paste fewer cards at once.")]
        return _page(request, "calc/identity.html", context)
    form = IdentityForm(params)
    context["values"] = form.shown(100_000)
    form.is_valid()  # reads both boxes; pasted JSON that does not parse is the form's own problem
    names_text = form.cleaned_data["names"]
    typed = any(str(form.data.get(name, "")).strip() for name in IdentityForm.PRINTED)
    if not names_text and not typed and not form.data.get("cards_json", "").strip():
        return _page(request, "calc/identity.html", context)
    entries: list[ShownIdentity | ShownCardProblem] = []
    errors: list[str] = []
    if names_text:
        try:
            names = list(dict.fromkeys(entry.name for entry in parse_decklist(text=names_text).entries))
        except RulesError as err:
            errors.extend(present_problems(err))
            names = []
        if names and not has_cards:
            # Nothing the reader can fix in the names: say what is missing and offer the printed fields.
            context["needs_printed"] = names[0]
            if not form.cleaned_data.get("card_name"):
                context["values"]["card_name"] = names[0]
        elif names:
            pool = card_selectors.card_pool(names)
            budget = SuggestionBudget()
            for name in names:
                unknown: list[deck.Problem] = []
                card = deck.lookup(pool, name, unknown, budget)
                entries.append(
                    present_identity(identity.color_identity(card=card), card)
                    if card
                    else present_unknown(name, unknown)
                )
            skipped = budget.note()
            if skipped is not None:
                errors.append(skipped.render(reader_language()))
    errors.extend(form.problems())
    try:
        printed = form.printed_card()
    except RulesError as err:
        errors.extend(present_problems(err))
        printed = None
    if printed is not None:
        entries.extend(present_batch(_identify({"cards": [printed]})))
    if form.cleaned_data.get("cards_json"):
        try:
            entries.extend(present_batch(_identify(form.payload())))
        except RulesError as err:
            errors.extend(present_problems(err))
    context["errors"] = errors
    context["entries"] = entries[:PAGE_MAX_CARDS]
    context["hidden"] = max(0, len(entries) - PAGE_MAX_CARDS)
    return _page(request, "calc/identity.html", context)


identity_page.reads_too_large_forms = True  # type: ignore[attr-defined]  # judge.web.views.bad_request


@csrf_exempt  # a pure calculation: no state, no cookies read, nothing a forged request could change
@require_POST
def identity_api(request: HtmxHttpRequest) -> JsonResponse:
    return _api(request, IDENTITY_MAX_BODY, _identity_api, IDENTITY_MAX_VALUES)


# --------------------------------------------------------------------------- deck check


def _deck_api(data: dict[str, Any], lang: str) -> dict[str, Any]:
    result = check_deck(data)
    answer = result.to_answer(lang)
    if data.get("variant") in MTG_DECKS:
        answer["identity"] = list(result.identity)
    return answer


@require_http_methods(["GET", "POST"])
def deck_page(request: HtmxHttpRequest) -> HttpResponse:
    """A submitted deck is always checked, an empty one too: the check says what to paste."""
    params = _form_data(request)
    context: dict[str, Any] = {
        "variants": DECK_VARIANTS,
        "variant": "commander",
        "errors": [],
        "result": None,
        "values": {"decklist": "", "commanders": "", "teammate": ""},
        "has_cards": card_selectors.has_cards(),
        "no_card_data": no_card_data(),
    }
    if params is None:
        context["errors"] = [_("The decklist is too long: decklists over 1 MB are refused.")]
        return _page(request, "calc/deck.html", context)
    form = DeckForm(params)
    variant = params.get("variant", "commander")
    context.update(variant=variant, is_dm=variant in DM_DECKS, values=form.shown(1_100_000))
    if "variant" not in params:
        return _page(request, "calc/deck.html", context)
    form.is_valid()  # reads and normalises; the deck check judges
    try:
        result = check_deck(form.payload())
    except RulesError as err:
        context["errors"] = present_problems(err)
    else:
        context["result"] = present_deck(result)
    return _page(request, "calc/deck.html", context)


deck_page.reads_too_large_forms = True  # type: ignore[attr-defined]  # judge.web.views.bad_request


@csrf_exempt  # a pure check against read-only card data: no state, nothing a forged request could change
@require_POST
def deck_api(request: HtmxHttpRequest) -> JsonResponse:
    """``{"variant": "commander"|"brawl", "decklist": "...", "commanders": [...]}`` or
    ``{"variant": "dtc"|"dtcs"|"dtb", "decklist": "...", "decks": [...]}`` (judge.engine.deck_payload) ->
    ``{"legal", "problems": [{"code", "rule", "text", "card"}], "notes", "identity"?}``.
    """
    return _api(request, DECK_MAX_BODY, _deck_api)


# --------------------------------------------------------------------------- index


@require_GET
def index_page(request: HtmxHttpRequest) -> HttpResponse:
    return render(
        request, "calc/index.html", {"has_cards": card_selectors.has_cards(), "no_card_data": no_card_data()}
    )
