"""The whole Japanese Comprehensive Rules on the real corpus: with a translation of the current release
(written
here with placeholder Japanese for every rule), with the sample translation of 20231117 only, and with none.

The corpus directories are built in tmp_path from the real files (linked, never copied into the repository).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.parsing.corpus import parse_file
from judge.parsing.records import RulesDocument
from judge.parsing.terms_table import load_section_titles
from judge.rules import models
from judge.rules.ingest import IngestReport, ingest_corpus
from tests.conftest import corpus_dir
from tests.rules.ja_cr_files import placeholder_rules, placeholder_text, write_ja_cr

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]

SAMPLE = corpus_dir().parent / "ja_cr_sample" / "JPN_CR_20231117_0.txt"


def _corpus(tmp_path: Path, *, whole: bool, sample: bool) -> Path:
    """The real corpus, plus the sample translation of 20231117 and a whole translation of the current
    release."""
    root = tmp_path / "corpus"
    for folder in ("en", "ja"):
        (root / folder).mkdir(parents=True)
        for path in sorted((corpus_dir() / folder).glob("*.txt")):
            (root / folder / path.name).symlink_to(path)
    if sample:
        if not SAMPLE.is_file():
            pytest.skip(f"the sample translation is not at {SAMPLE}")
        (root / "ja" / SAMPLE.name).symlink_to(SAMPLE)
    if whole:
        current = max((root / "en").glob("MagicCompRules *.txt"))
        document = parse_file(current)
        assert isinstance(document, RulesDocument)
        titles = {t.number: t.ja for t in load_section_titles()}
        rules, examples = placeholder_rules(document, titles)
        write_ja_cr(root, document.version, rules, examples=examples, encoding="cp932", newline="\r\n")
    return root


def _ingest(tmp_path: Path, **kwargs: bool) -> IngestReport:
    return ingest_corpus(corpus_dir=_corpus(tmp_path, **kwargs), index_root=tmp_path / "index")


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_translation_of_the_current_release_gives_every_rule_its_japanese(client, tmp_path):
    report = _ingest(tmp_path, whole=True, sample=True)
    current = report.current_version
    assert report.translations[f"cr-ja-{current}"] == f"compared with {current}, the release it names"
    live = models.Corpus.objects.get(is_live=True)
    numbers = set(
        models.Rule.objects.filter(release__generations=live, version=current).values_list(
            "number", flat=True
        )
    )
    translated = models.DocSection.objects.filter(
        corpus=live, source__slug=f"cr-ja-{current}", status="current"
    )
    assert (
        set(translated.values_list("aligned_number", flat=True)) == numbers
    )  # every rule, chapters included

    # The rule page: the whole translation first, today's text, no notice; the English beside it.
    html = client.get("/ja/rules/805.1/").content.decode()
    ja, en = html.index('class="rule-ja"'), html.index('class="rule-en"')
    assert ja < en  # Japanese first on /ja/
    first = html[ja : html.index("</section>", ja)]
    assert placeholder_text("805.1", "") in first and "総合ルール 日本語訳" in first
    assert "notice differs" not in first.split('class="translation"')[1]

    # The API lists the translations best first, with status, examples and links.
    # Beside today's whole translation the blog excerpt's outdated 903.8 is not shown.
    api = client.get("/api/rules/903.8").json()
    assert [(t["doc"], t["status"]) for t in api["translations"]] == [(f"cr-ja-{current}", "current")]
    with_links = client.get("/api/rules/805.1").json()["translations"][0]
    assert [link["rule"] for link in with_links["links"]] == ["810", "904"]

    # The glossary takes its Japanese headword and definition from the translation.
    glossary = _text(client.get("/ja/glossary/?q=commander").content.decode())
    assert "統率者 Commander" in glossary and "統率者戦で、デッキを率いる伝説のクリーチャー。" in glossary
    # The rule pages' glosses too: the translation's headword and definition, the English one beside it.
    page = client.get("/ja/rules/903.3/").content.decode()
    words = page[page.index('id="glosses-heading"') :]
    assert '<dd class="gloss-definition-ja" lang="ja">統率者戦で、デッキを率いる伝説のクリーチャー。' in words

    # Section titles from the translation on the index; the status page counts every rule.
    assert "805. 「共有チーム・ターン」選択ルール" in _text(client.get("/ja/rules/").content.decode())
    status = client.get("/api/translation-status").json()
    assert (status["translation"], status["rules"], status["translated"]) == (
        current,
        len(numbers),
        len(numbers),
    )
    assert status["missing"] == [] and status["changed_since_translation"] == []


def test_the_20231117_translation_follows_the_renumbering_with_its_notice(client, tmp_path):
    report = _ingest(tmp_path, whole=False, sample=True)
    assert report.translations["cr-ja-20231117"] == "compared with 20231117, the release it names"

    # 20231117's 805.10g is today's 805.10f: shown there, with the notice naming the release and the diff.
    html = client.get("/ja/rules/805.10f/").content.decode()
    assert "20231117" in html and "notice differs" in html
    section = models.DocSection.objects.get(
        corpus__is_live=True, source__slug="cr-ja-20231117", cr_number="805.10g"
    )
    assert (section.aligned_number, section.status) == ("805.10f", "renumbered")

    # A 20231117 reference is read in 20231117's numbers and links today's rule: 701.24 (Planeswalk) is
    # 701.31.
    api = client.get("/api/rules/901.11").json()
    whole = [t for t in api["translations"] if t["doc"] == "cr-ja-20231117"][0]
    assert {"cited": "701.24", "rule": "701.31", "url": "/en/rules/701.31/"} in whole["links"]

    # Its document page is read a part at a time: the contents link each section's part.
    contents = client.get("/ja/docs/cr-ja-20231117/").content.decode()
    assert 'href="?part=805"' in contents and 'href="?part=glossary"' in contents
    assert "チーム同士で戦う多人数戦において" not in contents
    assert (
        "チーム同士で戦う多人数戦において" in client.get("/ja/docs/cr-ja-20231117/?part=805").content.decode()
    )
    assert (
        "次元コントローラー/Planar Controller"
        in client.get("/ja/docs/cr-ja-20231117/?part=glossary").content.decode()
    )
    assert client.get("/ja/docs/cr-ja-20231117/?part=999").status_code == 404

    status = client.get("/api/translation-status").json()
    assert status["translation"] == "20231117"
    assert "805.10f" in status["changed_since_translation"] and "903.9" in status["missing"]


def test_without_a_whole_translation_the_old_excerpt_is_never_shown_as_today(client, ingested):
    # 903.9 has no Japanese of its own: the banner says so for the rule itself, and each subrule's old
    # Japanese (the blog excerpt, release unknown) has its one-line notice; one that is not today's rule in
    # substance (903.9b: graveyard and exile are 903.9a now) only behind a closed disclosure.
    html = client.get("/ja/rules/903.9/").content.decode()
    assert "このルールの日本語訳はありません" not in html
    assert "このルールそのものの日本語訳はありません" in html
    children = html[html.index('class="children"') :]
    assert children.count('class="child-ja"') == children.count("notice differs") > 0
    b = children[children.index('id="r903.9b"') : children.index('id="r903.9c"')]
    assert 'data-standing="outdated"' in b and "古い訳です" in b
    hidden = b[b.index('<details class="earlier-translation">') :]
    assert (
        "統率者がどこかから追放されたり" in hidden
        and "統率者がどこかから追放されたり" not in b[: len(b) - len(hidden)]
    )
    # The excerpt's 800.6 (the starting player's draw) is today's 800.7, placed by its content, unchecked.
    placed = models.DocSection.objects.get(
        corpus__is_live=True, source__slug="cr-excerpt-ja", cr_number="800.6"
    )
    assert (placed.aligned_number, placed.status) == ("800.7", "unchecked")
    page = _text(client.get("/ja/rules/800.7/").content.decode())
    assert "開始プレイヤーは最初のターンのドロー・ステップを飛ばさない" in page
    assert "古い訳です" in page  # today's 800.7 has changed since 20200601's: never told as today's rule
    status = client.get("/api/translation-status").json()
    assert status["translation"] is None and status["translated"] == 0
