"""What the whole-release download weighs, measured from the pages it keeps (issue 42 item 5).

The save button said 約 15 MB from a fixed average page; the download kept 18.5 MB. Here the pages are
rendered as the service worker fetches them (the same URLs, through the whole site, middleware included):
the first four pages all, an even sample of the rule pages (:data:`RULE_SAMPLE`, by the characters each
shows, through a least-squares line of bytes on characters) and of
the worked rulings' steps the worker adds (``GET /api/scenarios``, every step from the first), each sample's
mean times its count. The ingest measures it as a new generation goes live (``Corpus.offline_bytes``);
where it could not, the first request measures it, once per generation and language in this process. While
measuring, the pages rendered show the fallback (they carry the save button too).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.test import Client

#: How many rule pages, and worked rulings' steps, are rendered to measure the rest (the estimate is within
#: 2 % of every page rendered, in both languages: tests/web/test_offline_size.py renders them all).
RULE_SAMPLE = 48
STEP_SAMPLE = 12

_MEASURED: dict[tuple[int, str], int] = {}
_LOCK = threading.Lock()
_BUSY = threading.local()


class NotMeasured(RuntimeError):
    """A page measured did not answer 200 (a refused host, a redirect): its bytes are not the page's."""


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
    measured = {path: _page_bytes(client, path) for path in picked}
    return fitted_total(measured, weights, paths)


def _page_bytes(client: Client, path: str) -> int:
    answer = client.get(path)
    if answer.status_code != 200:
        raise NotMeasured(f"{path} answered {answer.status_code}")
    return len(answer.content)


def site_address() -> tuple[str | None, bool]:
    """The host and scheme the ingest measures with, outside any request: a host the settings allow (the
    test client's own where any is), over HTTPS where the site redirects plain requests there.

    >>> from django.test import override_settings
    >>> with override_settings(ALLOWED_HOSTS=[".example.org", "localhost"], SECURE_SSL_REDIRECT=True):
    ...     site_address()
    ('example.org', True)
    """
    hosts = [h for h in settings.ALLOWED_HOSTS if h != "*"]
    if "*" in settings.ALLOWED_HOSTS or not hosts:
        return None, bool(settings.SECURE_SSL_REDIRECT)
    return hosts[0].lstrip("."), bool(settings.SECURE_SSL_REDIRECT)


@contextlib.contextmanager
def measuring() -> Iterator[None]:
    """While measuring in this thread: the pages rendered show the fallback, never measure again."""
    _BUSY.on = True
    try:
        yield
    finally:
        _BUSY.on = False


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
    """The bytes of ``pages`` and the worked rulings' steps, the first four in full, the rest sampled.

    Raises :class:`NotMeasured` when a page does not answer 200."""
    environ: dict[str, Any] = {"HTTP_HOST": host} if host else {}
    if secure:  # as the phone asks: behind SECURE_SSL_REDIRECT a plain request would be a redirect
        environ |= {"wsgi.url_scheme": "https", "SERVER_PORT": "443"}
    client = Client(**environ)
    first = sum(_page_bytes(client, path) for path in pages[:4])
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
    """:func:`measure` once per ``key``; ``fallback`` while a measurement runs in this thread, or where a page
    does not answer."""
    if key in _MEASURED:
        return _MEASURED[key]
    if busy():
        return fallback
    with _LOCK:
        if key not in _MEASURED:
            with measuring():
                try:
                    _MEASURED[key] = measure(pages, weights=weights, lang=lang, host=host, secure=secure)
                except NotMeasured:
                    _MEASURED[key] = fallback
    return _MEASURED[key]


def busy() -> bool:
    """Whether this thread is measuring (the page being rendered is one of those measured)."""
    return bool(getattr(_BUSY, "on", False))


def forget() -> None:
    """Measure again (tests)."""
    _MEASURED.clear()
