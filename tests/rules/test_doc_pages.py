"""Document pages and the documents' API on a small corpus of the project's own fixtures (no real corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.rules import models
from judge.rules.ingest import ingest_corpus

FIXTURES = Path(__file__).parent.parent / "fixtures"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def fixture_corpus(corpus_dir: Path, tmp_path: Path) -> None:
    ingest_corpus(corpus_dir=corpus_dir, index_root=tmp_path / "index")


def test_no_corpus_is_a_503_in_the_one_error_shape(client) -> None:
    models.Corpus.objects.update(is_live=False)  # a session that ingested the real corpus: not in this test
    response = client.get("/api/docs", {"lang": "ja"})
    assert response.status_code == 503
    assert response.json()["errors"][0]["code"] == "web.no-corpus"


def test_api_docs_lists_each_document_with_its_facts(client, fixture_corpus) -> None:
    docs = {d["slug"]: d for d in client.get("/api/docs").json()["documents"]}
    assert set(docs) == {"commander-rules", "cr-excerpt-ja", "cr-805-ja", "planechase-wiki", "dtc"}
    assert docs["commander-rules"]["title"] == {
        "ja": "統率者戦 公式ルール",
        "en": "Commander format rules (Japanese translation)",
    }
    assert (docs["commander-rules"]["date"], docs["commander-rules"]["date_label"]) == (
        "2022-03-04",
        "updated",
    )
    assert docs["commander-rules"]["original"] == "https://example.org/commander/rules/"
    assert (docs["dtc"]["kind"], docs["dtc"]["game"]) == ("house-rules", "duel-masters")
    assert docs["planechase-wiki"]["credit"] == "MTG Wiki"
    # 002 and 003 name 20240101, which is not ingested, and match neither invented release: unchecked.
    assert (docs["cr-805-ja"]["translated_from"], docs["cr-805-ja"]["dating"]) == ("20240101", "unknown")
    assert docs["cr-805-ja"]["compared_version"] is None
    assert list(docs) == [
        "commander-rules",
        "cr-805-ja",
        "cr-excerpt-ja",
        "planechase-wiki",
        "dtc",
    ]  # Magic first


def test_document_page_facts_lists_notes_and_card_text(client, fixture_corpus) -> None:
    page = client.get("/ja/docs/dtc/").content.decode()
    assert '<h1 lang="ja">デュエマ・タッグ・コマンダー ハウスルール</h1>' in page
    assert "ページの表題" in page and "ペア・コマンダーとは" in page  # the page's own title
    assert "004_dtc_sample.txt" not in page  # named by title and date, never its file (issue 40)
    assert '<li>2人対2人のチーム戦<ul class="item-notes"><li>(3人チームでも遊べます)</li></ul></li>' in page
    assert (
        '<blockquote class="card-text" aria-label="カードの文章">このクリーチャーのコストを1少なくする。'
        "</blockquote>" in page
    )
    assert page.index("《見本ボルト》の説明です。") < page.index("この《見本ボルト》の場合")
    commander = client.get("/en/docs/commander-rules/").content.decode()
    assert '<p class="doc-title-en" lang="en">Commander format rules (Japanese translation)</p>' in commander
    assert '<time datetime="2022-03-04">March 4, 2022</time>' in commander
    assert '<a href="https://example.org/commander/rules/" rel="external noopener">' in commander
    assert "<ul><li>同じ統率者を何人が使っても構いません。</li>" in commander  # • bullets are a list


def test_unchecked_translation_says_so_on_its_page(client, fixture_corpus) -> None:
    page = client.get("/en/docs/cr-805-ja/").content.decode()
    assert "The rules quoted here cannot be checked against the current rules" in page
    assert "Not checked, and shown beside no current rule." in page
    assert "MJMJ訳 · Example Guild" in page and "2024-02-03" in page


def test_document_list_and_unknown_document(client, fixture_corpus) -> None:
    listing = client.get("/en/docs/").content.decode()
    assert "Duel Masters Tag Commander (DTC) house rules" in listing and ".txt" not in listing
    assert client.get("/en/docs/nope/").status_code == 404
    assert client.get("/api/docs/nope").json()["errors"][0]["code"] == "web.no-document"
