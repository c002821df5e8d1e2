"""python manage.py fetch_rules --lang ja: download the Japanese translation of the whole rules from a local
HTTP
server (no network), store it under the name its title line gives, ingest it, print which rules gained
Japanese
and whose Japanese changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.parsing.records import ParseError
from judge.rules import models
from judge.rules.fetch import FetchError, fetch_translation, japanese_changes
from judge.rules.ingest import ingest_corpus
from judge.rules.management.commands import fetch_rules
from tests.helpers import serving
from tests.rules.cr_files import BASE, cr_text, edited, write_release
from tests.rules.ja_cr_files import ja_cr_text

pytestmark = pytest.mark.django_db

RELEASE = "20310303"  # the current English release of the test corpus, the one the translation follows
NAME = f"JPN_CR_{RELEASE}_0.txt"
# Placeholder Japanese for every rule of the invented rules but the last (102.2, for a re-issue to add).
JA_RULES = tuple((n, f"第{n}項" if "." not in n else f"規則{n}の日本語訳。") for n, _ in BASE if n != "102.2")


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A stand-in for the site that publishes the translation: each test writes the files it serves."""
    root = tmp_path / "site"
    root.mkdir()
    with serving(root) as url:
        yield url, root


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """Two English releases, ingested: the live generation has no Japanese yet."""
    corpus = tmp_path / "corpus"
    write_release(corpus, "20300202")
    write_release(corpus, RELEASE, edited(BASE, {"101.1": "Shuffle every deck, then cut it."}))
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    return corpus


def serve(root: Path, name: str, text: str, *, encoding: str = "utf-8", newline: str = "\n") -> bytes:
    data = text.replace("\n", newline).encode(encoding)
    (root / name).write_bytes(data)
    return data


def fetch_ja(corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], *url: str) -> str:
    call_command("fetch_rules", *url, lang="ja", corpus_dir=corpus, index_dir=tmp_path / "index")
    return capsys.readouterr().out


def japanese(number: str) -> list[str]:
    live = models.Corpus.objects.get(is_live=True)
    rows = models.DocSection.objects.filter(
        corpus=live, aligned_number=number, source__slug=f"cr-ja-{RELEASE}"
    )
    return list(rows.values_list("text", flat=True))


def test_a_cp932_crlf_file_is_stored_under_its_title_ingested_and_counted_then_not_fetched_again(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = serve(site[1], "latest.txt", ja_cr_text(RELEASE, JA_RULES), encoding="cp932", newline="\r\n")
    out = fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/latest.txt")
    assert (corpus / "ja" / NAME).read_bytes() == data  # named by its title line, not by its address
    assert f"saved {site[0]}/latest.txt as ja/{NAME}" in out
    assert f"Japanese: {len(JA_RULES)} rules gained Japanese, 0 changed ({RELEASE}.0)" in out
    assert "  gained: 1, 100, 100.1, 101, 101.1, 101.2, 101.3, 101.3a, 101.3b, 101.4, 102, 102.1\n" in out
    assert "  changed:" not in out
    assert japanese("101.3a") == ["規則101.3aの日本語訳。"]

    generations = models.Corpus.objects.count()
    again = fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/latest.txt")
    assert f"ja/{NAME} already has this translation ({RELEASE}.0): nothing to do" in again
    assert models.Corpus.objects.count() == generations  # no ingest


def test_a_utf8_bom_file_linked_from_a_page_then_a_reissue_shows_what_it_changed(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = serve(site[1], NAME, ja_cr_text(RELEASE, JA_RULES), encoding="utf-8-sig")
    (site[1] / "index.html").write_text(
        f'<html><body><a href="notes.txt">更新履歴</a> <a href="{NAME}">総合ルール和訳</a></body></html>',
        encoding="utf-8",
    )
    out = fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/index.html")
    assert (corpus / "ja" / NAME).read_bytes() == data
    assert f"Japanese: {len(JA_RULES)} rules gained Japanese, 0 changed ({RELEASE}.0)" in out

    # The re-issue corrects 101.2 and adds 102.2; it is stored beside the first issue, which the ingest leaves
    # out.
    reissue = (
        *edited(JA_RULES, {"101.2": "規則101.2の訂正された日本語訳。"}),
        ("102.2", "規則102.2の日本語訳。"),
    )
    serve(site[1], "download.txt", ja_cr_text(RELEASE, reissue, reissue=1), encoding="utf-8-sig")
    out = fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/download.txt")
    assert (corpus / "ja" / f"JPN_CR_{RELEASE}_1.txt").is_file() and (corpus / "ja" / NAME).is_file()
    assert f"Japanese: 1 rule gained Japanese, 1 changed ({RELEASE}.1)" in out
    assert "  gained: 102.2\n" in out and "  changed: 101.2\n" in out
    assert japanese("101.2") == ["規則101.2の訂正された日本語訳。"]


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("rules.txt", cr_text(RELEASE), "not the Japanese translation of the Comprehensive Rules"),
        (
            "untitled.txt",
            ja_cr_text(RELEASE, JA_RULES).replace("マジック総合ルール", "総合ルール"),
            "no title line",
        ),
        (
            "page.html",
            "<!doctype html><p>ページが見つかりません。</p>",
            "no link to a .txt file on this page",
        ),
        ("missing.txt", None, "the server answered 404"),
    ],
)
def test_nothing_is_stored_or_ingested_when_the_download_is_not_the_translation(
    site: tuple[str, Path],
    corpus: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    text: str | None,
    problem: str,
) -> None:
    if text is not None:
        serve(site[1], name, text)
    generations = models.Corpus.objects.count()
    with pytest.raises(CommandError, match=problem):
        fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/{name}")
    assert not (corpus / "ja").exists()
    assert models.Corpus.objects.count() == generations


