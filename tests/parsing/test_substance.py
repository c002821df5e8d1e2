"""Outdated or only reworded: an older English against today's, decided from the word diff."""

from __future__ import annotations

import pytest

from judge.parsing.substance import (
    Rewrite,
    Verdict,
    WordChange,
    judge_wording,
    load_rewrites,
    parse_rewrites,
    standing,
)

REWRITES = load_rewrites()  # the project's table, rules_data/wording_rewrites.tsv


def test_foundations_enters_is_wording_only() -> None:
    old = (
        "If a player leaves a multiplayer game, all objects owned by that player leave the game. If that "
        "player controlled any objects that entered the battlefield, they leave. "
        "Example: A token enters the battlefield."
    )
    new = (
        "If a player leaves a multiplayer game, all objects owned by that player leave the game. If that "
        "player controlled any objects that entered, they leave. "
        "Example: A token enters."
    )
    found = judge_wording(old, new, REWRITES)
    assert found.kind is Verdict.WORDING
    assert found.changes == ()
    assert {r.old for r in found.rewrites} == {"enters the battlefield", "entered the battlefield"}
    assert all(r.reason for r in found.rewrites)


def test_a_removed_zone_is_outdated() -> None:
    # 903.9 before 2020 (graveyard and exile were a replacement then) against today's 903.9b (hand, library).
    old = "If a commander would be exiled from anywhere or put into its owner's hand, graveyard, or library, "
    old += "its owner may put it into the command zone instead."
    new = "If a commander would be put into its owner's hand or library from anywhere, its owner may put it "
    new += "into the command zone instead."
    found = judge_wording(old, new, REWRITES)
    assert found.kind is Verdict.SUBSTANCE
    removed = " ".join(change.old for change in found.changes)
    assert "exiled" in removed and "graveyard" in removed


def test_a_zone_removed_next_to_a_reworded_phrase_is_still_outdated() -> None:
    found = judge_wording(
        "When it enters the battlefield or the graveyard, draw.", "When it enters, draw.", REWRITES
    )
    assert found.kind is Verdict.SUBSTANCE
    assert found.changes == (WordChange(old="or the graveyard", new=""),)


def test_a_changed_number_is_outdated() -> None:
    found = judge_wording("Its commander tax is 2 more.", "Its commander tax is 3 more.", REWRITES)
    assert found.kind is Verdict.SUBSTANCE
    assert found.changes == (WordChange(old="2", new="3"),)
    assert judge_wording("See rule 903.9.", "See rule 903.10.", REWRITES).kind is Verdict.SUBSTANCE


def test_a_renamed_term_is_outdated() -> None:
    # The 2024 removal of damage assignment order renamed no word into another with the same meaning.
    found = judge_wording(
        "The attacking player announces the damage assignment order.",
        "The attacking player announces how damage is assigned.",
        REWRITES,
    )
    assert found.kind is Verdict.SUBSTANCE
    moved = judge_wording("Put it into exile.", "Put it onto the battlefield.", REWRITES)
    assert moved.kind is Verdict.SUBSTANCE


def test_an_added_word_is_outdated_but_punctuation_and_case_are_not() -> None:
    assert judge_wording("A player may pay.", "A player may not pay.", REWRITES).kind is Verdict.SUBSTANCE
    assert judge_wording("A player may pay.", "a player  may pay", REWRITES).kind is Verdict.SAME
    assert judge_wording("It cannot attack.", "It can’t attack.", REWRITES).kind is Verdict.WORDING


def test_a_rewrite_applies_to_both_texts() -> None:
    # Today's text still says "enters the battlefield" where the old one did: no difference comes of it.
    old = "It enters the battlefield tapped. It enters the battlefield."
    new = "It enters the battlefield tapped."
    assert judge_wording(old, new, REWRITES).kind is Verdict.SUBSTANCE
    assert judge_wording(old, "It enters tapped. It enters.", REWRITES).kind is Verdict.WORDING


def test_standing_from_the_alignment_and_the_verdict() -> None:
    table = (Rewrite("enters the battlefield", "enters", "r"),)
    assert standing("changed", "It enters the battlefield.", "It enters.", table)[0] == "wording-changed"
    assert standing("changed", "It goes to exile.", "It goes to the graveyard.", table)[0] == "outdated"
    assert standing("changed", None, "It enters.", table)[0] == "outdated"
    # An unknown release: the closest release's English decides.
    assert standing("unchecked", "Exile or graveyard.", "Exile.", table)[0] == "outdated"
    assert standing("unchecked", "Exile.", "Exile.", table)[0] == "current"
    assert standing("unchecked", None, "Exile.", table)[0] == "unchecked"
    # Placed on another rule by its content alone: the same English says nothing of the text.
    assert standing("unchecked", "Exile.", "Exile.", table, placed_by_content=True)[0] == "unchecked"
    assert standing("unchecked", "Exile.", "Hand.", table, placed_by_content=True)[0] == "outdated"
    assert standing("renumbered", "Exile.", "Exile.", table)[0] == "renumbered"
    assert standing("renumbered", "Exile.", "Hand.", table)[0] == "outdated"
    assert standing("current", "x", "x", table)[0] == "current"
    assert standing("deleted", "x", None, table)[0] == "deleted"


def test_the_rewrites_table_gives_a_reason_for_each_row() -> None:
    assert REWRITES and all(r.reason and r.old for r in REWRITES)
    with pytest.raises(ValueError, match="reason"):
        parse_rewrites("old\tnew\treason\nenters the battlefield\tenters\n", source="t.tsv")
