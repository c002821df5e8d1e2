"""Does a rule's English differ in substance from an older English, or only in wording?

A Japanese text made from an older English of a rule is still today's rule *in substance* when the English
changed only in words the Comprehensive Rules reworded without changing their meaning (Foundations' "enters
the battlefield" -> "enters", a contraction): a reader may read it as today's, with a note. Anything else (a
zone, a number, a term, any other word added or removed) makes it *outdated*: the Japanese says something
today's rule does not.

The decision is made from the word diff alone: both texts in lower case, punctuation left out, each
meaning-preserving rewrite of ``rules_data/wording_rewrites.tsv`` (:func:`load_rewrites`, each row with its
reason) applied to both; what still differs is a change of substance.

>>> rewrites = (Rewrite("enters the battlefield", "enters", "Foundations"),)
>>> judge_wording("When it enters the battlefield, draw.", "When it enters, draw.", rewrites).kind
<Verdict.WORDING: 'wording-changed'>
>>> found = judge_wording("Put it into its owner's graveyard or exile.", "Put it into exile.", rewrites)
>>> found.kind, found.changes
(<Verdict.SUBSTANCE: 'outdated'>, (WordChange(old="its owner's graveyard or", new=''),))
"""

from __future__ import annotations

import difflib
import enum
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REWRITES_FILE = Path(__file__).resolve().parent.parent.parent / "rules_data" / "wording_rewrites.tsv"

# A word: letters and digits, with the dots, apostrophes and hyphens inside it (903.9a, owner's, one-third).
_WORD = re.compile(r"[a-z0-9]+(?:[.'\-][a-z0-9]+)*")


class Verdict(enum.Enum):
    """How an older English stands against today's (the values are the translation statuses they give)."""

    SAME = "current"  # the same words (punctuation or spacing aside)
    WORDING = "wording-changed"  # only meaning-preserving rewrites
    SUBSTANCE = "outdated"  # some other word added, removed or changed


@dataclass(frozen=True)
class Rewrite:
    """A meaning-preserving rewrite: the older words, today's words, and why they mean the same."""

    old: str
    new: str
    reason: str


@dataclass(frozen=True)
class WordChange:
    """A run of words that differs after the rewrites: the older words and today's ("" for none)."""

    old: str
    new: str


@dataclass(frozen=True)
class Judgement:
    kind: Verdict
    changes: tuple[WordChange, ...] = ()  # the changes of substance, in text order (none unless SUBSTANCE)
    rewrites: tuple[Rewrite, ...] = ()  # the rewrites that explain the other differences


def words(text: str) -> list[str]:
    """The words of an English text, in lower case, without punctuation.

    >>> words("Its owner’s 903.9a: Can't.")
    ['its', "owner's", '903.9a', "can't"]
    """
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'").replace("‘", "'")
    return _WORD.findall(text)


def _apply(tokens: list[str], rewrites: Sequence[tuple[list[str], list[str]]]) -> list[str]:
    """Every rewrite applied, longest older words first, left to right."""
    out: list[str] = []
    position = 0
    while position < len(tokens):
        for old, new in rewrites:
            if tokens[position : position + len(old)] == old:
                out.extend(new)
                position += len(old)
                break
        else:
            out.append(tokens[position])
            position += 1
    return out


def _diff(old: list[str], new: list[str]) -> tuple[WordChange, ...]:
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return tuple(
        WordChange(" ".join(old[i1:i2]), " ".join(new[j1:j2]))
        for op, i1, i2, j1, j2 in matcher.get_opcodes()
        if op != "equal"
    )


def judge_wording(old: str, new: str, rewrites: Sequence[Rewrite]) -> Judgement:
    """How the English ``old`` stands against today's ``new``: the same, reworded only, or changed in
    substance (with the words that changed)."""
    before, after = words(old), words(new)
    if before == after:
        return Judgement(Verdict.SAME)
    table = sorted(
        ((words(r.old), words(r.new), r) for r in rewrites if words(r.old)), key=lambda row: -len(row[0])
    )
    pairs = [(o, n) for o, n, _ in table]
    if _apply(before, pairs) == _apply(after, pairs):
        used = tuple(r for o, _, r in table if _count(before, o) != _count(after, o))
        return Judgement(Verdict.WORDING, rewrites=used)
    return Judgement(Verdict.SUBSTANCE, changes=_diff(_apply(before, pairs), _apply(after, pairs)))


def _count(tokens: list[str], part: list[str]) -> int:
    return sum(tokens[i : i + len(part)] == part for i in range(len(tokens) - len(part) + 1))


# --------------------------------------------------------------------------- what a reader is told

# A translation's standing for a reader: its alignment status (judge.parsing.linking.Status) with the
# substance decided. "current", "wording-changed" and "renumbered" are today's rule in substance (shown as the
# rule's Japanese); "outdated", "unchecked" and "deleted" are not (shown only on request, never as today's
# text).
CURRENT = "current"  # made from today's English
WORDING_CHANGED = "wording-changed"  # made from an older English that today's only rewords
RENUMBERED = "renumbered"  # the same rule under another number, its English the same in substance
OUTDATED = "outdated"  # made from an older English that today's rule changes in substance
UNCHECKED = "unchecked"  # made from an unknown release, and no older English to compare it by
DELETED = "deleted"  # the rule is not in today's rules
STANDINGS = (CURRENT, WORDING_CHANGED, RENUMBERED, OUTDATED, UNCHECKED, DELETED)
TODAYS = frozenset({CURRENT, WORDING_CHANGED, RENUMBERED})


