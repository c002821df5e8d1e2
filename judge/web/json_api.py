"""The JSON door of the calculators: read a capped JSON object body, answer JSON, list every problem.

Shared by the calculator, leave-game and tracker views so that every endpoint
refuses the same way: 413 for a body over its cap, 400 ``{"errors": [...]}``
for bad JSON or anything the engine refuses (:class:`RulesError`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.http.request import RawPostDataException

from judge.engine.errors import InvalidInputError, RulesError

MEGABYTE = 1024 * 1024


class BodyTooLarge(Exception):
    """The request body is over the endpoint's cap."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        size = f"{limit // MEGABYTE} MB" if limit % MEGABYTE == 0 else f"{limit} bytes"
        super().__init__(f"body: larger than {size}; send less at once")


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
        raise InvalidInputError([f"body: not valid JSON ({err})"[:300]]) from err
    if not isinstance(data, dict):
        raise InvalidInputError(["body: must be a JSON object"])
    return data


def json_response(data: Mapping[str, Any], status: int = 200) -> JsonResponse:
    return JsonResponse(dict(data), status=status, json_dumps_params={"ensure_ascii": False})


def json_api(
    request: HttpRequest, *, limit: int, compute: Callable[[dict[str, Any]], Mapping[str, Any]]
) -> JsonResponse:
    """Read a JSON object body and answer ``compute(payload)``; 413 when too big, 400 listing every problem."""
    try:
        payload = json_object(read_body(request, limit=limit))
        return json_response(compute(payload))
    except BodyTooLarge as err:
        return json_response({"errors": [str(err)]}, status=413)
    except RulesError as err:
        return json_response({"errors": list(err.problems)}, status=400)
