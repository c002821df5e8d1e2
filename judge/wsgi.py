"""WSGI entry point (gunicorn judge.wsgi; runserver loads it too)."""

import gc
import logging
import os
from pathlib import Path

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.prod")
application = get_wsgi_application()


def _warm_search() -> None:
    """Load the search's dictionary, index and vocabulary before the first request (about 1.5 s),
    so no reader's search pays for them; a broken index must not keep the rest of the site down.
    What was loaded lives as long as the worker: gc.freeze() keeps the collector from walking it
    again (a full collection over it took ~90 ms, paid by whichever request triggered it). With
    gunicorn --preload (docs/deploy.md) this runs once in the master and every worker is forked warm."""
    from django.conf import settings

    from judge.search.service import warm

    try:
        warm(Path(settings.JUDGE_INDEX_DIR))
    except Exception:  # noqa: BLE001 - logged; searches will report the problem themselves
        logging.getLogger(__name__).exception("search warm-up failed")
    gc.freeze()


_warm_search()
