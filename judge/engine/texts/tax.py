"""Message texts of commander tax, the DTC tax and the planar die cost (judge.engine.tax)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "tax.start": {"en": "Start from the mana cost {cost}.", "ja": "マナ・コスト {cost} から始めます。"},
}
