"""The table's brackets page without a browser: lists side by side, empty seats left out, errors per seat."""

from __future__ import annotations

import json
from pathlib import Path

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


def _with_a_banned_card(tmp_path: Path) -> Path:
    """The brackets fixture's Oracle file with Biorhythm marked banned in Commander, as Scryfall marks it."""
    cards = json.loads(ORACLE.read_text(encoding="utf-8"))
    cards.append(
        {
            "object": "card",
            "oracle_id": "bio-test",
            "name": "Biorhythm",
            "layout": "normal",
            "mana_cost": "{6}{G}{G}",
            "type_line": "Sorcery",
            "oracle_text": "Each player's life total becomes the number of creatures they control.",
            "colors": ["G"],
            "legalities": {"commander": "banned"},
        }
    )
    path = tmp_path / ORACLE.name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lang", "not_legal", "said"),
    [("en", "Not legal", "is banned in Commander"), ("ja", "不適正", "統率者戦で不適正です")],
)
def test_table_page_says_a_list_with_a_banned_card_is_not_legal(
    client: Client, tmp_path: Path, lang: str, not_legal: str, said: str
) -> None:
    # Issue 41 item 4: the page gave only the bracket of a list holding a banned card.
    import_files(paths=[_with_a_banned_card(tmp_path), ATOMIC, VARIANTS])
    body = {"player1": "Alice", "deck1": decklist(), "player2": "Carol", "deck2": decklist("Biorhythm")}
    page = client.post(f"/{lang}/calc/brackets/", body).content.decode()
    [mark] = page.split('class="table-verdict">')[1:]  # Carol's row only: Alice's list is legal
    assert mark.startswith(f"<strong>{not_legal}") and mark.index("</th>") < mark.index("</tr>")
    assert page.index("Alice") < page.index("Carol") < page.index('class="table-verdict"')
    assert said in page
    assert "Biorhythm" in page.split('class="table-not-legal"')[1]
