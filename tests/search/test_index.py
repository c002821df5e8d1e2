from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query as wq

from judge.search.build import build_index
from judge.search.documents import SearchDoc
from judge.search.evaluate import Evaluator
from judge.search.index import POINTER, IndexNotReady, activate, live_name, open_live


def doc(key: str, body: str, version: str = "20260116") -> SearchDoc:
    return SearchDoc(
        key=key, rule=key, lang="en", source="cr.txt", doc="cr", version=version, title=key, body=body
    )


def test_build_activate_switch_and_prune(tmp_path: Path) -> None:
    with pytest.raises(IndexNotReady):
        open_live(tmp_path)
    build_index(tmp_path, [doc("100.1", "alpha")], name="gen-1")
    assert live_name(tmp_path) is None  # building never makes an index live
    activate(tmp_path, "gen-1")
    first = open_live(tmp_path)
    assert first.name == "gen-1"
    assert open_live(tmp_path) is first  # cached while the pointer is unchanged
    assert first.current_version == "20260116"

    build_index(tmp_path, [doc("100.1", "beta"), doc("100.2", "gamma", "20270101")], name="gen-2")
    assert open_live(tmp_path).name == "gen-1"
    activate(tmp_path, "gen-2")
    second = open_live(tmp_path)
    assert second.name == "gen-2" and second.versions == ["20260116", "20270101"]
    assert second.searcher().doc_count() == 2

    build_index(tmp_path, [doc("100.1", "delta")], name="gen-3")
    activate(tmp_path, "gen-3")
    names = sorted(p.name for p in tmp_path.iterdir() if p.is_dir())
    assert names == ["gen-2", "gen-3"]  # the live one and the previous one
    assert (tmp_path / POINTER).read_text() == "gen-3"


def test_the_live_index_is_never_rebuilt_in_place(tmp_path: Path) -> None:
    build_index(tmp_path, [doc("100.1", "alpha")], name="gen-1")
    activate(tmp_path, "gen-1")
    with pytest.raises(ValueError, match="live"):
        build_index(tmp_path, [doc("100.1", "beta")], name="gen-1")


@pytest.mark.parametrize("name", ["../evil", "LIVE", "", "a/b"])
def test_bad_names(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError):
        build_index(tmp_path, [], name=name)


def test_activate_refuses_an_incomplete_index(tmp_path: Path) -> None:
    (tmp_path / "gen-9").mkdir()
    with pytest.raises(ValueError, match="no complete index"):
        activate(tmp_path, "gen-9")


def test_a_failed_build_leaves_nothing_behind(tmp_path: Path) -> None:
    class Boom(Exception):
        pass

    def docs():  # type: ignore[no-untyped-def]
        yield doc("100.1", "alpha")
        raise Boom

    with pytest.raises(Boom):
        build_index(tmp_path, docs(), name="gen-1")
    assert list(tmp_path.iterdir()) == []


def test_an_index_of_an_older_format_asks_for_a_new_ingest(tmp_path: Path) -> None:
    import json

    build_index(tmp_path, [doc("100.1", "alpha")], name="gen-1")
    meta = tmp_path / "gen-1" / "meta.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "format": 1}))
    activate(tmp_path, "gen-1")
    with pytest.raises(IndexNotReady, match="ingest"):
        open_live(tmp_path)


def ja_doc(key: str, body: str) -> SearchDoc:
    return SearchDoc(
        key=key,
        rule=None,
        lang="ja",
        source="ja.txt",
        doc="notes",
        version="",
        title=key,
        body=body,
        anchor=key,
    )


def test_a_fields_statistics_are_those_of_its_own_documents(tmp_path: Path) -> None:
    """A Japanese word scores the same in a Japanese section however many English rules the index
    holds (whoosh's own BM25 averaged every field over every document: with many English rules a
    Japanese section looked long and its words scored next to nothing)."""
    japanese = [ja_doc("a", "統率者は統率領域にいる。"), ja_doc("b", "次元ダイスを振る。統率者ではない。")]

    def score(name: str, english: int) -> float:
        rules = [
            doc(f"100.{i}", "the commander and the command zone of every player " * (1 + i % 3))
            for i in range(english)
        ]
        build_index(tmp_path, [*japanese, *rules], name=name)
        activate(tmp_path, name)
        live = open_live(tmp_path)
        assert live.meta["field_docs"]["ja"] == 2 and live.meta["field_docs"].get("en_20260116", 0) == english
        return Evaluator(live.searcher(), live.postings).scores(wq.Term("ja", "統率"))[0]

    assert score("gen-1", 0) == pytest.approx(score("gen-2", 300))


def test_the_index_records_which_rules_each_rule_cites(tmp_path: Path) -> None:
    build_index(
        tmp_path,
        [doc("901.10", "All leave the game. (See rule 800.4a.)"), doc("800.4a", "Leave.")],
        name="gen-1",
    )
    activate(tmp_path, "gen-1")
    assert open_live(tmp_path).meta["cites"] == {"rule:901.10": ["800.4a"]}
