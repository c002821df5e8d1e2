"""The project's own rules data (``rules_data/``): DM start-of-game cards, companion bans.

Each file is UTF-8 TSV: ``#`` comment lines first (``# source: ...``,
``# as-of: YYYY-MM-DD`` and ``# checked: ...`` say where the list comes from,
the date it is known to be right for, which readers are shown, and how it was
checked), then a header row naming the columns, then one row per
entry (missing trailing columns are empty). The readers here are pure: they
take the text (or a path) and return typed records; the ``default_*``
functions read the files of this repository once per process.

>>> table = parse_table("# source: somewhere\\n# checked: 2024-09-23\\nname\\tnote\\nSol Ring\\n",
...     source="x.tsv",
...                     columns=("name", "note"))
>>> table.rows, table.meta["checked"]
(({'name': 'Sol Ring', 'note': ''},), '2024-09-23')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge.engine.cards import normalise_name
from judge.engine.legality import CompanionBans, LegalitySource

DATA_DIR = Path(__file__).resolve().parents[2] / "rules_data"
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class DataFileError(ValueError):
    """A rules_data file is malformed (a bug in the repository's data, named by file and line)."""


@dataclass(frozen=True)
class Table:
    rows: tuple[dict[str, str], ...]
    meta: dict[str, str] = field(default_factory=dict)


def parse_table(text: str, *, source: str, columns: tuple[str, ...]) -> Table:
    """Rows of a TSV data file as dicts; the ``# key: value`` comment lines as ``meta``."""
    meta: dict[str, str] = {}
    rows: list[dict[str, str]] = []
    header: list[str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("#"):
            key, colon, value = line[1:].partition(":")
            if colon and key.strip() in ("source", "as-of", "checked") and header is None:
                meta[key.strip()] = value.strip()
            continue
        if not line.strip():
            continue
        cells = [cell.strip() for cell in line.split("\t")]
        if header is None:
            header = cells
            if tuple(header) != columns:
                raise DataFileError(f"{source}:{number}: the columns must be {', '.join(columns)}")
            continue
        if len(cells) > len(columns) or not cells[0]:
            raise DataFileError(
                f"{source}:{number}: expected {len(columns)} tab-separated columns, a name first"
            )
        rows.append(dict(zip(columns, cells + [""] * (len(columns) - len(cells)), strict=True)))
    if header is None:
        raise DataFileError(f"{source}: no header row")
    return Table(rows=tuple(rows), meta=meta)


# --- Duel Masters cards that start the game in the battle zone ----------------------------------


@dataclass(frozen=True)
class StartingCard:
    """One row of ``dm_battle_zone_start.tsv``: a card name or a family's name part, its reading, the
    key of the source it is traced to (a ``# source <key>:`` header line), a note."""

    name: str
    reading: str
    contains: bool
    source: str = ""
    note: str = ""


@dataclass(frozen=True)
class StartingCards:
    """The start-of-game list: its rows, the sources its header names (key -> description), the date
    of the published list it follows (``as-of``) and the date that list was read (``checked``)."""

    cards: tuple[StartingCard, ...]
    sources: dict[str, str]
    as_of: str
    checked: str


def parse_battle_zone_start(text: str, *, source: str = "dm_battle_zone_start.tsv") -> StartingCards:
    """The Duel Masters cards that can start the game in the battle zone, each traced to a source.

    The header names the list's source (``# source:``), the date of the list it follows (``# as-of:``),
    the date it was read (``# checked: YYYY-MM-DD ...``) and each row source (``# source <key>: ...``).

    >>> found = parse_battle_zone_start("# source: a wiki\\n# as-of: 2022-07-03\\n# checked: 2026-11-27\\n"
    ...     "# source list: the wiki's list\\nname\\treading\\tmatch\\tsource\\tnote\\n"
    ...     "ドキンダム\\tどきんだむ\\tcontains\\tlist\\n")
    >>> [c.name for c in found.cards], found.as_of, found.checked
    (['ドキンダム'], '2022-07-03', '2026-11-27')
    """
    table = parse_table(text, source=source, columns=("name", "reading", "match", "source", "note"))
    sources: dict[str, str] = {}
    for line in text.splitlines():
        key, colon, value = line[1:].partition(":") if line.startswith("#") else ("", "", "")
        words = key.split()
        if colon and len(words) == 2 and words[0] == "source" and value.strip():
            sources[words[1]] = value.strip()
    as_of, checked = table.meta.get("as-of", ""), table.meta.get("checked", "")[:10]
    if not table.meta.get("source") or not _DATE_RE.match(as_of) or not _DATE_RE.match(checked):
        raise DataFileError(
            f"{source}: the header must name its source, as-of date and checked date (YYYY-MM-DD)"
        )
    found: list[StartingCard] = []
    for row in table.rows:
        if row["match"] not in ("contains", "name"):
            raise DataFileError(f"{source}: {row['name']}: match must be contains or name")
        if row["source"] not in sources:
            raise DataFileError(f"{source}: {row['name']}: source must be one the header names")
        found.append(
            StartingCard(
                name=row["name"],
                reading=row["reading"],
                contains=row["match"] == "contains",
                source=row["source"],
                note=row["note"],
            )
        )
    return StartingCards(cards=tuple(found), sources=sources, as_of=as_of, checked=checked)


@lru_cache(maxsize=1)
def default_battle_zone_start() -> StartingCards:
    path = DATA_DIR / "dm_battle_zone_start.tsv"
    return parse_battle_zone_start(path.read_text(encoding="utf-8"), source=path.name)


# --- Cards banned only as a companion ----------------------------------------------------------


def parse_companion_bans(text: str, *, source: str = "companion_bans.tsv") -> CompanionBans:
    """Cards banned as a companion, per format key, with the announcement named in the header.

    >>> bans = parse_companion_bans("# source: an announcement\\n# as-of: 2026-02-09\\nname\\tformat\\n"
    ...     "Lutri, the Spellchaser\\tcommander\\n")
    >>> sorted(bans.names["commander"]), bans.source.label
    (['lutri, the spellchaser'], 'Wizards of the Coast, 2026-02-09')
    """
    table = parse_table(text, source=source, columns=("name", "format"))
    names: dict[str, set[str]] = {}
    for row in table.rows:
        if not row["format"]:
            raise DataFileError(f"{source}: {row['name']}: no format")
        names.setdefault(row["format"], set()).add(normalise_name(row["name"]))
    if not table.meta.get("source") or not table.meta.get("as-of"):
        raise DataFileError(f"{source}: the header must name its source and as-of date")
    return CompanionBans(
        names={key: frozenset(value) for key, value in names.items()},
        source=LegalitySource(name="Wizards of the Coast", date=table.meta["as-of"]),
    )


@lru_cache(maxsize=1)
def default_companion_bans() -> CompanionBans:
    path = DATA_DIR / "companion_bans.tsv"
    return parse_companion_bans(path.read_text(encoding="utf-8"), source=path.name)
