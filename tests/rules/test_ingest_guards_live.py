"""An ingest compares what it reads with what is live (issue 31, items 10 and 11): a release read again (its
file replaced under the same name) that lost rules of its live version is refused and the refusal lists them,
even when it lost too few for the check against the release before it; with ``ja/`` empty, the Japanese
documents are not taken off the site unless the loss is accepted."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules import ingest, models
from judge.rules.ingest import checks
from tests.rules.cr_files import BASE, write_release
from tests.rules.ingest_helpers import assert_previous_generation_live, live, snapshot

pytestmark = pytest.mark.django_db

#: A release the size of the real one (3,263 rules): ten invented sections of 108 rules, each with two
#: subrules that no rule cites (leaves).
FULL = (
    *BASE,
    *(
        rule
        for section in range(103, 113)
        for n in range(0, 109)
        for rule in (
            ((f"{section}", f"Invented Section {section}"),)
            if n == 0
            else (
                (f"{section}.{n}", f"Invented rule {n} of section {section}."),
                (f"{section}.{n}a", f"The first detail of invented rule {section}.{n}."),
                (f"{section}.{n}b", f"The second detail of invented rule {section}.{n}."),
            )
        )
    ),
)
#: 150 leaf subrules (4.6 %, as in the audit): fewer than the 5 % that the check against the release before
#: it refuses.
LOST = [number for number, _ in FULL if number.endswith("b")][:150]


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


def _without(numbers: list[str]) -> tuple[tuple[str, str], ...]:
    gone = set(numbers)
    return tuple(rule for rule in FULL if rule[0] not in gone)


def test_the_current_release_replaced_in_place_by_a_cut_copy_is_refused_and_its_lost_rules_listed(
    corpus_dir: Path, index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_release(corpus_dir, "20310303", FULL)
    write_release(corpus_dir, "20320404", FULL)
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert good.counts["rules 20320404"] == len(FULL) == 3263
    before = snapshot()

    # The same name, other bytes: 150 leaf subrules gone (the release before it has them all too).
    write_release(corpus_dir, "20320404", _without(LOST))
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    message = str(caught.value)
    assert message.startswith(
        "MagicCompRules 20320404.txt: refused as the current rules, nothing goes live: "
    )
    assert (
        "150 rules of the live 20320404 release (MagicCompRules 20320404.txt) are missing from it: "
        in message
    )
    listed = message.split("are missing from it: ", 1)[1].split(". A deliberate", 1)[0].split(", ")
    assert listed == LOST  # every one, in the order the rules stand
    assert "--accept-shrink" in message
    assert_previous_generation_live(good, before, index_root)
    with pytest.raises(CommandError) as command:  # `manage.py ingest --strict` exits non-zero
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, strict=True, stdout=io.StringIO())
    assert "previous corpus is still live" in str(command.value) and "103.1b" in str(command.value)
    assert models.Rule.objects.filter(
        release__generations=live(), version="20320404", number="103.1b"
    ).exists()

    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, accept_shrink=True)
    out = capsys.readouterr().out
    assert "warning: MagicCompRules 20320404.txt: accepted (--accept-shrink): 150 rules of the live" in out
    assert not models.Rule.objects.filter(
        release__generations=live(), version="20320404", number="103.1b"
    ).exists()


def test_one_rule_lost_from_an_older_release_read_again_is_refused(
    corpus_dir: Path, index_root: Path
) -> None:
    """Not only the current release: a history file replaced by another copy must keep its rules."""
    write_release(corpus_dir, "20310303", BASE)
    write_release(corpus_dir, "20320404", BASE)
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    before = snapshot()
    write_release(corpus_dir, "20310303", tuple(rule for rule in BASE if rule[0] != "101.3b"))
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert str(caught.value) == (
        "MagicCompRules 20310303.txt: refused, nothing goes live: 1 rule of the live 20310303 release "
        "(MagicCompRules 20310303.txt) are missing from it: 101.3b. A deliberate change goes live with "
        "--accept-shrink."
    )
    assert_previous_generation_live(good, before, index_root)


def test_the_same_release_with_a_rule_added_or_reworded_goes_live(corpus_dir: Path, index_root: Path) -> None:
    write_release(corpus_dir, "20320404", BASE)
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    reworded = tuple((n, t + " Reworded.") if n == "101.2" else (n, t) for n, t in BASE)
    write_release(corpus_dir, "20320404", (*reworded, ("102.3", "A rule the corrected file adds.")))
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert report.current_version == "20320404" and report.counts["rules 20320404"] == len(BASE) + 1


def test_an_empty_ja_folder_is_refused_naming_every_document_unless_accepted(
    corpus_dir: Path, index_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    slugs = sorted(key.removeprefix("sections ") for key in good.counts if key.startswith("sections "))
    assert len(slugs) == 5
    before = snapshot()
    for path in (corpus_dir / "ja").iterdir():
        path.unlink()
    with pytest.raises(checks.IngestRefused) as caught:
        ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)  # plain, as `make setup` runs it
    message = str(caught.value)
    assert "refused, nothing goes live: 5 Japanese document(s) of the live generation are missing" in message
    for slug in slugs:
        assert f"the document {slug} disappears" in message
    assert "--accept-missing-documents" in message
    assert_previous_generation_live(good, before, index_root)
    with pytest.raises(CommandError):
        call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, stdout=io.StringIO())
    assert models.Source.objects.filter(corpus=live(), lang="ja").count() == 5

    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root, accept_missing_documents=True)
    out = capsys.readouterr().out
    assert out.count("accepted (--accept-missing-documents): the document ") == 5
    assert not models.Source.objects.filter(corpus=live(), lang="ja").exists()
    # Accepted once, the loss is what is live: the next plain ingest has nothing to refuse.
    assert ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root).unchanged


def test_a_first_ingest_without_japanese_documents_goes_live(corpus_dir: Path, index_root: Path) -> None:
    """`make setup` on a fresh machine: no live generation, nothing to lose."""
    models.Corpus.objects.update(is_live=False)  # a corpus test's session ingest may have left one live
    for path in (corpus_dir / "ja").iterdir():
        path.unlink()
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root, strict=True)
    assert report.current_version == "20310303" and not report.warnings


def test_a_whole_cr_translation_replaced_by_another_releases_is_not_a_missing_document(
    corpus_dir: Path, index_root: Path
) -> None:
    """The translation of the whole CR is named after its release: a newer one in place of the older is no
    loss (the other documents stay as they were)."""
    from tests.rules.ja_cr_files import write_ja_cr

    japanese = [(n, f"第{n}項" if "." not in n else f"規則{n}の日本語訳。") for n, _ in BASE]
    write_release(corpus_dir, "20310303", BASE)
    write_ja_cr(corpus_dir, "20310303", japanese)
    first = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "sections cr-ja-20310303" in first.counts
    for path in (corpus_dir / "ja").glob("JPN_CR_*"):
        path.unlink()
    write_release(corpus_dir, "20320404", BASE)
    write_ja_cr(corpus_dir, "20320404", japanese)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert "sections cr-ja-20320404" in report.counts and "sections cr-ja-20310303" not in report.counts
