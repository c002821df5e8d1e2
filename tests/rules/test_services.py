"""The ingest (judge.rules.services.ingest_corpus): idempotent, atomic, and a bad file never takes the site down.

Runs on a small corpus assembled from the project's own fixtures (tests/fixtures), with
its own index directory, so it never touches the session's real-corpus index.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.parsing.records import ParseError
from judge.rules import models, services
from judge.search.documents import documents_from_records
from judge.search.index import activate, build_index, live_name
from judge.search.service import search
from tests.search import sample

FIXTURES = Path(__file__).parent.parent / "fixtures"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def corpus_dir(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "en").mkdir(parents=True)
    (root / "ja").mkdir()
    shutil.copy(FIXTURES / "cr" / "renumber_old.txt", root / "en" / "MagicCompRules 20300202.txt")
    shutil.copy(FIXTURES / "cr" / "renumber_new.txt", root / "en" / "MagicCompRules 20310303.txt")
    for path in sorted((FIXTURES / "ja").glob("*.txt")):
        shutil.copy(path, root / "ja" / path.name)
    return root


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


def live() -> models.Corpus:
    return models.Corpus.objects.get(is_live=True)


def snapshot() -> dict[str, int]:
    corpus = live()
    return {
        "rules": models.Rule.objects.filter(corpus=corpus).count(),
        "glossary": models.GlossaryTerm.objects.filter(corpus=corpus).count(),
        "sections": models.DocSection.objects.filter(corpus=corpus).count(),
        "citations": models.Citation.objects.filter(corpus=corpus).count(),
        "renumbered": models.Renumbering.objects.filter(corpus=corpus).count(),
    }


def test_ingest_is_idempotent(corpus_dir: Path, index_root: Path) -> None:
    first = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    assert before["rules"] == 15 + 18 and before["sections"] > 0 and before["renumbered"] > 0
    second = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert second.corpus_id != first.corpus_id and live().pk == second.corpus_id
    assert snapshot() == before  # same data, new generation
    assert second.counts == first.counts and second.unresolved == first.unresolved
    assert live_name(index_root) == f"gen-{second.corpus_id}"
    # The previous generation stays for requests still reading it; older ones go.
    third = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    kept = set(models.Corpus.objects.values_list("pk", flat=True))
    assert {second.corpus_id, third.corpus_id} <= kept and first.corpus_id not in kept


def test_ingest_reports_unresolved_references(corpus_dir: Path, index_root: Path) -> None:
    report = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert set(report.versions) == {"20300202", "20310303"}
    # Every Japanese document is checked too, under its slug.
    assert {"commander-rules", "cr-excerpt-ja", "dtc"} <= set(report.unresolved)
    assert report.unresolved_total == sum(len(v) for v in report.unresolved.values())
    for items in report.unresolved.values():
        assert all(" -> " in item for item in items)


@pytest.mark.parametrize(
    ("path", "content", "where"),
    [
        ("ja/999_unknown.txt", "これはどのパーサーも知らない形式のファイルです。\n", "999_unknown.txt:1"),
        ("ja/notes.md", "# not a corpus file\n", "notes.md"),
        ("en/MagicCompRules 20320404.txt", "\ufeffMagic: The Gathering Comprehensive Rules\n", "MagicCompRules 20320404.txt"),
        ("ja/998_binary.txt", b"\xff\xfe\x00garbage", "998_binary.txt:1"),
    ],
)
def test_a_bad_file_names_itself_and_the_previous_data_keep_serving(
    corpus_dir: Path, index_root: Path, path: str, content: str | bytes, where: str
) -> None:
    good = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    generations = models.Corpus.objects.count()
    target = corpus_dir / path
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")

    with pytest.raises(ParseError) as caught:
        services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert where in str(caught.value)

    # Nothing half-written: the same generation is live, with the same rows and the same index.
    assert live().pk == good.corpus_id and snapshot() == before
    assert models.Corpus.objects.count() == generations
    assert live_name(index_root) == f"gen-{good.corpus_id}"
    assert search("commander", root=index_root).total > 0


def test_a_failing_index_build_leaves_the_previous_generation_live(
    corpus_dir: Path, index_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(services, "_build_index", broken)
    with pytest.raises(OSError, match="disk full"):
        services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert live().pk == good.corpus_id and snapshot() == before
    assert not models.Corpus.objects.filter(pk__gt=good.corpus_id).exists()  # the unfinished one is gone
    assert live_name(index_root) == f"gen-{good.corpus_id}"


def test_a_failing_index_switch_leaves_data_and_index_on_the_previous_generation(
    corpus_dir: Path, index_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("pointer not writable")

    monkeypatch.setattr(services, "_activate_index", broken)
    with pytest.raises(OSError, match="pointer not writable"):
        services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert live().pk == good.corpus_id and snapshot() == before
    assert not models.Corpus.objects.filter(pk__gt=good.corpus_id).exists()
    assert live_name(index_root) == f"gen-{good.corpus_id}"


def test_the_command_says_which_file_and_that_the_old_data_are_live(
    corpus_dir: Path, index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    out = capsys.readouterr().out
    assert "unresolved references:" in out and "is live" in out
    (corpus_dir / "ja" / "999_unknown.txt").write_text("正体不明\n", encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    message = str(caught.value)
    assert "999_unknown.txt:1" in message and "previous corpus is still live" in message


def test_a_new_generation_is_served_at_once_even_after_pages_were_cached(
    client, corpus_dir: Path, index_root: Path
) -> None:
    """Rule pages are kept per process and generation (selectors.rule_page): a re-ingest must still show."""
    services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "shuffle it away" in client.get("/api/rules/101.6").json()["text"]
    new = corpus_dir / "en" / "MagicCompRules 20310303.txt"
    new.write_bytes(new.read_bytes().replace(b"shuffle it away", b"mulligan it away"))
    services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "mulligan it away" in client.get("/api/rules/101.6").json()["text"]
    assert "mulligan it away" in client.get("/en/rules/101.6/").content.decode()



def test_ingest_builds_beside_a_live_index_of_the_same_name(corpus_dir: Path, index_root: Path) -> None:
    """Corpus ids start over when the corpus tables are rebuilt (a migration, a fresh database) while
    the index directory keeps the old generations: the old live index keeps serving until the flip."""
    first = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    taken = f"gen-{first.corpus_id + 1}"  # the name the next generation would take
    build_index(index_root, documents_from_records(sample.rules_documents(), sample.ja_documents()), name=taken)
    activate(index_root, taken)
    second = services.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert second.corpus_id == first.corpus_id + 1 and live().pk == second.corpus_id
    assert live_name(index_root) != taken and live_name(index_root).startswith(f"{taken}-")
    assert search("commander", root=index_root, lang="all", limit=1).total
