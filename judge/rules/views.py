"""The rules pages (rules, their history, version changes, glossary, documents), under /ja/ and /en/.

Their read-only JSON API is in judge.rules.api_views; the search page and its API in judge.rules.search_views.
"""

from __future__ import annotations

import unicodedata

from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from judge.parsing.ja_comprehensive_rules import GLOSSARY
from judge.rules import documents as document_selectors
from judge.rules import glossary as glossary_selectors
from judge.rules import history, models, presenters, rule_pages, selectors, translations
from judge.rules import translation_status as translation_selectors
from judge.rules.judgedocs import selectors as judge_selectors
from judge.rules.judgedocs.editions import document_name
from judge.rules.standings import standings_of, whole_beside
from judge.search.lookup import nearest_rules
from judge.web.citations import judge_doc_url, rule_url
from judge.web.presenters import reader_language
from judge.web.rendering import HtmxHttpRequest, page_or_partial

# --------------------------------------------------------------------------- pages


@require_GET
def rule_index_page(request: HtmxHttpRequest) -> HttpResponse:
    index = rule_pages.rule_index(version=request.GET.get("version"))
    return render(request, "rules/index.html", {"toc": presenters.index_html(index), "index": index})


def nearest_numbers(number: str, version: str | None) -> list[dict[str, str]]:
    """The existing rules nearest a number that does not exist ("903.9zz" -> 903.9, 903.9a, …), as links."""
    rules = selectors.rules_of(selectors.live_corpus(), version).order_by("position")
    numbers = nearest_rules(number, list(rules.values_list("number", flat=True)))
    found = {r.number: r for r in rules.filter(number__in=numbers)}
    return [
        {
            "number": n,
            "url": rule_url(n, version=version or ""),
            "title_ja": rule_pages.title_ja_of(selectors.live_corpus(), found[n])
            if get_language() == "ja"
            else "",
            "text": found[n].title or found[n].text,
        }
        for n in numbers
        if n in found
    ]


def _typed_wide(request: HtmxHttpRequest, number: str, route: str) -> HttpResponse | None:
    """A rule number typed in full-width digits (９０３.8 from a Japanese keyboard; the route's ``\\d`` takes
    them): 301 to the rule's own address (NFKC), the query kept. Digits that are no spelling of ASCII ones
    (٣٠٣, also ``\\d``) stay as they are, and find no rule (404)."""
    plain = unicodedata.normalize("NFKC", number)
    if plain == number or not plain.isascii():
        return None
    try:
        target = reverse(route, kwargs={"number": plain})
    except NoReverseMatch:
        return None
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(target + ("?" + query if query else ""))


@require_GET
def rule_page(request: HtmxHttpRequest, number: str) -> HttpResponse:
    if (typed := _typed_wide(request, number, "rules:detail")) is not None:
        return typed
    version = request.GET.get("version") or None
    page = rule_pages.rule_page(number=number, version=version)
    if page is None:
        new_number = selectors.successor(selectors.live_corpus(), number)
        if new_number and new_number != number:
            return redirect(f"{rule_url(new_number)}?{urlencode({'renumbered_from': number})}")
        return render(
            request,
            "rules/no_rule.html",
            {"number": number, "nearest": nearest_numbers(number, version)},
            status=404,
        )
    context = {
        "rule": page.rule,
        "parts": presenters.rule_parts(page),
        "renumbered_from": request.GET.get("renumbered_from", "")[:16],
    }
    return page_or_partial(request, "rules/rule_detail.html", "rule", context)


@require_GET
def rule_history_page(request: HtmxHttpRequest, number: str) -> HttpResponse:
    """Every version of one rule, oldest first, with what each version changed (word diffs)."""
    if (typed := _typed_wide(request, number, "rules:history")) is not None:
        return typed
    found = history.rule_history(number=number, version=request.GET.get("version") or None)
    if found is None:
        raise Http404(_("Rule %(number)s has no history in the versions loaded.") % {"number": number})
    corpus = selectors.live_corpus()
    # On /ja/ the rule's Japanese today (the whole translation's first) stands above its English history.
    japanese = None
    if reader_language() == "ja" and found.current_number:
        own, _children = document_selectors.translations_of(corpus, found.current_number)
        # Only a text of today's rule in substance (judge.rules.standings): never an outdated one as today's.
        standings = standings_of(corpus, own)
        japanese = next((s for s in own if standings[s.pk].todays), None)
    return render(
        request,
        "rules/history.html",
        {"history": found, "number": number, "japanese": japanese, "current": corpus.current_version},
    )


@require_GET
def changes_page(request: HtmxHttpRequest) -> HttpResponse:
    """What changed between two versions (any two since July 2009, in either order); the comparison is
    kept per generation and pair (history.version_changes) and its rendering in the cache."""
    corpus = selectors.live_corpus()
    versions = history.comparable_versions(corpus)
    old = request.GET.get("from") or (versions[-2] if len(versions) > 1 else versions[-1])
    new = request.GET.get("to") or versions[-1]
    result = history.version_changes(old=old, new=new)
    if result is not None:
        old, new = result.old, result.new
    # On /ja/ a change into the current rules quotes each rule's Japanese (the whole translation's), as
    # today's only when its standing allows (judge.rules.standings, as on the rule page). Read only when the
    # cached comparison is rendered anew.
    japanese: object = {}
    if result is not None and reader_language() == "ja" and new == corpus.current_version:
        numbers = [r.number for r in result.added] + [now.number for _old, now, _diff in result.changed]
        japanese = SimpleLazyObject(lambda: whole_beside(corpus, numbers))
    return render(
        request,
        "rules/changes.html",
        {
            "changes": result,
            "versions": versions,
            "old": old,
            "new": new,
            "japanese": japanese,
            "generation": selectors.generation_key(corpus),
        },
        status=400 if result is None else 200,
    )


