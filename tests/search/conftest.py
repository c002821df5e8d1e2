from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.search.documents import SearchDoc, documents_from_records
from judge.search.index import activate, build_index
from tests.search import sample


@pytest.fixture(scope="session")
def sample_docs() -> list[SearchDoc]:
    return documents_from_records(sample.rules_documents(), sample.ja_documents())


@pytest.fixture(scope="session")
def sample_root(tmp_path_factory: pytest.TempPathFactory, sample_docs: list[SearchDoc]) -> Path:
    root = tmp_path_factory.mktemp("sample-index")
    build_index(root, sample_docs, name="gen-1")
    activate(root, "gen-1")
    return root


_RULE = re.compile(r"^(?:(?:cr|rule)\s*)?(\d{3}(?:\.\d{1,3}[a-z]?)?)\.?$", re.IGNORECASE)


def stub_normalize_rule_query(q: str) -> str | None:
    """Stand-in for judge.parsing.references.normalize_rule_query while that module is being written."""
    import unicodedata

    m = _RULE.match(unicodedata.normalize("NFKC", q).strip())
    return m.group(1) if m else None


@pytest.fixture()
def rule_jumps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the real normalize_rule_query when it exists, else the stub above."""
    try:
        from judge.parsing.references import normalize_rule_query  # noqa: F401
    except ImportError:
        monkeypatch.setattr("judge.search.service._normalize_rule_query", stub_normalize_rule_query)


@pytest.fixture(scope="session")
def corpus_index(tmp_path_factory: pytest.TempPathFactory, real_corpus: Path) -> Path:
    """The whoosh index of the real corpus, built once per session (parsed with the real parsers)."""
    from judge.parsing.corpus import parse_corpus_dir

    parsed = parse_corpus_dir(real_corpus)
    root = tmp_path_factory.mktemp("corpus-index")
    build_index(root, documents_from_records(parsed.rules_documents, parsed.ja_documents), name="gen-1")
    activate(root, "gen-1")
    return root
