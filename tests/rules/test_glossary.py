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
