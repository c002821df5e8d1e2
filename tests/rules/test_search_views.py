"""The search page (full and htmx fragment) and the search JSON API, on the hand-written sample index."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers import error_texts


@pytest.fixture()
def index(settings, sample_root: Path) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = sample_root
    return sample_root


def test_full_page_and_fragment(client: Client, index: Path) -> None:
    full = client.get("/en/search/", {"q": "commander tax"})
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'hx-get="/en/search/"' in html and 'action="/en/search/"' in html
    assert 'hx-trigger="input changed delay:300ms, search"' in html and "hx-push-url" in html
    assert 'href="/en/rules/903.8/"' in html and "<mark>tax</mark>" in html
    fragment = client.get("/en/search/", {"q": "commander tax"}, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    part = fragment.content.decode()
    assert "<html" not in part and "<form" not in part
    assert 'href="/en/rules/903.8/"' in part


def test_japanese_ui_links(client: Client, index: Path) -> None:
    html = client.get("/ja/search/", {"q": "統率者ダメージ"}).content.decode()
    assert 'href="/ja/docs/commander-rules/#rule-9"' in html
    assert 'href="/ja/rules/903.10a/"' in html


def test_rule_number_redirects(client: Client, index: Path) -> None:
    response = client.get("/en/search/", {"q": "rule 903.8"})
    assert response.status_code == 302
    assert response["Location"] == reverse("rules:detail", args=["903.8"])
    typing = client.get("/en/search/", {"q": "903.8"}, HTTP_HX_REQUEST="true")
    assert typing.status_code == 200 and 'href="/en/rules/903.8/"' in typing.content.decode()


def test_escaping_on_the_page(client: Client, index: Path) -> None:
    html = client.get("/en/search/", {"q": "<script>alert</script> token"}).content.decode()
    assert "<script>alert" not in html
    assert "&lt;<mark>script</mark>&gt;" in html


def test_problems_and_empty_page(client: Client, index: Path) -> None:
    bad = client.get("/en/search/", {"q": "lang:xx tax"})
    assert bad.status_code == 200 and "lang:xx is not a language" in bad.content.decode()
    empty = client.get("/en/search/")
    assert empty.status_code == 200
    nothing = client.get("/en/search/", {"q": "commnader"}).content.decode()
    assert "commander" in nothing  # a suggestion


def test_post_is_not_allowed(client: Client, index: Path) -> None:
    assert client.post("/en/search/", {"q": "tax"}).status_code == 405
    assert client.post("/api/search", {"q": "tax"}).status_code == 405


def test_api(client: Client, index: Path) -> None:
    data = client.get("/api/search", {"q": "統率者税", "limit": 3}).json()
    assert set(data) == {"query", "total", "jump", "hits", "partial", "corrected_query", "suggestions"}
    assert data["hits"][0]["rule"] == "903.8" and len(data["hits"]) <= 3
    assert client.get("/api/search", {"q": "CR 903.8"}).json()["jump"] == "903.8"


def test_api_links_and_ranks_in_the_readers_language(client: Client, index: Path) -> None:
    """?ui=ja: the Japanese translation first (the English in "also") and /ja/ links; the default is en."""
    ja = client.get("/api/search", {"q": "commander tax", "ui": "ja"}).json()
    assert ja["hits"][0]["url"] == "/ja/rules/903.8/" and ja["hits"][0]["lang"] == "ja"
    assert ja["hits"][0]["also"] == ["en"]
    en = client.get("/api/search", {"q": "commander tax"}).json()
    assert en["hits"][0]["url"] == "/en/rules/903.8/" and en["hits"][0]["lang"] == "en"
    docs = client.get("/api/search", {"q": "統率者ダメージ lang:ja", "ui": "ja"}).json()
    assert docs["hits"][0]["url"] == "/ja/docs/commander-rules/#rule-9"
    assert docs["hits"][0]["kind"] == "format-rules" and docs["hits"][0]["doc_title"] == "統率者戦ルール"


def test_api_no_dead_ends(client: Client, index: Path) -> None:
    corrected = client.get("/api/search", {"q": "comander tax"}).json()
    assert corrected["corrected_query"] == "commander tax" and corrected["hits"][0]["rule"] == "903.8"
    partial = client.get("/api/search", {"q": "planar die commander damage"}).json()
    assert partial["partial"] is True and partial["hits"][0]["missing"]
    rules = client.get("/api/search", {"q": "903.9zz", "ui": "ja"}).json()
    assert rules["hits"] == [] and rules["suggestions"][0] == {
        "kind": "rule",
        "query": "903.8",
        "rule": "903.8",
        "title": "903.8.",
        "url": "/ja/rules/903.8/",
    }  # the title of the Japanese translation, for a Japanese reader


@pytest.mark.parametrize(
    "params",
    [
        {"q": "tax", "ui": "fr"},
        {"q": "lang:xx"},
        {"q": "tax", "limit": "0"},
        {"q": "tax", "limit": "51"},
        {"q": "tax", "limit": "x"},
        {"q": "tax", "lang": "fr"},
        {"q": ""},
    ],
)
def test_api_bad_requests(client: Client, index: Path, params: dict[str, str]) -> None:
    response = client.get("/api/search", params)
    assert response.status_code == 400
    assert error_texts(response)


def test_no_index_yet(client: Client, settings, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = tmp_path
    assert client.get("/api/search", {"q": "tax"}).status_code == 503


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_very_long_query_is_shortened_not_an_error(client: Client, index: Path, lang: str) -> None:
    """A 10 000-character query (judge.search.query.MAX_QUERY_CHARS is 500) is cut with a notice: never a
    500."""
    from judge.search.query import MAX_QUERY_CHARS

    q = "commander tax <b>x</b> " * 435  # 10 005 characters, markup included
    assert len(q) > 10_000
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = client.get(f"/{lang}/search/", {"q": q}, **headers)
        assert page.status_code == 200
        html = page.content.decode()
        assert str(MAX_QUERY_CHARS) in html  # the "shortened" notice names the limit
        assert "<b>x</b>" not in html
    api = client.get("/api/search", {"q": "commander tax " * 720})
    assert api.status_code == 200
    data = api.json()
    assert any(str(MAX_QUERY_CHARS) in notice for notice in data["notices"])
    assert data["hits"][0]["rule"] == "903.8"


# --- the search box in the header of every page ---------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_has_the_live_search_box(client: Client, index: Path, lang: str) -> None:
    """The header form searches as you type (htmx, debounced) into a results box, and submits without JS.
    (Rule pages are checked on the real corpus in tests/views/test_rules.py.)"""
    for page in ("/{lang}/search/", "/{lang}/tracker/", "/{lang}/", "/{lang}/search/?q=tax"):
        response = client.get(page.format(lang=lang))
        assert response.status_code == 200, page
        html = response.content.decode()
        header = html[
            html.index('class="search-box"') : html.index("</form>", html.index('class="search-box"'))
        ]
        assert f'action="/{lang}/search/"' in header and 'method="get"' in header
        assert f'hx-get="/{lang}/search/"' in header
        assert 'hx-trigger="input changed delay:300ms, search"' in header
        assert 'hx-target="#site-search-results"' in header
        assert 'id="site-search-results"' in html


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_header_box_gets_a_short_list_of_best_matches(client: Client, index: Path, lang: str) -> None:
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"}
    response = client.get(f"/{lang}/search/", {"q": "commander tax"}, **headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html and 'class="quick-hits"' in html
    assert f'href="/{lang}/rules/903.8/"' in html
    # The reader's language first: the Japanese translation of 903.8 on /ja/, the CR on /en/.
    assert ("<mark>統率者税</mark>" if lang == "ja" else "<mark>tax</mark>") in html
    assert f'href="/{lang}/search/?q=commander%20tax"' in html  # the whole list, on the search page
    jump = client.get(f"/{lang}/search/", {"q": "９０３．８"}, **headers).content.decode()
    assert f'href="/{lang}/rules/903.8/"' in jump and "search-jump" in jump
    assert client.get(f"/{lang}/search/", {"q": ""}, **headers).content.decode().strip() == ""


def test_header_box_escapes_markup(client: Client, index: Path) -> None:
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"}
    for q in ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)> tax'):
        html = client.get("/en/search/", {"q": q}, **headers).content.decode()
        assert "<script>" not in html and "<img" not in html
    html = client.get("/en/search/", {"q": "<i>zzqx</i>"}, **headers).content.decode()
    assert "&lt;i&gt;zzqx&lt;/i&gt;" in html  # nothing found for the query, shown escaped


def test_nothing_found_offers_searches_that_work(client: Client, index: Path) -> None:
    html = client.get("/en/search/", {"q": "xyzzyplugh"}).content.decode()
    assert "search-suggestions" in html and 'href="/en/search/?q=commander%20tax"' in html
    close = client.get("/en/search/", {"q": "comander tax"}).content.decode()
    assert 'href="/en/rules/903.8/"' in close  # the results for "commander tax"
    filtered = client.get("/en/search/", {"q": "文明 lang:en"}).content.decode()
    assert 'href="/en/search/?q=%E6%96%87%E6%98%8E&amp;lang=all"' in filtered  # the same words unfiltered
    rules = client.get("/ja/search/", {"q": "903.9zz"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'href="/ja/rules/903.8/"' in rules  # the nearest existing rules


@pytest.mark.parametrize("q", ["commander tax", "統率者ダメージ", "９０３．８", "zzzyzx"])
def test_search_command_prints_the_api_json(client: Client, index: Path, q: str) -> None:
    import json
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("search", q, "--lang", "all", "--limit", "5", "--json", index_dir=index, stdout=out)
    api = client.get("/api/search", {"q": q, "lang": "all", "limit": "5"}, HTTP_ACCEPT_LANGUAGE="en")
    assert json.loads(out.getvalue()) == api.json()


HOSTILE = [
    "<script>alert(1)</script>",
    '"unbalanced quote',
    "「閉じない",
    "!!!...???",
    "((( OR NOT -",
    '"""',
    "lang:",
    "doc:../../etc",
    "version:99999999 tax",
    "x" * 10_000,
    "統率者" * 3_000,
    "\x00\x01 tax",
    "%s %d {0}",
]


