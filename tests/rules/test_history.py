"""The history of each rule, the versions API, stable citations and the changes page, on three invented
releases;
then the history and the changes of the real corpus (marked ``corpus``).

20300202 is tests/rules/cr_files.BASE; 20310303 inserts a rule (101.2: the ones after it move down), rewords
102.1 and drops 102.2; 20320404 rewords 101.1. A file that does not parse is left out (20290101).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.rules.history import version_changes
from judge.rules.ingest import ingest_corpus
from tests.conftest import corpus_releases
from tests.helpers import error_texts
from tests.rules.cr_files import BASE, edited, write_release

pytestmark = pytest.mark.django_db

V1, V2, V3 = "20300202", "20310303", "20320404"
# A release as a reader reads it (judge.engine.dates): the date it took effect, never its number.
E1, E2, E3 = "effective February 2, 2030", "effective March 3, 2031", "effective April 4, 2032"
STICKERS = "Some seats bring a sticker sheet to the table before the game."
SECOND = (
    *BASE[:5],
    ("101.2", STICKERS),
    ("101.3", "Decide who goes first by any fair random method the table likes."),
    ("101.4", "Each seat starts with a life total."),
    ("101.4a", "In an ordinary duel, each seat starts the game with twenty life."),
    ("101.4b", "In a Commander game, each seat starts the game with forty life."),
    ("101.5", "A seat that dislikes its hand may shuffle it away and draw a new one."),
    ("102", "Finishing"),
    ("102.1", "A game ends when only one seat or team is left standing at the table. See rule 101.4."),
)
THIRD = edited(SECOND, {"101.1": "Shuffle every deck, then cut it, before anyone draws a card."})


@pytest.fixture()
def ingested_three(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    write_release(corpus, V1)
    write_release(corpus, V2, SECOND)
    write_release(corpus, V3, THIRD)
    (corpus / "en" / "MagicCompRules 20290101.txt").write_text("Magic: The Gathering Comprehensive Rules\n")
    ingest_corpus(corpus_dir=corpus, index_root=tmp_path / "index")
    return tmp_path / "index"


def history(client: Client, number: str, version: str = "") -> list[tuple[str, str, str]]:
    response = client.get(f"/api/rules/{number}/history" + (f"?version={version}" if version else ""))
    assert response.status_code == 200, response.content
    return [(e["version"], e["number"], e["change"]) for e in response.json()["history"]]


def test_history_follows_a_rule_through_renumbering_changes_and_removal(
    client: Client, ingested_three: Path
) -> None:
    assert history(client, "101.4") == [
        (V1, "101.3", "added"),
        (V2, "101.4", "renumbered"),
        (V3, "101.4", "unchanged"),
    ]
    assert history(client, "102.1") == [
        (V1, "102.1", "added"),
        (V2, "102.1", "changed"),
        (V3, "102.1", "unchanged"),
    ]
    assert history(client, "101.1") == [
        (V1, "101.1", "added"),
        (V2, "101.1", "unchanged"),
        (V3, "101.1", "changed"),
    ]
    assert history(client, "101.2") == [(V2, "101.2", "added"), (V3, "101.2", "unchanged")]
    # An old number: the rule of that version, to its removal (without ?version=: the newest release that has
    # it).
    assert history(client, "102.2") == [(V1, "102.2", "added"), (V2, "102.2", "removed")]
    assert history(client, "101.3", V1) == [
        (V1, "101.3", "added"),
        (V2, "101.4", "renumbered"),
        (V3, "101.4", "unchanged"),
    ]


def test_history_entries_carry_the_text_of_each_version(client: Client, ingested_three: Path) -> None:
    data = client.get("/api/rules/102.2/history").json()
    assert data["number"] == "102.2"
    assert data["history"][0] == {
        "version": V1,
        "number": "102.2",
        "change": "added",
        "text": BASE[-1][1],
        "examples": [],
    }
    assert data["history"][1] == {
        "version": V2,
        "number": "102.2",
        "change": "removed",
        "text": None,
        "examples": [],
    }


def test_history_api_errors_name_the_problem(client: Client, ingested_three: Path) -> None:
    missing = client.get("/api/rules/999.1/history?lang=ja")
    assert missing.status_code == 404 and "999.1" in error_texts(missing)[0]
    unknown = client.get("/api/rules/101.1/history?version=20990101")
    assert unknown.status_code == 404 and unknown.json()["versions"] == [V1, V2, V3]


def test_versions_api_lists_each_version_and_the_files_left_out(client: Client, ingested_three: Path) -> None:
    data = client.get("/api/versions").json()
    assert data["current"] == V3
    assert data["versions"][0] == {
        "version": V1,
        "effective": "2030-02-02",
        "rules": len(BASE),
        "glossary_terms": 1,
        "file": f"MagicCompRules {V1}.txt",
    }
    assert [v["version"] for v in data["versions"]] == [V1, V2, V3]
    assert data["skipped"] == [
        {"file": "MagicCompRules 20290101.txt", "line": 2, "problem": data["skipped"][0]["problem"]}
    ]
    assert "no numbered" in data["skipped"][0]["problem"]


@pytest.mark.parametrize("htmx", [False, True])
def test_an_old_citation_shows_the_rule_then_and_links_its_successor(
    client: Client, ingested_three: Path, htmx: bool
) -> None:
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    html = client.get(f"/en/rules/101.3/?version={V1}", **headers).content.decode()
    assert "Decide who goes first" not in html and "Each seat starts with a life total." in html
    assert f"You are reading rule 101.3 as it was in the rules {E1}; the current rules are {E3}." in html
    assert 'In the current rules it is rule <a href="/en/rules/101.4/">101.4</a>.' in html
    assert f'href="/en/rules/101.3/history/?version={V1}"' in html
    gone = client.get(f"/en/rules/102.2/?version={V1}", **headers).content.decode()
    assert f"it was removed from the rules {E2}" in gone
    same = client.get(f"/ja/rules/101.1/?version={V2}").content.decode()
    assert 'href="/ja/rules/101.1/"' in same


@pytest.mark.parametrize(
    ("lang", "changed", "renumbered"),
    [
        ("en", f"Changed in the rules {E3}:", f"Renumbered in the rules {E2}: 101.3 → 101.4"),
        ("ja", "2032年4月4日発効の版で変更:", "2031年3月3日発効の版で番号変更: 101.3 → 101.4"),
    ],
)
def test_the_history_page_is_a_timeline_with_word_diffs(
    client: Client, ingested_three: Path, lang: str, changed: str, renumbered: str
) -> None:
    html = client.get(f"/{lang}/rules/101.1/history/").content.decode()
    assert changed in html and "<del>deck</del> <ins>deck, then cut it,</ins>" in html
    assert f'href="/{lang}/rules/101.1/?version={V3}"' in html
    moved = client.get(f"/{lang}/rules/101.4/history/").content.decode()
    assert renumbered in moved
    assert (
        client.get(f"/{lang}/rules/101.1/").content.decode().count(f'href="/{lang}/rules/101.1/history/"')
        == 1
    )


def test_a_rule_added_in_place_of_another_says_where_that_one_went(
    client: Client, ingested_three: Path
) -> None:
    html = client.get("/en/rules/101.2/history/").content.decode()
    assert f"Rule 101.2 of the rules {E1} was another rule: in the rules {E2} it is rule" in html
    assert f'href="/en/rules/101.3/?version={V2}">101.3</a>' in html


def test_changes_between_any_two_versions_follow_the_renumbering(
    client: Client, ingested_three: Path
) -> None:
    changes = version_changes(old=V3, new=V1)  # either order
    assert changes is not None and (changes.old, changes.new) == (V1, V3)
    assert [r.number for r in changes.added] == ["101.2"] and [r.number for r in changes.removed] == ["102.2"]
    assert [(a.number, b.number) for a, b, _ in changes.changed] == [("101.1", "101.1"), ("102.1", "102.1")]
    assert ("101.3", "101.4") in changes.renumbered
    html = main(client.get(f"/en/rules/changes/?from={V1}&to={V3}").content.decode())
    assert "1 added, 1 removed, 2 changed." in html
    assert (
        main(client.get(f"/en/rules/changes/?from={V3}&to={V1}").content.decode()) == html
    )  # the cached fragment


def main(html: str) -> str:
    return html[html.index("<h1>") : html.index("</main>")]


def test_version_works_on_the_index_and_glossary(client: Client, ingested_three: Path) -> None:
    index = client.get(f"/en/rules/?version={V1}").content.decode()
    assert f'href="/en/rules/102.2/?version={V1}"' not in index  # sections and chapters only
    assert f'href="/en/rules/102/?version={V1}"' in index and f"({E1})" in index
    assert client.get(f"/en/glossary/?version={V2}").status_code == 200
    assert client.get("/en/rules/?version=19990101").status_code == 404


def test_search_says_an_older_version_is_not_in_its_index(ingested_three: Path) -> None:
    from judge.search.service import search

    result = search(f"shuffle version:{V1}", root=ingested_three)
    assert any(f"version:{V1} is not in the search index" in n.text("en") for n in result.notices)
    assert {hit.version for hit in result.hits} == {V3}


# --- the real corpus: history and changes across the releases of JUDGE_CORPUS_DIR ---------------------


@pytest.mark.corpus
def test_changes_page(client, ingested):
    response = client.get("/en/rules/changes/?from=20251114&to=20260116")
    assert response.status_code == 200
    html = response.content.decode()
    assert "changed" in html
    assert "<ins>" in html or "<del>" in html
    assert client.get("/en/rules/changes/?from=1&to=2").status_code == 400


@pytest.mark.corpus
def test_changes_lists_renumbered_rules(client, ingested):
    html = client.get("/en/rules/changes/?from=20251114&to=20260116").content.decode()
    # "Friends forever" (702.124k) is gone; the rules after it moved up one letter, their text unchanged.
    assert "6 added, 1 removed, 6 changed." in html
    assert (
        '<a href="/en/rules/702.124k/?version=20251114">702.124k</a> <span lang="en">“Friends forever”'
        in html
    )
    assert (
        '<a href="/en/rules/702.124m/?version=20251114">702.124m</a> → '
        '<a href="/en/rules/702.124k/?version=20260116">702.124k</a>'
    ) in html
    assert "<del>another</del> <ins>any other</ins>" in html  # 115.7e, word by word


def _unchanged_since(version, number):
    """The entries of the releases of the corpus after ``version``, which left the rule as it was (releases
    are added to the corpus as they come out)."""
    return [(later, number, "unchanged") for later in corpus_releases() if later > version]


def _history(client, number, version=""):
    data = client.get(f"/api/rules/{number}/history" + (f"?version={version}" if version else "")).json()
    return [(e["version"], e["number"], e["change"]) for e in data["history"]]


@pytest.mark.corpus
def test_history_of_903_9_starts_where_the_rule_was_rewritten(client, ingested):
    """In 2021 903.9 became a heading with subrules: the 2020 text of 903.9 is 903.9b now."""
    assert _history(client, "903.9") == [
        ("20231117", "903.9", "added"),
        ("20251114", "903.9", "unchanged"),
        ("20260116", "903.9", "unchanged"),
        *_unchanged_since("20260116", "903.9"),
    ]
    assert _history(client, "903.9b")[0] == ("20200601", "903.9", "added")
    html = client.get("/ja/rules/903.9/history/").content.decode()
    assert (
        "2020年6月1日発効の版のルール 903.9 は別のルールでした。" in html
        and 'href="/ja/rules/903.9b/?version=20231117"' in html
    )


@pytest.mark.corpus
def test_history_of_805_10f_through_the_removal_of_damage_assignment_order(client, ingested):
    # Today's 805.10f (combat damage) was 805.10g until 20251114 removed the old 805.10f.
    assert _history(client, "805.10f") == [
        ("20200601", "805.10g", "added"),
        ("20231117", "805.10g", "unchanged"),
        ("20251114", "805.10f", "renumbered"),
        ("20260116", "805.10f", "unchanged"),
        *_unchanged_since("20260116", "805.10f"),
    ]
    assert _history(client, "805.10f", "20231117") == [
        ("20200601", "805.10f", "added"),
        ("20231117", "805.10f", "unchanged"),
        ("20251114", "805.10f", "removed"),
    ]
    html = client.get("/en/rules/805.10f/?version=20231117").content.decode()
    assert (
        "It is not in the current rules: it was removed from the rules effective November 14, 2025." in html
    )
    moved = client.get("/en/rules/805.10g/?version=20231117").content.decode()
    assert 'In the current rules it is rule <a href="/en/rules/805.10f/">805.10f</a>.' in moved


@pytest.mark.corpus
def test_changes_between_far_apart_versions(client, ingested):
    response = client.get("/en/rules/changes/?from=20260116&to=20200601")
    assert response.status_code == 200
    html = response.content.decode()
    # shown oldest first, whichever order was asked; the release as its date, its number the value sent
    assert '<option value="20200601" selected>effective June 1, 2020</option>' in html
    assert "<h2>Renumbered</h2>" in html and "(was 903.9)" in html