def standing(
    status: str,
    old: str | None,
    new: str | None,
    rewrites: Sequence[Rewrite],
    *,
    placed_by_content: bool = False,
    history: Sequence[str | None] | None = None,
) -> tuple[str, Judgement]:
    """A translation's standing from its alignment ``status`` and the English it follows (``old``: of the
    release it was compared with, or for an unknown release the closest one; None when not found) against
    today's (``new``; None for a text beside no current rule). ``placed_by_content``: a text of an unknown
    release the closest release placed on another of its rules by content alone (judge.parsing.dating,
    ``moved``) agrees with no rule of that release, so an English the same as today's says nothing of it
    (2019's free mulligan beside 20200601's 800.6): it stays unchecked; a change of substance still makes it
    outdated.

    >>> standing("changed", "It enters the battlefield.", "It enters.", (Rewrite("enters the battlefield",
    ...     "enters", "r"),))[0], standing("unchecked", "Graveyard or exile.", "Exile.", ())[0]
    ('wording-changed', 'outdated')

    ``history``: for a text that names no release it follows (dated by its content, or not at all), the
    rule's English in every loaded release from the oldest the text could follow (and cannot predate) to
    today's, oldest first (None where a release lacks the rule; empty when the text could predate every
    loaded release). Such a text is today's rule only when that English is today's in substance throughout
    (:func:`settled`); otherwise it is ``unchecked``: a later release reading the same says nothing of the
    release the text really follows.

    >>> standing("unchecked", None, "Exile.", ())[0], standing("unchecked", "Exile.", "Exile.", ())[0]
    ('unchecked', 'current')
    >>> never, always = (), ("Exile.", "Exile.")
    >>> standing("unchecked", "Exile.", "Exile.", (), history=never)[0], standing("unchecked", "Exile.",
    ...     "Exile.", (), history=always)[0]
    ('unchecked', 'current')
    """
    told, found = _standing(status, old, new, rewrites, placed_by_content=placed_by_content)
    if history is not None and new is not None and told in TODAYS and not settled(history, new, rewrites):
        return UNCHECKED, found
    return told, found


def settled(history: Sequence[str | None], new: str, rewrites: Sequence[Rewrite]) -> bool:
    """Is today's English ``new`` the same in substance in every release of ``history`` (the rule's English
    in each loaded release a text could follow, None where one lacks the rule)? Never for an empty history:
    nothing loaded bounds the text.

    >>> settled(("Exile.", "Exile."), "Exile.", ()), settled(("Graveyard.", "Exile."), "Exile.", ())
    (True, False)
    >>> settled((), "Exile.", ()), settled((None, "Exile."), "Exile.", ())
    (False, False)
    """
    return bool(history) and all(
        old is not None and judge_wording(old, new, rewrites).kind is not Verdict.SUBSTANCE for old in history
    )


def _standing(
    status: str, old: str | None, new: str | None, rewrites: Sequence[Rewrite], *, placed_by_content: bool
) -> tuple[str, Judgement]:
    if status in ("", CURRENT, DELETED) or new is None:
        return status, Judgement(Verdict.SAME)
    if old is None:  # nothing to compare it by
        return (OUTDATED if status == "changed" else status), Judgement(Verdict.SUBSTANCE)
    found = judge_wording(old, new, rewrites)
    if found.kind is Verdict.SUBSTANCE:
        return OUTDATED, found
    if status == RENUMBERED:
        return RENUMBERED, found
    if status == UNCHECKED and placed_by_content:
        return UNCHECKED, found
    # The English it follows is today's, or today's reworded (an unknown release: the newest it could follow).
    return (CURRENT if found.kind is Verdict.SAME and status == UNCHECKED else WORDING_CHANGED), found


def parse_rewrites(text: str, *, source: str) -> tuple[Rewrite, ...]:
    """The rows of a rewrites table: ``old<TAB>new<TAB>reason`` under a header line; ``#`` lines are comments.

    Raises ValueError for a row without a reason or whose older words are empty.

    >>> parse_rewrites("# c\\nold\\tnew\\treason\\ncannot\\tcan't\\tcontraction\\n", source="t")
    (Rewrite(old='cannot', new="can't", reason='contraction'),)
    """
    rows: list[Rewrite] = []
    lines = [
        (n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith("#")
    ]
    for number, line in lines[1:]:  # the first line is the header
        cells = line.split("\t")
        if len(cells) != 3 or not cells[2].strip() or not words(cells[0]):
            raise ValueError(f"{source}:{number}: expected older words, today's words and a reason")
        rows.append(Rewrite(cells[0].strip(), cells[1].strip(), cells[2].strip()))
    return tuple(rows)


def load_rewrites(path: Path = REWRITES_FILE) -> tuple[Rewrite, ...]:
    return parse_rewrites(path.read_text(encoding="utf-8"), source=path.name)
