"""Worked example rulings as data, replayed through the engine (``rules_data/scenarios/*.json``).

A scenario is one JSON file (its name is ``<slug>.json``) written in both
languages; the test suite replays every scenario through the engine and
asserts its expectations, so a scenario can never drift from the engine.

File format
-----------
::

    {
      "slug": "mind-control-alex-leaves",            # same as the file name, [a-z0-9-]
      "title":   {"en": "...", "ja": "..."},
      "summary": {"en": "...", "ja": "..."},
      "rules":   ["800.4a", "704.5m"],               # every rule cited anywhere in the file
      "steps": [
        {
          "narration": {"en": "...", "ja": "..."},
          "rules": ["800.4a"],                       # the rules this step relies on
          "action": {"kind": "leave-game", "payload": {...}},   # optional
          "expect": {...}                            # required with an action
        }
      ]
    }

Rules are CR numbers without trailing dot (``"800.4a"``, ``"903"``) or
format-document anchors (``"dtc:commander-tax"``, ``"commander:2"``).

Actions (``kind`` -> engine function, each given ``payload`` exactly as the
JSON API receives it):

- ``leave-game`` -> :func:`judge.engine.leave_game.leave_game_from_payload`
  (board plus ``"leaving"``). ``{"continue": true, "leaving": "B"}`` resumes
  from the board left by the previous leave-game step of the scenario.
- ``tax`` and ``planar-die`` -> ``judge.engine.tax.calculate_tax``
- ``commander-damage`` -> ``judge.engine.damage.calculate_commander_damage``
- ``color-identity`` -> ``judge.engine.identity.identify_cards`` (its list of
  results is compared as ``{"cards": [...]}``)

Modules are imported lazily so scenarios load even before every engine
module exists; :func:`missing_modules` says which are not there yet.

Expectations are a *subset* of the engine's ``as_dict()`` output (see
:func:`expectation_mismatches`): mappings match key by key; a list of
mappings that all carry an ``"id"`` matches element by id; any other list of
mappings must appear in order within the actual list (a subsequence); other
values must be equal.

>>> expectation_mismatches({"a": 1, "steps": [{"rule": "704.5m"}]},
...                        {"a": 1, "b": 2, "steps": [{"rule": "800.4a"}, {"rule": "704.5m", "text": "..."}]})
()
>>> expectation_mismatches({"objects": [{"id": "x", "zone": "exile"}]}, {"objects": [{"id": "x", "zone": "graveyard"}]})
("objects[id=x].zone: expected 'exile', got 'graveyard'",)
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.steps import Step

#: kind -> (module, function). Imported only when a step of that kind is replayed.
ACTIONS: dict[str, tuple[str, str]] = {
    "leave-game": ("judge.engine.leave_game", "leave_game_from_payload"),
    "tax": ("judge.engine.tax", "calculate_tax"),
    "planar-die": ("judge.engine.tax", "calculate_tax"),
    "commander-damage": ("judge.engine.damage", "calculate_commander_damage"),
    "color-identity": ("judge.engine.identity", "identify_cards"),
}

RULE_RE = re.compile(r"^(?:\d{3}(?:\.\d+[a-z]?)?|(?:dtc|commander):[a-z0-9-]+)$")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_FILE_BYTES = 1_000_000


class ScenarioError(InvalidInputError):
    """A scenario file is malformed; every problem names the file."""


@dataclass(frozen=True)
class Text:
    """A text in both languages."""

    en: str
    ja: str


@dataclass(frozen=True)
class ScenarioStep:
    narration: Text
    rules: tuple[str, ...]
    kind: str | None = None
    payload: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    expect: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)


@dataclass(frozen=True)
class Scenario:
    slug: str
    title: Text
    summary: Text
    rules: tuple[str, ...]
    steps: tuple[ScenarioStep, ...]
    source: str = ""

    @property
    def kinds(self) -> frozenset[str]:
        """The engine actions this scenario needs."""
        return frozenset(s.kind for s in self.steps if s.kind is not None)


@dataclass(frozen=True)
class ReplayedStep:
    """One scenario step after replay: the state before and after, the engine's steps, and the verdict."""

    index: int
    step: ScenarioStep
    before: Mapping[str, Any] | None = field(hash=False, compare=False)
    after: Mapping[str, Any] | None = field(hash=False, compare=False)
    engine_steps: tuple[Step, ...] = ()
    matched: bool = True
    mismatches: tuple[str, ...] = ()


# ---------------------------------------------------------------------------
# Loading


def _text(value: Any, where: str, problems: list[str]) -> Text:
    if not isinstance(value, Mapping):
        problems.append(f"{where}: must be an object with \"en\" and \"ja\"")
        return Text("", "")
    found: dict[str, str] = {}
    for lang in ("en", "ja"):
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}.{lang}: required, a non-empty string")
            found[lang] = ""
        else:
            found[lang] = text
    extra = sorted(set(value) - {"en", "ja"})
    if extra:
        problems.append(f"{where}: unknown language(s) {', '.join(extra)}")
    return Text(en=found["en"], ja=found["ja"])


