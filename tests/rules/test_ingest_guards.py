"""The ingest never makes rules disappear (issue 22, item 5): a release that lost rules or whose references
name no rule is refused, a shortened document warns (fatal when strict), a killed ingest is cleaned up, links
are reported; official typos are notes."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.parsing.records import ParseError
from judge.rules import ingest, models, selectors
from judge.rules.ingest import checks
from tests.rules.cr_files import BASE, write_release
from tests.rules.ingest_helpers import assert_previous_generation_live, live, snapshot

FIXTURES = Path(__file__).parent.parent / "fixtures"

pytestmark = pytest.mark.django_db


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


BIG = (*BASE, *((f"102.{n}", f"Invented rule {n} of the feather duster.") for n in range(3, 43)))


def test_a_new_current_release_that_lost_rules_is_refused_unless_accepted(
    corpus_dir: Path, index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A copy of the current rules with its middle cut out once went live with 930 rules instead of 3,269."""
    write_release(corpus_dir, "20310303", BIG)
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    write_release(corpus_dir, "20320404", BASE)  # 40 rules fewer than 20310303
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    message = str(caught.value)
    assert message.startswith(
        "MagicCompRules 20320404.txt: refused as the current rules, nothing goes live: "
    )
    assert (
        f"{len(BASE)} rules where MagicCompRules 20310303.txt has {len(BIG)} (40 fewer, more than 5%)"
        in message
    )
    assert "--accept-shrink" in message
    assert_previous_generation_live(good, before, index_root)
    with pytest.raises(CommandError) as command:
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    assert "previous corpus is still live" in str(command.value) and "20320404" in str(command.value)

    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, accept_shrink=True)
    out = capsys.readouterr().out
    assert "warning: MagicCompRules 20320404.txt: accepted (--accept-shrink): " in out
    assert live().current_version == "20320404"
    # Live now: the next ingest does not refuse it again.
    assert ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root).unchanged


def test_a_new_current_release_whose_references_name_no_rule_is_refused(
    corpus_dir: Path, index_root: Path
) -> None:
    for path in (corpus_dir / "en").glob("*.txt"):
        path.unlink()
    write_release(corpus_dir, "20300202", BASE)
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    dangling = tuple((f"102.{n}", f"A rule that sends the reader to rule 199.{n}.") for n in range(3, 15))
    write_release(corpus_dir, "20310303", (*BASE, *dangling))
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "12 references name no rule, where MagicCompRules 20300202.txt has 0" in str(caught.value)
    assert_previous_generation_live(good, before, index_root)
    write_release(corpus_dir, "20310303", (*BASE, *dangling[:3]))  # a few: official typos happen
    assert ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root).current_version == "20310303"


def test_a_document_shortened_is_a_warning_and_fatal_when_strict(corpus_dir: Path, index_root: Path) -> None:
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    sections = good.counts["sections dtc"]
    dtc = corpus_dir / "ja" / "004_dtc_sample.txt"
    lines = dtc.read_text(encoding="utf-8").splitlines(keepends=True)
    dtc.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")  # cut at a line boundary
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert str(caught.value).startswith("004_dtc_sample.txt: the document dtc has ")
    assert f"sections, the live generation {sections} (strict" in str(caught.value)
    assert_previous_generation_live(good, before, index_root)

    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)  # shortened: a warning
    shortened = report.counts["sections dtc"]
    assert report.warnings == [
        f"004_dtc_sample.txt: the document dtc has {shortened} sections, the live generation {sections}"
    ]

    dtc.unlink()  # lost: refused (tests/rules/test_ingest_guards_live.py), unless accepted
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, accept_missing_documents=True)
    assert report.warnings == [
        "004_dtc_sample.txt: accepted (--accept-missing-documents): the document dtc disappears "
        f"(the live generation has {shortened} sections)"
    ]


