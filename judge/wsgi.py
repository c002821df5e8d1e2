"""WSGI entry point (gunicorn judge.wsgi; runserver loads it too)."""

import gc
import logging
import os
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
        warm(Path(settings.JUDGE_INDEX_DIR))
    except Exception:  # noqa: BLE001 - logged; searches will report the problem themselves
        logging.getLogger(__name__).exception("search warm-up failed")
    gc.freeze()


_warm_site()
_warm_search()
