"""Where a cited rule points: one table for engine steps, scenarios, search results and pages.

A CR number opens its rule page; a format-document anchor ("commander:2",
"dtc:commander-tax") opens that section of the document's page.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import get_language, gettext

from judge.engine.rule_numbers import DOC_ANCHOR, is_cr_number

# Format-document anchor prefix -> (document slug, section anchor prefix for numbered sections).
DOC_ANCHORS = {"commander": ("commander-rules", "rule-"), "dtc": ("dtc", "")}
# The DTC deck-check rule ids (engine.dm.RULE_IDS) are not document anchors: each cites the DTC section
# stating it.
DOC_ALIASES = {
    "dtc:singleton": "dtc:deck-basics",
    "dtc:main-deck-only": "dtc:deck-basics",
    "dtc:commander-creature": "dtc:commander",
    "dtc:commander-rarity": "dtc:commander",
    "dtc:commander-all-civilizations": "dtc:commander",
    "dtc:commander-hall-of-fame": "dtc:commander",
    "dtc:deck-size": "dtc:main-deck",
    "dtc:civilizations": "dtc:main-deck",
    "dtc:civilization-minimum": "dtc:main-deck",
    "dtc:banned": "dtc:banned",
    "dtcs:team-singleton": "dtc:dtcs",
    "dtcs:commander-civilizations": "dtc:dtcs",
    "dtb:deck-size": "dtc:dtb",
    "dtb:card-pool": "dtc:dtb",
}


def doc_section(citation: str) -> tuple[str, str] | None:
    """("commander-rules", "rule-2") for "commander:2"; None for a CR number or an unknown prefix."""
    citation = DOC_ALIASES.get(citation, citation)
    if not DOC_ANCHOR.match(citation):
        return None
    prefix, _, anchor = citation.partition(":")
    slug, numbered = DOC_ANCHORS[prefix]
    return slug, (numbered + anchor if numbered and anchor.isdigit() else anchor)


def rule_ref_url(rule: str) -> str | None:
    """The page a step's, problem's or scenario's cited rule points to; None if it points nowhere."""
    if is_cr_number(rule):
        return reverse("rules:detail", args=[rule])
    section = doc_section(rule)
    if section is None:
        return None
    slug, anchor = section
    return reverse("rules:doc-detail", args=[slug]) + "#" + anchor


def rule_label(rule: str, *, heading: str = "") -> str:
    """How a page names a cited rule, in the reader's language: a CR number as it is; a format document's
    point by the document and the point ("Commander rules 2", "DTC house rules: win loss", 「統率者戦ルール
    9」,
    「DTC ハウスルール：勝利/敗北条件」), never an internal anchor like "dtc:singleton". ``heading`` is the
    section's own heading (the DTC document is Japanese), shown to a Japanese reader.
    """
    if is_cr_number(rule) or not rule:
        return rule
    prefix, _, anchor = rule.partition(":")
    japanese = (get_language() or "").startswith("ja")
    if prefix == "commander":
        return (
            gettext("Commander rules %(point)s") % {"point": anchor}
            if anchor.isdigit()
            else gettext("Commander rules")
        )
    if prefix in ("dtc", "dtcs", "dtb"):
        name = gettext("DTC house rules")
        if japanese:
            return f"{name}：{heading}" if heading else name
        return f"{name}: {anchor.replace('-', ' ')}" if anchor else name
    if rule == "banned:brawl":
        return gettext("Brawl banned list")
    if prefix == "lookup":
        return gettext("card data")
    return rule
    prefix, _, anchor = rule.partition(":")
    if prefix == "commander":
        return (
            gettext("Commander rules %(point)s") % {"point": anchor}
            if anchor.isdigit()
            else gettext("Commander rules")
        )
    if prefix in ("dtc", "dtcs", "dtb"):
        return gettext("DTC house rules")
    if rule == "banned:brawl":
        return gettext("Brawl banned list")
    if prefix == "lookup":
        return gettext("card data")
    return rule
