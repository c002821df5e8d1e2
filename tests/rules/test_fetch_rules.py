"""python manage.py fetch_rules: download a release from a local HTTP server (no network), store it under its
effective date, ingest it, print what changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules import models
from judge.rules.fetch import FetchError, fetch_release
from judge.rules.ingest import ingest_corpus
from tests.helpers import serving
from tests.rules.cr_files import BASE, cr_text, edited, write_release

pytestmark = pytest.mark.django_db

NEW = "20320404"
NEW_RULES = edited(BASE, {"101.2": "Decide who goes first by rolling a die.", "102.2": None})


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A stand-in for the official rules page: /en/rules links its TXT file, as the real page does."""
    root = tmp_path / "site"
    (root / "en").mkdir(parents=True)
    (root / "downloads").mkdir()
    (root / "downloads" / f"MagicCompRules {NEW}.txt").write_text(cr_text(NEW, NEW_RULES), encoding="utf-8")
    (root / "en" / "rules.html").write_text(
        '<html><body><a href="/downloads/rules.pdf">PDF</a> '
        f'<a class="cta" href="/downloads/MagicCompRules%20{NEW}.txt">TXT</a></body></html>',
        encoding="utf-8",
    )
    (root / "en" / "nolink.html").write_text(
        "<!doctype html><p>Nothing to download here.</p>", encoding="utf-8"
    )
    (root / "downloads" / "notrules.txt").write_text("Just a note.\n", encoding="utf-8")
    with serving(root) as url:
        yield url, root


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    write_release(corpus, "20300202")
    write_release(corpus, "20310303", edited(BASE, {"101.1": "Shuffle every deck, then cut it."}))
    return corpus


def fetch(url: str, corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    call_command("fetch_rules", url, corpus_dir=corpus, index_dir=tmp_path / "index")
    return capsys.readouterr().out


def test_the_rules_page_link_is_followed_stored_under_its_date_ingested_and_compared(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    out = fetch(f"{site[0]}/en/rules.html", corpus, tmp_path, capsys)
    stored = corpus / "en" / f"MagicCompRules {NEW}.txt"
    assert stored.read_bytes() == (site[1] / "downloads" / stored.name).read_bytes()
    assert f"saved {site[0]}/downloads/MagicCompRules%20{NEW}.txt as en/MagicCompRules {NEW}.txt" in out
    assert models.Corpus.objects.get(is_live=True).current_version == NEW
    assert "read 1 Comprehensive Rules files, 2 unchanged" in out
    # 20310303 -> 20320404: 101.1 and 101.2 reworded, 102.2 gone.
    assert f"changes from 20310303 to {NEW}: 0 added, 2 changed, 1 removed, 0 renumbered" in out

    again = fetch(f"{site[0]}/en/rules.html", corpus, tmp_path, capsys)
    assert f"en/MagicCompRules {NEW}.txt already has this release ({NEW}): nothing to do" in again


def test_a_direct_text_link_works_too_and_an_older_release_is_added_as_such(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (site[1] / "downloads" / "old.txt").write_text(cr_text("20290909"), encoding="utf-8")
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    out = fetch(f"{site[0]}/downloads/old.txt", corpus, tmp_path, capsys)
    assert (corpus / "en" / "MagicCompRules 20290909.txt").is_file()
    assert "20290909 is older than the current rules (20310303): added as an older version" in out


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("/en/nolink.html", "no link to a .txt file on this page"),
        ("/downloads/missing.txt", "the server answered 404"),
        ("/downloads/notrules.txt", "not a Comprehensive Rules file"),
    ],
)
def test_nothing_is_stored_when_the_download_is_not_a_release(
    site: tuple[str, Path],
    corpus: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    path: str,
    problem: str,
) -> None:
    before = sorted(p.name for p in (corpus / "en").iterdir())
    with pytest.raises(CommandError, match=problem):
        fetch(f"{site[0]}{path}", corpus, tmp_path, capsys)
    assert sorted(p.name for p in (corpus / "en").iterdir()) == before


def test_the_url_defaults_to_the_setting(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings
) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_RULES_URL = f"{site[0]}/en/rules.html"
    call_command("fetch_rules", corpus_dir=corpus, index_dir=tmp_path / "index")
    assert (corpus / "en" / f"MagicCompRules {NEW}.txt").is_file()


def test_only_http_addresses_are_fetched(corpus: Path) -> None:
    with pytest.raises(FetchError, match="not an http"):
        fetch_release(url="file:///etc/passwd", corpus_dir=corpus)
