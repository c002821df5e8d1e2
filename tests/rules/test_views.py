"""Rule pages, the rule index, documents and the rules JSON API on the real corpus (the glossary and the
glosses:
test_glossary.py; a rule's history and the changes between releases: test_history.py)."""

from __future__ import annotations

import re

import pytest

from judge.engine.dates import effective
from tests.conftest import current_release
from tests.helpers import error_texts

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


def test_rule_page_shows_rule_subrules_and_links(client, ingested):
    response = client.get("/en/rules/903.9/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "903.9a" in html and "903.9b" in html
    # Every rule reference is a link, and the Japanese translation sits beside the English.
    assert 'href="/en/rules/' in html
    assert 'lang="ja"' in html
    assert "Cited by" in html


def test_rule_page_in_japanese_ui(client, ingested):
    response = client.get("/ja/rules/800.4a/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'lang="ja"' in html
    assert "ゲームから除外" in html


def test_japanese_is_default_for_japanese_browsers(client, ingested):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ja,en;q=0.5")
    assert response.status_code == 302
    assert response["Location"].startswith("/ja/")
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US")
    assert response["Location"].startswith("/en/")
    # LANGUAGE_CODE is "en": the fallback for browsers that ask for neither language, or for nothing.
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="ja-JP,ja;q=0.9,en;q=0.8")["Location"] == "/ja/"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR")["Location"] == "/en/"
    assert client.get("/")["Location"] == "/en/"
    home = client.get("/ja/").content.decode()
    assert 'hreflang="en"' in home and 'hreflang="ja"' in home  # the visible language switch


def test_rule_page_htmx_fragment(client, ingested):
    full = client.get("/en/rules/903.8/")
    fragment = client.get("/en/rules/903.8/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert b"<html" in full.content and b"<html" not in fragment.content
    assert b'id="rule-page"' in fragment.content


def test_previous_next_and_breadcrumb(client, ingested):
    html = client.get("/en/rules/903.8/").content.decode()
    assert 'rel="prev"' in html and 'rel="next"' in html
    assert 'href="/en/rules/903/"' in html and 'href="/en/rules/9/"' in html


def test_unknown_rule_is_404(client, ingested):
    assert client.get("/en/rules/999.99z/").status_code == 404


@pytest.mark.parametrize(
    ("lang", "heading", "section"),
    [("en", "No rule 903.9z in this version.", "Commander"), ("ja", "ルール 903.9z", "統率者戦")],
)
def test_a_missing_rule_links_the_nearest_rules_that_exist(client, ingested, lang, heading, section):
    """Issue 12: a mistyped or removed number is never a dead end: its family, else its neighbours."""
    response = client.get(f"/{lang}/rules/903.9z/")
    html = response.content.decode()
    assert response.status_code == 404 and heading in html
    assert (
        f'<a href="/{lang}/rules/903.9/">903.9</a>' in html
        and f'<a href="/{lang}/rules/903.9a/">903.9a</a>' in html
    )
    near_sections = client.get(f"/{lang}/rules/999.1/").content.decode()
    assert (
        f'<a href="/{lang}/rules/905/">905</a>' in near_sections
        and f'<a href="/{lang}/rules/903/">903</a>' in near_sections
    )
    assert section in near_sections  # the section's title, in Japanese on /ja/


def test_version_switch(client, ingested):
    response = client.get("/en/rules/903.8/?version=20200601")
    assert response.status_code == 200
    html = response.content.decode()
    current = current_release()
    told = (
        "You are reading rule 903.8 as it was in the rules effective June 1, 2020; the current rules are "
        f"{effective(current).in_('en')}."
    )
    assert told in html
    assert '<a href="/en/rules/903.8/">Show the current version</a>' in html


def test_glossary_and_documents(client, ingested):
    assert b"Commander" in client.get("/en/glossary/").content
    docs = client.get("/ja/docs/").content.decode()
    assert "/ja/docs/commander-rules/" in docs and "/ja/docs/dtc/" in docs
    assert client.get("/ja/docs/dtc/").status_code == 200
    assert client.get("/ja/docs/no-such-doc/").status_code == 404


def test_api_rule_shape(client, ingested):
    current = current_release()
    data = client.get(f"/api/rules/903.8?version={current}").json()
    assert data["number"] == "903.8"
    assert data["version"] == current
    assert data["source"] == f"MagicCompRules {current}.txt"
    assert data["parent"] == "903"
    assert set(data) >= {"title", "text", "examples", "children", "links_to", "cited_by", "translations"}
    assert any(t["lang"] == "ja" for t in data["translations"])
    section = client.get("/api/rules/903").json()
    assert section["title"] == "Commander" and "903.8" in section["children"]
    assert client.get("/api/rules/9").json()["parent"] is None


def test_api_unknown_rule_is_json_404(client, ingested):
    response = client.get("/api/rules/999.1")
    assert response.status_code == 404
    assert error_texts(response) == [f"There is no rule 999.1 in version {current_release()}."]
    assert response.json()["successor"] is None
    assert response.json()["suggestions"][:2] == ["905", "904"]  # the nearest sections that exist


def test_api_docs(client, ingested):
    data = client.get("/api/docs/dtc").json()
    assert data["lang"] == "ja" and data["sections"]
    assert client.get("/api/docs/nope").status_code == 404


# --- the real corpus end to end: counts, alignment, references -------------------------------------------

ALIGNED = {
    # current rule: (Japanese file prefix, Japanese CR number, what a reader is told, the alignment's status)
    # 001's release is older than every ingested one: the closest (20200601) places it, and it may predate
    # that release, so a rule 20200601 reads as today (800.4a reworded only, 903.8 the same) is unchecked.
    "800.4a": ("001_", "800.4a", "unchecked", "unchecked"),
    "805.10a": ("002_", "805.10a", "current", "current"),
    "805.10f": ("002_", "805.10g", "renumbered", "renumbered"),  # 20231117's 805.10g, not its old 805.10f
    "901.9": ("003_", "901.9", "current", "current"),
    "903.8": ("001_", "903.8", "unchecked", "unchecked"),
}
TRANSLATION_KEYS = {
    "lang",
    "doc",
    "doc_title",
    "source",
    "anchor",
    "text",
    "examples",
    "notes",
    "links",
    "cr_number",
    "aligned_number",
    "status",
    "said",
    "alignment",
    "compared_version",
    "differs_from_current",
}


# rules and glossary entries of the official releases in the shared corpus
KNOWN_RELEASES = {
    "20200601": (2577, 570),
    "20231117": (3050, 668),
    "20251114": (3264, 725),
    "20260116": (3269, 725),
}


def test_ingested_counts(ingested):
    from judge.rules import selectors

    counts = ingested.summary["counts"]
    # More releases may be added to the corpus at any time: check the ones whose counts are known.
    assert set(KNOWN_RELEASES) <= set(ingested.versions) and ingested.versions == sorted(ingested.versions)
    assert ingested.current_version == ingested.versions[-1]
    for version, (rules, glossary) in KNOWN_RELEASES.items():
        assert (counts[f"rules {version}"], counts[f"glossary {version}"]) == (rules, glossary), version
    assert {k: v for k, v in counts.items() if k.startswith("sections")} == {
        "sections commander-rules": 15, "sections cr-excerpt-ja": 52, "sections cr-805-ja": 28,
        "sections planechase-wiki": 44, "sections dtc": 49,
    }  # fmt: skip
    current = selectors.rules_of(ingested, "20260116")
    assert sum(len(r.examples) for r in current) == 276
    assert len(current.get(number="800.4a").examples) == 4


@pytest.mark.parametrize("number", sorted(ALIGNED))
def test_japanese_aligned_to_english(client, ingested, number):
    prefix, ja_number, status, alignment = ALIGNED[number]
    data = client.get(f"/api/rules/{number}").json()
    ja = [t for t in data["translations"] if t["lang"] == "ja" and t["source"].startswith(prefix)]
    assert len(ja) == 1 and (ja[0]["status"], ja[0]["cr_number"], ja[0]["aligned_number"]) == (
        status,
        ja_number,
        number,
    )
    assert ja[0]["alignment"] == alignment and ja[0]["differs_from_current"] is (alignment != "current")
    assert set(ja[0]) == TRANSLATION_KEYS
    for lang in ("en", "ja"):
        html = client.get(f"/{lang}/rules/{number}/").content.decode()
        assert ja[0]["text"][:20] in html.replace("\n", "")
        assert f"<strong>{ja_number}</strong>" in html


def test_every_reference_resolves_except_the_glossary_typo(ingested):
    """Ingest counts the references it could not resolve: on the real corpus only the official glossary's
    "Map" entry, which cites rule 110.10 (the predefined tokens are rule 111.10)."""
    from judge.rules import selectors
    from judge.rules.models import Citation

    unresolved = {k: v for k, v in ingested.summary["unresolved"].items() if v}
    # The typo is in every release since 20231117 (and in any later one added to the corpus).
    assert set(unresolved) <= {v for v in ingested.versions if v >= "20231117"}
    assert {"20231117", "20251114", "20260116"} <= set(unresolved)
    assert all(items == ["glossary 'Map' -> 110.10"] for items in unresolved.values())
    for version in ingested.versions:
        known = set(selectors.rules_of(ingested, version).values_list("number", flat=True))
        release = selectors.rules_of(ingested, version).first().release
        cited = set(Citation.objects.filter(release=release).values_list("to_number", flat=True))
        assert cited and cited <= known
    # "See rules 701.42, “Meld,” and 729, “Merging Permanents”": both numbers, past the quoted title.
    assert {"701.42", "729"} <= set(selectors.rules_of(ingested, "20260116").get(number="701.27g").links_to)


def test_every_reference_on_a_rule_page_is_a_link(client, ingested):
    html = client.get("/en/rules/903.9/").content.decode()
    assert '<a class="rule-ref" href="/en/rules/704/">rule 704</a>' in html
    assert '<a class="rule-ref" href="/en/rules/614.5/">rule 614.5</a>' in html
    html = client.get("/en/rules/903.13g/").content.decode()  # a range links to its first rule
    assert '<a class="rule-ref" href="/en/rules/903.6/">rules 903.6–903.11</a>' in html
    html = client.get("/ja/rules/903.2/").content.decode()  # 「rule 806〔…〕参照」 in the Japanese text
    assert '<a class="rule-ref" href="/ja/rules/806/">rule 806</a>〔' in html


def test_a_renumbered_rule_shows_the_japanese_of_its_old_number_and_says_so(client, ingested):
    """Today's 805.10f is 20231117's 805.10g: its Japanese (戦闘ダメージ・ステップ開始に際して…) is shown
    with a
    notice; 20231117's own 805.10f (damage assignment order, deleted since) is not."""
    html = client.get("/en/rules/805.10f/").content.decode()
    assert (
        "This Japanese translates rule 805.10g of the rules effective November 17, 2023, the same rule as "
        "today's 805.10f." in html
    )
    assert "<strong>805.10g</strong> 戦闘ダメージ・ステップ開始に際して" in html
    assert "<strong>805.10f</strong>" not in html and "ダメージ割り振り順" not in html
    # the English it was made from, to compare with
    assert "English text of 805.10g in the rules effective November 17, 2023" in html
    assert "002_" not in html  # file names only on the document's own page
    assert (
        "総合ルール 805 共有チーム・ターン（日本語）" in html
        or "Comprehensive Rules 805 Shared Team Turns" in html
    )
    data = client.get("/api/rules/805.10f").json()
    assert [(t["cr_number"], t["status"]) for t in data["translations"]] == [("805.10g", "renumbered")]


def test_an_unchecked_translation_says_so_beside_the_rule_it_seems_to_translate(client, ingested):
    """001 (older than every ingested release) is placed by the closest one: its 903.9 is 20200601's 903.9,
    today's 903.9b, whose English has lost graveyard and exile since: outdated; today's 903.9 (which says
    something else) gets none of it."""
    page_b = client.get("/en/rules/903.9b/").content.decode()
    assert "Outdated: this Japanese translates an earlier version of the rule" in page_b
    assert (
        "The English had changed by November 17, 2023." in page_b
    )  # the first release loaded after 20200601
    found = client.get("/api/rules/903.9b").json()["translations"]
    assert [(t["status"], t["alignment"]) for t in found] == [("outdated", "unchecked")]
    assert not [
        t for t in client.get("/api/rules/903.9").json()["translations"] if t["source"].startswith("001_")
    ]
    # 001's mulligan (800.5) and starting player's draw (800.6) are placed by their content, unchecked: beside
    # today's 800.6 and 800.7, never beside today's 800.5 (seating order).
    assert not [
        t for t in client.get("/api/rules/800.5").json()["translations"] if t["source"].startswith("001_")
    ]
    # Placed by content alone, the mulligan stays unchecked; the starting player's draw is outdated (today's
    # 800.7 has changed in substance since 20200601's).
    for number, old, status in (("800.6", "800.5", "unchecked"), ("800.7", "800.6", "outdated")):
        placed = [
            t
            for t in client.get(f"/api/rules/{number}").json()["translations"]
            if t["source"].startswith("001_")
        ]
        assert [(t["cr_number"], t["status"], t["alignment"]) for t in placed] == [(old, status, "unchecked")]


def test_japanese_references_follow_the_renumbering_of_their_version(client, ingested):
    """A translation's references are read in its own release's numbers: 001's "rule 711" (double-faced cards,
    placed by 20200601) is rule 712 now; 003's "rule 701.24〔プレインズウォークする〕" (20231117) is today's
    701.31,
    not today's 701.24 (Shuffle), in its prose and in its quoted rules."""
    html = client.get("/ja/rules/903.4d/").content.decode()
    assert '<a class="rule-ref" href="/ja/rules/712/">rule 711</a>' in html
    assert '<a class="rule-ref" href="/ja/rules/712.8a/">rule 711.4a</a>' in html
    doc = client.get("/ja/docs/cr-excerpt-ja/").content.decode()
    assert 'href="/ja/rules/712/">rule 711</a>' in doc
    wiki = client.get("/ja/docs/planechase-wiki/").content.decode()
    assert (
        wiki.count('href="/ja/rules/701.31/">rule 701.24</a>') >= 2 and 'href="/ja/rules/701.24/"' not in wiki
    )
    assert (
        '<a class="rule-ref" href="/ja/rules/701.31/">rule 701.24</a>'
        in client.get("/ja/rules/901.8/").content.decode()
    )


def test_gone_number_redirects_to_its_successor(client, ingested):
    response = client.get("/en/rules/103.3c/")
    assert response.status_code == 302
    assert response["Location"] == "/en/rules/103.4c/?renumbered_from=103.3c"
    page = client.get(response["Location"]).content.decode()
    assert "Rule 103.3c was renumbered: in the current rules it is rule 103.4c." in page
    assert (
        "Renumbered in the rules effective November 17, 2023: 103.3c → 103.4c" in page
    )  # the history follows the rule to its old number
    assert client.get("/api/rules/103.3c").json()["successor"] == "103.4c"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rule_page_has_the_live_search_box_and_language_switch(client, ingested, lang):
    html = client.get(f"/{lang}/rules/903.8/").content.decode()
    assert f'hx-get="/{lang}/search/"' in html and 'hx-target="#site-search-results"' in html
    assert 'href="/ja/rules/903.8/"' in html and 'href="/en/rules/903.8/"' in html


def test_glossary_links_its_references(client, ingested):
    html = client.get("/en/glossary/").content.decode()
    assert '<a class="rule-ref" href="/en/rules/903.12/">rule 903.12</a>' in html


@pytest.mark.corpus
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unknown_version_is_a_404_listing_the_versions(client, ingested, lang):
    page = client.get(f"/{lang}/rules/903.8/?version=20990101")
    assert page.status_code == 404
    html = page.content.decode()
    assert "20990101" in html and f'href="/{lang}/rules/903.8/?version=20251114"' in html
    assert client.get(f"/{lang}/glossary/?version=<b>x</b>").status_code == 404
    assert "<b>x</b>" not in client.get(f"/{lang}/glossary/?version=<b>x</b>").content.decode()
    api = client.get("/api/rules/903.8?version=20990101")
    assert api.status_code == 404
    assert api.json()["versions"] == ingested.versions and set(KNOWN_RELEASES) <= set(ingested.versions)


@pytest.mark.parametrize(
    ("lang", "title", "message"),
    [
        ("en", "Page not found", "No rule 999.9 in this version."),
        ("ja", "ページが見つかりません", "この版にはルール 999.9 はありません。"),
    ],
)
def test_not_found_page_is_the_site_page_in_the_url_language(client, ingested, lang, title, message):
    """A wrong rule number or game link: the site's own page, translated, with a way on (not Django's bare
    one):
    for a rule, the nearest rules that exist."""
    response = client.get(f"/{lang}/rules/999.9/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f"<h1>{message}</h1>" in html and f'href="/{lang}/rules/905/"' in html
    assert 'id="site-q"' in html and f'href="/{lang}/rules/"' in html and f'<html lang="{lang}">' in html
    unrouted = client.get(f"/{lang}/no-such-page/%3Cscript%3E/").content.decode()
    assert f"<h1>{title}</h1>" in unrouted and "Resolver404" not in unrouted and "<script>" not in unrouted


# --- the rules in the reader's language: Japanese names, rules with no Japanese text ----------------------


def _main(html: str) -> str:
    """The page's own content (the site header and nav name the rules pages too)."""
    return re.split(r'<main id="main"[^>]*>', html, maxsplit=1)[1]


@pytest.mark.parametrize("hx", [False, True])
def test_rule_index_names_chapters_and_sections_in_japanese(client, ingested, hx):
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    ja = _main(client.get("/ja/rules/", **headers).content.decode())
    assert (
        '<a href="/ja/rules/9/">9. カジュアル変種ルール</a> <span class="title-en" lang="en">Casual '
        "Variants</span>" in ja
    )
    assert (
        '<a href="/ja/rules/903/">903. 統率者戦</a> <span class="title-en" lang="en">Commander</span>' in ja
    )
    assert '<a href="/ja/rules/100/">100. 原則</a>' in ja
    en = _main(client.get("/en/rules/", **headers).content.decode())
    assert '<a href="/en/rules/903/">903. Commander</a></li>' in en and "統率者戦" not in en


def test_an_older_versions_index_keeps_the_japanese_titles_and_its_version(client, ingested):
    ja = _main(client.get("/ja/rules/?version=20200601").content.decode())
    assert "<h1>総合ルール <small>(2020年6月1日発効)</small></h1>" in ja
    assert '<a href="/ja/rules/903/?version=20200601">903. 統率者戦</a>' in ja
    current = _main(client.get("/ja/rules/").content.decode())
    assert "<small>" not in current and "?version=" not in current


@pytest.mark.parametrize("hx", [False, True])
def test_breadcrumb_heading_and_neighbours_in_the_readers_language(client, ingested, hx):
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    ja = client.get("/ja/rules/903.10a/", **headers).content.decode()
    assert (
        '<a href="/ja/rules/">ルール</a> › <a href="/ja/rules/9/">9. カジュアル変種ルール</a> › '
        '<a href="/ja/rules/903/">903. 統率者戦</a> › <a href="/ja/rules/903.10/">903.10</a>'
    ) in ja
    assert '<span class="rule-topic">統率者ダメージ</span>' in ja  # the word the rule defines
    assert "前へ" in ja and "次へ" in ja
    section = client.get("/ja/rules/903/", **headers).content.decode()
    assert '<span>統率者戦</span> <span class="title-en" lang="en">Commander</span>' in section
    first = client.get("/ja/rules/903.1/", **headers).content.decode()
    assert '<span class="prev-next-label">← 前へ</span> 903. 統率者戦' in first
    en = client.get("/en/rules/903.10a/", **headers).content.decode()
    assert '<a href="/en/rules/9/">9. Casual Variants</a> › <a href="/en/rules/903/">903. Commander</a>' in en
    assert '<span class="rule-topic">commander damage</span>' in en
    assert (b"<html" in client.get("/ja/rules/903.10a/", **headers).content) is not hx


@pytest.mark.parametrize("hx", [False, True])
def test_a_rule_without_japanese_text_says_so_and_shows_the_passages_about_it(client, ingested, hx):
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    html = client.get("/ja/rules/903.10a/", **headers).content.decode()
    assert '<p class="notice no-ja" lang="ja">このルールの日本語訳はありません。' in html
    ja = html.split('class="rule-ja no-translation"', 1)[1]
    # The Commander rules (ja/000) on 21 points of commander damage: found through 統率者ダメージ (903.10a).
    assert "このルールが定める用語「統率者ダメージ」を使っています。" in ja
    assert (
        '<a href="/ja/docs/commander-rules/#rule-9">' in ja
        and "21点" in ja
        and "<mark>統率者ダメージ</mark>" in ja
    )
    assert "000_" not in ja  # a document by its title, never its file name
    translated = client.get("/ja/rules/903.8/", **headers).content.decode()
    assert "日本語訳はありません" not in translated and 'class="translation"' in translated
    english = client.get("/en/rules/903.10a/", **headers).content.decode()
    assert "no Japanese translation" not in english and "rule-ja" not in english


def test_a_rule_without_japanese_text_shows_passages_citing_it(client, ingested):
    """204 (color indicators) has no Japanese text; the Japanese 903.4 cites it."""
    html = client.get("/ja/rules/204/").content.decode()
    assert "このルールの日本語訳はありません。" in html
    assert "ルール 204 を参照しています。" in html and '<a href="/ja/docs/cr-excerpt-ja/#r903-4">' in html


def test_a_warm_rule_page_reads_the_database_once(client, ingested, django_assert_max_num_queries):
    for url in ("/ja/rules/903.10a/", "/en/rules/903.10a/", "/ja/rules/", "/ja/glossary/"):
        client.get(url)  # rendered once per generation and language
        with django_assert_max_num_queries(1):
            assert client.get(url).status_code == 200


# --- the versions of the shared corpus ------------------------------------------------------------------


def test_api_versions_on_the_real_corpus(client, ingested):
    data = client.get("/api/versions").json()
    assert data["current"] == ingested.current_version and data["skipped"] == []
    found = {v["version"]: (v["rules"], v["glossary_terms"]) for v in data["versions"]}
    assert {version: found[version] for version in KNOWN_RELEASES} == KNOWN_RELEASES
    assert {
        "version": "20260116",
        "effective": "2026-01-16",
        "rules": 3269,
        "glossary_terms": 725,
        "file": "MagicCompRules 20260116.txt",
    } in data["versions"]
