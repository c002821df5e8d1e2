from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.search.documents import SearchDoc, SourceKind
from judge.search.query import SearchQueryError, parse_query
from judge.search.ranking import named_kinds
from judge.search.service import SearchResult, SuggestionKind, search
from judge.search.terms import TermTable, load_terms
from tests.search.sample import CURRENT, PREVIOUS

RESULT_KEYS = {"query", "total", "jump", "partial", "corrected_query", "hits", "suggestions"}
# No "url": a hit names its rule, document and anchor; the web layer links it (tests/web/test_citations.py).
HIT_KEYS = {
    "rule", "lang", "also", "kind", "doc", "doc_title", "version", "source", "title", "snippet", "score",
    "missing", "status", "folded", "earlier",
}  # fmt: skip


def rules(result: SearchResult) -> list[str | None]:
    return [h.rule for h in result.hits]


def test_json_shape(sample_root: Path) -> None:
    data = search("commander tax", root=sample_root).to_payload()
    assert set(data) == RESULT_KEYS
    assert data["query"] == "commander tax" and data["jump"] is None
    assert data["partial"] is False and data["corrected_query"] is None and data["suggestions"] == []
    assert all(set(hit) == HIT_KEYS for hit in data["hits"])
    json.dumps(data)
    empty = search("zzzyzx", root=sample_root).to_payload()
    assert empty["hits"] == [] and empty["total"] == 0 and empty["suggestions"] == []
    rules = search("903.9zz", root=sample_root).to_payload()["suggestions"]
    assert rules[0] == {
        "kind": "rule",
        "query": "903.8",
        "rule": "903.8",
        "title": "903.8. Commander",
    }


def test_english_and_japanese_find_the_same_rule_once(sample_root: Path) -> None:
    for q in ("commander tax", "統率者税"):
        result = search(q, root=sample_root)
        assert "903.8" in rules(result)[:2], q
        assert rules(result).count("903.8") == 1
        hit = next(h for h in result.hits if h.rule == "903.8")
        assert set(hit.also) | {hit.lang} == {"en", "ja"}  # the other language is mentioned
        assert (hit.doc, hit.version) == ("cr", CURRENT) or hit.lang == "ja"


def test_cross_language_expansion(sample_root: Path) -> None:
    assert "903.10a" in rules(search("統率者ダメージ", root=sample_root))
    assert "901.9" in rules(search("次元ダイス", root=sample_root))
    japanese = search("player leaves the game", root=sample_root, lang="ja")
    assert rules(japanese)[0] == "800.4a" and japanese.hits[0].lang == "ja"
    # The one rule with every word first, the closest matches after it (judge.search.matching.FEW_GROUPS).
    assert japanese.hits[0].missing == () and all(h.missing for h in japanese.hits[1:])


def test_width_and_spelling_variants(sample_root: Path) -> None:
    for q in ("ｺﾝﾄﾛｰﾗｰ", "コントローラ", "コントローラー"):
        [hit] = search(q, root=sample_root).hits
        assert (hit.rule, hit.doc, hit.anchor) == (None, "dtc", "deck")
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
    assert (old.hits[0].rule, old.hits[0].version, old.current_version) == ("903.8", PREVIOUS, CURRENT)
    pinned = search("cast commander lang:en", root=sample_root, current_version=PREVIOUS)
    assert {h.version for h in pinned.hits} == {PREVIOUS}


def test_phrases(sample_root: Path) -> None:
    assert rules(search('"shared team turns" lang:en', root=sample_root))[:2] in (
        ["805.1", "805"],
        ["805", "805.1"],
    )
    assert search('"turns shared team"', root=sample_root).hits == ()


def test_every_kind_of_hit_names_its_rule_or_its_document_section(sample_root: Path) -> None:
    """Numbers and ids, never a site URL: the web layer builds the links (judge.web.citations)."""
    hits = search("commander OR 統率者", root=sample_root, ui_lang="ja", limit=50).hits
    found = {(h.rule, h.doc if not h.rule else "", h.anchor if not h.rule else "") for h in hits}
    assert ("903.8", "", "") in found  # shown in Japanese, linked to the rule
    assert (None, "commander-rules", "rule-9") in found
    assert (None, "glossary", "term-1") in found
    assert not [h for h in hits if not h.rule and not (h.doc and h.anchor)]


def test_snippets_escape_corpus_text_and_query(sample_root: Path) -> None:
    found = search("<script>alert</script> token", root=sample_root).hits
    hit = found[0]
    assert all("<script" not in h.snippet for h in found)
    assert "<script" not in hit.snippet and "&lt;<mark>script</mark>&gt;" in hit.snippet
    assert hit.snippet.replace("<mark>", "").replace("</mark>", "").count("<") == 0
    ja = search("統率者ダメージ lang:ja", root=sample_root).hits[0]
    assert "<script" not in ja.snippet and "&lt;script&gt;" in ja.snippet
    assert "<mark>統率者ダメージ</mark>" in ja.snippet


