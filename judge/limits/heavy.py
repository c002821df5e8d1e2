"""One heavy request at a time per client, held by the site itself wherever the heavy work is reached: the
calculators' JSON API (``/api/calc/``) and the brackets table page (issue 43, items 1 and 4).

Two heavy requests at once from one client hold both of a server's sync workers, and every other client waits
behind them. The slot is a lease, a row of the counters' table (:class:`judge.limits.models.RateCount`, window
0) that expires on its own after :data:`LEASE_SECONDS` — longer than gunicorn's worker timeout (30 s), so no
heavy request outlives it, short enough that a worker killed mid-request (``kill -9``: its ``finally`` never
runs) locks its client out for at most that long. A proxy's in-flight counter (nginx ``limit_conn``) is not
subtracted when its worker is killed: it locked addresses out until a full restart.

Taking a slot is one statement on SQLite and PostgreSQL alike: an upsert that replaces the row only when its
lease is over, returning the row when it took it, nothing when the slot is held.

:func:`niced` runs heavy work (the brackets table page's deck checks) in a thread at a lower CPU priority,
so that a light request on another worker gets the CPU first.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.conf import settings
from django.db import DatabaseError, connection, connections
from django.utils import translation

from judge.limits.counters import _key
from judge.limits.models import RateCount

logger = logging.getLogger(__name__)
LEASE_SECONDS = 40  # above gunicorn's --timeout 30: a heavy request ends (or is killed) before its lease
GROUP = "heavy"


def lease_seconds() -> int:
    return int(getattr(settings, "JUDGE_HEAVY_LEASE_SECONDS", LEASE_SECONDS))


def at_once() -> int:
    """Heavy requests one client may have in flight (``JUDGE_HEAVY_AT_ONCE``, 1)."""
    return max(1, int(getattr(settings, "JUDGE_HEAVY_AT_ONCE", 1)))


def _take_sql() -> str:
    quote = connection.ops.quote_name
    table, key, window, count_, expires = map(
        quote, (RateCount._meta.db_table, "key", "window", "count", "expires")
    )
    return (
        f"INSERT INTO {table} ({key}, {window}, {count_}, {expires}) VALUES (%s, 0, 1, %s) "
        f"ON CONFLICT ({key}, {window}) DO UPDATE SET {count_} = 1, {expires} = excluded.{expires} "
        f"WHERE {table}.{expires} <= %s RETURNING {expires}"
    )


def take(*, who: str) -> tuple[str, int] | None:
    """A heavy slot of ``who`` (its key and the lease's end, to give it back), or None when every one is
    held by a lease not over yet."""
    now = int(time.time())
    until = now + lease_seconds()
    for slot in range(at_once()):
        key = _key(f"{GROUP}:{slot}", who, 0)
        with connection.cursor() as cursor:
            cursor.execute(_take_sql(), [key, until, now])
            if cursor.fetchone() is not None:
                return key, until
    return None


def give_back(slot: tuple[str, int]) -> None:
    """End a lease taken by :func:`take` (a later lease of the same slot is left alone). A database that
    cannot take the write now (locked, full) leaves the lease to expire: the answer is not lost for it."""
    key, until = slot
    try:
        RateCount.objects.filter(key=key, window=0, expires=until).delete()
    except DatabaseError as error:
        logger.warning("heavy slot left to expire (%s): %s", key[:20], error)


class Busy(Exception):
    """Every heavy slot of the client is held: answer 429 (judge.web's HeavyBusyMiddleware words it)."""


@contextmanager
def heavy_slot(*, who: str) -> Iterator[None]:
    """Hold one of ``who``'s heavy slots while the block runs; :class:`Busy` when none is free."""
    slot = take(who=who)
    if slot is None:
        raise Busy(who)
    try:
        yield
    finally:
        give_back(slot)


T = TypeVar("T")
#: Added to the niceness of the thread running heavy work (judge.limits.heavy.niced); 0 turns it off.
NICENESS = 10


def niceness() -> int:
    return max(0, int(getattr(settings, "JUDGE_HEAVY_NICENESS", NICENESS)))


def niced(work: Callable[[], T]) -> T:
    """``work()`` run in a thread of its own at a lower CPU priority (its niceness raised by
    ``JUDGE_HEAVY_NICENESS``, 10), while the calling thread waits: its answer, or its exception raised here.

    Linux keeps a niceness per thread, so only that thread is lowered (the worker's own thread keeps its
    priority for its next request), and nothing has to lower it back, which an unprivileged process may not
    do. A light request on the other worker then gets the CPU first on a loaded machine. The thread uses the
    caller's database connections (the caller waits, so they are never used at once; it also sees the
    caller's transaction) and language.
    """
    raise_by = niceness()
    if not raise_by:
        return work()
    shared = list(connections.all(initialized_only=True))
    language = translation.get_language()
    answer: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        # Where the call is refused (or there is none: not a Unix), the work runs at the caller's priority.
        with contextlib.suppress(OSError, AttributeError):
            thread_id = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, thread_id, os.getpriority(os.PRIO_PROCESS, thread_id) + raise_by)
        for wrapper in shared:
            connections[wrapper.alias] = wrapper
        try:
            with translation.override(language):
                answer.append(work())
        except BaseException as error:  # raised again in the caller
            failed.append(error)
        finally:
            # A connection the caller had not opened was opened here: closed with the thread, not leaked.
            for wrapper in connections.all(initialized_only=True):
                if wrapper not in shared:
                    wrapper.close()

    for wrapper in shared:
        wrapper.inc_thread_sharing()
    try:
        thread = threading.Thread(target=run, name="judge-heavy", daemon=True)
        thread.start()
        thread.join()
    finally:
        for wrapper in shared:
            wrapper.dec_thread_sharing()
    if failed:
        raise failed[0]
    return answer[0]


__all__ = ["Busy", "at_once", "give_back", "heavy_slot", "lease_seconds", "niced", "niceness", "take"]
