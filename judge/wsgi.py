"""WSGI entry point (gunicorn judge.wsgi; runserver loads it too)."""

import gc
import logging
import os
from collections.abc import Callable
from pathlib import Path

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.prod")
application = get_wsgi_application()


def _warm_site() -> None:
    """Import every view (the URLconf), load both languages' translations and compile the page
    templates before the first request: a worker's first request paid ~200 ms for them, whichever
    page it was (the p99 of a load test is made of such first requests after each worker restart).
    No database connection is opened, so this is safe before gunicorn --preload forks the workers."""
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    _ = get_resolver().url_patterns  # the property imports every view
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Rules")
    for path in sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html")):
        get_template(path.relative_to(Path(settings.BASE_DIR) / "templates").as_posix())


def _warm_search() -> None:
    """Load the search's dictionary, index and vocabulary before the first request (about 1.5 s),
    so no reader's search pays for them; a broken index must not keep the rest of the site down.
    What was loaded lives as long as the worker: gc.freeze() keeps the collector from walking it
    again (a full collection over it took ~90 ms, paid by whichever request triggered it). With
    gunicorn --preload (docs/deploy.md) this runs once in the master and every worker is forked warm."""
    from django.conf import settings

    from judge.search.warm import warm

    try:
        warm(Path(settings.JUDGE_INDEX_DIR), then=_warm_answers)
    except Exception:  # noqa: BLE001 - logged; searches will report the problem themselves
        logging.getLogger(__name__).exception("search warm-up failed")
    gc.freeze()


# The commonest searches the web warm-up sends through the application: enough to pay every first-time cost
# and keep the first answers, few enough not to slow a start (each is six requests).
WEB_WARM_QUERIES = 4


def _warm_answers(_live: object) -> None:
    """The answer path, not only the index (issue 35): the commonest searches (the first WEB_WARM_QUERIES of
    judge.search.warm.COMMON_QUERIES) sent through this application
    as readers send them (the JSON API in both languages, the search page, the header box's best matches),
    so a worker's first request pays none of the first-time costs (the deploy's digest of the checkout
    for the ETags, the URL reverser of each language, the card look-up's query, JSON and template code) and
    finds their answers in the generation's answer cache. Run for each new generation too (in the thread
    that warms it). The database connection this opens is closed before gunicorn --preload forks."""
    from django.conf import settings
    from django.db import connections
    from django.test import RequestFactory

    from judge.search.warm import COMMON_QUERIES
    from judge.web.middleware import release

    release()
    hosts = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")]
    factory = RequestFactory(HTTP_HOST=hosts[0] if hosts else "localhost")
    quick = {"HX-Request": "true", "HX-Target": "site-search-results"}  # the header box's best matches
    requests = [
        *(("/api/search", {"ui": ui}, {}) for ui in ("ja", "en")),
        *((f"/{lang}/search/", {}, headers) for lang in ("ja", "en") for headers in ({}, quick)),
    ]

    def ignore(status: str, headers: list[tuple[str, str]], *_: object) -> Callable[[bytes], object]:
        return lambda _data: None

    try:
        for q in COMMON_QUERIES[:WEB_WARM_QUERIES]:
            for path, params, headers in requests:
                environ = factory.get(path, {"q": q, **params}, secure=True, headers=headers).environ
                b"".join(application(environ, ignore))
    except Exception:  # noqa: BLE001 - a warm-up never keeps the site down
        logging.getLogger(__name__).exception("search answer warm-up failed")
    finally:
        connections.close_all()


_warm_site()
_warm_search()
