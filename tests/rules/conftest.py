"""The search page tests use the search package's sample index; the ingest and document-page tests a small
corpus of the project's own fixtures (tests/fixtures)."""

import shutil
from pathlib import Path

import pytest

from tests.search.conftest import sample_docs, sample_root, sample_terms  # noqa: F401  (fixtures)

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.fixture(autouse=True)
def _database(db: None, request: pytest.FixtureRequest) -> None:
    """The search views also look the query up in the card data (a card above the rule hits).

    A test not marked ``corpus`` ingests its own small corpus as on a fresh machine: the real corpus that the
    session ingests for the corpus tests is taken off live for it (inside the test's transaction, so only
    for it). An ingest compares what it reads with the live generation, and would refuse a corpus without
    the real one's Japanese documents or with other bytes under a release's name."""
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or (
        marker is not None and marker.kwargs.get("transaction")
    )
    if request.node.get_closest_marker("corpus") is None and not transactional:
        from judge.rules.models import Corpus

        Corpus.objects.filter(is_live=True).update(is_live=False)


@pytest.fixture()
def corpus_dir(tmp_path: Path) -> Path:
    """Two English releases (a renumbering between them) and the Japanese documents, in a corpus folder."""
    root = tmp_path / "corpus"
    (root / "en").mkdir(parents=True)
    (root / "ja").mkdir()
    shutil.copy(FIXTURES / "cr" / "renumber_old.txt", root / "en" / "MagicCompRules 20300202.txt")
    shutil.copy(FIXTURES / "cr" / "renumber_new.txt", root / "en" / "MagicCompRules 20310303.txt")
    for path in sorted((FIXTURES / "ja").glob("*.txt")):
        shutil.copy(path, root / "ja" / path.name)
    return root
