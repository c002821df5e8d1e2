"""Message texts of the board domain (judge.engine.board, judge.engine.board_payload): code -> {"en", "ja"}.

Labels name a field for a reader ("Assault Griffin: controller" / "《突撃するグリフィン》のコントローラー");
problems say what is wrong in a sentence a player understands. Japanese uses the official terms.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- names of choices -------------------------------------------------------------------------
    "board.variant.commander": {"en": "Commander", "ja": "統率者戦"},
    "board.variant.brawl": {"en": "Brawl", "ja": "ブロール"},
    "board.variant.free-for-all": {"en": "Free-for-all", "ja": "無差別戦"},
    "board.variant.two-headed-giant": {"en": "Two-Headed Giant", "ja": "双頭巨人戦"},
    "board.variant.planechase": {"en": "Planechase", "ja": "プレインチェイス戦"},
    "board.variant.grand-melee": {
        "en": "Grand Melee with Planechase",
        "ja": "大乱闘戦（プレインチェイス戦）",
    },
    "board.variant.dtc": {
        "en": "Duel Masters Tag Commander (DTC)",
        "ja": "デュエマ・タッグ・コマンダー（DTC）",
    },
    "board.variant.dtcs": {"en": "DTC: Source (DTCS)", "ja": "デュエマ・タッグ・コマンダー：ソース（DTCS）"},
    "board.variant.dtb": {"en": "Duel Masters Tag Brawl (DTB)", "ja": "デュエマ・タッグ・ブロール（DTB）"},
    "board.kind.card": {"en": "card", "ja": "カード"},
    "board.kind.token": {"en": "token", "ja": "トークン"},
    "board.kind.copy": {"en": "copy of a spell or card", "ja": "呪文かカードのコピー"},
    "board.kind.ability": {"en": "ability on the stack", "ja": "スタック上の能力"},
    "board.kind.emblem": {"en": "emblem", "ja": "紋章"},
    "board.kind.plane": {"en": "plane", "ja": "次元カード"},
    "board.kind.phenomenon": {"en": "phenomenon", "ja": "現象カード"},
    "board.zone.battlefield": {"en": "battlefield", "ja": "戦場"},
    "board.zone.stack": {"en": "stack", "ja": "スタック"},
    "board.zone.hand": {"en": "hand", "ja": "手札"},
    "board.zone.library": {"en": "library", "ja": "ライブラリー"},
    "board.zone.graveyard": {"en": "graveyard", "ja": "墓地"},
    "board.zone.exile": {"en": "exile", "ja": "追放領域"},
    "board.zone.command": {"en": "command zone", "ja": "統率領域"},
    "board.zone.ante": {"en": "ante zone", "ja": "アンティ領域"},
    "board.zone.left-game": {"en": "left the game", "ja": "ゲームから離れた"},
    "board.zone.ceased": {"en": "ceased to exist", "ja": "消滅した"},
    "board.attachment.aura": {"en": "Aura", "ja": "オーラ"},
    "board.attachment.equipment": {"en": "Equipment", "ja": "装備品"},
    "board.attachment.fortification": {"en": "Fortification", "ja": "城砦"},
    "board.attachment.other": {"en": "other", "ja": "その他"},
    "board.ends.source-leaves": {
        "en": "when its source leaves the battlefield (a static ability)",
        "ja": "発生源が戦場を離れたとき（常在型能力）",
    },
    "board.ends.for-as-long-as": {
        "en": '"for as long as" its source stays on the battlefield',
        "ja": "「～である限り」：発生源が戦場を離れたとき",
    },
    "board.ends.end-of-turn": {"en": "at end of turn", "ja": "ターン終了時"},
    "board.ends.never": {"en": "never (no duration)", "ja": "終わらない（期間の指定なし）"},
    "board.until.next-turn": {
        "en": "until its controller's next turn",
        "ja": "コントローラーの次のターンまで",
    },
    "board.until.during-next-turn": {
        "en": "until a point in its controller's next turn",
        "ja": "コントローラーの次のターンの途中まで",
    },
    # --- labels ------------------------------------------------------------------------------------
    "board.label.board": {"en": "Board", "ja": "盤面"},
    "board.label.variant": {"en": "Variant", "ja": "変種ルール"},
    "board.label.turn-order": {"en": "Players in turn order", "ja": "ターン順のプレイヤー"},
    "board.label.player-name": {"en": "Player {number}'s name", "ja": "プレイヤー{number}の名前"},
    "board.label.left": {"en": "Players who left", "ja": "ゲームから離れたプレイヤー"},
    "board.label.left-player": {
        "en": "Player who left, {number}",
        "ja": "ゲームから離れたプレイヤー{number}",
    },
    "board.label.active-player": {"en": "Active player", "ja": "アクティブ・プレイヤー"},
    "board.label.priority": {"en": "Player with priority", "ja": "優先権を持つプレイヤー"},
    "board.label.monarch": {"en": "Monarch", "ja": "統治者"},
    "board.label.initiative": {"en": "Player with the initiative", "ja": "イニシアチブを持つプレイヤー"},
    "board.label.teams": {"en": "Teams", "ja": "チーム"},
    "board.label.team": {"en": "Team {number}", "ja": "チーム{number}"},
    "board.label.team-member": {
        "en": "Team {team}, player {number}",
        "ja": "チーム{team}のプレイヤー{number}",
    },
    "board.label.planar-controller": {"en": "Planar controller", "ja": "次元コントローラー"},
    "board.label.planar-controller-n": {
        "en": "Planar controller {number}",
        "ja": "次元コントローラー{number}",
    },
    "board.label.single-planar-deck": {"en": "Single planar deck", "ja": "共用次元デッキ"},
    "board.label.shields": {"en": "Shields", "ja": "シールド"},
    "board.label.shields-of": {"en": "{player}'s shields", "ja": "{player}のシールド"},
    "board.label.objects": {"en": "Objects", "ja": "オブジェクト"},
    "board.label.nth-object": {"en": "Object {number}", "ja": "オブジェクト{number}"},
    "board.label.object": {"en": "{object}", "ja": "{object}"},
    "board.label.object-field": {"en": "{object}: {part}", "ja": "{object}の{part}"},
    "board.label.control-effects": {"en": "Control effects", "ja": "コントロール変更効果"},
    "board.label.nth-effect": {"en": "Control effect {number}", "ja": "コントロール変更効果{number}"},
    "board.label.effect": {"en": "Control effect on {object}", "ja": "{object}のコントロール変更効果"},
    "board.label.effect-field": {"en": "{effect}: {part}", "ja": "{effect}の{part}"},
    "board.label.delayed-triggers": {"en": "Delayed triggered abilities", "ja": "遅延誘発型能力"},
    "board.label.nth-trigger": {"en": "Delayed triggered ability {number}", "ja": "遅延誘発型能力{number}"},
    "board.label.trigger": {"en": "Delayed triggered ability of {name}", "ja": "{name}の遅延誘発型能力"},
    "board.label.timed-effects": {
        "en": "Effects until a player's next turn",
        "ja": "プレイヤーの次のターンまでの効果",
    },
    "board.label.nth-timed": {"en": "Effect until next turn {number}", "ja": "次のターンまでの効果{number}"},
    "board.label.timed": {"en": "Effect of {name}", "ja": "{name}の効果"},
    "board.label.player-control": {"en": "Control of players", "ja": "プレイヤーのコントロール"},
    "board.label.nth-player-control": {
        "en": "Control of a player {number}",
        "ja": "プレイヤーのコントロール{number}",
    },
    "board.label.combat": {"en": "Combat", "ja": "戦闘"},
    "board.label.nth-attack": {"en": "Attack {number}", "ja": "攻撃{number}"},
    "board.label.attack": {"en": "Attack by {object}", "ja": "{object}の攻撃"},
    "board.field.id": {"en": "id", "ja": "ID"},
    "board.field.name": {"en": "name", "ja": "名前"},
    "board.field.name_ja": {"en": "Japanese name", "ja": "日本語名"},
    "board.field.kind": {"en": "kind", "ja": "種類"},
    "board.field.owner": {"en": "owner", "ja": "オーナー"},
    "board.field.controller": {"en": "controller", "ja": "コントローラー"},
    "board.field.zone": {"en": "zone", "ja": "領域"},
    "board.field.attached_to": {"en": "attached to", "ja": "つけられている先"},
    "board.field.default_controller": {"en": "default controller", "ja": "本来のコントローラー"},
    "board.field.source": {"en": "source", "ja": "発生源"},
    "board.field.planeswalking": {"en": "planeswalking ability", "ja": "プレインズウォーク能力"},
    "board.field.attachment": {"en": "kind of attachment", "ja": "つけられているものの種類"},
    "board.field.effect-id": {"en": "id", "ja": "ID"},
    "board.field.effect-object": {
        "en": "object it gives control of",
        "ja": "コントロールが変わるオブジェクト",
    },
    "board.field.effect-controller": {
        "en": "player it gives control to",
        "ja": "コントロールを得るプレイヤー",
    },
    "board.field.effect-ends": {"en": "when it ends", "ja": "終わるとき"},
    "board.field.effect-source": {"en": "source", "ja": "発生源"},
    "board.field.effect-name": {"en": "name", "ja": "名前"},
    "board.field.effect-text": {"en": "text", "ja": "文章"},
    "board.field.effect-trigger-object": {"en": "object it acts on", "ja": "作用するオブジェクト"},
    "board.field.effect-timed-controller": {
        "en": "player whose next turn it waits for",
        "ja": "次のターンを待つプレイヤー",
    },
    "board.field.effect-until": {"en": "how long it lasts", "ja": "期間"},
    "board.field.effect-ends-after": {
        "en": "ends when this player's turn ends",
        "ja": "このプレイヤーのターンの終了時に終わる",
    },
    "board.field.effect-timed-object": {"en": "object it applies to", "ja": "適用されるオブジェクト"},
    "board.field.effect-controlled-player": {"en": "controlled player", "ja": "コントロールされるプレイヤー"},
    "board.field.effect-controlling-player": {"en": "controlling player", "ja": "コントロールするプレイヤー"},
    "board.field.effect-pending": {"en": "during their next turn", "ja": "次のターンの間"},
    "board.field.effect-attacker": {"en": "attacking creature", "ja": "攻撃クリーチャー"},
    "board.field.effect-attacking": {"en": "what it attacks", "ja": "攻撃している先"},
    "board.field.effect-blockers": {"en": "blocking creatures", "ja": "ブロック・クリーチャー"},
    "board.field.effect-trigger-controller": {"en": "controller", "ja": "コントローラー"},
    # --- shape problems ----------------------------------------------------------------------------
    "board.left-and-playing": {
        "en": "{label}: “{name}” is listed twice (a player who left is no longer in the turn order).",
        "ja": "{label}：「{name}」が2回出てきます（ゲームから離れたプレイヤーはターン順にいません）。",
    },
    "board.too-few-players": {
        "en": "{label}: a multiplayer game needs at least 2 players still in the game.",
        "ja": "{label}：多人数戦には、ゲームに残っているプレイヤーが2人以上必要です。",
    },
    "board.no-teams-here": {
        "en": "{label}: {variant} has no teams.",
        "ja": "{label}：{variant}にはチームがありません。",
    },
    "board.teams-required": {
        "en": "{label}: required for {variant}.",
        "ja": "{label}：{variant}では必要です。",
    },
    "board.team-not-list": {
        "en": "{label}: must be a list of the team's players.",
        "ja": "{label}：チームのプレイヤーのリストにしてください。",
    },
    "board.two-teams": {
        "en": "{label}: “{name}” is on two teams.",
        "ja": "{label}：「{name}」が2つのチームにいます。",
    },
    "board.not-on-a-team": {
        "en": "{label}: {players} not on any team.",
        "ja": "{label}：{players}がどのチームにもいません。",
    },
    "board.two-teams-needed": {
        "en": "{label}: at least two teams are needed.",
        "ja": "{label}：チームが2つ以上必要です。",
    },
    "board.no-planes-here": {
        "en": "{label}: {variant} has no planar controller.",
        "ja": "{label}：{variant}には次元コントローラーはいません。",
    },
    "board.planar-controller-required": {
        "en": "{label}: required in Planechase.",
        "ja": "{label}：プレインチェイス戦では必要です。",
    },
    "board.no-shields-here": {
        "en": "{label}: only Duel Masters boards have shields.",
        "ja": "{label}：シールドはデュエル・マスターズの盤面にだけあります。",
    },
    "board.duplicate-id": {
        "en": "{label}: the id “{id}” is already used.",
        "ja": "{label}：ID「{id}」はすでに使われています。",
    },
    "board.unknown-object": {
        "en": "{label}: there is no object “{id}” on the board.",
        "ja": "{label}：盤面に「{id}」というオブジェクトはありません。",
    },
    "board.object-unreadable": {
        "en": "{label}: {object} has a problem of its own, listed here: fix that first.",
        "ja": "{label}：{object}自体に問題があります（この一覧にあります）。先にそちらを直してください。",
    },
    "board.attached-unknown": {
        "en": "{label}: “{id}” is neither an object nor a player in the game.",
        "ja": "{label}：「{id}」はゲーム内のオブジェクトでもプレイヤーでもありません。",
    },
    "board.attack-target-unknown": {
        "en": "{label}: “{id}” is neither a player nor an object in the game.",
        "ja": "{label}：「{id}」はゲーム内のプレイヤーでもオブジェクトでもありません。",
    },
    "board.attacks-twice": {
        "en": "{label}: this creature is listed as attacking twice.",
        "ja": "{label}：このクリーチャーの攻撃が2回書かれています。",
    },
    "board.effect-source-required": {
        "en": "{label}: required, since the effect ends when its source leaves the battlefield.",
        "ja": "{label}：発生源が戦場を離れると終わる効果なので、発生源が必要です。",
    },
    "board.planeswalking-not-ability": {
        "en": "{label}: only an ability on the stack can be the planeswalking ability.",
        "ja": "{label}：プレインズウォーク能力になれるのはスタック上の能力だけです。",
    },
    # --- boards the rules cannot reach -------------------------------------------------------------
    "board.owner-left": {
        "en": "{label}: {player} has left the game, and so has everything they owned outside the ante zone.",
        "ja": "{label}：{player}はゲームから離れており、アンティ領域以外にあったそのプレイヤーがオーナーであるものもすべてゲームから離れています。",
    },
    "board.zone-impossible": {
        "en": "{object} is in the {zone}, where it cannot be: {why}.",
        "ja": "{object}は{zone}にありますが、そこにあることはできません。{why}。",
    },
    "board.why.ability-zone": {
        "en": "an ability exists only on the stack",
        "ja": "能力はスタック上にしか存在しません",
    },
    "board.why.token-zone": {
        "en": "a token outside the battlefield ceases to exist",
        "ja": "戦場以外にあるトークンは消滅します",
    },
    "board.why.copy-zone": {
        "en": "a copy outside the stack and the battlefield ceases to exist",
        "ja": "スタックと戦場以外にあるコピーは消滅します",
    },
    "board.why.emblem-zone": {
        "en": "an emblem is always in the command zone",
        "ja": "紋章は常に統率領域にあります",
    },
    "board.why.plane-zone": {
        "en": "a plane stays in the command zone",
        "ja": "次元カードは統率領域にとどまります",
    },
    "board.why.phenomenon-zone": {
        "en": "a phenomenon stays in the command zone",
        "ja": "現象カードは統率領域にとどまります",
    },
    "board.planes-only-planechase": {
        "en": "{object}: planes and phenomena are used only in Planechase.",
        "ja": "{object}：次元カードと現象カードはプレインチェイス戦でだけ使います。",
    },
    "board.single-deck-owner": {
        "en": "{label}: with a single planar deck the planar controller is considered its owner; leave it empty.",
        "ja": "{label}：共用次元デッキでは次元コントローラーがオーナーとみなされるので、空欄にしてください。",
    },
    "board.planar-owner-required": {
        "en": "{label}: required (the player who started the game with it in their planar deck).",
        "ja": "{label}：必要です（それを次元デッキに入れてゲームを始めたプレイヤーです）。",
    },
    "board.token-controller": {
        "en": "{object}: a token enters under the control of its owner, the player who created it.",
        "ja": "{object}：トークンは、それを生成したプレイヤーであるオーナーのコントロール下で戦場に出ます。",
    },
    "board.copy-owner": {
        "en": "{object}: a copy of a spell is owned by the player who put it on the stack.",
        "ja": "{object}：呪文のコピーのオーナーは、それをスタックに置いたプレイヤーです。",
    },
    "board.needs-controller": {
        "en": "{label}: an object on the {zone} always has a controller.",
        "ja": "{label}：{zone}にあるオブジェクトには必ずコントローラーがいます。",
    },
    "board.emblem-controller": {
        "en": "{label}: an emblem is controlled by its owner.",
        "ja": "{label}：紋章のコントローラーはそのオーナーです。",
    },
    "board.plane-controller": {
        "en": "{label}: a face-up plane or phenomenon is controlled by the planar controller, not {player}.",
        "ja": "{label}：オモテ向きの次元カードや現象カードのコントローラーは次元コントローラーで、{player}ではありません。",
    },
    "board.no-controller-here": {
        "en": "{label}: an object in the {zone} has no controller.",
        "ja": "{label}：{zone}にあるオブジェクトにはコントローラーはいません。",
    },
    "board.attached-off-battlefield": {
        "en": "{label}: only a permanent on the battlefield can be attached to something.",
        "ja": "{label}：何かにつけられるのは戦場のパーマネントだけです。",
    },
    "board.attached-to-itself": {
        "en": "{label}: it cannot be attached to itself.",
        "ja": "{label}：それ自身につけることはできません。",
    },
    "board.attached-to-gone": {
        "en": "{label}: {target} is not on the battlefield.",
        "ja": "{label}：{target}は戦場にありません。",
    },
    "board.effect-object-zone": {
        "en": "{label}: it is in the {zone}; only permanents and spells have a controller to change.",
        "ja": "{label}：それは{zone}にあります。コントロールが変わるのはパーマネントと呪文だけです。",
    },
    "board.effect-already-ended": {
        "en": "{label}: the source is not on the battlefield, so this effect has already ended.",
        "ja": "{label}：発生源が戦場にないので、この効果はすでに終わっています。",
    },
    "board.controller-not-default": {
        "en": "{label}: {player}, but with no control effect it is controlled by {default}, "
        "its default controller.",
        "ja": "{label}：{player}となっていますが、コントロール変更効果がないので、本来のコントローラーである{default}がコントロールしています。",
    },
    "board.controller-contradicts-effect": {
        "en": "{label}: {player}, but the latest control effect on it gives it to {expected}.",
        "ja": "{label}：{player}となっていますが、最新のコントロール変更効果により{expected}がコントロールしています。",
    },
    "board.thg-teams": {
        "en": "Two-Headed Giant is played by two teams of two players.",
        "ja": "双頭巨人戦は2人ずつの2チームで行います。",
    },
    "board.dtc-teams": {"en": "A DTC game is played by two teams.", "ja": "DTCは2チームで対戦します。"},
    "board.planar-not-active": {
        "en": "The planar controller is {player}, but the active player is {active} and nobody has left: "
        "the planar controller is the active player.",
        "ja": "次元コントローラーが{player}ですが、アクティブ・プレイヤーは{active}で、ゲームから離れたプレイヤーもいません。次元コントローラーはアクティブ・プレイヤーです。",
    },
    "board.planar-not-primary": {
        "en": "The planar controller is {player}, but in Two-Headed Giant Planechase it is {primary}, "
        "the primary player of the active team.",
        "ja": "次元コントローラーが{player}ですが、双頭巨人戦のプレインチェイス戦では、アクティブ・チームの主プレイヤーである{primary}です。",
    },
    "board.too-many-planar": {
        "en": "{count} planar controllers, but only {markers} turn markers (one per full four players).",
        "ja": "次元コントローラーが{count}人いますが、ターン・マーカーは{markers}個（4人ごとに1個）しかありません。",
    },
    "board.player-controlled-twice": {
        "en": "{player} is controlled by two players at once; the last effect created overwrites the others.",
        "ja": "{player}が同時に2人にコントロールされています。最後に生み出された効果が他を上書きします。",
    },
    "board.attacker-not-on-battlefield": {
        "en": "{object} is attacking but is not on the battlefield.",
        "ja": "{object}は攻撃していますが、戦場にありません。",
    },
    "board.attacker-not-active": {
        "en": "{object} is attacking, but it is not controlled by the active player or team.",
        "ja": "{object}は攻撃していますが、アクティブ・プレイヤー（チーム）がコントロールしていません。",
    },
    # until effects (judge.engine.board_until)
    "board.label.until-effects": {
        "en": "Cards exiled until an event",
        "ja": "ある時点まで追放されているカード",
    },
    "board.label.nth-until": {"en": "Exile until an event {number}", "ja": "ある時点までの追放{number}"},
    "board.label.until": {"en": "Exile by {name}", "ja": "{name}による追放"},
    "board.field.effect-until-ends": {"en": "until when", "ja": "いつまで"},
    "board.field.effect-until-how": {"en": "how the cards come back", "ja": "カードが戻る方法"},
    "board.field.effect-until-from": {"en": "zone they were exiled from", "ja": "追放される前の領域"},
    "board.field.effect-until-objects": {"en": "exiled cards", "ja": "追放されているカード"},
    "board.field.commander": {"en": "commander", "ja": "統率者"},
    "board.exiled.source-leaves": {
        "en": "until its source leaves the battlefield",
        "ja": "発生源が戦場を離れるまで",
    },
    "board.exiled.end-of-turn": {"en": "until end of turn", "ja": "ターン終了時まで"},
    "board.returns.until": {
        "en": "the effect says “until” (they return at once)",
        "ja": "効果に「～まで」とある（直ちに戻る）",
    },
    "board.returns.trigger": {
        "en": "a leaves-the-battlefield trigger of the source returns them (Oblivion Ring)",
        "ja": "発生源の戦場を離れたときの誘発型能力が戻す（《忘却の輪》など）",
    },
    "board.until-not-exiled": {
        "en": "{label}: {object} is not in exile, so it cannot be waiting to return.",
        "ja": "{label}：{object}は追放領域にないので、戻るのを待っていることはありえません。",
    },
    "board.until-source-gone": {
        "en": "{label}: {object} is not on the battlefield, so the cards it exiled would already have returned.",
        "ja": "{label}：{object}は戦場にないので、それが追放したカードはすでに戻っているはずです。",
    },
    "board.until-trigger-needs-source": {
        "en": "{label}: a leaves-the-battlefield trigger needs its source to leave, not the end of the turn.",
        "ja": "{label}：戦場を離れたときの誘発型能力は、ターンの終了ではなく発生源が戦場を離れることで誘発します。",
    },
}
