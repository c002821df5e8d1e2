"""The table's brackets page at the limits (issue 33, item 4): a list of 10,000 lines, and one of 250
distinct unknown cards, each get a bounded, clear answer for its seat while the other seats are still
estimated; in both languages."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from judge.cards.services import import_files
from tests.cards.test_brackets import ATOMIC, ORACLE, VARIANTS, decklist

pytestmark = pytest.mark.django_db


@pytest.fixture()
def all_sources() -> None:
    import_files(paths=[ORACLE, ATOMIC, VARIANTS])


def text_of(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def minimums(page: str) -> list[str]:
    """The side-by-side table's "lowest bracket" cells, seat by seat."""
    return re.findall(r'<td class="table-minimum">([^<]*)</td>', page)


def test_a_list_of_10000_lines_gets_a_bounded_error_for_its_seat(client: Client, all_sources: None) -> None:
    ten_thousand = "\n".join(f"1 Unknown Card {n:05d}" for n in range(10_000))  # 220,000 characters
    many_short = "\n".join("x" for _ in range(10_001))  # 20,001 characters, one line over the parser's limit
    body = {
        "player1": "Alice",
        "deck1": decklist(),
        "player2": "Bob",
        "deck2": ten_thousand,
        "player3": "Carol",
        "deck3": many_short,
    }
    en = client.post("/en/calc/brackets/", body)
    assert en.status_code == 200
    page = text_of(en.content.decode())
    assert page.count("This list is too long.") == 1
    assert "10001 lines is over the limit of 10000." in page
    assert minimums(en.content.decode()) == ["1", "—", "—"]  # Alice's list is still estimated
    ja = text_of(client.post("/ja/calc/brackets/", body).content.decode())
    assert "このリストは長すぎます。" in ja and "10001 行は上限の 10000 行を超えています。" in ja


def test_250_distinct_unknown_cards_are_counted_not_checked(client: Client, all_sources: None) -> None:
    unknown = [f"Unknown Card {n:03d}" for n in range(250)]
    body = {"player1": "Dan", "deck1": decklist(*unknown[:90]) + "\n" + "\n".join(unknown[90:])}
    en = client.post("/en/calc/brackets/", body)
    assert en.status_code == 200
    page = text_of(en.content.decode())
    assert "250 name(s) of the list are not cards this site knows: those cards were not checked" in page
    assert minimums(en.content.decode()) == ["1"]  # the known cards are still estimated
    ja = text_of(client.post("/ja/calc/brackets/", body).content.decode())
    assert "リストの 250 件の名前はこのサイトが知らないカード名のため、そのカードは確認していません" in ja
