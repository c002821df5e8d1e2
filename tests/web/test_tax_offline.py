"""The tax calculator worked out offline (static/js/tax-offline.js, run in Node) answers as the
engine does (issue 34 item 2): on every case of tests/engine/cases/tax.txt and on grids of mixed inputs
(hybrid, Phyrexian, X, Japanese and full-width costs, coloured reductions, every zone, partners, Brawl,
DTC, the planar die) and of bad ones: the same step codes, rules and parameters, the same totals, the
same problems (code, field, parameters) and the same texts in both languages, the rules and texts read
from the catalog the page fetches (GET /api/calc/tax-texts, generated from the engine:
judge.engine.tax_offline, judge.calc.tax_offline_page)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judge.engine.errors import InvalidInputError
from judge.engine.messages import Message, Text
from judge.engine.tax import calculate_tax
from tests.engine.test_tax import CASES

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "tax-offline.js"
NODE = shutil.which("node") or shutil.which("nodejs")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

HARNESS = """
const fs = require("fs");
const tax = require(process.argv[1]);
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const texts = input.catalog.texts;
const said = (m) => ({...m, ja: tax.render(m, texts, "ja"), en: tax.render(m, texts, "en")});
process.stdout.write(JSON.stringify(input.payloads.map((p) => {
  const answer = tax.compute(p, input.catalog.rules);
  if (answer.problems) return {problems: answer.problems.map(said)};
  return {tax_generic: answer.tax_generic, total_cost: answer.total_cost, steps: answer.steps.map(said)};
})));
"""


def offline(payloads: list[Any], catalog: dict[str, Any]) -> list[dict[str, Any]]:
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", HARNESS, str(JS)],
        input=json.dumps({"payloads": payloads, "catalog": catalog}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def _value(value: object) -> object:
    if isinstance(value, Message):
        return {"code": value.code, "rule": value.rule, "field": value.field, "params": _params(value.params)}
    if isinstance(value, Text):
        return {"en": value.en, "ja": value.ja}
    return value


def _params(params: tuple[tuple[str, object], ...]) -> dict[str, object]:
    return {name: _value(value) for name, value in params}


def server(payload: Any) -> dict[str, Any]:
    """The engine's answer in the harness's shape: every code, rule, field, parameter and text."""
    try:
        result = calculate_tax(payload)
    except InvalidInputError as err:
        problems = []
        for problem in err.messages:
            assert isinstance(problem, Message)
            problems.append({**_value(problem), "ja": problem.text("ja"), "en": problem.text("en")})  # type: ignore[dict-item]
        return {"problems": problems}
    steps = [
        {
            "code": s.code,
            "rule": s.rule,
            "params": _params(s.params),
            "ja": s.render("ja"),
            "en": s.render("en"),
        }
        for s in result.steps
    ]
    return {"tax_generic": result.tax_generic, "total_cost": result.total_cost, "steps": steps}


@pytest.fixture(scope="module")
def catalog(django_db_setup: None, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():  # the catalog names the cited rules by the live corpus's numbers
        return Client().get("/api/calc/tax-texts").json()  # type: ignore[no-any-return]


def _same(payloads: list[Any], catalog: dict[str, Any]) -> int:
    """Assert the offline answers are the engine's; the number of payloads answered (not refused)."""
    answered = 0
    for payload, answer in zip(payloads, offline(payloads, catalog), strict=True):
        assert answer == server(payload), payload
        answered += "problems" not in answer
    return answered


@pytest.mark.django_db
def test_every_case_of_the_case_file_is_answered_offline_as_the_engine_does(catalog: dict[str, Any]) -> None:
    assert len(CASES) >= 60
    answers = offline([case["payload"] for case in CASES], catalog)
    for case, answer in zip(CASES, answers, strict=True):
        assert answer == server(case["payload"]), case["id"]
        if case["errors"]:
            assert [(p["field"], p["code"]) for p in answer["problems"]] == case["errors"], case["id"]
        else:
            assert answer["total_cost"] == case["expect"].get("total_cost", answer["total_cost"]), case["id"]
            rules = case["expect"].get("rules")
            assert rules is None or [s["rule"] for s in answer["steps"]] == rules, case["id"]


COSTS = [
    *("{3}{G}{G}", "2WU/B", "{2/W}{2/W}", "{X}{R}", "XX1G", "1G/P", "{2}{W/U}{G/P}", "2緑緑", "３ＧＧ"),
    *("{C}{C}", "{0}", "{S}{G}", "{HW}", "{B/G/P}", "{C/W}", "(2/W)", "4R/GR/G", "{1} {U}、{R}"),
]
REDUCTIONS: list[object] = [
    0,
    1,
    3,
    9,
    "{W}",
    "WB",
    "{G/W}",
    "{2/U}",
    "{G/P}",
    "{C}",
    "{S}",
    "2G",
    "{U}{U}{U}",
]


