"""An official Japanese edition of a judge's document (generated PDFs, fpdf2 with a CJK font): the ingest
installs it beside the document's English edition (refused, in both languages, without one), and on /ja/ a
current one is shown first with its source and date, an outdated one after today's English, on request."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.rules.judgedocs import selectors
from judge.rules.judgedocs.ingest import ingest_judge_documents
from judge.rules.models import JudgeEdition
from tests.judge_pdfs import IPG_JA_PAGES, IPG_PAGES, JA_FONT, needs_ja_font, write_pdf

pytestmark = [pytest.mark.django_db, needs_ja_font]

GRV_JA = "この違反は、プレイヤーがゲームの手順を正しく守らなかった大半の場合を扱う。"
GRV_EN = "This infraction covers the majority of game situations"


@pytest.fixture(autouse=True)
def _no_editions_but_the_tests() -> None:
    JudgeEdition.objects.all().delete()


def write_japanese(folder: Path, *, name: str = "a-ipg-ja.pdf", effective: str = "2024年9月23日発効") -> None:
    pages = [list(page) for page in IPG_JA_PAGES]
    pages[0][1] = effective
    write_pdf(folder / name, pages, header="マジック違反処置指針", font=JA_FONT)


def write_english(
    folder: Path, *, name: str = "ipg.pdf", effective: str = "Effective September 23, 2024"
) -> None:
    pages = [list(page) for page in IPG_PAGES]
    pages[0][1] = effective
    write_pdf(folder / name, pages, header="Magic Infraction Procedure Guide")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    (tmp_path / "judge").mkdir()
    return tmp_path


def test_a_japanese_edition_without_its_english_is_refused_in_both_languages_then_installed(
    corpus: Path,
) -> None:
    write_japanese(corpus / "judge")
    report = ingest_judge_documents(corpus)
    assert report.installed == []
    assert report.refused == [
        "a-ipg-ja.pdf: Japanese edition of the IPG effective 2024-09-23 not installed: no English edition "
        "of the IPG is installed, and the Japanese is shown beside it (it installs at the next ingest after "
        "the English) / IPGの日本語版（2024-09-23発効）は導入しません：IPGの英語版が導入されていません"
        "（日本語版は英語版と並べて表示します。英語版の導入後の取り込みで導入されます）"
    ]
    assert not JudgeEdition.objects.exists()
    # With the English beside it (its file name sorts after the Japanese one's), both install in one ingest.
    write_english(corpus / "judge")
    report = ingest_judge_documents(corpus)
    assert report.installed == [
        "IPG effective 2024-09-23 (7 sections)",
        "IPG (Japanese) effective 2024-09-23 (7 sections)",
    ]
    japanese = JudgeEdition.objects.get(lang="ja")
    assert (japanese.kind, japanese.title) == ("ipg", "マジック違反処置指針")
    assert [s.key for s in japanese.sections.all()] == ["introduction", "1", "1.1", "2", "2.1", "2.5", "A"]
    assert japanese.sections.get(key="2.5").parts[0] == {
        "heading": "Definition",
        "paragraphs": [GRV_JA],
        "printed": "定義",
    }
    assert ingest_judge_documents(corpus).unchanged == ["a-ipg-ja.pdf", "ipg.pdf"]


def test_the_standing_current_when_of_the_newest_english_edition_else_outdated(corpus: Path) -> None:
    write_english(corpus / "judge")
    write_japanese(corpus / "judge")
    ingest_judge_documents(corpus)
    found = selectors.japanese_edition("ipg")
    assert (found.standing, found.todays) == ("current", True)
    assert selectors.japanese_edition("mtr") is None
    write_english(corpus / "judge", name="ipg-2025.pdf", effective="Effective June 2, 2025")
    assert ingest_judge_documents(corpus).installed == ["IPG effective 2025-06-02 (7 sections)"]
    found = selectors.japanese_edition("ipg")
    assert (found.standing, found.todays, found.english.effective.isoformat()) == (
        "outdated",
        False,
        "2025-06-02",
    )


@pytest.fixture
def current(corpus: Path) -> Path:
    write_english(corpus / "judge")
    write_japanese(corpus / "judge")
    assert ingest_judge_documents(corpus).refused == []
    return corpus


@pytest.mark.parametrize("hx", [False, True])
def test_on_ja_a_current_japanese_edition_is_shown_first_with_its_source_and_date(
    current: Path, client, hx
) -> None:
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    response = client.get("/ja/docs/ipg/2.5/", **headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert ("<html" in html) is not hx
    ja, en = html.index(GRV_JA), html.index(GRV_EN)
    assert ja < en
    assert html.index("公式日本語版") < ja  # its heading, then its source and date
    assert "出典: <cite>マジック違反処置指針</cite> (2024-09-23発効)" in html
    assert "<strong>2.5 ゲームプレイ・エラー — 競技イベントにおけるゲームルール違反</strong>" in html
    assert '<h3 class="judge-part">定義</h3>' in html
    assert html.index("英語の本文") < en
    assert "earlier-translation" not in html and "この文書の本文は英語です" not in html
    if not hx:  # the notice under the date
        assert (
            "各節は公式日本語版（マジック違反処置指針、2024-09-23発効）を先に、英語の本文を後に示します。"
            in html
        )


def test_on_en_the_english_alone(current: Path, client) -> None:
    html = client.get("/en/docs/ipg/2.5/").content.decode()
    assert GRV_EN in html and GRV_JA not in html


@pytest.mark.parametrize("hx", [False, True])
def test_an_outdated_japanese_edition_after_today_s_english_behind_a_closed_disclosure(
    current: Path, client, hx
) -> None:
    write_english(current / "judge", name="ipg-2025.pdf", effective="Effective June 2, 2025")
    ingest_judge_documents(current)
    headers = {"HTTP_HX_REQUEST": "true"} if hx else {}
    html = client.get("/ja/docs/ipg/2.5/", **headers).content.decode()
    en, ja = html.index(GRV_EN), html.index(GRV_JA)
    assert en < ja
    details = html.index('<details class="earlier-translation judge-ja-earlier">')
    assert en < details < ja and "<details open" not in html
    # The CR translation's sentence for the same standing, then the editions' dates.
    assert "古い訳です：この日本語は以前の版の規則の訳で" in html
    assert 'data-standing="outdated"' in html
    assert "2024-09-23" in html and "2025-06-02" in html
    # An older English edition's page is English alone.
    old = client.get("/ja/docs/ipg/2.5/", {"edition": "2024-09-23"}).content.decode()
    assert GRV_JA not in old


def test_search_reads_the_japanese_of_a_current_edition_only(current: Path) -> None:
    found = {(s.kind, s.key): s for s in selectors.search_sections()}
    assert GRV_JA in found[("ipg", "2.5")].ja_words
    assert "ゲームルール違反" in found[("ipg", "2.5")].ja_words
    assert "judge/ipg/ja" in selectors.serving_digests()
    write_english(current / "judge", name="ipg-2025.pdf", effective="Effective June 2, 2025")
    ingest_judge_documents(current)
    found = {(s.kind, s.key): s for s in selectors.search_sections()}
    assert GRV_JA not in found[("ipg", "2.5")].ja_words


def test_a_japanese_search_finds_a_section_by_its_official_japanese(current: Path, tmp_path: Path) -> None:
    from judge.search.build import build_index
    from judge.search.documents import documents_from_records, judge_documents
    from judge.search.index import activate
    from judge.search.service import search
    from tests.search import sample

    docs = documents_from_records(sample.rules_documents(), sample.ja_documents())
    docs += judge_documents(selectors.search_sections(), version="20260116")
    build_index(tmp_path / "index", docs, name="gen-1")
    activate(tmp_path / "index", "gen-1")
    result = search("手順を正しく守らなかった", root=tmp_path / "index", ui_lang="ja", limit=5)
    assert [(hit.doc, hit.anchor) for hit in result.hits][:1] == [("ipg", "2.5")]


def test_a_japanese_jar_s_headed_sections_take_the_english_edition_s_keys(corpus: Path, client) -> None:
    from tests.judge_pdfs import JAR_PAGES

    write_pdf(corpus / "judge" / "jar.pdf", JAR_PAGES)
    headings = ["よくある問題", "誘発型能力を忘れた", "見てはいけないカードを見た", "その他のゲーム上の誤り"]
    headings += ["望ましくない行為", "重大な問題", "参考資料"]
    lines = [
        "一般レベル・ジャッジの手引き",
        "2024年9月23日更新",
        "一般レベルのイベントは、多くのプレイヤーが初めて出るイベントです。",
    ]
    for heading in headings:
        lines += [heading, "この節の本文はテストのために書いたものです。"]
    write_pdf(corpus / "judge" / "jar-ja.pdf", [lines], header="", font=JA_FONT)
    report = ingest_judge_documents(corpus)
    assert report.installed == [
        "JAR effective 2024-09-23 (8 sections)",
        "JAR (Japanese) effective 2024-09-23 (8 sections)",
    ]
    japanese = JudgeEdition.objects.get(kind="jar", lang="ja")
    english = JudgeEdition.objects.get(kind="jar", lang="en")
    assert list(japanese.sections.values_list("key", flat=True)) == list(
        english.sections.values_list("key", flat=True)
    )
    assert japanese.sections.get(key="serious-problems").title == "重大な問題"
    html = client.get("/ja/docs/jar/serious-problems/").content.decode()
    assert html.index("重大な問題") < html.index("A few actions are never tolerated")
