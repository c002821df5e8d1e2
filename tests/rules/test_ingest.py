"""The ingest (judge.rules.ingest.ingest_corpus): incremental, atomic; a bad old file is left out, a bad
newest
one stops it.

Runs on a small corpus assembled from the project's own fixtures (tests/fixtures) and files written by
tests/rules/cr_files.py, with its own index directory, so it never touches the session's real-corpus index.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.parsing import corpus as corpus_module
from judge.parsing.records import ParseError
from judge.rules import history, ingest, models, rule_pages, selectors
from judge.rules.ingest import writing
from judge.search.build import build_index
from judge.search.documents import documents_from_records
from judge.search.index import activate, live_name, open_live
from judge.search.service import search
from tests.rules.cr_files import BASE, edited, write_release
from tests.rules.ingest_helpers import assert_previous_generation_live, live, snapshot
from tests.search import sample

FIXTURES = Path(__file__).parent.parent / "fixtures"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


@pytest.fixture()
def parsed_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The CR files the parser reads, in order: what an incremental ingest must not read again."""
    seen: list[str] = []
    parse = corpus_module.parse_comprehensive_rules

    def counting(text: str, *, source: str):  # type: ignore[no-untyped-def]
        seen.append(source)
        return parse(text, source=source)

    monkeypatch.setattr(corpus_module, "parse_comprehensive_rules", counting)
    return seen


def test_a_first_ingest_writes_every_release_and_goes_live(corpus_dir: Path, index_root: Path) -> None:
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    counts = snapshot()
    assert counts["rules"] == 15 + 18 and counts["sections"] > 0 and counts["renumbered"] > 0
    assert (
        report.parsed == ["MagicCompRules 20300202.txt", "MagicCompRules 20310303.txt"]
        and report.reused == []
    )
    assert live().pk == report.corpus_id and live_name(index_root) == f"gen-{report.corpus_id}"
    assert set(report.seconds) == {"releases", "documents", "lineage", "generation", "index", "switch"}


def test_an_unchanged_corpus_is_nothing_to_do(
    corpus_dir: Path, index_root: Path, parsed_files: list[str]
) -> None:
    first = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    parsed_files.clear()
    second = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert second.unchanged and second.corpus_id == first.corpus_id == live().pk
    assert parsed_files == [] and second.parsed == []
    assert (
        second.reused == first.parsed
        and second.counts == first.counts
        and second.unresolved == first.unresolved
    )


def test_a_new_release_on_top_reads_and_writes_only_that_file(
    corpus_dir: Path, index_root: Path, parsed_files: list[str]
) -> None:
    first = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    old_rows = {r.file_name: r.pk for r in live().releases.all()}
    steps = set(models.ReleaseStep.objects.filter(older__in=old_rows.values()).values_list("pk", flat=True))
    parsed_files.clear()
    write_release(corpus_dir, "20320404", edited(BASE, {"101.2": "Decide who goes first by rolling a die."}))

    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert parsed_files == ["MagicCompRules 20320404.txt"] and report.parsed == parsed_files
    assert report.reused == ["MagicCompRules 20300202.txt", "MagicCompRules 20310303.txt"]
    # The new generation lists the very rows the first one wrote; one new step, to the new release.
    corpus = live()
    assert corpus.pk == report.corpus_id != first.corpus_id and corpus.current_version == "20320404"
    assert {r.file_name: r.pk for r in corpus.releases.all() if r.file_name in old_rows} == old_rows
    now = models.ReleaseStep.objects.filter(newer__generations=corpus).values_list("pk", "newer__version")
    assert {pk for pk, _ in now} - steps == {pk for pk, version in now if version == "20320404"} and len(
        now
    ) == 2
    assert report.counts["rules 20320404"] == len(BASE) and report.previous_version == "20310303"
    # Only the current release and the Japanese texts are in the search index.
    assert open_live(index_root).versions == ["20320404"]