@pytest.mark.parametrize("q", HOSTILE, ids=lambda q: repr(q[:20]))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hostile_queries_never_break_the_page(client: Client, index: Path, q: str, lang: str) -> None:
    for headers in (
        {},
        {"HTTP_HX_REQUEST": "true"},
        {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"},
    ):
        response = client.get(f"/{lang}/search/", {"q": q}, **headers)
        assert response.status_code == 200, (q, headers)
        html = response.content.decode()
        assert "<script>alert" not in html and "<img" not in html
    api = client.get("/api/search", {"q": q})
    assert api.status_code in (200, 400)
    assert ("hits" in api.json()) or error_texts(api)


# --- no dead ends, shown in the reader's language (with and without htmx, and in the header box) -----------

QUICK = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "site-search-results"}
EVERY_WAY = ({}, {"HTTP_HX_REQUEST": "true"}, QUICK)  # the page, its results fragment, the header box


@pytest.mark.parametrize("headers", EVERY_WAY)
def test_closest_matches_say_so_and_list_the_missing_words(
    client: Client, index: Path, headers: dict[str, str]
) -> None:
    en = client.get("/en/search/", {"q": "planar die commander damage"}, **headers).content.decode()
    assert "No rule has every word; closest matches:" in en and "Missing:" in en
    ja = client.get("/ja/search/", {"q": "planar die commander damage"}, **headers).content.decode()
    assert "すべての語を含むルールはありません。近いものを表示します:" in ja and "含まない語:" in ja
    assert "<s>planar</s>" in ja or "<s>commander</s>" in ja


