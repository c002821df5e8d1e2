"""The calculators' JSON API holds one heavy slot of its client per request (judge.limits.heavy): past the
client's slots, 429 in the API's error shape with ``Retry-After``, before any work."""

from __future__ import annotations

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

from judge.limits.heavy import Busy, heavy_slot
from judge.web.client_address import client_key
from judge.web.json_api import error_response, request_language
from judge.web.middleware import DatabaseBusyMiddleware
from judge.web.texts import HEAVY_RETRY_AFTER, busy_message

HEAVY_PREFIXES = ("/api/calc/",)  # every calculator API: a board at the limits costs 0.1-0.2 s of CPU


def busy_answer(request: HttpRequest) -> HttpResponse:
    """429 in the API's error shape, in the reader's language (``?lang=``)."""
    response = error_response([busy_message()], status=429, lang=request_language(request))
    response["Retry-After"] = str(HEAVY_RETRY_AFTER)
    patch_cache_control(response, no_store=True)
    return response


class HeavyRequestMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST" or not request.path_info.startswith(HEAVY_PREFIXES):
            return self.get_response(request)
        try:
            with heavy_slot(who=client_key(request)):
                return self.get_response(request)
        except Busy:
            return busy_answer(request)
        except OperationalError as error:
            # Taking the slot met a locked or full database: the same answer as a view's write would get
            # (a view's own errors are answers already by the time they reach here).
            answer = DatabaseBusyMiddleware(self.get_response).process_exception(request, error)
            if answer is None:
                raise
            return answer
