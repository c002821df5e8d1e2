"""Message texts of the table tracker (judge.engine.tracker): steps, history lines, problems, labels.

Japanese follows the official MTG terms (統率者, 統率領域, 統率者税, 戦場, 毒カウンター,
次元ダイス, プレインズウォーカー・シンボル, カオス・シンボル, ゲームから離れる) and, for DTC, the
house rules' own words (プレイ, シールド, ダイレクトアタック, バトルゾーン). Card names are in 《》.
"""

from __future__ import annotations

_LABELS: dict[str, dict[str, str]] = {
    "tracker.label.variant": {"en": "Format", "ja": "フォーマット"},
    "tracker.label.players": {"en": "Players", "ja": "プレイヤー"},
    "tracker.label.player-name": {"en": "Player {n}'s name", "ja": "プレイヤー{n}の名前"},
    "tracker.label.player-entry": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "tracker.label.commanders": {"en": "Commanders", "ja": "統率者"},
    "tracker.label.commanders-of": {"en": "{player}'s commanders", "ja": "{player} の統率者"},
    "tracker.label.commander-name": {"en": "{player}'s commander {n}", "ja": "{player} の統率者{n}"},
    "tracker.label.new-commander": {"en": "Commander named", "ja": "統率者の名前"},
    "tracker.label.teams": {"en": "Teams", "ja": "チーム"},
    "tracker.label.team": {"en": "Team {n}", "ja": "チーム{n}"},
    "tracker.label.planechase": {"en": "Planechase", "ja": "プレインチェイス戦"},
    "tracker.label.kind": {"en": "Change", "ja": "変更の種類"},
    "tracker.label.player": {"en": "Player", "ja": "プレイヤー"},
    "tracker.label.amount": {"en": "Amount", "ja": "数"},
    "tracker.label.owner": {"en": "Commander's owner", "ja": "統率者のオーナー"},
    "tracker.label.commander": {"en": "Commander", "ja": "統率者"},
    "tracker.label.how": {"en": "How the commander arrived", "ja": "統率者の出し方"},
    "tracker.label.reason": {"en": "Why the player loses", "ja": "敗北の理由"},
    "tracker.label.face": {"en": "Planar die result", "ja": "次元ダイスの出目"},
    "tracker.label.free": {"en": "Rolled because of an effect", "ja": "効果によるダイス"},
    "tracker.label.by": {"en": "Your seat", "ja": "あなたの席"},
    "tracker.label.expected-revision": {"en": "Table revision", "ja": "テーブルの更新番号"},
    "tracker.label.undone": {"en": "Undone", "ja": "取り消し済み"},
    # Each seat's deck for the pre-game talk (judge.engine.tracker.decks).
    "tracker.label.declared-brackets": {"en": "Declared brackets", "ja": "申告ブラケット"},
    "tracker.label.decklists": {"en": "Decklists", "ja": "デッキリスト"},
    "tracker.label.declared-bracket-of": {
        "en": "{player}'s declared bracket",
        "ja": "{player} の申告ブラケット",
    },
    "tracker.label.decklist-of": {"en": "{player}'s decklist", "ja": "{player} のデッキリスト"},
    # The parts of a saved table (a snapshot).
    "tracker.label.sides": {"en": "Teams and players", "ja": "チームとプレイヤー"},
    "tracker.label.turn": {"en": "Turn", "ja": "ターン"},
    "tracker.label.active": {"en": "Whose turn it is", "ja": "手番"},
    "tracker.label.events": {"en": "Number of changes", "ja": "変更の数"},
    "tracker.label.life-of": {"en": "{players}'s life", "ja": "{players} のライフ"},
    "tracker.label.poison-of": {"en": "{players}'s poison counters", "ja": "{players} の毒カウンター"},
    "tracker.label.loss-of": {"en": "How {players} lost", "ja": "{players} の敗北"},
    "tracker.label.shields-of": {"en": "{player}'s shields", "ja": "{player} のシールド"},
    "tracker.label.planar-cost-of": {
        "en": "{player}'s planar die cost",
        "ja": "{player} の次元ダイスのコスト",
    },
    "tracker.label.casts-of": {"en": "Casts of {commander}", "ja": "{commander}を唱えた回数"},
    "tracker.label.without-cast-of": {
        "en": "Entries of {commander} without a cast",
        "ja": "{commander}が唱えられずに出た回数",
    },
    "tracker.label.damage-to": {
        "en": "Commander damage to {player}",
        "ja": "{player} が受けた統率者ダメージ",
    },
}