def test_a_changed_file_is_read_again_and_its_old_rows_go_with_the_generations_that_used_them(
    corpus_dir: Path, index_root: Path, parsed_files: list[str]
) -> None:
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    newest = corpus_dir / "en" / "MagicCompRules 20310303.txt"
    original = models.Release.objects.get(file_name=newest.name).pk
    parsed_files.clear()
    newest.write_bytes(newest.read_bytes().replace(b"shuffle it away", b"mulligan it away"))
    second = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert parsed_files == [newest.name] and second.reused == ["MagicCompRules 20300202.txt"]
    assert models.Release.objects.filter(pk=original).exists()  # the previous generation still lists it
    write_release(corpus_dir, "20320404")
    third = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    kept = set(models.Corpus.objects.values_list("pk", flat=True))
    assert kept == {second.corpus_id, third.corpus_id}
    assert not models.Release.objects.filter(pk=original).exists()
    assert models.Release.objects.filter(generations__isnull=True).count() == 0


def test_new_parsing_code_reads_every_file_again(
    corpus_dir: Path, index_root: Path, parsed_files: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    parsed_files.clear()
    monkeypatch.setattr(writing, "parser_fingerprint", lambda: "0" * 64)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert not report.unchanged and len(parsed_files) == 2 and report.reused == []


def test_the_fingerprint_covers_the_parsing_package_and_every_module_of_the_ingest() -> None:
    """A release row stores what parsing and the ingest made of a file: changing any of that code re-reads
    it."""
    covered = {
        path for root in writing.FINGERPRINTED for path in (root.rglob("*.py") if root.is_dir() else [root])
    }
    package = Path(ingest.__file__).resolve().parent
    assert set(package.glob("*.py")) | set((package.parent.parent / "parsing").glob("*.py")) <= covered


def test_a_release_read_back_from_its_rows_is_what_parsing_gave(corpus_dir: Path, index_root: Path) -> None:
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    path = corpus_dir / "en" / "MagicCompRules 20310303.txt"
    parsed = corpus_module.parse_file(path)
    assert selectors.release_document(models.Release.objects.get(file_name=path.name)) == parsed


def test_ingest_reports_unresolved_references(corpus_dir: Path, index_root: Path) -> None:
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert set(report.versions) == {"20300202", "20310303"}
    # Every Japanese document is checked too, under its slug.
    assert {"commander-rules", "cr-excerpt-ja", "dtc"} <= set(report.unresolved)
    assert report.unresolved_total == sum(len(v) for v in report.unresolved.values())
    for items in report.unresolved.values():
        assert all(" -> " in item for item in items)


BAD_OLD_FILES = [
    ("ja/999_unknown.txt", "どのパーサーも知らない形式のファイルです。\n", "999_unknown.txt:1: unknown file"),
    ("ja/notes.md", "# not a corpus file\n", "notes.md: unknown file"),
    (
        "en/MagicCompRules 20290101.txt",
        "Magic: The Gathering Comprehensive Rules\n",
        "20290101.txt:2: no numbered",
    ),
    ("ja/998_binary.txt", b"\xff\xfe\x00garbag", "998_binary.txt:1: not UTF-16-LE text"),
]


def _live_then_written(
    corpus_dir: Path, index_root: Path, path: str, content: str | bytes
) -> tuple[ingest.IngestReport, dict[str, int]]:
    """A generation live and its rows counted, then ``content`` written at ``path`` in the corpus."""
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    target = corpus_dir / path
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")
    return good, before


@pytest.mark.parametrize(("path", "content", "where"), BAD_OLD_FILES)
def test_a_bad_old_file_is_left_out_and_named_and_the_rest_goes_live(
    corpus_dir: Path, index_root: Path, path: str, content: str | bytes, where: str
) -> None:
    good, before = _live_then_written(corpus_dir, index_root, path, content)

    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert len(report.skipped) == 1 and where in report.skipped[0]
    assert live().pk == report.corpus_id != good.corpus_id
    assert snapshot() == before and report.versions == good.versions
    assert live().summary["skipped"][0]["file"] == Path(path).name
    assert live_name(index_root) == f"gen-{report.corpus_id}"


@pytest.mark.parametrize(("path", "content", "where"), BAD_OLD_FILES)
def test_strict_refuses_a_bad_old_file_and_the_previous_data_keep_serving(
    corpus_dir: Path, index_root: Path, path: str, content: str | bytes, where: str
) -> None:
    good, before = _live_then_written(corpus_dir, index_root, path, content)
    with pytest.raises(ParseError) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert where in str(caught.value) and "strict" in str(caught.value)
    assert_previous_generation_live(good, before, index_root)


def test_a_broken_newest_release_never_goes_live(corpus_dir: Path, index_root: Path) -> None:
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    (corpus_dir / "en" / "MagicCompRules 20320404.txt").write_text(
        "\ufeffMagic: The Gathering Comprehensive Rules\n", encoding="utf-8"
    )
    with pytest.raises(ParseError) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    message = str(caught.value)
    assert "MagicCompRules 20320404.txt:2: the newest Comprehensive Rules file does not parse" in message
    assert_previous_generation_live(good, before, index_root)


def test_a_pre_2009_release_goes_live_with_its_own_numbers_never_renumbered(
    corpus_dir: Path, index_root: Path
) -> None:
    shutil.copy(FIXTURES / "cr" / "pre2009_rules.txt", corpus_dir / "en" / "MagicCompRules 20090201.txt")
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert report.versions[0] == "20090201" and report.skipped == []
    corpus = live()
    assert selectors.rules_of(corpus, "20090201").get(number="502.2").text == "Flying"
    assert selectors.lineage(corpus).versions == ["20300202", "20310303"]
    assert (
        "20090201" not in selectors.renumbering_maps(corpus)
        and selectors.renumbering_maps(corpus)["20300202"]
    )
    # Its 100.1 is another rule than today's 100.1: not in that rule's history, and no changes page between
    # them.
    found = history.rule_history(number="100.1")
    assert found is not None and [h.version for h in found.entries] == ["20300202", "20310303"]
    old = rule_pages.rule_page(number="100.1", version="20090201")
    assert old is not None and not old.comparable and old.successor is None
    assert history.version_changes(old="20090201", new="20310303") is None
    assert history.version_changes(old="20300202", new="20310303") is not None


@pytest.mark.parametrize(
    ("stage", "failure"), [("_build_index", "disk full"), ("_activate_index", "pointer not writable")]
)
def test_a_failing_index_build_or_switch_leaves_data_and_index_on_the_previous_generation(
    corpus_dir: Path, index_root: Path, monkeypatch: pytest.MonkeyPatch, stage: str, failure: str
) -> None:
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(failure)

    monkeypatch.setattr(ingest, stage, broken)
    write_release(corpus_dir, "20320404")
    with pytest.raises(OSError, match=failure):
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert_previous_generation_live(good, before, index_root)  # the unfinished one is gone


def test_the_command_prints_skipped_files_and_warnings_and_strict_fails(
    corpus_dir: Path, index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    out = capsys.readouterr().out
    assert "unresolved references:" in out and "is live" in out and "skipped:" not in out
    assert "reading the corpus files (7)\n" in out  # plain lines, not a bar: the output is not a terminal
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    assert "nothing changed" in capsys.readouterr().out
    (corpus_dir / "ja" / "999_unknown.txt").write_text("正体不明\n", encoding="utf-8")
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)  # exit status 0
    out = capsys.readouterr().out
    assert "skipped: 999_unknown.txt:1: unknown file" in out and "is live" in out
    with pytest.raises(CommandError) as caught:
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, strict=True)
    message = str(caught.value)
    assert "999_unknown.txt:1" in message and "previous corpus is still live" in message


