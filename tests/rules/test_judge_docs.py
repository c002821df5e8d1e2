"""The judge's documents: the ingest (installed, unchanged, refused when it does not parse or shrinks,
several editions) and the pages (/docs/ipg/2.5/ in both languages), on PDFs the tests generate."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules.judgedocs.editions import section_for_words
from judge.rules.judgedocs.ingest import ingest_judge_documents
from judge.rules.models import JudgeEdition
from tests.judge_pdfs import IPG_PAGES, JAR_PAGES, MTR_PAGES, write_pdf

pytestmark = pytest.mark.django_db

HEADER = "Magic Infraction Procedure Guide"


@pytest.fixture(autouse=True)
def _no_editions_but_the_tests(request: pytest.FixtureRequest) -> None:
    """The generated documents alone (a session that ingested the real corpus has the official ones; this
    test's transaction rolls the deletion back)."""
    if request.node.get_closest_marker("corpus") is None:
        JudgeEdition.objects.all().delete()


def judge_corpus(root: Path) -> Path:
    (root / "judge").mkdir(parents=True, exist_ok=True)
    write_pdf(root / "judge" / "ipg.pdf", IPG_PAGES, header=HEADER)
    write_pdf(root / "judge" / "mtr.pdf", MTR_PAGES)
    return root


@pytest.fixture
def installed(tmp_path: Path) -> Path:
    root = judge_corpus(tmp_path / "corpus")
    report = ingest_judge_documents(root)
    assert report.refused == []
    return root


def test_the_ingest_installs_each_document_once(tmp_path: Path) -> None:
    root = judge_corpus(tmp_path / "corpus")
    report = ingest_judge_documents(root)
    assert report.installed == [
        "IPG effective 2024-09-23 (7 sections)",
        "MTR effective 2025-04-21 (5 sections)",
    ]
    ipg = JudgeEdition.objects.get(kind="ipg")
    assert ipg.effective == dt.date(2024, 9, 23)
    assert ipg.address == "https://wpn.wizards.com/en/rules-documents"
    assert [s.key for s in ipg.sections.all()] == ["introduction", "1", "1.1", "2", "2.1", "2.5", "A"]
    again = ingest_judge_documents(root)
    assert (again.installed, again.unchanged, again.refused) == ([], ["ipg.pdf", "mtr.pdf"], [])


def test_a_document_that_does_not_parse_or_shrinks_is_refused_and_the_installed_one_serves(
    installed: Path, client
) -> None:
    (installed / "judge" / "broken.pdf").write_bytes(b"%PDF-1.4 nothing")
    # The same edition again with its last section gone: fewer sections than the edition it replaces.
    write_pdf(installed / "judge" / "ipg.pdf", [IPG_PAGES[0][:-1], *IPG_PAGES[1:2]], header=HEADER)
    report = ingest_judge_documents(installed)
    assert report.installed == []
    assert len(report.refused) == 2
    assert report.refused[0].startswith("broken.pdf: not a readable PDF")
    assert "fewer than the 7 of the installed edition effective 2024-09-23" in report.refused[1]
    assert JudgeEdition.objects.get(kind="ipg").section_count == 7
    assert client.get("/en/docs/ipg/2.5/").status_code == 200


def test_the_ingest_command_installs_them_and_strict_fails_on_a_refusal(
    corpus_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    judge_corpus(corpus_dir)
    call_command("ingest", corpus_dir=corpus_dir, index_dir=tmp_path / "index")
    out = capsys.readouterr().out
    assert "judge's document installed: IPG effective 2024-09-23 (7 sections)" in out
    assert "judge's document installed: MTR effective 2025-04-21 (5 sections)" in out
    (corpus_dir / "judge" / "broken.pdf").write_bytes(b"not a pdf")
    call_command("ingest", corpus_dir=corpus_dir, index_dir=tmp_path / "index")  # exit status 0
    out = capsys.readouterr().out
    assert "judge's documents unchanged: ipg.pdf, mtr.pdf" in out
    assert "judge's document refused (the installed edition stays): broken.pdf: not a readable PDF" in out
    with pytest.raises(CommandError, match="1 judge's document"):
        call_command("ingest", corpus_dir=corpus_dir, index_dir=tmp_path / "index", strict=True)


def test_the_section_page_in_english(installed: Path, client) -> None:
    response = client.get("/en/docs/ipg/2.5/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Game Play Error — Game Rule Violation Handled at Competitive Events" in html
    assert '<time datetime="2024-09-23" class="judge-doc-date">September 23, 2024</time>' in html
    assert 'href="https://wpn.wizards.com/en/rules-documents"' in html
    assert "Penalty: <strong>Warning</strong>" in html
    # A newer edition is not known for the IPG (2024-09-23 is current); for this MTR it is.
    assert "newer edition" not in html
    # Its own "section 1.4" links to the IPG's 1.4; previous and next.
    assert 'href="/en/docs/ipg/1.4/"' in html
    assert 'rel="prev" href="/en/docs/ipg/2.1/"' in html
    assert 'rel="next" href="/en/docs/ipg/A/"' in html
    trigger = client.get("/en/docs/ipg/2.1/").content.decode()
    assert '<a class="rule-ref judge-ref" href="/en/docs/mtr/4.5/">MTR 4.5</a>' in trigger
    philosophy = client.get("/en/docs/ipg/2/").content.decode()
    assert 'href="/en/rules/704.5/">rule 704.5</a>' in philosophy


def test_the_section_page_in_japanese(installed: Path, client) -> None:
    html = client.get("/ja/docs/ipg/2.5/").content.decode()
    assert "2.5 ゲームプレイ上のエラー — ゲームルール違反" in html
    assert "この文書の本文は英語です" in html
    assert "罰則" in html and "警告" in html
    mtr = client.get("/ja/docs/mtr/4.4/").content.decode()
    assert "4.4 ループ" in mtr
    assert "A loop is a form of tournament shortcut" in mtr
    assert "2026-02-27" in mtr  # the newer MTR edition known


def test_the_index_and_unknown_sections(installed: Path, client) -> None:
    html = client.get("/en/docs/mtr/").content.decode()
    assert 'href="/en/docs/mtr/4.4/"' in html
    assert "4.4 Loops" in html
    assert client.get("/en/docs/mtr/9.9/").status_code == 404
    # A document the site knows but has not installed: where it is published (a text naming "JAR" links here).
    jar = client.get("/ja/docs/jar/").content.decode()
    assert "このサイトにはこの文書の版がありません" in jar
    assert "2024-09-23" in jar and 'href="https://wpn.wizards.com/en/rules-documents"' in jar
    assert client.get("/en/docs/ipg/2.5/", {"edition": "1999-01-01"}).status_code == 404


def test_several_editions_a_section_history_with_a_diff(installed: Path, client) -> None:
    newer = [list(page) for page in MTR_PAGES]
    newer[0][1] = "Effective February 27, 2026"
    newer[2][-1] = "If all players choose to take no action, the game is a draw at once."
    write_pdf(installed / "judge" / "mtr-2026.pdf", newer)
    report = ingest_judge_documents(installed)
    assert report.installed == ["MTR effective 2026-02-27 (5 sections)"]
    html = client.get("/en/docs/mtr/4.4/").content.decode()
    assert "2026-02-27" in html and "newer edition" not in html
    assert "<del>draw.</del> <ins>draw at once.</ins>" in html
    old = client.get("/en/docs/mtr/4.4/", {"edition": "2025-04-21"}).content.decode()
    assert "earlier edition" in old


def test_short_names_jump_words() -> None:
    assert section_for_words("GRV") == ("ipg", "2.5")
    assert section_for_words("Missed Trigger") == ("ipg", "2.1")
    assert section_for_words("余分なカードを見た") == ("ipg", "2.2")
    assert section_for_words("ループ") is None


@pytest.mark.corpus
def test_the_official_files_installed_and_served(client) -> None:
    from tests.conftest import corpus_dir

    root = corpus_dir()
    if not (root / "judge" / "MTG_IPG_2024Sep23_EN.pdf").is_file():
        pytest.skip("the official judge's documents are not in the corpus")
    report = ingest_judge_documents(root)  # installed now, or by the session's ingest
    assert report.refused == []
    assert {"ipg", "mtr"} <= set(JudgeEdition.objects.values_list("kind", flat=True))
    grv = client.get("/en/docs/ipg/2.5/").content.decode()
    assert "Game Play Error — Game Rule Violation" in grv and "Additional Remedy" in grv
    assert 'rel="prev" href="/en/docs/ipg/2.4/"' in grv
    loops = client.get("/ja/docs/mtr/4.4/").content.decode()
    assert "4.4 ループ" in loops and "2026-02-27" in loops  # the installed MTR is older than the current
    mulligans = client.get("/en/docs/mtr/2.3/").content.decode()
    assert 'href="/en/rules/103.4/">rule 103.4</a>' in mulligans
    index = client.get("/en/docs/ipg/").content.decode()
    assert index.count('href="/en/docs/ipg/') >= 36


@pytest.mark.parametrize(
    ("lang", "q", "url"),
    [
        ("en", "ipg 2.5", "/en/docs/ipg/2.5/"),
        ("ja", "ＩＰＧ　２．５", "/ja/docs/ipg/2.5/"),
        ("ja", "mtr 4.4", "/ja/docs/mtr/4.4/"),
        ("en", "GRV", "/en/docs/ipg/2.5/"),
        ("en", "Missed Trigger", "/en/docs/ipg/2.1/"),
        ("ja", "誘発忘れ", "/ja/docs/ipg/2.1/"),
        ("en", "MTR", "/en/docs/mtr/"),
    ],
)
def test_the_search_box_jumps_to_a_section(installed: Path, client, lang: str, q: str, url: str) -> None:
    response = client.get(f"/{lang}/search/", {"q": q})
    assert (response.status_code, response["Location"]) == (302, url)


def test_while_typing_the_jump_is_a_link_and_a_section_not_installed_is_searched(
    installed: Path, client
) -> None:
    from judge.rules.judgedocs.lookup import Jump, jump

    assert jump("ipg 9.9", japanese=False) is None
    assert jump("余分なカードを見た", japanese=True) is None  # this generated IPG has no 2.2
    assert jump("jar", japanese=False) is None
    found = jump("GRV", japanese=True)
    assert found is not None
    assert found == Jump("/en/docs/ipg/2.5/", "IPG 2.5 ゲームプレイ上のエラー — ゲームルール違反", "ja")


def test_references_in_any_text_become_links(client) -> None:
    from django.utils import translation

    from judge.rules.text import rule_html

    with translation.override("ja"):
        html = str(
            rule_html("Conceding: MTR 2.5 and the JAR; see rule 104.3a. MTRs stay.", rule_url="/ja/rules/")
        )
    assert html == (
        'Conceding: <a class="rule-ref judge-ref" href="/ja/docs/mtr/2.5/">MTR 2.5</a> and the '
        '<a class="rule-ref judge-ref" href="/ja/docs/jar/">JAR</a>; see '
        '<a class="rule-ref" href="/ja/rules/104.3a/">rule 104.3a</a>. MTRs stay.'
    )


def test_the_leave_game_page_and_the_conceding_ruling_cite_the_mtr_and_the_jar(client) -> None:
    page = client.get("/ja/leave-game/").content.decode()
    assert '<a href="/ja/docs/mtr/2.5/" lang="en">MTR 2.5</a>' in page
    assert '<a href="/ja/docs/jar/" lang="en">JAR</a>' in page
    assert "マジック・イベント規定" in page
    ruling = client.get("/en/scenarios/player-concedes-mid-combat/", follow=True).content.decode()
    assert 'href="/en/docs/mtr/2.5/"' in ruling and 'href="/en/docs/jar/"' in ruling


def test_a_jar_laid_out_as_published_is_installed_and_served(tmp_path: Path, client) -> None:
    (tmp_path / "judge").mkdir()
    write_pdf(tmp_path / "judge" / "jar.pdf", JAR_PAGES)
    assert ingest_judge_documents(tmp_path).installed == ["JAR effective 2024-09-23 (8 sections)"]
    index = client.get("/en/docs/jar/").content.decode()
    assert 'href="/en/docs/jar/serious-problems/"' in index and 'href="/en/docs/jar/introduction/"' in index
    page = client.get("/ja/docs/jar/a-player-sees-a-card-in-a-library-that-they-were-not/")
    assert page.status_code == 200
    assert "Shuffle that card into the part of the library" in page.content.decode()
    trigger = client.get(
        "/en/docs/jar/a-player-forgets-a-triggered-ability-an-ability-that-starts/"
    ).content.decode()
    assert 'href="/en/rules/603.2/">rule 603.2</a>' in trigger
    resources = client.get("/en/docs/jar/resources/").content.decode()
    assert '<a class="rule-ref judge-ref" href="/en/docs/mtr/2.5/">MTR section 2.5</a>' in resources
