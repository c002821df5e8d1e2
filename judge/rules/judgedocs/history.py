"""A section's history when several editions of its document are installed: the editions it changed in,
each with a word diff of its text against the edition before (as the rule pages show a rule's)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from judge.rules.judgedocs.selectors import section_editions
from judge.web.citations import judge_doc_url


@dataclass(frozen=True)
class EditionChange:
    """The section in one edition: ``change`` "added" (first edition that has it), "changed" or
    "unchanged"; ``diff`` (op, words) pieces against the edition before: "=", "-" or "+"."""

    effective: str
    url: str
    change: str
    diff: tuple[tuple[str, str], ...] = ()


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The words of ``new`` against ``old``: ("=", same), ("-", removed), ("+", added).

    >>> word_diff("a judge may act", "a judge must act")
    (('=', 'a judge'), ('-', 'may'), ('+', 'must'), ('=', 'act'))
    """
    a, b = old.split(), new.split()
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            out.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            out.append(("+", " ".join(b[j1:j2])))
    return tuple(out)


def section_history(kind: str, key: str) -> list[EditionChange]:
    """The section's editions, newest first; empty when only one edition is installed."""
    rows = section_editions(kind, key)
    if len(rows) < 2:
        return []
    out: list[EditionChange] = []
    for n, row in enumerate(rows):
        effective = row.edition.effective.isoformat()
        url = judge_doc_url(kind, key, edition=effective)
        before = rows[n + 1] if n + 1 < len(rows) else None
        if before is None:
            out.append(EditionChange(effective, url, "added"))
        elif before.text == row.text and before.title == row.title:
            out.append(EditionChange(effective, url, "unchanged"))
        else:
            diff = word_diff(f"{before.title}\n{before.text}", f"{row.title}\n{row.text}")
            out.append(EditionChange(effective, url, "changed", diff))
    return out
