"""Which Japanese text each rule gets: the whole translation of the Comprehensive Rules first.

The community's translation of the whole rules (``JPN_CR_YYYYMMDD_N.txt``,
judge.parsing.ja_comprehensive_rules)
is one document per release it translates (``cr-ja-YYYYMMDD``). For each current rule:

1. the translation of the current release, when there is one (its rules are ``current``);
2. otherwise the newest translation, followed through the renumbering to today's number, with the status the
   alignment gave it (``changed``, ``renumbered``; ``deleted`` rules sit beside no current rule);
3. then the other Japanese texts of the same rule (excerpts, wiki quotes), each with its own status; one that
   repeats the chosen text word for word is left out, and beside a whole translation of today's text only
   the other texts of today's are kept.

Chapter and section titles and the glossary's Japanese headwords and definitions come from the whole
translation too (titles only where the English title has not changed since). Everything here is read once per
generation and kept per process (judge.rules.selectors.generation).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from judge.parsing.ja_comprehensive_rules import GLOSSARY, SLUG_PREFIX, headword_key, split_headword
from judge.parsing.linking import STATUS_RANK
from judge.rules import models

_WS = re.compile(r"\s+")


def is_whole(slug: str) -> bool:
    """Is a document the translation of the whole Comprehensive Rules (one per release)?

    >>> is_whole("cr-ja-20260116"), is_whole("cr-805-ja")
    (True, False)
    """
    return slug.startswith(SLUG_PREFIX)


def _rank(section: models.DocSection) -> tuple[int, int, int]:
    """Best first: a whole translation, today's text, the newest release."""
    whole = 0 if is_whole(section.source.slug) else 1
    newest = -int(section.compared_version) if section.compared_version.isdigit() else 0
    return whole, STATUS_RANK.get(section.status, len(STATUS_RANK)), newest


def choose(sections: Sequence[models.DocSection]) -> list[models.DocSection]:
    """The Japanese texts of one rule, best first: the whole translation's best section (current first,
    then the newest release), then the other documents' sections. Of the whole translations only the best
    is kept; beside a whole translation of today's text only other texts of today's are kept; and a section
    repeating a text already kept is left out (the rules viewer's 805 is the 20231117 translation itself).
    """
    kept: list[models.DocSection] = []
    texts: set[str] = set()
    whole_kept = False
    for section in sorted(sections, key=_rank):
        if is_whole(section.source.slug):
            if whole_kept:
                continue
            whole_kept = True
        elif (
            kept
            and is_whole(kept[0].source.slug)
            and kept[0].status == "current"
            and section.status != "current"
        ):
            continue  # today's whole translation stands: an older excerpt would only add an outdated text
        text = _WS.sub("", section.text)
        if text in texts:
            continue
        texts.add(text)
        kept.append(section)
    return kept


@functools.lru_cache(maxsize=4)
def whole_translations(generation: tuple[int, str]) -> tuple[models.Source, ...]:
    """The generation's whole translations, the newest release first."""
    return tuple(
        models.Source.objects.filter(corpus_id=generation[0], slug__startswith=SLUG_PREFIX).order_by(
            "-translated_from"
        )
    )


def primary(generation: tuple[int, str]) -> models.Source | None:
    """The translation the Japanese of the rules follows: the newest one (the current release's when there is
    one)."""
    found = whole_translations(generation)
    return found[0] if found else None


@functools.lru_cache(maxsize=4)
def whole_by_rule(generation: tuple[int, str]) -> dict[str, models.DocSection]:
    """Today's rule number -> the whole translations' Japanese of it (the best section, as ``choose`` orders
    them): what the rule pages, the changes page, the translation status and fetch_rules read."""
    rows = (
        models.DocSection.objects.filter(corpus_id=generation[0], source__slug__startswith=SLUG_PREFIX)
        .exclude(aligned_number="")
        .select_related("source")
        .defer("details", "notes", "heading")
    )
    by_number: dict[str, list[models.DocSection]] = {}
    for section in rows:
        by_number.setdefault(section.aligned_number, []).append(section)
    return {number: choose(sections)[0] for number, sections in by_number.items()}


@functools.lru_cache(maxsize=4)
def titles(generation: tuple[int, str]) -> dict[str, str]:
    """Chapter and section number -> its Japanese title in the whole translation, the newest translation
    whose English title is still today's (status current)."""
    found: dict[str, str] = {}
    for source in whole_translations(generation):
        rows = models.DocSection.objects.filter(source=source, status="current").exclude(
            cr_number__contains="."
        )
        for number, text in rows.exclude(cr_number="").values_list("aligned_number", "text"):
            found.setdefault(number, text.strip())
    return found


@dataclass(frozen=True)
class GlossaryText:
    """One glossary entry of the whole translation: its Japanese headword and definition."""

    name_ja: str
    definition: str
    version: str  # the release the translation translates
    slug: str  # its document
    anchor: str  # the entry on the document's page


@functools.lru_cache(maxsize=4)
def glossary(generation: tuple[int, str]) -> dict[str, GlossaryText]:
    """English headword (``headword_key``: "You/Your" and "You, Your" alike) -> the newest whole
    translation's entry for it."""
    found: dict[str, GlossaryText] = {}
    for source in whole_translations(generation):
        rows = models.DocSection.objects.filter(source=source, parent=GLOSSARY).order_by("position")
        for heading, text, anchor in rows.values_list("heading", "text", "anchor"):
            japanese, english = split_headword(heading)
            if english:
                found.setdefault(
                    headword_key(english),
                    GlossaryText(japanese, text, source.translated_from, source.slug, anchor),
                )
    return found
