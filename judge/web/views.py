"""The home page, the health check and the error pages: what the whole site shares."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.http import require_GET

from judge.engine.messages import msg
from judge.web.generation import live_generation
from judge.web.json_api import error_response, is_api, request_language


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"corpus": live_generation()})


@require_GET
def health(request: HttpRequest) -> JsonResponse:
    corpus = live_generation()
    if corpus is None:
        return error_response([msg("web.no-corpus")], status=503, lang=request_language(request))
    return JsonResponse({"status": "ok", "corpus": corpus.pk, "versions": corpus.versions})


# --------------------------------------------------------------------------- error answers (judge/urls.py)
# Under /api/ in the API's one error shape, so a program never has to read an HTML page; elsewhere Django's.


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        return error_response([msg("web.bad-request")], status=400, lang=request_language(request))
    return defaults.bad_request(request, exception)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if is_api(request):
        problem = msg("web.not-found", path=request.path_info[:200])
        return error_response([problem], status=404, lang=request_language(request))
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return error_response([msg("web.server-error")], status=500, lang=request_language(request))
    return defaults.server_error(request)