@pytest.mark.parametrize("headers", EVERY_WAY)
def test_a_corrected_query_says_so_and_links_to_the_spelling_typed(
    client: Client, index: Path, headers: dict[str, str]
) -> None:
    html = client.get("/ja/search/", {"q": "comander tax"}, **headers).content.decode()
    assert "「commander tax」の検索結果を表示しています。" in html and 'href="/ja/rules/903.8/"' in html
    as_typed = "/ja/search/?q=comander%20tax&amp;lang=all&amp;as_typed=1"
    assert f'href="{as_typed}"' in html and "入力どおり「comander tax」で検索" in html
    typed = client.get("/ja/search/", {"q": "comander tax", "as_typed": "1"}, **headers).content.decode()
    assert "検索結果を表示しています" not in typed  # searched as typed: "tax" alone, and the spelling offered
    assert 'もしかして: <a href="/ja/search/?q=commander%20tax&amp;lang=all">commander tax</a>' in typed


@pytest.mark.parametrize("headers", EVERY_WAY)
def test_a_missing_rule_number_links_the_nearest_rules(
    client: Client, index: Path, headers: dict[str, str]
) -> None:
    html = client.get("/en/search/", {"q": "903.10zz"}, **headers).content.decode()
    assert "There is no rule “903.10zz”. The nearest rules:" in html
    assert '<a href="/en/rules/903.10a/">903.10a Commander</a>' in html and "Nothing found" not in html
    ja = client.get("/ja/search/", {"q": "903.10zz"}, **headers).content.decode()
    assert "ルール「903.10zz」はありません。近いルール:" in ja and 'href="/ja/rules/903.10a/"' in ja


