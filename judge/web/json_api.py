"""The JSON door: read a capped JSON object body, answer JSON, list every problem in one shape.

Every JSON endpoint refuses the same way: 413 for a body over its cap, 400 for bad JSON or anything
the engine refuses (:class:`RulesError`), each answer ``{"errors": [{"code", "rule", "text",
"field"?}, ...]}`` with the texts in the language of ``?lang=ja|en`` (English by default).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.http.request import RawPostDataException

from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message, msg
from judge.engine.steps import Step

MEGABYTE = 1024 * 1024
LANGUAGES = ("en", "ja")


def request_language(request: HttpRequest, default: str = "en") -> str:
    """The language of the answer's texts: ``?lang=ja|en``, else ``default``."""
    lang = request.GET.get("lang", "")
    return lang if lang in LANGUAGES else default


class BodyTooLarge(Exception):
    """The request body is over the endpoint's cap."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"body over {limit} bytes")

    @property
    def message(self) -> Message:
        size = msg("web.size-mb", n=self.limit // MEGABYTE) if self.limit % MEGABYTE == 0 else msg(
            "web.size-bytes", n=self.limit)
        return msg("web.body-too-large", field="body", size=size)


def read_body(request: HttpRequest, *, limit: int) -> bytes:
    """The raw body, up to ``limit`` bytes (which may be more than DATA_UPLOAD_MAX_MEMORY_SIZE)."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:
        raise BodyTooLarge(limit)
    if limit <= (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0):
        try:
            body = request.body
        except (RequestDataTooBig, RawPostDataException):
            raise BodyTooLarge(limit) from None
    else:
        # Read the stream directly: request.body would apply the small site-wide limit.
        body = request.read(limit + 1)
    if len(body) > limit:
        raise BodyTooLarge(limit)
    return body


def json_object(body: bytes, *, empty: str = "") -> dict[str, Any]:
    """The JSON object in ``body`` (``empty`` stands in for an empty body); InvalidInputError otherwise."""
    try:
        data = json.loads(body or empty)
    except (ValueError, UnicodeDecodeError) as err:
        raise InvalidInputError([msg("web.bad-json", field="body", error=str(err)[:200])]) from err
    if not isinstance(data, dict):
        raise InvalidInputError([msg("input.not-object", field="body")])
    return data


def json_response(data: Mapping[str, Any], status: int = 200) -> JsonResponse:
    return JsonResponse(dict(data), status=status, json_dumps_params={"ensure_ascii": False})


def error_response(problems: RulesError | Iterable[Message], *, status: int, lang: str,
                   **extra: Any) -> JsonResponse:
    """``{"errors": [{"code", "rule", "text", "field"?}, ...], **extra}``."""
    errors = problems.to_json(lang) if isinstance(problems, RulesError) else [p.to_json(lang) for p in problems]
    return json_response({"errors": errors, **extra}, status=status)


def steps_json(steps: Iterable[Step], lang: str) -> list[dict[str, Any]]:
    return [step.to_json(lang) for step in steps]


def result_json(result: Any, lang: str) -> dict[str, Any]:
    """An engine result as the API answers it: its ``to_json(lang)``, steps as ``{"code", "rule", "text", ...}``."""
    return dict(result.to_json(lang))


def json_api(
    request: HttpRequest, *, limit: int, compute: Callable[[dict[str, Any], str], Mapping[str, Any]]
) -> JsonResponse:
    """Read a JSON object body and answer ``compute(payload, lang)``; 413 when too big, 400 listing every problem."""
    lang = request_language(request)
    try:
        payload = json_object(read_body(request, limit=limit))
        return json_response(compute(payload, lang))
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except RulesError as err:
        return error_response(err, status=400, lang=lang)
