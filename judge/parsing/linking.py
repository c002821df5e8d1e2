"""Link a parsed corpus: rule references, renumbering across versions and translation alignment.

Pure corpus logic between parsing and writing (parse -> link -> write -> index): the ingest service
writes the linked records as they come and adds nothing.

- **References**: each rule cites the rules its text and examples name (``links_to``); a reference to
  a rule the file does not have is *unresolved* and reported ("903.9 -> 903.99"), glossary
  definitions too. A Japanese document cites the rules of the CR version it was translated from,
  followed through the renumbering to today's rules; other documents cite the current rules.
- **Renumbering**: for each older version, old number -> current number of the rules that moved.
- **Alignment**: a translation is compared with the release it was translated from (declared, or
  dated by its content: :mod:`judge.parsing.dating`), never with the "nearest" other release. Each
  section that translates a CR rule gets its status (:class:`Status`) and the current number it
  translates (``aligned_number``), followed through the renumbering from that release: 20231117's
  805.10g is today's 805.10f, and 20231117's 805.10f (deleted since) is aligned to no current rule.
  A translation whose release is not ingested and matches none is *unchecked* throughout.

>>> from judge.parsing.records import RuleKind, RuleRecord, RulesDocument
>>> rules = (RuleRecord("903.1", RuleKind.RULE, "See rule 903.2 and rule 903.9.", "903", 1),
...          RuleRecord("903.2", RuleKind.RULE, "Text.", "903", 2))
>>> linked = link_corpus_documents((RulesDocument(source="x", version="20260116", rules=rules, glossary=()),),
...     ())
>>> linked.rules[0].rules[0].links_to, linked.rules[0].unresolved
(('903.2',), ('903.1 -> 903.9',))
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from judge.parsing.corpus import ParsedCorpus
from judge.parsing.dating import Dating, TermMatcher, date_translation
from judge.parsing.lineage import Lineage, step_between
from judge.parsing.records import DocKind, DocSection, JaDocument, RuleRecord, RulesDocument
from judge.parsing.references import find_references
from judge.parsing.substance import Rewrite, load_rewrites, standing
from judge.parsing.terms_table import load_terms_table
from judge.parsing.translation_choice import choose_texts

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


class Status(enum.Enum):
    """How a translated rule stands against today's rules."""

    CURRENT = "current"  # today's rule of the same number, with the English the translation was made from
    CHANGED = "changed"  # today's rule of the same number; its English has changed since
    RENUMBERED = "renumbered"  # the same rule has another number today (its English may have changed too)
    DELETED = "deleted"  # the rule is not in today's rules (its number may hold another rule now)
    UNCHECKED = (
        "unchecked"  # the translation's release is unknown: it cannot be checked against today's rules
    )


# Which of several Japanese texts of one rule a reader is shown first: today's text, then one whose English
# changed since, one that moved, one never checked, one of a deleted rule (the rule pages and search).
STATUS_RANK = {
    Status.CURRENT.value: 0,
    "wording-changed": 1,  # the standings a reader is told (judge.parsing.substance), ranked alike
    Status.CHANGED.value: 1,
    Status.RENUMBERED.value: 2,
    "outdated": 3,
    Status.UNCHECKED.value: 3,
    Status.DELETED.value: 4,
}


@dataclass(frozen=True)
class AlignedSection:
    section: DocSection
    aligned_number: str = (
        ""  # the current CR number the section translates ("" for none: deleted, not a rule)
    )
    compared_version: str = ""  # the release the translation was compared with ("" when unknown)
    differs_from_current: bool = False  # anything but CURRENT: the page says the text is not today's
    status: Status | None = None  # None for a section that translates no rule
    # What a reader is told (judge.parsing.substance.standing): the status with the substance of the English
    # decided ("current", "wording-changed", "renumbered", "outdated", "unchecked", "deleted"; "" for none)
    standing: str = ""


@dataclass(frozen=True)
class LinkedDocument:
    """One Japanese document with its sections aligned to the current rules."""

    document: JaDocument
    sections: tuple[AlignedSection, ...]
    unresolved: tuple[str, ...]  # "anchor -> number"
    dating: Dating = field(default_factory=Dating)


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


def renumberings(documents: Sequence[RulesDocument]) -> dict[str, dict[str, str]]:
    """For each older version, old number -> current number, for rules whose number changed: followed from
    each release to the next (the lineage the ingest keeps, judge.parsing.lineage), never matched across
    years in one jump (20200601's 800.4h, today's 800.4i, matched nothing in 20260619 that way)."""
    current = documents[-1]
    comparable = [doc for doc in documents if doc.numbering is current.numbering]  # never across 2009's
    steps = [step_between(older, newer) for older, newer in pairwise(comparable)]
    return Lineage([doc.version for doc in comparable], steps).renumbered()


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


