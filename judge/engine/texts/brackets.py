"""Message texts of the Commander Brackets estimate (judge.engine.brackets).

The bracket names are the Commander Format Panel's English ones; their Japanese readings are this site's
(no official Japanese names were found), and a note on the page says so; 統率者戦ブラケット and
ゲームチェンジャー are the official Japanese pages' words (rules_data/commander_brackets.tsv).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "brackets.label": {"en": "{name} (bracket {number})", "ja": "ブラケット{number}（{name}）"},
    "brackets.summary": {
        "en": "The lowest bracket this list permits by the published criteria: {bracket}",
        "ja": "公表された基準で、このリストが入れる最も低いブラケット：{bracket}",
    },
    "brackets.summary-unchecked": {
        "en": "No bracket estimate: no card of the list could be checked",
        "ja": "ブラケットは推定できません。リストのカードを1枚も確認できませんでした",
    },
    "brackets.conversation": {
        "en": "Brackets are for the pre-game conversation, not a verdict: this is the lowest bracket the "
        "list's cards permit, not the bracket the deck is. What the deck is built to do and how it plays "
        "decide the rest, and the table decides together (Rule 0).",
        "ja": "ブラケットはゲーム前に話し合うためのもので、判定ではありません。これはリストのカードが許す最も"
        "低いブラケットであり、デッキがそのブラケットだという意味ではありません。デッキの狙いや実際の"
        "動きで決まる部分があり、最後は卓の全員で話し合って決めます（ルール0）。",
    },
    "brackets.names-unofficial": {
        "en": "The Japanese names of the brackets are this site's readings: no official Japanese names of "
        "them were found. 統率者戦ブラケット and ゲームチェンジャー are the official Japanese pages' words.",
        "ja": "ブラケットの日本語名（エキシビションなど）は、公式の訳語が見つからなかったため、このサイトでの"
        "呼び方です。「統率者戦ブラケット」と「ゲームチェンジャー」は公式の日本語ページの表記です。",
    },
    "brackets.no-card-data": {
        "en": "Nothing checked: the bracket criteria are read from each card's Oracle text and whether it is a "
        "Game Changer, and no card of this list is one this site knows",
        "ja": "何も確認できていません。ブラケットの基準は、各カードのオラクル・テキストとゲームチェンジャーかどうかで"
        "判断しますが、このリストにはこのサイトが知っているカードがありませんでした",
    },
    "brackets.checked-game-changers": {
        "en": "Game Changers counted from the mark the card lists give them ({source})",
        "ja": "ゲームチェンジャーは、カード情報に付いている印で数えました（{source}）",
    },
    "brackets.unchecked-game-changers": {
        "en": "Game Changers not counted: the card lists this site uses do not mark them (Scryfall's and "
        "MTGJSON's lists do since February 2025)",
        "ja": "ゲームチェンジャーは数えていません。このサイトが使っているカード情報にその印がありません"
        "（Scryfall と MTGJSON のカード情報には2025年2月から付いています）",
    },
    "brackets.game-changers": {
        "en": "{count} card(s) from the Game Changers list: {cards} ({source}). {below} allows {allowed}.",
        "ja": "ゲームチェンジャーが {count} 枚：{cards}（{source}）。{below}で使えるのは {allowed} 枚までです。",
    },
    "brackets.checked-oracle-text": {
        "en": "Extra turns and mass land denial read from the Oracle text of {count} cards; the words that "
        "decided each card are quoted",
        "ja": "追加ターンと大量土地破壊は {count} 枚のカードのオラクル・テキストから判断し、決め手になった"
        "語句を引用しています",
    },
    "brackets.extra-turn": {
        "en": "{card} gives an extra turn{words}: {below} allows no extra-turn cards.",
        "ja": "{card}は追加ターンを得るカードです{words}。{below}では追加ターンのカードは使えません。",
    },
    "brackets.extra-turn-override": {
        "en": "{card} counts as an extra-turn card: {reason} {below} allows no extra-turn cards.",
        "ja": "{card}は追加ターンのカードとして数えます（理由：{reason}）。{below}では追加ターンのカードは"
        "使えません。",
    },
    "brackets.extra-turns-how-many": {
        "en": "{count} extra-turn cards: bracket 2 and 3 allow them “only in low quantities” and not chained; "
        "whether this many is low, and whether they chain, a list cannot decide: ask the table",
        "ja": "追加ターンのカードが {count} 枚あります。ブラケット2と3では「少数」で、連続して使わない限り"
        "認められます。この枚数が少数か、連続するかはリストからは決められません。卓で確認してください",
    },
    "brackets.mass-land-denial": {
        "en": "{card} is mass land denial{words}: only {first} and higher allow it.",
        "ja": "{card}は大量土地破壊のカードです{words}。使えるのは{first}以上です。",
    },
    "brackets.mass-land-denial-override": {
        "en": "{card} is mass land denial: {reason} Only {first} and higher allow it.",
        "ja": "{card}は大量土地破壊のカードです（理由：{reason}）。使えるのは{first}以上です。",
    },
    # What the quoted English Oracle words that decided a card do: this site's reading of them, not an
    # official text (the page says so beside the quote).
    "brackets.reading.meaning": {
        "en": "{reading} (this site's reading of the quoted words)",
        "ja": "意味：{reading}（引用した英語の語句をこのサイトが読んだもので、公式の訳ではありません）",
    },
    "brackets.reading.extra-turn": {
        "en": "a player takes an extra turn",
        "ja": "プレイヤーが追加ターンを得る",
    },
    "brackets.reading.destroy-all-lands": {"en": "destroys all lands", "ja": "すべての土地を破壊する"},
    "brackets.reading.exile-all-lands": {"en": "exiles all lands", "ja": "すべての土地を追放する"},
    "brackets.reading.sacrifice-all-lands": {
        "en": "players sacrifice all their lands",
        "ja": "プレイヤーがすべての土地を生け贄に捧げる",
    },
    "brackets.reading.return-all-lands": {
        "en": "returns all lands (or all permanents) to their owners' hands",
        "ja": "すべての土地（またはすべてのパーマネント）をオーナーの手札に戻す",
    },
    "brackets.reading.lands-dont-untap": {
        "en": "lands don't untap",
        "ja": "土地がアンタップしない",
    },
    "brackets.reading.untap-limit": {
        "en": "players can't untap more than a few lands",
        "ja": "プレイヤーは決まった数までしか土地をアンタップできない",
    },
    # A combo's results (Commander Spellbook's English feature names), by what made the combo count.
    "brackets.reading.combo-turns": {
        "en": "the combo gives extra turns without end",
        "ja": "このコンボで追加ターンを際限なく得られる",
    },
    "brackets.reading.combo-land-denial": {
        "en": "the combo denies the other players their lands",
        "ja": "このコンボでほかのプレイヤーの土地を大量に使えなくする",
    },
    "brackets.reading.combo-infinite": {
        "en": "the results include an infinite effect or winning (or losing) the game",
        "ja": "結果に、無限に繰り返せる効果か、ゲームに勝つ（負ける）ことが含まれる",
    },
    "brackets.unchecked-combos": {
        "en": "Two-card combos not checked: this site has no copy of Commander Spellbook's list of combos to "
        "look the list's cards up in. Whether two of them make a combo, check yourself",
        "ja": "2枚コンボは確認していません。コンボの一覧であるコマンダー・スペルブック (Commander Spellbook) を"
        "このサイトで引けないため、リストのカードの組み合わせを調べられませんでした。2枚でコンボになるカードが"
        "あるかは、ご自分で確かめてください",
    },
    "brackets.checked-combos": {
        "en": "Combos looked up in Commander Spellbook's list of combos ({source})",
        "ja": "コンボはコマンダー・スペルブック (Commander Spellbook) の一覧で調べました（{source}）",
    },
    "brackets.combo-chained-turns": {
        "en": "{cards}: a combo for {features} (Commander Spellbook): chained extra turns, allowed only from "
        "{first}.",
        "ja": "{cards}：コマンダー・スペルブックに載っている、{features}のコンボです。追加ターンを連続して得るため、"
        "使えるのは{first}以上です。",
    },
    "brackets.combo-land-denial": {
        "en": "{cards}: a combo for {features} (Commander Spellbook): mass land denial, allowed only from "
        "{first}.",
        "ja": "{cards}：コマンダー・スペルブックに載っている、{features}のコンボです。大量土地破壊にあたるため、"
        "使えるのは{first}以上です。",
    },
    "brackets.combo-early": {
        "en": "{cards}: a two-card combo ({features}) that needs {mana} mana in all: an early-game combo, as "
        "Commander Spellbook counts a combo needing 4 mana or less. Early two-card infinite combos are "
        "allowed only from {first}.",
        "ja": "{cards}：2枚コンボ（{features}）で、必要なマナは合計 {mana}。コマンダー・スペルブックは必要なマナが"
        "4以下のコンボをゲーム序盤に揃うものとしています。序盤の2枚無限コンボが使えるのは{first}以上です。",
    },
    "brackets.combo-arguably-early": {
        "en": "{cards}: a two-card combo ({features}) that needs {mana} mana in all: Commander Spellbook calls "
        "this “arguably early”. Counted here as late game ({first}); the table may see it as early "
        "(bracket 4).",
        "ja": "{cards}：2枚コンボ（{features}）で、必要なマナは合計 {mana}。コマンダー・スペルブックはこれを"
        "「序盤とも言える」としています。ここでは終盤のコンボとして数えます（{first}）が、卓では序盤と"
        "見ることもあります（ブラケット4）。",
    },
    "brackets.combo-late": {
        "en": "{cards}: a two-card combo ({features}) that needs {mana} mana in all: a late-game combo. "
        "Two-card combos for the late game are allowed from {first}; early ones only from bracket 4.",
        "ja": "{cards}：2枚コンボ（{features}）で、必要なマナは合計 {mana}。ゲーム終盤のコンボです。終盤の"
        "2枚コンボは{first}から、序盤のものはブラケット4から使えます。",
    },
    "brackets.combo-early-estimated": {
        "en": "{cards}: a two-card combo ({features}); Commander Spellbook does not say how much mana it "
        "needs, and its cards cost {mana} mana in all: an early-game combo at that, as Commander Spellbook "
        "counts a combo needing 4 mana or less (running it may cost more). Early two-card infinite combos "
        "are allowed only from {first}.",
        "ja": "{cards}：2枚コンボ（{features}）です。コマンダー・スペルブックには必要なマナが書かれていませんが、"
        "カードのマナ総量の合計は {mana} です。コマンダー・スペルブックは必要なマナが4以下のコンボをゲーム序盤に"
        "揃うものとしているので、序盤のコンボです（動かすにはさらにマナが要ることもあります）。"
        "序盤の2枚無限コンボが使えるのは{first}以上です。",
    },
    "brackets.combo-arguably-early-estimated": {
        "en": "{cards}: a two-card combo ({features}); Commander Spellbook does not say how much mana it "
        "needs, and its cards cost {mana} mana in all, at least: Commander Spellbook calls that “arguably "
        "early”. Counted here as late game ({first}); the table may see it as early (bracket 4).",
        "ja": "{cards}：2枚コンボ（{features}）です。コマンダー・スペルブックには必要なマナが書かれていませんが、"
        "カードのマナ総量の合計は少なくとも {mana} で、コマンダー・スペルブックはこれを「序盤とも言える」とします。ここでは終盤のコンボとして数えます（{first}）。"
        "卓によっては序盤と見ることもあります（ブラケット4）。",
    },
    "brackets.combo-late-estimated": {
        "en": "{cards}: a two-card combo ({features}); Commander Spellbook does not say how much mana it "
        "needs, and its cards cost {mana} mana in all, at least: a late-game combo. Two-card combos for the late game are "
        "allowed from {first}; early ones only from bracket 4.",
        "ja": "{cards}：2枚コンボ（{features}）です。コマンダー・スペルブックには必要なマナが書かれていませんが、"
        "カードのマナ総量の合計は少なくとも {mana} なので、ゲーム終盤のコンボです。終盤の2枚コンボは{first}から、序盤のものはブラケット4から使えます。",
    },
    "brackets.combo-no-timing": {
        "en": "{cards}: a two-card combo ({features}); Commander Spellbook does not say how much mana it "
        "needs, so it is counted as late game ({first}). Ask whether it comes together early (bracket 4).",
        "ja": "{cards}：2枚コンボ（{features}）です。コマンダー・スペルブックに必要なマナが書かれていないため、"
        "終盤のコンボとして数えます"
        "（{first}）。序盤に揃うかどうかは卓で確認してください（ブラケット4）。",
    },
    "brackets.unknown-cards": {
        "en": "{count} name(s) of the list are not cards this site knows: those cards were not checked",
        "ja": "リストの {count} 件の名前はこのサイトが知らないカード名のため、そのカードは確認していません",
    },
    "brackets.cannot-show-intent": {
        "en": "A list cannot show intent: the criteria speak of what a deck is built to do (“intentional” "
        "combos, chained extra turns), which only its pilot can say",
        "ja": "リストからは意図はわかりません。基準は「意図的な」コンボや連続する追加ターンなど、デッキの狙いを"
        "問うもので、それは使う人にしか言えません",
    },
    "brackets.cannot-show-speed": {
        "en": "A list cannot show how fast the deck wins; each bracket expects at least so many turns before "
        "a win (bracket: turns — {turns})",
        "ja": "リストからは勝つまでの速さはわかりません。各ブラケットでは、勝敗がつくまでに少なくともこれだけの"
        "ターンを想定しています（ブラケット: ターン数 — {turns}）",
    },
    "brackets.cannot-show-cedh": {
        "en": "Bracket 5 (cEDH) is a mindset, a deck built for the competitive metagame: it is never decided "
        "from a list",
        "ja": "ブラケット5は競技環境に向けて組む姿勢のことで、リストから決まることはありません",
    },
}
