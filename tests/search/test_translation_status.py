"""Search and the alignment of the Japanese translations (judge.parsing.linking): each Japanese section's
status and today's number go into the index; an outdated text ranks below today's for the same rule, says so
in the hit, and a renumbered or deleted rule links where it stands today.

Small fixtures written here: the English of tests/search/sample.py (our own wording), a whole translation of
its current release in the layout of the community's file (tests/rules/ja_cr_files.py, placeholder Japanese
and
a few rules in our own words) and hand-aligned excerpts.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.engine.dates import reader_date
from judge.parsing import ja_comprehensive_rules
from judge.parsing.linking import AlignedSection, LinkedDocument, Status, link_document
from judge.parsing.records import DocKind, DocSection, JaDocument
from judge.search.alignment import OUTDATED_PRIOR
from judge.search.build import build_index
from judge.search.documents import SearchDoc, SourceKind, documents_from_records
from judge.search.index import activate, open_live
from judge.search.ranking import static_priors
from judge.search.service import search
from tests.rules.ja_cr_files import ja_cr_text, placeholder_rules
from tests.search import sample

CURRENT = sample.CURRENT
WHOLE = f"cr-ja-{CURRENT}"
# Our own Japanese for two rules of the sample; every other rule gets the placeholder text.
OWN = {
    "903.8": "統率者を統率領域から唱えるには、このゲームでそれ以前に唱えた回数1回につき{2}多くかかる。",
    "800.4a": (
        "プレイヤーがゲームから離れたら、そのプレイヤーがオーナーであるオブジェクトもすべてゲームから離れる。"
    ),
}


def whole_translation() -> LinkedDocument:
    """A translation of the whole current release, parsed and aligned as the ingest does (declared
    release)."""
    english = sample.rules_documents()
    current = english[-1]
    rules, examples = placeholder_rules(current)
    rules = [(number, OWN.get(number, text)) for number, text in rules]
    text = ja_cr_text(CURRENT, rules, examples=examples)
    document = ja_comprehensive_rules.parse(text, source=f"JPN_CR_{CURRENT}_0.txt")
    return link_document(document, english, {})


def aligned(
    slug: str, kind: DocKind, version: str, sections: list[tuple[str, str, Status, str]]
) -> LinkedDocument:
    """A Japanese document whose sections are aligned by hand: (cr_number, text, status, today's number)."""
    parts = [
        AlignedSection(
            section=DocSection(
                anchor=f"r{number.replace('.', '-')}", heading=number, text=text, line=i, cr_number=number
            ),
            aligned_number=today,
            compared_version=version if status is not Status.UNCHECKED else "",
            differs_from_current=status is not Status.CURRENT,
            status=status,
        )
        for i, (number, text, status, today) in enumerate(sections, 1)
    ]
    document = JaDocument(
        source=f"{slug}.txt",
        slug=slug,
        title_ja="抜粋",
        kind=kind,
        sections=tuple(p.section for p in parts),
        translated_from=version or None,
    )
    return LinkedDocument(document=document, sections=tuple(parts), unresolved=())


def excerpts() -> list[LinkedDocument]:
    blog = aligned(
        "cr-excerpt-ja",
        DocKind.CR_TRANSLATION,
        "",
        [
            # The same rule as the whole translation's 903.8, in words that match the query better (統率者
            # twice).
            (
                "903.8",
                "統率者税：統率者を統率領域から唱えるたびに、統率領域の統率者のコストは{2}ずつ多くなる。統率者を唱える。",
                Status.UNCHECKED,
                "903.8",
            ),
            # An unchecked rule placed by no current rule: its own hit, under its document; word for word the
            # whole
            # translation's 903.8, so that only its status ranks it below that.
            ("903.99", OWN["903.8"], Status.UNCHECKED, ""),
        ],
    )
    older = aligned(
        "cr-805-ja",
        DocKind.CR_TRANSLATION,
        sample.PREVIOUS,
        [
            (
                "800.4a",
                "プレイヤーがゲームから離れたら、そのプレイヤーがオーナーであるオブジェクトもゲームから離れる。",
                Status.CURRENT,
                "800.4a",
            ),
            (
                "805.2",
                "共有チーム・ターンでは、チームは1人のプレイヤーであるかのようにターンを行う。",
                Status.RENUMBERED,
                "805.1",
            ),
            ("805.9", "共有チーム・ターンでは、チームのダメージ割り振り順は1つである。", Status.DELETED, ""),
            (
                "903.4",
                "固有色は、マナ・コストと文章のマナ・シンボルの色すべてである。",
                Status.CHANGED,
                "903.4",
            ),
        ],
    )
    return [blog, older]


def all_docs() -> list[SearchDoc]:
    # The excerpts first: of two documents of the same score, the first indexed comes first.
    return documents_from_records([sample.rules_documents()[-1]], [*excerpts(), whole_translation()])


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("translation-index")
    build_index(path, all_docs(), name="gen-1")
    activate(path, "gen-1")
    return path


# --- the search documents --------------------------------------------------------------------------------


def test_search_documents_carry_the_alignment() -> None:
    docs = {d.key: d for d in all_docs()}
    ours = docs[f"{WHOLE}#r903-8"]
    assert (ours.rule, ours.status, ours.aligned, ours.version, ours.kind) == (
        "903.8",
        "current",
        "903.8",
        CURRENT,
        SourceKind.CR_TRANSLATION,
    )
    assert docs["cr-excerpt-ja#r903-8"].status == "unchecked" and docs["cr-excerpt-ja#r903-99"].aligned == ""
    moved = docs["cr-805-ja#r805-2"]
    assert (moved.rule, moved.status, moved.aligned, moved.current_rule) == (
        "805.2",
        "renumbered",
        "805.1",
        "805.1",
    )
    gone = docs["cr-805-ja#r805-9"]
    assert (gone.status, gone.current_rule) == ("deleted", None)
    # A section that translates no rule (the preface, the glossary) has no status; English rules neither.
    assert {d.status for d in docs.values() if d.rule is None} == {""}
    assert {d.status for d in docs.values() if d.lang == "en"} == {""}


def test_every_rule_of_the_whole_translation_is_a_japanese_search_document() -> None:
    english = sample.rules_documents()[-1]
    translated = {d.rule: d for d in all_docs() if d.doc == WHOLE and d.rule}
    # Every rule the file has: all of the release's but 100.9, which the sample lists after 903 (out of place:
    # the parser leaves it out with a warning).
    assert set(translated) == {r.number for r in english.rules} - {"100.9"}
    assert [w.line for w in whole_translation().document.warnings if "100.9" in w.problem]
    assert {(d.lang, d.kind, d.status, d.doc_title) for d in translated.values()} == {
        ("ja", SourceKind.CR_TRANSLATION, "current", f"{ja_comprehensive_rules.TITLE_JA}（{CURRENT}.0）")
    }


def test_the_index_keeps_status_and_todays_number(root: Path) -> None:
    live = open_live(root)
    stored = {live.doc(n).key: live.doc(n) for n in range(live.searcher().doc_count_all())}
    assert stored == {d.key: d for d in all_docs()}  # every field read back as written
    # A rule number opens today's rule: the renumbered translation stands under its new number only.
    assert search("805.1", root=root).jump == "805.1"
    assert all(h.rule == "805.1" for h in search("805.1", root=root, ui_lang="ja").hits)


# --- ranking ---------------------------------------------------------------------------------------------


def test_an_unchecked_text_ranks_below_the_current_one_for_the_same_rule(root: Path) -> None:
    raw = search("統率者 統率領域 唱える", root=root, ui_lang="ja", lang="ja")
    hit = next(h for h in raw.hits if h.rule == "903.8")
    assert (hit.doc, hit.status) == (WHOLE, "current")  # today's text, though the excerpt matches more words
    keys = [(h.doc, h.rule) for h in raw.hits]
    # The unchecked excerpt of a rule no current rule stands for is its own hit, below today's translation.
    assert keys.index((WHOLE, "903.8")) < keys.index(("cr-excerpt-ja", None))
    unchecked = next(h for h in raw.hits if h.doc == "cr-excerpt-ja")
    assert (unchecked.status, unchecked.rule, unchecked.anchor) == ("unchecked", None, "r903-99")
    # Of two texts of one rule the outdated one weighs less, in either reader's language.
    live = open_live(root)
    number = {live.doc(n).key: n for n in range(live.searcher().doc_count_all())}
    for ui in ("ja", "en"):
        priors = static_priors(live, ui)
        today, old = priors[number[f"{WHOLE}#r903-8"]], priors[number["cr-excerpt-ja#r903-8"]]
        assert old == pytest.approx(today * OUTDATED_PRIOR) and old < today


def test_the_whole_translation_of_the_current_release_before_an_older_excerpt(root: Path) -> None:
    for ui in ("ja", "en"):
        result = search("ゲームから離れる オブジェクト", root=root, ui_lang=ui, lang="ja")
        hit = next(h for h in result.hits if h.rule == "800.4a")
        assert (hit.doc, hit.status, hit.version) == (WHOLE, "current", CURRENT), ui


def test_japanese_readers_get_the_japanese_translation_first(root: Path) -> None:
    for q in ("統率者 唱える", "統率者 統率領域 唱える", "ゲームから離れる", "オーナー オブジェクト"):
        first = search(q, root=root, ui_lang="ja").hits[0]
        assert (first.lang, first.kind, first.doc, first.status) == (
            "ja",
            SourceKind.CR_TRANSLATION,
            WHOLE,
            "current",
        ), q
    # The English rule found by the same question is the same hit, shown in Japanese.
    first = search("統率者 統率領域 唱える", root=root, ui_lang="ja").hits[0]
    assert (first.rule, first.lang, first.also) == ("903.8", "ja", ("en",))


def test_renumbered_and_deleted_rules_link_where_they_stand_today(root: Path) -> None:
    hits = search("共有チーム・ターン", root=root, ui_lang="ja", lang="ja").hits
    moved = next(h for h in hits if h.status == "renumbered")
    assert (moved.rule, moved.translated_rule) == ("805.1", "805.2")  # linked to today's 805.1
    assert moved.title.startswith("805.2")  # the translation's own number, as its page shows it
    gone = next(h for h in hits if h.status == "deleted")
    assert (gone.rule, gone.translated_rule, gone.doc, gone.anchor) == (None, "805.9", "cr-805-ja", "r805-9")
    assert hits.index(moved) < hits.index(gone) or moved.score >= gone.score


# --- what a hit says -------------------------------------------------------------------------------------


def test_the_json_hit_has_the_status(root: Path) -> None:
    hits = search("共有チーム・ターン", root=root, ui_lang="ja", lang="ja").to_payload()["hits"]
    assert {h["status"] for h in hits} >= {"renumbered", "deleted"}
    english = search("commander tax", root=root, lang="en").to_payload()["hits"]
    assert {h["status"] for h in english} == {""}


@pytest.fixture()
def index(settings, root: Path) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = root
    return root


@pytest.mark.django_db  # the search page also looks the query up in the card data
def test_outdated_hits_say_so_in_the_readers_language(client: Client, index: Path) -> None:
    previous = reader_date(sample.PREVIOUS, "ja")  # a release as the date it took effect
    page = client.get("/ja/search/", {"q": "共有チーム・ターン lang:ja"}).content.decode()
    assert f"{previous}発効の版からの訳（当時の 805.2）：その後番号が変更" in page
    assert f"{previous}発効の版からの訳：この規則は現行ルールにない" in page
    changed = client.get("/ja/search/", {"q": "固有色 lang:ja"}, HTTP_HX_REQUEST="true").content.decode()
    assert f"{previous}発効の版からの訳：英文はその後変更" in changed
    english = client.get("/en/search/", {"q": "統率者税 lang:ja"}).content.decode()
    assert "Translated from an older version; not checked against the current rules" in english
    # Today's translation has no notice.
    current = client.get(
        "/ja/search/", {"q": "ゲームから離れる lang:ja"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'href="/ja/rules/800.4a/"' in current and "search-status" not in current
    # The header box's best matches say it too.
    quick = client.get(
        "/ja/search/", {"q": "統率者税 lang:ja"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="site-search-results"
    ).content.decode()
    assert "quick-hits" in quick and "古い版の訳（現行ルールと未照合）" in quick


# --- the real corpus -------------------------------------------------------------------------------------


@pytest.mark.corpus
def test_the_blog_excerpt_is_outdated_on_the_real_corpus(client: Client, ingested, settings) -> None:  # type: ignore[no-untyped-def]
    """The blog's 903.9 (graveyard and exile a replacement) follows an English of 903.9b that today's rule
    changed in substance: its hits say it is outdated, as the rule page does (listed as such when the query
    asks for Japanese texts; otherwise today's English answers and the text is the hit's ``earlier``)."""
    data = client.get(
        "/api/search", {"q": "統率者が墓地に置かれたら lang:ja", "ui": "ja", "limit": 50}
    ).json()
    blog = [h for h in data["hits"] if h["doc"] == "cr-excerpt-ja"]
    assert blog, data["hits"]
    assert {h["status"] for h in blog} <= {"outdated", "unchecked"}
    assert "outdated" in {h["status"] for h in blog}
    data = client.get("/api/search", {"q": "統率者が墓地に置かれたら", "ui": "ja", "limit": 50}).json()
    assert "outdated" in {(h["earlier"] or {}).get("status") for h in data["hits"]}
    page = client.get("/ja/search/", {"q": "統率者が墓地に置かれたら"}).content.decode()
    assert "古い訳です" in page
