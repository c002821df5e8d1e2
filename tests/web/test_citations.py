"""Where a cited rule, a search hit and a document section lead: the one place the site builds those URLs."""

from __future__ import annotations

from pathlib import Path

from django.test import override_settings
from django.utils import translation

from judge.search.service import search
from judge.web.citations import (
    document_url,
    hit_url,
    linked_hits,
    rule_ref_url,
    rule_url,
    rule_url_prefix,
    search_answer,
)
from tests.search.conftest import sample_docs, sample_root  # noqa: F401  (fixtures)
from tests.search.sample import CURRENT, PREVIOUS


def test_a_rule_in_the_readers_language_and_at_a_version() -> None:
    with translation.override("ja"):
        assert rule_url_prefix() == "/ja/rules/"
        assert rule_url("903.8") == "/ja/rules/903.8/"
        assert rule_url("903.8", version="20250404") == "/ja/rules/903.8/?version=20250404"
    with translation.override("en"):
        assert rule_url("903.8") == "/en/rules/903.8/"


@override_settings(FORCE_SCRIPT_NAME="/judge/")
def test_the_prefix_follows_the_script_prefix() -> None:
    from django.urls import set_script_prefix

    set_script_prefix("/judge/")
    try:
        with translation.override("en"):
            assert rule_url("903.8") == "/judge/en/rules/903.8/"
    finally:
        set_script_prefix("/")


def test_documents_the_glossary_and_cited_document_points() -> None:
    with translation.override("ja"):
        assert document_url("dtc", "deck-basics") == "/ja/docs/dtc/#deck-basics"
        assert document_url("dtc") == "/ja/docs/dtc/"
        assert document_url("glossary", "term-1") == "/ja/glossary/#term-1"
        assert rule_ref_url("903.8") == "/ja/rules/903.8/"
        assert rule_ref_url("commander:9") == "/ja/docs/commander-rules/#rule-9"
        assert rule_ref_url("dtc:singleton") == "/ja/docs/dtc/#deck-basics"
        assert rule_ref_url("lookup:unknown-card") is None


def test_every_kind_of_search_hit_links_its_page(sample_root: Path) -> None:  # noqa: F811
    with translation.override("ja"):
        result = search("commander OR 統率者", root=sample_root, ui_lang="ja", limit=50)
        urls = {url for _, url in linked_hits(result)}
    assert "/ja/rules/903.8/" in urls
    assert "/ja/docs/commander-rules/#rule-9" in urls
    assert "/ja/glossary/#term-1" in urls
    with translation.override("en"):
        [hit] = search("ｺﾝﾄﾛｰﾗｰ", root=sample_root).hits
        assert hit_url(hit, current_version=CURRENT) == "/en/docs/dtc/#deck"


def test_a_hit_of_an_older_version_links_that_version(sample_root: Path) -> None:  # noqa: F811
    with translation.override("en"):
        old = search(f"cast commander lang:en version:{PREVIOUS}", root=sample_root)
        assert linked_hits(old)[0][1] == f"/en/rules/903.8/?version={PREVIOUS}"
        current = search("cast commander lang:en", root=sample_root)
        assert linked_hits(current)[0][1] == "/en/rules/903.8/"


def test_the_api_answer_carries_the_links(sample_root: Path) -> None:  # noqa: F811
    with translation.override("ja"):
        answer = search_answer(search("commander tax", root=sample_root, ui_lang="ja"))
        suggested = search_answer(search("903.9zz", root=sample_root, ui_lang="ja"))
    assert answer["hits"][0]["url"] == "/ja/rules/903.8/"
    assert all(hit["url"] for hit in answer["hits"])
    first = suggested["suggestions"][0]
    assert (first["kind"], first["rule"], first["url"]) == ("rule", "903.8", "/ja/rules/903.8/")


def render(source: str, **context: object) -> str:
    from django.template import Context, Template

    return Template("{% load web_tags %}" + source).render(Context(context))


def test_the_cited_rule_tag_links_what_points_somewhere_and_names_it_for_the_reader() -> None:
    with translation.override("ja"):
        assert render("{% cited_rule r %}", r="903.8") == '<a href="/ja/rules/903.8/">903.8</a>'
        assert render("{% cited_rule r %}", r="commander:9") == (
            '<a href="/ja/docs/commander-rules/#rule-9">統率者戦ルール 9</a>'
        )
        assert render("{% cited_rule r label=x %}", r="dtc:singleton", x="DTC：デッキ") == (
            '<a href="/ja/docs/dtc/#deck-basics">DTC：デッキ</a>'
        )
        assert render("{% cited_rule r %}", r="lookup:unknown-card") == "カードデータ"


def test_the_rule_url_tag() -> None:
    with translation.override("en"):
        assert render("{% rule_url '903.8' %}") == "/en/rules/903.8/"
        assert (
            render("{% rule_url n version=v %}", n="903.8", v="20250404")
            == "/en/rules/903.8/?version=20250404"
        )
        assert render("{% rule_url n as url %}<{{ url }}>", n="805") == "</en/rules/805/>"


def test_a_judge_document_hit_and_citation_link_their_section() -> None:
    from judge.search.documents import SourceKind
    from judge.search.results import SearchHit
    from judge.web.citations import judge_doc_url, rule_label, rule_ref_url

    with translation.override("ja"):
        assert judge_doc_url("mtr", "4.4") == "/ja/docs/mtr/4.4/"
        assert judge_doc_url("ipg", "2.5", edition="2024-09-23") == "/ja/docs/ipg/2.5/?edition=2024-09-23"
        assert rule_ref_url("mtr:2.5") == "/ja/docs/mtr/2.5/" and rule_ref_url("jar") == "/ja/docs/jar/"
        assert rule_label("mtr:2.5") == "MTR 2.5" and rule_label("jar") == "JAR"
        hit = SearchHit(
            None, "en", "", "IPG 3.3 Slow Play", "", 1.0, doc="ipg", anchor="3.3", kind=SourceKind.JUDGE
        )
        assert hit_url(hit, current_version=CURRENT) == "/ja/docs/ipg/3.3/"
