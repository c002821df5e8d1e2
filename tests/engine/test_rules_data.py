"""Tests for judge.engine.rules_data: the start-of-game list's header and rows (the other files' readers are
tested with the checks that use them: test_companions, test_legality)."""

from __future__ import annotations

import pytest

from judge.engine.rules_data import DataFileError, parse_battle_zone_start

HEADER = "# source: a list\n# as-of: 2022-07-03\n# checked: 2026-11-27, read\n# source list: the list page\n"
COLUMNS = "name\treading\tmatch\tsource\tnote\n"


def test_rows_keep_their_source_and_the_header_its_dates() -> None:
    found = parse_battle_zone_start(HEADER + COLUMNS + "零龍\tぜーろん\tname\tlist\tread ゼーロン\n")
    [card] = found.cards
    assert (card.name, card.reading, card.contains, card.source, card.note) == (
        "零龍", "ぜーろん", False, "list", "read ゼーロン",
    )  # fmt: skip
    assert (found.as_of, found.checked, found.sources) == (
        "2022-07-03",
        "2026-11-27",
        {"list": "the list page"},
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (COLUMNS + "零龍\t\tname\tlist\n", "the header must name its source, as-of date and checked date"),
        (HEADER.replace("2022-07-03", "2022年") + COLUMNS, "the header must name its source, as-of date"),
        (HEADER.replace("# checked: 2026-11-27, read\n", "") + COLUMNS, "the header must name its source"),
        (HEADER + COLUMNS + "零龍\t\tname\tmemory\n", "零龍: source must be one the header names"),
        (HEADER + COLUMNS + "零龍\t\tpart\tlist\n", "零龍: match must be contains or name"),
        (HEADER + "name\treading\tmatch\tnote\n", "the columns must be name, reading, match, source, note"),
    ],
)
def test_a_list_without_its_sources_is_refused(text: str, problem: str) -> None:
    with pytest.raises(DataFileError, match=problem):
        parse_battle_zone_start(text, source="x.tsv")
