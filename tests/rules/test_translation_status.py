"""The Japanese translation status (judge.rules.translation_status): its selector, ``GET
/api/translation-status``
and the page /ja/rules/translation-status/, on invented releases and placeholder Japanese.

20300202 is tests/rules/cr_files.BASE; 20310303 rewords 101.1 and adds 101.5. The Japanese translates 20300202
(101.1 changed since, 101.5 missing), or 20310303 (every rule current), or is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.engine.dates import reader_date
from judge.rules import models
from judge.rules.ingest import ingest_corpus
from judge.rules.translation_status import translation_status
from tests.helpers import error_texts
from tests.rules.cr_files import BASE, edited, write_release
from tests.rules.ja_cr_files import write_ja_cr

pytestmark = pytest.mark.django_db

OLD, NEW = "20300202", "20310303"
REWORDED = "Shuffle every deck, then cut it, before anyone draws a card."
ADDED = ("101.5", "A seat may concede at any time.")
NEW_RULES = (*edited(BASE, {"101.1": REWORDED})[:10], ADDED, *BASE[10:])
ALL_NEW = [number for number, _ in NEW_RULES]


def japanese(rules: tuple[tuple[str, str], ...]) -> list[tuple[str, str]]:
    """Placeholder Japanese for each rule (a chapter's or section's is its title)."""
    return [(n, f"第{n}項" if "." not in n else f"規則{n}の日本語訳。") for n, _ in rules]


def ingest(tmp_path: Path, *translated: str) -> None:
    corpus = tmp_path / "corpus"
    write_release(corpus, OLD)
    write_release(corpus, NEW, NEW_RULES)
    for version in translated:
        write_ja_cr(corpus, version, japanese(BASE if version == OLD else NEW_RULES))
    # A corpus without the translation the live one had takes it off on purpose.
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index", accept_missing_documents=not translated)


def test_a_translation_of_an_older_release_lags_by_the_rules_changed_and_added_since(tmp_path: Path) -> None:
    ingest(tmp_path, OLD)
    status = translation_status()
    assert (status.english, status.translation, status.translation_slug) == (NEW, OLD, f"cr-ja-{OLD}")
    assert (status.rules, status.translated) == (len(NEW_RULES), len(NEW_RULES) - 1)
    assert status.changed_since_translation == ("101.1",)
    assert status.missing == ("101.5",)
    (change,) = status.changes
    assert (change.number, change.old_number, change.version, change.status) == (
        "101.1",
        "101.1",
        OLD,
        "changed",
    )
    assert change.old_text == BASE[4][1] and change.new_text == REWORDED
    assert change.diff == (
        ("equal", "Shuffle every"),
        ("delete", "deck"),
        ("insert", "deck, then cut it,"),
        ("equal", "before anyone draws a card."),
    )


def test_rules_renumbered_since_are_changed_since_the_translation_and_keep_their_old_number(
    client: Client, tmp_path: Path
) -> None:
    """A rule inserted before others (101.2): the ones after it move (their English is the same) and 102.1,
    which cites one of them, is reworded; 102.2 is gone (its Japanese stands beside no current rule)."""
    moved = (
        *BASE[:5],
        ("101.2", "Some seats bring a sticker sheet to the table before the game."),
        *[(f"101.{int(n[4]) + 1}{n[5:]}", t) for n, t in BASE[5:10]],
        ("102", "Finishing"),
        ("102.1", BASE[11][1].replace("101.3", "101.4")),
    )
    corpus = tmp_path / "corpus"
    write_release(corpus, OLD)
    write_release(corpus, NEW, moved)
    write_ja_cr(corpus, OLD, japanese(BASE))
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    status = translation_status()
    assert (status.rules, status.translated) == (13, 12) and status.missing == ("101.2",)
    assert status.changed_since_translation == ("101.3", "101.4", "101.4a", "101.4b", "101.5", "102.1")
    first, *_, last = status.changes
    assert (first.number, first.old_number, first.status, first.diff) == ("101.3", "101.2", "renumbered", ())
    assert first.old_text == first.new_text == BASE[5][1]
    assert (last.number, last.old_number, last.status) == ("102.1", "102.1", "changed")
    assert ("delete", "101.3.") in last.diff and ("insert", "101.4.") in last.diff
    html = client.get("/ja/rules/translation-status/").content.decode()
    assert "(2030年2月2日発効の版では 101.2)" in html and "番号だけが変わり、英語は同じです。" in html


def test_a_translation_of_the_current_release_is_current_everywhere(tmp_path: Path) -> None:
    ingest(tmp_path, OLD, NEW)
    status = translation_status()
    assert (status.english, status.translation) == (NEW, NEW)
    assert (status.rules, status.translated) == (len(NEW_RULES), len(NEW_RULES))
    assert status.changed_since_translation == () and status.missing == () and status.changes == ()


def test_without_a_translation_every_rule_is_missing(tmp_path: Path) -> None:
    ingest(tmp_path)
    status = translation_status()
    assert (status.english, status.translation, status.translated) == (NEW, None, 0)
    assert status.missing == tuple(ALL_NEW) and status.changed_since_translation == ()


# --------------------------------------------------------------------------- the API


def test_api_translation_status_of_an_older_translation(client: Client, tmp_path: Path) -> None:
    ingest(tmp_path, OLD)
    response = client.get("/api/translation-status")
    assert response.status_code == 200
    data = response.json()
    assert {k: v for k, v in data.items() if k != "japanese"} == {
        "english": NEW,
        "translation": OLD,
        "rules": 14,
        "translated": 13,
        "changed_since_translation": ["101.1"],
        "missing": ["101.5"],
    }
    # What the rule pages show: 101.1's English was reworded in substance (a new sentence), so its Japanese is
    # outdated; 101.5 has none.
    assert data["japanese"] == {
        "current": 12,
        "outdated": ["101.1"],
        "none": 1,
        "sources": [
            {
                "slug": f"cr-ja-{OLD}",
                "title": data["japanese"]["sources"][0]["title"],
                "follows": OLD,
                "follows_known": True,
                "date": data["japanese"]["sources"][0]["date"],
                "current": 12,
                "outdated": 1,
            }
        ],
    }


def test_api_translation_status_current_and_none(client: Client, tmp_path: Path) -> None:
    ingest(tmp_path, NEW)
    data = client.get("/api/translation-status").json()
    assert data == {
        "english": NEW,
        "translation": NEW,
        "rules": 14,
        "translated": 14,
        "changed_since_translation": [],
        "missing": [],
        "japanese": {"current": 14, "outdated": [], "none": 0, "sources": data["japanese"]["sources"]},
    }
    ingest(tmp_path / "again")
    assert client.get("/api/translation-status").json() == {
        "english": NEW,
        "translation": None,
        "rules": 14,
        "translated": 0,
        "changed_since_translation": [],
        "missing": ALL_NEW,
        "japanese": {"current": 0, "outdated": [], "none": 14, "sources": []},
    }


def test_api_translation_status_before_any_ingest(client: Client) -> None:
    models.Corpus.objects.update(is_live=False)  # a session that ingested the real corpus: not in this test
    response = client.get("/api/translation-status?lang=ja")
    assert response.status_code == 503
    assert response.json()["errors"][0]["code"] == "web.no-corpus" and error_texts(response)
    assert client.get("/ja/rules/translation-status/").status_code == 503  # the page says to run the ingest


# --------------------------------------------------------------------------- the page


def test_page_in_japanese_names_the_release_followed_and_shows_the_english_diff(
    client: Client, tmp_path: Path
) -> None:
    ingest(tmp_path, OLD)
    response = client.get("/ja/rules/translation-status/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "日本語訳の状況" in html
    assert f'href="/ja/docs/cr-ja-{OLD}/"' in html
    assert reader_date(OLD, "ja") in html and reader_date(NEW, "ja") in html
    # The rule whose English changed links to its page, with its English word diff marked as English.
    assert 'href="/ja/rules/101.1/"' in html
    assert '<p class="diff" lang="en">' in html and "<ins>" in html and "<del>" in html
    assert 'href="/ja/rules/101.5/"' in html  # the missing rule
    # The counts of what the rule pages show, the outdated rule linked; no operator's commands, one line only.
    assert (
        '<dd data-count="current">12</dd>' in html
        and '<dd data-count="none"><a href="#missing">1</a>' in html
    )
    assert '<ul class="inline-list outdated-rules"><li><a href="/ja/rules/101.1/">101.1</a></li></ul>' in html
    assert "python manage.py" not in html and "運営者" in html
    for english in ("Japanese translation status", "With Japanese", "No Japanese", "English changed since"):
        assert english not in html


def test_page_in_english_and_its_htmx_fragment(client: Client, tmp_path: Path) -> None:
    ingest(tmp_path, OLD)
    html = client.get("/en/rules/translation-status/").content.decode()
    assert "Japanese translation status" in html and 'href="/en/rules/101.1/"' in html
    fragment = client.get("/en/rules/translation-status/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    part = fragment.content.decode()
    assert "<html" not in part and 'href="/en/rules/101.5/"' in part and "101.1" not in part


def test_page_of_a_current_translation(client: Client, tmp_path: Path) -> None:
    ingest(tmp_path, NEW)
    html = client.get("/ja/rules/translation-status/").content.decode()
    assert f'href="/ja/docs/cr-ja-{NEW}/"' in html
    assert "python manage.py ingest" not in html and 'class="diff"' not in html


def test_page_without_a_translation_gives_a_reader_no_operator_commands(
    client: Client, tmp_path: Path
) -> None:
    ingest(tmp_path)
    for lang in ("ja", "en"):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(f"/{lang}/rules/translation-status/", **headers)
            assert response.status_code == 200
            html = response.content.decode()
            assert all(f'href="/{lang}/rules/{n}/"' in html for n in ALL_NEW)
            if not headers:  # one line for the operator, no file names or commands (docs/translations.md)
                assert "JPN_CR" not in html and "manage.py" not in html
                assert "運営者" in html or "operator" in html
    assert "Installing a translation" not in client.get("/ja/rules/translation-status/").content.decode()


def test_the_missing_list_is_cut_and_shown_whole_on_request(
    client: Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("judge.rules.views.MISSING_SHOWN", 5)
    ingest(tmp_path)
    html = client.get("/ja/rules/translation-status/").content.decode()
    assert 'href="/ja/rules/101.1/"' in html and 'href="/ja/rules/101.2/"' not in html
    assert "?missing=all" in html
    whole = client.get("/ja/rules/translation-status/?missing=all", HTTP_HX_REQUEST="true").content.decode()
    assert all(f'href="/ja/rules/{n}/"' in whole for n in ALL_NEW) and "?missing=all" not in whole


def test_the_rule_index_links_the_status_page(client: Client, tmp_path: Path) -> None:
    ingest(tmp_path)
    assert 'href="/ja/rules/translation-status/"' in client.get("/ja/rules/").content.decode()
