"""Leave-game follows the players (issue 42 item 2): a player renamed on the page is renamed everywhere the
board names them, so renaming the example's players and adding one resolves with no problem."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from judge.rulings.board_renames import follow_renames

pytestmark = pytest.mark.django_db

PAGE = "/{lang}/leave-game/"


def page_fields(html: str) -> list[tuple[str, str]]:
    """The board form's fields as a browser posts them (the checked boxes, each select's chosen option)."""
    form = BeautifulSoup(html, "html.parser").find("form", id="lg-form")
    assert form is not None
    fields: list[tuple[str, str]] = []
    for element in form.find_all(["input", "select", "textarea"]):
        name = element.get("name")
        if not name or element.has_attr("disabled"):
            continue
        kind = element.get("type", "")
        if element.name == "input" and kind in ("submit", "button"):
            continue
        if element.name == "input" and kind in ("checkbox", "radio") and not element.has_attr("checked"):
            continue
        if element.name == "select":
            chosen = element.find_all("option", selected=True) or element.find_all("option")[:1]
            if element.has_attr("multiple"):
                chosen = element.find_all("option", selected=True)
            fields += [(name, o.get("value", o.text)) for o in chosen]
        elif element.name == "textarea":
            fields.append((name, element.text))
        else:
            fields.append((name, element.get("value", "")))
    return fields


def post(client: Client, lang: str, fields: list[tuple[str, str]], action: str, **changes: str) -> Any:
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(changes.get(name, value))
    data["action"] = [action]
    return client.post(PAGE.format(lang=lang), data)


def test_follow_renames_swaps_and_leaves_ambiguous_names() -> None:
    rows: dict[str, list[dict[str, Any]]] = {
        "player": [{"name": "B", "was": "A"}, {"name": "A", "was": "B"}, {"name": "Z", "was": ""}],
        "eff": [{"controller": "A"}, {"controller": "B"}],
        "atk": [{"attacking": "B"}],
    }
    assert follow_renames(rows) == {"A": "B", "B": "A"}
    assert [r["controller"] for r in rows["eff"]] == ["B", "A"] and rows["atk"][0]["attacking"] == "A"
    twice = {"player": [{"name": "X", "was": "A"}, {"name": "Y", "was": "A"}], "eff": [{"controller": "A"}]}
    assert follow_renames(twice) == {} and twice["eff"][0]["controller"] == "A"


@pytest.mark.parametrize(
    ("lang", "names"), [("ja", ["たろう", "はなこ", "じろう"]), ("en", ["Taro", "Hanako", "Jiro"])]
)
def test_renamed_players_and_one_added_resolve_without_a_problem(
    client: Client, lang: str, names: list[str]
) -> None:
    html = client.get(PAGE.format(lang=lang)).content.decode()
    fields = page_fields(html)
    renamed = {f"player-{i}-name": name for i, name in enumerate(names)}
    answer = post(client, lang, fields, "add-player", **renamed)
    assert answer.status_code == 200, answer.content.decode()[:3000]
    fields = page_fields(answer.content.decode())
    added = "さくら" if lang == "ja" else "Sakura"
    answer = post(client, lang, fields, "update", **{f"player-{len(names)}-name": added})
    page = answer.content.decode()
    soup = BeautifulSoup(page, "html.parser")
    owners = [s.find("option", selected=True) for s in soup.select("select[name$='-owner']")]
    assert owners and all(o is not None and o.get("value") in names for o in owners), owners
    answer = post(client, lang, page_fields(page), "resolve-1")
    result = answer.content.decode()
    assert answer.status_code == 200, BeautifulSoup(result, "html.parser").select_one("#lg-errors")
    assert 'id="lg-result"' in result


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_problems_point_at_their_fields_and_name_no_id(client: Client, lang: str) -> None:
    html = client.get(PAGE.format(lang=lang)).content.decode()
    fields = page_fields(html)
    ids = {value for name, value in fields if name.endswith("-id") and value}
    # Every card's controller typed as nobody at the table: each card row is refused for it, and the effects
    # pointing at those cards name the cards, not their ids.
    nobody = {
        name: "Zed" for name, _value in fields if name.startswith("obj-") and name.endswith("-controller")
    }
    answer = post(client, lang, fields, "resolve-0", **nobody)
    soup = BeautifulSoup(answer.content.decode(), "html.parser")
    errors = soup.select_one("#lg-errors")
    assert answer.status_code == 400 and errors is not None
    marked = errors["data-fields"].split()
    assert marked and all(soup.select_one(f"#lg-form [name='{name}']") is not None for name in marked), marked
    assert any(name.endswith("-owner") or name.endswith("-controller") for name in marked), marked
    text = errors.get_text(" ")
    assert not [i for i in ids if f"“{i}”" in text or f"「{i}」" in text], text  # no internal id named


@pytest.mark.parametrize(
    ("lang", "question"), [("ja", "それらをどうしますか"), ("en", "What happens to them?")]
)
@pytest.mark.parametrize("how", ["with", "to"])
def test_removing_a_player_asks_what_happens_to_their_objects(
    client: Client, lang: str, question: str, how: str
) -> None:
    fields = page_fields(client.get(PAGE.format(lang=lang)).content.decode())
    first = dict(fields)["player-0-name"]
    asked = post(client, lang, fields, "remove-player-0").content.decode()
    soup = BeautifulSoup(asked, "html.parser")
    assert question in soup.select_one(".lg-ask").get_text(" ")
    assert len(soup.select("li.lg-player")) == 3  # nothing removed yet
    assert soup.select(".lg-ask-objects li")  # the cards named as the reader sees them
    answer = post(client, lang, page_fields(asked), f"remove-player-0-{how}")
    page = answer.content.decode()
    soup = BeautifulSoup(page, "html.parser")
    assert len(soup.select("li.lg-player")) == 2 and soup.select_one(".lg-ask") is None
    names = [v for n, v in page_fields(page) if n.endswith("-name") and n.startswith("player-")]
    assert first not in names
    chosen = [
        o.get("value")
        for s in soup.select("select[name$='-owner'], select[name$='-controller']")
        for o in s.find_all("option", selected=True)
    ]
    assert first not in chosen, chosen
    resolved = post(client, lang, page_fields(page), "resolve-0")
    assert resolved.status_code == 200, BeautifulSoup(resolved.content.decode(), "html.parser").select_one(
        "#lg-errors"
    )


def test_removing_a_player_the_board_does_not_name_asks_nothing(client: Client) -> None:
    fields = page_fields(client.get(PAGE.format(lang="en")).content.decode())
    added = page_fields(post(client, "en", fields, "add-player").content.decode())
    answer = post(client, "en", added, "remove-player-3", **{"player-3-name": "Nobody"})
    soup = BeautifulSoup(answer.content.decode(), "html.parser")
    assert soup.select_one(".lg-ask") is None and len(soup.select("li.lg-player")) == 3