def _unresolved_ja(
    document: JaDocument, compared: set[str], current: set[str], renumbered: dict[str, str]
) -> tuple[str, ...]:
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


def _full_text(rule: RuleRecord | None) -> str | None:
    """A rule's text and examples, one per line (as judge.rules.history.full_text)."""
    return None if rule is None else "\n".join([rule.text, *rule.examples])


def _differs(old: RuleRecord, now: RuleRecord) -> bool:
    return (old.title, _normalise(old.text), [_normalise(e) for e in old.examples]) != (
        now.title,
        _normalise(now.text),
        [_normalise(e) for e in now.examples],
    )


# A rule whose number now holds a text this unlike it (word sequences) and sharing this few of the game's
# terms was deleted and its number given to a new rule (2019's 800.5, the free mulligan, is today's
# seating order), not rewritten in place (20200601's 903.12c shares 0.19 of its words and 0.27 of its terms).
REPLACED_WORDS = 0.15
REPLACED_TERMS = 0.3


def replaced(old: RuleRecord, now: RuleRecord, terms: TermMatcher | None = None) -> bool:
    """Is ``now``, at the number ``old`` had, another rule rather than ``old`` rewritten?"""
    words = difflib.SequenceMatcher(None, old.text.lower().split(), now.text.lower().split(), autojunk=False)
    if words.ratio() >= REPLACED_WORDS:
        return False
    if terms is None:
        return True
    mine, theirs = terms.english(old.text), terms.english(now.text)
    shared = len(mine & theirs) / len(mine | theirs) if mine | theirs else 0.0
    return shared < REPLACED_TERMS


def align(
    number: str,
    old: Mapping[str, RuleRecord],
    now: Mapping[str, RuleRecord],
    moved: Mapping[str, str],
    terms: TermMatcher | None = None,
) -> tuple[str, Status]:
    """Today's number and the status of rule ``number`` of an older release (``old``; ``moved`` its
    renumbering).

    A rule that kept its number is today's rule of that number unless another rule of the older
    release moved there, or today's text there is another rule (``replaced``): then it was deleted.

    >>> from judge.parsing.records import RuleKind
    >>> def rules(*pairs): return {n: RuleRecord(n, RuleKind.SUBRULE, t, "805.10", 1) for n, t in pairs}
    >>> old = rules(("805.10f", "Damage assignment order."), ("805.10g", "Combat damage."))
    >>> now = rules(("805.10f", "Combat damage."))
    >>> align("805.10g", old, now, {"805.10g": "805.10f"}), align("805.10f", old, now, {"805.10g": "805.10f"})
    (('805.10f', <Status.RENUMBERED: 'renumbered'>), ('', <Status.DELETED: 'deleted'>))
    """
    if number not in old:
        return "", Status.UNCHECKED  # the release translated from has no such rule: nothing to check it by
    if number in moved:
        return moved[number], Status.RENUMBERED
    if number not in now or number in moved.values() or replaced(old[number], now[number], terms):
        return "", Status.DELETED
    return number, Status.CHANGED if _differs(old[number], now[number]) else Status.CURRENT


def is_translation(document: JaDocument) -> bool:
    """Does the document translate rules of the Comprehensive Rules (and so need a release to follow)?"""
    return document.kind is DocKind.CR_TRANSLATION or any(s.cr_number for s in document.sections)


