"""A Japanese text's standing is decided alike at the index build (search: judge.parsing.linking) and when a
rule page or the API reads it (judge.rules.standings), on the real corpus."""

from __future__ import annotations

from collections import Counter

import pytest

from judge.parsing.corpus import parse_corpus_dir
from judge.parsing.linking import link_corpus
from judge.rules import documents, models
from judge.rules.standings import standings_of
from tests.conftest import corpus_dir

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


def test_search_and_the_rule_pages_tell_a_reader_the_same(ingested) -> None:  # type: ignore[no-untyped-def]
    linked = link_corpus(parse_corpus_dir(corpus_dir()))
    at_build = {
        (d.document.slug, a.section.anchor): a.standing
        for d in linked.documents
        for a in d.sections
        if a.status is not None and a.section.cr_number
    }
    sections = documents.annotate_sections(
        ingested,
        list(models.DocSection.objects.filter(corpus=ingested).exclude(status="").select_related("source")),
    )
    found = standings_of(ingested, sections)
    read = {(s.source.slug, s.anchor): found[s.pk].status for s in sections}
    assert read == at_build
    # The blog excerpt's pre-2020 903.9 is outdated; its 800.4a and 800.4c, which 20200601 (the oldest release
    # loaded) reads as today, are unchecked: the excerpt may predate every release loaded (issue 40 item 2).
    assert read[("cr-excerpt-ja", "r903-9")] == "outdated"
    assert read[("cr-excerpt-ja", "r800-4a")] == "unchecked"
    assert read[("cr-excerpt-ja", "r800-4c")] == "unchecked"
    assert Counter(read.values())["outdated"] > 1
