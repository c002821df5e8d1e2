"""Deployment checks, security headers, and reflected input."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# secrets.token_urlsafe(50): a test's own
STRONG_KEY = "vg9X4e5S62szIcaebWiNG1dht1YPT4A3AJfZJaQ3FQRK3SPQ7cJU7pctTcYR7IEgUsc"


def test_check_deploy_is_clean_with_production_settings():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.prod",
        "DJANGO_SECRET_KEY": STRONG_KEY,
        "DJANGO_ALLOWED_HOSTS": "judge.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "judge.settings.prod", "DJANGO_SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


@pytest.mark.parametrize(
    ("environ", "problem"),
    [
        ({"DJANGO_DEBUG": "1"}, "DJANGO_DEBUG must not be set"),
        ({"DJANGO_DEBUG": "true"}, "DJANGO_DEBUG must not be set"),
        ({"DJANGO_SECRET_KEY": "s3cret-but-only-thirty-chars-x"}, "DJANGO_SECRET_KEY is too weak"),
        ({"DJANGO_SECRET_KEY": "abcd" * 20}, "DJANGO_SECRET_KEY is too weak"),  # 80 characters, 4 different
        ({"DJANGO_SECRET_KEY": "abcde" * 10}, "DJANGO_SECRET_KEY is too weak"),  # 50 characters, a pattern
        (
            {"DJANGO_SECRET_KEY": "abcdefghijklmnopq" * 4},
            "DJANGO_SECRET_KEY is too weak",
        ),  # 17 different, a pattern
        ({"DJANGO_SECRET_KEY": "django-insecure-" + STRONG_KEY}, "DJANGO_SECRET_KEY is too weak"),
    ],
)
def test_production_settings_refuse_to_start_in_danger(environ, problem):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.prod",
        "DJANGO_SECRET_KEY": STRONG_KEY,
        "DJANGO_ALLOWED_HOSTS": "judge.example",
        **environ,
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and problem in result.stderr
    assert STRONG_KEY not in result.stderr  # the key is never printed


def test_production_settings_start_with_debug_off_explicitly():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.prod",
        "DJANGO_SECRET_KEY": STRONG_KEY,
        "DJANGO_DEBUG": "0",
    }
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from django.conf import settings; print(settings.DEBUG)",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "False"


@pytest.mark.django_db
def test_content_security_policy_allows_only_own_scripts(client):
    response = client.get("/en/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


@pytest.mark.django_db
def test_pages_before_the_first_ingest_explain_what_to_run(client, settings, tmp_path):
    from judge.rules.models import Corpus

    # Another test may have ingested the real corpus for the session: hide it (rolled back after the test).
    Corpus.objects.update(is_live=False)
    settings.JUDGE_INDEX_DIR = tmp_path
    response = client.get("/en/rules/903.8/")
    assert response.status_code == 503
    assert b"No rules text is installed yet" in response.content
    assert b"manage.py refresh_rules" in response.content
    japanese = client.get("/ja/rules/903.8/").content.decode()
    assert "ルールの本文はまだ入っていません" in japanese and 'href="/ja/calc/"' in japanese
    assert client.get("/api/rules/903.8").status_code == 503


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tracker_writes_without_a_csrf_token_are_refused(lang):
    """Every tracker POST changes the database, so each keeps CSRF (unlike the stateless calculators)."""
    import json
    import re

    from django.test import Client

    from judge.tracker.models import Game, GameEvent
    from judge.tracker.services import record_event, start_game

    game = start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    record_event(game=game, kind="life", payload={"player": "Ben", "amount": -3})
    strict = Client(enforce_csrf_checks=True)
    event = f"/{lang}/tracker/{game.slug}/event/"
    refused = [
        strict.post(event, {"kind": "life", "player": "Aki", "amount": "-5"}),
        strict.post(event, {"kind": "life", "player": "Aki", "amount": "-5"}, HTTP_HX_REQUEST="true"),
        strict.post(event, json.dumps({"kind": "next-turn"}), content_type="application/json"),
        strict.post(f"/{lang}/tracker/{game.slug}/undo/"),
        strict.post(
            f"/{lang}/tracker/",
            {
                "variant": "commander",
                "seat-TOTAL_FORMS": "2",
                "seat-INITIAL_FORMS": "2",
                "seat-0-name": "A",
                "seat-1-name": "B",
            },
        ),
    ]
    assert [r.status_code for r in refused] == [403] * len(refused)
    assert Game.objects.count() == 1 and GameEvent.objects.filter(undone=False).count() == 1

    # The same button with the token of the page goes through: the 403s above were the missing token.
    page = strict.get(f"/{lang}/tracker/{game.slug}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    accepted = strict.post(
        event, {"kind": "life", "player": "Aki", "amount": "-5", "csrfmiddlewaretoken": token}
    )
    assert accepted.status_code == 302
    assert GameEvent.objects.filter(undone=False).count() == 2


@pytest.mark.django_db
def test_request_bodies_over_the_limit_are_413_not_500(settings):
    """DATA_UPLOAD_MAX_MEMORY_SIZE caps every body (decklists, board states, tracker JSON): 413, the JSON
    error for a JSON body, a page saying so for a form (issue 22, item 8)."""
    import json

    from django.test import Client

    from judge.tracker.services import start_game

    game = start_game(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    big = json.dumps(
        {"kind": "life", "player": "Aki", "amount": -1, "pad": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
    )
    client = Client(raise_request_exception=False)
    response = client.post(f"/en/tracker/{game.slug}/event/", big, content_type="application/json")
    assert response.status_code == 413 and response.json()["errors"][0]["code"] == "web.body-too-large"
    form = client.post(
        f"/en/tracker/{game.slug}/event/",
        {"kind": "life", "player": "Aki", "amount": "-1", "pad": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE},
    )
    assert form.status_code == 413 and "The request is larger than 2 MB" in form.content.decode()


@pytest.mark.django_db
def test_the_language_links_never_echo_another_host(client):
    """A path starting "//host" is no address of another site: the links are built from a resolved path
    only."""
    for path in ("//evil.example/en/rules/903.8/", "/en//evil.example/", "//evil.example/en/no-such-page/"):
        html = client.get(path).content.decode()
        links = re.findall(r'<a href="([^"]*)" lang="(?:ja|en)" hreflang', html)
        assert len(links) == 2 and all(
            link.startswith("/") and not link.startswith("//") for link in links
        ), links
        assert "evil.example" not in "".join(links)


def test_a_language_link_is_built_from_the_resolved_path():
    from django.template import Context, Template
    from django.test import RequestFactory

    tag = Template("{% load web_tags %}{% language_url 'ja' %}")
    for path, expected in (
        ("/en/rules/903.8/", "/ja/rules/903.8/"),
        ("//evil.example/en/rules/903.8/", "/ja/"),
        ("/en/no-such-page/", "/ja/"),
    ):
        request = RequestFactory().get("/")
        request.path = path
        assert tag.render(Context({"request": request})) == expected