@pytest.mark.parametrize("headers", EVERY_WAY)
@pytest.mark.parametrize(
    ("q", "ja", "en"),
    [
        ("commander tax lang:en", "総合ルール", "Comprehensive Rules"),
        ("planar die lang:en", "用語集", "Glossary"),
        ("統率者税 lang:ja", "総合ルール（日本語訳）", "Comprehensive Rules (Japanese translation)"),
        ("統率者ダメージ lang:ja", "統率者戦 公式ルール", "Commander format rules"),
        ("文明", "デュエル・マスターズ（ハウスルール）", "Duel Masters (house rules)"),
        ("次元ダイス lang:ja", "wiki: プレインチェイス戦", "wiki: プレインチェイス戦"),
    ],
)
def test_hits_are_labelled_by_kind_and_title_never_by_file(
    client: Client, index: Path, headers: dict[str, str], q: str, ja: str, en: str
) -> None:
    for lang, label in (("ja", ja), ("en", en)):
        html = client.get(f"/{lang}/search/", {"q": q}, **headers).content.decode()
        assert f'<span class="search-source">{label}</span>' in html, (lang, label)
        assert ".txt" not in html and "_sample" not in html


@pytest.mark.parametrize("headers", EVERY_WAY)
def test_japanese_readers_read_cr_sections_and_glossary_words_in_japanese(
    client: Client, index: Path, headers: dict[str, str]
) -> None:
    ja = client.get("/ja/search/", {"q": "commander tax lang:en"}, **headers).content.decode()
    assert "903.8. 統率者戦" in ja and "統率者税（Commander Tax）" in ja
    en = client.get("/en/search/", {"q": "commander tax lang:en"}, **headers).content.decode()
    assert "903.8. Commander" in en and "統率者戦" not in en


def test_api_titles_follow_the_reader_and_as_typed_only_suggests(client: Client, index: Path) -> None:
    ja = client.get("/api/search", {"q": "commander tax", "lang": "en", "ui": "ja"}).json()
    assert ja["hits"][0]["title"] == "903.8. 統率者戦" and ja["hits"][0]["url"] == "/ja/rules/903.8/"
    en = client.get("/api/search", {"q": "commander tax", "lang": "en"}).json()
    assert en["hits"][0]["title"] == "903.8. Commander"
    typed = client.get("/api/search", {"q": "comander tax", "as_typed": "1"}).json()
    assert typed["corrected_query"] is None and typed["partial"] is True
    assert typed["suggestions"] == [{"kind": "spelling", "query": "commander tax"}]


