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

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judge.engine.cards import normalise_name
from judge.engine.legality import CompanionBans, LegalitySource

DATA_DIR = Path(__file__).resolve().parents[2] / "rules_data"


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
    """One row of ``dm_battle_zone_start.tsv``: a card name or a family's name part, its reading, a note."""

    name: str
    reading: str
    contains: bool
    note: str = ""


def parse_battle_zone_start(
    text: str, *, source: str = "dm_battle_zone_start.tsv"
) -> tuple[StartingCard, ...]:
    """The curated Duel Masters cards that can start the game in the battle zone.

    >>> [c.name for c in parse_battle_zone_start("name\\treading\\tmatch\\tnote\\n"
    ...                                          "ドキンダム\\tどきんだむ\\tcontains\\n")]
    ['ドキンダム']
    """
    table = parse_table(text, source=source, columns=("name", "reading", "match", "note"))
    found: list[StartingCard] = []
    for row in table.rows:
        if row["match"] not in ("contains", "name"):
            raise DataFileError(f"{source}: {row['name']}: match must be contains or name")
        found.append(
            StartingCard(
                name=row["name"],
                reading=row["reading"],
                contains=row["match"] == "contains",
                note=row["note"],
            )
        )
    return tuple(found)


@lru_cache(maxsize=1)
def default_battle_zone_start() -> tuple[StartingCard, ...]:
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
