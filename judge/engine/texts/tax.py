"""Message texts of commander tax, the DTC tax and the planar die cost (judge.engine.tax).

The DTC texts use the Duel Masters words of the DTC house rules (プレイ, 召喚,
軽減, 統率領域, 無色のコスト), not Magic's (唱える).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- field labels
    "tax.label.previous-casts": {
        "en": "Previous casts from the command zone",
        "ja": "これまでに統率領域から唱えた回数",
    },
    "tax.label.reduction": {"en": "Cost reduction", "ja": "コストの軽減"},
    "tax.label.cast-from": {"en": "Cast from", "ja": "唱える領域"},
    "tax.label.cost": {"en": "Cost", "ja": "コスト"},
    "tax.label.play-number": {
        "en": "Play from the command zone (1st, 2nd, …)",
        "ja": "統率領域からのプレイ回数（何回目か）",
    },
    "tax.label.rolls-this-turn": {
        "en": "Planar die rolls already this turn",
        "ja": "このターンにすでに次元ダイスを振った回数",
    },
    "tax.label.two-headed-giant": {"en": "Two-Headed Giant", "ja": "双頭巨人戦"},
    "tax.label.partner": {
        "en": "One of two commanders (partner or Background)",
        "ja": "2体の統率者の一方（共闘・背景）",
    },
    # --- zones a commander can be cast from (903.8 counts only the command zone)
    "tax.zone.command-zone": {"en": "the command zone", "ja": "統率領域"},
    "tax.zone.hand": {"en": "a hand", "ja": "手札"},
    "tax.zone.graveyard": {"en": "a graveyard", "ja": "墓地"},
    "tax.zone.exile": {"en": "exile", "ja": "追放領域"},
    "tax.zone.library": {"en": "a library", "ja": "ライブラリー"},
    "tax.zone.other": {"en": "another zone", "ja": "他の領域"},
    # --- problems
    "tax.not-commander-variant": {
        "en": "{label}: commander tax is for {choices}.",
        "ja": "{label}：統率者税を計算できるのは {choices} です。",
    },
    "tax.required-for": {
        "en": "{label}: required for {variant}.",
        "ja": "{label}：{variant}では入力が必要です。",
    },
    # --- Commander and Brawl steps
    "tax.start": {"en": "Start from the mana cost {cost}.", "ja": "マナ・コスト {cost} から始めます。"},
    "tax.brawl": {
        "en": "Brawl uses the normal Commander rules, so the commander tax applies.",
        "ja": "ブロールは統率者戦の通常のルールを使うので、統率者税がかかります。",
    },
    "tax.commander-tax-one": {
        "en": "Commander tax: {{2}} for the one previous cast from the command zone = {tax}, an additional "
        "cost: {so_far} so far. Casts from other zones add no tax.",
        "ja": "統率者税：統率領域から以前に唱えた1回につき {{2}}、計 {tax}。追加コストなので、ここまでで {so_far} です。"
        "他の領域から唱えた回数は税を増やしません。",
    },
    "tax.commander-tax-many": {
        "en": "Commander tax: {{2}} for each of the {casts} previous casts from the command zone = {tax}, an "
        "additional cost: {so_far} so far. Casts from other zones add no tax.",
        "ja": "統率者税：統率領域から以前に唱えた {casts} 回のそれぞれにつき {{2}}、計 {tax}。追加コストなので、"
        "ここまでで {so_far} です。他の領域から唱えた回数は税を増やしません。",
    },
    # Without a mana cost the answer is the tax alone (an additional cost, 601.2f, added to the mana cost).
    "tax.alone-casts": {
        "en": "Commander tax: {{2}} for each of the {casts} previous casts from the command zone = {tax}.",
        "ja": "統率者税：統率領域から以前に唱えた {casts} 回のそれぞれにつき {{2}}、計 {tax}。",
    },
    "tax.alone": {
        "en": "No mana cost given, so this is the tax alone: {total} on top of the commander's mana cost "
        "(the tax is an additional cost).",
        "ja": "マナ・コストの指定がないので、統率者税だけを答えます：統率者のマナ・コストに {total}"
        "（統率者税は追加コストです）。",
    },
    "tax.reduction-needs-cost": {
        "en": "{label}: a reduction is taken from the total cost, so it needs the mana cost.",
        "ja": "{label}：軽減は総コストから引くので、マナ・コストの入力が必要です。",
    },
    "tax.first-cast": {
        "en": "No commander tax: this is the first cast of this commander from the command zone "
        "(casts from other zones don't count).",
        "ja": "統率者税はかかりません。この統率者を統率領域から唱えるのはこれが初めてです"
        "（他の領域から唱えた回数は数えません）。",
    },
    "tax.not-from-command-zone": {
        "en": "No commander tax: the commander is cast from {zone}, and the tax is paid only when it is cast "
        "from the command zone. This cast isn't counted for later casts either.",
        "ja": "統率者税はかかりません。この統率者は{zone}から唱えられ、統率者税は統率領域から唱えるときにだけ"
        "支払います。この回数は以後の統率者税にも数えません。",
    },
    "tax.partners": {
        "en": "Each of two commanders (partners, or a commander and its Background) counts its own casts: "
        "casting your other commander never raises this commander's tax.",
        "ja": "2体の統率者（共闘、または背景選択と背景）は、唱えた回数をそれぞれ別に数えます。もう一方の統率者を"
        "唱えても、この統率者の統率者税は増えません。",
    },
    "tax.reduce-generic": {
        "en": "Cost reductions come after additional costs and increases: {reduction} less lowers the generic "
        "part, tax included, from {before} to {after}.",
        "ja": "コストの軽減は追加コストや増加の後に適用します。{reduction} の軽減で、統率者税を含む不特定マナの部分が "
        "{before} から {after} になります。",
    },
    "tax.reduce-start": {
        "en": "Cost reductions come after additional costs and increases: the cost is reduced by {reduction}.",
        "ja": "コストの軽減は追加コストや増加の後に適用します。コストを {reduction} 軽減します。",
    },
    "tax.reduce-pip": {
        "en": "{reduction_symbol} of the reduction removes {symbol} from the cost.",
        "ja": "軽減の {reduction_symbol} で、コストの {symbol} がなくなります。",
    },
    "tax.reduce-announced-hybrid": {
        "en": "{symbol} is announced as {color} before the total cost is determined, so {reduction_symbol} of "
        "the reduction removes it.",
        "ja": "{symbol} は総コストを決める前に {color} で支払うと宣言するので、軽減の {reduction_symbol} で"
        "それがなくなります。",
    },
    "tax.reduce-as-generic": {
        "en": "The cost has no {color} for {reduction_symbol} of the reduction to lower, so it lowers the "
        "generic part by {{1}} instead.",
        "ja": "コストに {color} がないので、軽減の {reduction_symbol} は代わりに不特定マナを {{1}} 減らします。",
    },
    "tax.reduce-excess": {
        "en": "The reduction has more {color} than the cost: the extra {reduction_symbol} lowers the generic part "
        "by {{1}}.",
        "ja": "軽減の {color} がコストの {color} より多いので、余った {reduction_symbol} は不特定マナを {{1}} 減らします。",
    },
    "tax.reduce-hybrid-choice": {
        "en": "{reduction_symbol} of the reduction is a hybrid symbol: choose its half as the reduction is "
        "applied; {half} is the choice that lowers this cost most.",
        "ja": "軽減の {reduction_symbol} は混成マナ・シンボルなので、軽減を適用するときにどちらか半分を選びます。"
        "このコストを最も下げるのは {half} です。",
    },
    "tax.reduce-phyrexian": {
        "en": "{reduction_symbol} of the reduction is a Phyrexian symbol: it reduces the cost by one {color}.",
        "ja": "軽減の {reduction_symbol} はファイレクシア・マナ・シンボルなので、コストを {color} 1つ分軽減します。",
    },
    "tax.reduce-snow": {
        "en": "{reduction_symbol} of the reduction is snow mana: it lowers the generic part by {{1}}.",
        "ja": "軽減の {reduction_symbol} は氷雪マナなので、不特定マナを {{1}} 減らします。",
    },
    "tax.reduce-generic-part": {
        "en": "The generic part, tax included, goes from {before} to {after}.",
        "ja": "統率者税を含む不特定マナの部分は {before} から {after} になります。",
    },
    "tax.reduction-left-over": {
        "en": "The generic part can't go below {{0}}: {unused} of the reduction is left over and can't lower the "
        "coloured part.",
        "ja": "不特定マナの部分は {{0}} 未満になりません。軽減のうち {unused} は余り、色マナの部分は減らせません。",
    },
    "tax.reduction-left-over-x": {
        "en": "The generic part can't go below {{0}}: {unused} of the reduction is left over and can't lower the "
        "coloured part. The amount chosen for X is generic mana, so the rest can lower that.",
        "ja": "不特定マナの部分は {{0}} 未満になりません。軽減のうち {unused} は余り、色マナの部分は減らせません。"
        "X に選んだ値は不特定マナなので、余りでそれを減らせます。",
    },
    "tax.colored-stays": {
        "en": "A generic reduction never lowers coloured (hybrid and Phyrexian included), colourless or snow "
        "symbols: {symbols} stays.",
        "ja": "不特定マナの軽減は、色マナ（混成やファイレクシア・マナを含む）、無色マナ、氷雪マナのシンボルを"
        "減らしません。{symbols} はそのまま残ります。",
    },
    "tax.monocolored-hybrid": {
        "en": "{symbols}: you announce how you will pay each monocolored hybrid symbol before the total cost is "
        "determined. This total assumes its coloured half; announced as generic mana it is part of the "
        "generic cost, and the total is {total}.",
        "ja": "{symbols}：単色混成マナ・シンボルをどう支払うかは総コストを決める前に宣言します。この合計は色マナの"
        "半分で支払う場合です。不特定マナで支払うと宣言すれば不特定マナの部分に入り、合計は {total} です。",
    },
    "tax.monocolored-hybrid-reduced": {
        "en": "{symbols}: you announce how you will pay each monocolored hybrid symbol before the total cost is "
        "determined. This total assumes its coloured half; announced as generic mana it is part of the "
        "generic cost (which the reduction lowers), and the total is {total}.",
        "ja": "{symbols}：単色混成マナ・シンボルをどう支払うかは総コストを決める前に宣言します。この合計は色マナの"
        "半分で支払う場合です。不特定マナで支払うと宣言すれば不特定マナの部分に入り（軽減でそれも減ります）、"
        "合計は {total} です。",
    },
    "tax.total": {"en": "Total cost: {total}.", "ja": "総コスト：{total}。"},
    # --- Duel Masters Tag Commander (Duel Masters words: プレイ, 召喚, 軽減, 無色のコスト)
    "tax.dtc-start": {"en": "Start from the cost {cost}.", "ja": "コスト {cost} から始めます。"},
    "tax.dtc-reduce": {
        "en": "Apply every reduction first: {cost} − {reduction} → {reduced}.",
        "ja": "先にすべての軽減を適用します：{cost} − {reduction} → {reduced}。",
    },
    "tax.dtc-reduce-floor": {
        "en": "Apply every reduction first: {cost} − {reduction} → {reduced}. A reduction can't take the cost "
        "below {floor}.",
        "ja": "先にすべての軽減を適用します：{cost} − {reduction} → {reduced}。軽減でコストは {floor} より"
        "少なくなりません。",
    },
    "tax.dtc-tax": {
        "en": "Commander tax for play {play} from the command zone: 2 × ({play} − 1) = {tax}, colourless and "
        "never reduced, added on top of the reduced cost.",
        "ja": "統率領域からの {play} 回目のプレイの統率者税：2 ×（{play} − 1）= {tax}。これは無色のコストで一切"
        "軽減できず、軽減し終えたコストに上乗せされます。",
    },
    "tax.dtc-first-play": {
        "en": "First play from the command zone: no commander tax.",
        "ja": "統率領域からの初めてのプレイなので、統率者税はかかりません。",
    },
    "tax.dtc-per-player": {
        "en": "Plays are counted for each player, not for the team; plays from other zones don't count.",
        "ja": "プレイ回数はチームではなく各プレイヤーで数えます。統率領域以外（手札やマナゾーンなど）からの"
        "プレイは数えません。",
    },
    "tax.dtc-total": {
        "en": "Cost to pay: {reduced} + {tax} = {total}.",
        "ja": "支払うコスト：{reduced} + {tax} = {total}。",
    },
    # --- Planechase
    "tax.planar-die-free": {
        "en": "The first roll of the planar die this turn costs nothing ({{0}}).",
        "ja": "このターン最初の次元ダイスを振る行動にはマナがかかりません（{{0}}）。",
    },
    "tax.planar-die-one": {
        "en": "Rolling the planar die costs {{1}}: one for the one time this player already rolled it this turn "
        "as this action.",
        "ja": "次元ダイスを振るには {{1}} かかります。このプレイヤーはこのターンすでに1回この行動で振っています。",
    },
    "tax.planar-die-many": {
        "en": "Rolling the planar die costs {cost}: one for each of the {rolls} times this player already rolled "
        "it this turn as this action.",
        "ja": "次元ダイスを振るには {cost} かかります。このプレイヤーがこのターンすでにこの行動で振った {rolls} 回の"
        "それぞれにつき1です。",
    },
    "tax.planar-die-special-action": {
        "en": "Only rolls made as this special action count; a roll an effect made you do doesn't.",
        "ja": "数えるのはこの特別な行動として振った回数だけです。効果によって振った回数は数えません。",
    },
    "tax.planar-die-two-headed-giant": {
        "en": "Two-Headed Giant: each player of the active team counts only their own rolls.",
        "ja": "双頭巨人戦：アクティブ・チームの各プレイヤーは、自分が振った回数だけを数えます。",
    },
}
