"""The cached-postings evaluator finds exactly what whoosh's matchers find, with whoosh's scores."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from whoosh import query as wq

from judge.search.evaluate import Evaluator, PostingCache, top
from judge.search.index import open_live
from judge.search.matching import find_matches, magic_docs
from judge.search.query import parse_query
from judge.search.query_builder import build_query
from judge.search.terms import load_terms
from judge.search.warm import warm_terms
from tests.search.test_relevance import rows

SAMPLE_QUERIES = [
    "commander tax", "統率者税", "player leaves the game", '"command zone"', "exile OR graveyard",
    "commander -tax", "統率者 NOT 税", "lang:ja 統率者", "lang:en commander", "次元ダイス", "ゲームから除外",
    "how much does my commander cost", "統率者税はいくらですか", "leaves multiplayer game",
]  # fmt: skip


def whoosh_scores(evaluator: Evaluator, q: wq.Query) -> dict[int, float]:
    """whoosh's own scores; a DisjunctionMax as the best of its members' whoosh scores (whoosh's
    DisjunctionMaxMatcher scores a document with a member that stands on another document)."""
    if isinstance(q, wq.DisjunctionMax):
        best: dict[int, float] = {}
        for sub in q.subqueries:
            for d, s in whoosh_scores(evaluator, sub).items():
                best[d] = max(best.get(d, s), s)
        return {d: s * q.boost for d, s in best.items()}
    return evaluator._whoosh(q)


def has_max(q: wq.Query) -> bool:
    return isinstance(q, wq.DisjunctionMax) or any(has_max(child) for child in q.children())


def same_scores(a: dict[int, float], b: dict[int, float]) -> bool:
    return set(a) == set(b) and all(abs(a[d] - b[d]) <= 1e-6 * max(1.0, abs(b[d])) for d in a)


def leaves_and_unions(q: wq.Query) -> list[wq.Query]:
    """Every Term, Phrase, Or, DisjunctionMax and AndMaybe node of a query tree (not the Or and
    AndMaybe nodes above a DisjunctionMax, which whoosh's matcher scores wrongly)."""
    unions = (wq.Or, wq.AndMaybe)
    kept = isinstance(q, (wq.Term, wq.Phrase, wq.DisjunctionMax)) or (
        isinstance(q, unions) and not has_max(q)
    )
    out = [q] if kept else []
    for child in q.children():
        out.extend(leaves_and_unions(child))
    return out


def check(root: Path, queries: list[str]) -> None:
    live = open_live(root)
    terms = load_terms()
    for text in queries:
        parsed = parse_query(text)
        built = build_query(parsed, terms=terms, version=parsed.version or live.current_version)
        assert built is not None, text
        whole = built.whoosh()
        evaluator = Evaluator(live.searcher(), PostingCache())
        # The same documents match as with whoosh's matchers ...
        assert set(evaluator.scores(whole)) == set(whoosh_scores(evaluator, whole)), text
        # ... and every term, phrase and union scores exactly as whoosh scores it. (Only an And over
        # unions can differ: whoosh's skipping there sometimes drops part of a member's score; here an
        # And is always the sum of its members.)
        for node in leaves_and_unions(whole):
            assert same_scores(evaluator.scores(node), whoosh_scores(evaluator, node)), (text, str(node))


def test_matches_whoosh_on_the_sample_index(sample_root: Path) -> None:
    check(sample_root, SAMPLE_QUERIES)


def test_boosts_and_negation(sample_root: Path) -> None:
    live = open_live(sample_root)
    evaluator = Evaluator(live.searcher(), PostingCache())
    term = wq.Term("ja", "統率")
    plain = evaluator.scores(term)
    assert plain
    boosted = evaluator.scores(wq.Term("ja", "統率", boost=2.0))
    assert boosted == {d: s * 2.0 for d, s in plain.items()}
    assert evaluator.scores(wq.AndNot(term, term)) == {}
    assert evaluator.scores(wq.Term("ja", "no-such-word")) == {}
    assert evaluator.scores(wq.Phrase("ja", ["no-such-word", "統率"])) == {}


def test_phrases_with_slop_match_whoosh(sample_root: Path) -> None:
    """Words near each other, in order: the proximity bonus (slop 4) finds what whoosh finds."""
    live = open_live(sample_root)
    evaluator = Evaluator(live.searcher(), PostingCache())
    field = f"en_{live.current_version}"
    for words, slop in (
        (["player", "leav"], 1),
        (["player", "game"], 1),
        (["player", "game"], 4),
        (["game", "player"], 4),
        (["leav", "game"], 2),
        (["cast", "commander", "zone"], 4),
    ):
        q = wq.Phrase(field, words, slop=slop)
        assert same_scores(evaluator.scores(q), whoosh_scores(evaluator, q)), (words, slop)
    assert evaluator.scores(wq.Phrase(field, ["player", "game"], slop=4))
    assert not evaluator.scores(wq.Phrase(field, ["player", "game"], slop=1))


def test_top_orders_by_score_then_document_number() -> None:
    scores = {5: 1.0, 2: 3.0, 9: 3.0, 1: 0.5}
    assert top(scores, 3) == [(2, 3.0), (9, 3.0), (5, 1.0)]
    assert top(scores, 10, allow={1, 9}) == [(9, 3.0), (1, 0.5)]


def test_the_cache_is_bounded(sample_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("judge.search.evaluate.MAX_CACHED_TERMS", 2)
    live = open_live(sample_root)
    cache = PostingCache()
    for word in ("統率", "者", "税", "次元"):
        cache.get(live.searcher(), "ja", word, positions=False)
    assert len(cache._entries) <= 2


def test_warmed_postings_stay_and_serve_every_lookup(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("judge.search.evaluate.MAX_CACHED_TERMS", 2)
    live = open_live(sample_root)
    cache = PostingCache()
    warmed = cache.warm(live.searcher(), ["ja", "rule_ja"])
    assert warmed > 10
    for word in ("no-such-1", "no-such-2", "no-such-3"):
        cache.get(live.searcher(), "ja", word, positions=False)
    statute = cache.get(live.searcher(), "ja", "統率", positions=True)
    assert statute.scores and statute is cache.get(live.searcher(), "ja", "統率", positions=False)
    assert cache.get(live.searcher(), "rule_ja", "903.8", positions=False).scores


@pytest.mark.corpus
def test_matches_whoosh_on_the_real_corpus(corpus_index: Path) -> None:
    check(corpus_index, [q for q, _, _ in rows()] + SAMPLE_QUERIES)


def test_spellings_of_one_thing_count_once(sample_root: Path) -> None:
    """A DisjunctionMax (a term and its other spellings) scores each document as its best member."""
    live = open_live(sample_root)
    evaluator = Evaluator(live.searcher(), PostingCache())
    a, b = wq.Term("ja", "統率"), wq.Term("ja", "税")
    one, other = evaluator.scores(a), evaluator.scores(b)
    both = evaluator.scores(wq.DisjunctionMax([a, b], boost=2.0))
    assert set(both) == set(one) | set(other) and set(one) & set(other)
    assert both == {d: 2.0 * max(one.get(d, 0.0), other.get(d, 0.0)) for d in both}


def test_a_phrase_found_once_is_kept_for_the_generation(sample_root: Path) -> None:
    live = open_live(sample_root)
    cache = PostingCache()
    evaluator = Evaluator(live.searcher(), cache)
    field = f"en_{live.current_version}"
    q = wq.Phrase(field, ["command", "zone"])
    found = evaluator.scores(q)
    assert found and same_scores(found, whoosh_scores(evaluator, q))
    assert cache.phrases() == 1 and cache.phrase((field, ("command", "zone"), 1)) == found
    assert evaluator.scores(q) is found  # read from memory, not checked again
    # A bonus asks for a few documents: the kept phrase answers it (the documents asked about are in it).
    one = min(found)
    assert one in evaluator.scores(q, within={one})
    assert evaluator.scores(wq.Phrase(field, ["command", "zone"], boost=2.0)) == {
        d: s * 2.0 for d, s in found.items()
    }


def test_a_phrase_checked_in_some_documents_only_is_not_kept(
    sample_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("judge.search.evaluate.PHRASE_ALL_BELOW", 0)
    live = open_live(sample_root)
    cache = PostingCache()
    evaluator = Evaluator(live.searcher(), cache)
    field = f"en_{live.current_version}"
    everywhere = Evaluator(live.searcher(), PostingCache()).scores(wq.Phrase(field, ["commander", "tax"]))
    assert len(everywhere) >= 2
    one = min(everywhere)
    assert evaluator.scores(wq.Phrase(field, ["commander", "tax"]), within={one}) == {one: everywhere[one]}
    assert cache.phrases() == 0
    assert evaluator.scores(wq.Phrase(field, ["commander", "tax"])) == everywhere and cache.phrases() == 1


def test_kept_phrases_are_bounded(sample_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("judge.search.evaluate.MAX_CACHED_PHRASES", 2)
    live = open_live(sample_root)
    cache = PostingCache()
    evaluator = Evaluator(live.searcher(), cache)
    field = f"en_{live.current_version}"
    for words in (["command", "zone"], ["player", "leav"], ["commander", "tax"], ["leav", "game"]):
        evaluator.scores(wq.Phrase(field, words))
        assert cache.phrases() <= 2
    monkeypatch.setattr("judge.search.evaluate.MAX_CACHED_PHRASE_DOCS", 0)
    evaluator.scores(wq.Phrase(field, ["command", "zone"], slop=2))
    assert cache.phrases() == 0  # more documents than the whole bound: never kept


def test_a_word_a_warmed_field_lacks_reads_nothing(sample_root: Path) -> None:
    live = open_live(sample_root)
    cache = PostingCache()
    cache.warm(live.searcher(), ["ja"])
    assert not cache.get(live.searcher(), "ja", "no-such-word", positions=True).scores
    assert not cache._entries  # answered without decoding (or keeping) anything
    assert cache.get(live.searcher(), "ja", "統率", positions=False).scores
    assert not cache.get(live.searcher(), "en_20990101", "tax", positions=False).scores  # not warmed: read


def test_the_term_tables_phrases_kept_at_warm_up_change_no_answer(sample_root: Path) -> None:
    """warm_terms finds every spelling of the term table once; queries then match exactly what a
    cache that kept nothing finds."""
    live = open_live(sample_root)
    terms = load_terms()
    cold = replace(live, postings=PostingCache(), extras={})
    queries = [*SAMPLE_QUERIES, "commander damage", "統率者ダメージ 21点", "two-headed giant combat"]
    expected = {}
    for text in queries:
        built = build_query(parse_query(text), terms=terms, version=live.current_version)
        assert built is not None, text
        expected[text] = (built, find_matches(cold, built, None, prefer=magic_docs(cold)))
    assert warm_terms(live, terms) > 0
    for _ in range(2):  # the second time, every phrase read from memory
        for text, (built, want) in expected.items():
            got = find_matches(live, built, None, prefer=magic_docs(live))
            assert same_scores(got.scores, want.scores) and got.partial == want.partial, text
