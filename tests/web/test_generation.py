"""Web reads the live generation through the function settings name (judge.web.generation)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.test import Client

from judge.rules.selectors import live_generation
from judge.web.generation import live_generation as web_live_generation


@dataclass
class Generation:
    pk: int = 7
    current_version: str = "20260116"
    versions: list[str] = field(default_factory=lambda: ["20251114", "20260116"])


def generation() -> Generation:
    return Generation()


def no_generation() -> None:
    return None


# The home page's offline button also states the release's size, which the rules app counts in the database
# (judge.rules.offline.release_megabytes; none here, so the button states none).
@pytest.mark.django_db
def test_home_and_health_read_the_generation_the_settings_name(  # type: ignore[no-untyped-def]
    client: Client, settings
) -> None:
    settings.JUDGE_GENERATION_FUNCTION = "tests.web.test_generation.generation"
    assert client.get("/healthz").json() == {
        "status": "ok",
        "corpus": 7,
        "versions": ["20251114", "20260116"],
    }
    assert "effective January 16, 2026" in client.get("/en/").content.decode()
    settings.JUDGE_GENERATION_FUNCTION = "tests.web.test_generation.no_generation"
    # Before any rules text is installed the site serves (calculators, tracker) and says so.
    assert client.get("/healthz").json() == {"status": "no-rules", "corpus": None, "versions": []}
    assert client.get("/en/").status_code == 200


@pytest.mark.django_db
def test_the_default_is_the_rules_apps_live_generation(settings) -> None:  # type: ignore[no-untyped-def]
    assert settings.JUDGE_GENERATION_FUNCTION == "judge.rules.selectors.live_generation"
    assert web_live_generation() == live_generation()  # None in an empty database
