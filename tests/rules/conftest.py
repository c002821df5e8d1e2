"""The search page tests use the search package's sample index."""

from tests.search.conftest import sample_docs, sample_root, sample_terms  # noqa: F401  (fixtures)