def link_document(
    document: JaDocument,
    rules: Sequence[RulesDocument],
    renumbered: dict[str, dict[str, str]],
    terms: TermMatcher | None = None,
    dating: Dating | None = None,
    rewrites: Sequence[Rewrite] | None = None,
    releases: Sequence[RulesDocument] | None = None,
) -> LinkedDocument:
    """Align a Japanese document's sections with the current rules (``rules``: oldest version first).

    ``terms`` date a translation that names no ingested release by its content (without them such a
    translation can only be unchecked). ``dating``: the translation dated beforehand, against releases
    not all given here (the incremental ingest dates it on excerpts of every release, then gives only
    the release it follows and the current one). ``rewrites``: the meaning-preserving rewrites that decide a
    section's ``standing`` (default: ``rules_data/wording_rewrites.tsv``). ``releases``: every loaded release
    (oldest first; default ``rules``), or excerpts of them holding the rules translated: a text that names no
    release is today's rule only when its rule reads the same in each release it could follow
    (judge.parsing.substance.standing's ``history``).
    """
    if rewrites is None:
        rewrites = load_rewrites()
    # A translation is compared with versions numbered like the current rules, never with pre-2009 ones.
    comparable = [doc for doc in rules if doc.numbering is rules[-1].numbering]
    by_version = {doc.version: {r.number: r for r in doc.rules} for doc in comparable}
    current = rules[-1].version
    if dating is None:
        translation = is_translation(document)
        dating = date_translation(document, comparable, terms or TermMatcher(())) if translation else Dating()
    # Two texts of one number: the one that matches the English it translates stays (the other is named).
    document = choose_texts(document, by_version.get(dating.basis, {}), dating.basis, terms)
    moved = renumbered.get(dating.basis, {})
    span = _span(dating, [doc for doc in (releases or rules) if doc.numbering is rules[-1].numbering])
    sections: list[AlignedSection] = []
    for section in document.sections:
        if not section.cr_number:
            sections.append(AlignedSection(section=section, compared_version=dating.version))
            continue
        aligned, status = align(
            section.cr_number, by_version[dating.basis], by_version[current], moved, terms
        )
        placed = ""
        if dating.how == "unknown":
            # Placed by the closest release only where the text agrees with it, or by its content on another
            # rule of it (dating.moved); never shown as today's.
            placed = dict(dating.moved).get(section.cr_number, "")
            if placed:
                aligned, _ = align(placed, by_version[dating.basis], by_version[current], moved, terms)
            elif section.cr_number in dating.differences:
                aligned = ""
            status = Status.UNCHECKED
        # The English it follows (for an unknown release the closest one's), against today's rule it stands
        # beside.
        old = by_version[dating.basis].get(placed or section.cr_number)
        now = by_version[current].get(aligned) if aligned else None
        told, _ = standing(
            status.value,
            _full_text(old),
            _full_text(now),
            rewrites,
            placed_by_content=bool(placed),
            history=_history(aligned, span, renumbered, current) if dating.undated else None,
        )
        sections.append(
            AlignedSection(
                section=section,
                aligned_number=aligned,
                compared_version=dating.version,
                differs_from_current=status is not Status.CURRENT,
                status=status,
                standing=told,
            )
        )
    unresolved = _unresolved_ja(
        document, set(by_version[dating.basis or current]), set(by_version[current]), moved
    )
    return LinkedDocument(document=document, sections=tuple(sections), unresolved=unresolved, dating=dating)


def _span(dating: Dating, releases: Sequence[RulesDocument]) -> list[tuple[str, dict[str, RuleRecord]]]:
    """The rules of each loaded release an undated text could follow (from the oldest it cannot predate to
    today's), by number; none when it could predate them all."""
    earliest = dating.earliest([doc.version for doc in releases]) if dating.undated else ""
    if not earliest:
        return []
    versions = [doc.version for doc in releases]
    return [(doc.version, {r.number: r for r in doc.rules}) for doc in releases[versions.index(earliest) :]]


def _history(
    aligned: str,
    span: Sequence[tuple[str, dict[str, RuleRecord]]],
    renumbered: dict[str, dict[str, str]],
    current: str,
) -> tuple[str | None, ...]:
    """Today's rule ``aligned``'s English in each release of ``span`` (under the number it had there)."""
    if not aligned:
        return ()
    out: list[str | None] = []
    for version, rules in span:
        moved = renumbered.get(version, {}) if version != current else {}
        back = {new: old for old, new in moved.items()}
        number = back.get(aligned, "" if aligned in moved else aligned)
        out.append(_full_text(rules.get(number)) if number else None)
    return tuple(out)


def link_corpus_documents(
    rules: Sequence[RulesDocument], documents: Sequence[JaDocument], terms: TermMatcher | None = None
) -> LinkedCorpus:
    """Link every CR version (oldest first) and every Japanese document."""
    renumbered = renumberings(rules)
    return LinkedCorpus(
        rules=tuple(link_rules(doc) for doc in rules),
        documents=tuple(link_document(doc, rules, renumbered, terms) for doc in documents),
        renumbered=renumbered,
    )


def link_corpus(parsed: ParsedCorpus) -> LinkedCorpus:
    """Link a parsed corpus, dating undated translations with the project's term table."""
    terms = TermMatcher.from_terms(load_terms_table())
    return link_corpus_documents(parsed.rules_documents, parsed.ja_documents, terms)
