from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.search.documents import SearchDoc
from judge.search.query import SearchQueryError
from judge.search.service import SearchResult, search
from tests.search.sample import CURRENT, PREVIOUS

HIT_KEYS = {"rule", "lang", "source", "title", "snippet", "url", "score"}


def rules(result: SearchResult) -> list[str | None]:
    return [h.rule for h in result.hits]


def test_json_shape(sample_root: Path) -> None:
    data = search("commander tax", root=sample_root).to_json()
    assert set(data) == {"query", "total", "jump", "hits"}
    assert data["query"] == "commander tax" and data["jump"] is None
    assert all(set(hit) == HIT_KEYS for hit in data["hits"])
    json.dumps(data)
    empty = search("zzzyzx", root=sample_root).to_json()
    assert empty["hits"] == [] and empty["total"] == 0 and isinstance(empty["suggestions"], list)


def test_english_and_japanese_find_the_same_rule_once(sample_root: Path) -> None:
    for q in ("commander tax", "統率者税"):
        result = search(q, root=sample_root)
        assert "903.8" in rules(result)[:2], q
        assert rules(result).count("903.8") == 1
        hit = next(h for h in result.hits if h.rule == "903.8")
        assert set(hit.also) | {hit.lang} == {"en", "ja"}  # the other language is mentioned
        assert hit.url == "/en/rules/903.8/"


def test_cross_language_expansion(sample_root: Path) -> None:
    assert "903.10a" in rules(search("統率者ダメージ", root=sample_root))
    assert "901.9" in rules(search("次元ダイス", root=sample_root))
    japanese = search("player leaves the game", root=sample_root, lang="ja")
    assert rules(japanese) == ["800.4a"] and japanese.hits[0].lang == "ja"


def test_width_and_spelling_variants(sample_root: Path) -> None:
    for q in ("ｺﾝﾄﾛｰﾗｰ", "コントローラ", "コントローラー"):
        [hit] = search(q, root=sample_root).hits
        assert hit.url == "/en/docs/dtc/#deck"
        assert "<mark>コントローラー</mark>" in hit.snippet


def test_filters(sample_root: Path) -> None:
    assert {h.lang for h in search("commander", root=sample_root, lang="en").hits} == {"en"}
    assert {h.lang for h in search("commander lang:ja", root=sample_root).hits} == {"ja"}
    assert {h.doc for h in search("統率者 doc:dtc", root=sample_root).hits} == {"dtc"}
    assert "903.8" not in rules(search("commander -tax lang:en", root=sample_root))
    assert "903.8" not in rules(search("commander NOT tax lang:en", root=sample_root))
    assert "903.8" not in rules(search("統率者 -統率者税", root=sample_root))
    either = rules(search("exile OR die", root=sample_root))
    assert "901.9" in either


def test_only_the_current_version_unless_asked(sample_root: Path) -> None:
    current = search("cast commander lang:en", root=sample_root)
    assert {h.version for h in current.hits} == {CURRENT}
    old = search(f"cast commander lang:en version:{PREVIOUS}", root=sample_root)
    assert {h.version for h in old.hits} == {PREVIOUS}
    assert old.hits[0].url == f"/en/rules/903.8/?version={PREVIOUS}"
    pinned = search("cast commander lang:en", root=sample_root, current_version=PREVIOUS)
    assert {h.version for h in pinned.hits} == {PREVIOUS}


def test_phrases(sample_root: Path) -> None:
    assert rules(search('"shared team turns" lang:en', root=sample_root))[:2] in (["805.1", "805"], ["805", "805.1"])
    assert search('"turns shared team"', root=sample_root).hits == ()


def test_urls_for_every_kind_of_hit(sample_root: Path) -> None:
    urls = {h.url for h in search("commander OR 統率者", root=sample_root, ui_lang="ja", limit=50).hits}
    assert "/ja/rules/903.8/" in urls
    assert "/ja/docs/commander-rules/#rule-9" in urls
    assert "/ja/glossary/#term-1" in urls
    custom = search("tax", root=sample_root, url_for=lambda d: f"reverse:{d.key}")
    assert all(h.url.startswith("reverse:") for h in custom.hits)


