"""Fetching the judge's documents against a loopback http.server: a rules-documents page linking three
generated PDFs (MTR, IPG, JAR) and one that is not a judge's document."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules.judgedocs.fetch import FetchError, fetch_judge_documents
from tests.judge_pdfs import IPG_PAGES, MTR_PAGES, write_pdf

JAR_PAGES = (("JUDGING AT REGULAR REL", "Updated September 23, 2024", "1. Philosophy", "Judges help."),)
PAGE = """<html><body><h1>Rules documents</h1>
<a href="/files/MTG_MTR_2025_Apr_21_EN.pdf">Magic Tournament Rules</a>
<a href="/files/MTG_IPG_2024Sep23_EN.pdf">Infraction Procedure Guide</a>
<a href="files/MTG_JAR_2024Sep23_EN.pdf">Judging at Regular REL</a>
<a href="/files/brand-guide.pdf">not a judge's document</a>
</body></html>"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    root = tmp_path / "site"
    files = root / "files"
    files.mkdir(parents=True)
    (root / "rules-documents.html").write_text(PAGE, encoding="utf-8")
    write_pdf(files / "MTG_MTR_2025_Apr_21_EN.pdf", MTR_PAGES)
    write_pdf(files / "MTG_IPG_2024Sep23_EN.pdf", IPG_PAGES, header="Magic Infraction Procedure Guide")
    write_pdf(files / "MTG_JAR_2024Sep23_EN.pdf", JAR_PAGES)
    (files / "brand-guide.pdf").write_bytes(b"%PDF-1.4 never downloaded")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/rules-documents.html", files
    finally:
        server.shutdown()
        server.server_close()


def test_the_three_linked_documents_are_stored_once(site: tuple[str, Path], tmp_path: Path) -> None:
    url, _ = site
    corpus = tmp_path / "corpus"
    report = fetch_judge_documents(corpus_dir=corpus, url=url)
    assert report.stored == [
        "MTG_MTR_2025_Apr_21_EN.pdf: MTR effective 2025-04-21",
        "MTG_IPG_2024Sep23_EN.pdf: IPG effective 2024-09-23",
        "MTG_JAR_2024Sep23_EN.pdf: JAR effective 2024-09-23",
    ]
    assert (report.unchanged, report.refused) == ([], [])
    assert sorted(p.name for p in (corpus / "judge").iterdir()) == [
        "MTG_IPG_2024Sep23_EN.pdf",
        "MTG_JAR_2024Sep23_EN.pdf",
        "MTG_MTR_2025_Apr_21_EN.pdf",
    ]
    again = fetch_judge_documents(corpus_dir=corpus, url=url)
    assert again.stored == [] and len(again.unchanged) == 3


def test_a_new_edition_under_the_old_name_is_kept_beside_it_and_a_broken_file_refused(
    site: tuple[str, Path], tmp_path: Path
) -> None:
    url, files = site
    corpus = tmp_path / "corpus"
    fetch_judge_documents(corpus_dir=corpus, url=url)
    newer = [list(page) for page in MTR_PAGES]
    newer[0][1] = "Effective February 27, 2026"
    write_pdf(files / "MTG_MTR_2025_Apr_21_EN.pdf", newer)
    (files / "MTG_JAR_2024Sep23_EN.pdf").write_bytes(b"<html>moved</html>")
    report = fetch_judge_documents(corpus_dir=corpus, url=url)
    assert report.stored == ["MTG_MTR_2025_Apr_21_EN-2026-02-27.pdf: MTR effective 2026-02-27"]
    assert report.unchanged == ["MTG_IPG_2024Sep23_EN.pdf"]
    assert report.refused == [f"{url.rsplit('/', 1)[0]}/files/MTG_JAR_2024Sep23_EN.pdf: not a PDF"]
    assert (corpus / "judge" / "MTG_JAR_2024Sep23_EN.pdf").is_file()  # the one stored before stays
    assert not list((corpus / "judge").glob(".fetch-*"))


def test_a_page_without_judge_documents_and_an_unreachable_page(
    site: tuple[str, Path], tmp_path: Path
) -> None:
    url, files = site
    (files.parent / "empty.html").write_text('<a href="/files/brand-guide.pdf">guide</a>', encoding="utf-8")
    with pytest.raises(FetchError, match="no link to a judge's document"):
        fetch_judge_documents(corpus_dir=tmp_path, url=url.replace("rules-documents", "empty"))
    with pytest.raises(FetchError, match="answered 404"):
        fetch_judge_documents(corpus_dir=tmp_path, url=url.replace("rules-documents", "missing"))


@pytest.mark.django_db
def test_the_command_stores_and_prints(site: tuple[str, Path], tmp_path: Path, capsys) -> None:
    url, _ = site
    call_command("fetch_judge_documents", url=url, corpus_dir=tmp_path / "corpus", no_ingest=True)
    out = capsys.readouterr().out
    assert "stored: MTG_IPG_2024Sep23_EN.pdf: IPG effective 2024-09-23" in out
    with pytest.raises(CommandError, match="nothing fetched"):
        call_command("fetch_judge_documents", url="ftp://example.org/", corpus_dir=tmp_path / "corpus")
