"""The calculator forms read a page's text boxes into the engine's payloads."""

from __future__ import annotations

from django.http import QueryDict

from judge.calc.forms import DamageTable, TaxForm


def test_tax_form_reads_full_width_input_and_only_the_variant_fields() -> None:
    form = TaxForm(
        {
            "variant": "commander",
            "mana_cost": " ｛３｝｛ｇ｝ ",
            "previous_casts": "２",
            "reduction": "",
            "cost": "6",
            "rolls_this_turn": "x",
        }
    )
    assert form.is_valid()
    assert form.payload() == {"variant": "commander", "mana_cost": "{3}{g}", "previous_casts": 2}
    dtc = TaxForm({"variant": "dtc", "cost": "six", "play_number": "３"})
    assert dtc.is_valid() and dtc.payload() == {"variant": "dtc", "cost": "six", "play_number": 3}
    planes = TaxForm({"variant": "planechase", "rolls_this_turn": "1", "two_headed_giant": "on"})
    assert planes.is_valid() and planes.payload() == {
        "variant": "planechase",
        "rolls_this_turn": 1,
        "two_headed_giant": True,
    }


def test_damage_table_reads_seats_cells_and_a_tap() -> None:
    data = QueryDict(mutable=True)
    data.update(
        {
            "seats": "4",
            "name1": "Alex",
            "name2": " Ｂｉａｎｃａ ",
            "cmdr1": "Rafiq",
            "partner3": "Tymna",
            "d1a_2": "２０",
            "d3b_1": "0",
            "tap": "up:d1a_2",
            "thg": "1",
        }
    )
    table = DamageTable(data)
    assert table.problems == [] and table.tapped
    assert table.payload() == {
        "variant": "commander",
        "players": ["Alex", "Bianca", "Player 3", "Player 4"],
        "commanders": [
            {"id": "1a", "owner": "Alex", "name": "Rafiq"},
            {"id": "2a", "owner": "Bianca", "name": "Bianca's commander"},
            {"id": "3a", "owner": "Player 3", "name": "Player 3's commander"},
            {"id": "3b", "owner": "Player 3", "name": "Tymna"},
            {"id": "4a", "owner": "Player 4", "name": "Player 4's commander"},
        ],
        "events": [{"source": "1a", "target": "Bianca", "amount": 21, "combat": True}],
        "teams": [["Alex", "Bianca"], ["Player 3", "Player 4"]],
    }
    assert table.query() == (
        "variant=commander&seats=4&thg=1&name1=Alex&cmdr1=Rafiq&name2=Bianca&partner3=Tymna&d1a_2=21"
    )
    assert len(table.cell_keys()) == 5 * 4


def test_damage_table_problems() -> None:
    table = DamageTable(QueryDict("seats=3&thg=1&d1a_2=-1&d2a_1=1000&d1a_3=7"))
    assert table.problems == [
        "Damage to Player 2 from Player 1's commander: write a whole number from 0 to 999.",
        "Damage to Player 1 from Player 2's commander: write a whole number from 0 to 999.",
        "Two-Headed Giant: teams are two players each, so the number of players must be even.",
    ]
    assert table.counts == {"d1a_3": 7} and not table.tapped
