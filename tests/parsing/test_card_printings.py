"""Scryfall's Default Cards -> the other English names of printings (rule 201.3), streamed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from judge.parsing import card_data
from judge.parsing.card_printings import iter_other_names, other_names
from judge.parsing.records import ParseError

DEFAULT_CARDS = Path(__file__).parent.parent / "fixtures" / "card_printings" / "scryfall_default_cards.json"
SCHOLAR = "Civilized Scholar // Homicidal Brute"
EXPECTED = [
    # A Walking Dead printing: the Universes Beyond name is the flavor name of the Universes Within card.
    ("Rick, Steadfast Leader", "Greymond, Avacyn's Stalwart", "flavor_name", "sld", "1001"),
    # Through the Omenpaths: an English printing printed under another name.
    ("Kraza, the Swarm as One", "Spider-Punk", "printed_name", "om1", "21"),
    # A two-faced card: each face's flavor name, and both together as a decklist writes them.
    ("Mild-Mannered Professor", SCHOLAR, "card_faces.flavor_name", "sld", "1002"),
    ("The Brute Within", SCHOLAR, "card_faces.flavor_name", "sld", "1002"),
    ("Mild-Mannered Professor // The Brute Within", SCHOLAR, "card_faces", "sld", "1002"),
]


def read(path: Path = DEFAULT_CARDS) -> list[tuple[str, str, str, str, str]]:
    with path.open(encoding="utf-8") as stream:
        return [
            (n.name, n.card, n.field, n.set_code, n.collector_number)
            for n in iter_other_names(stream, source=path.name)
        ]


def test_the_fixture_gives_each_other_english_name_and_nothing_else() -> None:
    # Ordinary printings, the Japanese printing's printed_name (a translation, not an English name) and a
    # token's flavor name are not read.
    assert read() == EXPECTED
    with DEFAULT_CARDS.open(encoding="utf-8") as stream:
        first = next(iter_other_names(stream, source="x"))
    assert first.oracle_id == "0b1e4a9e-6c1c-4d4b-9a43-2f6a7b6e1d01"


@pytest.mark.parametrize("chunk", [1, 7, 300])
def test_streaming_across_tiny_chunks(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(card_data, "CHUNK", chunk)
    assert read() == EXPECTED


def test_a_name_equal_to_the_card_s_own_is_no_other_name() -> None:
    printing = {
        "name": "Sol Ring",
        "lang": "en",
        "set": "c21",
        "collector_number": "263",
        "printed_name": "SOL RING",  # the same name, spelled in capitals
        "flavor_name": "",
    }
    assert other_names(printing, source="x", index=0) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"object": "card"}', "expected a JSON array"),
        ("[3]", r"\[0\]: not a card object"),
        ('[{"name": "Sol Ring", "set": "c21"}, {"flavor_name": "x"}]', r"\[1\]: not a card object"),
        ('[{"name": "Greymond", "flavor_name": "Ri', "invalid JSON"),
        (json.dumps([{"name": "Greymond", "flavor_name": "R" * 300}]), "longer than 255"),
    ],
)
def test_malformed_files(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        list(iter_other_names(io.StringIO(text), source="default-cards.json"))
