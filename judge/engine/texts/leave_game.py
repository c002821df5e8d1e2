"""Message texts of leaving the game (judge.engine.leave_game, leave_game_result, dtc_game): code -> {"en", "ja"}.

One Japanese term for leaving the game: ゲームから離れる. Object names arrive already in 《》 where they are cards.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "leave.label.leaving": {"en": "Player who leaves", "ja": "ゲームから離れるプレイヤー"},
    "leave.label.loser": {"en": "Player whose team loses", "ja": "チームが敗北するプレイヤー"},
    "leave.label.reason": {"en": "Why the team loses", "ja": "敗北の理由"},
    "leave.label.attacker": {"en": "Attacking player", "ja": "攻撃するプレイヤー"},
    "leave.label.target": {"en": "Attacked player", "ja": "攻撃されるプレイヤー"},
    "leave.reason.leaves": {"en": "a player would leave", "ja": "プレイヤーが抜ける"},
    "leave.reason.library-out": {
        "en": "library-out (the deck reached 0 cards)",
        "ja": "ライブラリアウト（山札が0枚）",
    },
    "leave.reason.special-loss": {"en": "special loss", "ja": "特殊敗北"},
    "leave.reason.direct-attack": {"en": "direct attack", "ja": "ダイレクトアタック"},
    "leave.nothing": {"en": "nothing", "ja": "なし"},
    "leave.its-source": {"en": "its source", "ja": "その発生源"},
    # 1. who leaves
    "leave.team-leaves": {
        "en": "In Two-Headed Giant a player leaves and loses only with their team: {mates} leaves the game "
        "together with {player}.",
        "ja": "双頭巨人戦では、プレイヤーはチーム単位でしかゲームから離れず敗北もしないので、{mates}も{player}と一緒にゲームから離れる。",
    },
    # 2. planar controller
    "leave.planar-handover": {
        "en": "{old} is the planar controller and would leave the game: first {new}, the next player in turn order "
        "who is not leaving, becomes the planar controller (and controls the face-up planes and phenomena: "
        "{names}); then {old} leaves.",
        "ja": "次元コントローラーである{old}がゲームから離れる。その前に、ターン順で次の、ゲームから離れないプレイヤーである{new}が次元コントローラーになり（オモテ向きの次元カードと現象カード：{names}をコントロールする）、その後で{old}がゲームから離れる。",
    },
    "leave.planar-handover-team": {
        "en": "{old}'s team would leave the game while {old} is the planar controller: first {new}, the primary "
        "player of the next team in turn order, becomes the planar controller (and controls: {names}); "
        "then the old planar controller's team leaves.",
        "ja": "次元コントローラーである{old}のチームがゲームから離れる。その前に、ターン順で次のチームの主プレイヤーである{new}が次元コントローラーになり（コントロールするもの：{names}）、その後で古い次元コントローラーのチームがゲームから離れる。",
    },
    "leave.grand-melee-marker": {
        "en": "Grand Melee: {player} leaving removes a turn marker, so {player} first stops being a planar "
        "controller (nobody replaces them); the face-up planes and phenomena they controlled go to the bottom "
        "of their owners' planar decks ({names}) and nobody planeswalks.",
        "ja": "大乱闘戦：{player}がゲームから離れるとターン・マーカーが減るので、{player}はまず次元コントローラーでなくなり（代わりはいない）、コントロールしていたオモテ向きの次元カードと現象カード（{names}）はオーナーの次元デッキの一番下に置かれる。誰もプレインズウォークしない。",
    },
    "leave.grand-melee-marker-designated": {
        "en": "Grand Melee: with {players} gone there are fewer turn markers; the turn marker nearest on their right "
        "is designated for removal.",
        "ja": "大乱闘戦：{players}がゲームから離れてターン・マーカーが減るので、その右側で最も近いターン・マーカーが取り除かれるものに指定される。",
    },
    # 3. the monarch and the initiative
    "leave.monarch-to-active": {
        "en": "{player} is the monarch: {new}, the active player, becomes the monarch at the same time as {player} "
        "leaves.",
        "ja": "{player}は統治者である。{player}がゲームから離れると同時に、アクティブ・プレイヤーである{new}が統治者になる。",
    },
    "leave.monarch-to-next": {
        "en": "{player} is the monarch and the active player, and is leaving: {new}, the next player in turn order, "
        "becomes the monarch.",
        "ja": "統治者である{player}はアクティブ・プレイヤーで、ゲームから離れる。ターン順で次のプレイヤーである{new}が統治者になる。",
    },
    # 725.4 / 726.4 do not say from whom "the next player in turn order" counts when there is no active
    # player: the answer says the reading it takes (the player who takes the next turn, 800.4j).
    "leave.monarch-no-active": {
        "en": '{player} is the monarch and there is no active player. 725.4 does not say from whom "the next '
        'player in turn order" counts; this answer counts from the turn in progress, so it is the player who takes '
        "the next turn (800.4j): {new} becomes the monarch.",
        "ja": "{player}は統治者で、アクティブ・プレイヤーはいない。725.4は「ターン順で次のプレイヤー」を誰から数えるかを定めていないので、"
        "この回答では進行中のターンから数え、次のターンを行うプレイヤー（800.4j）とする。{new}が統治者になる。",
    },
    "leave.monarch-none": {
        "en": "{player} is the monarch, and no player still in the game can become the monarch: the game continues "
        "with no monarch.",
        "ja": "{player}は統治者だが、ゲームに残っているプレイヤーで統治者になれる者はいない。統治者のいないままゲームは続く。",
    },
    "leave.initiative-to-active": {
        "en": "{player} has the initiative: {new}, the active player, takes the initiative at the same time as "
        "{player} leaves.",
        "ja": "{player}はイニシアチブを持っている。{player}がゲームから離れると同時に、アクティブ・プレイヤーである{new}がイニシアチブを得る。",
    },
    "leave.initiative-to-next": {
        "en": "{player} has the initiative and is the active player, and is leaving: {new}, the next player in turn "
        "order, takes the initiative.",
        "ja": "イニシアチブを持つ{player}はアクティブ・プレイヤーで、ゲームから離れる。ターン順で次のプレイヤーである{new}がイニシアチブを得る。",
    },
    "leave.initiative-no-active": {
        "en": '{player} has the initiative and there is no active player. 726.4 does not say from whom "the next '
        'player in turn order" counts; this answer counts from the turn in progress, so it is the player who takes '
        "the next turn (800.4j): {new} takes the initiative.",
        "ja": "{player}はイニシアチブを持っており、アクティブ・プレイヤーはいない。726.4は「ターン順で次のプレイヤー」を誰から数えるかを"
        "定めていないので、この回答では進行中のターンから数え、次のターンを行うプレイヤー（800.4j）とする。{new}がイニシアチブを得る。",
    },
    "leave.initiative-none": {
        "en": "{player} has the initiative and nobody is left to take it.",
        "ja": "{player}はイニシアチブを持っているが、それを得るプレイヤーは残っていない。",
    },
    "leave.initiative-ventures": {
        "en": "{player} takes the initiative, so the initiative's ability “Whenever a player takes the initiative, that player "
        "ventures into Undercity” triggers: controlled by {player}, it is put on the stack the next time a player "
        "would receive priority, and {player} ventures into Undercity.",
        "ja": "{player}がイニシアチブを得たので、その能力「プレイヤーがイニシアチブを得るたび、そのプレイヤーは地下街に探索する」が誘発する。"
        "{player}がコントロールし、次にプレイヤーが優先権を得るときにスタックに置かれ、{player}は地下街に探索する。",
    },
    "leave.monarch-draws-this-turn": {
        "en": "{player}, the new monarch, is the active player: at the beginning of this turn's end step (if it has "
        "not begun yet), {player} draws a card.",
        "ja": "新たな統治者である{player}はアクティブ・プレイヤーである。このターンの終了ステップの開始時に（まだ始まっていなければ）、{player}がカードを1枚引く。",
    },
    "leave.monarch-draws-own-turn": {
        "en": "The turn in progress is not {player}'s: {player}, the new monarch, draws a card at the beginning of "
        "their own next end step, not at this turn's.",
        "ja": "進行中のターンは{player}のターンではない。新たな統治者である{player}は、このターンではなく自分の次の終了ステップの開始時にカードを1枚引く。",
    },
    # 4. objects owned leave; effects giving control end
    "leave.owned": {
        "en": "{players} leaves the game, and every object they own leaves with them: {names}.",
        "ja": "{players}がゲームから離れ、{players}がオーナーであるオブジェクトもすべてゲームから離れる：{names}。",
    },
    "leave.owned-team": {
        "en": "{players} leave the game, and every object they own leaves with them: {names}.",
        "ja": "{players}がゲームから離れ、彼らがオーナーであるオブジェクトもすべてゲームから離れる：{names}。",
    },
    "leave.owned-nothing": {
        "en": "{players} leaves the game; they own no object in it.",
        "ja": "{players}がゲームから離れる。{players}がオーナーであるオブジェクトはない。",
    },
    "leave.owned-nothing-team": {
        "en": "{players} leave the game; they own no object in it.",
        "ja": "{players}がゲームから離れる。彼らがオーナーであるオブジェクトはない。",
    },
    "leave.ante-stays": {
        "en": "Cards {players} owns in the ante zone stay in the game: {names}.",
        "ja": "{players}がオーナーであるアンティ領域のカードはゲームに残る：{names}。",
    },
    "leave.player-control-ends": {
        "en": "{controller} was controlling {player}: that effect ends, and {player} makes their own choices again.",
        "ja": "{controller}は{player}をコントロールしていた。その効果は終わり、{player}は再び自分で選択や決定を行う。",
    },
    "leave.player-control-pending-ends": {
        "en": "{controller} would control {player} during {player}'s next turn: that effect ends, and {player} "
        "will not be controlled by a player who has left.",
        "ja": "{controller}は{player}の次のターンの間{player}をコントロールするはずだった。その効果は終わり、{player}がゲームから離れたプレイヤーにコントロールされることはない。",
    },
    "leave.controlled-player-leaves": {
        "en": "{player} was controlled by {controller}: {player} has left the game, so there is no one left for "
        "{controller} to control.",
        "ja": "{player}は{controller}にコントロールされていたが、{player}がゲームから離れたので、{controller}がコントロールする相手はいなくなる。",
    },
    "leave.control-ends": {
        "en": "{object}: the effect giving {player} control of it ends.",
        "ja": "{object}：{player}にそのコントロールを与えていた効果が終わる。",
    },
    "leave.control-ends-source": {
        "en": "{object}: the effect giving {player} control of it ends, because {source} is no longer on the "
        "battlefield.",
        "ja": "{object}：{source}が戦場になくなったので、{player}にそのコントロールを与えていた効果が終わる。",
    },
    "leave.control-to-latest": {
        "en": "{object} is now controlled by {player}: the latest control effect still in force decides.",
        "ja": "{object}は{player}のコントロールになる。まだ有効なコントロール変更効果のうち最新のものが適用される。",
    },
    "leave.control-to-default": {
        "en": "{object} returns to {player}, who controls it by default.",
        "ja": "{object}は、本来のコントローラーである{player}のコントロールに戻る。",
    },
    "leave.control-exiled": {
        "en": "No other effect gives {object} to a player in the game, and {player}, who controls it by default, "
        "has left: {object} is exiled.",
        "ja": "{object}のコントロールをゲーム内のプレイヤーに与える効果は他になく、本来のコントローラーである{player}はゲームから離れている。{object}は追放される。",
    },
    # 5-7. the stack, exile, planeswalking
    "leave.stack-cease": {
        "en": "Objects on the stack that {players} controlled and that are not cards cease to exist: {names}.",
        "ja": "{players}がコントロールしていた、スタック上のカードでないオブジェクトは消滅する：{names}。",
    },
    # 901.10b in ja/003's words: 現象からの能力 / ゲームから離れた / 新しい次元コントローラー.
    "leave.phenomenon-ability-stays": {
        "en": "{object}, an ability from the phenomenon {source} owned by {players}, who left the game, remains on "
        "the stack, controlled by the new planar controller {player}.",
        "ja": "ゲームから離れた{players}がオーナーである現象{source}からの能力（{object}）は、スタックに残り、新しい次元コントローラーである{player}がコントロールする。",
    },
    "leave.planeswalking-ceases": {
        "en": "A plane left the game while a planeswalking ability was on the stack: {names} ceases to exist.",
        "ja": "プレインズウォーク能力がスタックにある間に次元カードがゲームから離れたので、{names}は消滅する。",
    },
    "leave.exiled": {
        "en": "Objects {players} still controlled are exiled: {names}.",
        "ja": "{players}がまだコントロールしていたオブジェクトは追放される：{names}。",
    },
    "leave.planeswalk": {
        "en": "The face-up {object} left the game with its owner, so the planar controller {player} planeswalks: "
        "{player} turns the top card of their planar deck face up.",
        "ja": "オモテ向きの{object}がオーナーと共にゲームから離れたので、次元コントローラーである{player}がプレインズウォークする。{player}は自分の次元デッキの一番上のカードをオモテ向きにする。",
    },
    "leave.planeswalk-to": {
        "en": "{player} planeswalks to {object}: it is the top card of their planar deck, now face up.",
        "ja": "{player}は{object}にプレインズウォークする。それは{player}の次元デッキの一番上のカードで、オモテ向きになる。",
    },
    # 8. combat
    "leave.combat-attacker-gone": {
        "en": "{object} is no longer on the battlefield, so it is removed from combat.",
        "ja": "{object}は戦場を離れたので、戦闘から取り除かれる。",
    },
    "leave.combat-control-changed": {
        "en": "{object} is now controlled by {player}, no longer by {before}: a permanent whose control changes is "
        "removed from combat, so it is no longer attacking or blocking and deals no combat damage this combat.",
        "ja": "{object}のコントローラーは{before}から{player}に変わった。コントローラーが変わったパーマネントは戦闘から取り除かれるので、もう攻撃も"
        "ブロックもしておらず、この戦闘で戦闘ダメージを与えない。",
    },
    "leave.combat-damage-not-assigned": {
        "en": "{object} is still an attacking creature, but {player} has left the game: no combat damage is assigned "
        "to {player}, even with trample.",
        "ja": "{object}は攻撃クリーチャーのままだが、{player}はゲームから離れたので、トランプルを持っていても戦闘ダメージは{player}に割り振られない。",
    },
    "leave.combat-damage-not-assigned-blocked": {
        "en": "{object} was attacking {player}, who has left the game: none of its combat damage is assigned to "
        "{player}, even with trample; it still deals combat damage to the creatures blocking it.",
        "ja": "{object}が攻撃していた{player}はゲームから離れた。トランプルを持っていても、その戦闘ダメージは{player}には割り振られない。ブロックしているクリーチャーには戦闘ダメージを割り振る。",
    },
    "leave.combat-target-gone": {
        "en": "{target} has left the battlefield: {object} goes on attacking, but attacks nothing; if it is "
        "unblocked it deals no combat damage.",
        "ja": "{target}が戦場を離れた。{object}は攻撃クリーチャーのままだが、何も攻撃していない。ブロックされていなければ戦闘ダメージを与えない。",
    },
    "leave.combat-blockers-gone": {
        "en": "Every creature blocking {object} is gone, but {object} stays blocked: it assigns no combat damage, "
        "unless it has trample, which assigns it all to the player it attacks.",
        "ja": "{object}をブロックしていたクリーチャーはすべていなくなったが、{object}はブロックされた状態のままである。トランプルを持っていなければ戦闘ダメージを割り振らない（持っていれば、すべて攻撃しているプレイヤーに割り振る）。",
    },
    # 9-11. delayed triggers, durations, the turn
    "leave.trigger-removed-stays": {
        "en": "The delayed triggered ability {trigger} is controlled by {player}, who has left: when it triggers it "
        "is not put on the stack, so {object} stays where it is.",
        "ja": "遅延誘発型能力{trigger}は、ゲームから離れた{player}がコントロールしている。誘発してもスタックに置かれないので、{object}はそのままである。",
    },
    "leave.trigger-removed": {
        "en": "The delayed triggered ability {trigger} is controlled by {player}, who has left: when it triggers it "
        "is not put on the stack.",
        "ja": "遅延誘発型能力{trigger}は、ゲームから離れた{player}がコントロールしている。誘発してもスタックに置かれない。",
    },
    "leave.trigger-target-gone": {
        "en": "The delayed triggered ability {trigger} stays pending, but {object} has left the game, so the "
        "ability will not find it.",
        "ja": "遅延誘発型能力{trigger}は待機したままだが、{object}はゲームから離れたので、その能力はそれを見つけられない。",
    },
    "leave.timed-effect": {
        "en": "The effect of {effect} lasts until {player}'s next turn: it now lasts until that turn would have "
        "begun (after {previous}'s turn); it neither ends now nor lasts forever.",
        "ja": "{effect}の効果は{player}の次のターンまで続く。そのターンが始まるはずだった時点（{previous}のターンの後）まで続き、今すぐ終わることも、いつまでも続くこともない。",
    },
    "leave.turn-continues": {
        "en": "It was {player}'s turn: the turn continues to its end without an active player; {next} takes the "
        "next turn.",
        "ja": "{player}のターンだった。ターンはアクティブ・プレイヤー不在のまま最後まで続き、次のターンは{next}が行う。",
    },
    "leave.turn-continues-team": {
        "en": "It was the turn of the active team ({players}): the turn continues to its end without an active team; "
        "{next}'s team takes the next turn.",
        "ja": "アクティブ・チーム（{players}）のターンだった。ターンはアクティブ・チーム不在のまま最後まで続き、次のターンは{next}のチームが行う。",
    },
    "leave.priority-passes": {
        "en": "{player} had priority: priority passes to {new}, the next player in turn order still in the game.",
        "ja": "{player}が優先権を持っていた。優先権は、ゲームに残っているターン順で次のプレイヤーである{new}に移る。",
    },
    # 12. state-based actions
    "leave.aura-falls": {
        "en": "State-based action: {object} is an Aura attached to nothing ({target} is no longer on the "
        "battlefield or in the game), so it is put into its owner's graveyard ({player}).",
        "ja": "状況起因処理：{object}は何にもついていないオーラになった（{target}は戦場にもゲームにもない）ので、オーナー（{player}）の墓地に置かれる。",
    },
    "leave.unattached": {
        "en": "State-based action: {object} becomes unattached ({target} is gone) and stays on the battlefield.",
        "ja": "状況起因処理：{object}ははずれて（{target}はもうない）戦場に残る。",
    },
    "leave.phenomenon-planeswalk": {
        "en": "State-based action: the phenomenon {object} is face up and no ability of it is on the stack any more, "
        "so the planar controller {player} planeswalks.",
        "ja": "状況起因処理：現象カード{object}がオモテ向きで、その能力がもうスタックにないので、次元コントローラーである{player}がプレインズウォークする。",
    },
    "leave.pending-exile": {
        "en": "{object} stays with {player} for now, but {default}, who controls it by default, has left: when the "
        "effect giving it to {player} ends ({ends}), {object} will be exiled.",
        "ja": "{object}は当面{player}のコントロールのままだが、本来のコントローラーである{default}はゲームから離れている。{player}にコントロールを与えている効果が終わると（{ends}）、{object}は追放される。",
    },
    # 13. the end of the game, or the rest of it
    "leave.game-ends": {
        "en": "The game ends at once: the turn in progress does not go on, and no one takes a next turn.",
        "ja": "ゲームは直ちに終了する。進行中のターンは続かず、次のターンを行うプレイヤーもいない。",
    },
    "leave.wins": {
        "en": "All opponents of {player} have left the game: {player} wins the game.",
        "ja": "{player}の対戦相手がすべてゲームから離れたので、{player}がゲームに勝利する。",
    },
    "leave.team-wins": {
        "en": "Every other team has left the game: the team of {players} wins the game.",
        "ja": "他のチームがすべてゲームから離れたので、{players}のチームがゲームに勝利する。",
    },
    "leave.draw": {
        "en": "Every remaining player left at once: the game is a draw.",
        "ja": "残っていたプレイヤー全員が同時にゲームから離れたので、ゲームは引き分けになる。",
    },
    "leave.no-control-for-them": {
        "en": "For the rest of the game nothing can come under the control of {players}: no control change to them, "
        "no token created for them, nothing enters the battlefield or the stack under their control, and no "
        "player is controlled by them.",
        "ja": "ゲームの残りの間、{players}のコントロール下になるものはない。コントロールが移ることも、トークンが生成されることも、そのコントロール下で戦場やスタックに置かれることもなく、プレイヤーがコントロールされることもない。",
    },
    "leave.no-turns": {
        "en": "Turns {players} would have begun do not begin.",
        "ja": "{players}が開始するはずだったターンは開始しない。",
    },
    # what changed, one line each (derived from the boards before and after)
    "leave.change.left": {"en": "{players} left the game", "ja": "{players}がゲームから離れた"},
    "leave.change.zone": {"en": "{object}: {before} → {after}", "ja": "{object}：{before} → {after}"},
    "leave.change.controller": {
        "en": "{object}: controller {before} → {after}",
        "ja": "{object}：コントローラー {before} → {after}",
    },
    "leave.change.face-up": {"en": "{object} is turned face up", "ja": "{object}がオモテ向きになる"},
    "leave.change.no-combat-damage": {
        "en": "{object}: no combat damage is assigned to {player}",
        "ja": "{object}：{player}に戦闘ダメージは割り振られない",
    },
    "leave.change.out-of-combat": {
        "en": "{object}: removed from combat",
        "ja": "{object}：戦闘から取り除かれる",
    },
    "leave.change.timed-waits": {
        "en": "{player}'s effect lasts until the end of {previous}'s turn",
        "ja": "{player}の効果は{previous}のターンの終わりまで続く",
    },
    "leave.change.timed-ended": {"en": "{player}'s effect ended", "ja": "{player}の効果が終わった"},
    "leave.change.next-turn": {"en": "{player} begins the next turn", "ja": "次のターンは{player}"},
    "leave.change.planar": {
        "en": "planar controller: {before} → {after}",
        "ja": "次元コントローラー：{before} → {after}",
    },
    "leave.change.planeswalks": {"en": "{player} planeswalks", "ja": "{player}がプレインズウォークする"},
    "leave.change.monarch": {"en": "the monarch: {before} → {after}", "ja": "統治者：{before} → {after}"},
    "leave.change.initiative": {
        "en": "the initiative: {before} → {after}",
        "ja": "イニシアチブ：{before} → {after}",
    },
    "leave.change.player-control": {
        "en": "control of a player ended",
        "ja": "プレイヤーのコントロールが終わった",
    },
    "leave.change.triggers-removed": {
        "en": "delayed triggered abilities that will not be put on the stack: {count}",
        "ja": "スタックに置かれなくなった遅延誘発型能力：{count}",
    },
    "leave.change.losers": {"en": "the team of {players} loses", "ja": "{players}のチームが敗北する"},
    "leave.change.winners": {"en": "{players} win", "ja": "{players}の勝利"},
    "leave.change.game-over": {"en": "the game is over", "ja": "ゲーム終了"},
    # Duel Masters Tag Commander (house rules)
    "leave.dtc-turn": {
        "en": "It is the turn of the team of {players}: turns are taken by teams.",
        "ja": "{players}のチームのターンである。ターンはチーム単位で進行する。",
    },
    "leave.dtc-no-leaving": {
        "en": "Duel Masters has no leaving the game: no member of a team drops out in the middle of a game, and "
        "{player} stopping is a loss for their team.",
        "ja": "デュエル・マスターズには「ゲームから離れる」ことはない。対戦の途中でチームのメンバーが1人だけ抜けることはなく、{player}がやめることはそのチームの敗北になる。",
    },
    # The house rules' own words (dtc:win-loss): a Duel Masters deck (山札) is out when it reaches 0 cards, the
    # last card drawn included; not Magic's drawing from an empty library (704.5b).
    "leave.dtc-library-out": {
        "en": "{player}'s deck has reached 0 cards (drawing the last card counts): a player's library-out is "
        "a loss for that player's team ({players}), not for {player} alone.",
        "ja": "{player}の山札が0枚になった（最後の1枚を引いて0枚になった場合も含む）。いずれかのプレイヤーのライブラリアウトは、{player}個人ではなく、そのプレイヤーのチーム（{players}）の敗北となる。",
    },
    "leave.dtc-special-loss": {
        "en": "An effect says {player} loses: a special loss is given to the team ({players}).",
        "ja": "効果により{player}が敗北する。特殊敗北はチーム（{players}）に課せられる。",
    },
    # A direct attack chooses no player (dtc:attack-defense): the step names the team only.
    "leave.dtc-direct-attack": {
        "en": "A direct attack on the team of {players}, who have no shields left, is not stopped: that team loses.",
        "ja": "シールドの残っていない{players}のチームへのダイレクトアタックが止められなかったので、そのチームが敗北する。",
    },
    "leave.dtc-team-loses": {
        "en": "Wins and losses belong to teams, never to one player: the team of {losers} loses and the team of "
        "{winners} wins. The game is over.",
        "ja": "勝利と敗北はチーム単位で与えられ、個人単位の勝敗はない。{losers}のチームが敗北し、{winners}のチームが勝利する。ゲームは終了する。",
    },
    "leave.dtc-attack-shields": {
        "en": "{attacker} attacks {player}, who has {count} shields left: the attack goes to {player}'s shields.",
        "ja": "{attacker}は、シールドが{count}枚残っている{player}を攻撃する。攻撃は{player}のシールドに向かう。",
    },
    "leave.dtc-attack-refused": {
        "en": "{player} has no shields left, but {shielded} still has shields: while any opposing player has "
        "shields, a player with no shields cannot be attacked.",
        "ja": "{player}のシールドは0枚だが、{shielded}にはまだシールドが残っている。相手プレイヤーのいずれかにシールドが残っている間は、シールドが0枚のプレイヤーを攻撃することはできない。",
    },
    "leave.dtc-direct-attack-allowed": {
        "en": "Every player of the opposing team ({players}) has no shields: a direct attack is possible, no player "
        "needs to be chosen, and if it is not stopped that team loses.",
        "ja": "相手チーム（{players}）の全員のシールドがなくなっている。ダイレクトアタックが可能で、相手プレイヤーを指定する必要はなく、止められなければそのチームが敗北する。",
    },
    "leave.dtc-direct-attack-refused": {
        "en": "A direct attack is possible only when the whole opposing team ({players}) has no shields; "
        "{shielded} still has shields.",
        "ja": "ダイレクトアタックができるのは相手チーム（{players}）の全員のシールドがなくなったときだけである。{shielded}にはまだシールドがある。",
    },
    "leave.dtc-not-opponent": {
        "en": "{label}: “{name}” is not an opponent of the attacking player.",
        "ja": "{label}：「{name}」は攻撃するプレイヤーの相手ではありません。",
    },
    "leave.dtc-only": {
        "en": "{label}: this is a Duel Masters Tag Commander ruling; choose a Duel Masters variant.",
        "ja": "{label}：これはデュエマ・タッグ・コマンダーの裁定です。デュエル・マスターズの形式を選んでください。",
    },
    # combat damage (judge.engine.combat)
    "combat.label.stats": {"en": "Power and toughness", "ja": "パワーとタフネス"},
    "combat.label.stats-of": {"en": "Power and toughness of “{id}”", "ja": "「{id}」のパワーとタフネス"},
    "combat.label.life": {"en": "Life totals", "ja": "ライフ"},
    "combat.label.life-of": {"en": "{player}'s life total", "ja": "{player}のライフ"},
    "combat.stats-required": {
        "en": "{object}: its power and toughness are needed for combat damage.",
        "ja": "{object}：戦闘ダメージにはパワーとタフネスが必要です。",
    },
    "combat.life-required": {"en": "{player}'s life total is needed.", "ja": "{player}のライフが必要です。"},
    "combat.shared-life-differs": {
        "en": "{players} share one life total; give it once, or the same number for both.",
        "ja": "{players}はライフを共有しています。1つだけ、または同じ数を書いてください。",
    },
    "combat.shared-team-turns": {
        "en": "Two-Headed Giant uses the combat rules of shared team turns: each team's creatures attack the other "
        "team as a group.",
        "ja": "双頭巨人戦は、「共有チーム・ターン」選択ルールの戦闘ルールを使う。各チームのクリーチャーはまとめて相手チームを攻撃する。",
    },
    "combat.team-announces": {
        "en": "As the combat damage step begins, the active team ({players}) announces how each attacking creature "
        "assigns its combat damage; then the defending team announces its blockers'.",
        "ja": "戦闘ダメージ・ステップの開始時に、アクティブ・チーム（{players}）が各攻撃クリーチャーの戦闘ダメージの割り振りを宣言し、その後で防御チームがブロック・クリーチャーの割り振りを宣言する。",
    },
    "combat.no-power": {
        "en": "{object} has no power to assign: it assigns no combat damage.",
        "ja": "{object}のパワーは0以下なので、戦闘ダメージを割り振らない。",
    },
    "combat.unblocked": {
        "en": "{object} is unblocked: it assigns its {amount} combat damage to {player}, the player it attacks.",
        "ja": "{object}はブロックされていないので、{amount}点の戦闘ダメージを、攻撃しているプレイヤーである{player}に割り振る。",
    },
    "combat.to-blockers": {
        "en": "{object} is blocked: it assigns its combat damage to the creatures blocking it ({shares}).",
        "ja": "{object}はブロックされているので、戦闘ダメージをブロックしているクリーチャーに割り振る（{shares}）。",
    },
    "combat.trample": {
        "en": "{object} has trample: once its blockers are assigned lethal damage ({shares}), the excess {excess} is "
        "assigned to {player}, the player it attacks.",
        "ja": "{object}はトランプルを持つ。ブロック・クリーチャーに致死ダメージを割り振った（{shares}）後、残りの{excess}点を攻撃しているプレイヤーである{player}に割り振る。",
    },
    "combat.player-left": {
        "en": "{object} attacks {player}, who has left the game: the combat damage that would be assigned to "
        "{player} is not assigned.",
        "ja": "{object}が攻撃している{player}はゲームから離れているので、{player}に割り振られるはずだった戦闘ダメージは割り振られない。",
    },
    "combat.attacks-nothing": {
        "en": "{object} is attacking nothing: unblocked, it assigns no combat damage.",
        "ja": "{object}は何も攻撃していないので、ブロックされていなければ戦闘ダメージを割り振らない。",
    },
    "combat.shared-life": {
        "en": "{player} is dealt {amount} damage; it happens to {player}, and the result is applied to the life "
        "total {players} share.",
        "ja": "{player}が{amount}点のダメージを受ける。ダメージは{player}個人に与えられ、その結果が{players}の共有ライフに適用される。",
    },
    "combat.life-loss": {
        "en": "{player} is dealt {amount} damage and loses that much life.",
        "ja": "{player}は{amount}点のダメージを受け、その点数のライフを失う。",
    },
    "combat.life-total": {
        "en": "Life total of {players}: {before} → {after}.",
        "ja": "{players}のライフ：{before} → {after}。",
    },
    "combat.team-loses": {
        "en": "State-based action: the team of {players} has 0 or less life and loses the game.",
        "ja": "状況起因処理：{players}のチームのライフが0以下なので、そのチームはゲームに敗北する。",
    },
    "combat.player-loses": {
        "en": "State-based action: {players} has 0 or less life and loses the game.",
        "ja": "状況起因処理：{players}のライフが0以下なので、ゲームに敗北する。",
    },
    "combat.change.life": {
        "en": "{players}: {amount} damage, life {life}",
        "ja": "{players}：{amount}点のダメージ、ライフ{life}",
    },
    "combat.change.losers": {"en": "{players} lose the game", "ja": "{players}がゲームに敗北する"},
    # the end of a turn (judge.engine.turn_end)
    "leave.label.turns": {"en": "Turns that end", "ja": "終わるターンの数"},
    "leave.turn-ends": {
        "en": "The turn of {players} ends: in the cleanup step, effects lasting until end of turn end.",
        "ja": "{players}のターンが終わる。クリンナップ・ステップに、ターン終了時までの効果が終わる。",
    },
    "leave.turn-ends-no-active": {
        "en": "The turn, with no active player, ends: in the cleanup step, effects lasting until end of turn end.",
        "ja": "アクティブ・プレイヤー不在のターンが終わる。クリンナップ・ステップに、ターン終了時までの効果が終わる。",
    },
    "leave.timed-effect-ends": {
        "en": "The effect of {effect} lasted until {player}'s next turn; {player} has left, and that turn would "
        "begin now: the effect ends.",
        "ja": "{effect}の効果は{player}の次のターンまで続くものだった。{player}はゲームから離れており、そのターンが今始まるはずだったので、効果は終わる。",
    },
    "leave.next-turn": {
        "en": "{player}, the next player in turn order, begins the next turn.",
        "ja": "ターン順で次のプレイヤーである{player}が次のターンを開始する。",
    },
    "leave.next-turn-skips": {
        "en": "{player}, the next player in turn order still in the game, begins the next turn: a player who has "
        "left the game ({left}) begins no turn.",
        "ja": "ゲームに残っているターン順で次のプレイヤーである{player}が次のターンを開始する。ゲームから離れたプレイヤー（{left}）のターンは始まらない。",
    },
    "leave.next-turn-no-active": {
        "en": "The turn went on without an active player, to its end; {player}, the next player in turn order after "
        "the player who left, begins the next turn.",
        "ja": "ターンはアクティブ・プレイヤー不在のまま最後まで続いた。ゲームから離れたプレイヤーのターン順で次のプレイヤーである{player}が次のターンを開始する。",
    },
    "leave.next-team-turn": {
        "en": "The team of {players} takes the next turn: teams take turns.",
        "ja": "{players}のチームが次のターンを行う。ターンはチーム単位である。",
    },
    # cards exiled "until" an event (judge.engine.leave_game_until)
    "leave.until-returns": {
        "en": "{source} has left the battlefield, so the exile of {cards} until it leaves ends: a second one-shot "
        "effect returns {cards} to {zone} at once. This is not a triggered ability, so no player leaving the "
        "game stops it (800.4d is about triggered abilities).",
        "ja": "{source}が戦場を離れたので、それが戦場を離れるまでの{cards}の追放は終わる。2つ目の単発的効果が直ちに{cards}を{zone}に戻す。"
        "これは誘発型能力ではないので、プレイヤーがゲームから離れてもそれは止まらない（800.4dは誘発型能力についての規則である）。",
    },
    "leave.until-returns-end-of-turn": {
        "en": "The turn ends: in the cleanup step the exile of {cards} by {source} until end of turn ends (514.2), "
        "and a second one-shot effect returns {cards} to {zone} at once.",
        "ja": "ターンが終わる。クリンナップ・ステップに、{source}によるターン終了時までの{cards}の追放が終わり（514.2）、"
        "2つ目の単発的効果が直ちに{cards}を{zone}に戻す。",
    },
    "leave.until-zone.battlefield": {"en": "the battlefield", "ja": "戦場"},
    "leave.until-zone.hand": {"en": "its owner's hand", "ja": "オーナーの手札"},
    "leave.until-zone.graveyard": {"en": "its owner's graveyard", "ja": "オーナーの墓地"},
    "leave.until-owner-controls": {
        "en": "{object} returns to the battlefield under its owner's control: {player} controls it.",
        "ja": "{object}はオーナーのコントロール下で戦場に戻る。{player}がそれをコントロールする。",
    },
    "leave.until-commander-battlefield": {
        "en": "{object} is {player}'s commander, on the battlefield again: no choice applies now; if it is later put "
        "into a graveyard or exile, {player} may then put it into the command zone.",
        "ja": "{object}は{player}の統率者で、再び戦場にある。今は選択はない。のちに墓地か追放領域に置かれたなら、そのとき{player}はそれを統率領域に置いてもよい。",
    },
    "leave.until-commander-hand": {
        "en": "{object} is {player}'s commander: as it would be put into {player}'s hand, {player} may put it into "
        "the command zone instead.",
        "ja": "{object}は{player}の統率者である。{player}の手札に置かれる代わりに、{player}はそれを統率領域に置いてもよい。",
    },
    "leave.until-commander-graveyard": {
        "en": "{object} is {player}'s commander, just put into a graveyard: {player} may put it into the command zone "
        "when state-based actions are next checked.",
        "ja": "{object}は{player}の統率者で、墓地に置かれたばかりである。次に状況起因処理が行われるとき、{player}はそれを統率領域に置いてもよい。",
    },
    "leave.until-trigger": {
        "en": "{source} has left the battlefield: its leaves-the-battlefield ability triggers, controlled by {player}, "
        "and is put on the stack the next time a player would receive priority; {cards} returns when it "
        "resolves.",
        "ja": "{source}が戦場を離れたので、その戦場を離れたときの誘発型能力が{player}のコントロールで誘発し、"
        "次にプレイヤーが優先権を得るときにスタックに置かれる。{cards}はそれが解決されたときに戻る。",
    },
    "leave.until-trigger-not-put": {
        "en": "{source} has left the battlefield: its leaves-the-battlefield ability triggers, but it would be "
        "controlled by {player}, who has left the game, so it is not put on the stack: {cards} stays in exile.",
        "ja": "{source}が戦場を離れたので、その戦場を離れたときの誘発型能力が誘発するが、それをコントロールするはずの{player}はゲームから離れているので、"
        "スタックに置かれない。{cards}は追放されたままである。",
    },
    "leave.until-commander-stays": {
        "en": "{object} is {player}'s commander, but it was put into exile before state-based actions were last "
        "checked: {player} can no longer put it into the command zone, and it stays in exile.",
        "ja": "{object}は{player}の統率者だが、追放領域に置かれたのは最後に状況起因処理が行われるより前である。"
        "{player}はもうそれを統率領域に置けず、それは追放されたままである。",
    },
}
