"""The shrink guard covers every kind of record a release serves and every place a release falls in the
history (issue 43, items 5 and 6): a release cut inside its glossary (every rule, half the glossary, no
Credits) and a release missing chapters 5-9 dated between two live releases (or before them) are refused,
under ``--strict`` and without; ``--accept-shrink`` lets a deliberate change through."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules import ingest, models
from judge.rules.ingest import checks
from tests.rules.cr_files import cr_text
from tests.rules.ingest_helpers import assert_previous_generation_live, live, snapshot

pytestmark = pytest.mark.django_db

CHAPTER_NAMES = ("Basics", "Cards", "Types", "Zones", "Turns", "Spells", "Abilities", "Rules", "Variants")
#: Nine invented chapters of one section each, six rules a section, each rule after the first citing the one
#: before it.
CHAPTERS: tuple[tuple[str, str], ...] = tuple(
    rule
    for chapter, name in enumerate(CHAPTER_NAMES, start=1)
    for rule in (
        (str(chapter), name),
        (f"{chapter}00", f"Invented {name}"),
        *(
            (
                f"{chapter}00.{n}",
                f"Invented rule {n} of {name.lower()}."
                + (f" See rule {chapter}00.{n - 1}." if n > 1 else ""),
            )
            for n in range(1, 7)
        ),
    )
)
GLOSSARY = tuple(
    (f"Invented Term {n}", f"What invented term {n} means. See rule 100.1.") for n in range(1, 41)
)
WITHOUT_5_TO_9 = tuple(rule for rule in CHAPTERS if rule[0][0] not in "56789")


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


@pytest.fixture()
def en(corpus_dir: Path) -> Path:
    """The corpus folder's English releases replaced by the ones a test writes."""
    for path in (corpus_dir / "en").glob("*.txt"):
        path.unlink()
    return corpus_dir / "en"


def _write(
    en: Path,
    version: str,
    rules: Sequence[tuple[str, str]] = CHAPTERS,
    glossary: Sequence[tuple[str, str]] = GLOSSARY,
    *,
    cut_after_term: int | None = None,
) -> None:
    """A release; ``cut_after_term``: the file ends after that many glossary entries (no Credits)."""
    text = cr_text(version, rules, glossary)
    if cut_after_term is not None:
        body, _, _ = text.rpartition("\nCredits\n")
        if cut_after_term < len(glossary):
            body = body[: body.index(f"\n{glossary[cut_after_term][0]}\n")]
        text = body + "\n"
    (en / f"MagicCompRules {version}.txt").write_text(text, encoding="utf-8")


def _refused(corpus_dir: Path, index_root: Path, *, strict: bool) -> str:
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=strict)
    return str(caught.value)


@pytest.mark.parametrize("strict", [False, True])
def test_a_new_release_cut_inside_its_glossary_is_refused(
    corpus_dir: Path, en: Path, index_root: Path, strict: bool
) -> None:
    """The audit's file: every rule, half the glossary, no Credits; the live glossary dropped by half."""
    _write(en, "20300101")
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    _write(en, "20300202", cut_after_term=20)
    message = _refused(corpus_dir, index_root, strict=strict)
    assert message.startswith(
        "MagicCompRules 20300202.txt: refused as the current rules, nothing goes live: "
    )
    assert "20 glossary entries where MagicCompRules 20300101.txt has 40 (20 fewer, more than 5%)" in message
    assert (
        "no Credits at its end where MagicCompRules 20300101.txt has them (the file is cut short)" in message
    )
    assert "rules where" not in message  # every rule is there
    assert_previous_generation_live(good, before, index_root)
    assert models.GlossaryTerm.objects.filter(release__generations=live(), version="20300101").count() == 40

    with pytest.raises(CommandError, match="previous corpus is still live"):
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, strict=strict)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, accept_shrink=True)
    assert report.current_version == "20300202"
    assert report.counts["glossary 20300202"] == 20


