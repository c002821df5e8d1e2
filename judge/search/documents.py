"""Search documents: one per CR rule (every version), glossary entry and Japanese section.

Built from the parser records alone (no database), so the index can be built
before the new corpus generation goes live. Each document carries its kind and
its document's title, so a result can be labelled without naming a file.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from judge.parsing.records import DocKind, JaDocument, RuleKind, RulesDocument

CR_SLUG = "cr"
GLOSSARY_SLUG = "glossary"
CR_TITLE = "Comprehensive Rules"
GLOSSARY_TITLE = "Comprehensive Rules Glossary"


class SourceKind(enum.StrEnum):
    """What a search document is, for labels and for ranking (the rules of Magic first)."""

    CR = "cr"  # a Comprehensive Rules rule
    GLOSSARY = "glossary"  # a glossary entry of the Comprehensive Rules
    CR_TRANSLATION = "cr-translation"  # a Japanese translation of a CR rule
    FORMAT_RULES = "format-rules"  # the Commander format's own rules
    HOUSE_RULES = "house-rules"  # Duel Masters Tag Commander house rules
    PROSE = "prose"  # wiki prose

    @property
    def is_magic_rules(self) -> bool:
        """The Comprehensive Rules, their translations and the Commander rules: what a Magic term is
        looked up in. House rules and prose never outrank them unless the query names them."""
        return self not in (SourceKind.HOUSE_RULES, SourceKind.PROSE)


def section_kind(document: JaDocument, cr_number: str | None) -> SourceKind:
    """A translated CR rule is a translation whichever document quotes it (003 quotes the CR in its prose).

    >>> doc = JaDocument(source="s", slug="dtc", title_ja="t", kind=DocKind.HOUSE_RULES, sections=())
    >>> section_kind(doc, None), section_kind(doc, "903.8")
    (<SourceKind.HOUSE_RULES: 'house-rules'>, <SourceKind.CR_TRANSLATION: 'cr-translation'>)
    """
    if cr_number or document.kind is DocKind.CR_TRANSLATION:
        return SourceKind.CR_TRANSLATION
    if document.kind is DocKind.PROSE:
        return SourceKind.PROSE
    return SourceKind.HOUSE_RULES if document.kind is DocKind.HOUSE_RULES else SourceKind.FORMAT_RULES


@dataclass(frozen=True)
class SearchDoc:
    key: str  # unique in an index: "cr-20260116-903.8", "glossary-20260116-12", "commander-rules#rule-9"
    rule: str | None  # CR rule number the document is (or translates)
    lang: str  # "en" or "ja"
    source: str  # corpus file name
    doc: str  # slug: "cr", "glossary", or the Japanese document's slug
    version: str  # CR version "YYYYMMDD"; Japanese: the version translated from, or ""
    title: str
    body: str
    examples: tuple[str, ...] = ()
    anchor: str = ""  # fragment on the document page (Japanese sections, glossary entries)
    kind: SourceKind = SourceKind.CR
    doc_title: str = ""  # the document's own title in its language ("Comprehensive Rules", "統率者戦 公式ルール")


def _rule_title(number: str, kind: RuleKind, title: str, section_titles: dict[str, str]) -> str:
    if title:
        return f"{number}. {title}"
    section = number.split(".")[0]
    heading = section_titles.get(section, "")
    return f"{number} {heading}".strip() if kind is RuleKind.SUBRULE else f"{number}. {heading}".strip()


def _rules_docs(document: RulesDocument) -> list[SearchDoc]:
    section_titles = {r.number: r.title for r in document.rules if r.kind is RuleKind.SECTION}
    out = [
        SearchDoc(
            key=f"cr-{document.version}-{record.number}",
            rule=record.number,
            lang="en",
            source=document.source,
            doc=CR_SLUG,
            version=document.version,
            title=_rule_title(record.number, record.kind, record.title, section_titles),
            body=record.text,
            examples=record.examples,
            doc_title=CR_TITLE,
        )
        for record in document.rules
    ]
    # Glossary anchors follow the glossary page: "term-1", "term-2", ... in file order.
    out.extend(
        SearchDoc(
            key=f"glossary-{document.version}-{position}",
            rule=None,
            lang="en",
            source=document.source,
            doc=GLOSSARY_SLUG,
            version=document.version,
            title=entry.term,
            body=entry.definition,
            anchor=f"term-{position}",
            kind=SourceKind.GLOSSARY,
            doc_title=GLOSSARY_TITLE,
        )
        for position, entry in enumerate(document.glossary, start=1)
    )
    return out


def _ja_title(cr_number: str | None, heading: str) -> str:
    """A translated rule shows its number: "901.9a プレインチェイス戦"."""
    if cr_number and not heading.startswith(cr_number):
        return f"{cr_number} {heading}"
    return heading


def _ja_docs(document: JaDocument) -> list[SearchDoc]:
    out: list[SearchDoc] = []
    for section in document.sections:
        body = "\n".join(part for part in (section.text, *section.details, *section.notes) if part)
        out.append(
            SearchDoc(
                key=f"{document.slug}#{section.anchor}",
                rule=section.cr_number,
                lang=document.lang,
                source=document.source,
                doc=document.slug,
                version=document.translated_from or "",
                title=_ja_title(section.cr_number, section.heading or document.title),
                body=body,
                examples=section.examples,
                anchor=section.anchor,
                kind=section_kind(document, section.cr_number),
                doc_title=document.title_ja,
            )
        )
    return out


def documents_from_records(
    rules_docs: Sequence[RulesDocument], ja_docs: Sequence[JaDocument]
) -> list[SearchDoc]:
    """Every searchable unit of a parsed corpus.

    >>> from judge.parsing.records import RuleRecord
    >>> cr = RulesDocument(source="cr.txt", version="20260116", glossary=(), rules=(
    ...     RuleRecord("903", RuleKind.SECTION, "", "9", 1, title="Commander"),
    ...     RuleRecord("903.8", RuleKind.RULE, "A commander costs more.", "903", 2)))
    >>> [(d.key, d.title) for d in documents_from_records([cr], [])]
    [('cr-20260116-903', '903. Commander'), ('cr-20260116-903.8', '903.8. Commander')]
    """
    out: list[SearchDoc] = []
    for document in rules_docs:
        out.extend(_rules_docs(document))
    for ja_document in ja_docs:
        out.extend(_ja_docs(ja_document))
    return _unique_keys(out)


def _unique_keys(docs: list[SearchDoc]) -> list[SearchDoc]:
    """A repeated key (two sections with one anchor) gets a suffix rather than replacing the first."""
    seen: set[str] = set()
    out: list[SearchDoc] = []
    for doc in docs:
        key, n = doc.key, 1
        while key in seen:
            n += 1
            key = f"{doc.key}~{n}"
        seen.add(key)
        out.append(doc if key == doc.key else replace(doc, key=key))
    return out
