"""python manage.py refresh_rules: the official sources served from a loopback HTTP server (a rules page with
a TXT link, releases in the official layout, the official Japanese page, and the known releases' list with
their sizes and SHA-256 pointed at it through the settings): a fresh set-up, a second run that finds a newer
release, a refused connection, a wrong checksum and a shrunken release."""

from __future__ import annotations

import contextlib
import hashlib
import io
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules import models
from judge.rules.fetch import Mismatch, Offline, _is_offline, download
from judge.rules.ingest import ingest_corpus
from judge.rules.progress import Lines
from tests.helpers import QuietHandler
from tests.rules.cr_files import BASE, cr_text, edited, write_release
from tests.rules.ja_cr_files import ja_cr_page

pytestmark = pytest.mark.django_db

OLD, CURRENT, NEWER = "20300202", "20310303", "20320404"
CURRENT_RULES = edited(BASE, {"101.1": "Shuffle every deck, then cut it."})
NEWER_RULES = edited(CURRENT_RULES, {"101.2": "Decide who goes first by rolling a die."})
JA_RULES = tuple((n, f"第{n}項" if "." not in n else f"規則{n}の日本語訳。") for n, _ in BASE)


@dataclass
class Site:
    """The stand-in for the official sources: its address, its files and the paths asked for."""

    url: str
    root: Path
    asked: list[str] = field(default_factory=list)

    def release(self, version: str, rules: tuple[tuple[str, str], ...] = BASE) -> bytes:
        path = self.root / "downloads" / f"MagicCompRules {version}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(cr_text(version, rules), encoding="utf-8")
        return path.read_bytes()

    def rules_page(self, version: str) -> None:
        (self.root / "en").mkdir(exist_ok=True)
        (self.root / "en" / "rules.html").write_text(
            '<html><body><a href="/downloads/rules.pdf">PDF</a> '
            f'<a href="/downloads/MagicCompRules%20{version}.txt">TXT</a></body></html>',
            encoding="utf-8",
        )

    def release_url(self, version: str) -> str:
        return f"{self.url}/downloads/MagicCompRules%20{version}.txt"


