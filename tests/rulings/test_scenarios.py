"""Worked rulings: the list, every step of every scenario in both languages, navigation and rule popovers."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from judge.engine.scenarios import Scenario, load_scenarios
from judge.rulings import selectors as scenario_selectors
from judge.web.citations import rule_ref_url
from judge.web.templatetags.web_tags import mana_symbols

#: The players' names on each language's pages (judge.rulings.selectors.PLAYER_NAMES).
NAMES = {"en": {"Alex": "Alex", "Bianca": "Bianca"}, "ja": {"Alex": "アレックス", "Bianca": "ビアンカ"}}

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "rules_data" / "scenarios"
SCENARIOS = load_scenarios(SCENARIOS_DIR)
BOARD_KINDS = {"leave-game", "end-turn", "dtc-loss", "dtc-attack", "combat-damage"}


def first_step(scenario: Scenario) -> int:
    """Every ruling starts at step 0 (issue 34): the board it starts from, or what a calculator's ruling
    asks."""
    return 0


def starts_from_a_board(scenario: Scenario) -> bool:
    first = next(s for s in scenario.steps if s.kind is not None)
    return first.kind in BOARD_KINDS


STEPS = [(s.slug, n) for s in SCENARIOS for n in range(first_step(s), len(s.steps) + 1)]
HX = {"HTTP_HX_REQUEST": "true"}
# Object ids that could pass for words of a narration are left out of the "no ids" check.
IDS = sorted(
    {
        o["id"]
        for s in SCENARIOS
        for step in s.steps
        if step.payload
        for o in step.payload.get("objects", [])
        if "-" in o["id"]
    }
)


def visible_text(html: str) -> str:
    body = html.split("<main", 1)[1].split("</main>", 1)[0]
    return unescape(re.sub(r"<[^>]+>", " ", body))


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


def test_selector_loads_once_and_groups_by_what_a_ruling_is_about() -> None:
    assert scenario_selectors.all_scenarios() is scenario_selectors.all_scenarios()  # cached per process
    groups = dict(scenario_selectors.grouped_scenarios())
    slugs = {g: {s.slug for s in items} for g, items in groups.items()}
    assert list(groups) == [
        "leaving",
        "commander-damage",
        "commander",
        "two-headed-giant",
        "planechase",
        "dtc",
    ]
    assert {
        "mind-control-alex-leaves",
        "mindslaver-controller-leaves",
        "player-concedes-mid-combat",
        "monarch-and-initiative-holder-leaves",
    } <= slugs["leaving"]
    # Commander damage on its own; Two-Headed Giant (its team leaving and its trample damage) not under
    # Commander.
    assert slugs["commander-damage"] == {
        "commander-damage-beacon-fog-stolen",
        "commander-damage-own-commander-and-partners",
    }
    assert slugs["commander"] == {
        "commander-tax-partners",
        "commander-zone-change",
        "color-identity-examples",
        "japanese-decklist-basics-sideboard-banned",
    }
    assert slugs["two-headed-giant"] == {
        "two-headed-giant-team-leaves",
        "two-headed-giant-trample-shared-life",
        "two-headed-giant-concession-with-a-trigger-on-the-stack",
    }
    assert {
        "banisher-priest-owner-leaves",
        "oblivion-ring-owner-leaves",
        "initiative-holder-leaves-on-his-turn",
        "commander-returned-by-an-until-effect",
    } <= slugs["leaving"]
    assert slugs["dtc"] == {"dtc-commander-tax", "dtc-team-leaves", "dtc-attacking-a-player-with-no-shields"}
    assert slugs["planechase"] == {
        "planar-die-cost-over-a-turn",
        "planechase-planar-controller-leaves",
        "planechase-phenomenon-ability-owner-leaves",
    }
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
        assert f'href="/{lang}/scenarios/{scenario.slug}/{first_step(scenario)}/"' in html
    assert (
        html.index('id="group-leaving"') < html.index('id="group-commander"') < html.index('id="group-dtc"')
    )
    assert "css/scenarios.css" in html


def test_detail_redirects_to_the_first_step(client: Client) -> None:
    response = client.get("/en/scenarios/mind-control-alex-leaves/")
    assert response.status_code == 302 and response["Location"] == "/en/scenarios/mind-control-alex-leaves/0/"
    response = client.get("/en/scenarios/commander-tax-partners/")  # no board to start from: step 0 too
    assert response.status_code == 302 and response["Location"] == "/en/scenarios/commander-tax-partners/0/"
    assert client.get("/en/scenarios/no-such-ruling/").status_code == 404


def drawn(text: str, lang: str) -> str:
    """A text as the page shows it: escaped, its mana symbols drawn as labelled symbols
    (web_tags.mana_symbols)."""
    with translation.override(lang):
        return str(mana_symbols(text))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("slug", "number"), STEPS, ids=[f"{s}-{n}" for s, n in STEPS])
def test_every_step_renders(client: Client, slug: str, number: int, lang: str) -> None:
    scenario = next(s for s in SCENARIOS if s.slug == slug)
    response = client.get(f"/{lang}/scenarios/{slug}/{number}/")
    assert response.status_code == 200
    html = response.content.decode()
    article = html.split('<article id="scenario-step"')[1]
    # Previous and next sit at the top of the step, before anything else of it.
    assert article.index('class="sc-pager sc-pager-top"') < article.index('id="sc-step-title"')
    if number == 0 and starts_from_a_board(scenario):
        heading = "開始時の盤面" if lang == "ja" else "The position at the start"
        assert drawn(scenario.summary.in_(lang), lang) in article and 'class="bd-player"' in article
    elif number == 0:
        heading = "この実例が問うこと" if lang == "ja" else "What this ruling asks"
        assert drawn(scenario.summary.in_(lang), lang) in article
    else:
        step = scenario.steps[number - 1]
        assert drawn(step.narration.in_(lang), lang) in article
        heading = (
            f"手順 {number} / {len(scenario.steps)}"
            if lang == "ja"
            else f"Step {number} of {len(scenario.steps)}"
        )
        assert 'class="sc-change"' in article  # each step's one line of what changed
        for rule in step.rules:  # each one tap away, named as a reader knows it (never "dtc:win-loss")
            url = rule_ref_url(rule).replace("/en/", f"/{lang}/")
            assert f'href="{url}"' in article
            if ":" in rule:
                assert f">{rule}<" not in article
        if step.kind is not None:
            assert 'class="sc-before"' in article and 'class="sc-after"' in article
            assert 'class="lg-steps"' in article  # the engine's explained steps
    assert heading in article
    assert "<table" not in html  # a phone-width page: lists and cards, never a table to scroll sideways
    text = visible_text(html)
    assert not [i for i in IDS if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]  # names, never ids
    assert "objects[" not in text and "control_effects" not in text
    assert 'style="' not in html and "<script>" not in html


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_mana_costs_in_a_step_are_drawn_not_raw(client: Client, lang: str) -> None:
    """A worked ruling's costs (the narration's hybrid {R/W}, a card's {1}{G}{W}{U}, a tax's {G}{U}) are drawn
    as the site draws every cost, with spoken labels in the reader's language (issue 40 item 6)."""
    for path in ("color-identity-examples/1/", "commander-tax-partners/1/"):
        article = (
            client.get(f"/{lang}/scenarios/{path}").content.decode().split('<article id="scenario-step"')[1]
        )
        # A rule's own text (English, or quoted Japanese) is the rule as written.
        ours = re.sub(r'<div class="sc-rule-text"[^>]*>.*?</div>', "", article, flags=re.DOTALL)
        assert not re.findall(r"\{[0-9WUBRGCXT/]+\}", ours), path
    identity = client.get(f"/{lang}/scenarios/color-identity-examples/1/").content.decode()
    assert drawn("{1}{G}{W}{U}", lang) in identity
    assert ("赤マナか白マナ（混成）" if lang == "ja" else "red mana or white mana (hybrid)") in identity


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_step_fragment_for_htmx(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/scenarios/planechase-planar-controller-leaves/2/", **HX)
    assert response.status_code == 200
    html = response.content.decode()
    # The fragment's own <title> first (htmx sets the page's title from it, issue 34), then the step.
    title, _, rest = html.lstrip().partition("</title>")
    assert title.startswith("<title>") and "(2/" in title
    assert "<html" not in html and rest.lstrip().startswith('<article id="scenario-step"')
    assert f'hx-get="/{lang}/scenarios/planechase-planar-controller-leaves/3/"' in html


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_start_position_as_a_fragment_for_htmx(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/scenarios/mind-control-bianca-leaves/0/", **HX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith("<title>")
    assert html.split("</title>", 1)[1].lstrip().startswith('<article id="scenario-step"')
    griffin = "《突撃するグリフィン》" if lang == "ja" else "Assault Griffin"
    assert f'<span class="bd-object">{griffin}</span>' in html and "<html" not in html


def test_previous_and_next_links(client: Client) -> None:
    slug = "planechase-planar-controller-leaves"
    start = client.get(f"/en/scenarios/{slug}/0/").content.decode()
    assert 'rel="prev"' not in start
    assert re.search(
        rf'<a rel="next" class="sc-next" href="/en/scenarios/{slug}/1/" '
        rf'hx-get="/en/scenarios/{slug}/1/" hx-target="#scenario-step"[^>]*hx-push-url="true"',
        start,
    )
    assert start.count('rel="next"') == 2  # at the top and at the bottom
    assert '<span aria-current="step">Start</span>' in start
    middle = client.get(f"/en/scenarios/{slug}/2/").content.decode()
    assert f'rel="prev" class="sc-prev" href="/en/scenarios/{slug}/1/"' in middle
    assert f'rel="next" class="sc-next" href="/en/scenarios/{slug}/3/"' in middle
    assert (
        f'<a href="/en/scenarios/{slug}/0/" hx-get="/en/scenarios/{slug}/0/"' in middle
    )  # back to the start
    last = client.get(f"/en/scenarios/{slug}/3/").content.decode()
    assert f'rel="prev" class="sc-prev" href="/en/scenarios/{slug}/2/"' in last
    assert 'rel="next"' not in last and 'href="/en/scenarios/"' in last
    assert f"http://testserver/en/scenarios/{slug}/3/" in last  # shareable URL


@pytest.mark.parametrize(
    "path",
    [
        "/en/scenarios/no-such-ruling/1/",
        "/en/scenarios/no-such-ruling/0/",
    ],
)
def test_no_such_ruling_is_404(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    ("path", "nearest"),
    [
        ("/en/scenarios/mind-control-alex-leaves/3/", "/en/scenarios/mind-control-alex-leaves/2/"),
        ("/ja/scenarios/mind-control-alex-leaves/99/", "/ja/scenarios/mind-control-alex-leaves/2/"),
    ],
)
def test_out_of_range_step_redirects_to_the_nearest(client: Client, path: str, nearest: str) -> None:
    """Issue 34: a step past the last one is the last one."""
    response = client.get(path)
    assert response.status_code == 302 and response["Location"] == nearest


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_ruling_starts_at_step_0(client: Client, lang: str) -> None:
    """Issue 34: one numbering for every ruling; a calculator's ruling shows what it asks at step 0."""
    for scenario in SCENARIOS:
        response = client.get(f"/{lang}/scenarios/{scenario.slug}/")
        assert response["Location"] == f"/{lang}/scenarios/{scenario.slug}/0/", scenario.slug
    html = client.get(f"/{lang}/scenarios/commander-tax-partners/0/").content.decode()
    asks = "この実例が問うこと" if lang == "ja" else "What this ruling asks"
    assert asks in html and 'rel="next"' in html and 'rel="prev"' not in html


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_page_title_follows_the_step(client: Client, lang: str) -> None:
    """Issue 34: the title names the step, in the full page and in the htmx fragment that replaces it."""
    slug = "monarch-and-initiative-holder-leaves"
    start = "開始" if lang == "ja" else "Start"
    assert f"({start})" in client.get(f"/{lang}/scenarios/{slug}/0/").content.decode().split("</title>")[0]
    for number in (1, 3):
        for headers in ({}, HX):
            html = client.get(f"/{lang}/scenarios/{slug}/{number}/", **headers).content.decode()
            assert f"({number}/4)" in html.split("</title>")[0], (number, headers)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rulings_index_is_the_worked_rulings_list(client: Client, lang: str) -> None:
    response = client.get(f"/{lang}/rulings/")
    assert response.status_code in (301, 302) and response["Location"] == f"/{lang}/scenarios/"


@pytest.mark.parametrize(
    ("lang", "griffin", "mind_control", "gone", "bianca_gets_it"),
    [
        ("en", "Assault Griffin", "Mind Control", "left the game", "battlefield · Bianca"),
        ("ja", "《突撃するグリフィン》", "《精神の制御》", "ゲームから離れた", "戦場 · ビアンカ"),
    ],
)
def test_leave_game_step_shows_board_before_and_after(
    client: Client, lang: str, griffin: str, mind_control: str, gone: str, bianca_gets_it: str
) -> None:
    html = client.get(f"/{lang}/scenarios/mind-control-alex-leaves/2/").content.decode()
    before = html.split('class="sc-before"')[1].split('class="sc-after"')[0]
    after = html.split('class="sc-after"')[1].split('class="sc-engine"')[0]
    # Before: a card per player; Alex, who leaves, controls Bianca's creature (on /ja/ the players have
    # the names the Japanese story gives them).
    alex = before.split(f'<h4 class="bd-name">{NAMES[lang]["Alex"]}</h4>')[1].split("</li>\n  \n    <li")[0]
    assert (">leaves the game<" if lang == "en" else ">ゲームから離れる<") in alex
    assert f'<span class="bd-object">{griffin}</span>' in alex
    owner = "owner: Bianca" if lang == "en" else "オーナー：ビアンカ"
    assert owner in alex
    # After: each object before -> after, by name.
    assert re.search(
        rf'<li class="lg-gone lg-left-game">\s*<span class="bd-object">{mind_control}</span>.*?'
        rf"<strong>{gone}</strong>",
        after,
        re.S,
    )
    assert re.search(
        rf'<li class="lg-changed">\s*<span class="bd-object">{griffin}</span>.*?'
        rf'<span class="lg-zone">{bianca_gets_it}</span>',
        after,
        re.S,
    )
    assert f'href="/{lang}/rules/800.4a/">800.4a</a>' in html
    assert "assault-griffin" not in visible_text(html) and "mind-control-effect" not in visible_text(html)


@pytest.mark.parametrize(("lang", "monarch"), [("en", "The monarch"), ("ja", "統治者")])
def test_designations_and_the_end_of_the_game_are_shown_after(
    client: Client, lang: str, monarch: str
) -> None:
    html = client.get(f"/{lang}/scenarios/monarch-and-initiative-holder-leaves/2/").content.decode()
    after = html.split('class="sc-after"')[1]
    alex, bianca = NAMES[lang]["Alex"], NAMES[lang]["Bianca"]
    assert re.search(rf"<dt>{monarch}</dt><dd>{bianca} → {alex}</dd>", after)
    dtc = client.get(f"/{lang}/scenarios/dtc-team-leaves/2/").content.decode().split('class="sc-after"')[1]
    lost = "Lost the game" if lang == "en" else "ゲームに敗北"
    assert re.search(rf"<dt>{lost}</dt><dd>{alex}{', ' if lang == 'en' else '、'}{bianca}</dd>", dtc)
    assert 'class="notice lg-game-over"' in dtc


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_end_of_turn_steps_show_the_board_after(client: Client, lang: str) -> None:
    """The end-turn step of 800.4c: the stolen Bears are exiled as the turn ends, object by object."""
    html = client.get(
        f"/{lang}/scenarios/bribery-act-of-treason-default-controller-leaves/4/"
    ).content.decode()
    after = html.split('class="sc-after"')[1].split('class="sc-engine"')[0]
    exile = "exile" if lang == "en" else "追放領域"
    assert re.search(rf'<li class="lg-changed">.*?<span class="lg-zone">{exile}</span>', after, re.S)
    next_turn = "Next turn" if lang == "en" else "次のターン"
    assert f"<dt>{next_turn}</dt>" in after


def test_other_kinds_render_their_results(client: Client) -> None:
    tax = client.get("/en/scenarios/commander-tax-partners/2/").content.decode()
    assert drawn("{2}{G}{U}", "en") in tax.split('class="sc-after"')[1]
    identity = client.get("/en/scenarios/color-identity-examples/1/").content.decode()
    assert '<span class="sc-identity">W U G</span>' in identity
    identity = client.get("/ja/scenarios/color-identity-examples/1/").content.decode()
    assert '<span class="sc-identity">白・青・緑</span>' in identity
    damage = client.get("/en/scenarios/commander-damage-beacon-fog-stolen/4/").content.decode()
    after = damage.split('class="sc-after"')[1]
    assert '<span class="sc-key">Damage</span> 21</span>' in after and "704.6c" in after
    assert 'href="/en/docs/commander-rules/#rule-9">Commander rules 9</a>' in damage
    # The commander by its name in the reader's language, the damage source as 発生源, the card as 統率者.
    damage = client.get("/ja/scenarios/commander-damage-beacon-fog-stolen/4/").content.decode()
    before = damage.split('class="sc-before"')[1].split('class="sc-after"')[0]
    assert '<span class="sc-key">発生源</span> 《数多のラフィーク》' in before
    assert '<span class="sc-key">統率者</span> 《数多のラフィーク》' in damage
    assert ">rafiq<" not in damage and "<dd>統率者戦</dd>" in before  # the format keeps its name
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
    popover = html.split("<summary>903.10a</summary>")[1].split("</details>")[0]
    assert escape(english)[:60] in popover and 'lang="en"' in popover
    assert 'href="/en/rules/903.10a/"' in popover
    commander = DocSection.objects.get(corpus=ingested, source__slug="commander-rules", anchor="rule-9").text
    assert escape(commander) in html.split("<summary>Commander rules 9</summary>")[1].split("</details>")[0]

    # /ja/ shows a Japanese translation only of today's rule: the blog excerpt's 800.4a may predate every
    # release loaded (unchecked, issue 40), so today's English, as for a rule with none (303.4e).
    translated = (
        DocSection.objects.filter(corpus=ingested, aligned_number="800.4a", source__kind="cr-translation")
        .exclude(text="")
        .first()
    )
    assert translated is not None
    html = client.get("/ja/scenarios/mind-control-alex-leaves/2/").content.decode()
    popover = html.split("<summary>800.4a</summary>")[1].split("</details>")[0]
    assert 'lang="en"' in popover and escape(translated.text)[:20] not in popover
    assert escape(rules_of(ingested).get(number="800.4a").text)[:40] in popover
    untranslated = rules_of(ingested).get(number="303.4e").text
    popover = html.split("<summary>303.4e</summary>")[1].split("</details>")[0]
    assert 'lang="en"' in popover and escape(untranslated)[:30] in popover
    # Today's English needs no notice about a translation, nor the note on the old term for leaving the game.
    popover = html.split("<summary>800.4a</summary>")[1].split("</details>")[0]
    assert '<p class="notice differs">' not in popover and "ゲームから除外" not in popover


@pytest.mark.corpus
def test_a_renumbered_rule_quotes_the_translation_of_its_text(ingested) -> None:  # type: ignore[no-untyped-def]
    """805.10f today is 805.10g of the translated version: that translation is quoted, with the renumbering
    notice."""
    texts = scenario_selectors.rule_texts(["805.10f", "800.4a"], lang="ja")
    found = texts["805.10f"]
    assert found.lang == "ja" and found.aligned_number == "805.10f"
    assert found.translated_number == "805.10g" and found.text.startswith(
        "戦闘ダメージ・ステップ開始に際して"
    )
    assert texts["800.4a"].lang == "en"  # the blog excerpt's is unchecked (issue 40)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_ruling_replays_as_expected_with_its_players_named_in_each_language(lang: str) -> None:
    """The players renamed for a language (アレックス) are only names: every expectation still holds, and no
    board of a Japanese page names a player in English."""
    english = set(scenario_selectors.PLAYER_NAMES["ja"])
    for found in scenario_selectors.all_scenarios(lang):
        for step in found.steps:
            assert step.matched, (lang, found.slug, step.index, step.mismatches)
            if lang == "ja" and step.board_before is not None:
                assert not english & {p for p in step.board_before.turn_order}, (found.slug, step.index)
