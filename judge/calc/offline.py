"""What the commander tax page needs to answer offline (issue 34 item 2), read online by
static/js/tax-offline.js and kept by the service worker: every message the tax calculator sends, in both
languages, its rules as data (judge.engine.tax_offline), and the page's own words, links and calculators
(judge.calc.tax_offline_page). Generated from the engine and the site, never written twice."""

from __future__ import annotations

import functools
import hashlib
import json

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import etag, require_GET

from judge.calc.tax_offline_page import tax_page_data
from judge.engine.citing import citing, current_in
from judge.engine.tax_offline import tax_rules, tax_texts
from judge.web.citations import cited_renumbering


def page_labels() -> dict[str, dict[str, str]]:
    labels = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            labels[lang] = {
                "total": _("Total cost"),
                "tax": _("Tax: %(n)s generic mana") % {"n": "{n}"},
                "how": _("How it was worked out"),
                "offline": _("Worked out on this phone without a connection, by the same rules as the site."),
            }
    return labels


def _tax_catalog() -> tuple[bytes, str]:
    """The answer's body and its ETag, for the live generation's renumbering since the release the engine
    cites (judge.web.citations): the page links each cited rule by its current number."""
    return _tax_catalog_for(tuple(sorted(cited_renumbering().items())))


@functools.lru_cache(maxsize=4)
def _tax_catalog_for(renumbering: tuple[tuple[str, str], ...]) -> tuple[bytes, str]:
    """Built once per renumbering (otherwise it changes only with a new release of the site)."""
    moved = dict(renumbering)
    texts = {
        code: {lang: _renumbered(text, moved) for lang, text in entry.items()}
        for code, entry in tax_texts().items()
    }
    body = {
        "texts": texts,
        "page": page_labels(),
        "rules": tax_rules(),
        "renumbering": moved,  # an engine number -> today's (static/js/tax-offline.js, citedRule)
        **tax_page_data(),
    }
    data = json.dumps(body, ensure_ascii=False).encode()
    return data, hashlib.sha256(data).hexdigest()[:32]


def _renumbered(text: str, moved: dict[str, str]) -> str:
    with citing(moved):
        return current_in(text)


@require_GET
@etag(lambda request: _tax_catalog()[1])  # each tax page asks again: a 304 costs nothing
def tax_texts_api(request: HttpRequest) -> HttpResponse:
    # Every message the calculator sends, its rules as data, the page's words (judge.calc.tax_offline_page).
    response = HttpResponse(_tax_catalog()[0], content_type="application/json")
    response["Cache-Control"] = "no-cache"
    return response
