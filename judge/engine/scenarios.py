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
      "cards":   [{"name": "Rafiq of the Many", "name_ja": "数多のラフィーク"}],   # optional
      "steps": [
        {
          "narration": {"en": "...", "ja": "..."},
          "rules": ["800.4a"],                       # the rules this step relies on
          "action": {"kind": "leave-game", "payload": {...}},   # optional
          "expect": {...},                           # required with an action
          "change": {"en": "...", "ja": "..."}       # required without an action: what the step changes
        }
      ]
    }

Rules are CR numbers without trailing dot (``"800.4a"``, ``"903"``) or
format-document anchors (``"dtc:commander-tax"``, ``"commander:2"``).
Scenarios never quote rules text: they cite rules by number and the page
shows the stored text (with its own notice when a translation is older than
the current rules).

Card names: objects on a board carry ``name`` and ``name_ja`` (the official
Japanese name); calculator payloads take English names only, so ``cards``
gives the Japanese name of each card a calculator step names. A card never
printed in Japanese has no ``name_ja`` and shows its English name.

Actions: ``kind`` names an engine call, given ``payload`` exactly as the JSON API
receives it (:data:`judge.engine.scenario_actions.ACTIONS`: ``leave-game``, ``end-turn``, ``dtc-loss``,
``dtc-attack``, ``combat-damage``, ``tax``, ``planar-die``, ``commander-damage``, ``color-identity``).
A payload ``{"continue": true, ...}`` starts from the board the previous board action of the scenario
left (``{"continue": true, "leaving": "B"}``).

Expectations are a *subset* of the engine's JSON answer, compared by
:func:`judge.engine.scenario_replay.expectation_mismatches` when the scenario is replayed
(:func:`judge.engine.scenario_replay.replay_scenario`).

>>> scenario = parse_scenario({
...     "slug": "x", "title": {"en": "X", "ja": "X"}, "summary": {"en": "-", "ja": "-"}, "rules": ["903.8"],
...     "steps": [{"narration": {"en": "A cast.", "ja": "唱える。"}, "rules": ["903.8"],
...                "action": {"kind": "tax", "payload": {"variant": "commander", "mana_cost": "{G}",
...                                                      "previous_casts": 1}},
...                "expect": {"tax_generic": 2}}]}, source="x.json")
>>> scenario.kinds, scenario.steps[0].expect
(frozenset({'tax'}), {'tax_generic': 2})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judge.engine.board import Board, card_name
from judge.engine.citing import current_in
from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message, Text, render
from judge.engine.rule_numbers import is_citation
from judge.engine.scenario_actions import ACTIONS, answer
from judge.engine.steps import Step

MAX_FILE_BYTES = 1_000_000


class ScenarioError(InvalidInputError):
    """A scenario file is malformed; every problem names the file."""


@dataclass(frozen=True)
class ScenarioStep:
    narration: Text
    rules: tuple[str, ...]
    kind: str | None = None
    payload: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    expect: Mapping[str, Any] | None = field(default=None, hash=False, compare=False)
    change: Text | None = None


@dataclass(frozen=True)
class Scenario:
    slug: str
    title: Text
    summary: Text
    rules: tuple[str, ...]
    steps: tuple[ScenarioStep, ...]
    source: str = ""
    cards: tuple[tuple[str, Text], ...] = ()  # English name -> the name in both languages

    @property
    def kinds(self) -> frozenset[str]:
        """The engine actions this scenario needs."""
        return frozenset(s.kind for s in self.steps if s.kind is not None)

    @property
    def card_names(self) -> dict[str, Text]:
        return dict(self.cards)


