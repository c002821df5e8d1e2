"""Replaying a scenario through the engine and comparing each answer with the scenario's expectations.

:func:`replay_scenario` runs every step's action (:mod:`judge.engine.scenario_actions`) in order, a
board action continuing from the board the previous one left, and compares the answer with the step's
``expect`` (see :mod:`judge.engine.scenarios` for the file format).

Expectations are a *subset* of the engine's JSON answer (see
:func:`expectation_mismatches`): mappings match key by key; a list of
mappings that all carry an ``"id"`` matches element by id; any other list of
mappings must appear in order within the actual list (a subsequence); other
values must be equal.

>>> expectation_mismatches({"a": 1, "steps": [{"rule": "704.5m"}]},
...                        {"a": 1, "b": 2, "steps": [{"rule": "800.4a"}, {"rule": "704.5m", "text": "..."}]})
()
>>> expectation_mismatches({"objects": [{"id": "x", "zone": "exile"}]},
...     {"objects": [{"id": "x", "zone": "graveyard"}]})
("objects[id=x].zone: expected 'exile', got 'graveyard'",)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.board import Board
from judge.engine.citing import citing
from judge.engine.errors import RulesError
from judge.engine.messages import msg
from judge.engine.scenario_actions import ACTIONS, Outcome
from judge.engine.scenarios import ReplayedScenario, ReplayedStep, Scenario


def replay(scenario: Scenario) -> tuple[ReplayedStep, ...]:
    """Run every step of ``scenario`` through the engine and compare with its expectations.

    A step whose engine call raises a :class:`RulesError` is compared as
    ``{"error": {"type": "<class name>", "codes": [...], "problems": [...]}}``,
    so a scenario can also show an illegal request being refused.
    """
    return replay_scenario(scenario).steps


def replay_scenario(scenario: Scenario) -> ReplayedScenario:
    """Replay ``scenario`` (see :func:`replay`); the result serialises with ``to_answer(lang)``.

    A scenario's expectations name the rules as written (judge.engine.citing.CITED_RELEASE), whatever
    numbering a request cites in: the replay compares them as written."""
    with citing(None):
        return _replay_scenario(scenario)


def _replay_scenario(scenario: Scenario) -> ReplayedScenario:
    replayed: list[ReplayedStep] = []
    previous_board: Board | None = None
    cards = scenario.card_names
    for index, step in enumerate(scenario.steps):
        if step.kind is None or step.payload is None:
            replayed.append(
                ReplayedStep(
                    index=index,
                    step=step,
                    before=None,
                    after=None,
                    change=step.change,
                    board_before=previous_board,
                    board_after=previous_board,
                )
            )
            continue
        payload: Mapping[str, Any] = step.payload
        if payload.get("continue"):
            if previous_board is None:
                mismatch = ("continue: no earlier leave-game step to continue from",)
                replayed.append(
                    ReplayedStep(
                        index=index, step=step, before=payload, after=None, matched=False, mismatches=mismatch
                    )
                )
                continue
            payload = {**previous_board.to_payload(), **{k: v for k, v in payload.items() if k != "continue"}}
        try:
            outcome = ACTIONS[step.kind](payload, cards)
        except RulesError as err:
            after: Mapping[str, Any] = {
                "error": {
                    "type": type(err).__name__,
                    "codes": [p.get("code", "") for p in err.to_answer("en")],
                    "problems": list(err.problems),
                }
            }
            mismatches = expectation_mismatches(step.expect or {}, after)
            replayed.append(
                ReplayedStep(
                    index=index,
                    step=step,
                    before=payload,
                    after=after,
                    matched=not mismatches,
                    mismatches=mismatches,
                    change=msg("scenario.change.refused"),
                    error=err,
                )
            )
            continue
        board_before = _board_of(outcome)
        mismatches = expectation_mismatches(step.expect or {}, outcome.data)
        replayed.append(
            ReplayedStep(
                index=index,
                step=step,
                before=payload,
                after=outcome.data,
                engine_steps=outcome.steps,
                matched=not mismatches,
                mismatches=mismatches,
                change=outcome.change,
                board_before=board_before,
                board_after=outcome.board,
                result=outcome.result,
            )
        )
        if outcome.board is not None:
            previous_board = outcome.board
    return ReplayedScenario(scenario=scenario, steps=tuple(replayed))


def _board_of(outcome: Outcome) -> Board | None:
    """The board an action started from (what the engine read), when it had one."""
    before = getattr(outcome.result, "before", None)
    if isinstance(before, Board):
        return before
    board = getattr(outcome.result, "board", None)
    return board if isinstance(board, Board) else None


def _list_mismatches(expected: list[Any], actual: Any, where: str) -> tuple[str, ...]:
    """A list of objects with ids matches by id, other objects in order (others between them allowed),
    anything else exactly."""
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
                return (
                    f"{where}: expected element {number} {item!r} not found in order in {list(actual)!r}",
                )
            position += 1
        return ()
    if list(actual) != expected:
        return (f"{where}: expected {expected!r}, got {list(actual)!r}",)
    return ()


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
        return _list_mismatches(expected, actual, where)
    if expected != actual:
        return (f"{where}: expected {expected!r}, got {actual!r}",)
    return ()


__all__ = ["expectation_mismatches", "replay", "replay_scenario"]
