"""Message texts of Duel Masters decks typed in by hand and the Tag Commander deck rules (judge.engine.dm).

Japanese uses the Duel Masters words (文明, バトルゾーン, シールド, 殿堂, プレミアム殿堂,
超GRゾーン, 超次元ゾーン, 統率領域), not Magic's.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- names
    "dm.card": {"en": "{name}", "ja": "《{name}》"},
    "dm.civ.light": {"en": "light", "ja": "光"},
    "dm.civ.water": {"en": "water", "ja": "水"},
    "dm.civ.darkness": {"en": "darkness", "ja": "闇"},
    "dm.civ.fire": {"en": "fire", "ja": "火"},
    "dm.civ.nature": {"en": "nature", "ja": "自然"},
    "dm.civ.zero": {"en": "zero", "ja": "ゼロ"},
    "dm.civ-list": {"en": "{first}/{rest}", "ja": "{first}/{rest}"},
    "dm.label.deck": {"en": "Deck", "ja": "デッキ"},
    "dm.label.line": {"en": "Line {line}", "ja": "{line}行目"},
    "dm.label.card": {"en": "Card", "ja": "カード"},
    "dm.label.deck-line": {"en": "Deck {number}, line {line}", "ja": "デッキ{number}の{line}行目"},
    "dm.label.team-deck": {"en": "Deck {number}", "ja": "デッキ{number}"},
    # --- typed-in cards and decks
    "dm.line-format": {
        "en": "{label}: write name | civilizations | rarity | type [| tags]",
        "ja": "{label}：カード名 | 文明 | レアリティ | 種類 [| タグ] の形で書いてください",
    },
    "dm.no-name": {"en": "{label}: no card name", "ja": "{label}：カード名がありません"},
    "dm.unknown-civilization": {
        "en": "{label}: unknown civilization '{word}' (use 光 水 闇 火 自然 ゼロ)",
        "ja": "{label}：「{word}」という文明はありません（光 水 闇 火 自然 ゼロ のいずれか）",
    },
    "dm.no-civilization": {
        "en": "{label}: no civilization (write ゼロ for a zero-civilization card)",
        "ja": "{label}：文明がありません（ゼロ文明のカードは「ゼロ」と書きます）",
    },
    "dm.zero-combined": {
        "en": "{label}: ゼロ can't be combined with other civilizations",
        "ja": "{label}：ゼロ文明は他の文明と組み合わせられません",
    },
    "dm.unknown-rarity": {
        "en": "{label}: unknown rarity '{rarity}'",
        "ja": "{label}：「{rarity}」というレアリティはありません",
    },
    "dm.no-type": {"en": "{label}: no card type", "ja": "{label}：カードの種類がありません"},
    "dm.unknown-tag": {
        "en": "{label}: unknown tag '{tag}'",
        "ja": "{label}：「{tag}」というタグはありません",
    },
    "dm.count-range": {
        "en": "{label}: a count must be 1 to 999",
        "ja": "{label}：枚数は1〜999にしてください",
    },
    "dm.too-long": {"en": "{label}: longer than 1 MB", "ja": "{label}：1 MB を超えています"},
    "dm.too-many-lines": {
        "en": "{label}: {count} lines is over the limit of {high}",
        "ja": "{label}：{count} 行は上限の {high} 行を超えています",
    },
    "dm.one-commander": {"en": "Only one commander card can be marked", "ja": "統率者は1枚だけです"},
    "dm.empty-deck": {
        "en": "{label}: no cards. Paste the deck one card per line as “count name | civilizations | rarity | "
        "type”, for example “4 ボルシャック・ドラゴン | 火 | VR | クリーチャー”; put the commander under a line "
        "“統率者” and the other cards under a line “デッキ”.",
        "ja": "{label}：カードがありません。デッキを1行に1枚ずつ「枚数 カード名 | 文明 | レアリティ | 種類」の形"
        "（例：「4 ボルシャック・ドラゴン | 火 | VR | クリーチャー」）で貼り付けてください。統率者は「統率者」の行の"
        "下に、残りのカードは「デッキ」の行の下に書きます。",
    },
    # --- Tag Commander deck rules
    "dm.no-commander": {"en": "No commander is marked", "ja": "統率者が指定されていません"},
    "dm.commander-not-creature": {
        "en": "The commander {card} is not a creature",
        "ja": "統率者{card}はクリーチャーではありません",
    },
    "dm.commander-rarity": {
        "en": "The commander {card} has rarity {rarity}, not SR or higher",
        "ja": "統率者{card}のレアリティ {rarity} は SR 以上ではありません",
    },
    "dm.commander-all-civilizations": {
        "en": "The commander {card} has every civilization",
        "ja": "統率者{card}は全ての文明を持っています",
    },
    "dm.commander-hall-of-fame": {
        "en": "{card} is in the hall of fame (one per deck), so it can't be the commander",
        "ja": "殿堂カード{card}は統率者に選べません",
    },
    "dm.dtcs-commander-civilizations": {
        "en": "DTCS: the commander {card} has three or more civilizations ({civilizations})",
        "ja": "DTCS の統率者{card}の文明が3つ以上です（{civilizations}）",
    },
    "dm.deck-size": {
        "en": "The deck has {total} cards including the commander; it must have exactly {size}",
        "ja": "デッキは統率者を含めて {total} 枚です。{size} 枚ちょうどにしてください",
    },
    "dm.singleton": {
        "en": "{count} copies of {card}; a deck may have one card of each name",
        "ja": "{card}が {count} 枚あります。同名カードは1枚までです",
    },
    "dm.banned-premium": {
        "en": "{card} is in the premium hall of fame (officially banned)",
        "ja": "{card}はプレミアム殿堂（公式の禁止カード）です",
    },
    "dm.banned-gr": {
        "en": "{card} is a super GR zone card (GR is not used)",
        "ja": "{card}は超GRゾーンのカードです（GRは使用禁止）",
    },
    "dm.banned-hyperspatial": {
        "en": "{card} is a hyperspatial zone card (hyperspatial cards are not used)",
        "ja": "{card}は超次元ゾーンのカードです（超次元は使用禁止）",
    },
    "dm.banned-battle-zone-start": {
        "en": "{card} can be in the battle zone from the start of the game, which the DTC rules ban",
        "ja": "{card}はゲーム開始時からバトルゾーンに出しておけるカードなので禁止です",
    },
    "dm.battle-zone-start-source": {
        "en": "Which cards can start the game in the battle zone comes from the Duel Masters Wiki's list "
        "(as of {as_of}, read on {checked}): the official comprehensive "
        "rules (100.5) define these cards but do not list them. Check the card's text if in doubt",
        "ja": "ゲーム開始時からバトルゾーンに出しておけるカードは、デュエル・マスターズ Wiki の一覧"
        "（{as_of} 時点、{checked} に確認）によるものです。公式の総合ゲームルール"
        "（100.5）はこれらのカードを定義していますが、一覧はありません。迷ったらカードの文章を確かめてください",
    },
    "dm.banned-name": {"en": "{card} is banned by name", "ja": "{card}は禁止カードです"},
    "dm.civilization-outside": {
        "en": "{card}: {civilizations} is not among the commander's civilizations",
        "ja": "{card}の{civilizations}文明は統率者の文明にありません",
    },
    "dm.civilization-minimum": {
        "en": "Cards of {civilization}: {count}; the deck needs at least 12 of each of the commander's "
        "civilizations",
        "ja": "{civilization}文明のカードが {count} 枚です。最低12枚必要です",
    },
    "dm.dtb-card-pool": {
        "en": "The DTB card pool (two blocks) is not checked",
        "ja": "DTB のカードプール（2ブロック）は確認していません",
    },
    "dm.team-deck": {"en": "Deck {number}: {problem}", "ja": "デッキ{number}：{problem}"},
    "dm.team-singleton": {
        "en": "{card} is in more than one deck of the team (decks {decks})",
        "ja": "{card}がチーム内の複数のデッキ（{decks}）にあります",
    },
}
