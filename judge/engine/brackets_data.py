"""The data the Commander Brackets estimate reads: the criteria of each bracket and the card overrides.

Both are the project's own TSV files in ``rules_data/`` (the format of :mod:`judge.engine.rules_data`):
``commander_brackets.tsv`` holds each bracket's deck-building criteria as the Commander Format Panel's
announcements publish them, each announcement named in a ``# announcement <key>: <date> <title> <url>``
header line; ``bracket_card_overrides.tsv`` the few cards whose Oracle text the estimate's reading gets
wrong, each with its reason. An update of the criteria is a change of the file, not of the code.

>>> criteria = default_criteria()
>>> [(b.number, b.game_changers) for b in criteria.levels]
[(1, 0), (2, 0), (3, 3), (4, None), (5, None)]
>>> criteria.announcements["oct"].date
'2025-10-21'
>>> criteria.announcements["oct"].cited("ja")[1]
'https://magic.wizards.com/ja/news/announcements/commander-brackets-beta-update-october-21-2025'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from judge.engine.cards import normalise_name
from judge.engine.rules_data import DATA_DIR, DataFileError, parse_table

_ANNOUNCEMENT_RE = re.compile(r"^#\s*announcement\s+(\w+):\s*(\d{4}-\d{2}-\d{2})\s+(.+?)\s+(https://\S+)\s*$")
#: ``# announcement-ja <key>: <title> <url>[; a note]``: the official Japanese page of an announcement.
_ANNOUNCEMENT_JA_RE = re.compile(r"^#\s*announcement-ja\s+(\w+):\s*(.+?)\s+(https://[^\s;]+)")
EXTRA_TURNS = ("none", "not-chained", "any")
TWO_CARD_COMBOS = ("none", "late", "any")


@dataclass(frozen=True)
class Announcement:
    key: str
    date: str
    title: str
    url: str
    title_ja: str = ""  # the official Japanese page's title and address, when there is one
    url_ja: str = ""

    def cited(self, lang: str) -> tuple[str, str]:
        """(title, url) for a reader of ``lang``: the official Japanese page for Japanese readers."""
        if lang == "ja" and self.url_ja:
            return self.title_ja, self.url_ja
        return self.title, self.url


@dataclass(frozen=True)
class BracketLevel:
    """One bracket's deck-building criteria. ``game_changers`` None: any number."""

    number: int
    name: str
    name_ja: str  # this site's reading: no official Japanese name is known
    game_changers: int | None
    extra_turns: str  # none | not-chained | any
    mass_land_denial: bool
    two_card_combos: str  # none | late | any
    turns: int  # "at least N turns before you win or lose"; 0: any turn
    source: str  # an announcement key


@dataclass(frozen=True)
class BracketCriteria:
    levels: tuple[BracketLevel, ...]
    announcements: dict[str, Announcement]
    as_of: str
    checked: str

    def level(self, number: int) -> BracketLevel:
        return next(b for b in self.levels if b.number == number)

    @property
    def latest(self) -> Announcement:
        return max(self.announcements.values(), key=lambda a: a.date)


def parse_criteria(text: str, *, source: str = "commander_brackets.tsv") -> BracketCriteria:
    """The brackets' criteria; every row must cite an announcement the header names."""
    table = parse_table(
        text,
        source=source,
        columns=(
            "bracket",
            "name",
            "name_ja",
            "game_changers",
            "extra_turns",
            "mass_land_denial",
            "two_card_combos",
            "turns",
            "source",
        ),
    )
    announcements: dict[str, Announcement] = {}
    japanese: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        match = _ANNOUNCEMENT_RE.match(line)
        if match:
            key, date, title, url = match.groups()
            announcements[key] = Announcement(key=key, date=date, title=title, url=url)
        match = _ANNOUNCEMENT_JA_RE.match(line)
        if match:
            japanese[match.group(1)] = (match.group(2), match.group(3))
    for key, (title_ja, url_ja) in japanese.items():
        if key not in announcements:
            raise DataFileError(f"{source}: announcement-ja {key}: no announcement {key} in the header")
        announcements[key] = replace(announcements[key], title_ja=title_ja, url_ja=url_ja)
    if not announcements or not table.meta.get("as-of") or not table.meta.get("checked"):
        raise DataFileError(f"{source}: the header must name its announcements, as-of and checked dates")
    levels: list[BracketLevel] = []
    for row in table.rows:
        where = f"{source}: bracket {row['bracket']}"
        if (
            not row["bracket"].isdigit()
            or row["extra_turns"] not in EXTRA_TURNS
            or row["two_card_combos"] not in TWO_CARD_COMBOS
            or row["mass_land_denial"] not in ("yes", "no")
            or not row["turns"].isdigit()
            or not (row["game_changers"] == "any" or row["game_changers"].isdigit())
        ):
            raise DataFileError(f"{where}: a value is not one the columns allow")
        if row["source"] not in announcements:
            raise DataFileError(f"{where}: its source must be an announcement the header names")
        levels.append(
            BracketLevel(
                number=int(row["bracket"]),
                name=row["name"],
                name_ja=row["name_ja"],
                game_changers=None if row["game_changers"] == "any" else int(row["game_changers"]),
                extra_turns=row["extra_turns"],
                mass_land_denial=row["mass_land_denial"] == "yes",
                two_card_combos=row["two_card_combos"],
                turns=int(row["turns"]),
                source=row["source"],
            )
        )
    if [b.number for b in levels] != [1, 2, 3, 4, 5]:
        raise DataFileError(f"{source}: brackets 1 to 5, in order")
    return BracketCriteria(
        levels=tuple(levels),
        announcements=announcements,
        as_of=table.meta["as-of"],
        checked=table.meta["checked"][:10],
    )


@dataclass(frozen=True)
class CardOverride:
    name: str
    category: str  # extra-turn | mass-land-denial
    verdict: bool
    reason: str
    reason_ja: str = ""


def parse_overrides(
    text: str, *, source: str = "bracket_card_overrides.tsv"
) -> dict[tuple[str, str], CardOverride]:
    """(normalised name, category) -> the override; each row needs its reason, in both languages."""
    table = parse_table(text, source=source, columns=("name", "category", "verdict", "reason", "reason_ja"))
    found: dict[tuple[str, str], CardOverride] = {}
    for row in table.rows:
        if row["category"] not in ("extra-turn", "mass-land-denial") or row["verdict"] not in ("yes", "no"):
            raise DataFileError(f"{source}: {row['name']}: category or verdict not allowed")
        if not row["reason"] or not row["reason_ja"]:
            raise DataFileError(f"{source}: {row['name']}: no reason (reason and reason_ja)")
        found[(normalise_name(row["name"]), row["category"])] = CardOverride(
            name=row["name"],
            category=row["category"],
            verdict=row["verdict"] == "yes",
            reason=row["reason"],
            reason_ja=row["reason_ja"],
        )
    return found


@lru_cache(maxsize=1)
def default_criteria() -> BracketCriteria:
    path = DATA_DIR / "commander_brackets.tsv"
    return parse_criteria(path.read_text(encoding="utf-8"), source=path.name)


@lru_cache(maxsize=1)
def default_overrides() -> dict[tuple[str, str], CardOverride]:
    path = DATA_DIR / "bracket_card_overrides.tsv"
    return parse_overrides(path.read_text(encoding="utf-8"), source=path.name)