def test_rule_number_queries_jump(sample_root: Path) -> None:
    for q in ("903.8", "rule 903.8", "CR 903.8", "９０３．８"):
        result = search(q, root=sample_root)
        assert result.jump == "903.8", q
        assert rules(result) == ["903.8"]
    assert search("800.4a", root=sample_root).jump == "800.4a"
    assert search("999.9", root=sample_root).jump is None  # no such rule: a text search instead


def test_suggestions(sample_root: Path) -> None:
    filtered = search("文明 lang:en", root=sample_root)
    assert filtered.hits == ()
    assert [(s.kind, s.query) for s in filtered.suggestions] == [(SuggestionKind.UNFILTERED, "文明")]


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
    "0\ud800⻳",  # a lone surrogate (no HTTP request carries one; a caller of search() might)
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
        json.dumps(result.to_payload())
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
    data = result.to_payload()
    assert data["total"] >= len(data["hits"])


def test_documents_round_trip_through_the_index(sample_docs: list[SearchDoc]) -> None:
    keys = [d.key for d in sample_docs]
    assert len(keys) == len(set(keys))
    assert "commander-rules#rule-9" in keys and f"cr-{CURRENT}-903.10a" in keys


def test_an_unknown_document_filter_is_a_clear_error(sample_root: Path) -> None:
    with pytest.raises(SearchQueryError) as caught:
        search("commander doc:no-such-doc", root=sample_root)
    problem = caught.value.problems[0].text("en")
    assert "doc:no-such-doc" in problem and "dtc" in problem


# --- no dead ends ---------------------------------------------------------------------------------------


def test_closest_matches_when_no_document_has_every_word(sample_root: Path) -> None:
    result = search("planar die commander damage", root=sample_root)
    assert result.partial and result.corrected_query is None
    best = {h.rule: h for h in result.hits}
    assert {"901.9", "903.10a"} <= set(best)
    assert set(best["903.10a"].missing) == {"planar", "die"}  # the words a hit lacks, as typed
    assert set(best["901.9"].missing) >= {"commander"}
    assert result.to_payload()["partial"] is True and result.to_payload()["hits"][0]["missing"]
    full = search("commander damage", root=sample_root)
    assert not full.partial and all(h.missing == () for h in full.hits)


def test_a_misspelled_query_shows_the_results_of_its_correction(sample_root: Path) -> None:
    for typed, corrected in (
        ("comander tax", "commander tax"),
        ("commnader", "commander"),
        ("plnar die", "planar die"),
    ):
        result = search(typed, root=sample_root)
        assert result.corrected_query == corrected, typed
        assert result.hits and not result.partial
    assert search("comander tax", root=sample_root).hits[0].rule == "903.8"
    # A word that is known is never "corrected", even when the query finds nothing with it.
    assert search("zzqx", root=sample_root).corrected_query is None


def test_searched_as_typed_the_correction_is_only_suggested(sample_root: Path) -> None:
    """correct=False (the page's link "search for ... as typed"): the words typed, and the spelling
    offered."""
    typed = search("comander tax", root=sample_root, correct=False)
    assert typed.corrected_query is None and typed.partial and typed.hits[0].missing == ("comander",)
    assert [s.to_payload() for s in typed.suggestions] == [{"kind": "spelling", "query": "commander tax"}]
    nothing = search("commnader", root=sample_root, correct=False)
    assert nothing.hits == () and nothing.suggestions[0].query == "commander"
    assert search("commander tax", root=sample_root, correct=False).suggestions == ()


def test_titles_in_the_readers_language(sample_root: Path) -> None:
    """A Japanese reader reads an English rule's section and a glossary word in Japanese (sections.tsv,
    terms.tsv)."""
    ja = {
        h.rule or h.doc: h.title
        for h in search("commander tax", root=sample_root, lang="en", ui_lang="ja").hits
    }
    assert ja == {"903.8": "903.8. 統率者戦", "glossary": "統率者税（Commander Tax）"}
    en = {
        h.rule or h.doc: h.title
        for h in search("commander tax", root=sample_root, lang="en", ui_lang="en").hits
    }
    assert en == {"903.8": "903.8. Commander", "glossary": "Commander Tax"}
    [suggestion, *_] = search("903.10zz", root=sample_root, ui_lang="ja").suggestions
    assert suggestion.title == "903.10a 統率者戦"


