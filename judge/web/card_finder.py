"""The cards a search names, as the search page and ``/api/search`` show them above the rule hits.

The cards app reads the rules (a card's keyword rules), so the rules app's search cannot import cards
without a cycle; like the generation (judge.web.generation), it reads them through the function
``settings.JUDGE_CARD_FINDER_FUNCTION`` names: a query in, its cards out (name, name_ja, slug), or
None when no card data is imported (the API then leaves its ``cards`` out). Card names elsewhere (a
leave-game board) link to their card pages through ``settings.JUDGE_CARD_PAGES_FUNCTION``
(:func:`card_pages`) the same way.
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
def _pages(path: str) -> Callable[[Iterable[str]], Mapping[str, str]]:
    return cast("Callable[[Iterable[str]], Mapping[str, str]]", import_string(path))


def card_pages(names: Iterable[str]) -> dict[str, str]:
    """Name as given (English or Japanese) -> the address of its card page, for the names that are known
    cards; {} without card data or without ``settings.JUDGE_CARD_PAGES_FUNCTION`` (a board names its cards
    as plain text then)."""
    wanted = [n for n in dict.fromkeys(names) if n]
    path = getattr(settings, "JUDGE_CARD_PAGES_FUNCTION", "")
    if not wanted or not path:
        return {}
    return {name: reverse("cards:detail", args=[slug]) for name, slug in _pages(path)(wanted).items()}