def _rules(value: Any, where: str, problems: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        problems.append(f"{where}: must be a non-empty list of rule numbers")
        return ()
    rules: list[str] = []
    for index, rule in enumerate(value):
        if not isinstance(rule, str) or not RULE_RE.match(rule):
            problems.append(f"{where}[{index}]: {rule!r} is not a rule number like 800.4a or an anchor like dtc:x")
        else:
            rules.append(rule)
    return tuple(rules)


def parse_scenario(data: Any, *, source: str) -> Scenario:
    """Check one scenario (already decoded from JSON) and build it; :class:`ScenarioError` lists every problem.

    >>> parse_scenario({"slug": "x"}, source="x.json")
    Traceback (most recent call last):
    ...
    judge.engine.scenarios.ScenarioError: x.json: title: must be an object with "en" and "ja"; x.json: summary: must be an object with "en" and "ja"; x.json: rules: must be a non-empty list of rule numbers; x.json: steps: must be a non-empty list
    """
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise ScenarioError([f"{source}: the file must hold one JSON object"])
    slug = data.get("slug")
    if not isinstance(slug, str) or not SLUG_RE.match(slug):
        problems.append(f"slug: {slug!r} is not a slug like mind-control-alex-leaves")
        slug = ""
    elif source.endswith(".json") and Path(source).stem != slug:
        problems.append(f"slug: {slug!r} differs from the file name {Path(source).name!r}")
    title = _text(data.get("title"), "title", problems)
    summary = _text(data.get("summary"), "summary", problems)
    rules = _rules(data.get("rules"), "rules", problems)
    extra = sorted(set(data) - {"slug", "title", "summary", "rules", "steps"})
    if extra:
        problems.append(f"unknown field(s) {', '.join(extra)}")
    raw_steps = data.get("steps")
    steps: list[ScenarioStep] = []
    if not isinstance(raw_steps, list) or not raw_steps:
        problems.append("steps: must be a non-empty list")
        raw_steps = []
    for index, raw in enumerate(raw_steps):
        where = f"steps[{index}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: must be an object")
            continue
        narration = _text(raw.get("narration"), f"{where}.narration", problems)
        step_rules = _rules(raw.get("rules"), f"{where}.rules", problems)
        for rule in step_rules:
            if rules and rule not in rules:
                problems.append(f"{where}.rules: {rule} is not listed in the scenario's rules")
        extra = sorted(set(raw) - {"narration", "rules", "action", "expect"})
        if extra:
            problems.append(f"{where}: unknown field(s) {', '.join(extra)}")
        kind: str | None = None
        payload: Mapping[str, Any] | None = None
        action = raw.get("action")
        expect = raw.get("expect")
        if action is not None:
            if not isinstance(action, Mapping):
                problems.append(f"{where}.action: must be an object with kind and payload")
            else:
                kind = action.get("kind")
                if kind not in ACTIONS:
                    problems.append(f"{where}.action.kind: {kind!r} is not one of {', '.join(ACTIONS)}")
                    kind = None
                payload = action.get("payload")
                if not isinstance(payload, Mapping):
                    problems.append(f"{where}.action.payload: must be an object")
                    payload = None
                if not isinstance(expect, Mapping):
                    problems.append(f"{where}.expect: required with an action, an object")
                    expect = None
        elif expect is not None:
            problems.append(f"{where}.expect: a step without an action cannot expect anything")
            expect = None
        steps.append(ScenarioStep(narration=narration, rules=step_rules, kind=kind, payload=payload, expect=expect))
    if problems:
        raise ScenarioError([f"{source}: {p}" for p in problems])
    return Scenario(slug=slug, title=title, summary=summary, rules=rules, steps=tuple(steps), source=source)


def load_scenarios(directory: Path) -> tuple[Scenario, ...]:
    """Load every ``*.json`` scenario in ``directory``, sorted by file name.

    Raises :class:`ScenarioError` naming each malformed file (all files are
    checked before raising). Slugs are unique because each must match its
    file name.
    """
    problems: list[str] = []
    scenarios: list[Scenario] = []
    for path in sorted(directory.glob("*.json")):
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ScenarioError([f"{path.name}: larger than {MAX_FILE_BYTES} bytes"])
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as err:
                raise ScenarioError([f"{path.name}: not valid UTF-8 JSON: {err}"]) from None
            scenario = parse_scenario(data, source=path.name)
        except ScenarioError as err:
            problems.extend(err.problems)
            continue
        scenarios.append(scenario)
    if problems:
        raise ScenarioError(problems)
    return tuple(scenarios)


# ---------------------------------------------------------------------------
# Replay


def _engine(kind: str) -> Callable[[Mapping[str, Any]], Any]:
    module_name, function_name = ACTIONS[kind]
    module = importlib.import_module(module_name)
    function: Callable[[Mapping[str, Any]], Any] = getattr(module, function_name)
    return function


