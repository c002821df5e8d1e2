"""Worked rulings: the list, every step of every scenario in both languages, navigation and rule popovers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils.html import escape

from judge.rulings import selectors as scenario_selectors
from judge.engine.scenarios import load_scenarios
from judge.web.citations import rule_ref_url

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "rules_data" / "scenarios"
SCENARIOS = load_scenarios(SCENARIOS_DIR)
STEPS = [(s.slug, n) for s in SCENARIOS for n in range(1, len(s.steps) + 1)]
HX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.django_db


@pytest.fixture()
def no_corpus(db):  # type: ignore[no-untyped-def]
    """Hide a corpus another test may have ingested for the session (rolled back after the test)."""
    from judge.rules.models import Corpus

    Corpus.objects.update(is_live=False)


def test_rule_ref_url_covers_cr_numbers_and_documents() -> None:
    assert rule_ref_url("903.10a") == "/en/rules/903.10a/"
    assert rule_ref_url("903") == "/en/rules/903/"
    assert rule_ref_url("commander:9") == "/en/docs/commander-rules/#rule-9"
    assert rule_ref_url("dtc:commander-tax") == "/en/docs/dtc/#commander-tax"
    assert rule_ref_url("chess:1") is None and rule_ref_url("dtc:") is None


def test_selector_loads_once_and_groups_sensibly() -> None:
    assert scenario_selectors.all_scenarios() is scenario_selectors.all_scenarios()  # cached per process
    groups = dict(scenario_selectors.grouped_scenarios())
    slugs = {g: {s.slug for s in items} for g, items in groups.items()}
    assert list(groups) == ["leaving", "commander", "dtc", "planechase"]
    assert "mind-control-alex-leaves" in slugs["leaving"] and "two-headed-giant-team-leaves" in slugs["leaving"]
    assert {"commander-tax-partners", "commander-damage-beacon-fog-stolen", "color-identity-examples"} <= slugs["commander"]
    assert slugs["dtc"] == {"dtc-commander-tax", "dtc-team-leaves", "dtc-attacking-a-player-with-no-shields"}
    assert slugs["planechase"] == {"planar-die-cost-over-a-turn", "planechase-planar-controller-leaves",
                                   "planechase-phenomenon-ability-owner-leaves"}
    assert scenario_selectors.scenario(slug="nope") is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_list_in_the_ui_language(client: Client, lang: str, no_corpus: None) -> None:
    response = client.get(f"/{lang}/scenarios/")
    assert response.status_code == 200
    html = response.content.decode()
    for scenario in SCENARIOS:
        title = scenario.title.ja if lang == "ja" else scenario.title.en
        other = scenario.title.en if lang == "ja" else scenario.title.ja
        assert escape(title) in html and escape(other) not in html
        assert f'href="/{lang}/scenarios/{scenario.slug}/1/"' in html
    assert html.index('id="group-leaving"') < html.index('id="group-commander"') < html.index('id="group-dtc"')
    assert "css/scenarios.css" in html


def test_detail_redirects_to_the_first_step(client: Client) -> None:
    response = client.get("/en/scenarios/mind-control-alex-leaves/")
    assert response.status_code == 302 and response["Location"] == "/en/scenarios/mind-control-alex-leaves/1/"
    assert client.get("/en/scenarios/no-such-ruling/").status_code == 404


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("slug", "number"), STEPS, ids=[f"{s}-{n}" for s, n in STEPS])
def test_every_step_renders(client: Client, slug: str, number: int, lang: str) -> None:
    scenario = next(s for s in SCENARIOS if s.slug == slug)
    response = client.get(f"/{lang}/scenarios/{slug}/{number}/")
    assert response.status_code == 200
    html = response.content.decode()
    step = scenario.steps[number - 1]
    narration = step.narration.ja if lang == "ja" else step.narration.en
    assert escape(narration) in html
    heading = (f"手順 {number} / {len(scenario.steps)}" if lang == "ja"
               else f"Step {number} of {len(scenario.steps)}")
    assert heading in html
    for rule in step.rules:
        assert f">{rule}<" in html
    if step.kind is not None:
        assert 'class="sc-before"' in html and 'class="sc-after"' in html
        assert 'class="lg-steps"' in html  # the engine's explained steps
    assert 'style="' not in html and "<script>" not in html


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_step_fragment_for_htmx(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/scenarios/planechase-planar-controller-leaves/2/", **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and html.lstrip().startswith('<article id="scenario-step"')
    assert f'hx-get="/{lang}/scenarios/planechase-planar-controller-leaves/3/"' in html


def test_previous_and_next_links(client: Client) -> None:
    first = client.get("/en/scenarios/planechase-planar-controller-leaves/1/").content.decode()
    assert 'rel="prev"' not in first
    assert re.search(r'<a rel="next" href="/en/scenarios/planechase-planar-controller-leaves/2/" '
                     r'hx-get="/en/scenarios/planechase-planar-controller-leaves/2/" hx-target="#scenario-step"[^>]*'
                     r'hx-push-url="true"', first)
    middle = client.get("/en/scenarios/planechase-planar-controller-leaves/2/").content.decode()
    assert 'href="/en/scenarios/planechase-planar-controller-leaves/1/"' in middle
    assert 'rel="next" href="/en/scenarios/planechase-planar-controller-leaves/3/"' in middle
    last = client.get("/en/scenarios/planechase-planar-controller-leaves/3/").content.decode()
    assert 'rel="prev" href="/en/scenarios/planechase-planar-controller-leaves/2/"' in last
    assert 'rel="next"' not in last and 'href="/en/scenarios/"' in last
    assert "http://testserver/en/scenarios/planechase-planar-controller-leaves/3/" in last  # shareable URL


@pytest.mark.parametrize("path", [
    "/en/scenarios/mind-control-alex-leaves/0/",
    "/en/scenarios/mind-control-alex-leaves/3/",
    "/ja/scenarios/mind-control-alex-leaves/99/",
    "/en/scenarios/no-such-ruling/1/",
])
def test_out_of_range_step_is_404(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


def test_leave_game_step_shows_board_before_and_after(client: Client) -> None:
    html = client.get("/en/scenarios/mind-control-alex-leaves/2/").content.decode()
    before = html.split('class="sc-before"')[1].split('class="sc-after"')[0]
    after = html.split('class="sc-after"')[1].split('class="sc-engine"')[0]
    assert "Assault Griffin" in before and "Leaves the game" in before and "<strong>Alex</strong>" in before
    assert re.search(r'<tr class="lg-gone lg-left-game">\s*<th scope="row">Mind Control', after)
    assert '<span class="lg-controller">Bianca</span>' in after
    assert 'href="/en/rules/800.4a/">800.4a</a>' in html


def test_other_kinds_render_their_results(client: Client) -> None:
    tax = client.get("/en/scenarios/commander-tax-partners/2/").content.decode()
    assert "{2}{G}{U}" in tax.split('class="sc-after"')[1]
    identity = client.get("/en/scenarios/color-identity-examples/1/").content.decode()
    assert '<td class="sc-identity">W U G</td>' in identity
    damage = client.get("/en/scenarios/commander-damage-beacon-fog-stolen/4/").content.decode()
    after = damage.split('class="sc-after"')[1]
    assert "<td>21</td>" in after and "<td>704.6c</td>" in after
    assert 'href="/en/docs/commander-rules/#rule-9">commander:9</a>' in damage
    dtc = client.get("/ja/scenarios/dtc-commander-tax/1/").content.decode()
    assert 'href="/ja/docs/dtc/#commander-tax"' in dtc


def test_without_a_corpus_rules_are_plain_links(client: Client, no_corpus: None) -> None:
    html = client.get("/en/scenarios/commander-damage-beacon-fog-stolen/4/").content.decode()
    assert '<details class="sc-rule">' not in html
    assert '<a class="sc-rule sc-rule-plain" href="/en/rules/903.10a/">903.10a</a>' in html


@pytest.mark.corpus
def test_rule_popover_shows_the_rule_text(client: Client, ingested) -> None:  # type: ignore[no-untyped-def]
    from judge.rules.models import DocSection
    from judge.rules.selectors import rules_of

    english = rules_of(ingested).get(number="903.10a").text
    html = client.get("/en/scenarios/commander-damage-beacon-fog-stolen/4/").content.decode()
    popover = html.split('<summary>903.10a</summary>')[1].split("</details>")[0]
    assert escape(english)[:60] in popover and 'lang="en"' in popover
    assert 'href="/en/rules/903.10a/"' in popover
    commander = DocSection.objects.get(corpus=ingested, source__slug="commander-rules", anchor="rule-9").text
    assert escape(commander) in html.split("<summary>commander:9</summary>")[1].split("</details>")[0]

    # /ja/ shows the Japanese translation where the corpus has one (800.4a), else the English text (303.4e).
    translated = (DocSection.objects.filter(corpus=ingested, aligned_number="800.4a", source__kind="cr-translation")
                  .exclude(text="").first())
    assert translated is not None
    html = client.get("/ja/scenarios/mind-control-alex-leaves/2/").content.decode()
    popover = html.split("<summary>800.4a</summary>")[1].split("</details>")[0]
    assert 'lang="ja"' in popover and escape(translated.text)[:20] in popover
    untranslated = rules_of(ingested).get(number="303.4e").text
    popover = html.split("<summary>303.4e</summary>")[1].split("</details>")[0]
    assert 'lang="en"' in popover and escape(untranslated)[:30] in popover
