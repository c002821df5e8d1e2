"""Message texts of card records read from Scryfall-shaped JSON (judge.engine.cards_payload)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- labels: which card, which face, which field
    "cards.label.cards": {"en": "Cards", "ja": "カード"},
    "cards.label.card": {"en": "Card {number}", "ja": "{number}枚目のカード"},
    "cards.label.a-card": {"en": "Card", "ja": "カード"},
    "cards.label.named": {"en": "{name}", "ja": "《{name}》"},
    "cards.label.in-file": {"en": "card {number} of the file", "ja": "ファイルの{number}枚目のカード"},
    "cards.label.face": {"en": "{card}, face {number}", "ja": "{card}の{number}番目の面"},
    "cards.label.field": {"en": "{card}: {part}", "ja": "{card}の{part}"},
    "cards.field.name": {"en": "name", "ja": "カード名"},
    "cards.field.layout": {"en": "layout", "ja": "レイアウト"},
    "cards.field.mana_cost": {"en": "mana cost", "ja": "マナ・コスト"},
    "cards.field.type_line": {"en": "type line", "ja": "タイプ行"},
    "cards.field.oracle_text": {"en": "rules text", "ja": "ルール・テキスト"},
    "cards.field.colors": {"en": "colors", "ja": "色"},
    "cards.field.color_indicator": {"en": "color indicator", "ja": "色指標"},
    "cards.field.card_faces": {"en": "faces", "ja": "面"},
    "cards.field.japanese_names": {"en": "Japanese names", "ja": "日本語名"},
    # --- problems
    "cards.text-too-long": {
        "en": "{label}: longer than {high} characters.",
        "ja": "{label}：{high} 文字を超えています。",
    },
    "cards.not-colors": {
        "en": "{label}: a list of colour letters W U B R G.",
        "ja": "{label}：色を表す文字 W U B R G のリストで指定してください。",
    },
    "cards.bad-colors": {
        "en": "{label}: {values} is not a colour; use W U B R G.",
        "ja": "{label}：{values} は色ではありません。W U B R G を使ってください。",
    },
    "cards.faces": {
        "en": "{label}: a list of 1 to {high} faces.",
        "ja": "{label}：1〜{high} 個の面のリストで指定してください。",
    },
    "cards.names": {"en": "{label}: a list of names.", "ja": "{label}：名前のリストで指定してください。"},
}
