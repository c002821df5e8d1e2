"""Card data files: fetch the four published files, and find the files ``make run`` imports.

Scryfall publishes its bulk files through the bulk-data API
(https://scryfall.com/docs/api/bulk-data): ``GET /bulk-data`` lists them; the
entry whose ``type`` is ``oracle_cards`` (one object per Oracle card, English
names and ``legalities``), the one whose ``type`` is ``rulings`` and the one whose
``type`` is ``default_cards`` (every printing: the other English names some
printings carry, rule 201.3) have the current files' ``download_uri``, whose names
carry their publication time (``oracle-cards-20261120093012.json``). MTGJSON publishes ``AtomicCards.json``
(Japanese names and printed texts) at https://mtgjson.com/api/v5/, with its date
in ``Meta.json``; it is saved as ``AtomicCards-2026-11-20.json``. Commander Spellbook publishes every
combo as ``variants.json`` (JUDGE_COMMANDER_SPELLBOOK_URL,
https://json.commanderspellbook.com/variants.json); it is saved as ``variants-2026-11-30.json``, dated
the day it was fetched (the import reads the export's own timestamp). Each file is written beside its
final name and renamed only once complete, so a broken download never replaces a good file; the older
file of the same kind is then removed.
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any, TextIO

from tqdm import tqdm

BULK_DATA_URL = "https://api.scryfall.com/bulk-data"
MTGJSON_URL = "https://mtgjson.com/api/v5/"
SPELLBOOK_URL = "https://json.commanderspellbook.com/variants.json"
ORACLE_CARDS = "oracle_cards"
RULINGS = "rulings"
DEFAULT_CARDS = "default_cards"
#: The bulk-data ``type`` of each Scryfall kind.
BULK_TYPES = {
    "scryfall-cards": ORACLE_CARDS,
    "scryfall-rulings": RULINGS,
    "scryfall-printings": DEFAULT_CARDS,
}
FILE_NAME = "oracle-cards.json"
#: How the downloaded files are named in JUDGE_CARDS_DIR, by kind (the prefix before the date).
PREFIXES = {
    "scryfall-cards": "oracle-cards",
    "scryfall-rulings": "rulings",
    "mtgjson-atomic": "AtomicCards",
    "scryfall-printings": "default-cards",
    "commander-spellbook": "variants",
}
#: A date in a file name: oracle-cards-20261120093012.json, AtomicCards-2026-11-20.json.
NAME_DATE_RE = re.compile(r"(20\d{2})-?(\d{2})-?(\d{2})(?:\d{6})?\.json$")
#: Scryfall asks every client to send a User-Agent and an Accept header.
HEADERS = {
    "User-Agent": "RulesJudge/0.1 (bilingual multiplayer rules reference)",
    "Accept": "application/json;q=0.9,*/*;q=0.8",
}
TIMEOUT = 60  # seconds without a byte before giving up
CHUNK = 1 << 16
MAX_INDEX = 4 * 1024 * 1024  # the bulk-data list is a few kilobytes


class DownloadError(Exception):
    """The bulk file could not be fetched; the message says why, and any previous file is untouched."""


@dataclass(frozen=True)
class BulkFile:
    """One entry of the bulk-data list."""

    download_uri: str
    updated_at: str
    size: int | None


def _open(url: str) -> Any:
    if not url.startswith(("https://", "http://")):
        raise DownloadError(f"not an http(s) address: {url[:200]}")
    try:
        return urllib.request.urlopen(urllib.request.Request(url, headers=HEADERS), timeout=TIMEOUT)
    except urllib.error.HTTPError as err:
        raise DownloadError(f"{url}: HTTP {err.code} {err.reason}") from err
    except (urllib.error.URLError, OSError) as err:
        raise DownloadError(f"{url}: {getattr(err, 'reason', err)}") from err


def oracle_cards(index_url: str = BULK_DATA_URL, kind: str = ORACLE_CARDS) -> BulkFile:
    """The current "Oracle Cards" (or ``kind``: "rulings", "default_cards") entry of the bulk-data list at
    ``index_url``."""
    with _open(index_url) as response:
        body = response.read(MAX_INDEX + 1)
    try:
        listing = json.loads(body)
    except ValueError as err:
        raise DownloadError(f"{index_url}: not a bulk-data list ({err})") from err
    entries = listing.get("data") if isinstance(listing, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        if (
            isinstance(entry, dict)
            and entry.get("type") == kind
            and isinstance(entry.get("download_uri"), str)
        ):
            size = entry.get("size")
            return BulkFile(
                download_uri=entry["download_uri"],
                updated_at=str(entry.get("updated_at", "")),
                size=size if isinstance(size, int) else None,
            )
    raise DownloadError(f"{index_url}: no “{kind}” entry in the bulk-data list")


def mtgjson_date(base_url: str = MTGJSON_URL) -> str:
    """The date of MTGJSON's current files, from its ``Meta.json`` (``{"data": {"date": "2026-11-20"}}``)."""
    url = base_url.rstrip("/") + "/Meta.json"
    with _open(url) as response:
        body = response.read(MAX_INDEX + 1)
    try:
        meta = json.loads(body)
    except ValueError as err:
        raise DownloadError(f"{url}: not MTGJSON's Meta.json ({err})") from err
    data = meta.get("data") if isinstance(meta, dict) else None
    found = data.get("date") if isinstance(data, dict) else None
    if not isinstance(found, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", found):
        raise DownloadError(f"{url}: no date in MTGJSON's Meta.json")
    return found


def file_name(kind: str, uri: str = "", published: str = "") -> str:
    """The name a downloaded file is kept under: Scryfall's own (it carries the date), MTGJSON's with its
    date.

    >>> file_name("scryfall-cards", "https://data.scryfall.io/oracle-cards/oracle-cards-20261120093012.json")
    'oracle-cards-20261120093012.json'
    >>> file_name("mtgjson-atomic", published="2026-11-20")
    'AtomicCards-2026-11-20.json'
    """
    name = uri.rsplit("/", 1)[-1].split("?", 1)[0]
    if (
        name.startswith(PREFIXES[kind])
        and re.fullmatch(r"[A-Za-z0-9_.-]{1,120}\.json", name)
        and NAME_DATE_RE.search(name)
    ):
        return name
    return f"{PREFIXES[kind]}-{published or 'undated'}.json"


def published_on(path: Path) -> date:
    """The publication date in a downloaded file's name, else the day the file was written."""
    match = NAME_DATE_RE.search(path.name)
    if match:
        try:
            return date(*(int(part) for part in match.groups()))
        except ValueError:
            pass
    return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC).date()


