"""What the site knows of the judge's documents besides their files: the current edition of each as
Wizards publishes it (``rules_data/judge_documents.tsv``: a page says when a newer one is known than the
one installed) and the structure in Japanese (``rules_data/judge_sections_ja.tsv``: each section's
Japanese title, written for this site, and the short names that jump to it from the search box).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from judge.parsing.judge_document_lines import normalize


@dataclass(frozen=True)
class KnownEdition:
    """A document's current edition as published: ``kind``, its date, its names, where it is published."""

    kind: str
    effective: dt.date
    name_en: str
    name_ja: str
    address: str


@dataclass(frozen=True)
class SectionNames:
    """A section's Japanese title and the words that jump to it."""

    kind: str
    key: str
    title_ja: str
    words: tuple[str, ...]


def _rows(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


@functools.cache
def known_editions(root: Path | None = None) -> dict[str, KnownEdition]:
    """kind -> its current edition as published."""
    path = (root or settings.JUDGE_RULES_DATA_DIR) / "judge_documents.tsv"
    out = {}
    for kind, effective, name_en, name_ja, address in _rows(path):
        out[kind] = KnownEdition(kind, dt.date.fromisoformat(effective), name_en, name_ja, address)
    return out


@functools.cache
def section_names(root: Path | None = None) -> dict[tuple[str, str], SectionNames]:
    """(kind, section key) -> its Japanese title and search words."""
    path = (root or settings.JUDGE_RULES_DATA_DIR) / "judge_sections_ja.tsv"
    out = {}
    for row in _rows(path):
        kind, key, title_ja = row[:3]
        words = tuple(w.strip() for w in (row[3] if len(row) > 3 else "").split("|") if w.strip())
        out[(kind, key)] = SectionNames(kind, key, title_ja, words)
    return out


def document_name(kind: str, *, japanese: bool) -> str:
    known = known_editions().get(kind)
    if known is None:
        return kind.upper()
    return known.name_ja if japanese else known.name_en


def title_ja(kind: str, key: str) -> str:
    """The section's Japanese title, "" where none is written."""
    names = section_names().get((kind, key))
    return names.title_ja if names else ""


@functools.cache
def _words() -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    for (kind, key), names in section_names().items():
        for word in names.words:
            found.setdefault(normalize(word), (kind, key))
        # An infraction's title, whole or its name alone ("ゲームルール違反"); a plain title ("ループ") is a
        # game word first: searched, not jumped from.
        if "—" in names.title_ja:
            found.setdefault(normalize(names.title_ja), (kind, key))
            found.setdefault(normalize(names.title_ja.rpartition("—")[2]), (kind, key))
    return found


def section_for_words(q: str) -> tuple[str, str] | None:
    """(kind, key) of the section a short name typed names: "GRV", "Missed Trigger", "余分なカードを見た".

    >>> section_for_words("grv"), section_for_words("余分なカードを見た"), section_for_words("loops")
    (('ipg', '2.5'), ('ipg', '2.2'), None)
    """
    if len(q) > 80:
        return None
    return _words().get(normalize(q))


def japanese_words(kind: str, key: str) -> str:
    """The Japanese words that name a section in the search index ("遅いプレイ"), "" where none."""
    names = section_names().get((kind, key))
    if names is None:
        return ""
    return " ".join(w for w in names.words if any(ord(c) > 0x3000 for c in w))
