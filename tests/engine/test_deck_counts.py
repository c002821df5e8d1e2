"""Deck checks without card data (judge.engine.deck_counts): what needs no card data still runs."""

from __future__ import annotations

from judge.engine.deck_counts import check_without_cards
from judge.engine.decklist import parse_decklist
from judge.engine.variants import Variant


def check(text: str, variant: Variant = Variant.COMMANDER) -> list[tuple[str, str, str]]:
    result = check_without_cards(decklist=parse_decklist(text=text), variant=variant)
    assert not result.legal
    assert [n.code for n in result.notes] == ["legality.needs-card-data"]
    return [(p.card, p.rule, p.message.code) for p in result.problems]


def test_a_right_sized_singleton_deck_has_no_problem_but_is_not_called_legal() -> None:
    assert (
        check("Commander\n1 Kenrith, the Returned King\nDeck\n1 Sol Ring\n49 Forest\n49 Snow-Covered Island")
        == []
    )


def test_count_duplicates_and_commanders() -> None:
    assert check("Deck\n2 Sol Ring\n1 sol ring\n90 Plains") == [
        ("", "903.3", "deck.no-commander"),
        ("", "903.5a", "deck.size-one"),
        ("Sol Ring", "903.5b", "legality.copies-unchecked"),
    ]
    three = check("Commander\n1 A\n1 B\n1 C\nDeck\n97 Wastes")
    assert three == [("A, B, C", "702.124g", "deck.too-many-commanders")]


def test_brawl_counts_60() -> None:
    assert check("Commander\n1 Kenrith\nDeck\n59 Forest", Variant.BRAWL) == []
    assert check("Commander\n1 Kenrith\nDeck\n99 Forest", Variant.BRAWL) == [("", "903.12d", "deck.size-one")]


def test_the_note_and_problems_read_in_both_languages() -> None:
    result = check_without_cards(
        decklist=parse_decklist(text="Commander\n1 Kenrith\nDeck\n2 Sol Ring\n97 Forest")
    )
    assert result.problems[0].text("ja").startswith("《Sol Ring》が 2 枚あります")
    note = result.notes[0]
    assert "カードの一覧" in note.render("ja") and "list of Magic cards" in note.render("en")
    assert "import_cards" not in note.render("en") + note.render("ja")
