"""The search box's jump to a judge's document: "ipg 2.5", "MTR 4.4", "jar" name a section or a document;
the short names judges type ("GRV", "Missed Trigger", 「余分なカードを見た」: judge_sections_ja.tsv in
rules_data) name an infraction. Only to what is installed: otherwise the query is searched as typed."""

from __future__ import annotations

from dataclasses import dataclass

from judge.parsing.judge_references import query_reference
from judge.rules.judgedocs import selectors
from judge.rules.judgedocs.editions import document_name, section_for_words
from judge.rules.judgedocs.presenters import section_label
from judge.web.citations import judge_doc_url


@dataclass(frozen=True)
class Jump:
    url: str
    label: str  # "IPG 2.5 Game Play Error — Game Rule Violation", in the reader's language
    lang: str


def jump(q: str, *, japanese: bool) -> Jump | None:
    """Where a query typed in the search box goes, if it names an installed judge's document or section."""
    q = q.strip()
    if not q or len(q) > 80:
        return None
    named = query_reference(q) or section_for_words(q)
    if named is None:
        return None
    kind, key = named
    edition = selectors.serving(kind)
    if edition is None:
        return None
    if not key:
        return Jump(judge_doc_url(kind), document_name(kind, japanese=japanese), "ja" if japanese else "en")
    section = edition.sections.filter(key=key).only("edition_id", "key", "number", "title").first()
    if section is None:
        return None
    label, lang = section_label(section, kind, japanese=japanese)
    return Jump(judge_doc_url(kind, key), f"{kind.upper()} {label}", lang)
