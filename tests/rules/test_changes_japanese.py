"""The changes page quotes a rule's Japanese (the whole translation's) as today's only when its standing
allows, as the rule page does (docs/translations.md "What a reader sees"), on two invented releases and a
whole translation of the older one (tests/rules/ja_cr_files.py's format, placeholder Japanese).

20300202 -> 20310303: 101.1 changes in substance (its Japanese is outdated), 101.4 only in wording ("does
not" -> "doesn't": its Japanese is still today's rule), 101.5 is added (no Japanese).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.rules.ingest import ingest_corpus
from tests.rules.cr_files import BASE, edited, write_release
from tests.rules.ja_cr_files import write_ja_cr

pytestmark = pytest.mark.django_db

V1, V2 = "20300202", "20310303"
FIRST = edited(BASE, {"101.4": "A seat that does not like its hand may shuffle it away and draw a new one."})
SECOND = (
    *edited(
        FIRST,
        {
            "101.1": "Shuffle every deck, then cut it, before anyone draws a card.",
            "101.4": "A seat that doesn't like its hand may shuffle it away and draw a new one.",
        },
    )[:10],
    ("101.5", "A seat may concede at any time."),
    *FIRST[10:],
)
SHUFFLE_JA = "見本訳「101_1」：デッキを切ってから引く。"
HAND_JA = "見本訳「101_4」：手札が気に入らない席は引き直せる。"


@pytest.fixture()
def two_releases(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    write_release(corpus, V1, FIRST)
    write_release(corpus, V2, SECOND)
    japanese = [(n, f"見本訳「{n.replace('.', '_')}」") for n, _text in FIRST]
    japanese = [(n, {"101.1": SHUFFLE_JA, "101.4": HAND_JA}.get(n, t)) for n, t in japanese]
    write_ja_cr(corpus, V1, japanese)
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")


def _change(html: str, lang: str, number: str) -> str:
    """The "Changed" entry of ``number``, up to its English diff."""
    start = html.index(f'<div class="change"><h3><a href="/{lang}/rules/{number}/')
    return html[start : html.index('<p class="diff"', start)]


def _page(client: Client, lang: str) -> str:
    response = client.get(f"/{lang}/rules/changes/?from={V1}&to={V2}")
    assert response.status_code == 200
    html = response.content.decode()
    return html[html.index("<h1>") : html.index("</main>")]


def test_the_changes_page_shows_an_outdated_japanese_only_on_request(
    client: Client, two_releases: None
) -> None:
    html = _page(client, "ja")
    assert "<p>追加 1、削除 0、変更 2。</p>" in html
    # 101.4 changed only in wording: its Japanese is today's rule, quoted as the rule's Japanese.
    hand = _change(html, "ja", "101.4")
    assert 'data-standing="wording-changed"' in hand
    assert (
        f'<p class="change-ja" lang="ja" data-quoted>{HAND_JA} <span class="differs-mark">(旧版からの翻訳)'
        in hand
    )
    assert "earlier-translation" not in hand and "古い訳です" not in hand
    # 101.1 changed in substance: one line saying so, the old Japanese only behind a closed <details>.
    shuffle = _change(html, "ja", "101.1")
    assert 'data-standing="outdated"' in shuffle and 'class="change-ja"' not in shuffle
    before, details = shuffle.split('<details class="earlier-translation">')
    assert "古い訳です：この日本語は以前の版の規則の訳で、現在の規則とは内容が異なります。" in before
    assert SHUFFLE_JA not in before
    assert details.startswith("<summary>以前の規則の訳を表示</summary>") and SHUFFLE_JA in details
    # The added rule has no Japanese: nothing is quoted beside it.
    added = html[html.index("<h2>追加</h2>") : html.index("<h2>削除</h2>")]
    assert "101.5" in added and "change-ja-box" not in added
    # The history page of each rule applies the same standing.
    assert HAND_JA in client.get("/ja/rules/101.4/history/").content.decode()
    assert SHUFFLE_JA not in client.get("/ja/rules/101.1/history/").content.decode()


def test_the_english_changes_page_quotes_no_japanese(client: Client, two_releases: None) -> None:
    html = _page(client, "en")
    assert "<p>1 added, 0 removed, 2 changed.</p>" in html
    assert "change-ja" not in html and SHUFFLE_JA not in html and HAND_JA not in html
    assert "<h3>" in _change(html, "en", "101.1") and "<ins>deck, then cut it,</ins>" in html
