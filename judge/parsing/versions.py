"""Compare two versions of the Comprehensive Rules: word diffs, added/removed/changed rules, renumbering.

Pure functions over ``RulesDocument`` records; no Django.

Renumbering: when rules are inserted, later rules shift ("103.3c" in June
2020 holds the Commander starting life total, which is "103.4c" in 2026).
``track_renumbering`` finds, for every old rule whose number no longer holds
its text, the new rule whose text is most similar. To stay fast on ~3000
rules it does not compare every pair: candidates are the new rules sharing
the most distinctive words (an inverted index weighted by rarity), and only
those few are scored with ``difflib`` over word sequences.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import defaultdict
from dataclasses import dataclass

from judge.engine import rule_numbers
from judge.parsing.records import RuleKind, RuleRecord, RulesDocument

RENUMBER_THRESHOLD = 0.8  # word-sequence similarity needed to call a moved rule the same rule
IN_PLACE_MARGIN = 0.1  # a moved match must beat the rule still at the old number by this much
CANDIDATES = 12  # new rules scored in full per old rule, picked by shared distinctive words
COMMON_WORD_SHARE = 0.08  # words in more than this share of rules don't pick candidates ("the", "creature")

_WORD_RE = re.compile(r"[a-z0-9]+(?:[.’'][a-z0-9]+)*")


@dataclass(frozen=True)
class VersionDiff:
    """Rule numbers added, removed and changed (same number, other text or examples) between two versions."""

    old_version: str
    new_version: str
    added: tuple[str, ...]  # in the new document's order
    removed: tuple[str, ...]  # in the old document's order
    changed: tuple[str, ...]  # in the new document's order


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Word-level diff: runs of ("equal" | "insert" | "delete", space-joined words).

    A replaced run is a "delete" followed by an "insert".

    >>> word_diff("the commander tax is 2", "the commander tax is two mana")
    [('equal', 'the commander tax is'), ('delete', '2'), ('insert', 'two mana')]
    """
    a, b = old.split(), new.split()
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            out.append(("equal", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(("delete", " ".join(a[i1:i2])))
        if j2 > j1:
            out.append(("insert", " ".join(b[j1:j2])))
    return out


def _content(record: RuleRecord) -> tuple[str, tuple[str, ...]]:
    return record.text, record.examples


def _same_numbering(old: RulesDocument, new: RulesDocument) -> None:
    """Refuse to align numbers across the July 2009 renumbering: 502.x named other rules before it."""
    if old.numbering is not new.numbering:
        raise ValueError(
            f"{old.version} ({old.numbering.value} numbering) and {new.version} ({new.numbering.value} "
            "numbering) number their rules differently: their numbers cannot be compared"
        )


def compare_versions(old: RulesDocument, new: RulesDocument) -> VersionDiff:
    """Which rule numbers were added, removed, or kept with different text/examples.

    Raises ValueError for versions numbered in different schemes (``Numbering``).

    >>> from judge.parsing.records import RuleRecord, RuleKind, RulesDocument
    >>> def doc(version, *rules):
    ...     records = tuple(RuleRecord(n, RuleKind.RULE, t, "903", i) for i, (n, t) in enumerate(rules))
    ...     return RulesDocument(source="x", version=version, rules=records, glossary=())
    >>> compare_versions(doc("1", ("903.1", "a"), ("903.2", "b")), doc("2", ("903.1", "a!"), ("903.3", "c")))
    VersionDiff(old_version='1', new_version='2', added=('903.3',), removed=('903.2',), changed=('903.1',))
    """
    _same_numbering(old, new)
    before = {record.number: record for record in old.rules}
    after = {record.number: record for record in new.rules}
    return VersionDiff(
        old_version=old.version,
        new_version=new.version,
        added=tuple(r.number for r in new.rules if r.number not in before),
        removed=tuple(r.number for r in old.rules if r.number not in after),
        changed=tuple(
            r.number for r in new.rules if r.number in before and _content(before[r.number]) != _content(r)
        ),
    )


def _words(text: str) -> list[str]:
    return _WORD_RE.findall(text.lower())


def _section(number: str) -> str:
    return number.split(".", 1)[0]


class _Index:
    """The new version's rules (not chapters or sections), looked up by distinctive words."""

    def __init__(self, records: list[RuleRecord]) -> None:
        self.records = records
        self.words = [_words(r.text) for r in records]
        self.postings: dict[str, list[int]] = defaultdict(list)
        for position, words in enumerate(self.words):
            for word in set(words):
                self.postings[word].append(position)
        total = max(len(records), 1)
        self.weight = {
            word: math.log(total / len(hits))
            for word, hits in self.postings.items()
            if len(hits) <= max(2, COMMON_WORD_SHARE * total)
        }

    def candidates(self, words: list[str]) -> list[int]:
        scores: dict[int, float] = defaultdict(float)
        for word in set(words):
            weight = self.weight.get(word)
            if weight is None:
                continue
            for position in self.postings[word]:
                scores[position] += weight
        return sorted(scores, key=lambda p: -scores[p])[:CANDIDATES]


def _similarity(a: list[str], b: list[str]) -> float:
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < RENUMBER_THRESHOLD or matcher.quick_ratio() < RENUMBER_THRESHOLD:
        return 0.0
    return matcher.ratio()


def _heading_moves(
    old: RulesDocument, new: RulesDocument, new_by_number: dict[str, RuleRecord]
) -> dict[str, str]:
    """Sections and chapters that moved: the same title under another number of the same length."""
    mapping: dict[str, str] = {}
    headings: dict[str, list[str]] = defaultdict(list)
    for record in new.rules:
        if record.kind in (RuleKind.CHAPTER, RuleKind.SECTION):
            headings[record.title].append(record.number)
    for record in old.rules:
        if record.kind not in (RuleKind.CHAPTER, RuleKind.SECTION):
            continue
        same = new_by_number.get(record.number)
        if same is not None and same.title == record.title:
            continue
        matches = [n for n in headings.get(record.title, []) if len(n) == len(record.number)]
        if matches:
            mapping[record.number] = matches[0]
    return mapping


def _best_match(
    number: str, words: list[str], body: list[RuleRecord], index: _Index, expected: str = ""
) -> tuple[int | None, float]:
    """The position in ``body`` of the rule (under another number) whose text is most like ``words``;
    ``expected``: the number it has if it moved with its parent."""
    best, best_score = None, 0.0
    for position in index.candidates(words):
        if body[position].number == number:
            continue
        score = _similarity(words, index.words[position])
        if _section(body[position].number) == _section(number):
            score += 0.01  # break near-ties toward the same section
        if body[position].number == expected:
            score += (
                0.015  # and toward the place its parent moved to (a subrule reading like its neighbour's)
            )
        if score > best_score:
            best, best_score = position, score
    return best, best_score


def _moved_with_parent(number: str, mapping: dict[str, str]) -> str:
    """The number a subrule would have if it moved with its parent (the parent is read first).

    >>> _moved_with_parent("723.2a", {"723.2": "724.2"}), _moved_with_parent("723.2a", {})
    ('724.2a', '723.2a')
    """
    above = rule_numbers.parent(number)
    if above is None or above not in mapping:
        return number
    return mapping[above] + number[len(above) :]


def track_renumbering(old: RulesDocument, new: RulesDocument) -> dict[str, str]:
    """Old number -> new number, for old rules whose text now lives under another number.

    Rules and subrules match by text similarity (>= RENUMBER_THRESHOLD over
    words); sections and chapters match by identical title. An old rule whose
    number still holds a similar text stays put unless another rule is a clearly
    better match. Old rules with no good match (deleted or rewritten) are left out.
    Raises ValueError for versions numbered in different schemes (``Numbering``).

    >>> from judge.parsing.records import RuleRecord, RuleKind, RulesDocument
    >>> def doc(*rules):
    ...     records = tuple(RuleRecord(n, RuleKind.SUBRULE, t, n[:-1], i) for i, (n, t) in enumerate(rules))
    ...     return RulesDocument(source="x", version="1", rules=records, glossary=())
    >>> track_renumbering(doc(("103.3c", "Each player starts at forty life in a Commander game.")),
    ...                   doc(("103.3c", "A new rule about mulligans."),
    ...                       ("103.4c", "Each player starts at forty life in a Commander game.")))
    {'103.3c': '103.4c'}
    """
    _same_numbering(old, new)
    mapping: dict[str, str] = {}
    new_by_number = {record.number: record for record in new.rules}

    mapping.update(_heading_moves(old, new, new_by_number))

    body = [r for r in new.rules if r.kind in (RuleKind.RULE, RuleKind.SUBRULE)]
    index = _Index(body)
    exact: dict[str, list[int]] = defaultdict(list)
    for position, record in enumerate(body):
        exact[record.text].append(position)
    position_of = {record.number: position for position, record in enumerate(body)}

    for record in old.rules:
        if record.kind not in (RuleKind.RULE, RuleKind.SUBRULE):
            continue
        same = new_by_number.get(record.number)
        if same is not None and same.text == record.text:
            continue
        words = _words(record.text)
        same_score = 0.0
        if same is not None and record.number in position_of:
            same_score = _similarity(words, index.words[position_of[record.number]])

        identical = [p for p in exact.get(record.text, []) if body[p].number != record.number]
        if identical:
            # The same text may appear twice (boilerplate: 723.1a and 723.2a of 20260227 read alike); prefer
            # the number it has if it moved with its parent rule (723.2 -> 724.2: 724.2a), then the same
            # section.
            expected = _moved_with_parent(record.number, mapping)
            identical.sort(
                key=lambda p: (
                    body[p].number != expected,
                    _section(body[p].number) != _section(record.number),
                )
            )
            mapping[record.number] = body[identical[0]].number
            continue

        best, best_score = _best_match(
            record.number, words, body, index, _moved_with_parent(record.number, mapping)
        )
        if best is None or best_score < RENUMBER_THRESHOLD:
            continue
        if same_score >= RENUMBER_THRESHOLD and best_score < same_score + IN_PLACE_MARGIN:
            continue
        mapping[record.number] = body[best].number
    return mapping
