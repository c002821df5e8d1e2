"""Message texts shared by every domain: input problems a form or a JSON body can have."""

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
}