MISSING_SHOWN = 200  # the translation status page lists this many missing rules, then a link to all of them


@require_GET
def translation_status_page(request: HtmxHttpRequest) -> HttpResponse:
    """Which English release the Japanese follows, how many rules it covers, the rules whose English changed
    since (with their word diffs) and the rules it lacks (``?missing=all``: every one; with htmx, that list
    only)."""
    status = translation_selectors.translation_status()
    every = request.GET.get("missing") == "all"
    none = status.japanese.none  # what the rule pages show: no Japanese text of the rule's own
    missing = none if every else none[:MISSING_SHOWN]
    context = {
        "status": status,
        "missing": missing,
        "more": len(none) - len(missing),
        "every": every,
        "lang": reader_language(),
    }
    return page_or_partial(request, "rules/translation_status.html", "missing", context)


@require_GET
def glossary_page(request: HtmxHttpRequest) -> HttpResponse:
    """The glossary's index by kana row (by letter in English) and its words, each heading's folded;
    ``?letter=か`` only that heading's words, in folded parts (か き く け こ; "Ca", "Co" in English), each
    word folded to its headword; ``?q=`` the words whose English, Japanese or reading
    holds it (with htmx, only the list). On a phone the whole glossary open is a hundred screens."""
    found = glossary_selectors.glossary(version=request.GET.get("version"))
    lang = reader_language()
    q = request.GET.get("q", "").strip()[:100]
    letter = "" if q else request.GET.get("letter", "").strip()[:20]
    entries = found.find(q) if q else found.letter(lang, letter) if letter else None
    if entries is None:
        letter = ""  # a letter the index does not have: the whole index, folded
    context = {
        "glossary": found,
        "q": q,
        "letter": letter,
        "letters": found.letters(lang),
        "count": len(entries) if entries is not None else len(found.entries),
        "entries_html": presenters.glossary_html(found, entries, parted=bool(letter)),
        "lang": lang,
    }
    return page_or_partial(request, "rules/glossary.html", "entries", context)


@require_GET
def docs_page(request: HtmxHttpRequest) -> HttpResponse:
    corpus = selectors.live_corpus()
    japanese = reader_language() == "ja"
    return render(
        request,
        "rules/doc_list.html",
        {
            "documents": document_selectors.japanese_documents(),
            "judge_documents": [
                {"url": judge_doc_url(e.kind), "name": document_name(e.kind, japanese=japanese), "edition": e}
                for e in judge_selectors.installed_kinds()
            ],
            "versions": list(reversed(corpus.versions)),
            "current_version": corpus.current_version,
        },
    )


@require_GET
def doc_page(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = document_selectors.document(slug=slug)
    if found is None:
        raise Http404(_("No such document."))
    info, sections = found
    part = ""
    if translations.is_whole(slug):
        part = request.GET.get("part", "")[:16]
        in_part = _whole_part(sections, part)
        if in_part is None:
            raise Http404(_("No such part of the document."))
        sections = in_part
    # The same standing and sentence as the rule page, search and the API (judge.rules.standings).
    standings = standings_of(selectors.live_corpus(), [s for s in sections if s.status])
    for section in sections:
        _page_section(section)
        told = standings.get(section.pk)
        section.standing = told.status if told else section.status  # type: ignore[attr-defined]
        section.follows = told.follows if told else ""  # type: ignore[attr-defined]
    return render(
        request,
        "rules/doc_detail.html",
        {
            "doc": info,
            "part": part,
            "sections": sections,
            "current_version": selectors.live_corpus().current_version,
            # The page's own title, unless a section already shows it (000's introduction does).
            "page_heading": "" if info.heading in {s.heading for s in sections} else info.heading,
        },
    )


def _whole_part(sections: list[models.DocSection], part: str) -> list[models.DocSection] | None:
    """The whole translation is read a part at a time (the whole of it is megabytes, and each rule's page has
    its Japanese): without ``part`` its preface, contents (chapters and sections, each a link to its part),
    introduction and credits; ``part=805`` a section's rules; ``part=glossary`` the glossary. None: no such
    part."""
    if not part:
        shown = [s for s in sections if s.parent != GLOSSARY and (not s.cr_number or "." not in s.cr_number)]
        for s in shown:
            if s.anchor == GLOSSARY or (s.cr_number and len(s.cr_number) == 3):
                s.part_url = f"?part={s.cr_number or GLOSSARY}"  # type: ignore[attr-defined]
        return shown
    if part == GLOSSARY:
        return [s for s in sections if s.anchor == GLOSSARY or s.parent == GLOSSARY]
    shown = [s for s in sections if s.cr_number == part or s.cr_number.startswith(part + ".")]
    return shown if len(part) == 3 and shown else None


def _page_section(section: models.DocSection) -> None:
    """What the document page shows of a section: its heading level (h2 at the top, h4 at most), the
    heading (a translated rule's is its number: the section title it repeats is on the section above),
    and the text without a first line that only repeats the heading."""
    section.level = min(2 + section.depth, 4)  # type: ignore[attr-defined]
    if section.cr_number and "." in section.cr_number:
        section.heading = ""
    lines = section.text.split("\n") if section.text else []
    if lines and lines[0] == section.heading:
        lines = lines[1:]
    section.body = "\n".join(lines)  # type: ignore[attr-defined]
