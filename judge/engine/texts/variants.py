"""The formats' names (judge.engine.variants.Variant.label), official Japanese names where Magic has them."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "variant.commander": {"en": "Commander", "ja": "統率者戦"},
    "variant.brawl": {"en": "Brawl", "ja": "ブロール"},
    "variant.free-for-all": {"en": "Free-for-All", "ja": "無差別戦"},
    "variant.two-headed-giant": {"en": "Two-Headed Giant", "ja": "双頭巨人戦"},
    "variant.planechase": {"en": "Planechase", "ja": "プレインチェイス戦"},
    "variant.grand-melee": {"en": "Grand Melee", "ja": "グランド・メレー"},
    "variant.dtc": {"en": "Duel Masters Tag Commander (DTC)", "ja": "デュエマ・タッグ・コマンダー（DTC）"},
    "variant.dtcs": {"en": "DTC: Source (DTCS)", "ja": "デュエマ・タッグ・コマンダー：ソース（DTCS）"},
    "variant.dtb": {"en": "Duel Masters Tag Brawl (DTB)", "ja": "デュエマ・タッグ・ブロール（DTB）"},
    "variant.label": {"en": "Format", "ja": "フォーマット"},
}