_NAMES: dict[str, dict[str, str]] = {
    "tracker.variant.commander": {"en": "Commander", "ja": "統率者戦"},
    "tracker.variant.brawl": {"en": "Brawl", "ja": "ブロール"},
    "tracker.variant.two-headed-giant": {"en": "Two-Headed Giant", "ja": "双頭巨人戦"},
    "tracker.variant.planechase": {"en": "Planechase", "ja": "プレインチェイス戦"},
    "tracker.variant.dtc": {
        "en": "Duel Masters Tag Commander (DTC)",
        "ja": "デュエマ・タッグ・コマンダー（DTC）",
    },
    "tracker.kind.life": {"en": "life", "ja": "ライフ"},
    "tracker.kind.poison": {"en": "poison counters", "ja": "毒カウンター"},
    "tracker.kind.commander-damage": {"en": "commander damage", "ja": "統率者ダメージ"},
    "tracker.kind.cast-commander": {"en": "cast from the command zone", "ja": "統率領域から唱える"},
    "tracker.kind.commander-without-cast": {"en": "commander without a cast", "ja": "唱えずに出た統率者"},
    "tracker.kind.set-commander-casts": {"en": "correct the casts", "ja": "唱えた回数の訂正"},
    "tracker.kind.name-commander": {"en": "name a commander", "ja": "統率者の追加"},
    "tracker.kind.shields": {"en": "shields", "ja": "シールド"},
    "tracker.kind.planar-roll": {"en": "planar die roll", "ja": "次元ダイス"},
    "tracker.kind.next-turn": {"en": "next turn", "ja": "次のターン"},
    "tracker.kind.lose": {"en": "a player loses", "ja": "敗北"},
    "tracker.reason.life": {"en": "0 or less life", "ja": "ライフが0以下"},
    "tracker.reason.poison": {"en": "poison counters", "ja": "毒カウンター"},
    "tracker.reason.commander-damage": {"en": "21 commander damage", "ja": "統率者ダメージ21点"},
    "tracker.reason.team-life": {"en": "team at 0 or less life", "ja": "チームのライフが0以下"},
    "tracker.reason.team-poison": {"en": "team poison counters", "ja": "チームの毒カウンター"},
    "tracker.reason.concede": {"en": "conceded", "ja": "投了"},
    "tracker.reason.empty-library": {"en": "drew from an empty library", "ja": "空のライブラリーから引いた"},
    "tracker.reason.library-out": {"en": "deck ran out (library-out)", "ja": "ライブラリアウト（山札が0枚）"},
    "tracker.reason.effect": {"en": "an effect says so", "ja": "効果による敗北"},
    "tracker.reason.direct-attack": {"en": "direct attack", "ja": "ダイレクトアタック"},
    "tracker.face.blank": {"en": "blank", "ja": "無地"},
    "tracker.face.chaos": {"en": "chaos", "ja": "カオス・シンボル"},
    "tracker.face.planeswalker": {"en": "Planeswalker symbol", "ja": "プレインズウォーカー・シンボル"},
    "tracker.how.battlefield": {
        "en": "put onto the battlefield without being cast",
        "ja": "唱えずに戦場に出た",
    },
    "tracker.how.other-zone": {"en": "cast from another zone", "ja": "統率領域以外から唱えた"},
    # Joining names: "A, B and C" / "A、BとC"; a card name; a commander with its owner.
    "tracker.list": {"en": "{head}, {item}", "ja": "{head}、{item}"},
    "tracker.and": {"en": "{head} and {item}", "ja": "{head}と{item}"},
    "tracker.or": {"en": "{head} or {item}", "ja": "{head}、{item}"},
    "tracker.card": {"en": "{name}", "ja": "《{name}》"},
    "tracker.commander-of": {"en": "{name} ({owner}'s commander)", "ja": "{owner} の統率者{name}"},
}