def test_snippets_escape_corpus_text_and_query(sample_root: Path) -> None:
    [hit] = search("<script>alert</script> token", root=sample_root).hits
    assert "<script" not in hit.snippet and "&lt;<mark>script</mark>&gt;" in hit.snippet
    assert hit.snippet.replace("<mark>", "").replace("</mark>", "").count("<") == 0
    ja = search("統率者ダメージ lang:ja", root=sample_root).hits[0]
    assert "<script" not in ja.snippet and "&lt;script&gt;" in ja.snippet
    assert "<mark>統率者ダメージ</mark>" in ja.snippet


def test_rule_number_queries_jump(sample_root: Path, rule_jumps: None) -> None:
    for q in ("903.8", "rule 903.8", "CR 903.8", "９０３．８"):
        result = search(q, root=sample_root)
        assert result.jump == "903.8", q
        assert rules(result) == ["903.8"]
    assert search("800.4a", root=sample_root).jump == "800.4a"
    assert search("999.9", root=sample_root).jump is None  # no such rule: a text search instead


def test_suggestions(sample_root: Path) -> None:
    assert "commander" in search("commnader", root=sample_root).suggestions
    filtered = search("文明 lang:en", root=sample_root)
    assert filtered.hits == () and "文明" in filtered.suggestions


def test_limit_and_total(sample_root: Path) -> None:
    wide = search("commander OR 統率者", root=sample_root, limit=50)
    assert wide.total == len(wide.hits) >= 5
    assert len(search("commander OR 統率者", root=sample_root, limit=2).hits) == 2
    assert len(search("commander OR 統率者", root=sample_root, limit=0).hits) == 1  # bounded to 1..50


def test_bad_default_lang(sample_root: Path) -> None:
    with pytest.raises(SearchQueryError):
        search("tax", root=sample_root, lang="xx")


HOSTILE = [
    "<script>alert(1)</script>",
    "x" * 10_000,
    "統率者" * 4000,
    '"unbalanced',
    "?!?!",
    "NOT",
    "lang:xx",
    "- - -",
    "OR OR OR",
    "version:",
    "\x00\u202e\ufeff",
    "*",
    "903.8a" * 50,
]


@pytest.mark.parametrize("q", HOSTILE)
def test_hostile_queries(sample_root: Path, q: str) -> None:
    try:
        result = search(q, root=sample_root)
    except SearchQueryError as err:
        assert err.problems
    else:
        json.dumps(result.to_json())
        for hit in result.hits:
            assert "<script" not in hit.snippet


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.text(
        alphabet=st.one_of(
            st.sampled_from(list('"-:()*?<>&「」 ORNTlangdocversion統率者税ダメージｺﾝﾄﾛｰﾗｰ９０３．８')),
            st.characters(),
        ),
        max_size=80,
    )
)
def test_random_queries_give_a_result_or_a_query_error(sample_root: Path, q: str) -> None:
    try:
        result = search(q, root=sample_root, limit=5)
    except SearchQueryError:
        return
    data = result.to_json()
    assert data["total"] >= len(data["hits"])


def test_documents_round_trip_through_the_index(sample_docs: list[SearchDoc]) -> None:
    keys = [d.key for d in sample_docs]
    assert len(keys) == len(set(keys))
    assert "commander-rules#rule-9" in keys and f"cr-{CURRENT}-903.10a" in keys


def test_an_unknown_document_filter_is_a_clear_error(sample_root: Path) -> None:
    with pytest.raises(SearchQueryError) as caught:
        search("commander doc:no-such-doc", root=sample_root)
    assert "doc:no-such-doc" in caught.value.problems[0] and "dtc" in caught.value.problems[0]
