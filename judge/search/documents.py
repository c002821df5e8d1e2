"""Search documents: one per CR rule (every version), glossary entry and Japanese section.

Built from the parser and linking records alone (no database), so the index can be built
before the new corpus generation goes live. Each document carries its kind and
its document's title, so a result can be labelled without naming a file, and a Japanese
section its alignment with today's rules (judge.parsing.linking): its ``status`` and today's
number (``aligned``), so that a hit says when its text is not today's rule and links to the
rule it stands for today.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from judge.parsing import ja_comprehensive_rules
from judge.parsing.linking import AlignedSection, LinkedDocument
from judge.parsing.records import DocKind, DocSection, JaDocument, RuleKind, RulesDocument

CR_SLUG = "cr"
GLOSSARY_SLUG = "glossary"
CR_TITLE = "Comprehensive Rules"
GLOSSARY_TITLE = "Comprehensive Rules Glossary"
WHOLE_TRANSLATION_PREFIX = (
    ja_comprehensive_rules.SLUG_PREFIX
)  # the whole translation of one release: "cr-ja-20260116"
# A translated rule's standing (judge.parsing.substance.STANDINGS, or a bare judge.parsing.linking.Status
# value); "" for a text that translates no rule. Not today's rule in substance: outdated, unchecked, deleted;
# a renumbered one is today's rule, but says so; a reworded one ("wording-changed") is today's rule.
OUTDATED = frozenset({"changed", "renumbered", "deleted", "unchecked", "outdated"})


class SourceKind(enum.StrEnum):
    """What a search document is, for labels and for ranking (the rules of Magic first)."""

    CR = "cr"  # a Comprehensive Rules rule
    GLOSSARY = "glossary"  # a glossary entry of the Comprehensive Rules
    CR_TRANSLATION = "cr-translation"  # a Japanese translation of a CR rule
    FORMAT_RULES = "format-rules"  # the Commander format's own rules
    HOUSE_RULES = "house-rules"  # Duel Masters Tag Commander house rules
    PROSE = "prose"  # wiki prose
    JUDGE = "judge-doc"  # a section of a judge's document (MTR, IPG, JAR): tournament procedure

    @property
    def is_magic_rules(self) -> bool:
        """The Comprehensive Rules, their translations and the Commander rules: what a Magic term is
        looked up in. House rules, prose and the judge's documents never outrank them unless the query
        names them (a procedure question names the judge's documents: judge.search.ranking)."""
        return self not in (SourceKind.HOUSE_RULES, SourceKind.PROSE, SourceKind.JUDGE)


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
    doc_title: str = (
        ""  # the document's own title in its language ("Comprehensive Rules", "統率者戦 公式ルール")
    )
    # A translated rule's alignment (judge.parsing.linking.AlignedSection): its standing against today's rules
    # ("current", "wording-changed", "renumbered", "outdated", "unchecked", "deleted"; "" when it translates
    # no rule or was not aligned) and today's number of the rule it translates ("" when beside no current
    # rule).
    status: str = ""
    aligned: str = ""
    # Japanese words searched besides an English text: a judge's document's section's Japanese title.
    ja_text: str = ""

    @property
    def current_rule(self) -> str | None:
        """The current rule the document is or stands beside: its own number, or for an aligned translation
        today's number (a renumbered rule's new number; None for a deleted one). What a hit groups by and
        links to.

        >>> doc = SearchDoc(key="k", rule="805.10g", lang="ja", source="", doc="d", version="", title="",
        ...     body="")
        >>> doc.current_rule, replace(doc, status="renumbered", aligned="805.10f").current_rule
        ('805.10g', '805.10f')
        >>> replace(doc, status="deleted").current_rule is None
        True
        """
        if self.status:
            return self.aligned or None
        return self.rule


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


def _ja_docs(linked: LinkedDocument | JaDocument) -> list[SearchDoc]:
    """A document's sections; a linked one's carry their status and today's number. A bare JaDocument
    (tests, tools) is taken as it numbers itself, with no status."""
    if isinstance(linked, LinkedDocument):
        document = linked.document
        sections: list[tuple[DocSection, AlignedSection | None]] = [(a.section, a) for a in linked.sections]
    else:
        document = linked
        sections = [(section, None) for section in linked.sections]
    out: list[SearchDoc] = []
    for section, found in sections:
        body = "\n".join(part for part in (section.text, *section.details, *section.notes) if part)
        status = (
            (found.standing or found.status.value)
            if found is not None and found.status is not None and section.cr_number
            else ""
        )
        out.append(
            SearchDoc(
                key=f"{document.slug}#{section.anchor}",
                rule=section.cr_number,
                lang=document.lang,
                source=document.source,
                doc=document.slug,
                # the release the translation follows: the one it was compared with (named or dated), else the
                # one it names
                version=(found.compared_version if found is not None else "")
                or document.translated_from
                or "",
                title=_ja_title(section.cr_number, section.heading or document.title),
                body=body,
                examples=section.examples,
                anchor=section.anchor,
                kind=section_kind(document, section.cr_number),
                doc_title=document.title_ja,
                status=status,
                aligned=found.aligned_number if status and found is not None else "",
            )
        )
    return out


def documents_from_records(
    rules_docs: Sequence[RulesDocument], ja_docs: Sequence[LinkedDocument | JaDocument]
) -> list[SearchDoc]:
    """Every searchable unit of a parsed corpus. ``ja_docs``: the Japanese documents as linked
    (judge.parsing.linking: each translated rule's status and today's number), or bare.

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


@dataclass(frozen=True)
class JudgeSectionText:
    """A judge's document's section as search reads it (the rules app reads it from the installed edition):
    ``kind`` "mtr", ``key`` "4.4", its title, text and the Japanese words that name it ("遅いプレイ", from
    the site's data; "" if none: a Japanese title of every section would weigh on every Japanese search),
    with a current official Japanese edition's title and text of the section."""

    kind: str
    key: str
    number: str
    title: str
    text: str
    ja_words: str = ""
    doc_title: str = ""


def judge_documents(sections: Sequence[JudgeSectionText], *, version: str) -> list[SearchDoc]:
    """One English search document per section, searched with the current CR release's English (``version``)
    and its Japanese words; its hit links to the section (doc "ipg", anchor "3.3").

    >>> slow = JudgeSectionText("ipg", "3.3", "3.3", "Slow Play", "Players...", "遅いプレイ")
    >>> docs = judge_documents([slow], version="20260116")
    >>> [(d.key, d.doc, d.anchor, d.title, d.kind.value, d.ja_text) for d in docs]
    [('ipg#3.3', 'ipg', '3.3', 'IPG 3.3 Slow Play', 'judge-doc', '遅いプレイ')]
    """
    out = []
    for section in sections:
        short = f"{section.kind.upper()} {section.number}".strip()
        out.append(
            SearchDoc(
                key=f"{section.kind}#{section.key}",
                rule=None,
                lang="en",
                source="",
                doc=section.kind,
                version=version,
                title=f"{short} {section.title}",
                body=section.text,
                anchor=section.key,
                kind=SourceKind.JUDGE,
                doc_title=section.doc_title,
                ja_text=section.ja_words,
            )
        )
    return out


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
