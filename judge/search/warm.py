"""``warm()``: load everything a search reads at worker start, and again for each new index generation."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

from judge.search.alignment import standings
from judge.search.analysis import sudachi_dictionary
from judge.search.evaluate import Evaluator
from judge.search.highlight import snippet
from judge.search.index import IndexNotReady, LiveIndex, keep_warm, open_live
from judge.search.query import SearchQueryError, parse_query
from judge.search.query_builder import Needles, build_query
from judge.search.ranking import Ranking, doc_tiers, japanese_texts, static_priors
from judge.search.results import japanese_names
from judge.search.service import UI_LANGS, search
from judge.search.spelling import speller
from judge.search.terms import TermTable, load_terms

# What players ask most (issue 35): searched by the warm-up of every generation, so that their answers are
# in the answer cache (judge.search.cache) before the first reader asks.
COMMON_QUERIES = (
    "統率者税",
    "commander tax",
    "統率者ダメージ",
    "commander damage",
    "統率者が墓地に置かれたら",
    "player leaves the game",
    "投了したら",
    "統率領域",
    "次元ダイス",
    "monarch",
)


def warm(
    root: Path, *, terms: TermTable | None = None, then: Callable[[LiveIndex], None] | None = None
) -> bool:
    """Load everything a search reads, once per process and index generation: the Japanese
    dictionary, the term table, the Japanese titles of sections, the live index's searcher, columns, documents
    and decoded
    postings, the analysed snippet texts and the spelling vocabulary. Later generations (a
    re-ingest) are warmed the same way, in a background thread, as soon as a search notices them.

    Call it when a worker starts (judge/wsgi.py does). False when there is no index yet. ``then`` runs
    after each generation's warm-up (judge/wsgi.py: the web layer's answers of the COMMON_QUERIES).
    """
    sudachi_dictionary()
    japanese_names()  # section titles and glossary names for Japanese readers' hits
    table = terms if terms is not None else load_terms()
    try:
        live = open_live(root)
    except IndexNotReady:
        keep_warm(root, lambda later: _rewarm(later, table, then))
        return False
    _warm_live(live, table)
    if then is not None:
        then(live)
    keep_warm(root, lambda later: _rewarm(later, table, then))
    return True


def _rewarm(live: LiveIndex, terms: TermTable, then: Callable[[LiveIndex], None] | None = None) -> None:
    """Warm a later generation; if the worker froze the first one (gc.freeze(), judge/wsgi.py),
    let the collector free the generation it replaced, then freeze the new one."""
    _warm_live(live, terms)
    if then is not None:
        then(live)
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
        gc.freeze()


def _warm_live(live: LiveIndex, terms: TermTable) -> None:
    live.warm()
    # A term among other words also finds its rule's subrules: rule numbers, within a version or language
    # (judge.search.query_builder, ``citing``).
    live.postings.warm(live.searcher(), ("rule", "version", "lang"))
    speller(live, terms)
    for ui_lang in UI_LANGS:
        static_priors(live, ui_lang)
    standings(live)
    doc_tiers(live, Ranking("en"))
    japanese_texts(live)
    empty = Needles()
    for docnum in sorted(live.allowed(lang="all", version=live.current_version)):
        doc = live.doc(docnum)
        snippet(
            "\n".join(part for part in (doc.body, *doc.examples) if part) or doc.title, empty, lang=doc.lang
        )
    warm_terms(live, terms)
    # One search of each kind runs the remaining first-time code paths (query analysis, merging).
    for q in ("comander", "903.9zz", "903.8"):
        search(q, root=live.root, terms=terms)
    # ... and the answers players ask most are kept (judge.search.cache), for a reader of either language.
    for q in COMMON_QUERIES:
        for ui_lang in UI_LANGS:
            search(q, root=live.root, ui_lang=ui_lang)


def warm_terms(live: LiveIndex, terms: TermTable) -> int:
    """Find every spelling of the term table as a query finds it: a query naming a term then reads its
    phrases (統率者税 as 統率/率者/者税, "commander tax", their first-sentence and proximity bonuses)
    from memory (judge.search.evaluate keeps a phrase's documents for the generation), and its analysis
    is done (judge.search.analysis.query_morphemes). Returns how many phrases are kept."""
    evaluator = Evaluator(live.searcher(), live.postings)
    for spelling in dict.fromkeys(terms.spellings()):
        try:
            built = build_query(parse_query(spelling), terms=terms, version=live.current_version)
        except SearchQueryError:
            continue
        if built is None:
            continue
        for unit in built.units:
            evaluator.scores(unit.query)
        if built.bonus is not None:
            evaluator.scores(built.bonus)
    return live.postings.phrases()
