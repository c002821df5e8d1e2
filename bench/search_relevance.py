"""bench/search.py's relevance count alone (whoosh: the expected answer in the top 5), for one checkout, with
the table questions of issue 40 beside it. Builds its own index of the corpus; no timing.

    .venv/bin/python bench/search_relevance.py [checkout] [corpus_dir]

``checkout`` (default: this one) is the code measured: a `git archive` of an older commit compares before and
after with the same query sets (read from this checkout's tests/search/).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CHECKOUT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else HERE
CORPUS = Path(sys.argv[2]) if len(sys.argv) > 2 else HERE.parent / "shared" / "rules_data"
sys.path.insert(0, str(CHECKOUT))
os.chdir(CHECKOUT)

from judge.parsing.corpus import parse_corpus_dir  # noqa: E402
from judge.parsing.linking import link_corpus  # noqa: E402
from judge.search.build import build_index  # noqa: E402
from judge.search.documents import documents_from_records  # noqa: E402
from judge.search.index import activate  # noqa: E402
from judge.search.service import search  # noqa: E402

sys.path.insert(0, str(HERE))
from tests.search import test_relevance as relevance  # noqa: E402

SETS = {
    "relevance.tsv (en) + relevance_ja.tsv (ja)": [
        (q, e, "en") for q, e, _ in relevance.rows(HERE / "tests" / "search" / "relevance.tsv")
    ]
    + [(q, e, "ja") for q, e, _ in relevance.rows(HERE / "tests" / "search" / "relevance_ja.tsv")],
    "table_questions_ja.tsv (ja)": [
        (q, e, "ja") for q, e, _ in relevance.rows(HERE / "tests" / "search" / "table_questions_ja.tsv")
    ],
}


def main() -> None:
    parsed = parse_corpus_dir(CORPUS)
    linked = link_corpus(parsed)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build_index(root, documents_from_records(parsed.rules_documents, linked.documents), name="gen-1")
        activate(root, "gen-1")
        for name, rows in SETS.items():
            missed = []
            for q, expected, ui in rows:
                result = search(q, root=root, limit=5, ui_lang=ui)
                found = any(
                    relevance.is_expected(h.rule, h.doc, h.anchor, e) for h in result.hits for e in expected
                ) or (
                    result.jump is not None
                    and any(relevance.is_expected(result.jump, "cr", "", e) for e in expected)
                )
                if not found:
                    missed.append(q)
            print(f"{name}: {len(rows) - len(missed)}/{len(rows)}; missed: {missed}")


if __name__ == "__main__":
    main()
