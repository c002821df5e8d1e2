"""What the rules pages print, rendered once per corpus generation and language.

A generation never changes once written (judge.rules.selectors), so the body of a rule page
(text with links and glosses, translations, subrules, history), the rule index and the glossary
are rendered the first time a reader asks for them in a language and kept on the cached
selector result: a request renders only the page around them. URLs are built by string from one
reversed prefix per render (judge.rules.text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from judge.parsing.versions import word_diff
from judge.rules import documents, models, rule_pages
from judge.rules.glossary import Glossary, GlossaryEntry, glosser
from judge.rules.history import HistoryEntry, full_text
from judge.rules.standings import Standing, standing_of
from judge.rules.text import Gloss, Glosser, rule_html
from judge.web.citations import document_url, rule_url, rule_url_prefix
from judge.web.presenters import reader_language


@dataclass
class _Text:
    """Marks up the texts of one page in reading order: each word is glossed where it first appears."""

    rule_url: str
    glossary_url: str
    glosser: Glosser | None = None
    glossed: list[Gloss] = field(default_factory=list)

    def english(self, text: str) -> SafeString:
        return rule_html(
            text,
            rule_url=self.rule_url,
            glosser=self.glosser,
            glossary_url=self.glossary_url,
            glossed=self.glossed,
            inline_ja=self.glosser
            is not None,  # glosses are for a Japanese reader: the name follows the word
        )

    def plain(self, text: str, renumbered: dict[str, str] | None = None) -> SafeString:
        """Text that gets links but no glosses: Japanese text, definitions."""
        return rule_html(text, rule_url=self.rule_url, renumbered=renumbered)


def rule_parts(page: rule_pages.RulePage) -> dict[str, str]:
    """The page's title, breadcrumb and body in the reader's language (rendered on first use)."""
    lang = reader_language()
    if (lang, "main") not in page.html:
        page.html.update({(lang, part): html for part, html in _render_rule(page, lang).items()})
    return {part: page.html[(lang, part)] for part in ("title", "crumbs", "main")}


def _title(title: str, title_ja: str, lang: str) -> str:
    return title_ja if lang == "ja" and title_ja else title


def _label(number: str, title: str, title_ja: str, lang: str) -> str:
    """How a chapter or section is named in the reader's language ("903. 統率者戦"); a rule by its number."""
    return f"{number}. {_title(title, title_ja, lang)}" if title else number


def _render_rule(page: rule_pages.RulePage, lang: str) -> dict[str, str]:
    rule = page.rule
    version = "" if page.is_current else page.version
    text = _Text(rule_url=rule_url_prefix(), glossary_url=reverse("rules:glossary"))
    if lang == "ja":
        text.glosser = glosser(page.corpus)

    def link(r: models.Rule) -> dict[str, str]:
        label = _label(r.number, r.title, rule_pages.title_ja_of(page.corpus, r), lang)
        return {"url": rule_url(r.number, version=version), "label": label}

    topics = [t.name_ja if lang == "ja" else t.en[0] for t in page.topics][:3]
    title_ja = rule_pages.title_ja_of(page.corpus, rule)
    context: dict[str, Any] = {
        "page": page,
        "rule": rule,
        "lang": lang,
        "glossary_url": text.glossary_url,
        "crumbs": [link(r) for r in page.breadcrumb],
        "title_ja": title_ja if lang == "ja" else "",
        "topics": topics,
        "previous": link(page.previous) if page.previous else None,
        "next": link(page.next) if page.next else None,
    }
    # Reading order: the rule, its examples, then each subrule with its own (glosses go to the first use).
    context["text"] = "" if rule.title else text.english(rule.text)
    context["examples"] = [text.english(e) for e in rule.examples]
    context["children"] = [
        {
            "rule": child,
            "url": rule_url(child.number, version=version),
            "text": (
                escape(_title(child.title, rule_pages.title_ja_of(page.corpus, child), lang))
                if child.title
                else text.english(child.text)
            ),
            "title_en": child.title if lang == "ja" and rule_pages.title_ja_of(page.corpus, child) else "",
            "examples": [text.english(e) for e in child.examples],
            "translations": [
                _section(s, text, page.old_texts.get(s.pk), child, page.standings.get(s.pk))
                for s in page.child_translations.get(child.number, [])
            ],
        }
        for child in page.children
    ]
    context["translations"] = [
        _section(s, text, page.old_texts.get(s.pk), rule, page.standings.get(s.pk), page.history)
        for s in page.translations
    ]
    # On /ja/ the Japanese column comes first only when a text of it is today's rule in substance; an outdated
    # one is read after today's English, on request (judge.rules.standings).
    context["todays_japanese"] = any(t["todays"] for t in context["translations"])
    context["outdated_japanese"] = [t for t in context["translations"] if not t["todays"]]
    context["child_japanese"] = any(child["translations"] for child in context["children"])
    context["passages"] = [_passage(p, text) for p in page.passages] if lang == "ja" else []
    context["stated"] = any(p.reason == "states" for p in page.passages) and lang == "ja"
    context["glosses"] = [
        {
            "gloss": g,
            "definition": _definition(g.definition, text.rule_url),
            "definition_ja": _definition(g.definition_ja, text.rule_url) if g.definition_ja else "",
        }
        for g in text.glossed
    ]
    number = f"{rule.number}{'' if rule.kind == 'subrule' else '.'}"
    heading = " ".join([number, context["title_ja"] or rule.title, *topics])
    return {
        "title": heading.strip(),
        "crumbs": render_to_string("rules/_rule_body.html#crumbs", context),
        "main": render_to_string("rules/_rule_body.html#main", context),
    }


