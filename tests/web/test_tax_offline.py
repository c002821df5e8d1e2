"""Commander tax worked out offline (static/js/tax-offline.js, run in Node) answers as the engine does
(issue 34 item 2): on every held-out case of tests/engine/cases/tax.txt it reaches, and on a grid of plain
inputs, the same tax, total, rules and step texts in both languages, the texts read from the catalog the page
fetches (GET /api/calc/tax-texts, generated from the engine's own); a payload the engine refuses is never
answered offline."""

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
from judge.engine.tax import calculate_tax
from tests.engine.test_tax import CASES

JS = Path(__file__).resolve().parents[2] / "static" / "js" / "tax-offline.js"
NODE = shutil.which("node") or shutil.which("nodejs")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

HARNESS = """
const fs = require("fs");
const tax = require(process.argv[1]);
const input = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(input.payloads.map((p) => {
  const answer = tax.compute(p);
  if (!answer) return null;
  const steps = (lang) => answer.steps.map((s) => ({rule: s.rule, text: tax.text(s, input.texts, lang)}));
  return {tax_generic: answer.tax_generic, total_cost: answer.total_cost, ja: steps("ja"), en: steps("en")};
})));
"""


def offline(payloads: list[dict[str, Any]], texts: dict[str, Any]) -> list[dict[str, Any] | None]:
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", HARNESS, str(JS)],
        input=json.dumps({"payloads": payloads, "texts": texts}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def server(payload: dict[str, Any]) -> dict[str, Any] | None:
    try:
        result = calculate_tax(payload)
    except InvalidInputError:
        return None
    steps = {
        lang: [{"rule": s["rule"], "text": s["text"]} for s in result.to_answer(lang)["steps"]]
        for lang in ("ja", "en")
    }
    return {"tax_generic": result.tax_generic, "total_cost": result.total_cost, **steps}


@pytest.fixture(scope="module")
def texts() -> dict[str, Any]:
    return Client().get("/api/calc/tax-texts").json()["texts"]  # type: ignore[no-any-return]


GRID = [
    {"variant": variant, "mana_cost": cost, "previous_casts": casts, "reduction": cut, "partner": partner}
    for variant, cost, casts, cut, partner in itertools.product(
        ["commander", "brawl"],
        ["{3}{G}{G}", "2WU", "{0}", "{1}", "C", "{10}{R}"],
        [0, 1, 3],
        [0, 1, 4, 9],
        [False, True],
    )
]


@pytest.mark.django_db
def test_offline_answers_are_the_engines_on_the_held_out_cases(texts: dict[str, Any]) -> None:
    payloads = [case["payload"] for case in CASES]
    reached = 0
    for case, answer in zip(CASES, offline(payloads, texts), strict=True):
        if answer is None:
            continue
        reached += 1
        assert not case["errors"], f"{case['id']}: answered offline what the engine refuses"
        assert answer == server(case["payload"]), case["id"]
    assert reached >= 8  # the plain Commander and Brawl cases


@pytest.mark.django_db
def test_offline_answers_are_the_engines_on_plain_inputs(texts: dict[str, Any]) -> None:
    for payload, answer in zip(GRID, offline(GRID, texts), strict=True):
        assert answer is not None, payload
        assert answer == server(payload), payload


@pytest.mark.django_db
def test_what_the_port_does_not_reach_is_left_to_the_server(texts: dict[str, Any]) -> None:
    left = [
        {"variant": "commander", "mana_cost": "{2}{G/W}", "previous_casts": 1},
        {"variant": "commander", "mana_cost": "{X}{R}", "previous_casts": 1},
        {"variant": "commander", "mana_cost": "{3}{G}", "reduction": "{G}"},
        {"variant": "commander", "mana_cost": "{3}{G}", "cast_from": "hand"},
        {"variant": "dtc", "cost": 5, "play_number": 2},
        {"variant": "commander", "mana_cost": "3QQ"},
    ]
    assert offline(left, texts) == [None] * len(left)
