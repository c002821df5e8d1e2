"""Message texts of colour identity (judge.engine.identity). 固有色 is the official Japanese term."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- how a face is named in the steps
    "identity.face": {"en": "{face}", "ja": "《{face}》"},
    "identity.face-alternative": {
        "en": "{face} (alternative characteristics of {card})",
        "ja": "《{face}》（《{card}》の代替の特性）",
    },
    "identity.face-front": {"en": "{face} (front face of {card})", "ja": "《{face}》（《{card}》の第1面）"},
    "identity.face-back": {"en": "{face} (back face of {card})", "ja": "《{face}》（《{card}》の第2面）"},
    "identity.face-half": {"en": "{face} (half of {card})", "ja": "《{face}》（《{card}》の片方）"},
    # --- steps
    "identity.back-face": {
        "en": "The back face {face} counts for the identity of {card}",
        "ja": "第2面の《{face}》も《{card}》の固有色に数えます",
    },
    "identity.alternative": {
        "en": "The alternative characteristics of {face} count too",
        "ja": "《{face}》の代替の特性も数えます",
    },
    "identity.cost-symbol": {
        "en": "{symbol} in the mana cost of {face} gives {colors}",
        "ja": "{face}のマナ・コストの {symbol} で {colors} が加わります",
    },
    "identity.text-symbol": {
        "en": "{symbol} in the rules text of {face} gives {colors}",
        "ja": "{face}のルール・テキストの {symbol} で {colors} が加わります",
    },
    "identity.reminder-ignored": {
        "en": "{symbols} in reminder text of {face} is ignored",
        "ja": "{face}の注釈文の {symbols} は無視します",
    },
    "identity.indicator": {
        "en": "The color indicator of {face} gives {colors}",
        "ja": "{face}の色指標で {colors} が加わります",
    },
    "identity.cda": {
        "en": "“{sentence}” on {face} gives {colors}",
        "ja": "{face}の「{sentence}」で {colors} が加わります",
    },
    "identity.published-colors": {
        "en": "{face} is published as {colors} by a characteristic-defining ability",
        "ja": "{face}は特性定義能力によって {colors} と公表されています",
    },
    "identity.colorless-but": {
        "en": "{face} is colorless, but the colors of its mana symbols still count for its identity",
        "ja": "{face}は無色ですが、そのマナ・シンボルの色は固有色に数えます",
    },
    "identity.land-type": {
        "en": "The basic land type {land_type} gives {face} the ability “{{T}}: Add {mana}”, even where its text "
        "does not show it: it could produce {color} mana",
        "ja": "{face}は基本土地タイプ {land_type} により、文章欄に書かれていなくても「{{T}}：{mana}を加える。」という能力を"
        "持ちます。{color} のマナを出せます",
    },
    "identity.land-type-counts": {
        "en": "A card with a basic land type goes in a Commander deck only if each color of mana it could produce "
        "is in the commander's color identity, so {colors} count for {face}",
        "ja": "基本土地タイプを持つカードは、それが出しうるマナの色がすべて統率者の固有色に含まれる場合にだけデッキに入れられます。"
        "そのため{face}には {colors} を数えます",
    },
    # the basic land types by their official Japanese names
    "identity.land-type.plains": {"en": "Plains", "ja": "平地"},
    "identity.land-type.island": {"en": "Island", "ja": "島"},
    "identity.land-type.swamp": {"en": "Swamp", "ja": "沼"},
    "identity.land-type.mountain": {"en": "Mountain", "ja": "山"},
    "identity.land-type.forest": {"en": "Forest", "ja": "森"},
    "identity.meld": {
        "en": "Only the front face of the meld card {card} counts",
        "ja": "合体カード《{card}》は第1面だけを数えます",
    },
    "identity.from-card-data": {
        "en": "{card} was given by name alone: its mana cost, type line and rules text are read from the card "
        "data ({source})",
        "ja": "《{card}》は名前だけで指定されたので、マナ・コスト、タイプ行、ルール・テキストはカードデータ（{source}）から読みます",
    },
    "identity.from-card-data-undated": {
        "en": "{card} was given by name alone: its mana cost, type line and rules text are read from the card data",
        "ja": "《{card}》は名前だけで指定されたので、マナ・コスト、タイプ行、ルール・テキストはカードデータから読みます",
    },
    "identity.summary": {"en": "Color identity of {card}: {colors}", "ja": "《{card}》の固有色：{colors}"},
    # --- problems of a batch
    "identity.too-many-cards": {
        "en": "{label}: {count} cards is over the limit of {high} per request.",
        "ja": "{label}：{count} 枚は1回の上限 {high} 枚を超えています。",
    },
    "identity.name-only-no-data": {
        "en": "{label}: only its name ({name}) was given, and no card data is imported to look it up: give its "
        "mana cost, type line and rules text (every face's), and its color indicator if it has one.",
        "ja": "{label}：名前（{name}）しか指定されておらず、調べるためのカードデータも取り込まれていません。マナ・コスト、タイプ行、"
        "ルール・テキスト（すべての面の）と、あれば色指標を指定してください。",
    },
    "identity.name-only-unknown": {
        "en": "{label}: only its name was given, and the card data does not have it ({why}): give the card's "
        "exact name, or its mana cost, type line and rules text.",
        "ja": "{label}：名前しか指定されておらず、カードデータにもありません（{why}）。正確なカード名か、マナ・コスト、タイプ行、"
        "ルール・テキストを指定してください。",
    },
    "identity.cards-required": {
        "en": "{label}: required, a list of cards.",
        "ja": "{label}：カードのリストを指定してください。",
    },
}