@dataclass(frozen=True)
class ReplayedStep:
    """One scenario step after replay: the input and answer, the engine's steps, what changed, and the
    verdict."""

    index: int
    step: ScenarioStep
    before: Mapping[str, Any] | None = field(hash=False, compare=False)
    after: Mapping[str, Any] | None = field(hash=False, compare=False)
    engine_steps: tuple[Step, ...] = ()
    matched: bool = True
    mismatches: tuple[str, ...] = ()
    change: Text | Message | None = None
    board_before: Board | None = field(default=None, hash=False, compare=False)
    board_after: Board | None = field(default=None, hash=False, compare=False)
    error: RulesError | None = field(default=None, hash=False, compare=False)
    result: Any = field(default=None, hash=False, compare=False)

    @property
    def number(self) -> int:
        return self.index + 1

    def change_text(self, lang: str) -> str:
        if self.change is None:
            return ""
        return self.change.in_(lang) if isinstance(self.change, Text) else render(self.change, lang)

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        """The step for ``GET /api/scenarios/<slug>``: narration, what changed, rules, engine steps,
        answer."""
        data: dict[str, Any] = {
            "number": self.number,
            "narration": current_in(self.step.narration.in_(lang)),
            "change": self.change_text(lang),
            "rules": list(self.step.rules),
            "kind": self.step.kind,
        }
        if self.step.kind is not None:
            data["before"] = dict(self.before or {})
            data["engine_steps"] = [s.to_answer(lang) for s in self.engine_steps]
            if self.error is not None:
                data["errors"] = self.error.to_answer(lang)
            elif self.result is not None and not isinstance(self.result, list):
                data["after"] = {k: v for k, v in answer(self.result, lang).items() if k != "board"}
            else:
                data["after"] = dict(self.after or {})
            if self.board_after is not None:
                data["board_after"] = self.board_after.to_payload()
        return data


@dataclass(frozen=True)
class ReplayedScenario:
    """A scenario with every step replayed; :meth:`to_answer` is ``GET /api/scenarios/<slug>``."""

    scenario: Scenario
    steps: tuple[ReplayedStep, ...]

    @property
    def slug(self) -> str:
        return self.scenario.slug

    @property
    def matched(self) -> bool:
        return all(s.matched for s in self.steps)

    @property
    def start(self) -> ReplayedStep | None:
        """Step 0: the position before the first engine action (its board, for a leave-game scenario)."""
        return next((s for s in self.steps if s.step.kind is not None), None)

    def cited_rules(self) -> tuple[str, ...]:
        """Every rule the scenario and the engine's steps cite, in order of first citation."""
        found = [
            *self.scenario.rules,
            *(r for s in self.steps for r in s.step.rules),
            *(e.rule for s in self.steps for e in s.engine_steps if e.rule),
        ]
        return tuple(dict.fromkeys(found))

    def names(self, lang: str) -> dict[str, str]:
        """Object id -> name in ``lang``, for every object on any board of the scenario."""
        found: dict[str, str] = {}
        for step in self.steps:
            for board in (step.board_before, step.board_after):
                for obj in board.objects if board is not None else ():
                    found.setdefault(obj.id, obj.label.in_(lang))
        return found

    def to_answer(self, lang: str = "en") -> dict[str, Any]:
        start = self.start
        return {
            "slug": self.slug,
            "title": current_in(self.scenario.title.in_(lang)),
            "summary": current_in(self.scenario.summary.in_(lang)),
            "rules": list(self.cited_rules()),
            "start": None
            if start is None
            else {
                "kind": start.step.kind,
                "before": dict(start.before or {}),
            },
            "names": self.names(lang),
            "steps": [s.to_answer(lang) for s in self.steps],
        }


# ---------------------------------------------------------------------------
# Loading


def _text(value: Any, where: str, problems: list[str]) -> Text:
    if not isinstance(value, Mapping):
        problems.append(f'{where}: must be an object with "en" and "ja"')
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
        if not isinstance(rule, str) or not is_citation(rule):
            problems.append(
                f"{where}[{index}]: {rule!r} is not a rule number like 800.4a or an anchor like dtc:x"
            )
        else:
            rules.append(rule)
    return tuple(rules)