def missing_modules(scenario: Scenario | None = None) -> tuple[str, ...]:
    """Engine modules a scenario (or any scenario) needs that cannot be imported yet.

    >>> "judge.engine.leave_game" in missing_modules()
    False
    """
    kinds = scenario.kinds if scenario is not None else frozenset(ACTIONS)
    missing: list[str] = []
    for kind in sorted(kinds):
        module_name, function_name = ACTIONS[kind]
        if module_name in missing:
            continue
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            missing.append(module_name)
            continue
        if not hasattr(module, function_name):
            missing.append(module_name)
    return tuple(missing)


def _as_result(kind: str, value: Any) -> tuple[dict[str, Any], tuple[Step, ...]]:
    """The engine result as a JSON-like dict, plus its explained steps."""
    if isinstance(value, (list, tuple)):
        cards = [item.as_dict() for item in value]
        steps = tuple(s for item in value for s in _explained(item))
        return {"cards": cards}, steps
    result: dict[str, Any] = value.as_dict()
    return result, _explained(value)


def _explained(value: Any) -> tuple[Step, ...]:
    """The explained steps of an engine result (``steps``, or ``explanation`` for colour identity)."""
    found = getattr(value, "steps", None) or getattr(value, "explanation", None) or ()
    return tuple(s for s in found if isinstance(s, Step))


def replay(scenario: Scenario) -> tuple[ReplayedStep, ...]:
    """Run every step of ``scenario`` through the engine and compare with its expectations.

    A step whose engine call raises a :class:`RulesError` is compared as
    ``{"error": {"type": "<class name>", "problems": [...]}}``, so a scenario
    can also show an illegal request being refused.
    """
    replayed: list[ReplayedStep] = []
    previous_board: Mapping[str, Any] | None = None
    for index, step in enumerate(scenario.steps):
        if step.kind is None or step.payload is None:
            replayed.append(ReplayedStep(index=index, step=step, before=None, after=None))
            continue
        payload: Mapping[str, Any] = step.payload
        if step.kind == "leave-game" and payload.get("continue"):
            if previous_board is None:
                mismatch = ("continue: no earlier leave-game step to continue from",)
                replayed.append(ReplayedStep(index=index, step=step, before=payload, after=None,
                                             matched=False, mismatches=mismatch))
                continue
            payload = {**previous_board, **{k: v for k, v in payload.items() if k != "continue"}}
        engine_steps: tuple[Step, ...] = ()
        try:
            value = _engine(step.kind)(payload)
        except RulesError as err:
            after: dict[str, Any] = {"error": {"type": type(err).__name__, "problems": list(err.problems)}}
        else:
            after, engine_steps = _as_result(step.kind, value)
            if step.kind == "leave-game":
                from judge.engine.board import board_to_payload

                previous_board = board_to_payload(value.board)
        mismatches = expectation_mismatches(step.expect or {}, after)
        replayed.append(ReplayedStep(index=index, step=step, before=payload, after=after,
                                     engine_steps=engine_steps, matched=not mismatches, mismatches=mismatches))
    return tuple(replayed)


# ---------------------------------------------------------------------------
# Comparing


def expectation_mismatches(expected: Any, actual: Any, path: str = "") -> tuple[str, ...]:
    """Where ``actual`` fails to contain ``expected`` (see the module docstring); empty when it matches."""
    where = path or "result"
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return (f"{where}: expected an object, got {actual!r}",)
        found: list[str] = []
        for key, value in expected.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in actual:
                found.append(f"{sub}: missing")
            else:
                found.extend(expectation_mismatches(value, actual[key], sub))
        return tuple(found)
    if isinstance(expected, list):
        if not isinstance(actual, Sequence) or isinstance(actual, str):
            return (f"{where}: expected a list, got {actual!r}",)
        if expected and all(isinstance(e, Mapping) and "id" in e for e in expected):
            by_id = {a.get("id"): a for a in actual if isinstance(a, Mapping)}
            found = []
            for item in expected:
                sub = f"{where}[id={item['id']}]"
                if item["id"] not in by_id:
                    found.append(f"{sub}: missing")
                else:
                    found.extend(expectation_mismatches(item, by_id[item["id"]], sub))
            return tuple(found)
        if expected and all(isinstance(e, Mapping) for e in expected):
            position = 0
            for number, item in enumerate(expected):
                while position < len(actual) and expectation_mismatches(item, actual[position]):
                    position += 1
                if position == len(actual):
                    return (f"{where}: expected element {number} {item!r} not found in order in {list(actual)!r}",)
                position += 1
            return ()
        if list(actual) != expected:
            return (f"{where}: expected {expected!r}, got {list(actual)!r}",)
        return ()
    if expected != actual:
        return (f"{where}: expected {expected!r}, got {actual!r}",)
    return ()