def test_the_next_ingest_removes_what_a_killed_one_left(corpus_dir: Path, index_root: Path) -> None:
    first = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    (corpus_dir / "ja" / "004_dtc_sample.txt").write_text(
        (corpus_dir / "ja" / "004_dtc_sample.txt").read_text(encoding="utf-8") + "\n", encoding="utf-8"
    )
    second = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    # kill -9 mid-way: a generation written but never live, an index folder half built by a process now gone.
    orphan = models.Corpus.objects.create(is_live=False, current_version="20310303", versions=["20310303"])
    dead = 2**22 + 12345  # above the kernel's pid_max default: no such process
    (index_root / f".gen-{orphan.pk}.building-{dead}").mkdir()
    (index_root / f".gen-{orphan.pk}.building-{dead}" / "_MAIN_1.toc").write_text("half", encoding="utf-8")
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert report.unchanged
    assert report.cleaned == [
        f"corpus {orphan.pk} (never live)",
        f"index folder .gen-{orphan.pk}.building-{dead}",
    ]
    assert not models.Corpus.objects.filter(pk=orphan.pk).exists()
    assert not any(p.name.startswith(".gen-") for p in index_root.iterdir())
    # The generation kept as the one before the live one is the one that was live, not a never-live one.
    models.Corpus.objects.create(is_live=False, current_version="x", versions=[])
    ingest._prune_generations()
    assert set(models.Corpus.objects.values_list("pk", flat=True)) == {first.corpus_id, second.corpus_id}
    out = io.StringIO()
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, stdout=out)
    assert "nothing changed" in out.getvalue()


def test_a_live_building_folder_is_left_alone(corpus_dir: Path, index_root: Path) -> None:
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    building = index_root / f".gen-77.building-{os.getppid()}"  # a process that runs
    building.mkdir()
    assert ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root).cleaned == []
    assert building.is_dir()


def test_broken_links_and_link_loops_are_reported_as_skipped(corpus_dir: Path, index_root: Path) -> None:
    (corpus_dir / "ja" / "005_broken.txt").symlink_to(corpus_dir / "ja" / "nowhere.txt")
    (corpus_dir / "en" / "MagicCompRules 20290101.txt").symlink_to(corpus_dir / "en" / "loop.txt")
    (corpus_dir / "en" / "loop.txt").symlink_to(corpus_dir / "en" / "MagicCompRules 20290101.txt")
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    problem = "a symbolic link to nothing readable (missing target or a loop): left out"
    assert sorted(report.skipped) == [
        f"005_broken.txt: {problem}",
        f"MagicCompRules 20290101.txt: {problem}",
        f"loop.txt: {problem}",
    ]
    with pytest.raises(ParseError, match="20290101.txt: a symbolic link to nothing readable"):
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)


GLUED = (
    *BASE,
    ("9", "Casual Variants"),
    ("901", "Planechase"),
    ("901.1", "Planes are invented cards of an invented variant."),
    ("901.2", "Each seat brings its own planar deck."),
    ("901.3", "The planar die has six faces."),
    ("901.4", "All planes are read in the order they were revealed."),
)


def test_the_documented_901_4_typo_is_a_note_that_strict_accepts(corpus_dir: Path, index_root: Path) -> None:
    """901.4 printed without its space ("901.4.All plane ...", releases 2022-11 .. 2025-02) is documented: a
    note. The same slip in any other rule is a warning, which strict refuses."""
    # What strict compares the documents with.
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    path = write_release(corpus_dir, "20320404", GLUED)
    path.write_text(path.read_text(encoding="utf-8").replace("901.4. All", "901.4.All"), encoding="utf-8")
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert report.warnings == []
    assert len(report.notes) == 1 and "no space after rule number 901.4: read as that rule" in report.notes[0]
    path.write_text(path.read_text(encoding="utf-8").replace("901.3. The", "901.3.The"), encoding="utf-8")
    with pytest.raises(ParseError, match="no space after rule number 901.3"):
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)


@pytest.mark.corpus
def test_strict_passes_on_the_shipped_corpus(real_corpus: Path, tmp_path: Path) -> None:
    report = ingest.ingest_corpus(corpus_dir=real_corpus, index_root=tmp_path / "index", strict=True)
    assert report.warnings == [] and report.skipped == []
    assert any("901.4" in note for note in report.notes)


