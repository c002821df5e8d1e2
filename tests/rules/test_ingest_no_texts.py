"""``ingest --if-present`` (what ``make setup`` runs): a fresh machine offline has no rules text, and set-up
goes on with one paragraph saying what is missing, where the files go and the command that fetches them."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from judge.rules import ingest, models
from tests.rules.ingest_helpers import live

pytestmark = pytest.mark.django_db


def run(*args: str, corpus: Path, index: Path) -> str:
    out = StringIO()
    call_command("ingest", *args, corpus_dir=corpus, index_dir=index, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("folder", ["missing", "empty", "only-ja"])
def test_no_rules_text_is_not_an_error_with_if_present(tmp_path: Path, folder: str) -> None:
    corpus = tmp_path / "corpus"
    if folder != "missing":
        (corpus / "ja").mkdir(parents=True)
    if folder == "only-ja":
        (corpus / "ja" / "notes.txt").write_text("メモ", encoding="utf-8")
    said = run("--if-present", corpus=corpus, index=tmp_path / "index")
    assert "No rules text is installed yet" in said and "ルールの本文はまだ入っていません" in said
    assert str(corpus) in said and "manage.py refresh_rules" in said and "manage.py ingest" in said
    assert not models.Corpus.objects.filter(is_live=True).exists()
    with pytest.raises(CommandError, match="ingest failed"):  # without the flag it is still an error
        run(corpus=corpus, index=tmp_path / "index")


def test_if_present_ingests_as_usual_when_there_are_texts(corpus_dir: Path, tmp_path: Path) -> None:
    said = run("--if-present", corpus=corpus_dir, index=tmp_path / "index")
    assert "is live" in said and live() is not None


def test_if_present_with_the_texts_gone_keeps_the_live_rules(corpus_dir: Path, tmp_path: Path) -> None:
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=tmp_path / "index")
    said = run("--if-present", corpus=tmp_path / "nothing-here", index=tmp_path / "index")
    assert "No rules text is installed yet" in said
    assert live().pk == report.corpus_id  # nothing was touched
