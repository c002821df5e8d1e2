"""Find Comprehensive Rules references in rule text (English or Japanese) and recognise rule-number queries.

Forms found by ``find_references``::

    rule 903.9 / Rule 903 / See rule 704 / section 8 / CR 805.10f / 総合ルール109.3
    rules 903.4 and 903.5 / rules 613.2, 707.2, and 707.3      (one Reference per number)
    rules 701.42, “Meld,” and 729, “Merging Permanents”         (titles between the numbers)
    rules 903.4b–c / rules 702.19b-d / rules 119.7–8 / rules 903.6–903.11   (ranges, expanded)
    601.2f–h / (see 601.2b and 601.2f–h)                       (bare "ddd.d" numbers, no keyword)
    (rule 810〔双頭巨人戦〕参照) / これはrule 711.4a の例外       (inside Japanese text)

Span choice: a range is ONE Reference whose span covers the whole range text
("rules 903.4b–c") and whose ``numbers`` lists every rule in it (903.4b,
903.4c); a link made from it points at the first number. In a list, each
number is its own Reference; the first one's span includes the keyword
("rules 903.4"), the others cover only the number ("903.5").

A bare three-digit number without a dot ("704") is only a reference after a
keyword: on its own it is far more often a count than a rule. Subrule letters
skip "l" and "o" (they look like 1 and 0), so letter ranges skip them too.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from judge.engine.rule_numbers import CHAPTER, LETTER, NUMBER, RULE_DIGITS, RULE_OR_SUBRULE, SECTION

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"  # no "l", no "o"
MAX_RANGE = 40  # a longer "range" is not a real citation: keep only its two ends

# A rule number: chapter "9", section "903", rule "903.9", subrule "903.9a".
# ASCII-only boundaries, so that Japanese characters right before or after do not block a match;
# a dot may follow (end of sentence) but not a dot and a digit ("903.1234" is not a rule).
_END = r"(?![0-9A-Za-z]|\.\d)"
_NUM = rf"{NUMBER}{_END}"
_DOTTED = rf"{RULE_OR_SUBRULE}{_END}"
_DASH = r"\s?[–—‐-]\s?"  # en dash, em dash, hyphen
_RANGE_END = rf"(?:{RULE_OR_SUBRULE}|\d{{1,3}}|[a-z]){_END}"  # "701.42-701.45", "701.42-45", "701.42a-c"
_ITEM = rf"(?P<first>{_NUM})(?:{_DASH}(?P<last>{_RANGE_END}))?"

# "ルール" alone is the ordinary word "rule", so the Japanese keywords need a three-digit number.
_KEYWORD_RE = re.compile(
    rf"(?<![A-Za-z])(?:(?P<word>(?i:rules?|sections?)|CR)\s?(?=\d)|(?:総合ルール|ルール)\s?(?={SECTION}))"
)
_ITEM_RE = re.compile(_ITEM)
_BARE_RE = re.compile(rf"(?<![0-9A-Za-z.])(?P<first>{_DOTTED})(?:{_DASH}(?P<last>{_RANGE_END}))?")
# Between two items of a list: ", ", " and ", ", and ", " or ", ", or " — maybe after the cited
# rule's title in quotes ("rules 701.42, “Meld,” and 729, “Merging Permanents”").
_TITLE = r"(?:,\s?[“\"][^”\"\n]{1,80}[”\"])?"
_SEPARATOR_RE = re.compile(rf"{_TITLE}(?:\s?,\s?(?:(?:and|or)\s)?|\s(?:and|or)\s)")

_NUMBER_RE = re.compile(
    rf"^(?P<section>{SECTION})(?:\.(?P<rule>{RULE_DIGITS})(?P<letter>{LETTER})?)?$|^(?P<chapter>{CHAPTER})$"
)


@dataclass(frozen=True)
class Reference:
    """``text[start:end]`` refers to the rules in ``numbers`` (no trailing dots)."""

    start: int
    end: int
    numbers: tuple[str, ...]


def _letter_range(prefix: str, first: str, last: str) -> tuple[str, ...] | None:
    if first not in SUBRULE_LETTERS or last not in SUBRULE_LETTERS:
        return None
    a, b = SUBRULE_LETTERS.index(first), SUBRULE_LETTERS.index(last)
    if b <= a:
        return None
    return tuple(f"{prefix}{letter}" for letter in SUBRULE_LETTERS[a : b + 1])


def expand_range(first: str, last: str) -> tuple[str, ...]:
    """Every rule number from ``first`` to ``last`` ("903.4b" to "c" or "903.4c").

    An unreadable or backwards range gives just ``first``; a range across
    sections or longer than MAX_RANGE gives its two ends.

    >>> expand_range("702.19b", "d")
    ('702.19b', '702.19c', '702.19d')
    >>> expand_range("119.9", "10")
    ('119.9', '119.10')
    >>> expand_range("100.1k", "n")
    ('100.1k', '100.1m', '100.1n')
    """
    head = _NUMBER_RE.match(first)
    if head is None or head.group("section") is None:
        return (first,)
    section, rule, letter = head.group("section"), head.group("rule"), head.group("letter")
    tail = _NUMBER_RE.match(last)
    if rule is None:
        # "903–905": whole sections
        if tail is None or tail.group("section") is None or tail.group("rule") is not None:
            return (first,)
        start, end = int(section), int(last)
        if end <= start or end // 100 != start // 100:
            return (first,)
        return tuple(str(n) for n in range(start, end + 1)) if end - start < MAX_RANGE else (first, last)
    if letter:
        # "903.4b–c" or "903.4b–903.4c"
        if len(last) == 1 and last.isalpha():
            return _letter_range(f"{section}.{rule}", letter, last) or (first,)
        if tail and tail.group("rule") == rule and tail.group("section") == section and tail.group("letter"):
            return _letter_range(f"{section}.{rule}", letter, tail.group("letter")) or (first,)
        return (first, last) if tail and tail.group("rule") else (first,)
    # "119.7–8" or "903.6–903.11"
    if last.isdigit():
        end = int(last)
    elif tail and tail.group("section") == section and tail.group("rule") and not tail.group("letter"):
        end = int(tail.group("rule"))
    else:
        return (first, last) if tail and tail.group("rule") else (first,)
    start = int(rule)
    if end <= start:
        return (first,)
    if end - start >= MAX_RANGE:
        return (first, f"{section}.{end}")
    return tuple(f"{section}.{n}" for n in range(start, end + 1))


def _reference(match: re.Match[str], start: int) -> Reference:
    first, last = match.group("first"), match.group("last")
    numbers = expand_range(first, last) if last else (first,)
    return Reference(start=start, end=match.end(), numbers=numbers)


def find_references(text: str) -> list[Reference]:
    """Every rule reference in ``text``, in order, non-overlapping.

    >>> [(text[r.start:r.end], r.numbers) for text in ["See rules 903.4b–c and 903.5."]
    ...  for r in find_references(text)]
    [('rules 903.4b–c', ('903.4b', '903.4c')), ('903.5', ('903.5',))]
    """
    references: list[Reference] = []
    covered_until = 0
    for keyword in _KEYWORD_RE.finditer(text):
        if keyword.start() < covered_until:
            continue
        item = _ITEM_RE.match(text, keyword.end())
        if item is None:
            continue
        word = (keyword.group("word") or "").lower()
        shortest = 1 if word.startswith("section") else 3
        references.append(_reference(item, keyword.start()))
        position = item.end()
        while True:
            separator = _SEPARATOR_RE.match(text, position)
            if separator is None:
                break
            following = _ITEM_RE.match(text, separator.end())
            # Later list items must look like rule numbers ("903.5"), not a stray count ("2 players").
            if following is None or len(following.group("first")) < shortest:
                break
            references.append(_reference(following, following.start()))
            position = following.end()
        covered_until = position

    # Bare dotted numbers ("601.2f–h") that no keyword reached.
    spans = [(r.start, r.end) for r in references]
    for bare in _BARE_RE.finditer(text):
        if any(start < bare.end() and bare.start() < end for start, end in spans):
            continue
        references.append(_reference(bare, bare.start()))
    references.sort(key=lambda r: r.start)
    return references


_QUERY_PREFIX_RE = re.compile(
    r"^(?:comprehensive\s*rules?|総合ルール|ルール|rules?|cr|section|§)?\s*#?\s*", re.IGNORECASE
)
_QUERY_NUMBER_RE = re.compile(rf"^({NUMBER})\.?$")


def normalize_rule_query(q: str) -> str | None:
    """The canonical rule number if the whole query IS one ("CR 805.10f" -> "805.10f"), else None.

    Full-width digits and dots are accepted; a lone digit needs a keyword
    ("rule 9", "section 9") because on its own it is not a rule number query.

    >>> [normalize_rule_query(q) for q in ("９０３．８", "Rule 702.124d.", "commander")]
    ['903.8', '702.124d', None]
    """
    text = unicodedata.normalize("NFKC", q).strip().lower()
    if not text or len(text) > 60:
        return None
    prefix = _QUERY_PREFIX_RE.match(text)
    keyword = bool(prefix and prefix.group(0).strip())
    rest = text[prefix.end() :].strip() if prefix else text
    match = _QUERY_NUMBER_RE.match(rest)
    if match is None:
        return None
    number = match.group(1)
    if len(number) == 1 and not keyword:
        return None
    if "." in number:
        section, tail = number.split(".", 1)
        digits = tail.rstrip(SUBRULE_LETTERS + "lo")
        number = f"{section}.{int(digits)}{tail[len(digits) :]}"
    return number
