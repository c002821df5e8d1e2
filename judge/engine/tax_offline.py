"""The tax calculator's rules as data, for the page to work the tax out offline (issue 34 item 2).

``static/js/tax-offline.js`` is a port of :mod:`judge.engine.tax`, :mod:`judge.engine.tax_payload` and
the mana reader of :mod:`judge.engine.mana`; every number, name and table those modules decide by is
read here from the modules themselves and sent to the page (``GET /api/calc/tax-texts``,
judge.calc.offline), never written a second time in JavaScript. ``tests/web/test_tax_offline.py``
compares the two on every case.

>>> rules = tax_rules()
>>> rules["tax_per_cast"], rules["fields"]["dtc"]
(2, [['cost', True], ['reduction', False], ['play_number', True]])
>>> rules["mana"]["japanese"]["緑"], rules["ranges"]["play_number"]
('G', [1, 1001])
"""

from __future__ import annotations

from typing import Any

from judge.engine import mana, tax, tax_payload
from judge.engine.errors import MAX_PROBLEMS
from judge.engine.texts import CATALOG
from judge.engine.variants import Variant

#: The catalog's domains whose messages the tax calculator can send: its steps, its problems and what they
#: quote (a field's label, a zone, a format's name).
TEXT_DOMAINS = ("tax", "mana", "input", "variant")


def tax_texts() -> dict[str, dict[str, str]]:
    """Every message the tax calculator can send, code -> {"en", "ja"} templates (str.format fields)."""
    return {code: dict(entry) for code, entry in CATALOG.items() if code.split(".")[0] in TEXT_DOMAINS}


def tax_rules() -> dict[str, Any]:
    """The constants and tables of the tax calculator, as JSON."""
    japanese = {chr(k): v for k, v in mana._JAPANESE_SYMBOLS.items()}
    return {
        "tax_per_cast": tax.TAX_PER_CAST,
        "dtc_min_reduced_cost": tax.DTC_MIN_REDUCED_COST,
        "dtc_rule": tax.DTC_RULE,
        "max_problems": MAX_PROBLEMS,
        "zones": [zone.value for zone in tax_payload.CastZone],
        "command_zone": tax_payload.CastZone.COMMAND_ZONE.value,
        "variants": [variant.value for variant in Variant.TAX_CALCULATOR],
        "commander_rules": [variant.value for variant in Variant if variant.uses_commander_rules],
        "fields": {
            variant.value: [[name, required] for name, required in fields.items()]
            for variant, fields in tax_payload._FIELDS.items()
        },
        "order": list(tax_payload._ORDER),
        "ranges": {name: list(bounds) for name, bounds in tax_payload._RANGES.items()},
        "mana": {
            "colors": list(mana.COLORS),
            "non_mana": sorted(mana.NON_MANA),
            "max_generic": mana.MAX_GENERIC,
            "max_cost_text": mana.MAX_COST_TEXT,
            "max_hybrid_generic": mana.MAX_HYBRID_GENERIC,
            "separators": mana.TYPED_SEPARATORS,
            "symbol": mana.SYMBOL_RE.pattern,
            "typed": mana._TYPED_RE.pattern,
            "japanese": japanese,
        },
    }


__all__ = ["TEXT_DOMAINS", "tax_rules", "tax_texts"]
