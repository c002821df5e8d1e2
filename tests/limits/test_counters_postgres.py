"""Workers counting at the same moment, on a real PostgreSQL server with one connection per thread: every
count counts (the upsert is one statement). Runs in the PostgreSQL pass of CI, skipped on SQLite."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from judge.limits import counters
from judge.limits.models import RateCount

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 8
PER_THREAD = 10


def test_counts_at_once_all_count() -> None:
    if connection.vendor != "postgresql":
        pytest.skip(f"needs PostgreSQL (set DATABASE_URL=postgres://...); this run uses {connection.vendor}")
    start = threading.Barrier(THREADS)

    def work() -> None:
        try:
            start.wait()
            for _ in range(PER_THREAD):
                counters.count(group="g", who="192.0.2.7", rate="1000/h")
        finally:
            connection.close()

    threads = [threading.Thread(target=work) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert list(RateCount.objects.values_list("count", flat=True)) == [THREADS * PER_THREAD]
