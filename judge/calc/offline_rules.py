"""What the commander damage and colour identity pages need to answer offline (issue 34 item 2), as one JSON
(``GET /api/calc/offline-rules``) that static/js/damage-offline.js and static/js/identity-offline.js read once
online and the service worker keeps: the engine's message catalog for the codes they speak (steps and
problems, both languages), the engine's limits and tables, the cited rules' links and names, and the pages'
few labels. Everything is read from the engine and the translation catalog here, never written twice."""

from __future__ import annotations

import inspect
import re
from types import ModuleType
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from judge.calc import forms as calc_forms
from judge.engine import cards, cards_payload, damage, damage_payload, damage_records, identity, mana, payload
from judge.engine.citing import current_in
from judge.engine.errors import MAX_PROBLEMS
from judge.engine.messages import SHOWN_CHARS
from judge.engine.texts import CATALOG
from judge.engine.variants import Variant
from judge.web.citations import rule_label, rule_ref_url

#: The message code families the two ports speak (their steps and every problem their readers report).
PREFIXES = ("input.", "variant.", "damage.", "identity.", "mana.", "cards.")
_RULE = re.compile(r"""rule=["']([^"']+)["']""")
_PERCENT = re.compile(r"%\((\w+)\)[sd]")


def cited_rules(*modules: ModuleType) -> list[str]:
    """Every rule the modules' steps and problems cite (``rule="903.10a"`` in their source)."""
    found: dict[str, None] = {}
    for module in modules:
        found.update(dict.fromkeys(_RULE.findall(inspect.getsource(module))))
    return list(found)


def rule_links(rules: list[str]) -> dict[str, dict[str, dict[str, str | None]]]:
    """Each rule's page and name as a step shows it (judge.web.citations), in both languages."""
    links: dict[str, dict[str, dict[str, str | None]]] = {}
    for rule in rules:
        links[rule] = {}
        for lang in ("ja", "en"):
            with translation.override(lang):
                links[rule][lang] = {"url": rule_ref_url(rule), "label": rule_label(rule)}
    return links


def braced(text: str) -> str:
    """A translated string's ``%(name)s`` / ``%(name)d`` fields as the ports fill them, ``{name}``."""
    return _PERCENT.sub(r"{\1}", text)


def problem_heads() -> dict[str, str]:
    """The head of a list of problems (templates/calc/_errors.html), for one problem and for ``{n}``."""
    one, many = "Please fix this problem:", "Please fix these %(n)s problems:"
    return {"fix_one": ngettext(one, many, 1) % {"n": 1}, "fix_many": braced(ngettext(one, many, 2))}


def damage_labels() -> dict[str, dict[str, str]]:
    labels = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            labels[lang] = {
                "player": braced(_("Player %(number)d")),
                "commander": braced(_("%(player)s's commander")),
                "cell": braced(
                    _("Damage to %(player)s from %(commander)s: write a whole number from 0 to %(high)d.")
                ),
                "odd": _(
                    "Two-Headed Giant: teams are two players each, so the number of players must be even."
                ),
                "loses": braced(_("%(player)s loses: %(damage)s combat damage from %(commander)s")),
                "team_loses": braced(_("Team %(team)s (%(players)s) loses")),
                "team": braced(_("Team %(n)s")),
                "brawl": _("Brawl: nobody loses to commander damage"),
                "nobody": _("Nobody has lost to commander damage"),
                "commander_small": _("commander"),
                "how": _("How it was worked out"),
                "offline": _("Worked out on this phone without a connection, by the same rules as the site."),
                **problem_heads(),
            }
    return labels


