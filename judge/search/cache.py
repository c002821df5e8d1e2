"""The answer cache: a search asked again in the same index generation is answered from memory.

Players ask the same few things (統率者税, commander damage, 903.9). Each index generation
(judge.search.index.LiveIndex) owns one ``AnswerCache`` in its ``extras``: a new generation (a re-ingest
switching the index) starts with an empty one and the old one goes with the old generation. Per process
(each gunicorn worker has its own; a worker forked by ``--preload`` starts with the answers the warm-up put
in it).

The key is everything an answer depends on besides the generation: the query as the search reads it
(``normalised``), the languages searched and the reader's, the limit, and the caller's other choices (the
spelling correction, the version named current). Two keys that differ in any of them never share an
answer. An LRU bounded both by the number of answers and by their estimated size in memory.
"""

from __future__ import annotations

import sys
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from judge.search.index import LiveIndex

MAX_ENTRIES = 4096
# Per worker and generation: a few hundred queries, each kept as the search's answer, the API's encoded
# answer and the whole HTTP answer (judge.web.repeats), or the page's fragment and HTTP answer.
MAX_BYTES = 16 * 1024 * 1024
T = TypeVar("T")


def normalised(q: str) -> str:
    """The query as a search reads it: width-folded (NFKC: ９０３．８ is 903.8, full-width letters are
    ASCII) with its spaces collapsed. Case is kept: ``OR`` is an operator, ``or`` a word.

    >>> normalised("  統率者税　 ２回 "), normalised("exile  OR graveyard")
    ('統率者税 2回', 'exile OR graveyard')
    """
    return " ".join(unicodedata.normalize("NFKC", q).split())


def size_of(value: object, _depth: int = 0) -> int:
    """An estimate of the memory an answer holds: its strings, numbers, containers and dataclass fields
    (shared enum members and None count for nothing).

    >>> size_of("abc") == sys.getsizeof("abc"), size_of(["abc", "abc"]) > size_of("abc")
    (True, True)
    """
    if value is None or isinstance(value, bool) or _depth > 8:
        return 0
    if isinstance(value, str | bytes | int | float):
        return sys.getsizeof(value)
    if isinstance(value, dict):
        return sys.getsizeof(value) + sum(
            size_of(k, _depth + 1) + size_of(v, _depth + 1) for k, v in value.items()
        )
    if isinstance(value, list | tuple | set | frozenset):
        return sys.getsizeof(value) + sum(size_of(v, _depth + 1) for v in value)
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return sys.getsizeof(value) + sum(size_of(getattr(value, f), _depth + 1) for f in fields)
    return 0  # enum members and other shared objects


class AnswerCache:
    """A least-recently-used map from a key to an answer, at most ``max_entries`` answers and
    ``max_bytes`` of them (an answer larger than that is never kept). Safe across threads."""

    def __init__(self, *, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        """The estimated size of the answers kept."""
        return self._bytes

    def get(self, key: Hashable) -> Any | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: Hashable, value: object) -> None:
        size = size_of(key) + size_of(value)
        if size > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, size)
            self._bytes += size
            while self._items and (len(self._items) > self.max_entries or self._bytes > self.max_bytes):
                _, (_, dropped) = self._items.popitem(last=False)
                self._bytes -= dropped

    def get_or_build(self, key: Hashable, build: Callable[[], T]) -> T:
        """The answer kept for ``key``, else ``build()``'s, kept (an error is never kept)."""
        found = self.get(key)
        if found is not None:
            return found  # type: ignore[no-any-return]
        value = build()
        self.put(key, value)
        return value


def answers(live: LiveIndex) -> AnswerCache:
    """The answer cache of one index generation (created on first use)."""
    found = live.extras.get("answers")
    if found is None:
        with live.lock:
            found = live.extras.setdefault("answers", AnswerCache())
    return found  # type: ignore[no-any-return]
