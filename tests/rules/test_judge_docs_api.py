"""The judge's documents' JSON API on generated PDFs: ``GET /api/docs`` lists the documents installed,
``/api/docs/<doc>`` a document's editions and contents, ``/api/docs/<doc>/<section>`` one section (its titles
in both languages, text, the IPG's parts, edition, the official Japanese edition with its standing, the rules
it cites); an unknown document, section or edition is a 404 in the API's one error shape, in ``?lang=``."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.rules.ingest import ingest_corpus
from judge.rules.judgedocs.ingest import ingest_judge_documents
from judge.rules.models import JudgeEdition
from tests.judge_pdfs import IPG_JA_PAGES, IPG_PAGES, JA_FONT, MTR_PAGES, needs_ja_font, write_pdf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_editions_but_the_tests() -> None:
    JudgeEdition.objects.all().delete()


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    root = tmp_path / "judge-corpus"
    (root / "judge").mkdir(parents=True)
    write_pdf(root / "judge" / "ipg.pdf", IPG_PAGES, header="Magic Infraction Procedure Guide")
    write_pdf(root / "judge" / "mtr.pdf", MTR_PAGES)
    assert ingest_judge_documents(root).refused == []
    return root


def test_a_section_with_its_titles_text_parts_edition_and_citations(installed: Path, client) -> None:
    response = client.get("/api/docs/ipg/2.5")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    data = response.json()
    assert {k: data[k] for k in ("doc", "key", "number", "penalty", "page", "previous", "next", "url")} == {
        "doc": "ipg",
        "key": "2.5",
        "number": "2.5",
        "penalty": "Warning",
        "page": 3,
        "previous": "2.1",
        "next": "A",
        "url": "/en/docs/ipg/2.5/",
    }
    assert data["title"] == {
        "ja": "ゲームプレイ上のエラー — ゲームルール違反",
        "en": "Game Play Error — Game Rule Violation Handled at Competitive Events",
    }
    assert [p["heading"] for p in data["parts"]] == ["Definition", "Examples", "Additional Remedy"]
    assert data["parts"][1]["paragraphs"] == [
        "A. A player casts Wrath of God for 3W.",
        "B. A player does not attack with a creature that must attack each turn.",
    ]
    assert data["text"].startswith("Definition\nThis infraction covers the majority")
    assert data["edition"] == {
        "lang": "en",
        "title": "Magic Infraction Procedure Guide",
        "effective": "2024-09-23",
        "source": "ipg.pdf",
        "address": "https://wpn.wizards.com/en/rules-documents",
        "sections": 7,
    }
    assert data["japanese"] is None
    # The sections it cites: its own "see section 1.4" too.
    assert data["sections"] == [{"doc": "ipg", "section": "1.4", "url": "/en/docs/ipg/1.4/"}]
    # The CR rules it cites, linked in the answer's language.
    cited = client.get("/api/docs/ipg/2", {"lang": "ja"}).json()
    assert cited["rules"] == [{"rule": "704.5", "url": "/ja/rules/704.5/"}]
    assert cited["url"] == "/ja/docs/ipg/2/"
    trigger = client.get("/api/docs/ipg/2.1").json()
    assert trigger["sections"] == [{"doc": "mtr", "section": "4.5", "url": "/en/docs/mtr/4.5/"}]
    assert trigger["parts"][-1] == {
        "heading": "Upgrade",
        "printed": None,
        "paragraphs": [
            "Upgrade: If the triggered ability is usually considered detrimental, the penalty is a Warning."
        ],
    }


def test_a_document_its_editions_and_contents(installed: Path, client) -> None:
    data = client.get("/api/docs/mtr", {"lang": "ja"}).json()
    assert data["doc"] == "mtr" and data["name"]["en"]
    assert data["edition"]["effective"] == "2025-04-21"
    assert [e["effective"] for e in data["editions"]] == ["2025-04-21"]
    assert data["published"] == {
        "effective": "2026-02-27",
        "address": "https://wpn.wizards.com/en/rules-documents",
    }
    assert data["sections"][-1] == {
        "key": "4.4",
        "number": "4.4",
        "title": {"ja": "ループ", "en": "Loops"},
        "penalty": None,
        "url": "/ja/docs/mtr/4.4/",
    }


@pytest.mark.parametrize(
    ("path", "query", "code", "text"),
    [
        ("/api/docs/ipg/9.9", {}, "web.no-judge-section", "The IPG installed has no section 9.9."),
        (
            "/api/docs/ipg/9.9",
            {"lang": "ja"},
            "web.no-judge-section",
            "導入されている IPG に 9.9 節はありません。",
        ),
        (
            "/api/docs/jar/1",
            {"lang": "ja"},
            "web.no-judge-document",
            "このサイトには JAR の版が導入されていません。",
        ),
        ("/api/docs/jar", {}, "web.no-judge-document", "No edition of the JAR is installed on this site."),
        (
            "/api/docs/ipg/2.5",
            {"edition": "1999-01-01"},
            "web.no-judge-edition",
            "No edition of the IPG effective 1999-01-01 is installed.",
        ),
    ],
)
def test_an_unknown_document_section_or_edition_is_a_404_in_the_one_error_shape(
    installed: Path, client, path: str, query: dict[str, str], code: str, text: str
) -> None:
    response = client.get(path, query)
    assert response.status_code == 404
    assert response.json() == {"errors": [{"code": code, "rule": "", "text": text}]}


def test_api_docs_lists_the_judge_documents_installed(
    installed: Path, corpus_dir: Path, tmp_path: Path, client
) -> None:
    ingest_corpus(corpus_dir=corpus_dir, index_root=tmp_path / "index")
    data = client.get("/api/docs").json()
    assert [d["doc"] for d in data["judge_documents"]] == ["mtr", "ipg"]
    ipg = data["judge_documents"][1]
    assert ipg["editions"] == [
        {
            "lang": "en",
            "title": "Magic Infraction Procedure Guide",
            "effective": "2024-09-23",
            "source": "ipg.pdf",
            "address": "https://wpn.wizards.com/en/rules-documents",
            "sections": 7,
        }
    ]
    assert (ipg["japanese"], ipg["url"]) == (None, "/en/docs/ipg/")
    assert ipg["published"]["effective"] == "2024-09-23"


@needs_ja_font
@pytest.mark.parametrize(("newer_english", "standing"), [(False, "current"), (True, "outdated")])
def test_a_section_with_the_official_japanese_edition_and_its_standing(
    installed: Path, client, newer_english: bool, standing: str
) -> None:
    write_pdf(installed / "judge" / "ipg-ja.pdf", IPG_JA_PAGES, header="マジック違反処置指針", font=JA_FONT)
    if newer_english:
        pages = [list(page) for page in IPG_PAGES]
        pages[0][1] = "Effective June 2, 2025"
        write_pdf(installed / "judge" / "ipg-2025.pdf", pages, header="Magic Infraction Procedure Guide")
    assert ingest_judge_documents(installed).refused == []
    data = client.get("/api/docs/ipg/2.5", {"lang": "ja"}).json()
    japanese = data["japanese"]
    assert (japanese["lang"], japanese["effective"], japanese["standing"]) == ("ja", "2024-09-23", standing)
    assert japanese["title"] == "ゲームプレイ・エラー — 競技イベントにおけるゲームルール違反"
    assert japanese["parts"][0] == {
        "heading": "Definition",
        "printed": "定義",
        "paragraphs": ["この違反は、プレイヤーがゲームの手順を正しく守らなかった大半の場合を扱う。"],
    }
    if standing == "current":
        assert japanese["said"] is None
    else:  # the rule pages' sentence for the same standing
        assert japanese["said"].startswith("古い訳です：")
        older = client.get("/api/docs/ipg/2.5", {"edition": "2024-09-23"}).json()
        assert older["japanese"] is None  # beside today's English edition only
