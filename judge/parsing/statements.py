"""Which current rule a Japanese passage states, when it translates none.

The Commander format's own rules say in Japanese what rules of the Comprehensive Rules say (its point 7 is
903.9a and 903.9b in other words) without naming them. A sentence of such a passage *states* a rule of the
section it explains (``scope``: 903 for the Commander rules) when the game's terms it uses (read through the
bilingual term table, judge.parsing.dating.TermMatcher) are those of that rule: at least MIN_SHARED terms in
common, STATE_AGREEMENT of them (Jaccard), and clearly more than any other rule of the section. A rule page
with no Japanese of its own shows such a passage above its English (judge.rules.documents).

>>> from judge.parsing.records import RuleKind, RuleRecord
>>> terms = TermMatcher([(("統率者",), ("commander",)), (("墓地",), ("graveyard",)),
...     (("追放",), ("exile",)), (("統率領域",), ("command zone",)), (("オーナー",), ("owner",)),
...     (("手札",), ("hand",)), (("ライブラリー",), ("library",))])
>>> a = "If a commander is in a graveyard or in exile, its owner may put it into the command zone."
>>> b = "If a commander would be put into a hand or library, its owner may put it into the command zone."
>>> rules = [RuleRecord("903.9a", RuleKind.SUBRULE, a, "903.9", 1), RuleRecord("903.9b", RuleKind.SUBRULE, b,
...     "903.9", 2)]
>>> stated_rules("統率者が墓地か追放にあり、オーナーは統率領域に置ける。"
...     "統率者がオーナーの手札かライブラリーに置かれる場合、統率領域に置ける。", rules, terms)
('903.9a', '903.9b')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judge.parsing.dating import TermMatcher
from judge.parsing.records import RuleRecord

MIN_SHARED = 5
STATE_AGREEMENT = 0.5
MARGIN = 0.1  # the best rule shares this much more than the next one

_SENTENCE = re.compile(r"(?<=[。．])")


def _jaccard(a: frozenset[int], b: frozenset[int]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 0.0


def stated_rules(text: str, rules: Sequence[RuleRecord], terms: TermMatcher) -> tuple[str, ...]:
    """The rules of ``rules`` (a section's current rules) that the sentences of ``text`` state, in text
    order."""
    english = {rule.number: terms.english(" ".join((rule.text, *rule.examples))) for rule in rules}
    found: list[str] = []
    for sentence in _SENTENCE.split(text):
        mine = terms.japanese(sentence)
        scored = sorted(
            ((_jaccard(mine, theirs), len(mine & theirs), n) for n, theirs in english.items()), reverse=True
        )
        if not scored:
            continue
        best, shared, number = scored[0]
        runner_up = scored[1][0] if len(scored) > 1 else 0.0
        if (
            shared >= MIN_SHARED
            and best >= STATE_AGREEMENT
            and best >= runner_up + MARGIN
            and number not in found
        ):
            found.append(number)
    return tuple(found)
