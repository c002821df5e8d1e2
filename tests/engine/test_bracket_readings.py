"""How each Commander Brackets criterion is read (judge.engine.bracket_readings): real Oracle texts as data,
near-misses included, and a combo's timing when the data gives no mana (issue 41 item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.engine.bracket_readings import combo_timing, extra_turn_words, land_denial_words
from judge.engine.brackets import BracketSources, ComboFacts, estimate_bracket
from judge.engine.cards import Card, Face, normalise_name

TEXTS = Path(__file__).parent / "cases" / "bracket_oracle_texts.tsv"
ROWS = [
    line.split("\t")
    for line in TEXTS.read_text(encoding="utf-8").splitlines()
    if line and not line.startswith("#")
]
READERS = {"mass-land-denial": land_denial_words, "extra-turn": extra_turn_words}


def _card(name: str, text: str = "", cost: str = "", type_line: str = "Sorcery") -> Card:
    face = Face(name=name, type_line=type_line, mana_cost=cost, oracle_text=text.replace("\\n", "\n"))
    return Card(name=name, faces=(face,), game_changer=False)


@pytest.mark.parametrize(
    ("name", "criterion", "expected", "text"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS]
)
def test_a_real_oracle_text_is_read_as_the_criteria_mean(
    name: str, criterion: str, expected: str, text: str
) -> None:
    found, words, _reason = READERS[criterion](_card(name, text), {})
    assert found is (expected == "yes"), words
    assert bool(words) is found


def test_the_file_has_near_misses_for_each_criterion() -> None:
    assert {(r[1], r[2]) for r in ROWS} == {
        ("mass-land-denial", "yes"),
        ("mass-land-denial", "no"),
        ("extra-turn", "yes"),
        ("extra-turn", "no"),
    }


ORACLE = _card("Thassa's Oracle", cost="{U}{U}", type_line="Creature — Merfolk Wizard")
CONSULTATION = _card("Demonic Consultation", cost="{B}", type_line="Instant")
BLOOD = _card("Exquisite Blood", cost="{4}{B}", type_line="Enchantment")
BOND = _card("Sanguine Bond", cost="{3}{B}{B}", type_line="Enchantment")
KNOWN = {normalise_name(c.name): c for c in (ORACLE, CONSULTATION, BLOOD, BOND)}


@pytest.mark.parametrize("missing", [None, 0])
def test_a_combo_without_its_mana_is_estimated_from_its_cards_never_read_as_free(missing: int | None) -> None:
    early = combo_timing(missing, ("Thassa's Oracle", "Demonic Consultation"), KNOWN)
    assert (early.timing, early.mana, early.estimated) == ("early", 3, True)
    late = combo_timing(missing, ("Exquisite Blood", "Sanguine Bond"), KNOWN)
    assert (late.timing, late.mana, late.estimated) == ("late", 10, True)
    unknown = combo_timing(missing, ("Exquisite Blood", "A Card Not In The List's Data"), KNOWN)
    assert (unknown.timing, unknown.mana) == ("unknown", None)


@pytest.mark.parametrize(("lang", "said"), [("en", "its cards cost 10 mana in all"), ("ja", "少なくとも 10")])
def test_the_estimate_says_the_data_gave_no_mana(lang: str, said: str) -> None:
    combo = ComboFacts(
        spellbook_id="3-4",
        cards=("Exquisite Blood", "Sanguine Bond"),
        features=("Infinite lifeloss", "Win the game"),
        pieces=2,
        mana_value_needed=0,
    )
    estimate = estimate_bracket(
        cards=[BLOOD, BOND],
        sources=BracketSources(
            game_changers="Scryfall, 2026-11-20", combos="Commander Spellbook", oracle_text=True
        ),
        combos=[combo],
    )
    [reason] = [r for r in estimate.reasons if r.criterion == "two-card-combos"]
    assert reason.step.code == "brackets.combo-late-estimated" and reason.bracket == 3
    assert said in reason.step.render(lang)
    assert estimate.minimum == 3  # not 4: a combo whose mana the data lacks is never assumed early
