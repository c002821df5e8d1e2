"""The search page tests use the search package's sample index."""

from tests.search.conftest import rule_jumps, sample_docs, sample_root  # noqa: F401  (fixtures)
