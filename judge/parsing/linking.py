"""Link a parsed corpus: rule references, renumbering across versions and translation alignment.

Pure corpus logic between parsing and writing (parse -> link -> write -> index): the ingest service
writes the linked records as they come and adds nothing.

- **References**: each rule cites the rules its text and examples name (``links_to``); a reference to
  a rule the file does not have is *unresolved* and reported ("903.9 -> 903.99"), glossary
  definitions too. A Japanese document cites the rules of the CR version it was translated from,
  followed through the renumbering to today's rules; other documents cite the current rules.
- **Renumbering**: for each older version, old number -> current number of the rules that moved.
- **Alignment**: each Japanese section that translates a CR rule gets the current number it
  translates (``aligned_number``), the English version it was compared with, and whether that
  English has changed since (``differs_from_current``, so a page can say it is out of date).

>>> from judge.parsing.records import RuleKind, RuleRecord, RulesDocument
>>> rules = (RuleRecord("903.1", RuleKind.RULE, "See rule 903.2 and rule 903.9.", "903", 1),
...          RuleRecord("903.2", RuleKind.RULE, "Text.", "903", 2))
>>> linked = link_corpus_documents((RulesDocument(source="x", version="20260116", rules=rules, glossary=()),), ())
>>> linked.rules[0].rules[0].links_to, linked.rules[0].unresolved
(('903.2',), ('903.1 -> 903.9',))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from judge.parsing.corpus import ParsedCorpus
from judge.parsing.records import DocKind, DocSection, JaDocument, RuleRecord, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.versions import track_renumbering

_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class LinkedRule:
    record: RuleRecord
    links_to: tuple[str, ...]  # the other rules of the same version its text and examples cite, in order


@dataclass(frozen=True)
class LinkedRules:
    """One Comprehensive Rules version with its references resolved."""

    document: RulesDocument
    rules: tuple[LinkedRule, ...]
    unresolved: tuple[str, ...]  # "903.1 -> 903.99", "glossary 'Map' -> 110.10"


@dataclass(frozen=True)
class AlignedSection:
    section: DocSection
    aligned_number: str = ""  # the current CR number the section translates ("" when it translates none)
    compared_version: str = ""  # the CR version it was compared with
    differs_from_current: bool = False  # that version's English differs from today's rule (or moved)


@dataclass(frozen=True)
class LinkedDocument:
    """One Japanese document with its sections aligned to the current rules."""

    document: JaDocument
    sections: tuple[AlignedSection, ...]
    unresolved: tuple[str, ...]  # "anchor -> number"


@dataclass(frozen=True)
class LinkedCorpus:
    rules: tuple[LinkedRules, ...]  # oldest version first
    documents: tuple[LinkedDocument, ...]
    renumbered: dict[str, dict[str, str]]  # older version -> {old number: current number}

    @property
    def versions(self) -> list[str]:
        return [linked.document.version for linked in self.rules]

    @property
    def current(self) -> RulesDocument:
        return self.rules[-1].document


def _normalise(text: str) -> str:
    return _WS.sub(" ", text).strip()


def nearest_version(versions: Sequence[str], wanted: str | None) -> str:
    """The ingested CR version a translation is compared with.

    Exactly the version it was translated from when there is one; otherwise the one nearest in date
    (an unknown date compares with the oldest version, as the undated blog excerpt predates every
    other translation).

    >>> nearest_version(["20200601", "20231117", "20260116"], "20230901"), nearest_version(["20200601"], None)
    ('20231117', '20200601')
    """
    if not wanted:
        return versions[0]
    if wanted in versions:
        return wanted
    return min(versions, key=lambda v: abs(int(v) - int(wanted)))


def renumberings(documents: Sequence[RulesDocument]) -> dict[str, dict[str, str]]:
    """For each older version, old number -> current number, for rules whose number changed."""
    current = documents[-1]
    return {
        doc.version: track_renumbering(doc, current)
        for doc in documents
        if doc.version != current.version and doc.numbering is current.numbering  # never across 2009's renumbering
    }


def link_rules(document: RulesDocument) -> LinkedRules:
    """Each rule's citations of the other rules of the same file, and the references that name no rule."""
    known = {record.number for record in document.rules}
    rules: list[LinkedRule] = []
    unresolved: list[str] = []
    for record in document.rules:
        cited: list[str] = []
        for text in (record.text, *record.examples):
            for reference in find_references(text):
                for number in reference.numbers:
                    if number == record.number or number in cited:
                        continue
                    if number in known:
                        cited.append(number)
                    else:
                        unresolved.append(f"{record.number} -> {number}")
        rules.append(LinkedRule(record=record, links_to=tuple(cited)))
    # Glossary definitions cite rules too ("See rule 903.8"); the glossary page links them.
    unresolved.extend(
        f"glossary {entry.term!r} -> {number}"
        for entry in document.glossary
        for reference in find_references(entry.definition)
        for number in reference.numbers
        if number not in known
    )
    return LinkedRules(document=document, rules=tuple(rules), unresolved=tuple(unresolved))