_STEPS: dict[str, dict[str, str]] = {
    "tracker.start.life": {
        "en": "Each player starts at {life} life.",
        "ja": "各プレイヤーは {life} 点のライフでゲームを始めます。",
    },
    "tracker.start.brawl-two": {
        "en": "In a two-player Brawl game each player starts at {life} life.",
        "ja": "2人対戦のブロールでは、各プレイヤーは {life} 点のライフで始めます。",
    },
    "tracker.start.brawl-multi": {
        "en": "In a multiplayer Brawl game each player starts at {life} life.",
        "ja": "多人数戦のブロールでは、各プレイヤーは {life} 点のライフで始めます。",
    },
    "tracker.start.team-life": {
        "en": "Each team shares one life total, starting at {life}.",
        "ja": "各チームは1つのライフを共有し、{life} 点から始めます。",
    },
    "tracker.start.big-teams": {
        "en": "Teams of more than two: +15 life and +5 poison per extra player.",
        "ja": "3人以上のチームでは、2人を超えるプレイヤー1人につきライフが 15 点、"
        "敗北する毒カウンターの数が 5 個増えます。",
    },
    "tracker.start.team-poison": {
        "en": "Poison counters are shared by the team; {limit} loses.",
        "ja": "毒カウンターはチームで共有し、{limit} 個で敗北します。",
    },
    "tracker.start.shields": {
        "en": "Each player starts with {shields} shields; there are no life totals.",
        "ja": "各プレイヤーはシールド {shields} 枚でゲームを始めます。ライフはありません。",
    },
    "tracker.start.planar-die": {
        "en": "The active player may roll the planar die; each further roll that turn costs 1 more.",
        "ja": "アクティブ・プレイヤーは次元ダイスを振れます。そのターンにもう一度振るたびに、コストが 1 ずつ増えます。",
    },
    "tracker.start.first-turn": {
        "en": "{player} takes the first turn.",
        "ja": "{player} が最初のターンを行います。",
    },
    "tracker.life.gain": {
        "en": "{player} gains {amount} life: {before} → {after}.",
        "ja": "{player} のライフが {amount} 増えました（{before} → {after}）。",
    },
    "tracker.life.lose": {
        "en": "{player} loses {amount} life: {before} → {after}.",
        "ja": "{player} のライフが {amount} 減りました（{before} → {after}）。",
    },
    "tracker.life.team-gain": {
        "en": "{player} gains {amount} life; the team's shared life total goes {before} → {after}.",
        "ja": "{player} のライフが {amount} 増えました。チームで共有するライフ：{before} → {after}。",
    },
    "tracker.life.team-lose": {
        "en": "{player} loses {amount} life; the team's shared life total goes {before} → {after}.",
        "ja": "{player} のライフが {amount} 減りました。チームで共有するライフ：{before} → {after}。",
    },
    "tracker.poison.get": {
        "en": "{player} gets {amount} poison counter(s): {before} → {after}; {limit} or more loses.",
        "ja": "{player} が毒カウンターを {amount} 個得ました（{before} → {after}）。{limit} 個以上で敗北します。",
    },
    "tracker.poison.remove": {
        "en": "{player} loses {amount} poison counter(s): {before} → {after}; {limit} or more loses.",
        "ja": "{player} の毒カウンターが {amount} 個減りました（{before} → {after}）。{limit} 個以上で敗北します。",
    },
    "tracker.poison.team-get": {
        "en": "{player} gets {amount} poison counter(s); the team's shared poison counters go {before} → {after}.",
        "ja": "{player} が毒カウンターを {amount} 個得ました。チームで共有する毒カウンター：{before} → {after}。",
    },
    "tracker.poison.team-remove": {
        "en": "{player} loses {amount} poison counter(s); the team's shared poison counters go {before} → {after}.",
        "ja": "{player} の毒カウンターが {amount} 個減りました。チームで共有する毒カウンター：{before} → {after}。",
    },
    "tracker.damage.deal": {
        "en": "{commander} deals {amount} combat damage to {player}: {total} in total from this commander. {note}",
        "ja": "{commander}が {player} に {amount} 点の戦闘ダメージを与えました（この統率者から合計 {total} 点）。{note}",
    },
    "tracker.damage.correct": {
        "en": "Correction: {amount} combat damage from {commander} to {player} removed: {total} in total. {note}",
        "ja": "訂正：{commander}から {player} への戦闘ダメージを {amount} 点取り消しました（合計 {total} 点）。{note}",
    },
    "tracker.damage.limit": {
        "en": "{limit} or more from one commander loses.",
        "ja": "同じ統率者から {limit} 点以上受けると敗北します。",
    },
    "tracker.damage.brawl": {
        "en": "Brawl does not use the {limit} commander damage rule.",
        "ja": "ブロールでは統率者ダメージ {limit} 点のルールを使いません。",
    },
    "tracker.damage.partners": {
        "en": "Damage from each of two commanders (partners, or a commander and its Background) is counted "
        "separately.",
        "ja": "2体の統率者（共闘、または背景選択と背景）からのダメージは、それぞれ別々に数えます。",
    },
    "tracker.damage.life-back": {
        "en": "{player} gets back {amount} life: {before} → {after}.",
        "ja": "{player} のライフが {amount} 戻りました（{before} → {after}）。",
    },
    "tracker.named": {
        "en": "{owner} names {commander} as their commander: its tax and the combat damage it deals are "
        "counted from now.",
        "ja": "{owner} の統率者は{commander}です：統率者税と、それが与える戦闘ダメージはここから数えます。",
    },
    "tracker.named-dtc": {
        "en": "{owner} names {commander} as their commander card: its extra cost is counted from now.",
        "ja": "{owner} の統率者は{commander}です：追加コストはここから数えます。",
    },
    "tracker.named-partner": {
        "en": "A second commander (partner, or choose a Background and a Background): each is counted "
        "separately.",
        "ja": "2体目の統率者です（共闘、または背景選択と背景）：それぞれ別々に数えます。",
    },
    "tracker.cast": {
        "en": "{owner} casts {commander} from the command zone: commander tax {cost} for {casts} earlier "
        "cast(s) from there.",
        "ja": "{owner} が{commander}を統率領域から唱えました：統率者税は {cost}（統率領域から唱えたのは以前に "
        "{casts} 回）。",
    },
    "tracker.cast-dtc": {
        "en": "{owner} plays {commander} from the command zone: {cost} more (colourless, not reducible) for "
        "{casts} earlier play(s) from there.",
        "ja": "{owner} が{commander}を統率領域からプレイしました：追加コストは {cost}（無色、軽減できません。"
        "統率領域からのプレイは以前に {casts} 回）。",
    },
    "tracker.without-cast.battlefield": {
        "en": "{commander} was put onto the battlefield without being cast: no commander tax, and the count of "
        "casts from the command zone stays {casts}.",
        "ja": "{commander}は唱えられずに戦場に出ました：統率者税はかからず、統率領域から唱えた回数は {casts} 回のままです。",
    },
    "tracker.without-cast.other-zone": {
        "en": "{commander} was cast from a zone other than the command zone: no commander tax, and the count of "
        "casts from the command zone stays {casts}.",
        "ja": "{commander}は統率領域以外の領域から唱えられました：統率者税はかからず、統率領域から唱えた回数は "
        "{casts} 回のままです。",
    },
    "tracker.without-cast.battlefield-dtc": {
        "en": "{commander} was put into the battle zone without being played: no extra cost, and the count of "
        "plays from the command zone stays {casts}.",
        "ja": "{commander}はプレイされずにバトルゾーンに出ました：追加コストはかからず、統率領域からのプレイ回数は "
        "{casts} 回のままです。",
    },
    "tracker.without-cast.other-zone-dtc": {
        "en": "{commander} was played from a zone other than the command zone: no extra cost, and the count of "
        "plays from the command zone stays {casts}.",
        "ja": "{commander}は統率領域以外からプレイされました：追加コストはかからず、統率領域からのプレイ回数は "
        "{casts} 回のままです。",
    },
    "tracker.set-casts": {
        "en": "Correction: {commander} has been cast {casts} time(s) from the command zone.",
        "ja": "訂正：{commander}を統率領域から唱えた回数を {casts} 回にしました。",
    },
    "tracker.set-casts-dtc": {
        "en": "Correction: {commander} has been played {casts} time(s) from the command zone.",
        "ja": "訂正：{commander}の統率領域からのプレイ回数を {casts} 回にしました。",
    },
    "tracker.tax.dtc-per-player": {
        "en": "Plays are counted for each player, not for the team.",
        "ja": "プレイ回数はチームではなく、プレイヤーごとに数えます。",
    },
    "tracker.tax.partners": {
        "en": "Each of two commanders (partners, or a commander and its Background) counts its own casts.",
        "ja": "2体の統率者（共闘、または背景選択と背景）は、それぞれ唱えた回数を別々に数えます。",
    },
    "tracker.tax.next": {
        "en": "Next cast of {commander} from the command zone: tax {cost}.",
        "ja": "次に{commander}を統率領域から唱えるときの統率者税：{cost}。",
    },
    "tracker.tax.next-dtc": {
        "en": "Next play of {commander} from the command zone: {cost} more.",
        "ja": "次に{commander}を統率領域からプレイするときの追加コスト：{cost}。",
    },
    "tracker.shields.add": {
        "en": "{player}'s shields: {amount} added, {before} → {after}.",
        "ja": "{player} のシールドが {amount} 枚増えました（{before} → {after}）。",
    },
    "tracker.shields.break": {
        "en": "{player}'s shields: {amount} broken, {before} → {after}.",
        "ja": "{player} のシールドが {amount} 枚ブレイクされました（{before} → {after}）。",
    },
    "tracker.shields.none-left": {
        "en": "The team has no shields left: a direct attack that is not stopped wins the game.",
        "ja": "このチームのシールドはすべてなくなりました：止められないダイレクトアタックで相手の勝利です。",
    },
    "tracker.planar.free": {
        "en": "An effect makes {player} roll the planar die: no cost, and the cost of the next roll stays {cost}.",
        "ja": "効果によって {player} が次元ダイスを振ります：コストはかからず、次に振るコストは {cost} のままです。",
    },
    "tracker.planar.roll": {
        "en": "{player} rolls the planar die for {cost} ({count} earlier roll(s) this turn); the next roll costs "
        "{next}.",
        "ja": "{player} が {cost} を支払って次元ダイスを振りました（このターンに以前 {count} 回）。次に振るコストは "
        "{next} です。",
    },
    "tracker.planar.own-rolls": {
        "en": "Each player on the active team counts their own rolls.",
        "ja": "アクティブ・チームの各プレイヤーは、自分が振った回数をそれぞれ数えます。",
    },
    "tracker.planar.blank": {"en": "Blank face: nothing happens.", "ja": "無地の面：何も起こりません。"},
    "tracker.planar.chaos": {
        "en": "Chaos symbol: chaos ensues; the face-up plane's chaos ability triggers.",
        "ja": "カオス・シンボル：カオスが起こり、オモテ向きの次元の「カオスが起こるたび」の能力が誘発します。",
    },
    "tracker.planar.planeswalker": {
        "en": "Planeswalker symbol: the planeswalking ability triggers.",
        "ja": "プレインズウォーカー・シンボル：プレインズウォーク能力が誘発します。",
    },
    "tracker.lose.direct-attack": {
        "en": "A direct attack on {player}'s team was not stopped: the team loses.",
        "ja": "{player} のチームへのダイレクトアタックが止められませんでした：そのチームは敗北します。",
    },
    "tracker.lose.concede": {
        "en": "{player} concedes and leaves the game.",
        "ja": "{player} が投了し、ゲームから離れます。",
    },
    "tracker.lose.empty-library": {
        "en": "{player} drew from an empty library and loses the game.",
        "ja": "{player} はカードのないライブラリーから引こうとしたので、ゲームに敗北します。",
    },
    "tracker.lose.library-out": {
        "en": "{player}'s deck has reached 0 cards (drawing the last card counts): a library-out, which loses "
        "the game for {player}'s team.",
        "ja": "{player} の山札が0枚になりました（最後の1枚を引いて0枚になった場合も含む）。ライブラリアウトとなり、{player} のチームは敗北します。",
    },
    "tracker.lose.effect": {
        "en": "An effect says {player} loses the game.",
        "ja": "効果によって {player} はゲームに敗北します。",
    },
    "tracker.lose.team": {"en": "The whole team loses together.", "ja": "チーム全員がいっしょに敗北します。"},
    "tracker.turn.skip": {
        "en": "{players} left the game: that turn doesn't begin.",
        "ja": "{players} はゲームから離れています：そのターンは始まりません。",
    },
    "tracker.turn.team": {
        "en": "Turn {turn}: the team {players} takes its turn together.",
        "ja": "ターン {turn}：{players} のチームがいっしょにターンを行います。",
    },
    "tracker.turn.player": {
        "en": "Turn {turn}: {player} is the active player.",
        "ja": "ターン {turn}：{player} がアクティブ・プレイヤーです。",
    },
    "tracker.turn.planar-reset": {
        "en": "Planar die costs start again at {cost}: they count rolls in the current turn.",
        "ja": "次元ダイスのコストは {cost} に戻ります：そのターンに振った回数で決まるからです。",
    },
    "tracker.sba.life": {
        "en": "{players} at {life} life: loses the game.",
        "ja": "{players} のライフが {life} なので、ゲームに敗北します。",
    },
    "tracker.sba.team-life": {
        "en": "{players} at {life} life: lose the game.",
        "ja": "{players} のチームのライフが {life} なので、チームはゲームに敗北します。",
    },
    "tracker.sba.poison": {
        "en": "{players} with {poison} poison counters: loses the game.",
        "ja": "{players} の毒カウンターが {poison} 個なので、ゲームに敗北します。",
    },
    "tracker.sba.team-poison": {
        "en": "{players} with {poison} poison counters: lose the game.",
        "ja": "{players} のチームの毒カウンターが {poison} 個なので、チームはゲームに敗北します。",
    },
    "tracker.sba.commander-damage": {
        "en": "{player} has been dealt {amount} combat damage by {commander}: loses the game.",
        "ja": "{player} は {commander}から合計 {amount} 点の戦闘ダメージを受けたので、ゲームに敗北します。",
    },
    "tracker.win": {
        "en": "{player} wins the game: every opponent has left.",
        "ja": "{player} がゲームに勝利しました：対戦相手は全員ゲームから離れました。",
    },
    "tracker.win-team": {
        "en": "{players} win the game: every opposing team has left.",
        "ja": "{players} がゲームに勝利しました：相手チームはすべてゲームから離れました。",
    },
    "tracker.draw": {
        "en": "Every remaining player lost at the same time: the game is a draw.",
        "ja": "残っていたプレイヤー全員が同時に敗北しました：ゲームは引き分けです。",
    },
}