def damage_tables() -> dict[str, Any]:
    """The limits of judge.engine.damage_records and judge.calc.forms, and the formats it takes."""
    return {
        "limit": damage.COMMANDER_DAMAGE_LIMIT,
        "max_players": damage_records.MAX_PLAYERS,
        "max_commanders_per_player": damage_records.MAX_COMMANDERS_PER_PLAYER,
        "max_events": damage_records.MAX_EVENTS,
        "max_amount": damage_records.MAX_AMOUNT,
        "max_name": damage_records.MAX_NAME,
        "variants": [v.value for v in Variant.DAMAGE_CALCULATOR],
        "commander_fields": list(damage_payload._COMMANDER_FIELDS),
        "damage_fields": list(damage_payload._DAMAGE_FIELDS),
        "life_gain_fields": list(damage_payload._LIFE_GAIN_FIELDS),
        "max_problems": MAX_PROBLEMS,
        "shown_chars": SHOWN_CHARS,
        "max_text": payload.MAX_TEXT,
        "table": {
            "default_seats": calc_forms.DEFAULT_SEATS,
            "min_seats": calc_forms.MIN_SEATS,
            "max_seats": calc_forms.MAX_SEATS,
            "max_damage": calc_forms.MAX_DAMAGE,
            "max_name": calc_forms.MAX_NAME,
        },
    }


#: The one line a card name (or card JSON) gets offline: the card data is on the server.
NEEDS_CONNECTION = gettext_lazy(
    "Looking a card up by its name needs a connection. To work it out on this phone, type what is printed on "
    "the card (mana cost, type line, rules text) in the fields below its name."
)


def identity_labels() -> dict[str, dict[str, Any]]:
    labels: dict[str, dict[str, Any]] = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            labels[lang] = {
                "typed": _("The card typed in"),
                "why": _("Why"),
                "needs": str(NEEDS_CONNECTION),
                "offline": _("Worked out on this phone without a connection, by the same rules as the site."),
                "colors": {
                    "W": _("white"),
                    "U": _("blue"),
                    "B": _("black"),
                    "R": _("red"),
                    "G": _("green"),
                    "C": _("colorless"),
                },
                # A step's mana symbols as the site draws them (judge.web.templatetags.web_tags.mana_symbols).
                "mana": {
                    "N": braced(_("%(amount)s generic mana")),
                    "W": _("white mana"),
                    "U": _("blue mana"),
                    "B": _("black mana"),
                    "R": _("red mana"),
                    "G": _("green mana"),
                    "C": _("colorless mana"),
                    "X": _("X generic mana"),
                    "T": _("tap symbol"),
                    "H": braced(_("%(first)s or %(second)s (hybrid)")),
                    "P": braced(_("%(mana)s or 2 life (Phyrexian mana)")),
                },
                **problem_heads(),
            }
    return labels


def identity_tables() -> dict[str, Any]:
    """The tables of judge.engine.mana, judge.engine.cards and the page's printed fields (IdentityForm)."""
    form = calc_forms.IdentityForm
    return {
        "colors": list(mana.COLORS),
        "color_words": {name: letter for letter, name in mana.COLOR_NAMES.items()},
        "non_mana": sorted(mana.NON_MANA),
        "max_generic": mana.MAX_GENERIC,
        "max_cost_text": mana.MAX_COST_TEXT,
        "japanese_symbols": {chr(code): str(letter) for code, letter in mana._JAPANESE_SYMBOLS.items()},
        "quotes": {chr(code): str(to) for code, to in cards._QUOTES.items()},
        "basic_land_types": dict(cards.BASIC_LAND_TYPES),
        "max_card_text": cards_payload.MAX_TEXT,
        "fields": {name: form.base_fields[name].limit for name in form.PRINTED},  # type: ignore[attr-defined]
    }


def offline_rules() -> dict[str, Any]:
    # The texts' rule numbers in the current release's (judge.engine.citing), as the engine renders them.
    texts = {
        code: {lang: current_in(text) for lang, text in entry.items()}
        for code, entry in CATALOG.items()
        if code.startswith(PREFIXES)
    }
    rules = cited_rules(damage, damage_records, damage_payload, identity, mana, cards)
    return {
        "texts": texts,
        # Every cited rule's page and name, a CR rule's by its current number (judge.web.citations): the
        # ports cite the engine's numbers, which a later release may renumber.
        "rules": rule_links(rules),
        "damage": {**damage_tables(), "page": damage_labels()},
        "identity": {**identity_tables(), "page": identity_labels()},
    }


@require_GET
def offline_rules_api(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(offline_rules(), json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-cache"
    return response
