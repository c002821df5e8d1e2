from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.documents import SearchDoc
from judge.search.index import POINTER, IndexNotReady, activate, build_index, live_name, open_live


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
