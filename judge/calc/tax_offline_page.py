"""The commander tax page's own words, in both languages, for the answer static/js/tax-offline.js writes
offline (issue 34 item 2): the same lines templates/calc/tax.html shows around the engine's steps, a cited
rule's link and name (judge.web.citations), the spoken name of each mana symbol (judge.web.templatetags), all
read from the site's own translations here, so the page offline says what the server says."""

from __future__ import annotations

import functools
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from judge.calc.forms import CAST_ZONES, TAX_VARIANTS, TaxForm
from judge.engine.tax import DTC_RULE
from judge.web.citations import rule_label, rule_ref_url, rule_url_prefix
from judge.web.forms import FlagField, NumberField
from judge.web.templatetags.web_tags import _mana_label

#: The rules a tax step cites that are not a CR number: named and linked as a page names them.
OTHER_RULES = (DTC_RULE,)
FIX_ONE = "Please fix this problem:"
FIX_MANY = "Please fix these %(n)s problems:"


def _words() -> dict[str, str]:
    return {
        "commander_tax": _("Commander tax"),
        "total": _("Total cost"),
        "enter_cost": _("Enter the commander's mana cost for the total cost."),
        "how": _("How it was worked out"),
        "sub_commander": _("Tax: %(n)s generic mana") % {"n": "{n}"},
        "sub_dtc": _("Tax: +%(n)s to the cost (cannot be reduced)") % {"n": "{n}"},
        "sub_planechase": _("Mana to pay to roll: %(n)s") % {"n": "{n}"},
        "fix_one": ngettext(FIX_ONE, FIX_MANY, 1) % {"n": 1},
        "fix_many": ngettext(FIX_ONE, FIX_MANY, 2) % {"n": "{n}"},
        "offline": _("Worked out on this phone without a connection, by the same rules as the site."),
    }


def _calculator(variant: str) -> str:
    """The page's calculator (format tabs, that format's empty form, no answer): what the format switch
    brings (tax_page's ``calculator`` partial)."""
    context = {"variants": TAX_VARIANTS, "zones": CAST_ZONES, "values": {}, "variant": variant, "errors": []}
    return render_to_string("calc/tax.html#calculator", {**context, "result": None}).strip()


@functools.cache
def tax_page_data() -> dict[str, Any]:
    """``{"words", "mana_labels", "rule_links", "calculators"}`` (each ``{lang: ...}``; ``calculators``: the
    calculator of each format, for the format switch offline) and ``"form"``: how the form is read into a
    payload (TaxForm: each format's fields, which are numbers and which are boxes to tick)."""
    words: dict[str, Any] = {}
    labels: dict[str, Any] = {}
    links: dict[str, Any] = {}
    calculators: dict[str, Any] = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            words[lang] = _words()
            labels[lang] = {symbol: _mana_label(symbol) for symbol in "WUBRGC"}
            labels[lang]["N"] = _mana_label("0").replace("0", "{n}", 1)
            labels[lang].update(X=_mana_label("X"), T=_mana_label("T"))
            labels[lang]["H"] = _("%(first)s or %(second)s (hybrid)") % {
                "first": "{first}",
                "second": "{second}",
            }
            labels[lang]["P"] = _("%(mana)s or 2 life (Phyrexian mana)") % {"mana": "{mana}"}
            links[lang] = {
                "prefix": rule_url_prefix(),
                "other": {
                    rule: {"url": rule_ref_url(rule), "label": rule_label(rule)} for rule in OTHER_RULES
                },
            }
            calculators[lang] = {variant: _calculator(variant) for variant, _label in TAX_VARIANTS}
    fields = TaxForm.base_fields
    form = {
        "fields": {variant: list(names) for variant, names in TaxForm.VARIANT_FIELDS.items()},
        "numbers": [name for name, field in fields.items() if isinstance(field, NumberField)],
        "flags": [name for name, field in fields.items() if isinstance(field, FlagField)],
    }
    return {
        "words": words,
        "mana_labels": labels,
        "rule_links": links,
        "calculators": calculators,
        "form": form,
    }
