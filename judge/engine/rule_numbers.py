"""Rule numbers: one vocabulary for the whole project (parsers, engine, search, pages).

A Comprehensive Rules number is a chapter ("9"), a section ("903"), a rule
("903.9") or a subrule ("903.9a"); never with a trailing dot. Rules past nine
sort numerically ("903.10" after "903.9"); subrule letters skip l and o.
Format documents are cited by anchors: "commander:2" (Commander rules point
2), "dtc:commander-tax" (DTC house rules). Every pattern that reads a rule
number (the parsers, search, URLs) is built from the pieces below
(:data:`SECTION`, :data:`RULE`, :data:`SUBRULE`, :data:`NUMBER`, ...).

>>> re.findall(RULE_OR_SUBRULE, "See rules 903.9a and 903.10.")
['903.9a', '903.10']
>>> is_cr_number("903.9a"), is_cr_number("903.9aa"), is_cr_number("9031")
(True, False, False)
>>> sort_key("903.10") > sort_key("903.9")
True
>>> parent("903.9a"), parent("903.9"), parent("903"), parent("9")
('903.9', '903', '9', None)
>>> is_citation("dtc:commander-tax"), is_citation("903.8"), is_citation("x:1"), is_citation("mtr:2.5")
(True, True, False, True)
"""

from __future__ import annotations

import re

# The pieces of a rule number as regular-expression source (no anchors, no groups): every pattern that
# reads or checks a rule number, here and in the parsers and search, is built from these.
CHAPTER = r"\d"  # "9"
SECTION = r"\d{3}"  # "903"
RULE_DIGITS = r"\d{1,3}"  # the rule's number within its section: "9", "10"
LETTER = r"[a-z]"  # the subrule's letter
RULE = rf"{SECTION}\.{RULE_DIGITS}"  # "903.9"
SUBRULE = rf"{RULE}{LETTER}"  # "903.9a"
RULE_OR_SUBRULE = rf"{RULE}{LETTER}?"  # "903.9", "903.9a"
NUMBER = rf"(?:{RULE_OR_SUBRULE}|{SECTION}|{CHAPTER})"  # any of them, the longest first

CR_NUMBER = re.compile(rf"^{NUMBER}$")
DOC_ANCHOR = re.compile(r"^(?:dtc|commander):[a-z0-9-]+$")
# A judge's document, or a section of one: "mtr:2.5", "ipg:2.1", "jar" (where a table question is procedural).
JUDGE_CITATION = re.compile(r"^(?:mtr|ipg|jar)(?::\d{1,2}(?:\.\d{1,2})?)?$")
_RULE_PARTS = re.compile(rf"^({SECTION})\.({RULE_DIGITS})({LETTER}?)$")
_SECTION = re.compile(rf"^{SECTION}$")
# Sorting is lenient: any one to three digits lead ("90" sorts as 9000), then a rule and a subrule letter.
_SORT_PARTS = re.compile(rf"^(\d{{1,3}})(?:\.({RULE_DIGITS})({LETTER}?))?$")


def is_cr_number(text: str) -> bool:
    return bool(CR_NUMBER.match(text))


def is_citation(text: str) -> bool:
    """A CR number, a format-document anchor or a judge's document ("mtr:2.5", "jar"), as steps and
    scenarios cite them."""
    return is_cr_number(text) or bool(DOC_ANCHOR.match(text)) or bool(JUDGE_CITATION.match(text))


def parent(number: str) -> str | None:
    match = _RULE_PARTS.match(number)
    if match:
        return f"{match.group(1)}.{match.group(2)}" if match.group(3) else match.group(1)
    if _SECTION.match(number):
        return number[0]
    return None


def sort_key(number: str) -> tuple[int, int, int, str]:
    match = _SORT_PARTS.match(number)
    if not match:
        return (10**6, 0, 0, number)
    head = int(match.group(1))
    section = head if len(match.group(1)) == 3 else head * 100
    return (section, len(match.group(1)) == 3, int(match.group(2) or -1) + 1, match.group(3) or "")
