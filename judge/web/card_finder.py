"""The cards a search names, as the search page and ``/api/search`` show them above the rule hits.

The cards app reads the rules (a card's keyword rules), so the rules app's search cannot import cards
without a cycle; like the generation (judge.web.generation), it reads them through the function
``settings.JUDGE_CARD_FINDER_FUNCTION`` names: a query in, its cards out (name, name_ja, slug), or
None when no card data is imported (the API then leaves its ``cards`` out). Card names shown elsewhere (a
worked ruling's board and cards) link to their card page through the function
``settings.JUDGE_CARD_SLUGS_FUNCTION`` names: names in, name -> the slug of its card page out, for the
known cards only. The answers that show card data say which import they were read from (their ETag,
judge.web.middleware) through ``settings.JUDGE_CARD_STAMP_FUNCTION``: "" without card data.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, cast

from django.conf import settings
from django.urls import reverse
from django.utils.module_loading import import_string


class FoundCard(Protocol):
    """What a search shows of a card (judge.cards.selectors.CardMatch)."""

    name: str
    name_ja: str
    slug: str


@functools.cache
def _finder(path: str) -> Callable[[str], Sequence[FoundCard] | None]:
    return cast("Callable[[str], Sequence[FoundCard] | None]", import_string(path))


def find_cards(query: str) -> Sequence[FoundCard] | None:
    """The cards ``query`` names, best first; None without card data or without a finder configured."""
    path = getattr(settings, "JUDGE_CARD_FINDER_FUNCTION", "")
    return _finder(path)(query) if path else None


@functools.cache
def _slugs(path: str) -> Callable[[Iterable[str]], Mapping[str, str]]:
    return cast("Callable[[Iterable[str]], Mapping[str, str]]", import_string(path))


def card_links(names: Iterable[str]) -> dict[str, str]:
    """Name as given -> its card page's address in the reader's language (``/ja/cards/sol-ring/``), for
    the names that are known cards; ``{}`` without card data or without a function configured."""
    path = getattr(settings, "JUDGE_CARD_SLUGS_FUNCTION", "")
    wanted = sorted({n for n in names if n})
    if not path or not wanted:
        return {}
    return {name: reverse("cards:detail", args=[slug]) for name, slug in _slugs(path)(wanted).items()}


@functools.cache
def _stamp(path: str) -> Callable[[], str]:
    return cast("Callable[[], str]", import_string(path))


def card_data_stamp() -> str:
    """What changes whenever card data is imported ("" without card data or without a function)."""
    path = getattr(settings, "JUDGE_CARD_STAMP_FUNCTION", "")
    return _stamp(path)() if path else ""
