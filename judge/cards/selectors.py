"""Reads of the imported card data: engine card pools for deck checks and name lookups.

A deck check needs full card data only for the names in the deck, so only
those rows are loaded. For names not found, :meth:`CardPool.suggest
<judge.engine.cards.CardPool.suggest>` needs every known name; those are
loaded as names only (placeholder cards with no text), once per card set,
and cached in the process until the next import.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.db.models import Count, Max

from judge.cards.models import Card, CardAlias, CardSource
from judge.engine import cards as engine_cards
from judge.engine.cards_payload import card_from_scryfall

CHUNK = 500  # keys per IN (...) query, far below every database's parameter limit

SHORTLIST = 200  # candidates per unknown name handed to the engine's difflib suggestions

_names_lock = threading.Lock()
_names_cache: dict[str, object] = {}


def _grams(key: str) -> set[str]:
    padded = f"^{key}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class NameIndex:
    """Trigrams of every known name, to shortlist suggestion candidates.

    ``CardPool.suggest`` compares a name with every known name (difflib);
    against ~30 000 names that takes a third of a second per unknown name.
    The shortlist keeps the engine's logic and scoring, over far fewer names.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys: list[str] = []
        self.sizes: list[int] = []
        self.postings: dict[str, list[int]] = {}
        for number, key in enumerate(keys):
            grams = _grams(key)
            self.keys.append(key)
            self.sizes.append(len(grams))
            for gram in grams:
                self.postings.setdefault(gram, []).append(number)

    def shortlist(self, key: str, limit: int = SHORTLIST) -> list[str]:
        """Known keys sharing the most trigrams with ``key`` (Dice coefficient), best first."""
        grams = _grams(key)
        shared: Counter[int] = Counter()
        for gram in grams:
            shared.update(self.postings.get(gram, ()))
        scored = sorted(shared, key=lambda n: -2 * shared[n] / (len(grams) + self.sizes[n]))
        return [self.keys[n] for n in scored[:limit]]


@dataclass(frozen=True)
class IndexedCardPool(engine_cards.CardPool):
    """A card pool whose suggestions run the engine's ``suggest`` over a trigram shortlist."""

    index: NameIndex | None = None

    def suggest(self, name: str, *, limit: int = 3) -> tuple[str, ...]:
        if self.index is None:
            return super().suggest(name, limit=limit)
        keys = self.index.shortlist(engine_cards.normalise_name(name))
        cards = {k: self.cards[k] for k in keys if k in self.cards}
        aliases = {k: self.aliases[k] for k in keys if k in self.aliases and self.aliases[k] in self.cards}
        for card_key in aliases.values():
            cards.setdefault(card_key, self.cards[card_key])
        return engine_cards.CardPool(cards=cards, aliases=aliases).suggest(name, limit=limit)


def has_cards() -> bool:
    """Whether any card data has been imported (``python manage.py import_cards``)."""
    return Card.objects.exists()


def imported_from(path: Path) -> bool:
    """Whether the current cards were imported from ``path`` as it is now (same size and modification
    time)."""
    stat = path.stat()
    return (
        CardSource.objects.filter(
            path=str(path.resolve())[:1024], size=stat.st_size, modified=stat.st_mtime
        ).exists()
        and has_cards()
    )


def _chunks(keys: list[str]) -> Iterable[list[str]]:
    for start in range(0, len(keys), CHUNK):
        yield keys[start : start + CHUNK]


def _known_names() -> tuple[dict[str, engine_cards.Card], dict[str, str], NameIndex]:
    """Every card key -> a name-only placeholder card, every alias key -> card key, their index (cached)."""
    stamp = Card.objects.aggregate(n=Count("id"), last=Max("id"))
    version = f"{stamp['n']}:{stamp['last']}"
    with _names_lock:
        if _names_cache.get("version") == version:
            return (
                _names_cache["cards"],
                _names_cache["aliases"],  # type: ignore[return-value]
                _names_cache["index"],
            )
    stubs = {
        key: engine_cards.Card(name=name, faces=(engine_cards.Face(name=name),))
        for key, name in Card.objects.values_list("key", "name").iterator(chunk_size=5000)
    }
    aliases = dict(CardAlias.objects.values_list("key", "card__key").iterator(chunk_size=5000))
    index = NameIndex([*stubs, *aliases])
    with _names_lock:
        _names_cache.update(version=version, cards=stubs, aliases=aliases, index=index)
    return stubs, aliases, index


def card_pool(names: Iterable[str]) -> engine_cards.CardPool:
    """A pool holding the full cards for ``names`` (any spelling the engine forgives).

    When some names are unknown, every other known name is added as a
    placeholder so suggestions still work; placeholders are never returned
    for the requested names, since those were looked up first.
    """
    wanted = sorted({engine_cards.normalise_name(n) for n in names if n})
    found: dict[str, engine_cards.Card] = {}
    aliases: dict[str, str] = {}
    for keys in _chunks(wanted):
        for key, data in Card.objects.filter(key__in=keys).values_list("key", "data"):
            found[key] = card_from_scryfall(data)
    missing = [k for k in wanted if k not in found]
    for keys in _chunks(missing):
        for alias, key, data in CardAlias.objects.filter(key__in=keys).values_list(
            "key", "card__key", "card__data"
        ):
            aliases[alias] = key
            found.setdefault(key, card_from_scryfall(data))
    unknown = [k for k in missing if k not in aliases]
    if not unknown:
        return engine_cards.CardPool(cards=found, aliases=aliases)
    stubs, all_aliases, index = _known_names()
    return IndexedCardPool(cards={**stubs, **found}, aliases={**all_aliases, **aliases}, index=index)