def test_the_url_defaults_to_the_setting(
    site: tuple[str, Path], corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings
) -> None:  # type: ignore[no-untyped-def]
    serve(site[1], NAME, ja_cr_text(RELEASE, JA_RULES), encoding="cp932")
    settings.JUDGE_RULES_JA_URL = f"{site[0]}/{NAME}"
    out = fetch_ja(corpus, tmp_path, capsys)
    assert f"fetching {site[0]}/{NAME}" in out
    assert (corpus / "ja" / NAME).is_file()


def test_without_a_url_or_the_setting_the_command_says_what_to_give(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], settings
) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_RULES_JA_URL = ""
    with pytest.raises(CommandError, match="give its URL .* or set JUDGE_RULES_JA_URL"):
        fetch_ja(corpus, tmp_path, capsys)


def test_a_failed_ingest_puts_the_previous_file_back(
    site: tuple[str, Path],
    corpus: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (corpus / "ja").mkdir()
    earlier = serve(corpus / "ja", NAME, ja_cr_text(RELEASE, JA_RULES))
    serve(site[1], NAME, ja_cr_text(RELEASE, edited(JA_RULES, {"101.1": "別の訳。"})))

    def broken(**kwargs: object) -> None:
        raise ParseError("the newest Comprehensive Rules file does not parse", source="x.txt", line=1)

    monkeypatch.setattr(fetch_rules, "ingest_corpus", broken)
    with pytest.raises(CommandError, match=f"ja/{NAME} taken back"):
        fetch_ja(corpus, tmp_path, capsys, f"{site[0]}/{NAME}")
    assert (corpus / "ja" / NAME).read_bytes() == earlier


def test_only_http_addresses_are_fetched(corpus: Path) -> None:
    with pytest.raises(FetchError, match="not an http"):
        fetch_translation(url=f"file://{corpus}/ja/{NAME}", corpus_dir=corpus)


def test_long_lists_are_cut_after_twenty_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    changes = japanese_changes({"100.1": "旧訳。"}, {f"100.{i}": "訳。" for i in range(1, 26)})
    fetch_rules.Command()._print_japanese(changes, f"{RELEASE}.0")
    out = capsys.readouterr().out
    assert f"Japanese: 24 rules gained Japanese, 1 changed ({RELEASE}.0)" in out
    assert "  gained: 100.2, 100.3, " in out and ", 100.21 and 4 more\n" in out
    assert "  changed: 100.1\n" in out