def _cards(value: Any, problems: list[str]) -> tuple[tuple[str, Text], ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        problems.append('cards: must be a list of {"name", "name_ja"}')
        return ()
    found: list[tuple[str, Text]] = []
    for index, item in enumerate(value):
        name = item.get("name") if isinstance(item, Mapping) else None
        name_ja = item.get("name_ja") if isinstance(item, Mapping) else None
        if not isinstance(name, str) or not name or not (name_ja is None or isinstance(name_ja, str)):
            problems.append(f'cards[{index}]: needs a "name" (and the official "name_ja" if there is one)')
            continue
        found.append((name, card_name(name, name_ja)))
    return tuple(found)


def _step(raw: Any, where: str, rules: tuple[str, ...], problems: list[str]) -> ScenarioStep | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be an object")
        return None
    narration = _text(raw.get("narration"), f"{where}.narration", problems)
    step_rules = _rules(raw.get("rules"), f"{where}.rules", problems)
    for rule in step_rules:
        if rules and rule not in rules:
            problems.append(f"{where}.rules: {rule} is not listed in the scenario's rules")
    extra = sorted(set(raw) - {"narration", "rules", "action", "expect", "change"})
    if extra:
        problems.append(f"{where}: unknown field(s) {', '.join(extra)}")
    kind: str | None = None
    payload: Mapping[str, Any] | None = None
    action = raw.get("action")
    expect = raw.get("expect")
    change: Text | None = None
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
        if "change" in raw:
            problems.append(f"{where}.change: an action's change is derived from the engine's answer")
    else:
        if expect is not None:
            problems.append(f"{where}.expect: a step without an action cannot expect anything")
            expect = None
        change = _text(raw.get("change"), f"{where}.change", problems)
    return ScenarioStep(
        narration=narration, rules=step_rules, kind=kind, payload=payload, expect=expect, change=change
    )


def parse_scenario(data: Any, *, source: str) -> Scenario:
    """Check one scenario (already decoded from JSON) and build it; :class:`ScenarioError` lists every
    problem.

    >>> parse_scenario({"slug": "x"}, source="x.json")
    Traceback (most recent call last):
    ...
    judge.engine.scenarios.ScenarioError: x.json: title: must be an object with "en" and "ja"; x.json:
    summary: must be an object with "en" and "ja"; x.json: rules: must be a non-empty list of rule numbers;
    x.json: steps: must be a non-empty list
    """
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise ScenarioError([f"{source}: the file must hold one JSON object"])
    slug = data.get("slug")
    if not isinstance(slug, str) or not _is_slug(slug):
        problems.append(f"slug: {slug!r} is not a slug like mind-control-alex-leaves")
        slug = ""
    elif source.endswith(".json") and Path(source).stem != slug:
        problems.append(f"slug: {slug!r} differs from the file name {Path(source).name!r}")
    title = _text(data.get("title"), "title", problems)
    summary = _text(data.get("summary"), "summary", problems)
    rules = _rules(data.get("rules"), "rules", problems)
    cards = _cards(data.get("cards"), problems)
    extra = sorted(set(data) - {"slug", "title", "summary", "rules", "steps", "cards"})
    if extra:
        problems.append(f"unknown field(s) {', '.join(extra)}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        problems.append("steps: must be a non-empty list")
        raw_steps = []
    steps = [_step(raw, f"steps[{index}]", rules, problems) for index, raw in enumerate(raw_steps)]
    if problems:
        raise ScenarioError([f"{source}: {p}" for p in problems])
    return Scenario(
        slug=slug,
        title=title,
        summary=summary,
        rules=rules,
        steps=tuple(s for s in steps if s is not None),
        source=source,
        cards=cards,
    )


def _is_slug(text: str) -> bool:
    parts = text.split("-")
    return all(part and part.isascii() and part.isalnum() and part == part.lower() for part in parts)


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


def with_player_names(scenario: Scenario, names: Mapping[str, str]) -> Scenario:
    """``scenario`` with its players renamed: every key and string value of its steps' payloads and
    expectations equal to a name in ``names`` (a player's name is an id, never part of a longer string).

    A translated story calls the players by translated names (アレックス for Alex); replaying the renamed
    scenario makes its boards and the engine's explanations use the names the story uses.

    >>> step = ScenarioStep(narration=Text("", ""), rules=("800.4a",), kind="leave-game",
    ...                     payload={"turn_order": ["Alex", "Bianca"], "leaving": "Alex"},
    ...                     expect={"left": ["Alex"]})
    >>> renamed = with_player_names(Scenario(slug="x", title=Text("", ""), summary=Text("", ""), rules=(),
    ...                                      steps=(step,)), {"Alex": "アレックス"})
    >>> renamed.steps[0].payload, renamed.steps[0].expect
    ({'turn_order': ['アレックス', 'Bianca'], 'leaving': 'アレックス'}, {'left': ['アレックス']})
    """

    def rename(value: Any) -> Any:
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, list):
            return [rename(item) for item in value]
        if isinstance(value, Mapping):
            return {names.get(key, key): rename(item) for key, item in value.items()}
        return value

    steps = tuple(
        replace(step, payload=rename(step.payload), expect=rename(step.expect)) for step in scenario.steps
    )
    return replace(scenario, steps=steps)


__all__ = [
    "ReplayedScenario",
    "ReplayedStep",
    "Scenario",
    "ScenarioError",
    "ScenarioStep",
    "Text",
    "load_scenarios",
    "parse_scenario",
    "with_player_names",
]
