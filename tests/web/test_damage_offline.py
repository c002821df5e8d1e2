"""Commander damage worked out offline (static/js/damage-offline.js, run in Node) answers as the engine does
(issue 34 item 2): on every worked case of tests/engine/cases/damage.json, on a grid of tables and on bad
payloads, the same totals, losses, steps (code, rule, objects, text in both languages) or the same problems
(code, rule, field, text in both languages, and whether the input is bad or the game unreachable), with the
texts and limits read from the JSON the page fetches (GET /api/calc/offline-rules, generated from the
engine's own); and the page's table (judge.calc.forms.DamageTable) reads a query to the same payload and
problems."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import translation

from judge.calc.forms import DamageTable
from judge.engine.damage import COMMANDER_DAMAGE_LIMIT, calculate_commander_damage
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.texts import CATALOG

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js" / "damage-offline.js"
CASES = json.loads((ROOT / "tests" / "engine" / "cases" / "damage.json").read_text(encoding="utf-8"))
NODE = shutil.which("node") or shutil.which("nodejs")

pytestmark = [pytest.mark.skipif(NODE is None, reason="Node.js is not installed"), pytest.mark.django_db]

HARNESS = """
const fs = require("fs");
const damage = require(process.argv[1]);
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const R = input.rules.damage;
const texts = input.rules.texts;
function answer(p) {
  const a = damage.compute(p, R);
  if (a.error) {
    const problems = (lang) => a.error.problems.map((m) => ({code: m.code, rule: m.rule,
      text: damage.render(m, texts, lang), field: m.field}));
    return {error: a.error.kind, ja: problems("ja"), en: problems("en")};
  }
  const steps = (lang) => a.steps.map((s) => ({code: s.code, rule: s.rule,
    text: damage.render(s, texts, lang), objects: s.objects}));
  return {totals: a.totals, lost: a.lost, lost_teams: a.lost_teams, ja: steps("ja"), en: steps("en")};
}
const out = {answers: input.payloads.map(answer), tables: input.tables.map(([q, lang]) => {
  const t = damage.readTable(q, R, lang);
  return {problems: t.problems, payload: t.payload};
})};
process.stdout.write(JSON.stringify(out));
"""


def offline(
    rules: dict[str, Any], payloads: list[Any], tables: list[tuple[dict[str, str], str]] | None = None
) -> dict[str, Any]:
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", HARNESS, str(JS)],
        input=json.dumps({"rules": rules, "payloads": payloads, "tables": tables or []}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def server(payload: Any) -> dict[str, Any]:
    try:
        result = calculate_commander_damage(payload)
    except (InvalidInputError, IllegalStateError) as err:
        kind = "invalid" if isinstance(err, InvalidInputError) else "illegal"
        problems = {lang: [{"field": "", **p} for p in err.to_answer(lang)] for lang in ("ja", "en")}
        return {"error": kind, **problems}
    answer = {key: value for key, value in result.to_answer("en").items() if key != "steps"}
    return {**answer, **{lang: result.to_answer(lang)["steps"] for lang in ("ja", "en")}}


@pytest.fixture(scope="module")
def rules(django_db_setup: None, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        return Client().get("/api/calc/offline-rules").json()  # type: ignore[no-any-return]


def _compare(rules: dict[str, Any], payloads: list[Any]) -> None:
    for payload, answer in zip(payloads, offline(rules, payloads)["answers"], strict=True):
        assert answer == server(payload), payload


def test_the_worked_cases_answer_as_the_engine(rules: dict[str, Any]) -> None:
    assert len(CASES) >= 20
    _compare(rules, [case["payload"] for case in CASES])


PLAYERS = ["Alex", "Bianca", "Carol", "Dana"]
COMMANDERS = [
    {"id": "a", "owner": "Alex", "name": "Rafiq of the Many", "name_ja": "数多のラフィーク"},
    {"id": "t", "owner": "Bianca", "name": "Tymna the Weaver"},
    {"id": "h", "owner": "Bianca", "name": "Thrasios, Triton Hero"},
    {"id": "c", "owner": "Carol"},
]


def _grid() -> list[dict[str, Any]]:
    payloads = []
    hits = [
        {"source": "a", "target": "Bianca", "amount": 11, "combat": True},
        {"source": "t", "target": "Alex", "amount": 12, "combat": True},
        {"source": "h", "target": "Alex", "amount": 12, "combat": True, "prevented": 3},
        {"kind": "life-gain", "target": "Alex", "amount": 5},
        {"source": "c", "target": "Dana", "amount": 21, "combat": False},
        {"source": "a", "target": "Alex", "amount": 21, "combat": True, "controller": "Carol"},
        {"source": "c", "target": "Dana", "amount": 4, "combat": True, "prevented": 4},
        {"source": "c", "target": "Dana", "amount": 0, "combat": True},
    ]
    for variant, teams, repeat in itertools.product(
        ["commander", "brawl"], [None, [["Alex", "Carol"], ["Bianca", "Dana"]]], [1, 2]
    ):
        for start in range(len(hits)):
            payload: dict[str, Any] = {
                "variant": variant,
                "players": PLAYERS,
                "commanders": COMMANDERS,
                "events": (hits[start:] + hits[:start]) * repeat,
            }
            if teams:
                payload["teams"] = teams
            payloads.append(payload)
    return payloads


def test_a_grid_of_games_answers_as_the_engine(rules: dict[str, Any]) -> None:
    _compare(rules, _grid())


BAD: list[Any] = [
    [],
    "commander",
    {},
    {"variant": "dtc", "players": ["A"], "commanders": [], "events": []},
    {"variant": " brawl ", "players": ["A", "B"], "commanders": [], "events": [], "extra": 1, "more": 2},
    {"variant": 3, "players": "A", "commanders": {}, "events": None},
    {"variant": None, "players": [], "commanders": [], "events": []},
    {
        "variant": "commander",
        "players": ["A", "A", "", " ", 4, None, "x" * 201],
        "commanders": [],
        "events": [],
    },
    {
        "variant": "commander",
        "players": ["A", "B"],
        "commanders": [
            {"id": "x", "owner": "C"},
            {"id": "x", "owner": "A", "name": None, "name_ja": 3, "colour": "G"},
            "not an object",
            {"id": "y", "owner": "A", "name": " "},
            {"owner": "B"},
        ],
        "events": [],
    },
    {
        "variant": "commander",
        "players": ["A", "B"],
        "commanders": [{"id": "x", "owner": "C"}, {"id": "y", "owner": "Z"}],
        "events": [],
    },
    {
        "variant": "commander",
        "players": ["A", "B"],
        "commanders": [{"id": k, "owner": "A"} for k in "xyz"],
        "events": [],
    },
    {
        "variant": "commander",
        "players": ["A", "B"],
        "commanders": [{"id": "x", "owner": "A"}],
        "events": [
            {"source": "x", "target": "B", "amount": -1, "combat": True},
            {"source": "q", "target": "Q", "amount": 3, "combat": "yes", "prevented": 5, "controller": "Z"},
            {"source": "x", "target": "B", "amount": 2, "combat": True, "prevented": 5},
            {"source": "x", "target": "B", "amount": True, "combat": 1, "prevented": None},
            {"kind": "poison", "target": "B"},
            {"kind": None},
            {"kind": "life-gain", "target": "C", "amount": 2_000_000, "source": "x"},
            7,
            {"target": "B"},
            {"source": "x", "target": "B", "amount": 1_000_001, "combat": False, "bonus": 1},
        ],
    },
    {
        "variant": "commander",
        "players": ["A", "B", "C"],
        "commanders": [],
        "events": [],
        "teams": [["A", "A"], ["Z", 3], [], "B"],
    },
    {"variant": "commander", "players": ["A", "B"], "commanders": [], "events": [], "teams": [["A", "B"]]},
    {"variant": "commander", "players": ["A", "B"], "commanders": [], "events": [], "teams": None},
    {"variant": "commander", "players": ["A", "B"], "commanders": [], "events": [], "teams": []},
    {"variant": "commander", "players": [f"P{n}" for n in range(70)], "commanders": [], "events": []},
    {
        "variant": "commander",
        "players": [],
        "commanders": [],
        "events": [],
        **{f"k{n}": 0 for n in range(60)},
    },
    {
        "variant": "commander",
        "players": ["A"],
        "commanders": [],
        "events": [{"source": "x", "target": "B", "amount": -1, "combat": True}] * 30,
    },
    {"variant": "commander", "players": ["\u202eA", "B\u200b", "😀" * 61], "commanders": [], "events": []},
]


def test_bad_payloads_have_the_engines_problems(rules: dict[str, Any]) -> None:
    answers = offline(rules, BAD)["answers"]
    assert {a.get("error") for a in answers} == {"invalid", "illegal", None}
    for payload, answer in zip(BAD, answers, strict=True):
        assert answer == server(payload), payload


def _queries() -> list[dict[str, str]]:
    base = {"variant": "commander", "seats": "4", "name1": "Aki", "cmdr1": "Rafiq", "name2": "Ben"}
    return [
        base,
        {**base, "d1a_2": "21", "d1a_3": "5", "partner2": "Thrasios", "d2b_1": "22", "d2a_1": "3"},
        {**base, "variant": "brawl", "d1a_2": "25"},
        {**base, "thg": "1", "d1a_2": "21"},
        {**base, "thg": "1", "seats": "3"},
        {**base, "d1a_2": "1000", "d3a_1": "x", "d4a_4": "２１"},
        {**base, "seats": "12", "name1": "  Ａｋｉ  ", "d1a_1": "21"},
        {**base, "seats": "1", "resize": "3"},
        {**base, "name2": "Aki"},
        {**base, "variant": "dtc"},
    ]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_pages_table_reads_a_query_as_the_server_does(rules: dict[str, Any], lang: str) -> None:
    queries = _queries()
    got = offline(rules, [], [(q, lang) for q in queries])["tables"]
    with translation.override(lang):
        for query, table in zip(queries, got, strict=True):
            data = QueryDict(mutable=True)
            data.update(query)
            expected = DamageTable(data)
            assert table["problems"] == expected.problems, query
            assert table["payload"] == expected.payload(), query


def test_the_offline_rules_are_the_engines(rules: dict[str, Any]) -> None:
    assert rules["damage"]["limit"] == COMMANDER_DAMAGE_LIMIT
    assert all(CATALOG[code] == entry for code, entry in rules["texts"].items())
    assert {code for code in CATALOG if code.startswith("damage.")} <= set(rules["texts"])
    assert rules["rules"]["commander:9"]["ja"]["label"] == "統率者戦ルール 9"
    assert (
        rules["damage"]["page"]["ja"]["loses"] == "{player}の敗北：{commander}からの戦闘ダメージ {damage} 点"
    )
