"""Message texts of the site itself (the Django side): the JSON door's input problems and the answers
of the API that are not the engine's (no corpus yet, no such rule, no card data, no such game).

They are Messages like the engine's (a code, parameters, a text in each language), so one error answer
lists the engine's problems and the site's alike; the engine's catalog holds only the engine's texts, and
this module adds these to it (:func:`judge.engine.texts.add_texts`) when the web app starts.
"""

from __future__ import annotations

from judge.engine.messages import Message, msg
from judge.engine.texts import add_texts

TEXTS: dict[str, dict[str, str]] = {
    "web.body-too-large": {
        "en": "The request is larger than {size}; send less at once.",
        "ja": "リクエストが {size} を超えています。一度に送る量を減らしてください。",
    },
    "web.not-json": {
        "en": "The request must be JSON, sent with the header Content-Type: application/json (it was {type}).",
        "ja": "リクエストは JSON で、Content-Type: application/json のヘッダーを付けて送ってください（{type} でした）。",
    },
    "web.bad-json": {
        "en": "The request is not valid JSON (line {line}, column {column}).",
        "ja": "リクエストが正しい JSON ではありません（{line} 行 {column} 文字目）。",
    },
    # Pasted JSON boxes and the reader's refusals (judge.web.json_api.read_json); {label} names the box.
    "web.json-bad": {
        "en": "{label}: not valid JSON (line {line}, column {column}).",
        "ja": "{label}：正しい JSON ではありません（{line} 行 {column} 文字目）。",
    },
    # The tracker page's refused press: what the other phone changed (judge.tracker.views).
    "web.tracker-latest-change": {
        "en": "Latest change: {change}",
        "ja": "最新の変更：{change}",
    },
    "web.json-too-many": {
        "en": "{label}: holds more than {limit} values; send less at a time.",
        "ja": "{label}：値が {limit} 個を超えています。一度に送る量を減らしてください。",
    },
    "web.json-too-deep": {
        "en": "{label}: lists and objects are nested more than {limit} levels deep.",
        "ja": "{label}：リストやオブジェクトの入れ子が {limit} 段を超えています。",
    },
    "web.json-surrogate": {
        "en": "{label}: contains half of a surrogate pair alone (an escape such as \\ud800), which is not a "
        "character; send valid Unicode text.",
        "ja": "{label}：対になっていないサロゲート（\\ud800 のようなエスケープ）が含まれています。"
        "これは文字ではありません。正しい Unicode の文字で送ってください。",
    },
    "web.json-number": {
        "en": "{label}: {value} is not a number the site reads (a finite number from -{high} to {high}).",
        "ja": "{label}：{value} は使えない数値です（±{high} 以内の有限の数で指定してください）。",
    },
    "web.label.card-json": {"en": "Card JSON", "ja": "カードの JSON"},
    "web.label.board-json": {"en": "Board JSON", "ja": "盤面のJSON"},
    "web.size-mb": {"en": "{n} MB", "ja": "{n} MB"},
    "web.size-bytes": {"en": "{n} bytes", "ja": "{n} バイト"},
    "web.no-corpus": {
        "en": "No rules text is installed yet: the site's operator installs it with python manage.py "
        "refresh_rules (or make setup), with a connection.",
        "ja": "ルールの本文はまだ入っていません。サイトの管理者が、ネットにつながった状態で python manage.py "
        "refresh_rules（または make setup）を実行すると入ります。",
    },
    "web.unknown-version": {
        "en": "There is no rules version {version}; the loaded versions are {versions}.",
        "ja": "ルールのバージョン {version} はありません。読み込まれているバージョン：{versions}。",
    },
    "web.no-rule": {
        "en": "There is no rule {number} in version {version}.",
        "ja": "バージョン {version} にルール {number} はありません。",
    },
    "web.no-history": {
        "en": "No version since the July 2009 renumbering has a rule {number}: it has no history.",
        "ja": "2009年7月の番号変更以降のどのバージョンにもルール {number} はないため、履歴はありません。",
    },
    "web.old-numbering": {
        "en": "Version {version} predates the July 2009 renumbering: its rules are numbered differently and "
        "have no history in today's numbering.",
        "ja": "バージョン {version} は2009年7月の番号変更より前のものです。番号の付け方が異なるため、"
        "現在の番号での履歴はありません。",
    },
    "web.no-document": {"en": "There is no document {slug}.", "ja": "文書 {slug} はありません。"},
    "web.no-judge-document": {
        "en": "No edition of the {doc} is installed on this site.",
        "ja": "このサイトには {doc} の版が導入されていません。",
    },
    "web.no-judge-section": {
        "en": "The {doc} installed has no section {section}.",
        "ja": "導入されている {doc} に {section} 節はありません。",
    },
    "web.no-judge-edition": {
        "en": "No edition of the {doc} effective {edition} is installed.",
        "ja": "{edition} 発効の {doc} の版は導入されていません。",
    },
    "web.no-scenario": {"en": "There is no worked ruling {slug}.", "ja": "裁定の実例 {slug} はありません。"},
    "web.search-limit": {
        "en": "The number of results must be a whole number from 1 to {high}.",
        "ja": "件数は 1〜{high} の整数で指定してください。",
    },
    "web.search-ui": {
        "en": "The reader's language (ui) must be one of {choices}.",
        "ja": "読み手の言語（ui）は {choices} のいずれかで指定してください。",
    },
    "web.search-lang": {
        "en": "The language must be one of {choices}.",
        "ja": "言語は {choices} のいずれかで指定してください。",
    },
    "web.no-card-data": {
        "en": "This site has no list of Magic cards yet, and looking cards up needs it: until the site's "
        "administrator adds it, card names are not checked.",
        "ja": "このサイトにはまだマジックのカードの一覧がありません。カードを調べるにはその一覧が必要で、"
        "サイトの管理者が用意するまではカード名を確認しません。",
    },
    "web.card-not-found": {
        "en": "No card named “{name}” in the card data.",
        "ja": "カード・データに「{name}」という名前のカードはありません。",
    },
    "web.not-found": {
        "en": "The API has nothing at {path}; the site's documentation lists the addresses it has.",
        "ja": "API に {path} というアドレスはありません。使えるアドレスはこのサイトの説明書（API の一覧）にあります。",
    },
    "web.method-not-allowed": {
        "en": "This address does not take {method}; it takes {allowed}.",
        "ja": "このアドレスは {method} を受け付けません（使えるのは {allowed}）。",
    },
    "web.bad-request": {
        "en": "The request could not be read.",
        "ja": "リクエストを読み取れませんでした。",
    },
    "web.csrf-failed": {
        "en": "This form was sent without the page's security token, or with an old one. "
        "Reload the page and send it again.",
        "ja": "このフォームはページのセキュリティ・トークンなしで、または古いトークンで送られました。"
        "ページを再読み込みして、もう一度送ってください。",
    },
    "web.server-error": {
        "en": "Something went wrong on the server; the request was not carried out. Please try again later.",
        "ja": "サーバーで問題が起きたため、リクエストは処理されませんでした。"
        "しばらくしてからもう一度お試しください。",
    },
    "web.no-game": {"en": "There is no such game.", "ja": "そのゲームはありません。"},
    "web.game-unreadable": {
        "en": "This game was saved by an older version of the site and can no longer be read: start a new game.",
        "ja": "このゲームは以前の版のサイトで保存されたもので、もう読み込めません。新しいゲームを始めてください。",
    },
    "web.database-busy": {
        "en": "The site is busy saving other changes: nothing was saved. Try again in {seconds} seconds.",
        "ja": "ほかの変更の保存で混み合っています。何も保存されていません。{seconds} 秒ほどしてからもう一度試してください。",
    },
    "web.too-many-refused": {
        "en": "Too many changes from this connection were refused for this game lately: wait a minute, then "
        "look at the table before trying again.",
        "ja": "この接続からこのゲームへの変更が短時間に何度も受け付けられませんでした。1分ほど待ち、テーブルを確認してからもう一度試してください。",
    },
    "web.too-many-games": {
        "en": "Too many new games from this connection lately: wait a while, or keep playing the game you have.",
        "ja": "この接続から短時間に作られたゲームが多すぎます。しばらく待つか、今のゲームを続けてください。",
    },
    # One heavy request at a time per client (judge.limits.heavy): the deck checks, boards and brackets.
    "web.heavy-busy": {
        "en": "Your connection already has a heavy check in progress: wait for it, then try again in about "
        "{seconds} seconds. Nothing you typed is lost.",
        "ja": "この接続からの重い処理がまだ実行中です。終わるのを待ち、{seconds} 秒ほどしてからもう一度試してください。"
        "入力した内容は失われていません。",
    },
    # A full disk (judge.web.middleware.DiskFullMiddleware).
    "web.disk-full": {
        "en": "The site cannot save right now (its storage is full): nothing was saved. The operators have been "
        "told; try again later.",
        "ja": "現在サイトに保存できません（保存領域がいっぱいです）。何も保存されていません。管理者に通知されました。"
        "しばらくしてからもう一度試してください。",
    },
}

HEAVY_RETRY_AFTER = 5  # seconds


def busy_message() -> Message:
    """Every heavy slot of the client is held (judge.limits.heavy)."""
    return msg("web.heavy-busy", seconds=HEAVY_RETRY_AFTER)


add_texts(TEXTS)
