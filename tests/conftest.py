"""Shared fixtures: the real corpus directory (for tests marked ``corpus``); every test that opens the
database is marked ``database`` (CI's PostgreSQL run selects them)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

# No timing assertions: hypothesis' default 200 ms deadline fails on a busy CI machine, not on a slow parser.
hypothesis_settings.register_profile("judge", deadline=None)
hypothesis_settings.load_profile("judge")

FIXTURES = Path(__file__).parent / "fixtures"


#: The fixtures through which a test reaches the database (pytest-django's, and ours built on them).
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``database`` every test that opens the database: what a run on another database engine changes
    (.ci/run runs these again on PostgreSQL; pure engine, parsing and browser tests need one run)."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if item.get_closest_marker("django_db") or names & DATABASE_FIXTURES:
            item.add_marker(pytest.mark.database)


def corpus_dir() -> Path:
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "rules_data"
    return Path(os.environ.get("JUDGE_CORPUS_DIR", default))


_RELEASE_FILE = re.compile(r"^MagicCompRules (\d{8})\.txt$")


def corpus_releases(root: Path | None = None) -> list[str]:
    """The English releases of the corpus (``en/MagicCompRules YYYYMMDD.txt``), oldest first. Releases are
    added as they come out: a test reads them here, never names the current one or counts them."""
    folder = (root or corpus_dir()) / "en"
    found = (_RELEASE_FILE.match(path.name) for path in folder.glob("MagicCompRules *.txt"))
    return sorted(match.group(1) for match in found if match)


def current_release(root: Path | None = None) -> str:
    """The newest English release of the corpus: the current rules."""
    releases = corpus_releases(root)
    if not releases:
        pytest.fail(f"no Comprehensive Rules file in {(root or corpus_dir()) / 'en'}: set JUDGE_CORPUS_DIR")
    return releases[-1]


@pytest.fixture(autouse=True)
def _default_language_after_each_test() -> object:
    """A request to a /ja/ page leaves Japanese active on the thread (LocaleMiddleware never deactivates);
    reset it so a later test's reverse() or gettext doesn't depend on which test ran before it."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(scope="session")
def real_corpus() -> Path:
    path = corpus_dir()
    if not (path / "en").is_dir():
        pytest.fail(f"real corpus not found at {path}: set JUDGE_CORPUS_DIR")
    return path


@pytest.fixture(scope="session")
def archive_sample() -> Path:
    """Ten official CR files of 2009-2023 in every published shape: ../shared/cr_archive_sample or
    JUDGE_ARCHIVE_DIR."""
    default = Path(__file__).resolve().parent.parent.parent / "shared" / "cr_archive_sample"
    path = Path(os.environ.get("JUDGE_ARCHIVE_DIR", default))
    if not path.is_dir():
        pytest.skip(f"archive sample not found at {path}: set JUDGE_ARCHIVE_DIR to read the older CR files")
    return path


@pytest.fixture()
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture()
def ingested(db, real_corpus, settings, django_db_blocker):  # type: ignore[no-untyped-def]
    """The real corpus ingested into the test database (once; re-ingested if a test flushed it)."""
    from judge.rules.ingest import ingest_corpus
    from judge.rules.judgedocs.ingest import ingest_judge_documents
    from judge.rules.models import Corpus

    corpus = Corpus.objects.filter(is_live=True).first()
    if corpus is None:
        ingest_judge_documents(real_corpus)  # first, as the ingest command does: the index has them
        ingest_corpus(corpus_dir=real_corpus, index_root=settings.JUDGE_INDEX_DIR)
        corpus = Corpus.objects.get(is_live=True)
    return corpus


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, request):  # type: ignore[no-untyped-def]
    """Ingest the real corpus once per session, outside any test transaction, when a corpus test runs."""
    if any(item.get_closest_marker("corpus") for item in request.session.items):
        with django_db_blocker.unblock():
            from django.conf import settings

            from judge.rules.ingest import ingest_corpus
            from judge.rules.judgedocs.ingest import ingest_judge_documents
            from judge.rules.models import Corpus

            if not Corpus.objects.filter(is_live=True).exists():
                ingest_judge_documents(corpus_dir())  # first, as the ingest command does
                ingest_corpus(corpus_dir=corpus_dir(), index_root=settings.JUDGE_INDEX_DIR)
    yield
