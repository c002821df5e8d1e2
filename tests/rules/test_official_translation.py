"""The official Japanese translation of the whole Comprehensive Rules (../shared/ja_cr_official, 20260116.0)
beside the real English releases, the newest of which is later than the release it translates.

Its quirks as published (its README): two texts numbered 505.4 (the first matches the English), ten glossary
headwords whose English holds a slash. The corpus is built in tmp_path from links to the real files, never
copied into the repository.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.parsing import ja_comprehensive_rules
from judge.parsing.corpus import parse_file
from judge.parsing.records import JaDocument, RulesDocument
from judge.rules import history, models, selectors
from judge.rules.ingest import IngestReport, ingest_corpus
from tests.conftest import corpus_dir

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]

OFFICIAL = corpus_dir().parent / "ja_cr_official" / "JPN_CR_20260116_0.txt"
TRANSLATED = "20260116"  # the release the file says it translates (its title line)
SLUG = f"cr-ja-{TRANSLATED}"


@pytest.fixture()
def official() -> Path:
    if not OFFICIAL.is_file():
        pytest.skip(f"the official Japanese translation is not at {OFFICIAL}: see ../shared/README.md")
    return OFFICIAL


@pytest.fixture()
def ingested_with_official(official: Path, tmp_path: Path) -> IngestReport:
    root = tmp_path / "corpus"
    for folder in ("en", "ja"):
        (root / folder).mkdir(parents=True)
        for path in sorted((corpus_dir() / folder).glob("*.txt")):
            (root / folder / path.name).symlink_to(path)
    (root / "ja" / official.name).symlink_to(official)
    return ingest_corpus(corpus_dir=root, index_root=tmp_path / "index")


def test_every_glossary_entry_is_read_each_under_its_english_headword(official: Path) -> None:
    document = parse_file(official)
    assert isinstance(document, JaDocument) and document.translated_from == TRANSLATED
    entries = [s for s in document.sections if s.parent == ja_comprehensive_rules.GLOSSARY]
    assert len(entries) == 728
    headwords = [ja_comprehensive_rules.split_headword(e.heading) for e in entries]
    assert all(japanese and english for japanese, english in headwords)
    slashed = [english for _, english in headwords if "/" in english]
    assert len(slashed) == 10 and "You/Your" in slashed and "Control/Controller" in slashed
    # No entry swallowed the next one's headword: each definition is one paragraph.
    assert all(e.text and "\n" not in e.text for e in entries)
    # Every headword with a slash is the English glossary's entry of the release it translates.
    english = parse_file(corpus_dir() / "en" / f"MagicCompRules {TRANSLATED}.txt")
    assert isinstance(english, RulesDocument)
    terms = {ja_comprehensive_rules.headword_key(entry.term) for entry in english.glossary}
    assert {ja_comprehensive_rules.headword_key(e) for e in slashed} <= terms


def test_the_505_4_that_matches_the_english_is_kept_and_the_other_named(ingested_with_official, client):
    report = ingested_with_official
    told = [w for w in report.warnings if w.startswith(f"{OFFICIAL.name}:")]
    assert told == [
        f"{OFFICIAL.name}:2235: rule 505.4 appears twice (lines 2233 and 2235): kept line 2233, the text "
        f"that matches the English of {TRANSLATED} (the game's terms it names); left out line 2235"
    ]
    kept = models.DocSection.objects.get(corpus__is_live=True, source__slug=SLUG, cr_number="505.4")
    assert kept.line == 2233 and "章能力" in kept.text  # "with one or more chapter abilities"
    glossary = models.DocSection.objects.filter(
        corpus__is_live=True, source__slug=SLUG, parent=ja_comprehensive_rules.GLOSSARY
    )
    assert glossary.count() == 728
    # The glossary page gives "You, Your" the official Japanese (its headword's English reads "You/Your").
    page = client.get("/ja/glossary/?q=You").content.decode()
    assert "あなた、あなたの" in page


def test_beside_newer_releases_most_rules_are_current_and_the_rest_never_shown_as_today(
    ingested_with_official,
):
    live = models.Corpus.objects.get(is_live=True)
    current = live.current_version
    assert current > TRANSLATED, "the corpus holds no release newer than the translation's"
    assert ingested_with_official.translations[SLUG] == f"compared with {TRANSLATED}, the release it names"
    rules = {
        s.cr_number: s
        for s in models.DocSection.objects.filter(corpus=live, source__slug=SLUG).exclude(cr_number="")
    }
    statuses = [s.status for s in rules.values()]
    assert statuses.count("current") > 0.9 * len(statuses)

    # Every rule whose English changed since the translation is not today's rule as far as the page says.
    changes = history.version_changes(old=TRANSLATED, new=current)
    assert changes is not None and changes.changed
    for old_rule, _new_rule, _diff in changes.changed:
        section = rules.get(old_rule.number)
        if section is not None:
            assert section.status != "current" and section.differs_from_current, old_rule.number
    removed = {rule.number for rule in changes.removed}
    assert all(rules[n].status == "deleted" for n in removed if n in rules)

    # Rules that moved (2026's 722-729, up by one) are placed on today's number by the renumbering.
    line = selectors.lineage(live)
    moved = dict(changes.renumbered)
    assert {n.split(".")[0] for n in moved} >= {str(n) for n in range(722, 730)}
    for old, new in moved.items():
        section = rules.get(old)
        if section is None:
            continue
        assert section.status == "renumbered" and section.aligned_number == new, old
        assert line.successor(old, since=TRANSLATED, until=current) == new
    shifted = {str(n) for n in range(722, 730)}
    assert all(s.aligned_number != n for n, s in rules.items() if n.split(".")[0] in shifted)
