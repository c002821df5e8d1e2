"""The search page tests use the search package's sample index."""

import pytest

from tests.search.conftest import sample_docs, sample_root, sample_terms  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def _database(db: None) -> None:
    """The search views also look the query up in the card data (a card above the rule hits)."""
