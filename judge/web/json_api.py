"""The JSON door: read a capped JSON object body, answer JSON, list every problem in one shape.

Every JSON endpoint refuses the same way: 415 for a body not declared JSON (:func:`is_json`), 413 for a
body over its cap, 400 for bad JSON or anything the engine refuses (:class:`RulesError`), each answer
``{"errors": [{"code", "rule", "text", "field"?}, ...]}`` with the texts in the language of ``?lang=ja|en``
(English by default).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, JsonResponse
from django.http.request import RawPostDataException

from judge.engine.errors import InvalidInputError, RulesError
from judge.engine.messages import Message, msg
from judge.engine.steps import Step
from judge.web.citations import cited_answer

MEGABYTE = 1024 * 1024
LANGUAGES = ("en", "ja")


def is_api(request: HttpRequest) -> bool:
    """Whether the request is for the JSON API (``/api/...``): its answers, errors included, are JSON."""
    return request.path_info.startswith("/api/")


_LANG_PARAM = re.compile(r"(?:^|&)lang=(ja|en)(?:&|$)")


def request_language(request: HttpRequest, default: str = "en") -> str:
    """The language of the answer's texts: ``?lang=ja|en``, else ``default``.

    Read from the query string itself when Django refuses to parse it (more fields than
    DATA_UPLOAD_MAX_NUMBER_FIELDS): the refusal is answered in the language asked for, not with a 500 from
    the error handler reading ``request.GET`` again.
    """
    try:
        lang = request.GET.get("lang", "")
    except TooManyFieldsSent:
        found = _LANG_PARAM.search(request.META.get("QUERY_STRING", ""))
        lang = found.group(1) if found else ""
    return lang if lang in LANGUAGES else default


class BodyTooLarge(Exception):
    """The request body is over the endpoint's cap."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"body over {limit} bytes")

    @property
    def message(self) -> Message:
        size = (
            msg("web.size-mb", n=self.limit // MEGABYTE)
            if self.limit % MEGABYTE == 0
            else msg("web.size-bytes", n=self.limit)
        )
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


#: The deepest nesting of lists and objects any JSON input may have. Real inputs nest under ten levels
#: (a Scryfall list page, an MTGJSON file, a board); deeper ones only exhaust the parser's or the
#: engine's recursion (a 2 KB body of ``[[[[…`` is 950 levels).
MAX_DEPTH = 32
#: The largest magnitude of a number: 2**53, the integers every JSON reader agrees on (RFC 7493, I-JSON).
#: Bigger ones (``1e400``, a 5 000-digit integer) and ``NaN``/``Infinity`` are refused at the door.
MAX_NUMBER = 2**53

#: The most values (numbers, strings, lists, objects) one JSON input may hold: a board at the API's limits
#: holds some tens of thousands; a million tiny keys under a body cap would cost seconds to parse and read.
#: The colour identity batch (1,000 full Scryfall cards) asks for more (judge.calc.views).
MAX_VALUES = 50_000

#: A string, closed or not, matched without backtracking (possessive quantifiers): each character is looked
#: at once, so a body of ``"\"\"\…`` that never closes costs one pass, not one per quote.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_BRACKETS = re.compile(r"[\[{]++|[\]}]++")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# Escaped backslashes are consumed first: JSON's "\\ud800" is a backslash and letters, not an escape.
_ESCAPES = re.compile(
    r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|(\\u[dD][89a-fA-F][0-9a-fA-F]{2})"
)


@dataclass(frozen=True)
class Shape:
    """What :func:`shape` found: whether the text holds more values or nests deeper than the limits, and
    ``steps``, the runs of brackets it looked at one by one (never more than twice the values it allows)."""

    too_many: bool
    too_deep: bool
    steps: int = 0


def shape(text: str, *, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> Shape:
    """Whether the JSON ``text`` holds more than ``max_values`` values or nests lists and objects more than
    ``max_depth`` levels deep, found before parsing in time linear in the text's length.

    Each value but the first of a list or object follows a comma, and each list or object opens with a
    bracket, so the commas and opening brackets outside strings bound the count. Strings go in one pass
    (:data:`_STRING`), then everything but brackets in another; what is left alternates runs of opening
    and closing brackets, at most twice as many runs as values allowed, which one loop adds up.
    Text that is not JSON may answer either way; the parser then reports it.

    >>> shape('[{"a": [1, "]]]"]}, []]', max_depth=3, max_values=9)
    Shape(too_many=False, too_deep=False, steps=4)
    >>> shape('[[[[1]]]]', max_depth=3, max_values=9), shape('[1, 2, 3, 4, 5, 6]', max_depth=3, max_values=4)
    (Shape(too_many=False, too_deep=True, steps=1), Shape(too_many=True, too_deep=False, steps=0))
    """
    if text.count(",") < max_values and text.count("[") + text.count("{") <= max_depth:
        return Shape(too_many=False, too_deep=False)  # commas and brackets inside strings only add
    bare = _STRING.sub("", text)
    if bare.count(",") >= max_values:
        return Shape(too_many=True, too_deep=False)
    brackets = _NOT_BRACKET.sub("", bare)
    if brackets.count("[") + brackets.count("{") > max_values:
        return Shape(too_many=True, too_deep=False)
    depth = steps = 0
    for run in _BRACKETS.finditer(brackets):
        steps += 1
        size = run.end() - run.start()
        if brackets[run.start()] in "[{":
            depth += size
            if depth > max_depth:
                return Shape(too_many=False, too_deep=True, steps=steps)
        else:
            depth = max(0, depth - size)
    return Shape(too_many=False, too_deep=False, steps=steps)


def nests_deeper(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests lists and objects more than ``limit`` levels deep (:func:`shape`).

    >>> nests_deeper('[{"a": [1, "]]]"]}, []]', 3), nests_deeper('[[[[1]]]]', 3)
    (False, True)
    """
    return shape(text, max_depth=limit, max_values=len(text) + 1).too_deep


def holds_more_values(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` holds more than ``limit`` values (:func:`shape`).

    >>> holds_more_values('{"a": "x, y, z", "b": [1, 2]}', 4), holds_more_values('[1, 2, 3, 4, 5, 6]', 4)
    (False, True)
    """
    return shape(text, max_depth=len(text) + 1, max_values=limit).too_many


def has_lone_surrogate(text: str) -> bool:
    """Whether the JSON ``text`` escapes half of a surrogate pair alone (``"\\ud800"``): not a character,
    so no answer or database could hold the string it makes.

    >>> has_lone_surrogate(r'["\\ud83c\\udccf", "\\\\ud800"]'), has_lone_surrogate(r'{"\\ud800": 1}')
    (False, True)
    """
    if _SURROGATE_ESCAPE.search(text) is None:
        return False
    return any(match.group(1) for match in _ESCAPES.finditer(text))


class _Refused(Exception):
    """A number the reader refuses, raised from the parser's hooks."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text if len(text) <= 24 else text[:20] + "…"


def _int(text: str) -> int:
    # Look at the digits before converting: int() of a 5 000-digit string is itself refused by Python.
    if len(text.lstrip("-")) > len(str(MAX_NUMBER)) or abs(value := int(text)) > MAX_NUMBER:
        raise _Refused(text)
    return value


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise _Refused(text)
    return value


def _constant(text: str) -> Any:
    raise _Refused(text)  # NaN, Infinity, -Infinity: Python's json reads them, JSON has none


def _position(text: str | bytes, index: int) -> dict[str, int]:
    newline = "\n" if isinstance(text, str) else b"\n"
    line_start = text.rfind(newline, 0, index) + 1  # type: ignore[arg-type]
    return {"line": text.count(newline, 0, index) + 1, "column": index - line_start + 1}  # type: ignore[arg-type]


def read_json(
    text: str | bytes, *, field: str = "body", label: Message | None = None, max_values: int = MAX_VALUES
) -> Any:
    """The JSON value of ``text``: the one reader of every JSON body and every pasted JSON box.

    Refuses (:class:`InvalidInputError`, one problem named by ``field`` and ``label``; the request
    body when ``label`` is None) what is not JSON, more than ``max_values`` values (:data:`MAX_VALUES`),
    nesting deeper than :data:`MAX_DEPTH`, lone
    surrogate escapes, and numbers that are not finite or are beyond :data:`MAX_NUMBER`, so nothing
    downstream (the engine, an answer, the database) meets them.

    >>> read_json('{"life": 40}')
    {'life': 40}
    >>> try:
    ...     read_json('{"life": Infinity}')
    ... except InvalidInputError as err:
    ...     print(err.messages[0].code, err.render("ja"))
    web.json-number ['リクエスト：Infinity は使えない数値です（±9007199254740992
    以内の有限の数で指定してください）。']
    """
    subject = label or msg("input.label.request")

    def refuse(code: str, **params: Any) -> InvalidInputError:
        if code == "json-bad" and label is None:
            return InvalidInputError([msg("web.bad-json", field=field, **params)])
        return InvalidInputError([msg(f"web.{code}", field=field, label=subject, **params)])

    if isinstance(text, bytes):
        try:
            text = text.decode(json.detect_encoding(text))
        except UnicodeDecodeError as err:
            raise refuse("json-bad", **_position(text, err.start)) from None
    found = shape(text, max_depth=MAX_DEPTH, max_values=max_values)
    if found.too_many:
        raise refuse("json-too-many", limit=max_values)
    if found.too_deep:
        raise refuse("json-too-deep", limit=MAX_DEPTH)
    if has_lone_surrogate(text):
        raise refuse("json-surrogate")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as err:
        raise refuse("json-number", value=err.text, high=MAX_NUMBER) from None
    except json.JSONDecodeError as err:
        raise refuse("json-bad", line=err.lineno, column=err.colno) from None
    except RecursionError:  # deeper than the interpreter goes, and not even well formed: no pairs to count
        raise refuse("json-too-deep", limit=MAX_DEPTH) from None


def json_object(body: bytes, *, empty: str = "", max_values: int = MAX_VALUES) -> dict[str, Any]:
    """The JSON object in ``body`` (``empty`` stands in for an empty body); InvalidInputError otherwise."""
    data = read_json(body or empty, max_values=max_values)
    if not isinstance(data, dict):
        raise InvalidInputError([msg("input.not-object", field="body")])
    return data


def json_response(data: Mapping[str, Any], status: int = 200) -> JsonResponse:
    return JsonResponse(dict(data), status=status, json_dumps_params={"ensure_ascii": False})


def error_response(
    problems: RulesError | Iterable[Message], *, status: int, lang: str, **extra: Any
) -> JsonResponse:
    """``{"errors": [{"code", "rule", "text", "field"?}, ...], **extra}``, each rule in the current release's
    numbers (judge.web.citations.cited_answer)."""
    errors = cited_answer(
        problems.to_answer(lang)
        if isinstance(problems, RulesError)
        else [p.to_answer(lang) for p in problems]
    )
    return json_response({"errors": errors, **extra}, status=status)


def steps_json(steps: Iterable[Step], lang: str) -> list[dict[str, Any]]:
    """Steps as the API answers them, each rule in the current release's numbers."""
    answered: list[dict[str, Any]] = cited_answer([step.to_answer(lang) for step in steps])
    return answered


def result_json(result: Any, lang: str) -> dict[str, Any]:
    """An engine result as the API answers it: its ``to_answer(lang)``, steps as ``{"code", "rule", "text",
    ...}``."""
    return dict(result.to_answer(lang))


def is_json(request: HttpRequest) -> bool:
    """Whether the body is declared JSON (``application/json`` or ``application/…+json``).

    A web page on another site can make a browser send a form or a ``fetch`` without asking first (no CORS
    preflight) only as ``text/plain``, ``application/x-www-form-urlencoded`` or ``multipart/form-data``:
    refusing those (415) keeps every other site's pages from running the calculators with the visitor's
    browser, while scripts and bots name their JSON as such. A request with no body and no type passes (it
    is then refused as not JSON, 400)."""
    content_type = request.content_type or ""
    if not content_type and request.META.get("CONTENT_LENGTH") in (None, "", "0"):
        return True
    return content_type == "application/json" or (
        content_type.startswith("application/") and content_type.endswith("+json")
    )


def json_api(
    request: HttpRequest,
    *,
    limit: int,
    compute: Callable[[dict[str, Any], str], Mapping[str, Any]],
    max_values: int = MAX_VALUES,
) -> JsonResponse:
    """Read a JSON object body and answer ``compute(payload, lang)`` (an engine answer: its cited rules given
    in the current release's numbers, judge.web.citations.cited_answer); 413 when too big, 400 listing every
    problem; 415 for a body not declared JSON (:func:`is_json`)."""
    lang = request_language(request)
    if not is_json(request):
        return error_response(
            [msg("web.not-json", field="body", type=request.content_type or "-")], status=415, lang=lang
        )
    try:
        payload = json_object(read_body(request, limit=limit), max_values=max_values)
        return json_response(cited_answer(compute(payload, lang)))
    except BodyTooLarge as err:
        return error_response([err.message], status=413, lang=lang)
    except RulesError as err:
        return error_response(err, status=400, lang=lang)
