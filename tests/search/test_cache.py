"""The answer cache (judge.search.cache): per index generation, bounded, and keyed by all an answer
depends on."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.search import service
from judge.search.build import build_index
from judge.search.cache import AnswerCache, answers, normalised, size_of
from judge.search.documents import SearchDoc
from judge.search.index import activate, open_live
from judge.search.service import search
from judge.search.terms import load_terms


def doc(rule: str, body: str) -> SearchDoc:
    return SearchDoc(
        key=f"cr-{rule}", rule=rule, lang="en", source="cr.txt", doc="cr", version="20260116",
        title=f"{rule} Commander", body=body,
    )  # fmt: skip


def test_a_new_generation_starts_with_an_empty_cache(tmp_path: Path) -> None:
    build_index(tmp_path, [doc("903.8", "commander tax alpha")], name="gen-1")
    activate(tmp_path, "gen-1")
    first = search("alpha", root=tmp_path)
    assert [h.rule for h in first.hits] == ["903.8"]
    assert search("alpha", root=tmp_path) is first  # a repeat: the same answer, from memory
    old = open_live(tmp_path)
    assert len(answers(old)) == 1 and answers(old).hits == 1

    build_index(tmp_path, [doc("903.9", "commander tax beta")], name="gen-2")
    activate(tmp_path, "gen-2")
    again = search("alpha", root=tmp_path)  # the re-ingest removed it: not the old generation's answer
    assert again.hits == () and again is not first
    assert [h.rule for h in search("beta", root=tmp_path).hits] == ["903.9"]
    new = open_live(tmp_path)
    assert new is not old and answers(new) is not answers(old) and len(answers(new)) == 2


def test_bounded_in_memory_and_in_answers() -> None:
    big = "x" * 1000
    cache = AnswerCache(max_entries=1000, max_bytes=20_000)
    for i in range(100):
        cache.put(("q", i), big)
    assert cache.bytes <= 20_000 and 10 <= len(cache) < 20
    assert cache.get(("q", 99)) == big and cache.get(("q", 0)) is None  # the least recently used went first
    cache.put(("huge",), "y" * 50_000)  # larger than the whole cache: never kept
    assert cache.get(("huge",)) is None and cache.bytes <= 20_000

    few = AnswerCache(max_entries=3)
    for key in "abcd":
        few.put(key, key)
    few.get("b")
    few.put("e", "e")
    assert sorted(few._items) == ["b", "d", "e"]  # noqa: SLF001 - the order of eviction
    assert few.bytes == sum(size_of(k) * 2 for k in "bde")


def test_a_real_answer_is_sized() -> None:
    cache = AnswerCache(max_bytes=10**9)
    assert size_of(("a", 1)) > size_of("a") > 0
    cache.put("k", {"hits": [{"title": "903.8", "snippet": "統率者" * 100}]})
    assert cache.bytes > 300 * 2  # the Japanese snippet's characters take more than a byte each


def test_never_another_languages_or_limits_answer(sample_root: Path) -> None:
    """Every combination asked interleaved, twice, answers what the same search answers uncached."""
    combos = [
        (q, lang, ui, limit)
        for q in ("commander", "統率者", "commander tax")
        for lang in ("all", "ja", "en")
        for ui in ("en", "ja")
        for limit in (1, 3, 10)
    ]
    terms = load_terms()
    live = open_live(sample_root)

    def fresh(q: str, lang: str, ui: str, limit: int) -> service.SearchResult:
        return service._search(  # noqa: SLF001 - the uncached search, for comparison
            q, live=live, lang=lang, limit=limit, current_version=None, ui_lang=ui, terms=terms, correct=True
        )

    expected = {c: fresh(*c) for c in combos}
    assert len({tuple((h.lang, h.rule, h.title) for h in r.hits) for r in expected.values()}) > 5
    for _ in range(2):
        for q, lang, ui, limit in combos:
            got = search(q, root=sample_root, lang=lang, ui_lang=ui, limit=limit)
            assert got == expected[q, lang, ui, limit], (q, lang, ui, limit)
    # The spelling correction is part of the key too: searched as typed, a misspelling is only suggested.
    corrected = search("comander", root=sample_root)
    as_typed = search("comander", root=sample_root, correct=False)
    assert corrected.corrected_query == "commander" and as_typed.corrected_query is None


def test_the_query_is_read_as_the_search_reads_it(sample_root: Path) -> None:
    assert normalised("  統率者税　２回 ") == "統率者税 2回"
    plain = search("commander tax", root=sample_root)
    spaced = search("  commander　 tax ", root=sample_root)
    assert spaced.hits == plain.hits and spaced.query == "  commander　 tax "  # its own query echoed


@pytest.fixture()
def index(settings, sample_root: Path) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = sample_root
    return sample_root


@pytest.mark.django_db
def test_the_api_never_answers_another_readers_links(client: Client, index: Path) -> None:
    for _ in range(2):
        en = client.get("/api/search", {"q": "commander tax", "ui": "en", "limit": 3}).json()
        ja = client.get("/api/search", {"q": "commander tax", "ui": "ja", "limit": 3}).json()
        one = client.get("/api/search", {"q": "commander tax", "ui": "ja", "limit": 1}).json()
        assert all(h["url"].startswith("/en/") for h in en["hits"]) and en["hits"]
        assert all(h["url"].startswith("/ja/") for h in ja["hits"]) and ja["hits"]
        assert len(one["hits"]) == 1 and one["hits"][0] == ja["hits"][0]
    assert client.get("/api/search", {"q": " commander  tax", "ui": "en", "limit": 3}).json() == {
        **en,
        "query": " commander  tax",
    }


def test_the_warm_up_keeps_the_commonest_answers_for_both_readers(tmp_path: Path) -> None:
    from judge.search.warm import COMMON_QUERIES, warm

    build_index(tmp_path, [doc("903.8", "commander tax")], name="gen-1")
    activate(tmp_path, "gen-1")
    warmed: list[str] = []
    assert warm(tmp_path, then=lambda live: warmed.append(live.name)) is True
    assert warmed == ["gen-1"]  # the web layer's warm-up runs after each generation's
    kept = answers(open_live(tmp_path))
    before = kept.hits
    for q in COMMON_QUERIES:
        for ui in ("en", "ja"):
            search(q, root=tmp_path, ui_lang=ui)
    assert kept.hits - before == 2 * len(COMMON_QUERIES)  # every one answered from memory
