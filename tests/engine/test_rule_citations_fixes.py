"""The fixes of the rules-correctness review, each with the rule it follows: hybrid mana announced as
generic, the tax steps' citations, flip cards, team turns, the calculators' citations."""

from __future__ import annotations

import re
from pathlib import Path

from judge.engine import dm
from judge.engine.cards import Card, Face
from judge.engine.identity import color_identity
from judge.engine.tax import commander_tax
from judge.engine.tracker import Event, EventKind, apply_event, new_table

ENGINE_DIR = Path(__file__).resolve().parents[2] / "judge" / "engine"


def test_monocolored_hybrid_announced_as_generic_can_be_reduced() -> None:
    # 601.2b: the nonhybrid cost of {2/W} ({W} or {2}) is announced before 601.2f totals the cost;
    # 118.7a: a generic reduction then reaches {2} but never {W}. Spectral Procession, cast a second time.
    result = commander_tax(mana_cost="{2/W}{2/W}{2/W}", previous_casts=1, reduction=1)
    assert result.total_cost == "{1}{2/W}{2/W}{2/W}"
    [note] = [s for s in result.steps if s.rule == "601.2b"]
    assert note.render("en").endswith("the total is {7}.")  # {2} tax + three {2} - {1}
    # A two-colour hybrid symbol has no generic half: nothing to add.
    assert not [
        s
        for s in commander_tax(mana_cost="{2}{W/U}", previous_casts=0, reduction=1).steps
        if s.rule == "601.2b"
    ]


def test_tax_steps_cite_903_8_for_the_zone_and_702_124d_for_partners() -> None:
    steps = commander_tax(mana_cost="{G}{U}", previous_casts=2, partner=True).steps
    [tax] = [s for s in steps if s.rule == "903.8"]
    assert "{4}" in tax.render("en") and "other zones add no tax" in tax.render("en")
    [partner] = [s for s in steps if s.rule == "702.124d"]
    assert "partner" in partner.render("en") and "zone" not in partner.render("en")


def test_flip_card_flipped_half_is_alternative_characteristics() -> None:
    # 710.1 / 903.4e: the upside-down half of a flip card is a set of alternative characteristics.
    card = Card(
        name="Budoka Gardener // Dokai, Weaver of Life",
        layout="flip",
        faces=(
            Face(
                name="Budoka Gardener",
                mana_cost="{1}{G}",
                type_line="Creature — Human Monk",
                oracle_text="{T}: You may put a land card from your hand onto the battlefield. If you "
                "control ten or more lands, flip Budoka Gardener.",
            ),
            Face(
                name="Dokai, Weaver of Life",
                type_line="Legendary Creature — Human Monk",
                oracle_text="{4}{G}{G}, {T}: Create an X/X green Elemental creature token, where X is the "
                "number of lands you control.",
            ),
        ),
    )
    result = color_identity(card=card)
    assert result.identity == ("G",)
    assert [s.rule for s in result.explanation][:3] == ["903.4", "903.4e", "903.4"]
    assert "alternative characteristics of Budoka Gardener" in result.explanation[2].render("en")


def test_team_turns_cite_805_4_in_two_headed_giant_and_the_dtc_document_in_dtc() -> None:
    two_headed = new_table(variant="two-headed-giant", players=["Aki", "Ben", "Chie", "Dan"])
    _, steps = apply_event(state=two_headed, event=Event(kind=EventKind.NEXT_TURN))
    assert [s.rule for s in steps if "takes its turn together" in s.render("en")] == ["805.4"]
    dtc = new_table(
        variant="dtc",
        players=["Aki", "Ben", "Chie", "Dan"],
        commanders={p: ["X"] for p in ["Aki", "Ben", "Chie", "Dan"]},
    )
    _, steps = apply_event(state=dtc, event=Event(kind=EventKind.NEXT_TURN))
    assert [s.rule for s in steps if "takes its turn together" in s.render("en")] == ["dtc:turn-structure"]


def test_every_rule_the_calculators_cite_is_a_citation_or_a_known_id() -> None:
    """Rule numbers and document anchors follow judge.engine.rule_numbers; other ids are listed where they
    live."""
    from judge.engine import deck, identity, legality
    from judge.engine.rule_numbers import is_citation

    known_ids = (
        set(dm.RULE_IDS) | {deck.UNKNOWN_CARD, identity.LOOKED_UP} | set(legality.BANNED_RULES.values())
    )
    cited: set[str] = set()
    for name in (
        "tax",
        "tax_payload",
        "damage",
        "damage_payload",
        "damage_records",
        "identity",
        "cards_payload",
        "deck",
        "deck_types",
        "partners",
        "deck_counts",
        "legality",
        "decklist",
        "companions",
        "dm",
        "mana",
    ):
        source = (ENGINE_DIR / f"{name}.py").read_text(encoding="utf-8")
        cited |= set(re.findall(r'rule="([^"]+)"', source)) | set(
            re.findall(r'"([a-z]+:[a-z0-9-]+)"', source)
        )
    # A legality step cites the data that decided it and its date ("data:scryfall-2026-11-20", issue 32).
    data_citation = re.compile(r"^data:[a-z0-9-]+$")
    assert (
        cited
        and {
            rule
            for rule in cited
            if not is_citation(rule) and rule not in known_ids and not data_citation.match(rule)
        }
        == set()
    )
    assert {"118.7b", "810.8a", "201.3b", "commander:9", "dtc:commander-tax"} <= cited