def _section(
    section: models.DocSection,
    text: _Text,
    old: models.Rule | None,
    now: models.Rule,
    standing: Standing | None = None,
    history: Sequence[HistoryEntry] = (),
) -> dict[str, Any]:
    """A Japanese text of rule ``now``; ``old``: the English it was made from, when that is not today's. The
    word diff from that English to today's says what the Japanese misses; ``standing`` whether it is today's
    rule in substance (judge.rules.standings); ``history``: the rule's changes, to say since when an
    outdated text's English is not today's."""
    if standing is None:
        standing = standing_of(section, old, now)
    # The first release after the one the text follows that changed the rule (the rule page's history only).
    since = next(
        (h.version for h in history if standing.follows and h.version > standing.follows and h.changed), ""
    )
    links = section.link_map  # type: ignore[attr-defined]
    info: documents.DocumentInfo = section.document  # type: ignore[attr-defined]
    return {
        "section": section,
        "text": text.plain(section.text, links),
        "examples": [text.plain(e, links) for e in section.examples],
        "notes": [text.plain(n, links) for n in section.notes],
        "old": old,
        "old_text": text.plain(old.text, links) if old else "",
        "old_examples": [text.plain(e, links) for e in old.examples] if old else [],
        "diff": word_diff(full_text(old), full_text(now)) if old and full_text(old) != full_text(now) else [],
        "follows": section.compared_version or info.placed_by,  # the release the text is read against
        "standing": standing,
        "since": since,
        "status": standing.status,
        "todays": standing.todays,
    }


def _passage(passage: documents.Passage, text: _Text) -> dict[str, Any]:
    section = passage.section
    links = section.link_map  # type: ignore[attr-defined]

    def marked(body: str) -> SafeString:
        html = text.plain(body, links)
        if passage.term:
            html = mark_safe(html.replace(escape(passage.term), f"<mark>{escape(passage.term)}</mark>"))
        return html

    heading = section.heading.rstrip("…")
    return {
        "passage": passage,
        "section": section,
        "label": section.cr_number or (f"{section.number}." if section.number else ""),
        "heading": section.heading if heading and not section.text.startswith(heading) else "",
        "text": marked(section.text),
        "details": [marked(d) for d in section.details],
        "url": document_url(section.source.slug, section.anchor),
    }


def index_html(index: rule_pages.RuleIndex) -> str:
    """The rule index's list in the reader's language (rendered on first use); an older version's links
    keep its ``?version=``."""
    lang = reader_language()
    if lang not in index.html:
        version = "" if index.is_current else index.version
        entries = [
            {
                "entry": e,
                "url": rule_url(e.number, version=version),
                "label": _label(e.number, e.title, e.title_ja, lang),
            }
            for e in index.entries
        ]
        index.html[lang] = render_to_string("rules/_index_toc.html", {"entries": entries, "lang": lang})
    return index.html[lang]


def glossary_html(
    glossary: Glossary, entries: Sequence[GlossaryEntry] | None = None, *, parted: bool = False
) -> str:
    """The glossary's entries in the reader's language and order; the whole list is rendered once, and a
    filtered one from definitions rendered once. ``parted`` (a letter's page): the heading's entries in
    folded parts (:meth:`Glossary.parts`), each word folded to its headword, so a phone's page is a few
    screens and a word two taps away."""
    lang = reader_language()
    if entries is None and lang in glossary.html:
        return glossary.html[lang]
    if lang not in glossary.definitions:
        rule_url = rule_url_prefix()
        glossary.definitions[lang] = {e.anchor: _definition(e.definition, rule_url) for e in glossary.entries}
    definitions = glossary.definitions[lang]

    def item(e: GlossaryEntry) -> dict[str, object]:
        # A Japanese reader gets the whole translation's definition first (rendered here: filtered lists are
        # short).
        japanese = e.japanese if lang == "ja" else None
        return {
            "entry": e,
            "definition": definitions[e.anchor],
            "definition_ja": _definition(japanese.definition, rule_url_prefix()) if japanese else "",
        }

    groups = [
        {
            "heading": heading,
            "items": [item(e) for e in group],
            "parts": [
                {"label": label, "latin": label.isascii(), "items": [item(e) for e in part]}
                for label, part in (glossary.parts(lang, group) if parted else [])
            ],
        }
        for heading, group in glossary.groups(lang, entries)
    ]
    # The whole glossary comes folded by heading (a hundred screens on a phone open); a letter or a filter's
    # words come open.
    html = render_to_string(
        "rules/_glossary_entries.html",
        {"groups": groups, "lang": lang, "version": glossary.version, "open": entries is not None},
    )
    if entries is None:
        glossary.html[lang] = html
    return html


def _definition(definition: str, rule_url: str) -> SafeString:
    return mark_safe(rule_html(definition, rule_url=rule_url).replace("\n", "<br>"))
