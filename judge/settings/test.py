"""Tests: fast hashing, a throwaway secret, an index dir per test run (set by conftest)."""

import os
import tempfile
from pathlib import Path

from judge.settings.base import *  # noqa: F403

SECRET_KEY = "test-insecure-key"
DEBUG = False
ALLOWED_HOSTS = ["*"]
JUDGE_INDEX_DIR = Path(os.environ.get("JUDGE_INDEX_DIR", tempfile.mkdtemp(prefix="judge-index-")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Static files come from the finders here (runserver, the test client); nothing is collected into STATIC_ROOT.
STATIC_ROOT = None

# The card-data stamp read on every request: each test's own card data (rolled back after it) is seen at once.
JUDGE_CARD_STAMP_SECONDS = 0.0

# No test reaches the official rules-documents page: a test that fetches the judge's documents names its own.
JUDGE_RULES_DOCUMENTS_URL = ""

# The ingest's offline-size measuring renders ~130 pages: the tests that ingest a corpus dozens of times do
# without it (the save button measures on its first request); tests/rules/test_offline_size_ingest.py
# turns it on.
JUDGE_OFFLINE_SIZE_AT_INGEST = False
