"""Local development: DEBUG on, a fixed insecure key so `make run` works out of the box.

``DJANGO_DEBUG=0`` turns DEBUG off (the browser tests: a reader's 404 page, not Django's technical one;
runserver then serves the static files with ``--insecure``)."""

import os

from judge.settings.base import *  # noqa: F403
from judge.settings.base import SECRET_KEY

DEBUG = os.environ.get("DJANGO_DEBUG", "1") not in ("", "0")
SECRET_KEY = SECRET_KEY or "dev-insecure-key-not-for-production"
ALLOWED_HOSTS = ["*"]

# Static files come from the finders here (runserver, the test client); nothing is collected into STATIC_ROOT.
STATIC_ROOT = None
