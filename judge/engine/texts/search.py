"""Message texts of the search's query language (judge.search.query, judge.search.service): why a query
cannot be searched, and what was changed to search it. Filter names (``lang:``, ``doc:``, ``version:``)
are what is typed, the same in both languages."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "search.bad-lang-param": {
        "en": "The language searched (lang) must be one of {choices}.",
        "ja": "検索する言語（lang）は {choices} のいずれかで指定してください。",
    },
    "search.bad-ui-param": {
        "en": "The reader's language (ui) must be one of {choices}.",
        "ja": "読み手の言語（ui）は {choices} のいずれかで指定してください。",
    },
    "search.shortened": {
        "en": "The query was shortened to its first {n} characters.",
        "ja": "検索語が長すぎるため、最初の {n} 文字だけで検索しました。",
    },
    "search.too-many-clauses": {
        "en": "Only the first {n} words and phrases were searched.",
        "ja": "最初の {n} 個の語と語句だけを検索しました。",
    },
    "search.dangling-not": {
        "en": "NOT at the end of the query was ignored: put the word to exclude after it.",
        "ja": "末尾の NOT は無視しました。除外する語は NOT の後に書いてください。",
    },
    "search.only-excluded": {
        "en": "The query only excludes words: add a word to search for.",
        "ja": "除外する語しかありません。検索する語を加えてください。",
    },
    "search.nothing": {
        "en": "There is nothing to search for: type a word, a phrase or a rule number.",
        "ja": "検索する語がありません。語、語句、またはルール番号を入力してください。",
    },
    "search.bad-lang": {
        "en": "lang:{value} is not a language: use lang:ja, lang:en or lang:all",
        "ja": "lang:{value} は言語ではありません。lang:ja、lang:en、lang:all のいずれかを使ってください。",
    },
    "search.bad-doc": {
        "en": "doc:{value} is not a document name (letters, digits and '-')",
        "ja": "doc:{value} は文書名ではありません（英小文字・数字・「-」で書きます）。",
    },
    "search.bad-version": {
        "en": "version:{value} is not a date: use version:YYYYMMDD",
        "ja": "version:{value} は日付ではありません。version:20260116 のように年月日 8 桁で書いてください。",
    },
    "search.unknown-doc": {
        "en": "doc:{value} is not a document of this index: use one of {choices}",
        "ja": "doc:{value} という文書は検索の対象にありません。次のいずれかを使ってください：{choices}",
    },
    "search.version-not-indexed": {
        "en": "version:{version} is not in the search index: the current rules ({current}) were searched. "
        "Older versions: each rule's history page and the changes page.",
        "ja": "version:{version} は検索の対象にないため、現在のルール（{current}）を検索しました。"
        "古い版は、各ルールの履歴ページと変更点のページで読めます。",
    },
}
