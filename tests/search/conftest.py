from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.build import build_index
from judge.search.documents import JudgeSectionText, SearchDoc, documents_from_records, judge_documents
from judge.search.index import activate
from judge.search.terms import TermTable, parse_terms
from tests.search import sample


def judge_sections(corpus: Path) -> list[JudgeSectionText]:
    """The sections of the judge's documents in the corpus (``judge/*.pdf``), read without the database."""
    from judge.rules.judgedocs.editions import japanese_words
    from judge.rules.judgedocs.extract import read_judge_document
    from judge.rules.judgedocs.ingest import judge_files

    out = []
    for path in judge_files(corpus):
        document = read_judge_document(path)
        out += [
            JudgeSectionText(
                kind=document.kind,
                key=s.key,
                number=s.number if s.number[:1].isdigit() else "",
                title=s.title,
                text=s.text,
                ja_words=japanese_words(document.kind, s.key),
            )
            for s in document.sections
        ]
    return out


@pytest.fixture(scope="session")
def sample_docs() -> list[SearchDoc]:
    return documents_from_records(sample.rules_documents(), sample.ja_documents())


@pytest.fixture(scope="session")
def sample_terms() -> TermTable:
    """The small term table of tests/search/sample.py (with variants: 色の固有性 for 固有色)."""
    return TermTable(parse_terms(sample.TERMS))


@pytest.fixture(scope="session")
def sample_root(tmp_path_factory: pytest.TempPathFactory, sample_docs: list[SearchDoc]) -> Path:
    root = tmp_path_factory.mktemp("sample-index")
    build_index(root, sample_docs, name="gen-1")
    activate(root, "gen-1")
    return root


@pytest.fixture(scope="session")
def corpus_index(tmp_path_factory: pytest.TempPathFactory, real_corpus: Path) -> Path:
    """The whoosh index of the real corpus, built once per session (parsed with the real parsers, the
    Japanese documents aligned with the current rules as the ingest aligns them)."""
    from judge.parsing.corpus import parse_corpus_dir
    from judge.parsing.linking import link_corpus

    parsed = parse_corpus_dir(real_corpus)
    linked = link_corpus(parsed)
    root = tmp_path_factory.mktemp("corpus-index")
    docs = documents_from_records(parsed.rules_documents, linked.documents)
    # The judge's documents beside the rules, as the ingest indexes them (judge.rules.judgedocs).
    docs += judge_documents(judge_sections(real_corpus), version=parsed.current.version)
    build_index(root, docs, name="gen-1")
    activate(root, "gen-1")
    return root
