"""The official Comprehensive Rules releases the project knows of: ``rules_data/cr_releases.tsv`` (facts about
the files, never their text), named by ``settings.JUDGE_CR_RELEASES_FILE``.

Each row gives a release's date, the official address of its TXT file, and, where the project has had the
file, its size and SHA-256: a download of that release must match them (``judge.rules.fetch``), and
``refresh_rules`` fetches every listed release the corpus directory lacks. A release not listed (a newer
one) is accepted after the parse and shrink checks of the ingest.

>>> rows = parse_releases("# note\\nrelease\\turl\\tsize\\tsha256\\n"
...     "20260116\\thttps://m.example/MagicCompRules%2020260116.txt\\t12\\t" + "ab" * 32 + "\\n"
...     "20090201\\t\\t\\t\\n")
>>> rows[0].release, rows[0].size, rows[1].url, rows[1].size
('20260116', 12, '', None)
>>> known_for(rows, "https://m.example/MagicCompRules 20260116.txt").release
'20260116'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

_DATE = re.compile(r"^\d{8}$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_NAME_DATE = re.compile(r"(\d{8})\D*$")
COLUMNS = ("release", "url", "size", "sha256")


class ReleasesFileError(ValueError):
    """A row of the releases file is not a release (its line and what is wrong)."""


@dataclass(frozen=True)
class OfficialRelease:
    release: str  # YYYYMMDD, the date in the file's official name
    url: str  # "" where no published source gives its address
    size: int | None = None
    sha256: str = ""


def parse_releases(text: str) -> tuple[OfficialRelease, ...]:
    """The rows of a releases file (``#`` lines and the header are skipped). Raises ReleasesFileError."""
    rows: list[OfficialRelease] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if tuple(fields) == COLUMNS:
            continue
        if len(fields) != len(COLUMNS):
            raise ReleasesFileError(f"line {number}: {len(fields)} fields, not {len(COLUMNS)}")
        release, url, size, sha256 = (field.strip() for field in fields)
        if not _DATE.match(release):
            raise ReleasesFileError(f"line {number}: {release!r} is no YYYYMMDD date")
        if url and urlsplit(url).scheme not in ("http", "https"):
            raise ReleasesFileError(f"line {number}: {url!r} is no http(s) address")
        if size and not size.isdigit() or bool(size) != bool(sha256) or sha256 and not _SHA256.match(sha256):
            raise ReleasesFileError(f"line {number}: a size in bytes and a SHA-256 in hex, both or neither")
        rows.append(OfficialRelease(release, url, int(size) if size else None, sha256))
    return tuple(rows)


def read_releases(path: Path) -> tuple[OfficialRelease, ...]:
    """The releases listed in ``path`` (none when it does not exist)."""
    if not path.is_file():
        return ()
    try:
        return parse_releases(path.read_text(encoding="utf-8"))
    except ReleasesFileError as err:
        raise ReleasesFileError(f"{path}: {err}") from None


def _normal(url: str) -> str:
    return unquote(url).strip().lower()


def known_for(releases: Iterable[OfficialRelease], url: str) -> OfficialRelease | None:
    """The listed release ``url`` downloads: the row with this address, else the row of the date in its file
    name that has a checksum (a known release is the same bytes wherever it is served from)."""
    rows = tuple(releases)
    wanted = _normal(url)
    for row in rows:
        if row.url and _normal(row.url) == wanted:
            return row
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1]).rsplit(".", 1)[0]
    match = _NAME_DATE.search(name)
    if match is None:
        return None
    return next((row for row in rows if row.release == match.group(1) and row.sha256), None)