# --- answers, not only hits (issue 20) ---------------------------------------------------------------------


@pytest.mark.parametrize("headers", EVERY_WAY)
def test_a_question_about_commander_tax_gets_the_calculator_filled_in(
    client: Client, index: Path, headers: dict[str, str]
) -> None:
    html = client.get("/ja/search/", {"q": "統率者税 2回"}, **headers).content.decode()
    assert (
        'class="answer-card"' in html and '+<span class="mana-symbol pip-N"' in html and ">4</span>" in html
    )
    assert 'href="/ja/calc/tax/?variant=commander&amp;previous_casts=2"' in html
    assert 'href="/ja/rules/903.8/"' in html and "計算ツールを開く" in html
    assert html.index("answer-card") < html.index("search-snippet")  # above the hits
    damage = client.get("/en/search/", {"q": "commander damage"}, **headers).content.decode()
    assert 'href="/en/calc/commander-damage/"' in damage and "Commander damage" in damage
    leave = client.get("/ja/search/", {"q": "ゲームから離れる"}, **headers).content.decode()
    assert 'href="/ja/leave-game/"' in leave
    plain = client.get("/en/search/", {"q": "planar die"}, **headers).content.decode()
    assert "answer-card" not in plain


def test_why_a_query_cannot_be_searched_is_told_in_the_readers_language(client: Client, index: Path) -> None:
    """The audit: the query language's problems and notices were English on /ja/ and had no code."""
    page = client.get("/ja/search/", {"q": "-tax"}).content.decode()
    assert "除外する語しかありません。検索する語を加えてください。" in page and "only excludes" not in page
    notice = client.get("/ja/search/", {"q": "commander NOT"}).content.decode()
    assert "末尾の NOT は無視しました。" in notice and "was ignored" not in notice
    english = client.get("/en/search/", {"q": "-tax"}).content.decode()
    assert "The query only excludes words: add a word to search for." in english
    api = client.get("/api/search", {"q": "lang:xx tax", "ui": "ja"})
    assert api.status_code == 400
    assert api.json()["errors"] == [
        {
            "code": "search.bad-lang",
            "rule": "",
            "field": "q",
            "text": "lang:xx は言語ではありません。lang:ja、lang:en、lang:all のいずれかを使ってください。",
        }
    ]
    shown = client.get("/api/search", {"q": "commander NOT", "ui": "ja"}).json()
    assert shown["notices"] == ["末尾の NOT は無視しました。除外する語は NOT の後に書いてください。"]


HEADWORDS = [
    ("en", "commander tax"),
    ("en", "Commander  Tax"),
    ("ja", "統率者税"),
    ("ja", "ｃｏｍｍａｎｄｅｒ tax"),
]


@pytest.mark.parametrize(("ui", "q"), HEADWORDS)
def test_a_glossary_headword_typed_gives_its_entry_first(
    client: Client, index: Path, ui: str, q: str
) -> None:
    """A query that is exactly a word of the glossary (English or its Japanese name): its entry first in the
    header box's best matches; on the search page right after the rule that governs it."""
    page = client.get(f"/{ui}/search/", {"q": q}).content.decode()
    titles = re.findall(r'class="search-hit-title" href="([^"]+)"', page)
    assert f"/{ui}/glossary/#term-1" in titles[:2] and f"/{ui}/rules/903.8/" in titles[:3]
    quick = client.get(
        f"/{ui}/search/", {"q": q}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="site-search-results"
    ).content.decode()
    assert re.findall(r'<a href="([^"]+)" lang="[a-z]*"><strong>', quick)[0] == f"/{ui}/glossary/#term-1"
