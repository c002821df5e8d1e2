"""The table's brackets page without a browser: lists side by side, empty seats left out, errors per seat."""

from __future__ import annotations

import pytest
from django.test import Client

from judge.cards.services import import_files
from tests.cards.test_brackets import ATOMIC, ORACLE, VARIANTS, decklist

pytestmark = pytest.mark.django_db


@pytest.fixture()
def all_sources() -> None:
    import_files(paths=[ORACLE, ATOMIC, VARIANTS])


def test_table_page_compares_the_lists(client: Client, all_sources: None) -> None:
    body = {
        "player1": "Alice",
        "deck1": decklist(),
        "player2": "Carol",
        "deck2": decklist("Thassa's Oracle", "Demonic Consultation"),
        "deck4": "",
    }
    en = client.post("/en/calc/brackets/", body).content.decode()
    assert en.count('class="table-minimum"') == 2
    assert "Carol&#x27;s list permits bracket 4 at the lowest; the others&#x27; lowest: Alice 1." in en
    ja = client.post("/ja/calc/brackets/", body, HTTP_HX_REQUEST="true").content.decode()
    assert "Carolさんのリストが入れる最も低いブラケットは 4 です" in ja and "《タッサの神託者》" in ja


def test_table_page_reports_a_seat_s_bad_list_and_needs_one_list(client: Client, all_sources: None) -> None:
    page = client.post("/en/calc/brackets/", {"player1": "Dan", "deck1": "2x"}).content.decode()
    assert "has no card name" in page
    empty = client.post("/ja/calc/brackets/", {"player1": "Dan"})
    assert empty.status_code == 400 and "リストを1つ以上貼り付けてください。" in empty.content.decode()
    assert client.get("/ja/calc/brackets/").status_code == 200
