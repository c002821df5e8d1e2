"""Deck checks as Japanese players paste them (issue 32 item 3) and bounded spelling suggestions (31.9).

Japanese basic land names, the "not checked" verdict without card data, MTGO/Arena ``SB:`` lines,
``Commander:`` / ``統率者：`` prefixes, Japanese card names in Japanese answers, and suggestions for the
first few unknown names only.
"""

from __future__ import annotations

from judge.engine.cards import Card, CardPool, Face
from judge.engine.deck import check_decklist
from judge.engine.deck_counts import check_without_cards
from judge.engine.deck_types import SUGGEST_NAMES, SuggestionBudget
from judge.engine.decklist import Section, parse_decklist
from judge.engine.legality import LegalityData, LegalitySource

DATA = LegalityData(source=LegalitySource(name="Scryfall", date="2026-11-20"))
LEGAL = (("commander", "legal"),)


def card(name: str, type_line: str, *, ja: str = "", cost: str = "", status: str = "legal") -> Card:
    return Card(
        name=name,
        faces=(
            Face(
                name=name, type_line=type_line, mana_cost=cost, power="2" if "Creature" in type_line else None
            ),
        ),
        japanese_names=(ja,) if ja else (),
        legalities=(("commander", status),),
    )


KENRITH = card(
    "Kenrith, the Returned King",
    "Legendary Creature — Human Noble",
    ja="帰還した王、ケンリス",
    cost="{W}{U}{B}{R}{G}",
)
ISLAND = card("Island", "Basic Land — Island", ja="島")
COALITION = card("Coalition Victory", "Sorcery", ja="連合の勝利", cost="{3}{W}{U}{B}{R}{G}", status="banned")
BOLT = card("Lightning Bolt", "Instant", ja="稲妻", cost="{R}")
POOL = CardPool.of([KENRITH, ISLAND, COALITION, BOLT])

JAPANESE_BASICS = (
    "統率者\n1 Kenrith\nデッキ\n20 島\n20 平地\n10 沼\n10 山\n10 森\n5 荒地\n4 冠雪の島\n20 冠雪の森\n"
)


def test_japanese_basic_names_are_exempt_from_singleton_without_card_data() -> None:
    check = check_without_cards(decklist=parse_decklist(text=JAPANESE_BASICS))
    assert [p.rule for p in check.problems] == []
    answer = check.to_answer("ja")
    assert answer["verdict"] == "unchecked" and answer["legal"] is False


def test_repeated_card_without_card_data_is_not_legal_not_unchecked() -> None:
    check = check_without_cards(
        decklist=parse_decklist(text=JAPANESE_BASICS.replace("20 冠雪の森", "19 冠雪の森\n2 Sol Ring"))
    )
    assert [p.rule for p in check.problems] == ["903.5a", "903.5b"]
    assert check.verdict == "not-legal"


def test_sideboard_line_is_flagged_and_not_counted() -> None:
    text = "統率者\n1 Kenrith, the Returned King\nデッキ\n99 Island\nSB: 1 Lightning Bolt"
    deck = parse_decklist(text=text)
    assert [(e.name, e.section) for e in deck.entries][-1] == ("Lightning Bolt", Section.SIDEBOARD)
    check = check_decklist(pool=POOL, decklist=deck, legality=DATA)
    assert [p.rule for p in check.problems] == ["903.5e"]
    assert check.problems[0].text("ja") == "統率者戦ではサイドボードを使いません（《稲妻》）"
    assert check.problems[0].text("en") == "Commander games do not use sideboards (Lightning Bolt)"


def test_commander_prefixes_and_cmdr_marker() -> None:
    for first in (
        "Commander: 1 Kenrith, the Returned King",
        "統率者：帰還した王、ケンリス",
        "1 Kenrith, the Returned King *CMDR*",
        "COMMANDER: Kenrith, the Returned King",
    ):
        deck = parse_decklist(text=f"{first}\n99 Island")
        assert deck.section(Section.COMMANDER)[0].count == 1, first
        check = check_decklist(pool=POOL, decklist=deck, legality=DATA)
        assert check.problems == () and check.verdict == "legal", first


def test_banned_card_is_named_in_japanese_in_japanese_answers() -> None:
    deck = parse_decklist(text="統率者\n1 Kenrith, the Returned King\nデッキ\n98 島\n1 Coalition Victory")
    check = check_decklist(pool=POOL, decklist=deck, legality=DATA)
    banned = [p for p in check.problems if p.message.code == "legality.banned"]
    assert len(banned) == 1
    assert "《連合の勝利》" in banned[0].text("ja") and "Coalition Victory" not in banned[0].text("ja")
    assert "Coalition Victory" in banned[0].text("en")


class CountingPool(CardPool):
    calls: list[str]

    def suggest(self, name: str, *, limit: int = 3) -> tuple[str, ...]:
        self.calls.append(name)
        return super().suggest(name, limit=limit)


def test_suggestions_only_for_the_first_unknown_names() -> None:
    pool = CountingPool(cards=POOL.cards, aliases=POOL.aliases)
    object.__setattr__(pool, "calls", [])
    made_up = "\n".join(f"1 Madeup Card {n}" for n in range(200))
    deck = parse_decklist(text=f"Commander\n1 Kenrith, the Returned King\n{made_up}")
    check = check_decklist(pool=pool, decklist=deck, legality=DATA)
    assert len(pool.calls) == SUGGEST_NAMES
    unknown = [p for p in check.problems if p.rule == "lookup:unknown-card"]
    assert len(unknown) == 200
    assert unknown[-1].text("en") == "Unknown card 'Madeup Card 199'"
    note = next(n for n in check.notes if n.code == "deck.suggestions-skipped")
    assert "195 more unknown names" in note.render("en")
    assert "不明なカード名が 195 件" in note.render("ja")


def test_suggestion_budget_stops_when_its_time_is_spent() -> None:
    budget = SuggestionBudget(names=100, seconds=0.0)
    assert budget.take() is False and budget.skipped == 1