def test_question_words_do_not_block_a_match(sample_root: Path) -> None:
    for q in (
        "how much does my commander cost",
        "what is the commander tax?",
        "統率者税はいくらですか",
        "統率者税はどうなりますか",
    ):
        result = search(q, root=sample_root)
        assert not result.partial, q
        assert result.hits[0].rule == "903.8", q


def test_spelling_variants_through_the_term_table(sample_root: Path, sample_terms: TermTable) -> None:
    for q in ("色の固有性", "固有色", "color identity"):
        result = search(q, root=sample_root, terms=sample_terms)
        assert not result.partial and result.hits[0].rule == "903.4", q
        assert set(result.hits[0].also) | {result.hits[0].lang} == {"en", "ja"}, q


# --- ranking --------------------------------------------------------------------------------------------


def test_the_readers_language_first_and_the_other_still_shown(sample_root: Path) -> None:
    for ui, other in (("ja", "en"), ("en", "ja")):
        result = search("commander tax", root=sample_root, ui_lang=ui)
        top = result.hits[0]
        assert top.rule == "903.8" and top.lang == ui and top.also == (other,), ui
    # A Japanese-only section ranks above an English-only rule of the same score on /ja/, and not on /en/.
    on_ja = [h.rule or h.anchor for h in search("統率者ダメージ", root=sample_root, ui_lang="ja").hits]
    on_en = [h.rule or h.anchor for h in search("統率者ダメージ", root=sample_root, ui_lang="en").hits]
    assert on_ja.index("rule-9") < on_ja.index("903.10a") and on_en.index("903.10a") < on_en.index("rule-9")
    with pytest.raises(SearchQueryError):
        search("tax", root=sample_root, ui_lang="fr")


def test_house_rules_and_prose_never_outrank_the_rules_of_magic(
    sample_root: Path, sample_terms: TermTable
) -> None:
    for ui in ("ja", "en"):
        for terms in (sample_terms, None):
            hits = search("統率者税", root=sample_root, ui_lang=ui, terms=terms).hits
            kinds = [h.kind for h in hits]
            assert SourceKind.HOUSE_RULES in kinds
            first_other = kinds.index(SourceKind.HOUSE_RULES)
            assert all(k.is_magic_rules for k in kinds[:first_other]) and first_other >= 1
            assert all(not k.is_magic_rules for k in kinds[first_other:])
    # ... unless the query names them: by name, with a Duel Masters word, or with doc:
    for q in ("統率者税 DTC", "統率者税 デュエル・マスターズ", "統率者税 doc:dtc"):
        assert search(q, root=sample_root, ui_lang="ja").hits[0].doc == "dtc", q
    assert search("次元ダイス wiki", root=sample_root, ui_lang="ja").hits[0].doc == "planechase-wiki"


@pytest.mark.parametrize(
    ("q", "names", "searched"),
    [
        ("統率者税 DTC", {SourceKind.HOUSE_RULES}, ["統率者税"]),
        ("duel masters 文明", {SourceKind.HOUSE_RULES}, ["文明"]),
        ("文明", {SourceKind.HOUSE_RULES}, ["文明"]),
        ("civilization", {SourceKind.HOUSE_RULES}, ["civilization"]),
        ("deck commander", set(), ["deck", "commander"]),
        ("次元ダイス wiki", {SourceKind.PROSE}, ["次元ダイス"]),
        ("DTC", {SourceKind.HOUSE_RULES}, ["DTC"]),
        ("統率者 doc:cr", {SourceKind.HOUSE_RULES, SourceKind.PROSE, SourceKind.JUDGE}, ["統率者"]),
        # The judge's documents: named by their short names, or by a procedure question (kept: searched).
        ("missed trigger ipg", {SourceKind.JUDGE}, ["missed", "trigger"]),
        ("slow play", {SourceKind.JUDGE}, ["slow", "play"]),
        ("投了 多人数戦", {SourceKind.JUDGE}, ["投了", "多人数戦"]),
    ],
)
def test_what_names_a_document_outside_the_rules_of_magic(
    sample_terms: TermTable, q: str, names: set[SourceKind], searched: list[str]
) -> None:
    """A name is not searched for (the rest of the query is); a word that is Duel Masters only names the
    house rules, a word Magic shares ("deck") does not; the name alone is searched as a word."""
    parsed, named = named_kinds(parse_query(q), sample_terms)
    assert named == names and parsed.words() == searched