def local_files(cards_dir: Path) -> dict[str, Path]:
    """The newest downloaded file of each kind in ``cards_dir``, by the names :func:`file_name` gives."""
    found: dict[str, Path] = {}
    for kind, prefix in PREFIXES.items():
        files = [p for p in cards_dir.glob(f"{prefix}*.json") if p.is_file()] if cards_dir.is_dir() else []
        newest = max(files, key=lambda p: (published_on(p), p.stat().st_mtime), default=None)
        if newest is not None:
            found[kind] = newest
    return found


def stale_kinds(cards_dir: Path, *, max_age_days: int, today: date | None = None) -> list[str]:
    """The kinds with no file, or whose newest file was published more than ``max_age_days`` ago."""
    today = today or datetime.now(tz=UTC).date()
    have = local_files(cards_dir)
    return [
        kind
        for kind in PREFIXES
        if kind not in have or (today - published_on(have[kind])).days > max_age_days
    ]


def fetch(
    kind: str,
    cards_dir: Path,
    *,
    progress: Callable[[str, int | None], Progress],
    index_url: str = BULK_DATA_URL,
    mtgjson_url: str = MTGJSON_URL,
    spellbook_url: str = SPELLBOOK_URL,
) -> tuple[Path, str]:
    """Download the current file of ``kind`` into ``cards_dir``; (its path, its publication date).

    Older files of the same kind are removed once the new one is complete.
    """
    if kind == "mtgjson-atomic":
        published = mtgjson_date(mtgjson_url)
        uri, size = mtgjson_url.rstrip("/") + "/AtomicCards.json", None
    elif kind == "commander-spellbook":
        published = datetime.now(tz=UTC).date().isoformat()
        uri, size = spellbook_url, None
    else:
        entry = oracle_cards(index_url, BULK_TYPES[kind])
        published, uri, size = entry.updated_at[:10], entry.download_uri, entry.size
    name = file_name(kind, uri, published)
    target = download(uri, cards_dir / name, progress=lambda total: progress(name, total or size))
    for old in cards_dir.glob(f"{PREFIXES[kind]}*.json"):
        if old != target:
            old.unlink(missing_ok=True)
    return target, published


class Progress:
    """A progress bar on a terminal (tqdm), plain lines every tenth of the file otherwise (logs, CI)."""

    def __init__(self, out: TextIO, total: int | None, name: str = FILE_NAME) -> None:
        self.out = out
        self.total = total
        self.done = 0
        self.shown = -1
        self.name = name
        self.bar = (
            tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, file=out, desc=name)
            if out.isatty()
            else None
        )

    def update(self, size: int) -> None:
        self.done += size
        if self.bar is not None:
            self.bar.update(size)
            return
        tenth = self.done * 10 // self.total if self.total else -1
        if tenth > self.shown:
            self.shown = tenth
            self.out.write(
                f"{self.name}: downloaded {self.done / 1e6:.1f} of {(self.total or 0) / 1e6:.1f} MB "
                f"({tenth * 10}%)\n"
            )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif not self.total:
            self.out.write(f"{self.name}: downloaded {self.done / 1e6:.1f} MB\n")


def download(url: str, target: Path, *, progress: Callable[[int | None], Progress]) -> Path:
    """Fetch ``url`` into ``target`` (replaced only once the whole file has arrived)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".part")
    try:
        with _open(url) as response, partial.open("wb") as out:
            length = response.headers.get("Content-Length")
            bar = progress(int(length) if length and length.isdigit() else None)
            try:
                _copy(response, out, bar)
            finally:
                bar.close()
        os.replace(partial, target)
    except OSError as err:
        raise DownloadError(f"{url}: {err}") from err
    finally:
        partial.unlink(missing_ok=True)
    return target


def _copy(source: IO[bytes], out: IO[bytes], bar: Progress) -> None:
    while chunk := source.read(CHUNK):
        out.write(chunk)
        bar.update(len(chunk))


def card_file(*, cards_dir: Path, named: str = "") -> Path | None:
    """The file ``make run`` imports: ``named`` (JUDGE_CARDS_FILE) if given, else the newest ``*.json`` in
    ``cards_dir``; None when there is none."""
    if named:
        path = Path(named)
        return path if path.is_file() else None
    files = [p for p in cards_dir.glob("*.json") if p.is_file()] if cards_dir.is_dir() else []
    return max(files, key=lambda p: p.stat().st_mtime, default=None)
