"""Rule text as HTML: every rule reference a link and, for a Japanese reader, glosses on English words.

A gloss marks a word of the game in English rule text ("commander tax") with a link whose
tap shows its official Japanese name (統率者税) and the glossary's definition. The rule pages
build their text once per corpus generation and language (judge.rules.presenters caches it):
nothing here runs per request.

URLs are built by string from one reversed prefix ("/ja/rules/" + number + "/",
judge.web.citations.rule_url_prefix): a page cites dozens of rules and ``reverse()`` is the slow
part of a link.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from judge.parsing.judge_references import references as judge_references
from judge.parsing.references import find_references
from judge.web.citations import judge_doc_url


@dataclass(frozen=True)
class Gloss:
    """A word of the game with its official Japanese name, where a tap on it leads."""

    key: str  # the page's id for the word's entry ("gloss-" + key)
    en: str  # the English word (the term table's first spelling)
    name_ja: str
    definition: str = ""  # the glossary's definition; "" when the glossary has no entry for the word
    anchor: str = ""  # the glossary page's fragment ("term-12"); "" when not in the glossary
    rule: str = ""  # the rule that defines the word
    definition_ja: str = ""  # the whole Japanese translation's definition, when one is installed and has it


class Glosser:
    """Finds the words of the term table in English text: the longest spelling first, whole words only.

    Nouns also match their plural ("commanders", "abilities"); keyword abilities and actions
    only as spelled, so "reaches" is not the keyword reach. A spelling the table capitalises
    (the subtype "Case", "Commander variant") matches only capitalised: "in that case" is no Case.

    >>> glosser = Glosser([
    ...     (("commander",), Gloss("1", "Commander", "統率者"), True),
    ...     (("commander tax",), Gloss("2", "Commander Tax", "統率者税"), True),
    ...     (("reach",), Gloss("3", "Reach", "到達"), False),
    ...     (("Case",), Gloss("4", "Case", "事件"), True),
    ... ])
    >>> text = "Commanders pay the commander tax; in that case a player reaches 0 life. Reach. Cases."
    >>> [(text[a:b], g.name_ja) for a, b, g in glosser.find(text)]
    [('Commanders', '統率者'), ('commander tax', '統率者税'), ('Reach', '到達'), ('Cases', '事件')]
    """

    def __init__(self, entries: Iterable[tuple[Sequence[str], Gloss, bool]]) -> None:
        # Every form of every spelling, reduced, with whether it must be capitalised: a dictionary
        # looked up from each word that starts a form (one regular expression of ~1,500 alternatives
        # took 2.4 ms per 1,000 characters).
        self._forms: dict[str, tuple[Gloss, bool]] = {}
        self._starts: dict[str, int] = {}  # the first word of a form -> the most words of a form it starts
        for spellings, gloss, inflects in entries:
            for spelling in spellings:
                key = _fold(spelling)
                if not key or key in self._forms:
                    continue
                forms = [key]
                if inflects and key[-1].isalpha():
                    forms += [key[:-1] + "ies"] if re.search(r"[^aeiou]y$", key) else [key + "s", key + "es"]
                for form in forms:
                    self._forms.setdefault(form, (gloss, spelling[0].isupper()))
                    words = _WORD.findall(form)
                    self._starts[words[0]] = max(self._starts.get(words[0], 1), len(words))

    def find(self, text: str) -> Iterator[tuple[int, int, Gloss]]:
        words = list(_WORD.finditer(text))
        i = 0
        while i < len(words):
            longest = self._starts.get(words[i].group().casefold(), 0)
            for n in range(min(longest, len(words) - i), 0, -1):
                start, end = words[i].start(), words[i + n - 1].end()
                found = self._forms.get(_fold(text[start:end]))
                if found is not None and (not found[1] or text[start].isupper()):
                    yield start, end, found[0]
                    i += n
                    break
            else:
                i += 1


_WORD = re.compile(r"\w+(?:-\w+)*")  # "double-faced" is one word, "commander's" the word "commander" and "s"


def _fold(word: str) -> str:
    return " ".join(word.replace("’", "'").split()).casefold()


def rule_html(
    text: str,
    *,
    rule_url: str,
    renumbered: Mapping[str, str] | None = None,
    glosser: Glosser | None = None,
    glossary_url: str = "",
    glossed: list[Gloss] | None = None,
    inline_ja: bool = False,
) -> SafeString:
    """Escape ``text``, link each rule reference to ``rule_url`` + number, and gloss its words.

    ``renumbered`` (old number -> current number) is for text written against an older version
    of the rules, such as a Japanese translation: its "rule 711" is today's rule 712. A word is
    glossed the first time it appears on a page: ``glossed`` lists the page's glosses so far and
    gets the new ones.

    A reference to a judge's document ("MTR 2.5", "IPG 2.1", "JAR") links to its page.

    >>> str(rule_html("See rule 903.9 & more.", rule_url="/en/rules/"))
    'See <a class="rule-ref" href="/en/rules/903.9/">rule 903.9</a> &amp; more.'
    """
    text = text or ""

    def rest(piece: str) -> SafeString:
        return _rule_html(piece, rule_url, renumbered, glosser, glossary_url, glossed, inline_ja)

    if "MTR" in text or "IPG" in text or "JAR" in text:
        return _with_judge_links(text, rest)
    return rest(text)


def _rule_html(
    text: str,
    rule_url: str,
    renumbered: Mapping[str, str] | None,
    glosser: Glosser | None,
    glossary_url: str,
    glossed: list[Gloss] | None,
    inline_ja: bool,
) -> SafeString:
    out: list[str] = []
    cursor = 0
    for reference in find_references(text):
        if not reference.numbers:
            continue
        number = reference.numbers[0]
        if renumbered:
            number = renumbered.get(number, number)
        out.append(
            _glossed(text[cursor : reference.start], glosser, glossary_url, rule_url, glossed, inline_ja)
        )
        cited = escape(text[reference.start : reference.end])
        out.append(f'<a class="rule-ref" href="{rule_url}{escape(number)}/">{cited}</a>')
        cursor = reference.end
    out.append(_glossed(text[cursor:], glosser, glossary_url, rule_url, glossed, inline_ja))
    return mark_safe("".join(out))


def _with_judge_links(text: str, rest: Callable[[str], SafeString]) -> SafeString:
    """``text`` with each reference to a judge's document ("MTR 2.5", "IPG 2.1", "JAR") a link to its page,
    the text between marked up by ``rest``."""
    out: list[str] = []
    cursor = 0
    for start, end, kind, number in judge_references(text):
        out.append(rest(text[cursor:start]))
        out.append(f'<a class="rule-ref judge-ref" href="{escape(judge_doc_url(kind, number))}">')
        out.append(f"{escape(text[start:end])}</a>")
        cursor = end
    out.append(rest(text[cursor:]))
    return mark_safe("".join(out))


def _glossed(
    text: str,
    glosser: Glosser | None,
    glossary_url: str,
    rule_url: str,
    glossed: list[Gloss] | None,
    inline_ja: bool = False,
) -> str:
    if glosser is None or glossed is None:
        return escape(text)
    out: list[str] = []
    cursor = 0
    for start, end, gloss in glosser.find(text):
        if gloss in glossed:
            continue
        glossed.append(gloss)
        if gloss.anchor:
            href = f"{glossary_url}#{gloss.anchor}"
        else:  # the defining rule, else the page's own list of its words
            href = f"{rule_url}{gloss.rule}/" if gloss.rule else f"#gloss-{gloss.key}"
        out.append(escape(text[cursor:start]))
        out.append(
            f'<a class="gloss" href="{escape(href)}" data-gloss="{escape(gloss.key)}">'
            f"{escape(text[start:end])}</a>"
        )
        if inline_ja and gloss.name_ja:
            out.append(f'<span class="gloss-inline" lang="ja">（{escape(gloss.name_ja)}）</span>')
        cursor = end
    out.append(escape(text[cursor:]))
    return "".join(out)


_MARK = re.compile(r"(</?mark>)")


def glossed_snippet(snippet: str, glosser: Glosser) -> str:
    """A search snippet of English rule text (escaped, with ``<mark>``) with each word of the game's Japanese
    name after its first use, as the rule pages' inline glosses: what a Japanese reader reads when a hit shows
    today's English.

    >>> glosser = Glosser([(("commander",), Gloss("1", "Commander", "統率者"), True)])
    >>> glossed_snippet("If a <mark>commander</mark> is a commander&#x27;s", glosser)
    'If a <mark>commander<span class="gloss-inline" lang="ja">（統率者）</span></mark> is a commander&#x27;s'
    """
    seen: set[str] = set()
    out: list[str] = []
    for part in _MARK.split(snippet):
        if part in ("<mark>", "</mark>"):
            out.append(part)
            continue
        text = html.unescape(part)
        cursor = 0
        for _start, end, gloss in glosser.find(text):
            if gloss.key in seen or not gloss.name_ja:
                continue
            seen.add(gloss.key)
            out.append(escape(text[cursor:end]))
            out.append(f'<span class="gloss-inline" lang="ja">（{escape(gloss.name_ja)}）</span>')
            cursor = end
        out.append(escape(text[cursor:]))
    return "".join(out)
