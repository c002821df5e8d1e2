"""Where a cited rule points: the one place the site builds a rule's or a document's URL, for engine
steps, scenarios, search results, rule texts, pages and the JSON API.

A CR number opens its rule page; a format-document anchor ("commander:2", "dtc:commander-tax") opens
that section of the document's page. The layers below (engine, search) name rules and documents by
number and slug only; URLs are the web layer's (docs/architecture.md).

The engine's rule numbers are those of one release (judge.engine.citing.CITED_RELEASE); the site shows
them in the current release's numbers, followed through the live generation's lineage of rules
(:func:`cited_renumbering`, kept per generation by the rules app). Every request renders under
:func:`citing_current` (judge.web.middleware.CitationMiddleware), so an engine text or answer names
today's rules; a page's cited rule goes through :func:`current_rule` (:func:`rule_ref_url` and
:func:`rule_label` do).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, cast

from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils.http import urlencode
from django.utils.module_loading import import_string
from django.utils.translation import get_language, gettext

from judge.engine.citing import CITED_RELEASE, citing, current
from judge.engine.rule_numbers import DOC_ANCHOR, is_cr_number
from judge.search.documents import CR_SLUG, GLOSSARY_SLUG
from judge.search.results import SearchHit, SearchResult

# Format-document anchor prefix -> (document slug, section anchor prefix for numbered sections).
DOC_ANCHORS = {"commander": ("commander-rules", "rule-"), "dtc": ("dtc", "")}
# The DTC deck-check rule ids (engine.dm.RULE_IDS) are not document anchors: each cites the DTC section
# stating it.
DOC_ALIASES = {
    "dtc:singleton": "dtc:deck-basics",
    "dtc:main-deck-only": "dtc:deck-basics",
    "dtc:commander-creature": "dtc:commander",
    "dtc:commander-rarity": "dtc:commander",
    "dtc:commander-all-civilizations": "dtc:commander",
    "dtc:commander-hall-of-fame": "dtc:commander",
    "dtc:deck-size": "dtc:main-deck",
    "dtc:civilizations": "dtc:main-deck",
    "dtc:civilization-minimum": "dtc:main-deck",
    "dtc:banned": "dtc:banned",
    "dtcs:team-singleton": "dtc:dtcs",
    "dtcs:commander-civilizations": "dtc:dtcs",
    "dtb:deck-size": "dtc:dtb",
    "dtb:card-pool": "dtc:dtb",
}


@functools.cache
def _renumbering_reader(path: str) -> Callable[[str], Mapping[str, str]]:
    return cast("Callable[[str], Mapping[str, str]]", import_string(path))


def cited_renumbering() -> Mapping[str, str]:
    """The engine's rule numbers (``CITED_RELEASE``'s) that the live generation numbers otherwise -> their
    current numbers (``settings.JUDGE_RENUMBERING_FUNCTION``: web imports no app)."""
    return _renumbering_reader(settings.JUDGE_RENUMBERING_FUNCTION)(CITED_RELEASE)


@contextmanager
def citing_current() -> Iterator[None]:
    """Inside it, what the engine renders names the current release's rules (read only if something is
    cited)."""
    with citing(cited_renumbering):
        yield


def current_rule(rule: str) -> str:
    """The current number of a rule the engine or a worked ruling cites (2026's renumbering made 724.4
    725.4); a format document's anchor as it is. Outside :func:`citing_current` (every request is inside
    it) the number as written."""
    return current(rule) if is_cr_number(rule) else rule


def current_rules(rules: Iterator[str] | list[str] | tuple[str, ...]) -> list[str]:
    """:func:`current_rule` of each, in order, once each."""
    return list(dict.fromkeys(current_rule(rule) for rule in rules))


def cited_answer(data: Any) -> Any:
    """A JSON answer with every cited rule in the current numbers: each ``"rule"`` string and each string of
    a ``"rules"`` list (the engine's texts are rendered in them already, judge.engine.citing)."""
    if isinstance(data, dict):
        shown: dict[str, Any] = {}
        for key, value in data.items():
            if key == "rule" and isinstance(value, str):
                shown[key] = current_rule(value)
            elif key == "rules" and isinstance(value, list):
                shown[key] = [current_rule(v) if isinstance(v, str) else cited_answer(v) for v in value]
            else:
                shown[key] = cited_answer(value)
        return shown
    if isinstance(data, list):
        return [cited_answer(value) for value in data]
    return data


def doc_section(citation: str) -> tuple[str, str] | None:
    """("commander-rules", "rule-2") for "commander:2"; None for a CR number or an unknown prefix."""
    citation = DOC_ALIASES.get(citation, citation)
    if not DOC_ANCHOR.match(citation):
        return None
    prefix, _, anchor = citation.partition(":")
    slug, numbered = DOC_ANCHORS[prefix]
    return slug, (numbered + anchor if numbered and anchor.isdigit() else anchor)


def rule_url_prefix() -> str:
    """The rule pages' URL without the number, in the active language: "/ja/rules/". A page that links
    hundreds of rules (a rule's text, judge.rules.text) appends numbers to it: ``reverse()`` is the slow
    part of a link."""
    return _rule_url_prefix(get_language(), get_script_prefix())


@functools.lru_cache(maxsize=16)
def _rule_url_prefix(language: str | None, script_prefix: str) -> str:
    return reverse("rules:detail", args=["1"]).removesuffix("1/")


def rule_url(number: str, *, version: str = "") -> str:
    """A CR rule's page in the active language, "/ja/rules/903.8/"; with ``version``, the rule as that
    release had it ("/ja/rules/903.8/?version=20250404")."""
    url = f"{rule_url_prefix()}{number}/"
    return f"{url}?{urlencode({'version': version})}" if version else url


def document_url(slug: str, anchor: str = "") -> str:
    """A corpus document's page, at a section if ``anchor``: "/ja/docs/dtc/#deck-basics"; the CR's
    glossary is its own page ("/ja/glossary/#commander-tax")."""
    url = reverse("rules:glossary") if slug == GLOSSARY_SLUG else reverse("rules:doc-detail", args=[slug])
    return f"{url}#{anchor}" if anchor else url


#: The judge's documents, by their short names: their pages are /docs/<kind>/ and /docs/<kind>/<section>/.
JUDGE_KINDS = ("mtr", "ipg", "jar")


def judge_doc_url(kind: str, section: str = "", *, edition: str = "") -> str:
    """A judge's document's page: its index ("/ja/docs/mtr/"), a section ("/en/docs/ipg/2.5/"), a section
    as an installed edition has it (``edition`` "2024-09-23": "?edition=2024-09-23")."""
    url = f"{_judge_doc_prefix(get_language(), get_script_prefix())}{kind}/"
    if not section:
        return url
    url = f"{url}{section}/"
    return f"{url}?{urlencode({'edition': edition})}" if edition else url


@functools.lru_cache(maxsize=16)
def _judge_doc_prefix(language: str | None, script_prefix: str) -> str:
    """ "/ja/docs/": a text with many references builds their URLs by string (``reverse()`` is slow)."""
    return reverse("rules:judge-doc", args=["mtr"]).removesuffix("mtr/")


def judge_citation(citation: str) -> tuple[str, str] | None:
    """(kind, section) of a judge's-document citation: "mtr:2.5" -> ("mtr", "2.5"), "jar" -> ("jar", "").

    >>> judge_citation("mtr:2.5"), judge_citation("jar"), judge_citation("903.8")
    (('mtr', '2.5'), ('jar', ''), None)
    """
    kind, _, section = citation.partition(":")
    return (kind, section) if kind in JUDGE_KINDS else None


def rule_ref_url(rule: str) -> str | None:
    """The page a step's, problem's or scenario's cited rule points to (a CR rule by its current number);
    None if it points nowhere."""
    if is_cr_number(rule):
        return rule_url(current_rule(rule))
    if judged := judge_citation(rule):
        return judge_doc_url(*judged)
    section = doc_section(rule)
    if section is None:
        return None
    return document_url(*section)


def hit_url(hit: SearchHit, *, current_version: str) -> str:
    """Where a search hit leads: its rule's page (a rule of an older CR version: that version's), else its
    section of its document (a translated rule with no rule today, a glossary entry, a format document)."""
    if hit.rule:
        older = hit.doc == CR_SLUG and hit.version and hit.version != current_version
        return rule_url(hit.rule, version=hit.version if older else "")
    if hit.doc in JUDGE_KINDS:
        return judge_doc_url(hit.doc, hit.anchor)
    return document_url(hit.doc, hit.anchor)


def linked_hits(result: SearchResult) -> list[tuple[SearchHit, str]]:
    """Each hit of a search with its page, for a template."""
    return [(hit, hit_url(hit, current_version=result.current_version)) for hit in result.hits]


def search_answer(result: SearchResult) -> dict[str, Any]:
    """A search as the JSON API answers it: each hit and each suggested rule with its page (``url``), its
    notices in the active language (the reader's)."""
    answer = result.to_payload(lang="ja" if (get_language() or "").startswith("ja") else "en")
    for shown, (_, url) in zip(answer["hits"], linked_hits(result), strict=True):
        shown["url"] = url
    for shown in answer["suggestions"]:
        if shown.get("rule"):
            shown["url"] = rule_url(shown["rule"])
    return answer


def rule_label(rule: str, *, heading: str = "") -> str:
    """How a page names a cited rule, in the reader's language: a CR number as it is; a format document's
    point by the document and the point ("Commander rules 2", "DTC house rules: win loss", 「統率者戦ルール
    9」,
    「DTC ハウスルール：勝利/敗北条件」), never an internal anchor like "dtc:singleton". ``heading`` is the
    section's own heading (the DTC document is Japanese), shown to a Japanese reader.
    """
    if is_cr_number(rule) or not rule:
        return current_rule(rule)
    prefix, _, anchor = rule.partition(":")
    japanese = (get_language() or "").startswith("ja")
    if prefix == "commander":
        return (
            gettext("Commander rules %(point)s") % {"point": anchor}
            if anchor.isdigit()
            else gettext("Commander rules")
        )
    if prefix in ("dtc", "dtcs", "dtb"):
        name = gettext("DTC house rules")
        if japanese:
            return f"{name}：{heading}" if heading else name
        return f"{name}: {anchor.replace('-', ' ')}" if anchor else name
    if rule == "banned:brawl":
        return gettext("Brawl banned list")
    if prefix in JUDGE_KINDS:
        return f"{prefix.upper()} {anchor}".strip()
    if prefix == "lookup":
        return gettext("card data")
    if prefix == "data":
        return _data_label(anchor)
    return rule


DATA_NAMES = {"scryfall": "Scryfall", "mtgjson": "MTGJSON", "wizards-of-the-coast": "Wizards of the Coast"}
DATED = re.compile(r"^(.*?)-?(\d{4}-\d{2}-\d{2})?$")


def _data_label(anchor: str) -> str:
    """A legality step's citation: the data that decided it and its date ("data:scryfall-2026-11-20" ->
    "card data: Scryfall, 2026-11-20"); "data:none" when no data was there to decide."""
    if anchor == "none":
        return gettext("no card data")
    match = DATED.match(anchor)
    slug, date = (match.group(1), match.group(2) or "") if match else (anchor, "")
    name = DATA_NAMES.get(slug, slug.replace("-", " "))
    return gettext("card data: %(source)s") % {"source": f"{name}, {date}" if date else name}
