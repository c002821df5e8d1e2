"""Search answers a Japanese reader in Japanese, the rules of Magic first (issue 30, item 5): a rule found in
English shows its Japanese, house-rule hits of one document fold into one with a count, and titles are the
rule number and its section (or the document's section), never the text repeated."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.search.build import build_index
from judge.search.documents import SearchDoc, SourceKind
from judge.search.index import activate
from judge.search.service import search

V = "20260116"


def en(rule: str, body: str, title: str = "Commander") -> SearchDoc:
    return SearchDoc(
        key=f"cr-{V}-{rule}", rule=rule, lang="en", source="cr.txt", doc="cr", version=V,
        title=f"{rule} {title}", body=body, doc_title="Comprehensive Rules",
    )  # fmt: skip


def ja(rule: str, heading: str, body: str, status: str = "current") -> SearchDoc:
    return SearchDoc(
        key=f"ja-{rule}", rule=rule, lang="ja", source="ja.txt", doc="cr-excerpt-ja", version="",
        title=heading, body=body, anchor=f"r{rule}", kind=SourceKind.CR_TRANSLATION, doc_title="抜粋",
        status=status, aligned=rule,
    )  # fmt: skip


def house(anchor: str, title: str, body: str) -> SearchDoc:
    return SearchDoc(
        key=f"dtc#{anchor}", rule=None, lang="ja", source="dtc.txt", doc="dtc", version="", title=title,
        body=body, anchor=anchor, kind=SourceKind.HOUSE_RULES, doc_title="デュエマ・タッグ・コマンダー",
    )  # fmt: skip


DOCS = [
    en("903.8", "A commander cast from the command zone costs an additional {2} each time: commander tax."),
    # Its Japanese has neither 統率者税 nor "tax": only the English matches.
    ja("903.8", "903.8 統率者戦", "プレイヤーは統率領域にある自分の統率者を唱えてよい。"),
    en("903.9b", "If a commander would be put into its owner's hand or library, commander tax stays."),
    ja("903.9b", "903.9 統率者戦", "統率者が墓地に置かれたら統率領域に置いてもよい。", status="outdated"),
    en("903.10a", "Commander tax and commander damage are tracked separately."),
    house("tax", "統率者税", "統率者税は統率者を唱えるたびに1つ増える。"),
    house("ninja", "ニンジャ・ストライク", "ニンジャ・ストライクでも統率者税を払う。"),
    house("revolution", "革命チェンジ", "革命チェンジでも統率者税は増える。"),
    SearchDoc(
        key="commander-rules#rule-1",
        rule=None,
        lang="ja",
        source="c.txt",
        doc="commander-rules",
        version="",
        title="プレイヤーは、あらかじめ伝説のクリーチャーを1体、統率者税とともに選んでおく必要があります。",
        body="プレイヤーは、あらかじめ伝説のクリーチャーを1体、統率者税とともに選んでおく必要があります。",
        anchor="rule-1",
        kind=SourceKind.FORMAT_RULES,
        doc_title="統率者戦 公式ルール",
    ),  # fmt: skip
]


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ja-reader-index")
    build_index(path, DOCS, name="gen-1")
    activate(path, "gen-1")
    return path


def test_a_rule_found_in_english_shows_its_japanese_to_a_japanese_reader(root: Path) -> None:
    for q in ("統率者税", "commander tax"):
        hits = search(q, root=root, ui_lang="ja").hits
        first = next(h for h in hits if h.rule == "903.8")
        assert hits.index(first) < [h.kind for h in hits].index(SourceKind.HOUSE_RULES)
        assert (first.rule, first.lang, first.title, first.also) == ("903.8", "ja", "903.8 統率者戦", ("en",))
        assert "領域にある自分の" in first.snippet and first.status == "current"
        # An outdated translation never stands in for today's rule: 903.9b stays in English.
        assert next(h for h in hits if h.rule == "903.9b").lang == "en"
    assert search("commander tax", root=root, ui_lang="en").hits[0].lang == "en"
    assert search("commander tax lang:en", root=root, ui_lang="ja").hits[0].lang == "en"  # asked for English


def test_house_rules_of_one_document_fold_into_one_hit_after_the_rules_of_magic(root: Path) -> None:
    result = search("統率者税", root=root, ui_lang="ja")
    kinds = [h.kind for h in result.hits]
    house_hits = [h for h in result.hits if h.kind is SourceKind.HOUSE_RULES]
    assert len(house_hits) == 1 and house_hits[0].folded == 3 and house_hits[0].title == "統率者税"
    assert kinds.index(SourceKind.HOUSE_RULES) == len(kinds) - 1  # after every rule of Magic
    assert result.total == len(result.hits)  # the folded hits count as one
    assert sum(h.folded == 0 for h in result.hits) == len(result.hits) - 1
    # A query that names Duel Masters lists them all, first.
    for q in ("統率者税 デュエマ", "統率者税 doc:dtc"):
        named = search(q, root=root, ui_lang="ja").hits
        assert [h.doc for h in named[:3]] == ["dtc"] * 3 and all(h.folded == 0 for h in named), q


def test_titles_are_the_number_and_section_never_the_text(root: Path) -> None:
    hits = search("統率者税", root=root, ui_lang="ja", limit=10).hits
    titles = {h.doc: h.title for h in hits}
    assert titles["commander-rules"] == "統率者戦 公式ルール 1"
    assert all(h.title not in h.snippet for h in hits if h.kind is not SourceKind.HOUSE_RULES)
    # The excerpt heads 903.9b as "903.9": the hit is titled with its rule.
    assert search("墓地", root=root, ui_lang="ja").hits[0].title == "903.9b 統率者戦"


@pytest.fixture()
def index(settings, root: Path) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_INDEX_DIR = root
    return root


@pytest.mark.django_db
def test_the_page_says_how_many_and_links_them_all(client: Client, index: Path) -> None:
    html = client.get("/ja/search/", {"q": "統率者税"}).content.decode()
    assert "デュエマ・タッグ・コマンダーでも 3 件" in html
    assert 'href="/ja/search/?q=%E7%B5%B1%E7%8E%87%E8%80%85%E7%A8%8E%20doc%3Adtc"' in html
    english = client.get("/en/search/", {"q": "統率者税"}).content.decode()
    assert "3 results in Duel Masters (house rules)" in english  # no Japanese title on an English page
    api = client.get("/api/search", {"q": "統率者税", "ui": "ja"}).json()
    assert [h["folded"] for h in api["hits"] if h["kind"] == "house-rules"] == [3]
