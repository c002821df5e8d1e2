"""The glossary with the Japanese names of its words, and the glosses on the rule pages, on the real
corpus."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


def _glossary_anchor(ingested, term: str) -> str:
    from judge.rules.models import GlossaryTerm

    found = GlossaryTerm.objects.get(
        release__generations=ingested, version=ingested.current_version, term=term
    )
    return f"term-{found.position + 1}"


@pytest.mark.parametrize("hx", [False, True])
def test_japanese_rule_page_glosses_the_english_words(client, ingested, hx):
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    anchor = _glossary_anchor(ingested, "Commander Tax")
    html = client.get("/ja/rules/903.8/", **headers).content.decode()
    # The word is a link to its glossary entry (no JavaScript), and the page lists it with its Japanese name.
    link = f'<a class="gloss" href="/ja/glossary/#{anchor}" data-gloss="'
    assert link in html and html.count(link) == 1
    key = html.split(link, 1)[1].split('"', 1)[0]
    entry = html.split(f'id="gloss-{key}"', 1)[1].split("</div>", 1)[0]
    assert '<span class="gloss-ja" lang="ja">統率者税</span>' in entry
    assert "Informal term for the additional cost" in entry and f'href="/ja/glossary/#{anchor}"' in entry
    assert "このルールの用語" in html
    assert 'src="/static/js/glosses.js"' in html or hx  # the popover's script comes with the full page
    english = client.get("/en/rules/903.8/", **headers).content.decode()
    assert 'class="gloss"' not in english and "Words in this rule" not in english


@pytest.mark.parametrize("hx", [False, True])
def test_glossary_gives_each_word_its_japanese_name(client, ingested, hx):
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    anchor = _glossary_anchor(ingested, "Commander Tax")
    ja = client.get("/ja/glossary/", **headers).content.decode()
    assert (
        f'<dt id="{anchor}"><span class="term-ja" lang="ja">統率者税</span> '
        '<span class="term-en" lang="en">Commander Tax</span></dt>'
    ) in ja
    # In the order of the Japanese reading (トウソツシャ... under た), words with no Japanese name last.
    assert (
        ja.index("<h2>あ</h2>")
        < ja.index("<h2>た</h2>")
        < ja.index(f'<dt id="{anchor}">')
        < ja.index("<h2>な</h2>")
    )
    assert ja.index("<h2>わ</h2>") < ja.index("<h2>日本語名のない用語</h2>")
    en = client.get("/en/glossary/", **headers).content.decode()
    assert (
        f'<dt id="{anchor}"><span class="term-en">Commander Tax</span> <span class="term-ja" '
        'lang="ja">統率者税</span></dt>'
    ) in en
    assert en.index("<h2>A</h2>") < en.index(f'<dt id="{anchor}">') < en.index("<h2>D</h2>")


@pytest.mark.parametrize(
    "q", ["統率者税", "commander tax", "とうそつしゃぜい", "Commander  Tax", "ｃｏｍｍａｎｄｅｒ"]
)
def test_glossary_finds_a_word_in_either_language(client, ingested, q):
    page = client.get("/ja/glossary/", {"q": q}).content.decode()
    assert "統率者税" in page and "Commander Tax" in page and "Trample" not in page
    fragment = client.get("/en/glossary/", {"q": q}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "Commander Tax" in fragment and "match" in fragment
    nothing = client.get("/ja/glossary/", {"q": "zzzz"}, HTTP_HX_REQUEST="true").content.decode()
    assert "一致する用語はありません。" in nothing


def test_a_japanese_reader_reads_each_glossed_word_in_japanese(client, ingested):
    """On /ja/ the Japanese name follows the glossed word; the English definition is labelled as such."""
    html = client.get("/ja/rules/903.8/").content.decode()
    tax = html.split(">commander tax</a>", 1)[1]
    assert tax.startswith('<span class="gloss-inline" lang="ja">（統率者税）</span>')
    entry = html.split('class="gloss-entry"', 1)[1].split("</div>", 1)[0]
    assert '<dd class="gloss-definition gloss-definition-en" lang="en">' in entry and "英語の定義" in entry
    # /en/ has no glosses at all.
    assert "gloss-inline" not in client.get("/en/rules/903.8/").content.decode()


def test_a_glossary_word_the_term_table_lacks_is_glossed_too(client, ingested):
    """ "Excess Damage" is in the glossary, not in rules_data/terms.tsv: glossed on its first use, with the
    glossary's definition (and no Japanese name until a whole translation gives it one)."""
    anchor = _glossary_anchor(ingested, "Excess Damage")
    html = client.get("/ja/rules/120.4a/").content.decode()
    link = f'<a class="gloss" href="/ja/glossary/#{anchor}" data-gloss="g{anchor}">excess damage</a>'
    assert html.count(link) == 1
    entry = html.split(f'id="gloss-g{anchor}"', 1)[1].split("</div>", 1)[0]
    assert '<span class="gloss-en" lang="en">Excess Damage</span>' in entry and "gloss-ja" not in entry
    # Words rules text uses as plain English are not glossed: 903.9b's "If a commander would be put…".
    page = client.get("/ja/rules/903.9b/").content.decode()
    assert ">If</a>" not in page and ">if</a>" not in page


