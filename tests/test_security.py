"""Deployment checks, security headers, and reflected input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_is_clean_with_production_settings():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.prod",
        "DJANGO_SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-" + "y" * 20,
        "DJANGO_ALLOWED_HOSTS": "judge.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
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


@pytest.mark.django_db
def test_content_security_policy_allows_only_own_scripts(client):
    response = client.get("/en/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


@pytest.mark.django_db
def test_pages_before_the_first_ingest_explain_what_to_run(client, settings, tmp_path):
    from judge.models import Corpus

    # Another test may have ingested the real corpus for the session: hide it (rolled back after the test).
    Corpus.objects.update(is_live=False)
    settings.JUDGE_INDEX_DIR = tmp_path
    response = client.get("/en/rules/903.8/")
    assert response.status_code == 503
    assert b"manage.py ingest" in response.content
    assert client.get("/api/rules/903.8").status_code == 503