GRID = [
    {"variant": variant, "mana_cost": cost, "previous_casts": casts, "reduction": cut, **extra}
    for variant, cost, casts, cut, extra in itertools.product(
        ["commander", "brawl"],
        COSTS,
        [0, 1, 3],
        REDUCTIONS,
        [{}, {"partner": True}, {"cast_from": "graveyard"}],
    )
]
OTHER_GRID = [
    *(
        {"variant": "dtc", "cost": cost, "reduction": cut, "play_number": play}
        for cost, cut, play in itertools.product([0, 1, 5, 9], [0, 1, 4, 5, 12], [1, 2, 4])
    ),
    *(
        {"variant": "planechase", "rolls_this_turn": rolls, "two_headed_giant": giant}
        for rolls, giant in itertools.product([0, 1, 2, 7], [False, True])
    ),
    *(
        {"variant": variant, "previous_casts": casts, "cast_from": zone, "partner": partner}
        for variant, casts, zone, partner in itertools.product(
            ["commander", "brawl"],
            [0, 1, 4],
            ["command-zone", "hand", "exile", "library", "other"],
            [False, True],
        )
    ),
]


@pytest.mark.django_db
def test_a_grid_of_mixed_commander_inputs_is_answered_as_the_engine_does(catalog: dict[str, Any]) -> None:
    assert _same(GRID, catalog) >= len(GRID) * 9 // 10


@pytest.mark.django_db
def test_dtc_the_planar_die_and_the_tax_alone_are_answered_as_the_engine_does(
    catalog: dict[str, Any],
) -> None:
    assert _same(OTHER_GRID, catalog) == len(OTHER_GRID)


BAD: list[Any] = [
    [],
    "commander",
    {},
    {"variant": None},
    {"variant": 3.5},
    {"variant": "oathbreaker", "mana_cost": "3QQ", "previous_casts": -1, "cost": "x", "two_headed_giant": 1},
    {"variant": " commander ", "mana_cost": "{T}{Q}{G}", "previous_casts": 1},
    {"variant": "commander", "mana_cost": "{G", "previous_casts": 1},
    {"variant": "commander", "mana_cost": "   ", "previous_casts": 1},
    {"variant": "commander", "mana_cost": 5, "previous_casts": True},
    {"variant": "commander", "mana_cost": "G" * 201, "previous_casts": 0},
    {"variant": "commander", "mana_cost": "{9999999}", "previous_casts": 0},
    {"variant": "commander", "mana_cost": "{21/W}{P/P}{W/U/B/G}", "previous_casts": 0},
    {"variant": "commander", "mana_cost": "{٣}", "previous_casts": 0},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1, "reduction": "{X}{Y}"},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1, "reduction": "{1000001}"},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1, "reduction": [1]},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1, "cast_from": 7},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1, "cast_from": "\u0000bad"},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1e-7, "partner": "yes"},
    {"variant": "commander", "mana_cost": "{G}", "previous_casts": 1e17},
    {"variant": "commander", "previous_casts": 1, "reduction": "0"},
    {"variant": "commander", "mana_cost": "{G}"},
    {"variant": "brawl", "mana_cost": "{G}", "cast_from": "hand", "typo": 1},
    {"variant": "dtc", "cost": -1, "reduction": 1_000_001, "play_number": 0, "mana_cost": "{G}"},
    {"variant": "dtc", "reduction": "{W}"},
    {"variant": "planechase", "rolls_this_turn": 1001, "two_headed_giant": "1"},
    {"variant": "commander", **{f"x{n}": n for n in range(60)}},
]


@pytest.mark.django_db
def test_bad_input_gets_the_same_problems_offline(catalog: dict[str, Any]) -> None:
    assert _same(BAD, catalog) == 0


@pytest.mark.django_db
def test_the_catalog_is_the_engines(catalog: dict[str, Any]) -> None:
    from judge.engine.texts import CATALOG

    assert catalog["texts"]["tax.start"] == CATALOG["tax.start"]
    assert catalog["rules"]["fields"]["planechase"] == [
        ["rolls_this_turn", True],
        ["two_headed_giant", False],
    ]
    assert catalog["words"]["ja"]["total"] == "総コスト"
    assert catalog["rule_links"]["en"]["other"]["dtc:commander-tax"]["url"] == "/en/docs/dtc/#commander-tax"


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_format_switch_offline_brings_what_the_server_does(catalog: dict[str, Any], lang: str) -> None:
    client = Client()
    for variant, calculator in catalog["calculators"][lang].items():
        swapped = client.get(
            f"/{lang}/calc/tax/",
            {"variant": variant},
            HTTP_HX_REQUEST="true",
            HTTP_HX_TARGET="tax-calculator",
        )
        assert calculator == swapped.content.decode().strip(), variant


@pytest.mark.django_db
def test_the_catalog_is_asked_again_cheaply() -> None:
    client = Client()
    first = client.get("/api/calc/tax-texts")
    assert first["Content-Type"] == "application/json" and first["Cache-Control"] == "no-cache"
    again = client.get("/api/calc/tax-texts", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content
