"""The cards a search names, as the search page and ``/api/search`` show them above the rule hits.

The cards app reads the rules (a card's keyword rules), so the rules app's search cannot import cards
without a cycle; like the generation (judge.web.generation), it reads them through the function
``settings.JUDGE_CARD_FINDER_FUNCTION`` names: a query in, its cards out (name, name_ja, slug), or
None when no card data is imported (the API then leaves its ``cards`` out). Card names shown elsewhere (a
worked ruling's board and cards) link to their card page through the function
``settings.JUDGE_CARD_SLUGS_FUNCTION`` names: names in, name -> the slug of its card page out, for the
known cards only. The answers that show card data say which import they were read from (their ETag,
judge.web.middleware) through ``settings.JUDGE_CARD_STAMP_FUNCTION``: "" without card data.

The search asks for the cards of every query, so both are kept in memory (per process): the stamp is read
from the database at most once every ``settings.JUDGE_CARD_STAMP_SECONDS`` (:func:`current_card_stamp`;
0 reads it every time), and the cards a query names are kept per stamp (:func:`find_cards`, an LRU
emptied by a new stamp, i.e. by a card import). A repeated search then makes no database query.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, cast

from django.conf import settings
from django.urls import reverse
from django.utils.module_loading import import_string

from judge.search.cache import AnswerCache

#: How many queries' cards each process keeps (a few hundred bytes each).
MAX_CARD_QUERIES = 4096


class FoundCard(Protocol):
    """What a search shows of a card (judge.cards.selectors.CardMatch)."""

    name: str
    name_ja: str
    slug: str


@functools.cache
def _finder(path: str) -> Callable[[str], Sequence[FoundCard] | None]:
    return cast("Callable[[str], Sequence[FoundCard] | None]", import_string(path))


def find_cards(query: str) -> Sequence[FoundCard] | None:
    """The cards ``query`` names, best first; None without card data or without a finder configured.

    Kept per card-data stamp (:func:`current_card_stamp`) when a stamp function is configured: a repeat
    costs no database query, and a card import (a new stamp) empties what was kept."""
    path = getattr(settings, "JUDGE_CARD_FINDER_FUNCTION", "")
    if not path:
        return None
    if not getattr(settings, "JUDGE_CARD_STAMP_FUNCTION", ""):
        return _finder(path)(query)
    stamp = current_card_stamp()
    if not stamp:
        return None  # no card data imported
    found = _found_cache(stamp)
    key = (path, query)
    kept: tuple[FoundCard, ...] | None = found.get(key)
    if kept is None:
        cards = _finder(path)(query)
        if cards is None:
            return None
        kept = tuple(cards)
        found.put(key, kept)
    return list(kept)


_found: dict[str, AnswerCache] = {}
_stamp_read: dict[str, tuple[float, str]] = {}
_lock = threading.Lock()


def _found_cache(stamp: str) -> AnswerCache:
    """The cards kept for ``stamp``: a new stamp starts an empty cache (the old one is dropped)."""
    cache = _found.get(stamp)
    if cache is None:
        with _lock:
            cache = _found.get(stamp)
            if cache is None:
                _found.clear()
                cache = _found[stamp] = AnswerCache(max_entries=MAX_CARD_QUERIES)
    return cache


def current_card_stamp() -> str:
    """:func:`card_data_stamp`, read from the database at most once every
    ``settings.JUDGE_CARD_STAMP_SECONDS`` seconds per process (0: every call). An import in another
    process (``manage.py import_cards``) is seen within that time."""
    ttl = float(getattr(settings, "JUDGE_CARD_STAMP_SECONDS", 0))
    path = getattr(settings, "JUDGE_CARD_STAMP_FUNCTION", "")
    now = time.monotonic()
    read = _stamp_read.get(path)
    if ttl > 0 and read is not None and now - read[0] < ttl:
        return read[1]
    stamp = card_data_stamp()
    _stamp_read[path] = (now, stamp)
    return stamp


def forget_card_stamp() -> None:
    """Read the stamp from the database on the next call (after an import in this process; tests)."""
    _stamp_read.clear()


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
