"""Card data files: fetch Scryfall's "Oracle Cards" bulk file, and find the file ``make run`` imports.

Scryfall publishes its bulk files through the bulk-data API
(https://scryfall.com/docs/api/bulk-data): ``GET /bulk-data`` lists them, and
the entry whose ``type`` is ``oracle_cards`` (one object per Oracle card, the
English names) has the current file's ``download_uri``. The file (about 160 MB)
is written beside its final name and renamed only once complete, so a broken
download never replaces a good file.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TextIO

from tqdm import tqdm

BULK_DATA_URL = "https://api.scryfall.com/bulk-data"
ORACLE_CARDS = "oracle_cards"
FILE_NAME = "oracle-cards.json"
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


def oracle_cards(index_url: str = BULK_DATA_URL) -> BulkFile:
    """The current "Oracle Cards" entry of the bulk-data list at ``index_url``."""
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
            and entry.get("type") == ORACLE_CARDS
            and isinstance(entry.get("download_uri"), str)
        ):
            size = entry.get("size")
            return BulkFile(
                download_uri=entry["download_uri"],
                updated_at=str(entry.get("updated_at", "")),
                size=size if isinstance(size, int) else None,
            )
    raise DownloadError(f"{index_url}: no “{ORACLE_CARDS}” entry in the bulk-data list")


class Progress:
    """A progress bar on a terminal (tqdm), plain lines every tenth of the file otherwise (logs, CI)."""

    def __init__(self, out: TextIO, total: int | None) -> None:
        self.out = out
        self.total = total
        self.done = 0
        self.shown = -1
        self.bar = (
            tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024, file=out, desc=FILE_NAME)
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
            self.out.write(f"downloaded {self.done / 1e6:.1f} of {self.total / 1e6:.1f} MB ({tenth * 10}%)\n")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif not self.total:
            self.out.write(f"downloaded {self.done / 1e6:.1f} MB\n")


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
