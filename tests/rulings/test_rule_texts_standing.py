"""A worked ruling quotes a cited rule's Japanese only when it is today's rule in substance (issue 30): the
blog excerpt's pre-2020 903.9 (graveyard and exile a replacement) never stands as today's 903.9b."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]


def test_outdated_japanese_is_not_quoted_as_todays_rule(ingested: Any) -> None:
    from judge.rulings.selectors import rule_texts

    texts = rule_texts(["903.9b", "800.4a"], lang="ja")
    assert texts["903.9b"].lang == "en"
    assert "hand or library" in texts["903.9b"].text
    # The blog excerpt's 800.4a may predate every release loaded (issue 40): unchecked, so today's English.
    assert texts["800.4a"].lang == "en"


def test_the_ruling_page_quotes_todays_903_9b(client: Client, ingested: Any) -> None:
    data = client.get("/api/scenarios/commander-zone-change?lang=ja").json()
    rule = next(r for r in data["rules"] if r["rule"] == "903.9b")
    assert rule["lang"] == "en"
    assert "墓地" not in rule["text"]
