"""Issue 41 item 9 through the deck check API, in both languages: a sweeper that spares lands and a drawback
that keeps only your own lands tapped are not mass land denial; a combo whose mana the data lacks is not
"early"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judge.cards.services import import_files
from tests.cards.test_brackets import ATOMIC, ORACLE, VARIANTS, bracket, decklist

pytestmark = pytest.mark.django_db

NEAR_MISSES = [
    {
        "object": "card",
        "name": "Bontu's Last Reckoning",
        "layout": "normal",
        "mana_cost": "{1}{B}{B}",
        "type_line": "Sorcery",
        "oracle_text": "Destroy all creatures. Lands you control don't untap during your next untap step.",
        "colors": ["B"],
        "oracle_id": "test-bontu",
        "legalities": {"commander": "legal"},
        "game_changer": False,
    },
    {
        "object": "card",
        "name": "Scourglass",
        "layout": "normal",
        "mana_cost": "{3}{W}{W}",
        "type_line": "Artifact",
        "oracle_text": "{T}, Sacrifice this artifact: Destroy all permanents except for artifacts and lands. "
        "Activate only during your upkeep.",
        "colors": ["W"],
        "oracle_id": "test-scourglass",
        "legalities": {"commander": "legal"},
        "game_changer": False,
    },
]


@pytest.fixture()
def round_sources(tmp_path: Path) -> None:
    oracle = tmp_path / ORACLE.name
    oracle.write_text(json.dumps([*json.loads(ORACLE.read_text("utf-8")), *NEAR_MISSES]), "utf-8")
    export: dict[str, Any] = json.loads(VARIANTS.read_text("utf-8"))
    for variant in export["variants"]:
        if variant["id"] == "1-2":  # Thassa's Oracle + Demonic Consultation, its mana left out of the data
            variant["manaNeeded"], variant["manaValueNeeded"] = "", 0
    variants = tmp_path / "variants.json"
    variants.write_text(json.dumps(export), "utf-8")
    import_files(paths=[oracle, ATOMIC, variants])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sweepers_that_spare_lands_and_own_lands_untapping_are_not_mass_land_denial(
    client: Client, round_sources: None, lang: str
) -> None:
    result = bracket(client, decklist("Bontu's Last Reckoning", "Scourglass"), lang)
    assert [r for r in result["reasons"] if r["criterion"] == "mass-land-denial"] == []
    assert result["minimum"] == 1


@pytest.mark.parametrize(("lang", "said"), [("en", "its cards cost 3 mana in all"), ("ja", "合計は 3")])
def test_a_combo_whose_mana_the_data_lacks_is_estimated_from_its_cards(
    client: Client, round_sources: None, lang: str, said: str
) -> None:
    result = bracket(client, decklist("Thassa's Oracle", "Demonic Consultation"), lang)
    [combo] = [r for r in result["reasons"] if r["criterion"] == "two-card-combos"]
    assert combo["code"] == "brackets.combo-early-estimated" and combo["bracket"] == 4
    assert said in combo["text"]
