"""The calculator forms read a page's text boxes into the engine's payloads."""

from __future__ import annotations

from judge.calc.forms import DamageForm, TaxForm


def test_tax_form_reads_full_width_input_and_only_the_variant_fields() -> None:
    form = TaxForm({"variant": "commander", "mana_cost": " ｛３｝｛ｇ｝ ", "previous_casts": "２", "reduction": "",
                    "cost": "6", "rolls_this_turn": "x"})
    assert form.is_valid()
    assert form.payload() == {"variant": "commander", "mana_cost": "{3}{g}", "previous_casts": 2}
    dtc = TaxForm({"variant": "dtc", "cost": "six", "play_number": "３"})
    assert dtc.is_valid() and dtc.payload() == {"variant": "dtc", "cost": "six", "play_number": 3}
    planes = TaxForm({"variant": "planechase", "rolls_this_turn": "1", "two_headed_giant": "on"})
    assert planes.is_valid() and planes.payload() == {"variant": "planechase", "rolls_this_turn": 1,
                                                      "two_headed_giant": True}


def test_damage_form_reads_options() -> None:
    form = DamageForm({"variant": "commander", "players": "Alex,Bianca,Carol Ann", "commanders": "Rafiq | Alex",
                       "events": "rafiq -> Bianca 6 prevented 2 controller carol ann noncombat"})
    assert form.is_valid() and form.problems() == []
    assert form.payload()["events"] == [{"source": "Rafiq", "target": "Bianca", "amount": 6, "combat": False,
                                         "prevented": 2, "controller": "Carol Ann"}]


def test_damage_form_reads_full_width_lines() -> None:
    """Full-width digits, spaces and arrows (typed with a Japanese keyboard) read like their ASCII forms."""
    form = DamageForm({"variant": "commander", "players": "アレックス、ビアンカ", "commanders": "ラフィーク｜アレックス",
                       "events": "ラフィーク → ビアンカ　１０\nﾗﾌｨｰｸ－＞ビアンカ １１　ｃｏｍｂａｔ　ｐｒｅｖｅｎｔｅｄ　２"})
    assert form.is_valid() and form.problems() == []
    assert form.payload()["events"] == [
        {"source": "ラフィーク", "target": "ビアンカ", "amount": 10, "combat": True},
        {"source": "ラフィーク", "target": "ビアンカ", "amount": 11, "combat": True, "prevented": 2},
    ]
