"""Message texts shared by every domain: input problems a form or a JSON body can have.

``label`` is always a Message naming the field in the reader's words ("Mana cost" /
"マナ・コスト"), never a JSON path (that stays in the problem's ``field``).
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "input.not-object": {
        "en": "The request must be a JSON object.",
        "ja": "リクエストは JSON オブジェクトでなければなりません。",
    },
    "input.required": {"en": "{label}: required.", "ja": "{label}：入力してください。"},
    "input.whole-number": {
        "en": "{label}: a whole number from {low} to {high}.",
        "ja": "{label}：{low}〜{high} の整数を入力してください。",
    },
    "input.more-problems": {
        "en": "… and {count} more problems: only the first {shown} are listed. Fix these and send it again.",
        "ja": "…ほかに {count} 件の問題があります（最初の {shown} 件だけを示しています）。これらを直して、もう一度送ってください。",
    },
    "input.unknown-field": {
        "en": "{label}: unknown field “{name}” (expected: {expected}).",
        "ja": "{label}：「{name}」という項目はありません（使える項目：{expected}）。",
    },
    "input.one-of": {
        "en": "{label}: “{value}” is not one of {choices}.",
        "ja": "{label}：「{value}」は選べません（{choices} のいずれか）。",
    },
    "input.choose": {
        "en": "{label}: required, one of {choices}.",
        "ja": "{label}：{choices} のいずれかを指定してください。",
    },
    "input.true-false": {
        "en": "{label}: yes or no (true or false).",
        "ja": "{label}：はいかいいえ（true か false）で指定してください。",
    },
    "input.list": {"en": "{label}: must be a list.", "ja": "{label}：リストで指定してください。"},
    "input.object": {"en": "{label}: must be an object.", "ja": "{label}：オブジェクトで指定してください。"},
    "input.each-object": {
        "en": "{label}: each entry must be an object.",
        "ja": "{label}：各項目はオブジェクトで指定してください。",
    },
    "input.not-text": {"en": "{label}: must be text.", "ja": "{label}：文字列で指定してください。"},
    "input.too-long": {
        "en": "{label}: at most {high} characters.",
        "ja": "{label}：{high} 文字以内にしてください。",
    },
    "input.broken-text": {
        "en": "{label}: contains a broken character (not valid Unicode).",
        "ja": "{label}：壊れた文字（正しい Unicode ではない文字）が含まれています。",
    },
    "input.control-characters": {
        "en": "{label}: contains control characters.",
        "ja": "{label}：制御文字は使えません。",
    },
    "input.too-many": {
        "en": "{label}: {count} is over the limit of {high}.",
        "ja": "{label}：{count} 件は上限の {high} 件を超えています。",
    },
    "input.duplicate": {
        "en": "{label}: “{value}” appears twice.",
        "ja": "{label}：「{value}」が2回出てきます。",
    },
    "input.not-a-player": {
        "en": "{label}: “{name}” is not a player in this game.",
        "ja": "{label}：「{name}」はこのゲームのプレイヤーではありません。",
    },
    "input.label.request": {"en": "Request", "ja": "リクエスト"},
}
