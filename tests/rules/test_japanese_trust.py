"""What a Japanese reader can trust, round two (issue 40), on the real corpus: search answers with today's
rule, an undated text is not today's by assumption, and today's rule links the Japanese that states it."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

pytestmark = [pytest.mark.corpus, pytest.mark.django_db]

OLD_903_9 = "統率者がどこかから追放されたり"  # the blog's pre-2020 903.9: graveyard and exile a replacement


def _soup(client, url: str) -> BeautifulSoup:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def test_search_answers_the_commander_in_the_graveyard_with_todays_rule(client, ingested) -> None:  # type: ignore[no-untyped-def]
    hits = client.get("/api/search", {"q": "統率者が墓地に置かれたら", "ui": "ja", "limit": 10}).json()[
        "hits"
    ]
    rules = [h["rule"] for h in hits]
    assert "903.9a" in rules[:2] and rules.index("903.9a") < rules.index("903.9b"), rules
    old = hits[rules.index("903.9b")]
    # Today's English answers; the outdated Japanese is only the hit's ``earlier``.
    assert (old["lang"], old["status"]) == ("en", "")
    assert old["earlier"]["status"] == "outdated" and "追放" in old["earlier"]["snippet"]
    assert not any(OLD_903_9 in h["snippet"].replace("<mark>", "").replace("</mark>", "") for h in hits)


def test_the_search_page_hides_the_old_japanese_behind_the_disclosure(client, ingested) -> None:  # type: ignore[no-untyped-def]
    page = _soup(client, "/ja/search/?q=統率者が墓地に置かれたら")
    for snippet in page.select(".search-hit > .search-snippet"):
        assert OLD_903_9 not in snippet.get_text(), snippet
    hit = next(
        li for li in page.select(".search-hit") if li.select_one("a")["href"].endswith("/rules/903.9b/")
    )
    notice = hit.select_one(".notice.differs").get_text().strip()
    assert notice == "古い訳です：この日本語は以前の版の規則の訳で、現在の規則とは内容が異なります。"
    # Today's English with the Japanese names of its words, as on the rule page.
    glosses = [g.get_text() for g in hit.select(".search-snippet .gloss-inline")]
    assert "（統率者）" in glosses and "（手札）" in glosses, glosses
    disclosure = hit.select_one("details.earlier-translation")
    assert disclosure is not None and not disclosure.has_attr("open")
    assert OLD_903_9 in disclosure.get_text()


def test_a_query_for_japanese_texts_still_lists_the_old_one_with_its_standing(client, ingested) -> None:  # type: ignore[no-untyped-def]
    hits = client.get("/api/search", {"q": "統率者が墓地に置かれたら lang:ja", "ui": "ja"}).json()["hits"]
    blog = [h for h in hits if h["doc"] == "cr-excerpt-ja"]
    assert blog and all(h["status"] in ("outdated", "unchecked") for h in blog)


def test_800_4c_does_not_present_the_undated_excerpt_as_todays_rule(client, ingested) -> None:  # type: ignore[no-untyped-def]
    data = client.get("/api/rules/800.4c").json()
    assert [t["status"] for t in data["translations"]] == ["unchecked"]
    # One sentence for one standing: the API's, the document page's and the search hit's.
    said = client.get("/api/rules/800.4c?lang=ja").json()["translations"][0]["said"]
    assert said.startswith("未確認の訳です")
    doc = (
        _soup(client, "/ja/docs/cr-excerpt-ja/").select_one("#r800-4c .status-note").get_text(" ", strip=True)
    )
    assert doc.startswith(said)
    page = _soup(client, "/ja/rules/800.4c/")
    assert page.select_one(".notice.differs").get_text().startswith("未確認の訳です")
    excerpt = "そのオブジェクトを戦場に出したプレイヤー"
    shown = [p for p in page.select("p[data-quoted]") if excerpt in p.get_text()]
    assert shown and all(p.find_parent("details", class_="earlier-translation") for p in shown)
    assert "ja-first" not in page.select_one(".rule-columns")["class"]


def test_903_9a_shows_the_commander_rules_that_state_it_with_source_and_date(client, ingested) -> None:  # type: ignore[no-untyped-def]
    page = _soup(client, "/ja/rules/903.9a/")
    columns = page.select_one(".rule-columns")
    assert "ja-first" in columns["class"]
    first = columns.find("section")
    assert "rule-ja" in first["class"], "the Japanese comes before the English"
    passage = first.select_one(".passage")
    why = passage.select_one(".passage-why").get_text()
    assert "統率者戦 公式ルール" in why and "2021年9月13日" in why
    assert "統率者が墓地か追放領域にあり" in passage.get_text()
    assert passage.select_one(".source a")["href"].endswith("/docs/commander-rules/#rule-7")
    assert ".txt" not in page.get_text()
