"""The commander tax calculator: its JSON API and its page, with and without htmx."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.calc.helpers import HX, MARKUP, drawn, post
from tests.helpers import error_texts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "tax", "total"),
    [
        (
            {"variant": "commander", "mana_cost": "{3}{G}{G}", "previous_casts": 2, "reduction": 1},
            4,
            "{6}{G}{G}",
        ),
        ({"variant": "brawl", "mana_cost": "{2}{U}", "previous_casts": 1}, 2, "{4}{U}"),
        ({"variant": "dtc", "cost": 6, "reduction": 5, "play_number": 3}, 4, 5),
        ({"variant": "planechase", "rolls_this_turn": 2}, 2, 2),
    ],
)
def test_tax_api(client: Client, body: dict[str, Any], tax: int, total: Any) -> None:
    response = post(client, "/api/calc/tax", body)
    assert response.status_code == 200
    data = response.json()
    assert (data["tax_generic"], data["total_cost"]) == (tax, total)
    assert all(set(step) >= {"text", "rule"} for step in data["steps"])
    if body["variant"] == "commander":
        assert [s["rule"] for s in data["steps"]][:2] == ["601.2f", "903.8"]


def test_tax_api_lists_every_problem(client: Client) -> None:
    response = post(
        client,
        "/api/calc/tax",
        {"variant": "commander", "mana_cost": "3QQ", "previous_casts": -1, "reduction": 10**9},
    )
    assert response.status_code == 400
    errors = error_texts(response)
    assert len(errors) == 3
    # Each problem names its field by its label, never by the JSON key.
    assert any(e.startswith("Mana cost:") for e in errors)
    assert any(e.startswith("Previous casts from the command zone:") for e in errors)
    assert any(e.startswith("Cost reduction:") for e in errors)
    dtc = error_texts(post(client, "/api/calc/tax", {"variant": "dtc", "cost": -6, "play_number": 0}))
    assert [e.split(":")[0] for e in dtc] == ["Cost", "Play from the command zone (1st, 2nd, …)"]


def test_tax_api_cast_from_hand_and_colored_reduction(client: Client) -> None:
    hand = post(
        client,
        "/api/calc/tax",
        {"variant": "commander", "mana_cost": "4GG", "previous_casts": 3, "cast_from": "hand"},
    ).json()
    assert (hand["tax_generic"], hand["total_cost"]) == (0, "{4}{G}{G}")
    cleric = post(
        client,
        "/api/calc/tax",
        {"variant": "commander", "mana_cost": "{3}{W}{B}", "previous_casts": 1, "reduction": "{W}{B}"},
    ).json()
    assert cleric["total_cost"] == "{5}"
    assert [s["code"] for s in cleric["steps"]][2:5] == [
        "tax.reduce-start",
        "tax.reduce-pip",
        "tax.reduce-pip",
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tax_api_without_a_mana_cost_answers_the_tax_alone(client: Client, lang: str) -> None:
    """ "Two previous casts" and no cost: +{4}, the tax alone (903.8), never a refusal (issue 24)."""
    data = post(client, f"/api/calc/tax?lang={lang}", {"variant": "commander", "previous_casts": 2}).json()
    assert (data["tax_generic"], data["total_cost"]) == (4, "+{4}")
    assert [s["rule"] for s in data["steps"]] == ["903.8", "601.2f"]
    assert "+{4}" in data["steps"][-1]["text"]


def test_tax_page_answers_by_get_with_shareable_url(client: Client) -> None:
    url = "/en/calc/tax/?variant=commander&mana_cost=%7B3%7D%7BG%7D%7BG%7D&previous_casts=2&reduction=1"
    html = client.get(url + "&partner=1").content.decode()
    assert drawn("{6}{G}{G}") in html
    assert 'href="/en/rules/903.8/"' in html and 'href="/en/rules/702.124d/"' in html
    assert 'name="partner" value="1" checked' in html
    alone = client.get(url).content.decode()  # no partner: no partner step (issue 24)
    assert 'href="/en/rules/903.8/"' in alone and "A partner commander" not in alone
    assert 'name="mana_cost" value="{3}{G}{G}"' in html
    assert 'hx-get="/en/calc/tax/"' in html and 'hx-push-url="true"' in html
    dtc = client.get("/en/calc/tax/?variant=dtc&cost=6&reduction=5&play_number=3&mana_cost=ignored")
    assert '<span class="number">5</span>' in dtc.content.decode()
    assert 'href="/en/docs/dtc/#commander-tax"' in dtc.content.decode()
    planes = client.get("/en/calc/tax/?variant=planechase&rolls_this_turn=2").content.decode()
    assert '<span class="number">2</span>' in planes and 'href="/en/rules/901.9/"' in planes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tax_page_full_and_fragment(client: Client, lang: str) -> None:
    url = f"/{lang}/calc/tax/?variant=dtc&cost=6&reduction=5&play_number=3"
    full = client.get(url)
    assert full.status_code == 200
    html = full.content.decode()
    assert "<html" in html and 'name="variant"' in html and 'id="result"' in html
    assert 'name="cost"' in html and 'name="mana_cost"' not in html  # only the DTC fields
    fragment = client.get(url, **HX).content.decode()
    assert "<html" not in fragment and "<form" not in fragment
    assert fragment.strip().startswith('<section id="result"') and '<span class="number">5</span>' in fragment
    empty = client.get(f"/{lang}/calc/tax/")
    assert empty.status_code == 200 and "answer" not in empty.content.decode().split('id="result"')[1]


@pytest.mark.parametrize(
    ("variant", "fields", "absent"),
    [
        ("commander", ["mana_cost", "previous_casts", "cast_from", "reduction"], ["cost", "rolls_this_turn"]),
        ("brawl", ["mana_cost", "previous_casts", "cast_from", "reduction"], ["play_number"]),
        ("dtc", ["cost", "play_number", "reduction"], ["mana_cost", "cast_from", "rolls_this_turn"]),
        ("planechase", ["rolls_this_turn", "two_headed_giant"], ["mana_cost", "cost", "reduction"]),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tax_page_shows_only_the_formats_fields(
    client: Client, variant: str, fields: list[str], absent: list[str], lang: str
) -> None:
    # The format switch is a link: without JavaScript it reloads the page with that format's fields and no
    # answer yet; with htmx it swaps the whole calculator (tabs, form and result).
    response = client.get(f"/{lang}/calc/tax/", {"variant": variant})
    assert response.status_code == 200
    html = response.content.decode()
    assert all(f'name="{name}"' in html for name in fields)
    assert not any(f'name="{name}"' in html for name in absent)
    assert (
        f'<a href="/{lang}/calc/tax/?variant={variant}" hx-get="/{lang}/calc/tax/?variant={variant}"' in html
    )
    assert (
        f'?variant={variant}" hx-target="#tax-calculator" hx-swap="outerHTML" hx-push-url="true" '
        f'aria-current="page">' in html
    )
    assert "errorlist" not in html and 'class="answer"' not in html
    swapped = client.get(f"/{lang}/calc/tax/", {"variant": variant}, HTTP_HX_TARGET="tax-calculator", **HX)
    fragment = swapped.content.decode()
    assert fragment.strip().startswith('<div id="tax-calculator">') and "<html" not in fragment
    assert all(f'name="{name}"' in fragment for name in fields) and 'id="result"' in fragment
    assert (f'href="/{lang}/rules/702.124d/"' in html) == (
        variant in ("commander", "brawl")
    )  # the partner note


@pytest.mark.parametrize(
    ("query", "total", "sub"),
    [
        # 903.8: a commander cast from its owner's hand pays no tax, whatever the earlier casts.
        (
            {"mana_cost": "4GG", "previous_casts": "3", "cast_from": "hand"},
            "{4}{G}{G}",
            "Tax: 0 generic mana",
        ),
        (
            {"mana_cost": "4GG", "previous_casts": "", "cast_from": "graveyard"},
            "{4}{G}{G}",
            "Tax: 0 generic mana",
        ),
        # 118.7: "Cleric spells cost {W}{B} less", typed as mana.
        (
            {"mana_cost": "3WB", "previous_casts": "1", "cast_from": "command-zone", "reduction": "{W}{B}"},
            "{5}",
            "Tax: 2 generic mana",
        ),
        ({"mana_cost": "３ＷＢ", "previous_casts": "１", "reduction": "ＷＢ"}, "{5}", "Tax: 2 generic mana"),
        ({"mana_cost": "2緑緑", "previous_casts": "0", "reduction": "2"}, "{G}{G}", "Tax: 0 generic mana"),
    ],
)
def test_tax_page_cast_from_and_mana_reduction(
    client: Client, query: dict[str, str], total: str, sub: str
) -> None:
    html = client.get("/en/calc/tax/", {"variant": "commander", **query}, **HX).content.decode()
    assert drawn(total) in html and sub in html


def test_tax_page_cast_from_in_japanese(client: Client) -> None:
    html = client.get(
        "/ja/calc/tax/",
        {"variant": "commander", "mana_cost": "4GG", "previous_casts": "3", "cast_from": "hand"},
    ).content.decode()
    assert '<option value="hand" selected>手札</option>' in html and "統率領域" in html
    assert "手札から唱えられ" in html  # the step, in Japanese
    bad = client.get(
        "/ja/calc/tax/",
        {"variant": "commander", "mana_cost": "4GG", "previous_casts": "1", "reduction": "{X}"},
    )
    assert (
        bad.status_code == 400 and "コストの軽減：{X} はコストの軽減には使えません。" in bad.content.decode()
    )


def test_tax_page_problems(client: Client) -> None:
    response = client.get("/en/calc/tax/?variant=commander&mana_cost=" + MARKUP + "&previous_casts=-1")
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        "Previous casts from the command zone: a whole number from 0 to 1000." in html and "Mana cost" in html
    )
    assert MARKUP not in html and "&lt;script&gt;" in html
    fragment = client.get("/en/calc/tax/?variant=dtc&cost=x", **HX)
    assert fragment.status_code == 200  # htmx swaps only 2xx answers
    assert "Play from the command zone (1st, 2nd, …): required for Duel Masters Tag Commander (DTC)." in (
        fragment.content.decode()
    )
    assert "Cost: a whole number" in fragment.content.decode()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tax_page_reads_full_width_input(client: Client, lang: str) -> None:
    """A Japanese keyboard in full-width mode types ｛３｝｛Ｇ｝ and １; they mean {3}{G} and 1."""
    query = {"variant": "commander", "mana_cost": "｛３｝｛ｇ｝", "previous_casts": "２", "reduction": "１"}
    for extra in ({}, HX):
        response = client.get(f"/{lang}/calc/tax/", query, **extra)
        assert response.status_code == 200
        assert drawn("{6}{G}", lang) in response.content.decode()
    dtc = client.get(f"/{lang}/calc/tax/", {"variant": "dtc", "cost": "６", "play_number": "３"}, **HX)
    assert '<span class="number">10</span>' in dtc.content.decode()