@pytest.fixture()
def site(tmp_path: Path, settings: Any) -> Iterator[Site]:
    """Releases OLD and CURRENT (the rules page links CURRENT), the Japanese page of CURRENT, and the list
    of known releases (both, with their sizes and SHA-256) in the settings."""
    root = tmp_path / "site"
    root.mkdir()
    asked: list[str] = []

    class Recording(QuietHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            super().do_GET()

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Recording, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        official = Site(f"http://127.0.0.1:{server.server_address[1]}", root, asked)
        old, current = official.release(OLD), official.release(CURRENT, CURRENT_RULES)
        official.rules_page(CURRENT)
        page = root / "ja" / "docs" / "0006836" / "index.html"
        page.parent.mkdir(parents=True)
        page.write_text(ja_cr_page(CURRENT, JA_RULES), encoding="utf-8")
        listed = tmp_path / "cr_releases.tsv"
        write_releases(
            listed,
            [(OLD, official.release_url(OLD), old), (CURRENT, official.release_url(CURRENT), current)],
        )
        settings.JUDGE_RULES_URL = f"{official.url}/en/rules.html"
        settings.JUDGE_RULES_JA_PAGE_URL = f"{official.url}/ja/docs/0006836/"
        settings.JUDGE_RULES_JA_URL = ""
        settings.JUDGE_CR_RELEASES_FILE = listed
        yield official
    finally:
        server.shutdown()
        server.server_close()


def write_releases(path: Path, rows: list[tuple[str, str, bytes]]) -> None:
    lines = ["# the test's known releases", "release\turl\tsize\tsha256"]
    lines += [f"{v}\t{url}\t{len(data)}\t{hashlib.sha256(data).hexdigest()}" for v, url, data in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def refresh(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> str:
    call_command("refresh_rules", *args, corpus_dir=tmp_path / "corpus", index_dir=tmp_path / "index")
    return capsys.readouterr().out


def live() -> models.Corpus:
    return models.Corpus.objects.get(is_live=True)


def test_a_fresh_set_up_fetches_and_ingests_everything_then_a_newer_release_and_nothing_else(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = refresh(tmp_path, capsys, "--if-online")
    corpus = tmp_path / "corpus"
    assert sorted(p.name for p in (corpus / "en").iterdir()) == [
        f"MagicCompRules {OLD}.txt",
        f"MagicCompRules {CURRENT}.txt",
    ]
    assert (corpus / "en" / f"MagicCompRules {OLD}.txt").read_bytes() == (
        site.root / "downloads" / f"MagicCompRules {OLD}.txt"
    ).read_bytes()
    assert [p.name for p in (corpus / "ja").iterdir()] == [f"JPN_CR_{CURRENT}_0.txt"]
    assert f"saved {site.release_url(CURRENT)} as en/MagicCompRules {CURRENT}.txt" in out
    assert f"saved {site.url}/ja/docs/0006836/ as ja/JPN_CR_{CURRENT}_0.txt" in out
    assert f"saved {site.release_url(OLD)} as en/MagicCompRules {OLD}.txt" in out
    assert out.count("is live") == 1  # one ingest, at the end
    assert live().current_version == CURRENT
    japanese = models.DocSection.objects.filter(
        corpus=live(), source__slug=f"cr-ja-{CURRENT}", aligned_number="101.3a"
    )
    assert list(japanese.values_list("text", flat=True)) == ["規則101.3aの日本語訳。"]

    # Nothing new: nothing stored, nothing ingested.
    site.asked.clear()
    again = refresh(tmp_path, capsys)
    assert "the corpus is up to date (2 sources checked)" in again
    assert "saved" not in again and "is live" not in again

    # Wizards publishes a newer release: only it is downloaded.
    site.release(NEWER, NEWER_RULES)
    site.rules_page(NEWER)
    site.asked.clear()
    newer = refresh(tmp_path, capsys)
    assert site.asked == [
        "/en/rules.html",
        f"/downloads/MagicCompRules%20{NEWER}.txt",
        "/ja/docs/0006836/",
    ]
    assert [line for line in newer.splitlines() if line.startswith("saved")] == [
        f"saved {site.release_url(NEWER)} as en/MagicCompRules {NEWER}.txt"
    ]
    assert live().current_version == NEWER


def closed_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_refused_connection_says_so_in_one_line_and_exits_0_only_if_online_was_asked(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    settings.JUDGE_RULES_URL = f"http://127.0.0.1:{closed_port()}/en/rules"
    out = refresh(tmp_path, capsys, "--if-online")
    (line,) = [line for line in out.splitlines() if line]
    assert line.startswith("offline, the rules were not checked: http://127.0.0.1:")
    assert "`python manage.py refresh_rules` fetches them once online" in line
    assert not (tmp_path / "corpus").exists()
    assert site.asked == []
    with pytest.raises(CommandError, match="^offline, the rules were not checked"):
        refresh(tmp_path, capsys)


def test_a_wrong_checksum_is_refused_and_the_previous_corpus_keeps_serving(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    corpus = tmp_path / "corpus"
    write_release(corpus, OLD)
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    before = live().pk
    tampered = (site.root / "downloads" / f"MagicCompRules {CURRENT}.txt").read_bytes()
    write_releases(
        settings.JUDGE_CR_RELEASES_FILE,
        [(CURRENT, site.release_url(CURRENT), tampered.replace(b"cut it", b"cut once"))],
    )
    with pytest.raises(
        CommandError,
        match="refused, the previous files keep serving: the current rules: .* known release: refused$",
    ):
        refresh(tmp_path, capsys)
    assert not (corpus / "en" / f"MagicCompRules {CURRENT}.txt").exists()
    # The Japanese page was still read and ingested; the English release it follows is refused.
    assert (corpus / "ja" / f"JPN_CR_{CURRENT}_0.txt").exists()
    assert live().current_version == OLD and live().pk != before


def test_a_shrunken_release_is_taken_back_and_the_previous_corpus_keeps_serving(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    """An unknown newer release (no checksum to check) goes through the ingest's shrink check."""
    settings.JUDGE_RULES_JA_PAGE_URL = ""
    settings.JUDGE_CR_RELEASES_FILE = tmp_path / "none.tsv"
    many = (
        *CURRENT_RULES,
        ("103", "More"),
        *((f"103.{i}", f"Invented rule number {i}.") for i in range(1, 41)),
    )
    site.release(CURRENT, many)
    refresh(tmp_path, capsys)
    before = live().pk
    site.release(NEWER, many[:-25])  # 25 of 54 rules cut
    site.rules_page(NEWER)
    with pytest.raises(CommandError, match=f"ingest failed, en/MagicCompRules {NEWER}.txt taken back"):
        refresh(tmp_path, capsys)
    assert not (tmp_path / "corpus" / "en" / f"MagicCompRules {NEWER}.txt").exists()
    assert live().pk == before and live().current_version == CURRENT


def test_an_old_release_the_ingest_refuses_is_left_out_and_the_rest_goes_live(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    """One release of the archive published cut short (no Credits, half its glossary) must not keep a fresh
    set-up from going live: it is taken back, named, and the current rules go live without it."""
    settings.JUDGE_RULES_JA_PAGE_URL = ""
    glossary = tuple((f"Term {i}", f"What term {i} means. See rule 101.3.") for i in range(1, 31))
    texts = {
        "20290101": cr_text("20290101", BASE, glossary),
        OLD: cr_text(OLD, BASE, glossary[:10]).rsplit("\nCredits\n", 1)[0] + "\n",  # ends inside its glossary
        CURRENT: cr_text(CURRENT, CURRENT_RULES, glossary),
    }
    rows = []
    for version, text in texts.items():
        path = site.root / "downloads" / f"MagicCompRules {version}.txt"
        path.write_text(text, encoding="utf-8")
        rows.append((version, site.release_url(version), path.read_bytes()))
    write_releases(settings.JUDGE_CR_RELEASES_FILE, rows)
    out = refresh(tmp_path, capsys, "--if-online")
    assert f"left out: en/MagicCompRules {OLD}.txt: refused by the ingest" in out
    assert not (tmp_path / "corpus" / "en" / f"MagicCompRules {OLD}.txt").exists()
    assert live().current_version == CURRENT and live().versions == ["20290101", CURRENT]


def test_the_judge_documents_are_fetched_and_installed_with_the_rules(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    """The same run (make setup, the daily timer) brings the judge's documents the official
    rules-documents page links to, and installs them before the index is built."""
    from judge.rules.models import JudgeEdition
    from tests.judge_pdfs import IPG_PAGES, write_pdf

    (site.root / "files").mkdir()
    write_pdf(
        site.root / "files" / "MTG_IPG_2024Sep23_EN.pdf", IPG_PAGES, header="Magic Infraction Procedure Guide"
    )
    (site.root / "rules-documents.html").write_text(
        '<a href="/files/MTG_IPG_2024Sep23_EN.pdf">Infraction Procedure Guide</a>', encoding="utf-8"
    )
    settings.JUDGE_RULES_DOCUMENTS_URL = f"{site.url}/rules-documents.html"
    JudgeEdition.objects.all().delete()  # the real corpus's, if another test installed them (rolled back)
    out = refresh(tmp_path, capsys, "--if-online")
    assert "saved the judge's document MTG_IPG_2024Sep23_EN.pdf: IPG effective 2024-09-23" in out
    assert (tmp_path / "corpus" / "judge" / "MTG_IPG_2024Sep23_EN.pdf").exists()
    assert list(JudgeEdition.objects.values_list("kind", flat=True)) == ["ipg"]
    assert live().current_version == CURRENT
    # Nothing new the next day: nothing stored, nothing ingested.
    again = refresh(tmp_path, capsys)
    assert "saved" not in again and "is live" not in again


def test_a_known_release_of_another_size_is_refused(site: Site, tmp_path: Path) -> None:
    url = site.release_url(OLD)
    with pytest.raises(Mismatch, match="not the 10 of the known release"):
        download(url, max_bytes=1 << 20, expected_size=10)
    with pytest.raises(Mismatch, match="SHA-256"):
        download(url, max_bytes=1 << 20, expected_sha256="0" * 64)
    with pytest.raises(Offline, match="no connection"):
        download(f"http://127.0.0.1:{closed_port()}/x.txt", max_bytes=10)
    assert _is_offline(socket.gaierror(-2, "Name or service not known"))
    assert not _is_offline(ValueError("no"))


def test_a_long_download_shows_its_progress(site: Site) -> None:
    (site.root / "big.txt").write_bytes(b"x" * (300 * 1024))
    out = io.StringIO()
    got = download(f"{site.url}/big.txt", max_bytes=1 << 20, progress=Lines(out))
    assert len(got.body) == 300 * 1024
    assert out.getvalue() == "downloading big.txt (5)\n"


def test_fetch_rules_checks_a_known_release_too(
    site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    write_releases(settings.JUDGE_CR_RELEASES_FILE, [(CURRENT, site.release_url(CURRENT), b"other bytes")])
    with pytest.raises(CommandError, match="nothing fetched: .* not the 11 of the known release: refused"):
        call_command("fetch_rules", corpus_dir=tmp_path / "corpus", index_dir=tmp_path / "index")
    assert not (tmp_path / "corpus").exists()
