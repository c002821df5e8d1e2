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
