"""The home page, the health check and the error pages: what the whole site shares."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.web.generation import live_generation
from judge.web.json_api import BodyTooLarge, error_response, is_api, request_language
from judge.web.rendering import refusal_page


@require_GET
def home_page(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"corpus": live_generation()})


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """The page the service worker answers offline with (kept at its install, the message put in): the site's
    header and navigation, the rule-number jump, the rule index, and what is saved on this phone."""
    return render(request, "web/offline.html")


@require_GET
def health_api(request: HttpRequest) -> JsonResponse:
    """The process serves. ``status`` is ``ok`` with the live rules, ``no-rules`` before any rules text is
    installed (the calculators and the tracker serve then too; a proxy that must route rule pages only to
    servers with rules checks ``status``)."""
    corpus = live_generation()
    if corpus is None:
        return JsonResponse({"status": "no-rules", "corpus": None, "versions": []})
    return JsonResponse({"status": "ok", "corpus": corpus.pk, "versions": corpus.versions})


# --------------------------------------------------------------- the installable web app (issue 25 item 1)

#: What the service worker's whole-release download (when the reader asks) may keep, in bytes (measured by
#: tests/e2e/test_offline_browser.py).
OFFLINE_BUDGET = 20 * 1024 * 1024  # all 1,256 pages of one language: 16,380,216 bytes


@functools.cache
def _worker_source() -> str:
    found = finders.find("js/sw.js")
    return Path(str(found)).read_text(encoding="utf-8")


def _worker_texts() -> dict[str, dict[str, str]]:
    texts = {}
    for lang in ("ja", "en"):
        with translation.override(lang):
            texts[lang] = {
                "title": _("Offline"),
                "search": _("Searching needs a connection. Open a rule by its number, or the rule index:"),
                "missing": _(
                    "This page was not saved on this phone. Open a rule by its number, or the rule index:"
                ),
                "saved": _("Saved on this phone %(when)s; read offline."),
                "jump": _("Rule number"),
                "go": _("Open"),
                "index": _("The rule index"),
                "wait": _(
                    "Needs a connection: what you entered is kept, "
                    "and it answers when the connection is back."
                ),
            }
    return texts


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js at the site's root, so it may serve /ja/ and /en/, with the live generation before it:
    a new ingest changes this file, the browser installs the new worker and it drops the old pages."""
    corpus = live_generation()
    head = (
        f"const GENERATION = {json.dumps(str(corpus.pk) if corpus else 'none')};\n"
        f"const BUDGET = {OFFLINE_BUDGET};\n"
        f"const STYLESHEET = {json.dumps(static('css/site.css'))};\n"
        f"const TEXTS = {json.dumps(_worker_texts(), ensure_ascii=False)};\n"
    )
    response = HttpResponse(head + _worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: installed on a phone, the site opens in the reader's language (/ redirects)."""
    lang = request_language(request)
    with translation.override(lang):
        name = _("Multiplayer Rules Judge")
        short = _("Rules Judge")
    icons = [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
    ]
    data = {
        "name": name,
        "short_name": short,
        "start_url": f"/{lang}/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fdfcff",
        "theme_color": "#6b2fb3",
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


# --------------------------------------------------------------------------- error answers (judge/urls.py)
# Under /api/ in the API's one error shape, so a program never has to read an HTML page; elsewhere Django's.


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return _too_large(request)
    if is_api(request):
        return error_response([msg("web.bad-request")], status=400, lang=request_language(request))
    # Django's default page is English only ("Bad Request (400)"): the site's page, in the reader's language.
    problem = msg("web.bad-request").text(get_language() or "en")
    return refusal_page(request, title=_("Bad request"), problem=problem, status=400)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form posted without its CSRF token, or with an old one (CSRF_FAILURE_VIEW): 403 in the reader's
    language, saying to reload the page and send again (Django's page is for developers)."""
    if is_api(request) or request.content_type == "application/json":
        return error_response([msg("web.csrf-failed")], status=403, lang=request_language(request))
    problem = msg("web.csrf-failed").text(get_language() or "en")
    return refusal_page(request, title=_("Not sent"), problem=problem, status=403)


def _too_large(request: HttpRequest) -> HttpResponse:
    """A body over the site's limit (DATA_UPLOAD_MAX_MEMORY_SIZE), met before the view (the CSRF check reads
    the form): 413 in the API's error shape for JSON; a page that reads big forms (``reads_too_large_forms``:
    the deck check, the colour identity) answers itself, with its own message; any other page says so."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    if is_api(request) or request.content_type == "application/json":
        return error_response([BodyTooLarge(limit).message], status=413, lang=request_language(request))
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    if match is not None and getattr(match.func, "reads_too_large_forms", False):
        request.form_too_large = True  # type: ignore[attr-defined]  # read by the view's _form_data
        response: HttpResponse = match.func(request, *match.args, **match.kwargs)
    else:
        problem = BodyTooLarge(limit).message.text(get_language() or "en")
        response = render(request, "too_large.html", {"problem": problem})
    response.status_code = 413
    return response


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        problem = msg("web.not-found", path=request.path_info[:200])
        return error_response([problem], status=404, lang=request_language(request))
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return error_response([msg("web.server-error")], status=500, lang=request_language(request))
    return defaults.server_error(request)
