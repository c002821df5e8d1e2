"""Search documents: one per CR rule (every version), glossary entry and Japanese section.

Built from the parser records alone (no database), so the index can be built
before the new corpus generation goes live.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from judge.parsing.records import JaDocument, RuleKind, RulesDocument

CR_SLUG = "cr"
GLOSSARY_SLUG = "glossary"


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
