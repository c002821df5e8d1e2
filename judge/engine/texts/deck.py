"""Message texts of pasted decklists and Commander / Brawl deck checks (judge.engine.decklist, deck, companions)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- names and lists of names in problems
    "deck.card": {"en": "{name}", "ja": "《{name}》"},
    "deck.or-list": {"en": "{first} or {rest}", "ja": "{first}か{rest}"},
    "deck.and-list": {"en": "{first}, {rest}", "ja": "{first}、{rest}"},
    "deck.and-more": {"en": "{names} and {count} more", "ja": "{names}ほか {count} 枚"},
    # --- pasted decklists
    "deck.label.decklist": {"en": "Decklist", "ja": "デッキリスト"},
    "deck.label.line": {"en": "Line {line}", "ja": "{line}行目"},
    "deck.label.commanders": {"en": "Commanders named outside the list", "ja": "リストの外で指定した統率者"},
    "deck.label.team-decks": {"en": "Teammates' decks", "ja": "チームメイトのデッキ"},
    # --- the deck check request (judge.engine.deck_payload)
    "deck.list-empty": {
        "en": "{label}: empty. Paste the deck one card per line, as “1 Sol Ring”, with the commander under a line "
        "“Commander” (or name it in the commander box).",
        "ja": "{label}：空です。デッキを1行に1枚ずつ「1 Sol Ring」のように貼り付け、統率者は「統率者」の行の"
        "下に書いてください（統率者の欄に書いてもかまいません）。",
    },
    "deck.commander-names": {
        "en": "{label}: a list of at most {high} card names.",
        "ja": "{label}：カード名 {high} 個までのリストで指定してください。",
    },
    "deck.team-decks": {
        "en": "{label}: a list of at most {high} decklists (text).",
        "ja": "{label}：デッキリスト（文字列）{high} 個までのリストで指定してください。",
    },
    "deck.list-too-long": {
        "en": "{label}: longer than {high} MB; paste one deck at a time.",
        "ja": "{label}：{high} MB を超えています。デッキは1つずつ貼り付けてください。",
    },
    "deck.list-too-many-lines": {
        "en": "{label}: {count} lines is over the limit of {high}.",
        "ja": "{label}：{count} 行は上限の {high} 行を超えています。",
    },
    "deck.line-no-name": {
        "en": "{label}: “{text}” has no card name.",
        "ja": "{label}：「{text}」にカード名がありません。",
    },
    "deck.line-count-zero": {
        "en": "{label}: a count must be 1 or more.",
        "ja": "{label}：枚数は1以上にしてください。",
    },
    "deck.line-count-over": {
        "en": "{label}: a count of {count} is over {high}.",
        "ja": "{label}：枚数 {count} は上限の {high} を超えています。",
    },
    "deck.line-empty-name": {"en": "{label}: no card name.", "ja": "{label}：カード名がありません。"},
    "deck.line-name-too-long": {
        "en": "{label}: a card name longer than {high} characters.",
        "ja": "{label}：カード名が {high} 文字を超えています。",
    },
    "deck.line-not-a-name": {
        "en": "{label}: “{text}” is not a card name.",
        "ja": "{label}：「{text}」はカード名ではありません。",
    },
    # --- card lookup
    "deck.unknown-card": {
        "en": "Unknown card '{name}'; did you mean {suggestions}?",
        "ja": "「{name}」というカードは見つかりません。{suggestions}のことですか？",
    },
    "deck.unknown-card-no-suggestion": {
        "en": "Unknown card '{name}'; no similar card name is known",
        "ja": "「{name}」というカードは見つかりません。似た名前のカードもありません。",
    },
    "deck.unknown-card-unsuggested": {
        "en": "Unknown card '{name}'",
        "ja": "「{name}」というカードは見つかりません。",
    },
    "deck.suggestions-skipped": {
        "en": "Spelling suggestions are given for the first unknown names only; {count} more unknown "
        "names got none. Correct the names above and check again.",
        "ja": "つづりの候補は最初の数枚の不明なカード名にだけ示します。ほかに不明なカード名が {count} "
        "件あり、候補は示していません。上の名前を直してから、もう一度チェックしてください。",
    },
    # --- commanders and partners
    "deck.no-commander": {"en": "No commander is designated", "ja": "統率者が指定されていません"},
    "deck.too-many-commanders": {
        "en": "{count} commanders: no partner ability allows more than two",
        "ja": "統率者が {count} 体です。共闘などの能力でも統率者は2体までです",
    },
    "deck.partner-with": {
        "en": "{first} and {second}: “partner with [name]” pairs only the two cards that name each other",
        "ja": "{first}と{second}：「～との共闘」は互いの名前を挙げている2枚だけを組にします",
    },
    "deck.partner-background": {
        "en": "{first} and {second}: “choose a Background” pairs only with a legendary Background enchantment",
        "ja": "{first}と{second}：「背景選択」と組になるのは伝説の背景・エンチャントだけです",
    },
    "deck.partner-doctor": {
        "en": "{first} and {second}: “Doctor's companion” pairs only with a legendary Time Lord Doctor creature "
        "with no other creature types",
        "ja": "{first}と{second}：「ドクターの相棒」と組になるのは、他のクリーチャー・タイプを持たない伝説の"
        "タイムロード・ドクター・クリーチャーだけです",
    },
    "deck.partner-text": {
        "en": "{first} and {second}: “partner—[text]” pairs only with the same partner—[text] ability",
        "ja": "{first}と{second}：「共闘 ―[文章]」は同じ「共闘 ―[文章]」を持つものとだけ組になります",
    },
    "deck.partner-missing": {
        "en": "{first} and {second}: both commanders need partner; {without} does not have it",
        "ja": "{first}と{second}：2体とも共闘が必要ですが、{without}は共闘を持っていません",
    },
    "deck.one-commander": {
        "en": "{first} and {second}: a deck has one commander unless both have a matching partner ability "
        "(702.124)",
        "ja": "{first}と{second}：2体が対応する共闘の能力を持っていない限り、統率者は1体です（702.124）",
    },
    "deck.background-alone": {
        "en": "{card} is a Background: it can be a commander only beside a commander with “choose a Background”",
        "ja": "{card}は背景なので、「背景選択」を持つ統率者と一緒の場合にだけ統率者にできます",
    },
    "deck.not-legendary": {
        "en": "{card} is not legendary, so it can't be a commander",
        "ja": "{card}は伝説ではないので、統率者にできません",
    },
    "deck.commander-type": {
        "en": "{card} is not a creature, Vehicle or Spacecraft with power/toughness, so it can't be a commander",
        "ja": "{card}はクリーチャーでも、パワー／タフネスを持つ機体や宇宙船でもないので、統率者にできません",
    },
    "deck.brawl-commander-type": {
        "en": "{card} is not a creature, planeswalker, Vehicle or Spacecraft with power/toughness, so it can't "
        "be a Brawl commander",
        "ja": "{card}はクリーチャーでも、プレインズウォーカーでも、パワー／タフネスを持つ機体や宇宙船でもないので、"
        "ブロールの統率者にできません",
    },
    "deck.combined-identity": {
        "en": "The two commanders' color identities are combined",
        "ja": "2体の統率者の固有色を合わせます",
    },
    # --- size, copies, colours, sideboard
    "deck.size-one": {
        "en": "The deck has {total} cards including its commander; it must have exactly {size}",
        "ja": "デッキは統率者を含めて {total} 枚です。ちょうど {size} 枚にしてください",
    },
    "deck.size-two": {
        "en": "The deck has {total} cards including its commanders; it must have exactly {size}",
        "ja": "デッキは統率者を含めて {total} 枚です。ちょうど {size} 枚にしてください",
    },
    "deck.copies-one": {
        "en": "{count} copies of {card}; a Commander deck may have only one copy",
        "ja": "{card}が {count} 枚あります。統率者戦のデッキには1枚しか入れられません",
    },
    "deck.copies-limit": {
        "en": "{count} copies of {card}; a Commander deck may have at most {limit} copies (its own text)",
        "ja": "{card}が {count} 枚あります。このカード自身の文章により、{limit} 枚までです",
    },
    "deck.interchangeable": {
        "en": "{card} and {other} have interchangeable names ({source}), so they count as one name: {count} copies",
        "ja": "{card}と{other}は名前を交換可能なので（{source}）、同じ名前として数えます（合計 {count} 枚）",
    },
    "deck.interchangeable-unchecked": {
        "en": "Interchangeable names (rule 201.3) were not checked: this site does not know which cards are "
        "also printed under another English name (such as a Universes Within card's Universes Beyond name). "
        "A card your list names that way is not found, and is not counted together with its other name: "
        "count those copies yourself",
        "ja": "名前を交換可能なカード（201.3）は確認していません。どのカードが別の英語名でも印刷されているか"
        "（コラボ製品の別の名前など）を、このサイトは知りません。リストにそうした別の名前で書いたカードは"
        "見つからず、もう一方の名前のカードと同じ名前としても数えていません。その枚数はご自分で数えてください",
    },
    "deck.basic-land-type-outside": {
        "en": "{card} has a basic land type that makes {colors} mana, outside the commander's color identity "
        "({identity})",
        "ja": "{card}は {colors} のマナを出す基本土地タイプを持ち、統率者の固有色（{identity}）の外です",
    },
    "deck.identity-outside": {
        "en": "{card} has color identity {colors} outside the commander's color identity ({identity})",
        "ja": "{card}の固有色 {colors} は統率者の固有色（{identity}）の外です",
    },
    "deck.brawl-basic-types": {
        "en": "With a colorless commander, basic lands must all share one basic land type",
        "ja": "統率者が無色の場合、基本土地はすべて同じ1つの基本土地タイプでなければなりません",
    },
    "deck.sideboard": {
        "en": "Commander games do not use sideboards ({card})",
        "ja": "統率者戦ではサイドボードを使いません（{card}）",
    },
    # --- companion (702.139)
    "deck.one-companion": {"en": "A deck can have only one companion", "ja": "相棒は1枚だけです"},
    "deck.companion-shares-name": {
        "en": "{card} is also in the deck: a card brought in from outside the game can't share a name with a card "
        "in the starting deck",
        "ja": "{card}はデッキにも入っています。ゲームの外部から持ち込むカードは、開始時のデッキにあるカードと"
        "同じ名前にできません",
    },
    "deck.no-companion-ability": {
        "en": "{card} has no companion ability",
        "ja": "{card}は相棒を持っていません",
    },
    "deck.companion-identity": {
        "en": "{card} has color identity {colors} outside the commander's color identity ({identity}), so it "
        "can't be brought in from outside the game",
        "ja": "{card}の固有色 {colors} は統率者の固有色（{identity}）の外なので、ゲームの外部から持ち込めません",
    },
    "deck.companion-met": {
        "en": "{card}: the companion condition is met ({condition}; the commander counts as part of the "
        "starting deck)",
        "ja": "{card}：相棒の条件を満たしています（{condition}。統率者も開始時のデッキに含めます）",
    },
    "deck.companion-not-met": {
        "en": "{card}: the companion condition is not met ({condition}): {cards}",
        "ja": "{card}：相棒の条件を満たしていません（{condition}）：{cards}",
    },
    "deck.companion-impossible": {
        "en": "{card}: the companion condition can't be met by a deck of this format ({condition})",
        "ja": "{card}：このフォーマットのデッキでは相棒の条件を満たせません（{condition}）",
    },
    "deck.companion-unknown": {
        "en": "The companion condition of {card} is not checked",
        "ja": "{card}の相棒の条件は確認していません",
    },
    "deck.companion-read-from-text": {
        "en": "{card}: activated abilities are read from the rules text; check any card the reading could miss",
        "ja": "{card}：起動型能力はルール・テキストから読み取っています。読み取りが漏れうるカードは確認してください",
    },
    "deck.companion.gyruda": {
        "en": "each nonland card has an even mana value",
        "ja": "土地でないカードはすべてマナ総量が偶数",
    },
    "deck.companion.jegantha": {
        "en": "no card has more than one of the same mana symbol in its mana cost",
        "ja": "マナ・コストに同じマナ・シンボルを2つ以上含むカードがない",
    },
    "deck.companion.kaheera": {
        "en": "each creature card is a Cat, Elemental, Nightmare, Dinosaur, or Beast card",
        "ja": "クリーチャー・カードはすべて猫、エレメンタル、ナイトメア、恐竜、ビーストのいずれか",
    },
    "deck.companion.keruga": {
        "en": "only cards with mana value 3 or greater and land cards",
        "ja": "マナ総量が3以上のカードと土地カードだけ",
    },
    "deck.companion.lurrus": {
        "en": "each permanent card has mana value 2 or less",
        "ja": "パーマネント・カードはすべてマナ総量が2以下",
    },
    "deck.companion.lutri": {
        "en": "each nonland card has a different name",
        "ja": "土地でないカードはすべて異なる名前",
    },
    "deck.companion.obosh": {
        "en": "each nonland card has an odd mana value",
        "ja": "土地でないカードはすべてマナ総量が奇数",
    },
    "deck.companion.umori": {
        "en": "each nonland card shares a card type",
        "ja": "土地でないカードはすべて共通のカード・タイプを持つ",
    },
    "deck.companion.yorion": {
        "en": "the starting deck has at least twenty cards more than the minimum deck size ({minimum}), and this "
        "format's deck has exactly {size}",
        "ja": "開始時のデッキが最小枚数（{minimum} 枚）より20枚以上多い。このフォーマットのデッキはちょうど {size} 枚",
    },
    "deck.companion.zirda": {
        "en": "each permanent card has an activated ability",
        "ja": "パーマネント・カードはすべて起動型能力を持つ",
    },
}