# One line of the history log per change.
_HISTORY: dict[str, dict[str, str]] = {
    "tracker.summary.life": {"en": "{player}: {amount:+d} life", "ja": "{player}：ライフ {amount:+d}"},
    "tracker.summary.poison": {
        "en": "{player}: {amount:+d} poison",
        "ja": "{player}：毒カウンター {amount:+d}",
    },
    "tracker.summary.shields": {
        "en": "{player}: {amount:+d} shields",
        "ja": "{player}：シールド {amount:+d}",
    },
    "tracker.summary.commander-damage": {
        "en": "{player}: {amount:+d} combat damage from {commander}",
        "ja": "{player}：{commander}からの戦闘ダメージ {amount:+d}",
    },
    "tracker.summary.cast": {
        "en": "{player} cast {commander} from the command zone",
        "ja": "{player} が{commander}を統率領域から唱えた",
    },
    "tracker.summary.name-commander": {
        "en": "{player} named {commander} as their commander",
        "ja": "{player} の統率者を{commander}にした",
    },
    "tracker.summary.cast-dtc": {
        "en": "{player} played {commander} from the command zone",
        "ja": "{player} が{commander}を統率領域からプレイした",
    },
    "tracker.summary.set-casts": {
        "en": "Correction: {commander} has been cast {casts} times from the command zone",
        "ja": "訂正：{commander}を統率領域から唱えた回数は {casts} 回",
    },
    "tracker.summary.set-casts-dtc": {
        "en": "Correction: {commander} has been played {casts} times from the command zone",
        "ja": "訂正：{commander}の統率領域からのプレイは {casts} 回",
    },
    "tracker.summary.battlefield": {
        "en": "{commander} was put onto the battlefield without being cast: no tax",
        "ja": "{commander}は唱えられずに戦場に出た：統率者税なし",
    },
    "tracker.summary.other-zone": {
        "en": "{commander} was cast from another zone: no tax",
        "ja": "{commander}は統率領域以外から唱えられた：統率者税なし",
    },
    "tracker.summary.battlefield-dtc": {
        "en": "{commander} was put into the battle zone without being played: no tax",
        "ja": "{commander}はプレイされずにバトルゾーンに出た：統率者税なし",
    },
    "tracker.summary.other-zone-dtc": {
        "en": "{commander} was played from another zone: no tax",
        "ja": "{commander}は統率領域以外からプレイされた：統率者税なし",
    },
    "tracker.summary.roll": {
        "en": "{player} rolled the planar die: {face}",
        "ja": "{player} が次元ダイスを振った：{face}",
    },
    "tracker.summary.roll-free": {
        "en": "{player} rolled the planar die because of an effect: {face}",
        "ja": "{player} が効果によって次元ダイスを振った：{face}",
    },
    "tracker.summary.next-turn": {"en": "Next turn", "ja": "次のターン"},
    "tracker.summary.lose": {
        "en": "{player} lost the game: {reason}",
        "ja": "{player} がゲームに敗北した：{reason}",
    },
}

