"""rules_data/cr_releases.tsv and its reader (judge.rules.releases): every row well formed, and, marked
``corpus``, the size and SHA-256 of every official file beside the project agree with it."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from django.conf import settings

from judge.rules.releases import OfficialRelease, ReleasesFileError, known_for, parse_releases, read_releases

SHARED = Path(__file__).resolve().parents[3] / "shared"
SHA = "a" * 64


def test_the_shipped_list_reads_every_release_since_2009_once_in_order() -> None:
    rows = read_releases(Path(settings.JUDGE_CR_RELEASES_FILE))
    dates = [row.release for row in rows]
    assert dates == sorted(set(dates)) and dates[0].startswith("2009") and len(dates) >= 60
    assert all(row.url.startswith("https://media.wizards.com/") for row in rows if row.url)
    assert sum(1 for row in rows if row.sha256) == 17


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("2026011\thttps://m.example/a.txt\t\t", "no YYYYMMDD date"),
        ("20260116\tfile:///etc/passwd\t\t", "no http"),
        ("20260116\thttps://m.example/a.txt\t12\t", "both or neither"),
        (f"20260116\thttps://m.example/a.txt\t\t{SHA}", "both or neither"),
        ("20260116\thttps://m.example/a.txt\ttwelve\tzz", "both or neither"),
        ("20260116\thttps://m.example/a.txt", "2 fields, not 4"),
    ],
)
def test_a_row_that_is_no_release_is_refused_with_its_line(line: str, problem: str) -> None:
    with pytest.raises(ReleasesFileError, match=f"line 2: .*{problem}"):
        parse_releases(f"# note\n{line}\n")


def test_a_download_is_matched_by_its_address_or_by_the_date_in_its_name() -> None:
    rows = (
        OfficialRelease("20260116", "https://media.example/2026/MagicCompRules%2020260116.txt", 5, SHA),
        OfficialRelease("20250207", "https://media.example/2025/MagicCompRules%2020250207.txt"),
    )
    assert known_for(rows, "https://MEDIA.example/2026/MagicCompRules 20260116.txt") == rows[0]
    assert known_for(rows, "http://127.0.0.1:9/MagicCompRules%2020260116.txt") == rows[0]
    # Without a checksum, only its own address names a release.
    assert known_for(rows, "http://127.0.0.1:9/MagicCompRules%2020250207.txt") is None
    assert known_for(rows, "http://127.0.0.1:9/rules") is None
    assert read_releases(Path("/nonexistent/cr_releases.tsv")) == ()


@pytest.mark.corpus
def test_the_official_files_beside_the_project_have_the_listed_sizes_and_checksums() -> None:
    rows = {row.release: row for row in read_releases(Path(settings.JUDGE_CR_RELEASES_FILE))}
    files = sorted((SHARED / "rules_data" / "en").glob("MagicCompRules *.txt"))
    files += sorted((SHARED / "cr_archive_sample").glob("MagicCompRules *.txt"))
    assert len(files) >= 17
    for path in files:
        row = rows[path.stem.split()[-1]]
        data = path.read_bytes()
        assert (row.size, row.sha256) == (len(data), hashlib.sha256(data).hexdigest()), path.name
