"""Which release of the Comprehensive Rules a Japanese translation was made from.

A translation is compared with the release it was translated from, never with the "nearest" other
one: a rule that was renumbered or deleted since then would otherwise sit beside the wrong English.

1. **Declared**: the text names its release ("MJMJ訳 20231117.0", "引用:総合ルール 20231117.0")
   and that release is ingested: it is the one.
2. **Dated by content**: otherwise every ingested release is tried. A release matches when each
   translated rule agrees with the release's rule of that number (:func:`section_agrees`): the
   release has the number, has at least as many examples, cites the same rules when both cite any,
   and shares enough of the game's words: the Japanese terms of the text and the English terms of
   the rule, both read through the project's bilingual term table (``rules_data/terms.tsv``), and no
   sibling rule shares clearly more. The newest matching release is the one compared with (releases
   that agree on every translated rule align them alike; the newest has the fewest changes since).
3. **Unknown**: no release matches: the text comes from a release that is not ingested. Every rule
   is then *unchecked*: pages never show it as today's text. The closest release (fewest
   disagreements) only places the rules that clearly agree with it (a third of their terms shared,
   PLACE_AGREEMENT), so an old 800.5 about mulligans is not put beside today's 800.5 about seating.

The blog excerpt of the corpus (``ja/001``) quotes the free mulligan (800.5) and a starting player
who draws (800.6): it agrees with the 2019-01 release and with none of 2020 or later.

>>> from judge.parsing.records import DocKind, DocSection, JaDocument, RuleKind, RuleRecord, RulesDocument
>>> def release(version, *rules):
...     records = tuple(RuleRecord(n, RuleKind.RULE, t, "800", i) for i, (n, t) in enumerate(rules))
...     return RulesDocument(source="x", version=version, rules=records, glossary=())
>>> old = release("20190125", ("800.5", "A mulligan in a multiplayer game."))
>>> new = release("20200601", ("800.5", "Seating order."), ("800.6", "A mulligan in a multiplayer game."))
>>> text = JaDocument(source="s", slug="s", title_ja="t", kind=DocKind.CR_TRANSLATION,
...                   sections=(DocSection("r", "", "多人数戦のマリガン。", 1, cr_number="800.5"),))
>>> terms = TermMatcher([(("マリガン",), ("mulligan",)), (("多人数戦",), ("multiplayer game",))])
>>> date_translation(text, [old, new], terms)
Dating(how='content', version='20190125', matches=('20190125',), placed_by='', differences=(), moved=())
>>> date_translation(text, [new], terms).how, date_translation(text, [new], terms).differences
('unknown', ('800.5',))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from judge.parsing.records import JaDocument, RuleRecord, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.terms_table import Term, english_key

# A translated rule disagrees with a release's rule when they share less than this share of their
# terms (Jaccard), counted once the two hold at least MIN_TERMS terms between them...
LOW_AGREEMENT = 0.15
MIN_TERMS = 3
# ... or when a sibling rule of the release shares at least BETTER_SIBLING and this much more.
BETTER_SIBLING = 0.7
BETTER_MARGIN = 0.35
# An unchecked rule is placed beside the closest release's rule only when they share this much.
PLACE_AGREEMENT = 0.34

_WORD = re.compile(r"[a-z0-9'’-]+")


def _stem(word: str) -> str:
    """Plural to singular, enough to meet the glossary's headwords ("creatures" -> "creature")."""
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    for suffix in ("es", "s"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            return word[: -len(suffix)]
    return word


def _english_words(text: str) -> list[str]:
    return [_stem(word) for word in _WORD.findall(english_key(text))]


class TermMatcher:
    """Finds the game's terms in Japanese and in English text, as ids of rows of the term table.

    Longest spelling first, so 統率者税 is commander tax and not 統率者.
    """

    def __init__(self, pairs: Iterable[tuple[Sequence[str], Sequence[str]]]) -> None:
        self._ja: dict[str, list[tuple[str, int]]] = {}  # first character -> (spelling, id), longest first
        self._en: dict[tuple[str, ...], int] = {}
        for index, (japanese, english) in enumerate(pairs):
            for spelling in japanese:
                key = unicodedata.normalize("NFKC", spelling)
                if key:
                    self._ja.setdefault(key[0], []).append((key, index))
            for spelling in english:
                words = tuple(_english_words(spelling))
                if words:
                    self._en.setdefault(words, index)
        for spellings in self._ja.values():
            spellings.sort(key=lambda item: -len(item[0]))
        self._longest = max((len(words) for words in self._en), default=0)

    @classmethod
    def from_terms(cls, terms: Iterable[Term]) -> TermMatcher:
        """The two-way rows of the term table (Duel Masters rows mean something else in English)."""
        return cls((term.ja, term.en) for term in terms if term.ja and not term.one_way)

    def japanese(self, text: str) -> frozenset[int]:
        text = unicodedata.normalize("NFKC", text)
        found: set[int] = set()
        position = 0
        while position < len(text):
            for spelling, index in self._ja.get(text[position], ()):
                if text.startswith(spelling, position):
                    found.add(index)
                    position += len(spelling)
                    break
            else:
                position += 1
        return frozenset(found)

    def english(self, text: str) -> frozenset[int]:
        words = _english_words(text)
        found: set[int] = set()
        position = 0
        while position < len(words):
            for length in range(min(self._longest, len(words) - position), 0, -1):
                index = self._en.get(tuple(words[position : position + length]))
                if index is not None:
                    found.add(index)
                    position += length
                    break
            else:
                position += 1
        return frozenset(found)


@dataclass(frozen=True)
class Dating:
    """How a translation was dated (see the module docstring).

    ``how``: "declared", "content" or "unknown" ("" for a document that translates no rule).
    ``version``: the release it is compared with ("" when unknown). ``matches``: the releases its
    content agrees with. When unknown, ``placed_by`` is the closest release and ``differences`` the
    rule numbers on which the translation disagrees with it or agrees too little to be placed by it;
    ``moved`` places some of those by their content on another rule of the closest release (the blog
    excerpt's 800.6, the starting player's draw, is 20200601's 800.7).
    """

    how: str = ""
    version: str = ""
    matches: tuple[str, ...] = ()
    placed_by: str = ""
    differences: tuple[str, ...] = ()
    moved: tuple[
        tuple[str, str], ...
    ] = ()  # unknown: (number in the text, the closest release's) placed by content

    @property
    def basis(self) -> str:
        """The release whose numbers the translation's numbers are read as."""
        return self.version or self.placed_by

    @property
    def undated(self) -> bool:
        """The text names no release it follows: dated by its content, or not at all."""
        return self.how in ("content", "unknown")

    def earliest(self, versions: Sequence[str]) -> str:
        """The oldest of ``versions`` (the releases loaded, oldest first) the text could follow and cannot
        predate: see :func:`earliest_follow`."""
        return earliest_follow(self.how, self.version, self.matches, versions)


def earliest_follow(how: str, version: str, matches: Sequence[str], versions: Sequence[str]) -> str:
    """The oldest loaded release (``versions``, oldest first) a translation could follow and cannot predate,
    "" when it could predate every loaded release.

    A text that names its release follows that one. A text dated by its content could follow any release
    its content matches (``matches``), and cannot predate the oldest of them only when an older loaded release
    disagrees with it. A text no release matches (``unknown``) may come from before every loaded release:
    the blog excerpt ``ja/001`` (pre-2019) beside 20200601, the oldest release of the default corpus.

    >>> loaded = ["20180720", "20200601", "20260116"]
    >>> earliest_follow("declared", "20200601", (), loaded), earliest_follow("content", "20260116",
    ...     ("20200601", "20260116"), loaded)
    ('20200601', '20200601')
    >>> earliest_follow("content", "20200601", ("20180720", "20200601"), loaded)
    ''
    >>> earliest_follow("unknown", "", (), loaded)
    ''
    """
    if how == "declared":
        return version
    if how == "content" and matches and matches[0] in versions and versions.index(matches[0]) > 0:
        return matches[0]
    return ""


def _jaccard(a: frozenset[int], b: frozenset[int]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def _cited(text: str) -> set[str]:
    return {number for reference in find_references(text) for number in reference.numbers}


class _Release:
    """One release's rules and, read once, the terms of each."""

    def __init__(self, document: RulesDocument, terms: TermMatcher) -> None:
        self.version = document.version
        self.rules = {rule.number: rule for rule in document.rules}
        self._terms = terms
        self._cache: dict[str, frozenset[int]] = {}
        self.siblings: dict[str, list[str]] = {}
        for rule in document.rules:
            self.siblings.setdefault(rule.parent or "", []).append(rule.number)

    def terms(self, number: str) -> frozenset[int]:
        if number not in self._cache:
            rule = self.rules[number]
            self._cache[number] = self._terms.english(" ".join((rule.title, rule.text, *rule.examples)))
        return self._cache[number]


def section_agrees(
    number: str,
    japanese: str,
    examples: int,
    release: _Release,
    terms: TermMatcher,
    low: float = LOW_AGREEMENT,
) -> bool:
    """Does the translated rule ``number`` (its text, and how many examples it has) agree with the release's?
    ``low``: the least share of terms in common."""
    rule: RuleRecord | None = release.rules.get(number)
    if rule is None:
        return False
    if "." not in number:
        return True  # a chapter or section heading: its number is all it says
    if examples > len(rule.examples):
        return False
    cited_ja, cited_en = _cited(japanese), _cited(rule.text + " " + " ".join(rule.examples))
    if cited_ja and cited_en and cited_ja != cited_en:
        return False  # "rule 103.1" against "rule 103.2": another release's numbering
    mine = terms.japanese(japanese)
    agreement = _jaccard(mine, release.terms(number))
    if len(mine | release.terms(number)) >= MIN_TERMS and agreement < low:
        return False
    best_sibling = max(
        (
            _jaccard(mine, release.terms(other))
            for other in release.siblings.get(rule.parent or "", [])
            if other != number
        ),
        default=0.0,
    )
    return not (best_sibling >= BETTER_SIBLING and best_sibling >= agreement + BETTER_MARGIN)


def disagreements(document: JaDocument, release: RulesDocument, terms: TermMatcher) -> tuple[str, ...]:
    """The translated rule numbers of ``document`` that disagree with ``release``."""
    return _disagreements(document, _Release(release, terms), terms)


def _disagreements(
    document: JaDocument, release: _Release, terms: TermMatcher, low: float = LOW_AGREEMENT
) -> tuple[str, ...]:
    return tuple(
        section.cr_number
        for section in document.sections
        if section.cr_number
        and not section_agrees(
            section.cr_number,
            " ".join((section.text, *section.examples)),
            len(section.examples),
            release,
            terms,
            low,
        )
    )


def date_translation(document: JaDocument, releases: Sequence[RulesDocument], terms: TermMatcher) -> Dating:
    """Date a translation against ``releases`` (one numbering, oldest first); see the module docstring."""
    versions = [release.version for release in releases]
    if document.translated_from in versions:
        return Dating(how="declared", version=document.translated_from or "")
    read = {release.version: _Release(release, terms) for release in releases}
    found = {version: _disagreements(document, release, terms) for version, release in read.items()}
    matches = tuple(version for version in versions if not found[version])
    if matches:
        return Dating(how="content", version=matches[-1], matches=matches)
    closest = min(reversed(versions), key=lambda version: len(found[version]))  # a tie: the newest
    unplaced = _disagreements(document, read[closest], terms, PLACE_AGREEMENT)
    moved = _placed_by_content(document, read[closest], terms, unplaced)
    return Dating(how="unknown", placed_by=closest, differences=unplaced, moved=moved)


def _placed_by_content(
    document: JaDocument, release: _Release, terms: TermMatcher, unplaced: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    """Rules of an undated translation that disagree with their number in ``release`` but agree with a sibling
    rule there (the same parent; PLACE_AGREEMENT of terms shared, clearly the best sibling): the rule moved
    between the translation's release and this one. A sibling another section already stands on is not
    taken."""
    taken = {s.cr_number for s in document.sections if s.cr_number and s.cr_number not in unplaced}
    moved: list[tuple[str, str]] = []
    for section in document.sections:
        number = section.cr_number
        if not number or number not in unplaced or "." not in number:
            continue
        text = " ".join((section.text, *section.examples))
        mine = terms.japanese(text)
        parent = release.rules[number].parent if number in release.rules else _parent_of(number)
        scored = sorted(
            (
                (_jaccard(mine, release.terms(other)), other)
                for other in release.siblings.get(parent or "", [])
                if other not in taken and other != number
            ),
            reverse=True,
        )
        if not scored:
            continue
        best, target = scored[0]
        runner_up = scored[1][0] if len(scored) > 1 else 0.0
        if (
            best >= PLACE_AGREEMENT
            and best > runner_up
            and section_agrees(target, text, len(section.examples), release, terms, PLACE_AGREEMENT)
        ):
            moved.append((number, target))
            taken.add(target)
    return tuple(moved)


def _parent_of(number: str) -> str:
    """The parent a rule number would have: 800.6 -> 800, 800.4a -> 800.4."""
    return number.rstrip("abcdefghijklmnopqrstuvwxyz") if number[-1].isalpha() else number.split(".")[0]