@pytest.mark.parametrize("hx", [False, True])
def test_glossary_comes_folded_by_heading_with_an_index_that_loads_one(client, ingested, hx):
    """A phone gets the index and each heading folded; ``?letter=`` gives that heading's words only, open, in
    folded parts (the first kana; the first two letters in English), each word folded to its headword."""
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    anchor = _glossary_anchor(ingested, "Commander Tax")
    whole = client.get("/ja/glossary/").content.decode()
    assert '<details class="glossary-group" id="group-1">' in whole and " open>" not in whole
    assert 'href="/ja/glossary/?letter=%E3%81%9F"' in whole  # た, a link that works without JavaScript
    assert 'href="/ja/glossary/?letter=other"' in whole  # the words with no Japanese name
    assert f'<dt id="{anchor}">' in whole  # a fragment link (a gloss, a search hit) still finds its word
    ja = client.get("/ja/glossary/", {"letter": "た"}, **headers).content.decode()
    assert '<details class="glossary-group" id="group-1" open>' in ja and "<h2>た</h2>" in ja
    assert f'<details class="glossary-word" id="{anchor}">' in ja and ">Flying<" not in ja
    assert "<h2>は</h2>" not in ja and '<details class="glossary-part" id="part-1">' in ja
    parts = [part.split("</h3>", 1)[0] for part in ja.split("<h3>")[1:]]
    assert parts == ["た", "ち", "つ", "て", "と"]  # 統率者税 under と
    tax = ja.split("<h3>と</h3>", 1)[1]
    assert f'id="{anchor}"' in tax and "統率者税" in tax
    assert "この見出しの用語:" in ja and "すべての見出し" in ja
    assert ("<html" in ja) is not hx
    en = client.get("/en/glossary/", {"letter": "C"}, **headers).content.decode()
    assert "Commander Tax" in en and ">Trample<" not in en and "words under this heading." in en
    assert '<h3 lang="en">Co</h3>' in en and '<h3 lang="en">Ca</h3>' in en
    assert "Commander Tax" in en.split('<h3 lang="en">Co</h3>', 1)[1].split("<h3", 1)[0]
    # A letter the index does not have: the whole glossary, folded (nothing lost, nothing broken).
    odd = client.get("/en/glossary/", {"letter": "<b>zz</b>"}).content.decode()
    assert "<b>zz</b>" not in odd and "Trample" in odd and "Commander Tax" in odd
    # A filter wins over a letter, and its words come open.
    found = client.get("/en/glossary/", {"letter": "T", "q": "commander tax"}).content.decode()
    assert "Commander Tax" in found and " open>" in found


def test_a_headings_words_are_parted_by_their_first_kana_or_two_letters() -> None:
    from judge.rules.glossary import Glossary, GlossaryEntry

    def entry(term: str, name_ja: str, reading: str) -> GlossaryEntry:
        return GlossaryEntry(term, "", f"term-{term}", (), (name_ja,) if name_ja else (), reading, ())

    words = [
        entry("Commander", "統率者", "トウソツシャ"),
        entry("Draw", "引く", "ヒク"),
        entry("Token", "トークン", "トークン"),
        entry("Double Strike", "二段攻撃", "ニダンコウゲキ"),
        entry("Dungeon", "ダンジョン", "ダンジョン"),
        entry("Behold", "", ""),
    ]
    glossary = Glossary(version="20260619", is_current=True, entries=words)
    ja = [(label, [e.term for e in part]) for label, part in glossary.parts("ja", words[:3] + words[4:5])]
    assert ja == [("と", ["Commander", "Token"]), ("ひ", ["Draw"]), ("た", ["Dungeon"])]
    en = [(label, [e.term for e in part]) for label, part in glossary.parts("en", words)]
    assert en == [
        ("Co", ["Commander"]),
        ("Dr", ["Draw"]),
        ("To", ["Token"]),
        ("Do", ["Double Strike"]),
        ("Du", ["Dungeon"]),
        ("Be", ["Behold"]),
    ]
    assert glossary.parts("ja", words[5:]) == [("Be", words[5:])]  # no Japanese name: by its English