_PROBLEMS: dict[str, dict[str, str]] = {
    "tracker.given-twice": {
        "en": "{label}: the same commander is given twice.",
        "ja": "{label}：同じ統率者が2回指定されています。",
    },
    "tracker.not-used": {
        "en": "{label}: not used in this game.",
        "ja": "{label}：このゲームでは使いません。",
    },
    "tracker.players-list": {
        "en": "{label}: a list of names in turn order.",
        "ja": "{label}：ターン順に名前を並べてください。",
    },
    "tracker.too-many-players": {
        "en": "{label}: at most {max} players.",
        "ja": "{label}：{max} 人までです。",
    },
    "tracker.too-few-players": {
        "en": "{label}: at least {min} players.",
        "ja": "{label}：{min} 人以上必要です。",
    },
    "tracker.commanders-map": {
        "en": "{label}: give each player's commanders by the player's name.",
        "ja": "{label}：プレイヤーの名前ごとに統率者を指定してください。",
    },
    "tracker.commanders-list": {
        "en": "{label}: a list of commander names.",
        "ja": "{label}：統率者の名前を並べてください。",
    },
    "tracker.commanders-dtc-one": {
        "en": "{label}: DTC uses one commander card.",
        "ja": "{label}：DTC の統率者は1枚です。",
    },
    "tracker.commander-named-already": {
        "en": "{label}: {commander} is {owner}'s commander already.",
        "ja": "{label}：{commander}はすでに {owner} の統率者です。",
    },
    "tracker.commanders-two": {
        "en": "{label}: at most two commanders (partners, or a commander and its Background).",
        "ja": "{label}：統率者は2体（共闘、または背景選択と背景）までです。",
    },
    "tracker.seats-changed": {
        "en": "{label}: the game has changed since these lists were loaded (another phone saved or played): "
        "check them and save again.",
        "ja": "{label}：リストを読み込んだ後にゲームが変わりました（ほかのスマートフォンが保存したかプレイしました）。"
        "確かめてから、もう一度保存してください。",
    },
    "tracker.brackets-commander-only": {
        "en": "{label}: only Commander games take declared brackets and decklists, not {variant}.",
        "ja": "{label}：申告ブラケットとデッキリストは統率者戦のゲームだけのものです（{variant}では使えません）。",
    },
    "tracker.commanders-none": {
        "en": "{label}: {variant} games have no commanders.",
        "ja": "{label}：{variant}には統率者がいません。",
    },
    "tracker.teams-list": {
        "en": "{label}: a list of teams, each a list of players.",
        "ja": "{label}：チームごとにプレイヤーを並べてください。",
    },
    "tracker.team-list": {
        "en": "{label}: a list of one or more players.",
        "ja": "{label}：1人以上のプレイヤーを並べてください。",
    },
    "tracker.team-twice": {
        "en": "{label}: '{name}' is on two teams.",
        "ja": "{label}：「{name}」が2つのチームに入っています。",
    },
    "tracker.team-missing": {
        "en": "{label}: {names} not on any team.",
        "ja": "{label}：{names} がどのチームにも入っていません。",
    },
    "tracker.teams-none": {
        "en": "{label}: only Two-Headed Giant and DTC games have teams.",
        "ja": "{label}：チームがあるのは双頭巨人戦と DTC だけです。",
    },
    "tracker.teams-two": {
        "en": "{label}: the game is played by two teams.",
        "ja": "{label}：ゲームは2チームで行います。",
    },
    "tracker.teams-same-size": {
        "en": "{label}: Two-Headed Giant needs two teams of the same size, 2 or more each.",
        "ja": "{label}：双頭巨人戦は同じ人数（2人以上）の2チームで行います。",
    },
    "tracker.planechase-dtc": {
        "en": "{label}: DTC is a Duel Masters format without a planar die.",
        "ja": "{label}：DTC はデュエル・マスターズのフォーマットなので、次元ダイスは使いません。",
    },
    "tracker.amount-zero": {"en": "{label}: must not be 0.", "ja": "{label}：0 以外の数を入力してください。"},
    "tracker.no-commanders": {
        "en": "{label}: {variant} games have no commanders.",
        "ja": "{label}：{variant}には統率者がいません。",
    },
    "tracker.no-commander-number": {
        "en": "{label}: {owner} has no commander number {n}.",
        "ja": "{label}：{owner} に{n}体目の統率者はいません。",
    },
    "tracker.dtc-no-life": {
        "en": "{label}: DTC games have shields, not life, poison or commander damage.",
        "ja": "{label}：DTC にはライフ・毒カウンター・統率者ダメージはなく、シールドを使います。",
    },
    "tracker.shields-dtc-only": {
        "en": "{label}: only DTC games have shields.",
        "ja": "{label}：シールドを使うのは DTC だけです。",
    },
    "tracker.not-planechase": {
        "en": "{label}: this game is not played with Planechase.",
        "ja": "{label}：このゲームはプレインチェイス戦ではありません。",
    },
    "tracker.direct-attack-dtc-only": {
        "en": "{label}: a direct attack decides only DTC games.",
        "ja": "{label}：ダイレクトアタックで決着するのは DTC だけです。",
    },
    "tracker.game-over": {
        "en": "The game is over; undo the last change to correct it.",
        "ja": "ゲームは終わっています。訂正するには最後の変更を取り消してください。",
    },
    "tracker.left-game": {
        "en": "{label}: {player} has left the game.",
        "ja": "{label}：{player} はゲームから離れています。",
    },
    "tracker.total-out-of-range": {
        "en": "{label}: the total would leave the range {low} to {high}.",
        "ja": "{label}：合計が {low}〜{high} の範囲を超えてしまいます。",
    },
    "tracker.poison-below-zero": {
        "en": "{label}: {player} has only {poison} poison counters.",
        "ja": "{label}：{player} の毒カウンターは {poison} 個しかありません。",
    },
    "tracker.team-poison-below-zero": {
        "en": "{label}: {player}'s team has only {poison} poison counters.",
        "ja": "{label}：{player} のチームの毒カウンターは {poison} 個しかありません。",
    },
    "tracker.damage-below-zero": {
        "en": "{label}: {commander} has dealt {player} only {before} combat damage.",
        "ja": "{label}：{commander}が {player} に与えた戦闘ダメージは {before} 点だけです。",
    },
    "tracker.shields-below-zero": {
        "en": "{label}: {player} has only {shields} shields.",
        "ja": "{label}：{player} のシールドは {shields} 枚しかありません。",
    },
    "tracker.shields-too-many": {
        "en": "{label}: more than {max} shields.",
        "ja": "{label}：シールドが {max} 枚を超えます。",
    },
    "tracker.casts-too-many": {
        "en": "{label}: at most {max} casts from the command zone.",
        "ja": "{label}：統率領域から唱えられるのは {max} 回までです。",
    },
    "tracker.count-too-many": {"en": "{label}: at most {max} times.", "ja": "{label}：{max} 回までです。"},
    "tracker.roll-not-active": {
        "en": "{label}: only the active player may roll the planar die, and it is not {player}'s turn.",
        "ja": "{label}：次元ダイスを振れるのはアクティブ・プレイヤーだけです。今は {player} のターンではありません。",
    },
    "tracker.direct-attack-shields": {
        "en": "{label}: a direct attack needs every shield of {player}'s team gone; {left} left.",
        "ja": "{label}：ダイレクトアタックには {player} のチームのシールドがすべてなくなっている必要があります（残り {left} 枚）。",
    },
    "tracker.too-many-events": {
        "en": "The game has {max} changes already; start a new game.",
        "ja": "このゲームの変更はすでに {max} 件あります。新しいゲームを始めてください。",
    },
    "tracker.nothing-to-undo": {"en": "Nothing to undo.", "ja": "取り消せる変更はありません。"},
    "tracker.nothing-to-undo-by": {
        "en": "{player} has no change left to undo.",
        "ja": "{player} が取り消せる変更はもうありません。",
    },
    "tracker.undo-blocked": {
        "en": "This change can't be undone alone: a later change ({change}) depends on it. Undo that one first.",
        "ja": "この変更だけを取り消すことはできません：後の変更（{change}）がこの変更を前提にしています。先にそちらを取り消してください。",
    },
    "tracker.already-done.next-turn": {
        "en": "Another phone updated the table first (changes since “Next turn” was pressed: {changes}), "
        "so nothing was done: no player is skipped. Press again if the turn should still pass.",
        "ja": "ほかの端末で先に更新されました（「次のターン」を押した後の変更 {changes} 件）。何もしていません。"
        "プレイヤーが飛ばされることはありません。まだターンを進める場合はもう一度押してください。",
    },
    "tracker.already-done.undo": {
        "en": "Another phone updated the table first (changes since “Undo” was pressed: {changes}), "
        "so nothing was undone: two presses never undo two changes. Press again if a change should still "
        "be undone.",
        "ja": "ほかの端末で先に更新されました（「取り消す」を押した後の変更 {changes} 件）。何も取り消していません。"
        "2回押しても2つの変更が取り消されることはありません。まだ取り消す場合はもう一度押してください。",
    },
    "tracker.revision-required.next-turn": {
        "en": "“Next turn” needs the revision it was pressed on (the table is at {current}): nothing was done, "
        "so no player is skipped.",
        "ja": "「次のターン」には押したときの更新番号が必要です（今のテーブルは {current}）。"
        "何もしていないので、プレイヤーが飛ばされることはありません。",
    },
    "tracker.undo-too-old": {
        "en": "Nothing to undo among the last {window} changes; an older change can't be undone.",
        "ja": "直近 {window} 件の変更に取り消せるものはありません。それより古い変更は取り消せません。",
    },
    "tracker.revision-ahead": {
        "en": "{label}: revision {expected} doesn't exist yet (the table is at {current}).",
        "ja": "{label}：更新番号 {expected} はまだありません（今のテーブルは {current}）。",
    },
    "tracker.snapshot-sides": {
        "en": "{label}: the sides don't match the players and teams.",
        "ja": "{label}：チームとプレイヤーの並びが一致しません。",
    },
    "tracker.snapshot-unreachable": {
        "en": "The saved table is not one the rules can reach (a player who should have lost is still in the "
        "game, or more turns than changes).",
        "ja": "保存されたテーブルはルール上ありえない状態です（敗北しているはずのプレイヤーが残っているか、"
        "ターン数が変更の数より多い）。",
    },
}

TEXTS: dict[str, dict[str, str]] = {**_LABELS, **_NAMES, **_STEPS, **_HISTORY, **_PROBLEMS}
