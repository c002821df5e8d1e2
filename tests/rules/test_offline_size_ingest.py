"""The offline save's size is measured by the ingest, stored with the generation, and only read by the pages;
where the ingest could not measure it, the ingest stands and the first request measures it as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from judge.rules import ingest, offline, offline_size
from tests.rules.ingest_helpers import live


@pytest.fixture()
def index_root(tmp_path: Path) -> Path:
    return tmp_path / "index"


@pytest.fixture(autouse=True)
def _measured_afresh() -> Iterator[None]:
    """No size measured on a request by another test (a generation's id comes again after a rollback)."""
    offline_size.forget()
    yield
    offline_size.forget()


@pytest.fixture()
def measuring(settings: Any) -> None:
    settings.JUDGE_OFFLINE_SIZE_AT_INGEST = True  # off for the other tests (judge/settings/test.py)


def _forbid_measuring(monkeypatch: pytest.MonkeyPatch) -> None:
    def measured(*args: Any, **kwargs: Any) -> int:
        raise AssertionError("measured on a request")

    monkeypatch.setattr(offline_size, "measure", measured)


def test_the_ingest_stores_the_size_and_the_pages_only_read_it(
    measuring: None, corpus_dir: Path, index_root: Path, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    stored = live().offline_bytes
    assert set(stored) == {"ja", "en"} and report.offline_bytes == stored
    # More than the first four pages alone: every rule page and worked ruling's step is counted.
    first_four = sum(len(client.get(path).content) for path in offline.kept_pages(live(), lang="ja")[:4])
    assert stored["ja"] > first_four
    assert "offline size" in report.seconds

    _forbid_measuring(monkeypatch)
    for lang in ("ja", "en"):
        assert client.get(f"/api/offline-pages?lang={lang}").json()["bytes"] == stored[lang]
    megabytes = max(1, round(stored["ja"] / 1_000_000))
    assert (
        f"すべてのルールをオフライン用に保存（約 {megabytes} メガバイト）"
        in client.get("/ja/").content.decode()
    )


def test_a_failed_measurement_leaves_the_ingest_live_and_the_first_request_measures(
    measuring: None,
    corpus_dir: Path,
    index_root: Path,
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    real_measure = offline_size.measure

    def refused(*args: Any, **kwargs: Any) -> int:
        raise offline_size.NotMeasured("/ja/ answered 500")

    monkeypatch.setattr(offline_size, "measure", refused)
    report = ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    assert live().pk == report.corpus_id and live().offline_bytes == {} and report.offline_bytes == {}
    assert "not measured at ingest" in caplog.text and "/ja/ answered 500" in caplog.text

    calls: list[str] = []

    def counted(*args: Any, **kwargs: Any) -> int:
        calls.append(kwargs["lang"])
        return real_measure(*args, **kwargs)

    monkeypatch.setattr(offline_size, "measure", counted)
    answered = client.get("/api/offline-pages?lang=en").json()["bytes"]
    assert calls == ["en"] and answered > offline.page_count(live()) * 1_000
    assert client.get("/api/offline-pages?lang=en").json()["bytes"] == answered and calls == ["en"]  # once


def test_an_ingest_with_nothing_new_measures_a_generation_live_before_it_was_measured(
    corpus_dir: Path, index_root: Path, settings: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)  # measuring off
    assert live().offline_bytes == {}
    assert "offline save not measured (see the log)" in capsys.readouterr().out
    settings.JUDGE_OFFLINE_SIZE_AT_INGEST = True
    call_command("ingest", corpus_dir=corpus_dir, index_dir=index_root)
    out = capsys.readouterr().out
    assert "nothing changed" in out and "offline save measured: ja " in out
    assert set(live().offline_bytes) == {"ja", "en"}


def test_a_page_refused_is_not_measured_and_the_request_shows_the_fallback(
    corpus_dir: Path, index_root: Path, client: Client, settings: Any
) -> None:
    ingest.ingest_corpus(corpus_dir=corpus_dir, index_root=index_root)
    corpus = live()
    pages, weights = offline.kept_pages(corpus, lang="en"), offline.page_weights(corpus, lang="en")
    settings.ALLOWED_HOSTS = ["judge.example.org"]
    with pytest.raises(offline_size.NotMeasured, match="answered 400"):
        offline_size.measure(pages, weights=weights, lang="en", host="elsewhere.example.org")
    fallback = offline.page_count(corpus) * offline.PAGE_BYTES
    assert offline.release_bytes(corpus, lang="en", host="elsewhere.example.org") == fallback
    assert offline_size.site_address() == ("judge.example.org", False)
