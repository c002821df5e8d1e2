"""Message texts of commander damage (judge.engine.damage, damage_records, damage_payload)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # --- field labels
    "damage.label.players": {"en": "Players", "ja": "プレイヤー"},
    "damage.label.player": {"en": "Player {number}", "ja": "プレイヤー{number}"},
    "damage.label.commanders": {"en": "Commanders", "ja": "統率者"},
    "damage.label.commander": {"en": "Commander {number}", "ja": "統率者{number}"},
    "damage.label.commander-id": {"en": "Commander {number}'s id", "ja": "統率者{number}のID"},
    "damage.label.commander-owner": {"en": "Commander {number}'s owner", "ja": "統率者{number}のオーナー"},
    "damage.label.commander-name": {"en": "Commander {number}'s name", "ja": "統率者{number}の名前"},
    "damage.label.commander-name-ja": {
        "en": "Commander {number}'s Japanese name",
        "ja": "統率者{number}の日本語名",
    },
    "damage.label.events": {"en": "Damage and life gain", "ja": "ダメージとライフ回復"},
    "damage.label.event": {"en": "Event {number}", "ja": "{number}番目の出来事"},
    "damage.label.event-kind": {"en": "Event {number}: kind", "ja": "{number}番目の出来事の種類"},
    "damage.label.event-source": {"en": "Event {number}: commander", "ja": "{number}番目の出来事の統率者"},
    "damage.label.event-target": {
        "en": "Event {number}: player dealt damage",
        "ja": "{number}番目の出来事のダメージを受けたプレイヤー",
    },
    "damage.label.event-amount": {"en": "Event {number}: amount", "ja": "{number}番目の出来事の量"},
    "damage.label.event-combat": {
        "en": "Event {number}: combat damage",
        "ja": "{number}番目の出来事が戦闘ダメージかどうか",
    },
    "damage.label.event-prevented": {
        "en": "Event {number}: damage prevented",
        "ja": "{number}番目の出来事の軽減されたダメージ",
    },
    "damage.label.event-controller": {
        "en": "Event {number}: controller",
        "ja": "{number}番目の出来事のコントローラー",
    },
    "damage.label.event-copy": {
        "en": "Event {number}: dealt by a copy",
        "ja": "{number}番目の出来事がコピーによるものかどうか",
    },
    "damage.label.teams": {"en": "Teams", "ja": "チーム"},
    "damage.label.team": {"en": "Team {number}", "ja": "チーム{number}"},
    # --- problems
    "damage.not-commander-variant": {
        "en": "{label}: commander damage is counted in {choices}.",
        "ja": "{label}：統率者ダメージを数えるのは {choices} です。",
    },
    "damage.no-players": {
        "en": "{label}: at least one player is needed.",
        "ja": "{label}：プレイヤーが1人以上必要です。",
    },
    "damage.unknown-commander": {
        "en": "{label}: “{value}” is not one of the commanders.",
        "ja": "{label}：「{value}」は統率者の一覧にありません。",
    },
    "damage.owner-not-player": {
        "en": "{label}: “{value}” is not a player in this game; a commander is owned by a player in the game.",
        "ja": "{label}：「{value}」はこのゲームのプレイヤーではありません。統率者のオーナーはゲームに参加しているプレイヤーです。",
    },
    "damage.too-many-commanders": {
        "en": "{owner} owns {count} commanders; no player can have more than {high}.",
        "ja": "{owner}の統率者が {count} 体います。統率者は1人 {high} 体までです。",
    },
    "damage.prevented-over-amount": {
        "en": "{label}: {prevented} is more than the amount {amount}.",
        "ja": "{label}：{prevented} はダメージの量 {amount} より多くなっています。",
    },
    "damage.team-too-few": {
        "en": "{label}: at least two teams are needed.",
        "ja": "{label}：チームは2つ以上必要です。",
    },
    "damage.player-in-two-teams": {
        "en": "{label}: “{value}” is already on another team.",
        "ja": "{label}：「{value}」はすでに別のチームにいます。",
    },
    "damage.player-without-team": {
        "en": "{label}: “{value}” is on no team.",
        "ja": "{label}：「{value}」はどのチームにも入っていません。",
    },
    # --- steps
    "damage.brawl-rule": {
        "en": "Brawl: commander damage is still counted and shown, but nobody loses for being dealt {limit} or "
        "more by a commander.",
        "ja": "ブロール：統率者ダメージは数えて表示しますが、統率者から {limit} 点以上のダメージを受けても"
        "敗北しません。",
    },
    "damage.life-gain": {
        "en": "Event {number}: {player} gains {amount} life. Life gain never lowers commander damage already "
        "dealt (still {so_far}).",
        "ja": "{number}番目：{player}が {amount} 点のライフを得ます。ライフを得ても、すでに受けた統率者ダメージは"
        "減りません（{so_far} のままです）。",
    },
    "damage.life-gain-none": {
        "en": "Event {number}: {player} gains {amount} life. Life gain never lowers commander damage already dealt.",
        "ja": "{number}番目：{player}が {amount} 点のライフを得ます。ライフを得ても、すでに受けた統率者ダメージは"
        "減りません。",
    },
    "damage.stolen": {
        "en": "Event {number}: {commander} is controlled by {controller} but is still {owner}'s commander, so its "
        "combat damage counts as commander damage.",
        "ja": "{number}番目：{commander}は{controller}がコントロールしていますが、{owner}の統率者のままなので、"
        "その戦闘ダメージは統率者ダメージとして数えます。",
    },
    "damage.copy": {
        "en": "Event {number}: the {amount} damage to {player} was dealt by a copy of {commander} (a token copy, "
        "or a creature that became a copy of it): a copy takes only the copiable values of {commander} — its "
        "name, mana cost, types, rules text, power and toughness.",
        "ja": "{number}番目：{player}への {amount} 点のダメージは{commander}のコピー（コピーであるトークンや、コピーになった"
        "クリーチャー）が与えたものです。コピーが得るのは{commander}のコピー可能な値（名前、マナ・コスト、タイプ、ルール・"
        "テキスト、パワー、タフネス）だけです。",
    },
    "damage.copy-not-counted": {
        "en": "Event {number}: being a commander is an attribute of the card, not a copiable value: a permanent "
        "copying {commander} is not a commander, so its {amount} combat damage to {player} is not commander "
        "damage and does not count toward {limit}.",
        "ja": "{number}番目：統率者であることはカードそのものの属性で、コピー可能な値ではありません。{commander}をコピーした"
        "パーマネントは統率者ではないので、{player}への {amount} 点の戦闘ダメージは統率者ダメージではなく、{limit} 点に"
        "数えません。",
    },
    "damage.copy-not-counted-noncombat": {
        "en": "Event {number}: a permanent copying {commander} is not a commander, and its {amount} damage to "
        "{player} is not combat damage either: it does not count toward {limit}.",
        "ja": "{number}番目：{commander}をコピーしたパーマネントは統率者ではなく、{player}への {amount} 点のダメージも"
        "戦闘ダメージではないので、{limit} 点に数えません。",
    },
    "damage.prevented": {
        "en": "Event {number}: {prevented} of the {amount} damage from {commander} to {player} was prevented: "
        "prevented damage is never dealt and doesn't count.",
        "ja": "{number}番目：{commander}から{player}への {amount} 点のダメージのうち {prevented} 点は軽減されました。"
        "軽減されたダメージは与えられておらず、数えません。",
    },
    "damage.zero": {
        "en": "Event {number}: {commander} would deal 0 damage to {player}: no damage is dealt.",
        "ja": "{number}番目：{commander}が{player}に与えるダメージは 0 点なので、ダメージは与えられません。",
    },
    "damage.noncombat": {
        "en": "Event {number}: {commander} deals {amount} noncombat damage to {player}: only combat damage counts "
        "as commander damage.",
        "ja": "{number}番目：{commander}が{player}に {amount} 点の戦闘ダメージでないダメージを与えます。"
        "統率者ダメージとして数えるのは戦闘ダメージだけです。",
    },
    "damage.combat": {
        "en": "Event {number}: {commander} deals {amount} combat damage to {player}: {total} in total from this "
        "commander.",
        "ja": "{number}番目：{commander}が{player}に {amount} 点の戦闘ダメージを与えます。この統率者からは"
        "合計 {total} 点です。",
    },
    "damage.combat-own": {
        "en": "Event {number}: {commander} deals {amount} combat damage to {player}: {total} in total from this "
        "commander. It is their own commander, and its combat damage still counts.",
        "ja": "{number}番目：{commander}が{player}に {amount} 点の戦闘ダメージを与えます。この統率者からは"
        "合計 {total} 点です。自分自身の統率者でも、その戦闘ダメージは数えます。",
    },
    "damage.partners": {
        "en": "{player}: damage from {owner}'s two commanders is counted separately ({first} {first_damage}, "
        "{second} {second_damage}), never added together.",
        "ja": "{player}：{owner}の2体の統率者からのダメージは別々に数え（{first} {first_damage} 点、"
        "{second} {second_damage} 点）、合計しません。",
    },
    "damage.brawl-no-loss": {
        "en": "{player} has been dealt {damage} combat damage by {commander}, but Brawl doesn't use this "
        "state-based action: no one loses.",
        "ja": "{player}は{commander}から {damage} 点の戦闘ダメージを受けていますが、ブロールはこの状況起因処理を"
        "使わないので、誰も敗北しません。",
    },
    "damage.loses": {
        "en": "{player} has been dealt {damage} combat damage by {commander} (since event {event}): {limit} or "
        "more from the same commander, so {player} loses the game.",
        "ja": "{player}は{commander}から {damage} 点の戦闘ダメージを受けています（{event}番目の出来事から）。"
        "同じ統率者から {limit} 点以上なので、{player}はゲームに敗北します。",
    },
    "damage.team-loses": {
        "en": "Players win and lose only as a team: {player} lost, so their team ({team}) loses the game.",
        "ja": "プレイヤーはチーム単位でのみ勝敗が決まります。{player}が敗北したので、そのチーム（{team}）が"
        "ゲームに敗北します。",
    },
}