def _unresolved_ja(document: JaDocument, compared: set[str], current: set[str],
                   renumbered: dict[str, str]) -> tuple[str, ...]:
    """References that point at no rule: in the version a translation follows (its links follow the
    renumbering to the current rule), or in the current rules."""
    return tuple(
        f"{section.anchor} -> {number}"
        for section in document.sections
        for text in (section.heading, section.text, *section.details, *section.examples, *section.notes)
        for reference in find_references(text)
        for number in reference.numbers
        if number not in compared and renumbered.get(number, number) not in current
    )


def _differs(old: RuleRecord, now: RuleRecord) -> bool:
    return _normalise(old.text) != _normalise(now.text) or [_normalise(e) for e in old.examples] != [
        _normalise(e) for e in now.examples
    ]


def link_document(document: JaDocument, rules: Sequence[RulesDocument],
                  renumbered: dict[str, dict[str, str]]) -> LinkedDocument:
    """Align a Japanese document's sections with the current rules (``rules``: oldest version first)."""
    # A translation is compared with versions numbered like the current rules, never with pre-2009 ones.
    by_version = {doc.version: {r.number: r for r in doc.rules} for doc in rules if doc.numbering is rules[-1].numbering}
    current = rules[-1].version
    translation = document.kind is DocKind.CR_TRANSLATION or any(s.cr_number for s in document.sections)
    compared = nearest_version(sorted(by_version), document.translated_from) if translation else ""
    moved = renumbered.get(compared, {})
    sections: list[AlignedSection] = []
    for section in document.sections:
        if not section.cr_number:
            sections.append(AlignedSection(section=section))
            continue
        old = by_version[compared].get(section.cr_number)
        aligned = moved.get(section.cr_number, section.cr_number)
        now = by_version[current].get(aligned)
        if now is None:
            aligned, differs = "", True
        else:
            differs = old is None or aligned != section.cr_number or _differs(old, now)
        sections.append(AlignedSection(section=section, aligned_number=aligned, compared_version=compared,
                                       differs_from_current=differs))
    unresolved = _unresolved_ja(document, set(by_version[compared or current]), set(by_version[current]), moved)
    return LinkedDocument(document=document, sections=tuple(sections), unresolved=unresolved)


def link_corpus_documents(rules: Sequence[RulesDocument], documents: Sequence[JaDocument]) -> LinkedCorpus:
    """Link every CR version (oldest first) and every Japanese document."""
    renumbered = renumberings(rules)
    return LinkedCorpus(
        rules=tuple(link_rules(doc) for doc in rules),
        documents=tuple(link_document(doc, rules, renumbered) for doc in documents),
        renumbered=renumbered,
    )


def link_corpus(parsed: ParsedCorpus) -> LinkedCorpus:
    return link_corpus_documents(parsed.rules_documents, parsed.ja_documents)
