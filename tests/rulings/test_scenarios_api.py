"""The worked rulings' JSON API: GET /api/scenarios and GET /api/scenarios/<slug>, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

from judge.engine.scenarios import load_scenarios
from tests.helpers import error_texts

SCENARIOS = load_scenarios(Path(__file__).resolve().parents[2] / "rules_data" / "scenarios")

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_list_names_every_worked_ruling_in_the_readers_language(client: Client, lang: str) -> None:
    response = client.get(f"/api/scenarios?lang={lang}")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    items = response.json()["scenarios"]
    assert [i["slug"] for i in items] == [s.slug for s in SCENARIOS]
    for item, scenario in zip(items, SCENARIOS, strict=True):
        assert set(item) == {"slug", "title", "summary", "group", "steps", "url", "api"}
        assert item["title"] == scenario.title.in_(lang) and item["summary"] == scenario.summary.in_(lang)
        assert item["steps"] == len(scenario.steps)
        assert item["url"].startswith(f"http://testserver/{lang}/scenarios/{scenario.slug}/")
        assert item["api"] == f"http://testserver/api/scenarios/{scenario.slug}"
    groups = {i["slug"]: i["group"] for i in items}
    assert groups["two-headed-giant-trample-shared-life"] == "two-headed-giant"
    assert groups["commander-damage-beacon-fog-stolen"] == "commander-damage"
    assert groups["mind-control-alex-leaves"] == "leaving"


def test_the_list_is_english_by_default_and_get_only(client: Client) -> None:
    items = client.get("/api/scenarios").json()["scenarios"]
    assert items[0]["title"] == SCENARIOS[0].title.en and "/en/" in items[0]["url"]
    assert client.post("/api/scenarios").status_code == 405


@pytest.mark.parametrize(("lang", "griffin"), [("en", "Assault Griffin"), ("ja", "《突撃するグリフィン》")])
def test_one_ruling_with_its_steps_and_cited_rules(client: Client, lang: str, griffin: str) -> None:
    response = client.get(f"/api/scenarios/mind-control-bianca-leaves?lang={lang}")
    assert response.status_code == 200
    data = response.json()
    scenario = next(s for s in SCENARIOS if s.slug == "mind-control-bianca-leaves")
    assert data["slug"] == scenario.slug and data["title"] == scenario.title.in_(lang)
    assert (
        data["group"] == "leaving" and data["url"] == f"http://testserver/{lang}/scenarios/{scenario.slug}/0/"
    )
    # The start position (step 0) and every object's name in the reader's language.
    # The players are named as the story in the reader's language names them.
    players = {"en": ["Alex", "Bianca", "Carol"], "ja": ["アレックス", "ビアンカ", "キャロル"]}[lang]
    assert data["start"]["kind"] == "leave-game" and data["start"]["before"]["turn_order"] == players
    assert data["names"]["assault-griffin"] == griffin
    # Each cited rule: its number and its page (its text too, when the rules are loaded).
    rules = {r["rule"]: r for r in data["rules"]}
    assert set(scenario.rules) <= set(rules)
    assert rules["800.4a"]["url"] == f"http://testserver/{lang}/rules/800.4a/"
    # The steps: narration, the one-line change, the engine's explained steps with their codes.
    assert [s["number"] for s in data["steps"]] == [1, 2]
    leave = data["steps"][1]
    assert leave["kind"] == "leave-game" and leave["narration"] == scenario.steps[1].narration.in_(lang)
    assert leave["change"] and all({"code", "rule", "text"} <= set(s) for s in leave["engine_steps"])
    assert leave["after"]["left"] == [players[1]] and "board_after" in leave


def test_an_unknown_ruling_is_a_404_in_the_one_error_shape(client: Client) -> None:
    response = client.get("/api/scenarios/no-such-ruling?lang=ja")
    assert response.status_code == 404
    assert error_texts(response) == ["裁定の実例 no-such-ruling はありません。"]
    assert response.json()["errors"][0]["code"] == "web.no-scenario"
    long = client.get("/api/scenarios/" + "x" * 5000)
    assert long.status_code == 404 and len(error_texts(long)[0]) < 200


@pytest.mark.parametrize("slug", [s.slug for s in SCENARIOS])
def test_every_ruling_answers_in_both_languages(client: Client, slug: str) -> None:
    for lang in ("en", "ja"):
        data = client.get(f"/api/scenarios/{slug}?lang={lang}").json()
        assert len(data["steps"]) == len(next(s for s in SCENARIOS if s.slug == slug).steps)
        assert all(step["change"] for step in data["steps"])


@pytest.mark.corpus
def test_cited_rules_carry_their_text_in_the_readers_language(client: Client, ingested) -> None:  # type: ignore[no-untyped-def]
    rules = {
        r["rule"]: r for r in client.get("/api/scenarios/mind-control-bianca-leaves?lang=ja").json()["rules"]
    }
    # The blog excerpt's 800.4a may predate every release loaded (issue 40): today's English.
    assert rules["800.4a"]["lang"] == "en" and rules["800.4a"]["text"]
    assert rules["303.4e"]["lang"] == "en" and rules["303.4e"]["text"]


@pytest.fixture()
def old_blog_translation(db):  # type: ignore[no-untyped-def]
    """A live corpus whose only Japanese of 800.4a/800.4b is an excerpt of an unidentified older release (a
    blog
    translation saying ゲームから除外される), placed beside 20180810, the closest release."""
    from judge.rules.models import Corpus, DocSection, Release, Source

    corpus = Corpus.objects.create(
        is_live=True, current_version="20260116", versions=["20180810", "20260116"]
    )
    release = Release.objects.create(
        file_name="MagicCompRules 20260116.txt",
        digest="d",
        fingerprint="f",
        version="20260116",
        numbering="modern",
    )
    corpus.releases.add(release)
    blog = Source.objects.create(
        corpus=corpus,
        file_name="001_blog.txt",
        slug="blog",
        lang="ja",
        kind=Source.Kind.CR_TRANSLATION,
        title="ブログ",
        meta={"dating": "unknown", "placed_by": "20180810"},
    )
    for position, number in enumerate(["800.4a", "800.4b"]):
        DocSection.objects.create(
            corpus=corpus,
            source=blog,
            anchor=number,
            text=f"{number} プレイヤーがゲームから除外される場合……",
            cr_number=number,
            number=number,
            aligned_number=number,
            position=position,
            line=position + 1,
            compared_version="",
            differs_from_current=True,
            status=DocSection.Status.UNCHECKED,
        )
    return corpus


def test_an_old_translation_carries_its_notice_in_the_api_and_on_the_page(
    client: Client, old_blog_translation
) -> None:  # type: ignore[no-untyped-def]
    """The page's notices, naming the closest release (never an empty 「  版」), are in the JSON too (issue
    24)."""
    data = client.get("/api/scenarios/mind-control-alex-leaves?lang=ja").json()
    rule = next(r for r in data["rules"] if r["rule"] == "800.4a")
    assert rule["lang"] == "ja" and "ゲームから除外" in rule["text"]
    differs, term = rule["notices"]
    assert "もっとも近い版は 2018年8月10日発効の版" in differs and "  " not in differs
    assert "現在の日本語のルールでは「ゲームから離れる」です" in term
    html = client.get("/ja/scenarios/mind-control-alex-leaves/2/").content.decode()
    popover = html.split("<summary>800.4a</summary>")[1].split("</details>")[0]
    assert f'<p class="notice differs">{differs}</p>' in popover and " 版から変更" not in popover
    assert f'<p class="notice">{term}</p>' in popover
    # An English reader is quoted the English (none in this corpus): no Japanese, no notice.
    english = client.get("/api/scenarios/mind-control-alex-leaves?lang=en").json()
    assert "notices" not in next(r for r in english["rules"] if r["rule"] == "800.4a")


def test_an_unplaced_old_translation_says_so_without_an_empty_release() -> None:
    from django.utils import translation

    from judge.rulings.presenters.notices import rule_notices
    from judge.rulings.selectors import RuleText

    found = RuleText(text="…", lang="ja", differs=True, aligned_number="800.4a", status="unchecked")
    with translation.override("ja"):
        [(kind, text)] = rule_notices("800.4a", found)
    assert kind == "differs" and "版を特定できない" in text and " 版" not in text
