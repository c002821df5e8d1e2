"""What the whole-release download weighs, measured from the pages it keeps (issue 42 item 5).

The save button said 約 15 MB from a fixed average page; the download kept 18.5 MB. Here the pages are
rendered as the service worker fetches them (the same URLs, through the whole site, middleware included):
the first four pages all, an even sample of the rule pages (:data:`RULE_SAMPLE`, by the characters each
shows, through a least-squares line of bytes on characters) and of
the worked rulings' steps the worker adds (``GET /api/scenarios``, every step from the first), each sample's
mean times its count. Measured once per generation and language in this process (a new ingest is a new
generation); while measuring, the pages rendered show the fallback (they carry the save button too).
"""

from __future__ import annotations

import threading
from typing import Any
from urllib.parse import urlsplit

from django.test import Client

#: How many rule pages, and worked rulings' steps, are rendered to measure the rest (the estimate is within
#: 2 % of every page rendered, in both languages: tests/web/test_offline_size.py renders them all).
RULE_SAMPLE = 48
STEP_SAMPLE = 12

_MEASURED: dict[tuple[int, str], int] = {}
_LOCK = threading.Lock()
_BUSY = threading.local()


def sample(items: list[str], size: int) -> list[str]:
    """An even spread of ``size`` items over ``items`` (all of them when there are fewer).

    >>> sample(["a", "b", "c", "d", "e", "f"], 3)
    ['a', 'c', 'e']
    """
    if len(items) <= size:
        return list(items)
    return [items[i * len(items) // size] for i in range(size)]


def fitted_total(measured: dict[str, int], weights: dict[str, int], paths: list[str]) -> int:
    """The bytes of every one of ``paths``, from a least-squares line (bytes = fixed + per character ×
    characters) through the ``measured`` ones; the sample's mean when the weights do not vary.

    >>> fitted_total({"a": 1100, "c": 3100}, {"a": 100, "b": 200, "c": 300}, ["a", "b", "c"])
    6300
    """
    if not measured:
        return 0
    xs = [weights.get(path, 0) for path in measured]
    ys = list(measured.values())
    n = len(xs)
    mean_x, mean_y = sum(xs) / n, sum(ys) / n
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        return round(mean_y * len(paths))
    slope = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread
    fixed = mean_y - slope * mean_x
    return round(sum(fixed + slope * weights.get(path, 0) for path in paths))


def _estimate(client: Client, paths: list[str], size: int, weights: dict[str, int]) -> int:
    # Spread over the pages by their weight's order, so the small and the long ones (702) are both measured.
    picked = sample(sorted(paths, key=lambda p: weights.get(p, 0)), size)
    measured = {path: len(client.get(path).content) for path in picked}
    return fitted_total(measured, weights, paths)


def step_pages(client: Client, *, lang: str) -> list[str]:
    """The worked rulings' step pages the worker keeps besides the listed ones (static/js/sw.js, precache)."""
    answer = client.get(f"/api/scenarios?lang={lang}")
    if answer.status_code != 200:
        return []
    pages = []
    for item in answer.json()["scenarios"]:
        path = urlsplit(item["url"]).path
        first = int(path.rstrip("/").rsplit("/", 1)[-1])
        base = path.rstrip("/").rsplit("/", 1)[0]
        pages += [f"{base}/{step}/" for step in range(first, item["steps"] + 1)]
    return pages


def measure(
    pages: list[str], *, weights: dict[str, int], lang: str, host: str | None = None, secure: bool = False
) -> int:
    """The bytes of ``pages`` and the worked rulings' steps, the first four in full, the rest sampled."""
    environ: dict[str, Any] = {"HTTP_HOST": host} if host else {}
    if secure:  # as the phone asks: behind SECURE_SSL_REDIRECT a plain request would be a redirect
        environ |= {"wsgi.url_scheme": "https", "SERVER_PORT": "443"}
    client = Client(**environ)
    first = sum(len(client.get(path).content) for path in pages[:4])
    rules = _estimate(client, pages[4:], RULE_SAMPLE, weights)
    steps = _estimate(client, step_pages(client, lang=lang), STEP_SAMPLE, {})
    return first + rules + steps


def measured_bytes(
    *,
    key: tuple[int, str],
    pages: list[str],
    weights: dict[str, int],
    fallback: int,
    lang: str,
    host: str | None,
    secure: bool,
) -> int:
    """:func:`measure` once per ``key``; ``fallback`` while a measurement runs in this thread."""
    if key in _MEASURED:
        return _MEASURED[key]
    if getattr(_BUSY, "on", False):
        return fallback
    with _LOCK:
        if key not in _MEASURED:
            _BUSY.on = True
            try:
                _MEASURED[key] = measure(pages, weights=weights, lang=lang, host=host, secure=secure)
            finally:
                _BUSY.on = False
    return _MEASURED[key]


def forget() -> None:
    """Measure again (tests)."""
    _MEASURED.clear()
