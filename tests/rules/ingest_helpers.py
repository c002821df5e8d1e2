"""Shared by the ingest tests: the live generation, a count of its rows, and the check that the previous
generation still serves."""

from __future__ import annotations

from pathlib import Path

from judge.rules import ingest, models
from judge.search.index import live_name
from judge.search.service import search


def live() -> models.Corpus:
    return models.Corpus.objects.get(is_live=True)


def snapshot() -> dict[str, int]:
    corpus = live()
    return {
        "rules": models.Rule.objects.filter(release__generations=corpus).count(),
        "glossary": models.GlossaryTerm.objects.filter(release__generations=corpus).count(),
        "sections": models.DocSection.objects.filter(corpus=corpus).count(),
        "citations": models.Citation.objects.filter(release__generations=corpus).count(),
        "renumbered": corpus.summary["counts"]["renumbered"],
    }


def assert_previous_generation_live(
    good: ingest.IngestReport, before: dict[str, int], index_root: Path
) -> None:
    """Nothing half-written: the same generation is live, with the same rows and the same index."""
    assert live().pk == good.corpus_id and snapshot() == before
    assert not models.Corpus.objects.filter(pk__gt=good.corpus_id).exists()
    assert live_name(index_root) == f"gen-{good.corpus_id}"
    assert search("commander", root=index_root).total > 0