def test_releases_with_official_number_typos_go_in_with_warnings(corpus_dir: Path, index_root: Path) -> None:
    """The shapes of 20090904/20091001 (a subrule number printed twice) and 20100618 (a subrule without its
    rule): each release is read, with a warning naming file and line, never left out (issue 24)."""
    twice = [
        *BASE[:8],
        ("101.3b", "In a Commander game, each seat starts the game with forty life."),
        *BASE[8:],
    ]
    twice[8] = ("101.3b", "In a duel of giants, each team starts the game with thirty life.")
    write_release(corpus_dir, "20290904", twice)
    orphan = [(n, t) if n != "101.4" else ("101.4a", t) for n, t in BASE]
    write_release(corpus_dir, "20290618", orphan)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert {"20290618", "20290904"} <= set(report.versions) and report.skipped == []
    warned = {str(w) for w in report.warnings}
    assert any(w.startswith("MagicCompRules 20290904.txt:") and "read as 101.3c" in w for w in warned), warned
    assert any(
        w.startswith("MagicCompRules 20290618.txt:") and "101.4a without its rule 101.4: rule added" in w
        for w in warned
    ), warned
    corpus = live()
    rules = {r.number: r.text for r in selectors.rules_of(corpus, "20290904")}
    assert rules["101.3c"].startswith("In a Commander game") and rules["101.3b"].startswith(
        "In a duel of giants"
    )
    assert selectors.rules_of(corpus, "20290618").get(number="101.4").text == ""


def test_the_documented_505_5a_omission_is_a_note_that_strict_accepts(
    corpus_dir: Path, index_root: Path
) -> None:
    """MagicCompRules 20100618 prints 505.5a without 505.5 (issue 32, item 6): an official omission, read
    with a note, so that a strict ingest keeps the release in the history. The same slip elsewhere is a
    warning."""
    main_phase = (
        ("5", "Turn Structure"),
        ("505", "Main Phase"),
        *((f"505.{n}", f"Invented main phase rule {n}.") for n in range(1, 5)),
        ("505.5a", "The detail of a rule the release forgot to print."),
        ("505.6", "Invented main phase rule 6."),
    )
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)  # what strict compares with
    write_release(corpus_dir, "20290618", (*BASE, *main_phase))
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert "20290618" in report.versions and report.warnings == [] and report.skipped == []
    assert any(
        n.startswith("MagicCompRules 20290618.txt:")
        and n.endswith("subrule 505.5a without its rule 505.5: rule added")
        for n in report.notes
    ), report.notes
    rules = selectors.rules_of(live(), "20290618")
    assert rules.get(number="505.5").text == "" and rules.get(number="505.5a").parent == "505.5"

    orphan = [(n, t) if n != "101.4" else ("101.4a", t) for n, t in BASE]
    write_release(corpus_dir, "20290619", (*orphan, *main_phase))
    with pytest.raises(ParseError) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert "subrule 101.4a without its rule 101.4: rule added (strict" in str(caught.value)


def test_the_documented_505_54_stray_digit_is_a_note_that_strict_accepts(
    corpus_dir: Path, index_root: Path
) -> None:
    """MagicCompRules 20100618 prints rule 505.5 as "505.54." just before 505.5a (issue 41, item 8): read as
    505.5 with a note, so a strict ingest keeps the last archive release in the history."""
    main_phase = (
        ("5", "Turn Structure"),
        ("505", "Main Phase"),
        *((f"505.{n}", f"Invented main phase rule {n}.") for n in range(1, 5)),
        ("505.54", "Invented main phase rule 5, its number printed with a stray digit."),
        ("505.5a", "The detail of rule 5."),
        ("505.6", "Invented main phase rule 6."),
    )
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)  # what strict compares with
    write_release(corpus_dir, "20290618", (*BASE, *main_phase))
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert "20290618" in report.versions and report.warnings == [] and report.skipped == []
    assert any(n.endswith("stray digit in rule number 505.5: read as that rule") for n in report.notes)
    rules = selectors.rules_of(live(), "20290618")
    assert rules.get(number="505.5").text.startswith("Invented main phase rule 5")
    assert rules.get(number="505.5a").parent == "505.5" and not rules.filter(number="505.54").exists()
