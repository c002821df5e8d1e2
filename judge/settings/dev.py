"""Local development: DEBUG on, a fixed insecure key so `make run` works out of the box."""

from judge.settings.base import *  # noqa: F403
from judge.settings.base import SECRET_KEY

DEBUG = True
SECRET_KEY = SECRET_KEY or "dev-insecure-key-not-for-production"
ALLOWED_HOSTS = ["*"]

# Static files come from the finders here (runserver, the test client); nothing is collected into STATIC_ROOT.
STATIC_ROOT = None
