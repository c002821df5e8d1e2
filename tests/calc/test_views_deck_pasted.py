"""The deck check API and page on lists as Japanese players paste them (issue 32 item 3)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.calc.helpers import HX, post

pytestmark = pytest.mark.django_db

JAPANESE_LIST = (
    "統率者\n1 Kenrith, the Returned King\nデッキ\n1 Sol Ring\n49 島\n49 冠雪の島\nSB: 1 Lightning Bolt\n"
)


def test_without_card_data_japanese_basics_and_a_clean_list_are_not_checked(client: Client) -> None:
    body = {"variant": "commander", "decklist": JAPANESE_LIST.replace("SB: 1 Lightning Bolt\n", "")}
    for lang in ("en", "ja"):
        data = post(client, f"/api/calc/deck-check?lang={lang}", body).json()
        assert data["problems"] == [] and data["verdict"] == "unchecked" and data["legal"] is False


def test_without_card_data_sideboard_line_is_a_problem_not_a_card(client: Client) -> None:
    data = post(
        client, "/api/calc/deck-check?lang=ja", {"variant": "commander", "decklist": JAPANESE_LIST}
    ).json()
    assert data["verdict"] == "not-legal"
    assert [(p["rule"], p["card"]) for p in data["problems"]] == [("903.5e", "Lightning Bolt")]


def test_deck_page_says_not_checked_in_both_languages(client: Client) -> None:
    body = {"variant": "commander", "decklist": JAPANESE_LIST.replace("SB: 1 Lightning Bolt\n", "")}
    ja = client.post("/ja/calc/deck-check/", body, **HX).content.decode()
    assert "未確認" in ja and "不適正" not in ja.split('id="result"')[1]
    en = client.post("/en/calc/deck-check/", body, **HX).content.decode()
    assert "Not checked" in en and "Not legal" not in en


# Issue 41 item 4: with card data imported, the basics' Japanese names are known, in the shapes players paste.
PASTED_WITH_BASICS = (
    "統率者\n1枚 Kenrith, the Returned King (ELD) 303\nデッキ\nSol Ring ×1\n２４　島\n×24 森\n平地 17枚\n"
    "17 沼 [M21]\n15 山\n1 荒地\n"
)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_card_data_japanese_basics_are_known_and_the_list_is_legal(
    client: Client, cards: None, lang: str
) -> None:
    body = {"variant": "commander", "decklist": PASTED_WITH_BASICS}
    data = post(client, f"/api/calc/deck-check?lang={lang}", body).json()
    assert data["problems"] == [], data["problems"]
    assert data["verdict"] == "legal" and data["legal"] is True


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_card_data_snow_covered_japanese_basics_are_known(
    client: Client, cards: None, lang: str
) -> None:
    body = {"variant": "commander", "decklist": PASTED_WITH_BASICS.replace("２４　島", "２４　冠雪の森")}
    data = post(client, f"/api/calc/deck-check?lang={lang}", body).json()
    assert [p for p in data["problems"] if p["rule"] == "lookup:unknown-card"] == []