def test_a_new_generation_is_served_at_once_even_after_pages_were_cached(
    client, corpus_dir: Path, index_root: Path
) -> None:
    """Rule pages are kept per process and generation (rule_pages.rule_page): a re-ingest must still show."""
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "shuffle it away" in client.get("/api/rules/101.6").json()["text"]
    new = corpus_dir / "en" / "MagicCompRules 20310303.txt"
    new.write_bytes(new.read_bytes().replace(b"shuffle it away", b"mulligan it away"))
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "mulligan it away" in client.get("/api/rules/101.6").json()["text"]
    assert "mulligan it away" in client.get("/en/rules/101.6/").content.decode()


def test_ingest_builds_beside_a_live_index_of_the_same_name(corpus_dir: Path, index_root: Path) -> None:
    """Corpus ids start over when the corpus tables are rebuilt (a migration, a fresh database) while
    the index directory keeps the old generations: the old live index keeps serving until the flip."""
    first = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    taken = f"gen-{first.corpus_id + 1}"  # the name the next generation would take
    build_index(
        index_root, documents_from_records(sample.rules_documents(), sample.ja_documents()), name=taken
    )
    activate(index_root, taken)
    second = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert second.corpus_id == first.corpus_id + 1 and live().pk == second.corpus_id
    assert live_name(index_root) != taken and live_name(index_root).startswith(f"{taken}-")
    assert search("commander", root=index_root, lang="all", limit=1).total
