"""Message texts of mana costs as players type them (judge.engine.mana)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "mana.label.mana-cost": {"en": "Mana cost", "ja": "マナ・コスト"},
    "mana.not-a-symbol": {
        "en": "{label}: {symbol} is not a mana symbol.",
        "ja": "{label}：{symbol} はマナ・シンボルではありません。",
    },
    "mana.unreadable": {
        "en": "{label}: “{text}” can't be read as mana symbols; write it like 3GG, 2WU/B or {{3}}{{G}}{{G}}.",
        "ja": "{label}：「{text}」はマナ・シンボルとして読めません。3GG、2WU/B、{{3}}{{G}}{{G}} のように入力してください。",
    },
    "mana.too-long": {
        "en": "{label}: longer than {high} characters.",
        "ja": "{label}：{high} 文字を超えています。",
    },
    "mana.too-large": {
        "en": "{label}: {symbol} is more generic mana than any cost can have (at most {high}).",
        "ja": "{label}：{symbol} は不特定マナが多すぎます（{high} まで）。",
    },
    "mana.variable-reduction": {
        "en": "{label}: {symbol} can't be part of a cost reduction.",
        "ja": "{label}：{symbol} はコストの軽減には使えません。",
    },
    # colours, as letters in English (W U B R G) and as 白 青 黒 赤 緑 in Japanese
    "mana.color.W": {"en": "W", "ja": "白"},
    "mana.color.U": {"en": "U", "ja": "青"},
    "mana.color.B": {"en": "B", "ja": "黒"},
    "mana.color.R": {"en": "R", "ja": "赤"},
    "mana.color.G": {"en": "G", "ja": "緑"},
    "mana.colorless": {"en": "colorless", "ja": "無色"},
    "mana.color-list": {"en": "{first}, {rest}", "ja": "{first}・{rest}"},
    "mana.color-words": {"en": "{first} {rest}", "ja": "{first}{rest}"},
    "mana.color-letters": {"en": "{first}{rest}", "ja": "{first}{rest}"},
}
