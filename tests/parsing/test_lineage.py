"""Each rule's lineage from one release to the next (judge.parsing.lineage), on invented releases."""

from __future__ import annotations

import pytest

from judge.parsing.lineage import Lineage, Step, step_between
from judge.parsing.records import Numbering, RuleKind, RuleRecord, RulesDocument

LIFE = "Each seat starts the game with forty life in a Commander game."
SHUFFLE = "Shuffle every deck before anyone draws a card."
DUSTER = "The feather duster rule lets a seat dust the table once per game."
STICKER = "A sticker sheet is kept outside the game until a card tells you to use it."


def release(version: str, *rules: tuple[str, str], numbering: Numbering = Numbering.MODERN) -> RulesDocument:
    records = tuple(
        RuleRecord(n, RuleKind.RULE, text, n.split(".")[0], i) for i, (n, text) in enumerate(rules)
    )
    return RulesDocument(
        source=f"MagicCompRules {version}.txt",
        version=version,
        rules=records,
        glossary=(),
        numbering=numbering,
    )


V1 = release("20300101", ("101.1", SHUFFLE), ("101.2", LIFE), ("101.3", DUSTER))
V2 = release("20310101", ("101.1", SHUFFLE), ("101.2", STICKER), ("101.3", LIFE), ("101.4", DUSTER))
V3 = release("20320101", ("101.1", SHUFFLE + " Then cut it."), ("101.2", STICKER), ("101.3", LIFE))


def chain() -> Lineage:
    return Lineage([V1.version, V2.version, V3.version], [step_between(V1, V2), step_between(V2, V3)])


def test_a_step_pairs_each_rule_with_at_most_one_rule_of_the_next_release() -> None:
    step = step_between(V1, V2)
    assert dict(step.forward) == {"101.2": "101.3", "101.3": "101.4"}
    assert dict(step.backward) == {"101.2": None, "101.3": "101.2", "101.4": "101.3"}
    assert [step.successor(n) for n in ("101.1", "101.2", "101.3")] == ["101.1", "101.3", "101.4"]
    removed = step_between(V2, V3)
    assert (
        removed.successor("101.4") is None and removed.successor("101.1") == "101.1"
    )  # reworded, same number


def test_of_two_rules_leading_to_one_number_the_unchanged_one_keeps_it() -> None:
    """The rule after it moved onto a number whose own rule is unchanged: the moved one counts as removed."""
    old = release(
        "1",
        ("702.1", "Partner means you may have two commanders."),
        ("702.2", "Friends forever means you may have two commanders too."),
    )
    new = release("2", ("702.1", "Partner means you may have two commanders."))
    step = step_between(old, new)
    assert step.successor("702.1") == "702.1" and step.successor("702.2") is None
    assert step.predecessor("702.1") == "702.1"


def test_the_trace_of_a_rule_follows_it_through_every_release() -> None:
    line = chain()
    assert line.trace("101.3", V3.version) == (
        [(V1.version, "101.2"), (V2.version, "101.3"), (V3.version, "101.3")],
        None,
    )
    assert line.trace("101.3", V1.version) == ([(V1.version, "101.3"), (V2.version, "101.4")], V3.version)
    assert line.trace("101.2", V3.version) == ([(V2.version, "101.2"), (V3.version, "101.2")], None)


def test_moves_between_any_two_releases_are_composed_from_the_steps() -> None:
    line = chain()
    assert line.moves(V1.version, V3.version) == {"101.2": "101.3", "101.3": None}
    assert line.moves(V2.version, V3.version) == {"101.4": None}
    assert line.moves(V3.version, V3.version) == {}
    assert line.renumbered() == {V1.version: {"101.2": "101.3"}, V2.version: {}}
    assert line.successor("101.2", since=V1.version) == "101.3"
    assert line.successor("101.3", since=V1.version, until=V2.version) == "101.4"
    with pytest.raises(ValueError, match="newer"):
        line.moves(V3.version, V1.version)


def test_a_lineage_needs_one_step_per_pair_of_adjacent_releases() -> None:
    with pytest.raises(ValueError, match="need 2 steps"):
        Lineage([V1.version, V2.version, V3.version], [step_between(V1, V2)])
    with pytest.raises(ValueError, match="not between adjacent"):
        Lineage([V1.version, V3.version], [step_between(V1, V2)])


def test_releases_of_the_old_numbering_are_never_paired_with_modern_ones() -> None:
    old = release("20090201", ("502.2", "Flying"), numbering=Numbering.PRE_2009)
    with pytest.raises(ValueError, match="number their rules differently"):
        step_between(old, V1)


def test_a_step_reads_back_from_its_json() -> None:
    step = step_between(V1, V2)
    assert Step.from_json(step.to_payload()) == step
