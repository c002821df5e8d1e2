"""Rule numbers in the official Comprehensive Rules text files, and the official typos in them read past.

The patterns of a rule and a subrule line as the real files print them, and the typos found in official
releases, each mended only when it then reads as the next rule (or subrule), with a warning or, for the
documented ones (``DOCUMENTED_TYPOS``), a note that a strict ingest accepts. Used by
:mod:`judge.parsing.comprehensive_rules`.

>>> repair_number("901.4.All plane cards ...", "901", "901.3", {"901.3": 1})
('901.4. All plane cards ...', 'no space after rule number 901.4: read as that rule', True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.engine.rule_numbers import LETTER, RULE_DIGITS, RULE_OR_SUBRULE, SECTION

# The real files print "606.5 " once without the dot after a rule number.
RULE_RE = re.compile(rf"^({SECTION})\.({RULE_DIGITS})\.?\s+(\S.*)$")
# ...and "119.1d." once with a dot after a subrule number.
SUBRULE_RE = re.compile(rf"^({SECTION})\.({RULE_DIGITS})({LETTER})\.?\s+(\S.*)$")
# Official typos in a rule number, each read as the rule it spells when that rule is the next one
# (a new rule of the current section or a new subrule of the current rule), with a warning:
GLUED_RULE_RE = re.compile(rf"^({RULE_OR_SUBRULE}\.)([A-Z].*)$")
NUMBER_TYPOS = (
    # "901.4.All plane ..." (releases 2022-11 .. 2025-02): a capital after the dot tells text from a number.
    (GLUED_RULE_RE, r"\1 \2", "no space after rule number"),
    # " 611.2. A text-changing effect ..." (20090711): indented like a continuation line.
    (re.compile(rf"^\s+({SECTION}\.\d.*)$"), r"\1", "indented rule number"),
    # "702. 37a Storm is ..." (20090711): a space inside the number.
    (re.compile(rf"^({SECTION}\.) +({RULE_DIGITS}{LETTER}?\.?\s.*)$"), r"\1\2", "space inside rule number"),
)
# "505.54. ..." just before "505.5a" (20100618): a stray digit after the rule's number, read as 505.5 only
# when 505.5 is the next rule and the next numbered line is one of its subrules.
STRAY_DIGIT_RE = re.compile(rf"({SECTION})\.({RULE_DIGITS})\d\.(?=\s+\S)")  # only the number: cheap
STRAY_DIGIT = "stray digit in rule number"
# The official typos that are documented (wording, rule): notes, which even a strict ingest accepts, so every
# release since July 2009 is in the history. Any other mended number is a warning, for a person to look at.
DOCUMENTED_TYPOS = frozenset(
    {
        ("no space after rule number", "901.4"),
        (STRAY_DIGIT, "505.5"),  # 20100618's "505.54." before 505.5a
        ("subrule without rule", "505.5a"),
    }
)


def following_subrule(lines: list[str], index: int, end: int) -> str | None:
    """The number of the next numbered line after ``index`` when it is a subrule, else None."""
    for line in lines[index + 1 : end]:
        if not line.strip() or line[0].isspace() or not line[0].isdigit():
            continue
        match = SUBRULE_RE.match(line.rstrip())
        return f"{match.group(1)}.{int(match.group(2))}{match.group(3)}" if match else None
    return None


def next_number(line: str, section: str | None, rule: str | None, seen: dict[str, int]) -> str | None:
    """The number ``line`` starts with, if it is the next rule of ``section`` or subrule of ``rule``."""
    match = SUBRULE_RE.match(line)
    if match:
        parent = f"{match.group(1)}.{int(match.group(2))}"
        number = f"{parent}{match.group(3)}"
        return number if parent == rule and number not in seen else None
    match = RULE_RE.match(line)
    if match:
        number = f"{match.group(1)}.{int(match.group(2))}"
        return number if match.group(1) == section and number not in seen else None
    return None


def stray_digit(
    line: str, section: str | None, seen: dict[str, int], following: Callable[[], str | None]
) -> tuple[str, str] | None:
    """``line`` read without the stray digit after its rule number ("505.54." -> "505.5.") and that number,
    when that rule is the next one and ``following()`` (the next numbered line's number) is one of its
    subrules; else None.

    >>> stray_digit("505.54. Text.", "505", {"505.4": 1}, lambda: "505.5a")
    ('505.5. Text.', '505.5')
    >>> stray_digit("505.54. Text.", "505", {"505.4": 1}, lambda: "505.54a") is None
    True
    """
    match = STRAY_DIGIT_RE.match(line)
    if match is None or match.group(1) != section or f"{match.group(1)}.{int(match.group(2))}" in seen:
        return None  # most lines: not a rule with two digits or more, or its shorter number is taken
    mended = f"{match.group(1)}.{match.group(2)}.{line[match.end() :]}"
    number = next_number(mended, section, None, seen)
    if number is None:
        return None
    # Only a line that reads as the next rule once mended looks ahead to the next numbered line.
    after = following()
    if after is None or not re.fullmatch(rf"{re.escape(number)}{LETTER}", after):
        return None
    return mended, number


def repair_number(
    line: str,
    section: str | None,
    rule: str | None,
    seen: dict[str, int],
    following: Callable[[], str | None] = lambda: None,
) -> tuple[str, str, bool] | None:
    """``line`` with the typo in its number mended, the warning, and whether the typo is a documented one,
    if it then reads as the next rule."""
    if (stray := stray_digit(line, section, seen, following)) is not None:
        read, rule_number = stray
        documented = (STRAY_DIGIT, rule_number) in DOCUMENTED_TYPOS
        return read, f"{STRAY_DIGIT} {rule_number}: read as that rule", documented
    for pattern, replacement, wording in NUMBER_TYPOS:
        if pattern.match(line):
            mended = pattern.sub(replacement, line)
            number = next_number(mended, section, rule, seen)
            if number is not None:
                return mended, f"{wording} {number}: read as that rule", (wording, number) in DOCUMENTED_TYPOS
    return None


__all__ = [
    "DOCUMENTED_TYPOS",
    "GLUED_RULE_RE",
    "STRAY_DIGIT_RE",
    "RULE_RE",
    "SUBRULE_RE",
    "following_subrule",
    "next_number",
    "repair_number",
]
