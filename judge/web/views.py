"""The home page, the health check and the error pages: what the whole site shares."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.translation import get_language
from django.views import defaults
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.web.generation import live_generation
from judge.web.json_api import BodyTooLarge, error_response, is_api, request_language


@require_GET
def home_page(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"corpus": live_generation()})


@require_GET
def health_api(request: HttpRequest) -> JsonResponse:
    corpus = live_generation()
    if corpus is None:
        return error_response([msg("web.no-corpus")], status=503, lang=request_language(request))
    return JsonResponse({"status": "ok", "corpus": corpus.pk, "versions": corpus.versions})


# --------------------------------------------------------------------------- error answers (judge/urls.py)
# Under /api/ in the API's one error shape, so a program never has to read an HTML page; elsewhere Django's.


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return _too_large(request)
    if is_api(request):
        return error_response([msg("web.bad-request")], status=400, lang=request_language(request))
    return defaults.bad_request(request, exception)


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
