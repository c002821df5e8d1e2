"""The live corpus generation, as the pages every app shares (home, health) and the cache's ETags see it.

The rules app owns the corpus; web imports no app (docs/architecture.md), so it reads the generation
through the function ``settings.JUDGE_GENERATION_FUNCTION`` names: no arguments, the live generation or
None before the first ingest.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol, cast

from django.conf import settings
from django.utils.module_loading import import_string


class Generation(Protocol):
    """What web reads of a generation (judge.rules.models.Corpus)."""

    pk: int
    current_version: str
    versions: list[str]


@functools.cache
def _reader(path: str) -> Callable[[], Generation | None]:
    return cast("Callable[[], Generation | None]", import_string(path))


def live_generation() -> Generation | None:
    """The live generation, or None before the first ingest."""
    return _reader(settings.JUDGE_GENERATION_FUNCTION)()
