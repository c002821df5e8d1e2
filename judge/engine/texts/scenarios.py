"""Message texts of the worked rulings (judge.engine.scenarios): the one-line "what changed" of a calculator step."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "scenario.change.tax": {
        "en": "Tax {tax}: the total cost is {total}",
        "ja": "統率者税 {tax}：支払うコストは {total}",
    },
    "scenario.change.planar-die": {
        "en": "This roll of the planar die costs {cost}",
        "ja": "この次元ダイスを振るコストは {cost}",
    },
    "scenario.change.damage-total": {
        "en": "{player} has been dealt {damage} combat damage by {commander}",
        "ja": "{player}が{commander}から受けた戦闘ダメージ：{damage}点",
    },
    "scenario.change.damage-lost": {
        "en": "{player} has been dealt {damage} combat damage by {commander} and loses the game",
        "ja": "{player}は{commander}から{damage}点の戦闘ダメージを受けており、ゲームに敗北する",
    },
    "scenario.change.nobody-loses": {"en": "nobody loses", "ja": "敗北するプレイヤーはいない"},
    "scenario.change.identity": {"en": "{card}: {colors}", "ja": "{card}：{colors}"},
    "scenario.change.deck-legal": {"en": "The deck is legal", "ja": "デッキは適正"},
    "scenario.change.deck-not-legal": {
        "en": "The deck is not legal: {count} problem(s)",
        "ja": "デッキは不適正：問題 {count} 件",
    },
    "scenario.change.deck-unchecked": {
        "en": "Not checked: the deck check needs card data",
        "ja": "未確認：デッキチェックにはカードデータが必要",
    },
    "scenario.change.attack-allowed": {"en": "The attack is allowed", "ja": "この攻撃はできる"},
    "scenario.change.direct-attack": {
        "en": "A direct attack is possible",
        "ja": "ダイレクトアタックができる",
    },
    "scenario.change.attack-refused": {"en": "The attack is not allowed", "ja": "この攻撃はできない"},
    "scenario.change.refused": {
        "en": "The engine refuses this board",
        "ja": "この盤面はルール上ありえないので受け付けられない",
    },
}