def test_a_missing_end_of_file_alone_is_a_truncation(corpus_dir: Path, en: Path, index_root: Path) -> None:
    """A file cut after its last glossary entry loses nothing a count sees but its Credits."""
    _write(en, "20300101")
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    _write(en, "20300202", cut_after_term=len(GLOSSARY))
    for strict in (False, True):
        message = _refused(corpus_dir, index_root, strict=strict)
        assert message == (
            "MagicCompRules 20300202.txt: refused as the current rules, nothing goes live: no Credits at its "
            "end where MagicCompRules 20300101.txt has them (the file is cut short). A deliberate change "
            "goes live with --accept-shrink."
        )
    assert_previous_generation_live(good, before, index_root)


def test_an_official_release_published_cut_is_read_as_published_with_a_note(
    corpus_dir: Path, en: Path, index_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The official 20130201 file was published without Credits, its glossary cut short: a file of
    DOCUMENTED_CUTS (by its SHA-256) goes live, the report says why, and --strict accepts it."""
    _write(en, "20300101")
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    _write(en, "20300202", cut_after_term=20)
    digest = hashlib.sha256((en / "MagicCompRules 20300202.txt").read_bytes()).hexdigest()
    monkeypatch.setitem(checks.DOCUMENTED_CUTS, digest, "published so (the test's)")
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert report.current_version == "20300202"
    assert "MagicCompRules 20300202.txt: a documented official cut: published so (the test's)" in report.notes
    assert not [w for w in report.warnings if "20300202" in w]


def test_lost_references_and_sections_are_refused(corpus_dir: Path, en: Path, index_root: Path) -> None:
    _write(en, "20300101")
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    uncited = tuple((number, text.split(" See rule")[0]) for number, text in CHAPTERS)
    _write(en, "20300202", uncited)
    message = _refused(corpus_dir, index_root, strict=False)
    assert (
        "references between rules where MagicCompRules 20300101.txt has 99 (45 fewer, more than 5%)"
        in message
    )
    # Chapters 6-9 folded into section 500: as many rules but eight (fewer than 20), four sections fewer.
    folded = (
        *tuple(rule for rule in CHAPTERS if rule[0][0] in "12345"),
        *((f"500.{n}", f"Invented rule {n} folded into section 500.") for n in range(7, 31)),
    )
    _write(en, "20300202", folded)
    message = _refused(corpus_dir, index_root, strict=False)
    assert "5 sections where MagicCompRules 20300101.txt has 9 (4 fewer, more than 5%)" in message
    assert_previous_generation_live(good, before, index_root)


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("version", ["20300202", "20290101"], ids=["intermediate", "older"])
def test_a_broken_release_inserted_into_the_history_is_refused(
    corpus_dir: Path, en: Path, index_root: Path, strict: bool, version: str
) -> None:
    """A release missing chapters 5-9 dated between two live releases, or before them, is not the newest:
    the check against the release before it alone let it in, and the history then said hundreds of rules
    were deleted and re-added."""
    _write(en, "20300101")
    _write(en, "20300303")
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    _write(en, version, WITHOUT_5_TO_9)
    message = _refused(corpus_dir, index_root, strict=strict)
    # The release before an intermediate one; the live one after an older one, where the rules grow.
    neighbour = "MagicCompRules 20300101.txt"
    share = "5%" if version == "20300202" else "25%"
    lost_rules = len(CHAPTERS) - len(WITHOUT_5_TO_9)
    assert message.startswith(f"MagicCompRules {version}.txt: refused, nothing goes live: ")
    rules = f"{len(WITHOUT_5_TO_9)} rules where {neighbour} has {len(CHAPTERS)}"
    assert f"{rules} ({lost_rules} fewer, more than {share})" in message
    assert f"4 sections where {neighbour} has 9 (5 fewer, more than {share})" in message
    assert_previous_generation_live(good, before, index_root)
    assert live().versions == ["20300101", "20300303"]

    # A sound release in the same place goes in.
    _write(en, version)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=strict)
    assert version in report.versions and report.current_version == "20300303"
