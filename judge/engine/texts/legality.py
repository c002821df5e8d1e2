"""Message texts of the legality check (judge.engine.legality) and of deck checks run without card data."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "legality.banned": {
        "en": "{card} is banned in {format} ({source})",
        "ja": "{card}は{format}で禁止されています（{source}）",
    },
    "legality.not-legal": {
        "en": "{card} is not legal in {format} ({source})",
        "ja": "{card}は{format}では使えません（{source}）",
    },
    "legality.banned-as-companion": {
        "en": "{card} is banned as a companion in {format} ({source})",
        "ja": "{card}は{format}では相棒として使うことが禁止されています（{source}）",
    },
    "legality.checked": {
        "en": "Legality in {format} checked against the card data ({source})",
        "ja": "{format}で使えるかどうかをカード・データ（{source}）で確認しました",
    },
    "legality.checked-cross": {
        "en": "Legality in {format} checked against the card data ({source}; cross-checked with {cross})",
        "ja": "{format}で使えるかどうかをカード・データ（{source}。{cross} とも照合）で確認しました",
    },
    "legality.sources-differ": {
        "en": "{source} and {cross} disagree about: {cards}; the answer follows {source}",
        "ja": "{source} と {cross} で扱いが違うカード：{cards}。{source} に従って判定しました",
    },
    "legality.unknown": {
        "en": "The card data ({source}) gives no legality for: {cards}; not checked",
        "ja": "カード・データ（{source}）に使用可否が載っていないカード：{cards}。確認していません",
    },
    "legality.not-checked": {
        "en": "Card legality was not checked: this site has no list of Magic cards to check them against yet.",
        "ja": "カードが使えるかどうか（禁止カードなど）は確認していません。このサイトには、照らし合わせるマジックの"
        "カードの一覧がまだありません。",
    },
    "legality.needs-card-data": {
        "en": "Checked without the list of Magic cards: the card count, repeated names and the number of "
        "commanders only. Card names, banned cards, color identity, the commander's type and the companion "
        "need that list, which this site does not have yet.",
        "ja": "マジックのカードの一覧なしで確認したのは、枚数、同じ名前のカード、統率者の数だけです。"
        "カード名、禁止カード、固有色、統率者になれるか、相棒の確認にはその一覧が必要ですが、"
        "このサイトにはまだありません。",
    },
    "legality.copies-unchecked": {
        "en": "{count} copies of {card}: a deck holds one copy of each card, except basic lands and cards whose "
        "text allows more",
        "ja": "{card}が {count} 枚あります。デッキには各カード1枚までです（基本土地と、文章でそれ以上を"
        "認めているカードを除きます）",
    },
}
