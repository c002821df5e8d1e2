"""Helpers shared by the view tests."""

from __future__ import annotations

from typing import Any

ERROR_KEYS = {"code", "rule", "text"}


def error_texts(response: Any) -> list[str]:
    """The texts of a JSON error answer, after checking that every problem has the one error shape
    ``{"code", "rule", "text", "field"?}``."""
    problems = response.json()["errors"]
    assert isinstance(problems, list)
    for problem in problems:
        assert ERROR_KEYS <= set(problem) <= ERROR_KEYS | {"field"}, problem
        assert isinstance(problem["text"], str) and problem["text"]
    return [problem["text"] for problem in problems]
