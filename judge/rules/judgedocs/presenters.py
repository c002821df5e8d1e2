"""A judge's document's section as HTML: its paragraphs with every rule reference ("rule 103.4") a link
to the rule, every reference to a judge's document ("MTR section 4.3", "IPG 2.5", "see section 1.4" of
the same document) a link to its section, and for a Japanese reader the site's glosses on English words
(as the rule pages have them: judge.rules.text)."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from judge.parsing.judge_references import references
from judge.rules import selectors
from judge.rules.glossary import glosser
from judge.rules.judgedocs.editions import title_ja
from judge.rules.models import JudgeSectionRow
from judge.rules.text import Gloss, Glosser, rule_html
from judge.web.citations import judge_doc_url, rule_url_prefix

# "section 1.4", "sections 3.4": a section of the same document.
_OWN_SECTION = re.compile(r"\bsections?\s+(?P<number>\d{1,2}\.\d{1,2})\b")
#: The IPG's parts and penalties in the reader's language (the document's own words stay beside them).
PART_NAMES = {
    "Definition": gettext_lazy("Definition"),
    "Examples": gettext_lazy("Examples"),
    "Philosophy": gettext_lazy("Philosophy"),
    "Additional Remedy": gettext_lazy("Additional Remedy"),
    "Upgrade": gettext_lazy("Upgrade"),
}
PENALTY_NAMES = {
    "No Penalty": gettext_lazy("No Penalty"),
    "Warning": gettext_lazy("Warning"),
    "Game Loss": gettext_lazy("Game Loss"),
    "Match Loss": gettext_lazy("Match Loss"),
    "Disqualification": gettext_lazy("Disqualification"),
}


def judge_references_in(text: str, *, kind: str = "") -> list[tuple[int, int, str, str]]:
    """(start, end, document, section) of each reference to a judge's document in ``text``, in order; with
    ``kind`` (the document the text is in) its own "see section 1.4" too."""
    found = [(start, end, k, number) for start, end, k, number in references(text)]
    if kind:
        taken = [(a, b) for a, b, _, _ in found]
        for m in _OWN_SECTION.finditer(text):
            if not any(a <= m.start() < b for a, b in taken):
                found.append((m.start(), m.end(), kind, m.group("number")))
    return sorted(found)


def linked_judge_references(text: str, *, kind: str = "") -> list[tuple[str, str]]:
    """``text`` cut into (piece, url) pairs: a reference to a judge's document with its section's URL, the
    text between with "". ``kind``: the document the text is in ("see section 1.4" is its own)."""
    out: list[tuple[str, str]] = []
    cursor = 0
    for start, end, k, number in judge_references_in(text, kind=kind):
        out.append((text[cursor:start], ""))
        out.append((text[start:end], judge_doc_url(k, number)))
        cursor = end
    out.append((text[cursor:], ""))
    return [(piece, url) for piece, url in out if piece]


class SectionText:
    """Marks up one page's paragraphs in reading order: a word is glossed where it first appears."""

    def __init__(self, *, kind: str, japanese: bool) -> None:
        self.kind = kind
        self.rule_url = rule_url_prefix()
        self.glossary_url = reverse("rules:glossary")
        self.glosser: Glosser | None = None
        self.glossed: list[Gloss] = []
        if japanese:
            try:
                self.glosser = glosser(selectors.live_corpus())
            except selectors.NoCorpus:  # no rules installed: the text without glosses
                self.glosser = None

    def html(self, text: str) -> SafeString:
        out = []
        for piece, url in linked_judge_references(text, kind=self.kind):
            if url:
                out.append(f'<a class="rule-ref judge-ref" href="{escape(url)}">{escape(piece)}</a>')
            else:
                out.append(
                    rule_html(
                        piece,
                        rule_url=self.rule_url,
                        glosser=self.glosser,
                        glossary_url=self.glossary_url,
                        glossed=self.glossed,
                        inline_ja=self.glosser is not None,
                    )
                )
        return mark_safe("".join(out))


def section_label(section: JudgeSectionRow, kind: str, *, japanese: bool) -> tuple[str, str]:
    """(label, its language): "2.5 Game Play Error — Game Rule Violation"; for a Japanese reader the Japanese
    title written for the section ("2.5 ゲームプレイ上のエラー — ゲームルール違反"), else the English one."""
    written = title_ja(kind, section.key) if japanese else ""
    numbered = bool(section.number) and section.number[0].isdigit()
    if written:
        return (f"{section.number} {written}" if numbered else written), "ja"
    if numbered:
        return f"{section.number} {section.title}", "en"
    if section.number:
        return f"Appendix {section.number} — {section.title}", "en"
    return section.title, "en"


def parts_context(section: JudgeSectionRow, text: SectionText) -> list[dict[str, Any]]:
    return [
        {
            "heading": part.get("heading", ""),
            "name": PART_NAMES.get(part.get("heading", ""), part.get("heading", "")),
            "printed": part.get("printed", ""),  # as an official Japanese edition prints it ("定義")
            "paragraphs": [text.html(p) for p in part.get("paragraphs", [])],
        }
        for part in section.parts
    ]
