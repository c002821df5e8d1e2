"""The lineage of each rule across releases: which rule of the next release a rule became.

Pure functions over ``RulesDocument`` records and small maps; no Django.

A :class:`Step` pairs the rules of one release with those of the next release
(of the same numbering): each rule has at most one successor and at most one
predecessor. Only the exceptions are kept — a rule that moved, was removed or
was added — so a step between two releases a few months apart is a few hundred
entries at most. Steps are computed between *adjacent* releases only, never
every release against the current one: a new release on top of the archive
costs one step (``step_between``: about 50–600 ms), and a rule whose wording
drifted over the years is still followed one release at a time.

:class:`Lineage` chains the steps of one numbering: the current number of a
rule of any release (``successor``), every release's number of one rule
(``trace``), and the moves between any two releases (``moves``).

>>> from judge.parsing.records import RuleKind, RuleRecord, RulesDocument
>>> def doc(version, *rules):
...     records = tuple(RuleRecord(n, RuleKind.RULE, t, "103", i) for i, (n, t) in enumerate(rules))
...     return RulesDocument(source="x", version=version, rules=records, glossary=())
>>> old = doc("1", ("103.3", "Each player starts at forty life."), ("103.4", "Shuffle."))
>>> new = doc("2", ("103.3", "A new rule about mulligans."), ("103.4", "Each player starts at forty life."))
>>> step = step_between(old, new)
>>> step.successor("103.3"), step.successor("103.4"), step.predecessor("103.3")
('103.4', None, None)
>>> Lineage(["1", "2"], [step]).trace("103.4", "2")
([('1', '103.3'), ('2', '103.4')], None)
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.parsing.records import RuleRecord, RulesDocument
from judge.parsing.versions import track_renumbering


@dataclass(frozen=True)
class Step:
    """How the rules of release ``older`` became those of release ``newer``.

    ``forward``: older number -> newer number, or None when the rule is gone; ``backward``: newer
    number -> older number, or None when the rule is new. A number named in neither keeps its rule.
    """

    older: str
    newer: str
    forward: Mapping[str, str | None] = field(default_factory=dict)
    backward: Mapping[str, str | None] = field(default_factory=dict)

    def successor(self, number: str) -> str | None:
        """The newer release's number of the older release's rule ``number`` (None: removed)."""
        return self.forward.get(number, number)

    def predecessor(self, number: str) -> str | None:
        """The older release's number of the newer release's rule ``number`` (None: added)."""
        return self.backward.get(number, number)

    def to_payload(self) -> dict[str, Any]:
        return {
            "older": self.older,
            "newer": self.newer,
            "forward": dict(self.forward),
            "backward": dict(self.backward),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        return cls(
            older=data["older"],
            newer=data["newer"],
            forward=dict(data["forward"]),
            backward=dict(data["backward"]),
        )


def _content(record: RuleRecord) -> tuple[str, str, tuple[str, ...]]:
    return record.title, record.text, record.examples


def _likeness(a: RuleRecord, b: RuleRecord) -> float:
    return difflib.SequenceMatcher(None, a.text.split(), b.text.split(), autojunk=False).ratio()


def step_between(older: RulesDocument, newer: RulesDocument) -> Step:
    """Pair each rule of ``older`` with at most one rule of ``newer``.

    A rule follows ``track_renumbering`` when its text moved to another number, and otherwise keeps
    its number if the newer release has it. When two older rules lead to one newer rule (a rule moved
    onto a number whose old rule stayed), the one whose text is closer keeps the link and the other
    counts as removed, so that every rule has one line of descent. Raises ValueError for releases
    numbered in different schemes.
    """
    moved = track_renumbering(older, newer)
    before = {record.number: record for record in older.rules}
    after = {record.number: record for record in newer.rules}
    claims: dict[str, list[str]] = {}  # newer number -> the older numbers that lead to it
    for record in older.rules:
        target = moved.get(record.number, record.number)
        if target in after:
            claims.setdefault(target, []).append(record.number)
    chosen: dict[str, str] = {}  # newer number -> its older number
    for target, sources in claims.items():
        if len(sources) == 1:
            chosen[target] = sources[0]
        elif target in sources and _content(before[target]) == _content(after[target]):
            chosen[target] = target  # an unchanged rule keeps its place
        else:
            chosen[target] = max(
                sources, key=lambda number: (_likeness(before[number], after[target]), number == target)
            )
    successors = {source: target for target, source in chosen.items()}
    return Step(
        older=older.version,
        newer=newer.version,
        forward={n: successors.get(n) for n in before if successors.get(n) != n},
        backward={n: chosen.get(n) for n in after if chosen.get(n) != n},
    )


class Lineage:
    """The steps between the adjacent releases of one numbering, oldest first.

    ``versions[i]`` and ``versions[i + 1]`` are the releases of ``steps[i]``.
    """

    def __init__(self, versions: Sequence[str], steps: Sequence[Step]) -> None:
        if len(steps) != max(len(versions) - 1, 0):
            raise ValueError(
                f"{len(versions)} releases need {max(len(versions) - 1, 0)} steps, not {len(steps)}"
            )
        for position, step in enumerate(steps):
            if (step.older, step.newer) != (versions[position], versions[position + 1]):
                raise ValueError(f"step {step.older}->{step.newer} is not between adjacent releases")
        self.versions = list(versions)
        self.steps = list(steps)
        self._index = {version: position for position, version in enumerate(self.versions)}

    def __contains__(self, version: object) -> bool:
        return version in self._index

    def successor(self, number: str, *, since: str, until: str | None = None) -> str | None:
        """The number in release ``until`` (default: the newest) of rule ``number`` of release ``since``;
        None when the rule was removed on the way."""
        start, stop = self._index[since], self._index[until or self.versions[-1]]
        current: str | None = number
        for step in self.steps[start:stop]:
            if current is None:
                break
            current = step.successor(current)
        return current

    def trace(self, number: str, version: str) -> tuple[list[tuple[str, str]], str | None]:
        """Rule ``number`` of release ``version`` in every release it is in: (release, its number there),
        oldest first; and the release it was removed in (None when it is in the newest one)."""
        position = self._index[version]
        earlier: list[tuple[str, str]] = []
        current = number
        for step in reversed(self.steps[:position]):
            previous = step.predecessor(current)
            if previous is None:
                break
            earlier.append((step.older, previous))
            current = previous
        later: list[tuple[str, str]] = []
        current = number
        for step in self.steps[position:]:
            following = step.successor(current)
            if following is None:
                return [*reversed(earlier), (version, number), *later], step.newer
            later.append((step.newer, following))
            current = following
        return [*reversed(earlier), (version, number), *later], None

    def moves(self, old: str, new: str) -> dict[str, str | None]:
        """Between releases ``old`` and ``new`` (``old`` first): each rule of ``old`` whose number in ``new``
        differs -> that number, or None when it was removed.

        Composed from the newest step back, keeping only exceptions: a rule absent from the map of
        the next release onwards keeps its number there.
        """
        start, stop = self._index[old], self._index[new]
        if start > stop:
            raise ValueError(f"{old} is newer than {new}")
        composed: dict[str, str | None] = {}
        for step in reversed(self.steps[start:stop]):
            composed = _one_step_back(step, composed)
        return composed

    def renumbering(self, since: str, until: str | None = None) -> dict[str, str]:
        """Rule number of release ``since`` -> its number in release ``until`` (default: the newest), for the
        rules numbered differently there; either release may be the older one. A rule that is not in
        ``until`` is left out (it keeps its number: there is nothing else to name).

        >>> step = Step("1", "2", {"722.1": "723.1"}, {"723.1": "722.1", "722.1": None})
        >>> line = Lineage(["1", "2"], [step])
        >>> line.renumbering("1"), line.renumbering("2", "1"), line.renumbering("2")
        ({'722.1': '723.1'}, {'723.1': '722.1'}, {})
        """
        until = until or self.versions[-1]
        if self._index[since] > self._index[until]:
            backwards = [Step(s.newer, s.older, s.backward, s.forward) for s in reversed(self.steps)]
            return Lineage(list(reversed(self.versions)), backwards).renumbering(since, until)
        return {old: new for old, new in self.moves(since, until).items() if new is not None}

    def renumbered(self) -> dict[str, dict[str, str]]:
        """For each older release: old number -> current number, for the rules that moved (what
        ``judge.parsing.linking`` follows from a translation's numbers to today's rules)."""
        out: dict[str, dict[str, str]] = {}
        composed: dict[str, str | None] = {}
        for step in reversed(self.steps):
            composed = _one_step_back(step, composed)
            out[step.older] = {old: new for old, new in composed.items() if new is not None}
        return out


def _one_step_back(step: Step, composed: Mapping[str, str | None]) -> dict[str, str | None]:
    """The moves from ``step.older`` on, given ``composed``, the moves from ``step.newer`` on.

    Only exceptions are kept: a rule of the newer release that had the same number in the older one
    moves on as it did; a rule the step moved or removed moves to where its successor ends up.
    """
    earlier = {number: target for number, target in composed.items() if step.predecessor(number) == number}
    for number, following in step.forward.items():
        final = None if following is None else composed.get(following, following)
        if final != number:
            earlier[number] = final
    return earlier