def test_hits_carry_the_kind_and_title_of_their_document(sample_root: Path) -> None:
    by_doc = {
        h.doc: h
        for ui in ("en", "ja")
        for h in search("commander OR 統率者 OR 次元ダイス", root=sample_root, limit=50, ui_lang=ui).hits
    }
    assert by_doc["cr"].kind is SourceKind.CR and by_doc["cr"].doc_title == "Comprehensive Rules"
    assert by_doc["glossary"].kind is SourceKind.GLOSSARY
    assert by_doc["cr-multiplayer-ja"].kind is SourceKind.CR_TRANSLATION
    assert (by_doc["commander-rules"].kind, by_doc["commander-rules"].doc_title) == (
        SourceKind.FORMAT_RULES,
        "統率者戦ルール",
    )
    assert (by_doc["dtc"].kind, by_doc["dtc"].doc_title) == (SourceKind.HOUSE_RULES, "タッグ・コマンダー")
    assert by_doc["planechase-wiki"].kind is SourceKind.PROSE
    assert (
        by_doc["dtc"].to_payload()["kind"] == "house-rules"
        and by_doc["dtc"].to_payload()["doc_title"] == "タッグ・コマンダー"
    )


def test_phrase_and_proximity_lift_a_rule(sample_root: Path) -> None:
    """805.1 has the words together; 800.4a and 901.9 have "turn" and "player" far apart or not at all."""
    result = search("team turn", root=sample_root, lang="en")
    assert result.hits[0].rule in ("805.1", "805")


# --- rule numbers ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("q", "nearest"),
    [
        ("903.9zz", ["903.8"]),
        ("903.10zz", ["903.10a"]),
        ("903.10b", ["903.10a"]),
        ("999.1", ["903", "901"]),
        ("rule 9031", ["903.4"]),
        ("800.4z", ["800.4a"]),
        ("９０３．９ｚ", ["903.8"]),
    ],
)
def test_a_missing_rule_number_suggests_the_nearest_rules(
    sample_root: Path, q: str, nearest: list[str]
) -> None:
    result = search(q, root=sample_root, ui_lang="ja")
    assert result.jump is None and result.hits == ()
    got = [s.rule for s in result.suggestions]
    assert got[: len(nearest)] == nearest, got
    assert all(s.kind is SuggestionKind.RULE and s.query == s.rule for s in result.suggestions)
    assert all(s.title for s in result.suggestions)


def test_an_existing_rule_number_with_a_trailing_dot_jumps(sample_root: Path) -> None:
    assert search("903.", root=sample_root).jump == "903"
    assert search("903.8.", root=sample_root).jump == "903.8"


# --- Japanese documents: English inside them, katakana compounds ---------------------------------------


@pytest.mark.parametrize(
    "q", ["Fractured Powerstone", "fractured powerstone lang:ja", "{CHAOS}", "Powerstone"]
)
def test_english_inside_japanese_text_is_found(sample_root: Path, q: str) -> None:
    result = search(q, root=sample_root)
    assert any(h.doc == "planechase-wiki" and h.anchor == "die" for h in result.hits), q
    assert not result.partial


def test_two_vs_two_and_rule_numbers_in_japanese_text(sample_root: Path) -> None:
    assert [h.anchor for h in search("2vs2", root=sample_root).hits] == ["commander-tax"]


def test_katakana_compounds_are_found_whole_and_by_their_parts(
    sample_root: Path, sample_terms: TermTable
) -> None:
    for terms in (sample_terms, None):
        whole = search("プレインズウォーカーズ", root=sample_root, terms=terms)
        assert [h.anchor for h in whole.hits] == ["history"] and not whole.partial
        assert "<mark>プレインズウォーカーズ</mark>" in whole.hits[0].snippet
    part = search("プレインズウォーカー", root=sample_root, terms=sample_terms)
    assert "history" in [h.anchor for h in part.hits]


# --- warm-up ---------------------------------------------------------------------------------------------


def test_warm_loads_what_a_search_reads(sample_root: Path) -> None:
    from judge.search.index import open_live
    from judge.search.warm import warm

    assert warm(sample_root) is True
    live = open_live(sample_root)
    assert live.postings._pinned and ("speller", load_terms()) in live.extras
    current = live.allowed(lang="all", version=live.current_version)
    assert current <= set(live._docs)


def test_a_worker_started_before_the_first_ingest_warms_the_index_when_it_appears(tmp_path: Path) -> None:
    import threading

    from judge.search.build import build_index
    from judge.search.documents import documents_from_records
    from judge.search.index import activate, open_live
    from judge.search.warm import warm
    from tests.search import sample

    assert warm(tmp_path) is False  # no index yet: nothing to load, and no error
    build_index(
        tmp_path, documents_from_records(sample.rules_documents(), sample.ja_documents()), name="gen-1"
    )
    activate(tmp_path, "gen-1")
    assert search("commander tax", root=tmp_path).hits  # the first search notices the index ...
    for thread in [t for t in threading.enumerate() if t.name == "warm-gen-1"]:
        thread.join()  # ... and warms it in the background
    assert open_live(tmp_path).postings._pinned
