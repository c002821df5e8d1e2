"""The every-page walk: where a player goes on the site, shared by the browser tests that look at each page.

- every page route of the URL resolver (tests/web/routes.py; a route with parameters takes its example from
  ``EXAMPLES``, so a new page is walked without touching this file);
- the states a page only shows after something was done (``STATES``: an answer, an error, a resolution, a
  refused press, a search that needs help...);
- every step of every worked ruling (``SCENARIOS``, ``walk_scenario``).

The walk says where to go; a test says what to check there with its ``look(page, name)``, called for each
page the walk reaches (tests/e2e/test_every_page_ja.py reads its language,
tests/e2e/test_every_page_fits_browser.py checks that nothing sticks out sideways;
tests/e2e/test_touch_browser.py measures the targets of the page routes).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.conftest import current_release
from tests.web.routes import route_names

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ja", "en")

#: Route parameters for the walk (by route name); the tracker's game is made by the walk itself.
EXAMPLES: dict[str, dict[str, Any]] = {
    "rules:detail": {"number": "800.4a"},
    "rules:history": {"number": "903.8"},
    "rules:doc-detail": {"slug": "dtc"},
    "rules:judge-doc": {"kind": "ipg"},
    "rules:judge-doc-section": {"kind": "ipg", "key": "2.5"},
    "rulings:scenario-detail": {"slug": "mind-control-bianca-leaves"},
    "rulings:scenario-step": {"slug": "mind-control-bianca-leaves", "step": 1},
    "cards:detail": {"slug": "breeding-pool"},
}
TRACKER_ROUTES = ("tracker:game", "tracker:history")
#: Routes that are not pages to read, and why.
NOT_PAGES = {
    "favicon.ico": "an icon",
    "tracker:event": "POST only: its answers are the game page, read in the tracker's states",
    "tracker:undo": "POST only: its answers are the game page, read in the tracker's states",
}
PAGE_ROUTES = [
    name for name in route_names() if name not in NOT_PAGES and not name.split(":")[0].endswith("-api")
]
SCENARIOS = sorted(p.stem for p in (ROOT / "rules_data" / "scenarios").glob("*.json"))

#: What a test checks on each page the walk reaches: ``look(page, name)``.
Look = Callable[[Any, str], None]


def route_url(name: str, lang: str, game: str = "") -> str:
    """The path of the page route ``name`` in ``lang`` (a tracker route shows the game ``game``)."""
    kwargs = EXAMPLES.get(name) or ({"slug": game} if name in TRACKER_ROUTES else None)
    with translation.override(lang):
        return reverse(name, kwargs=kwargs)


def visit_route(page: Any, base: str, lang: str, name: str) -> None:
    """Open the page route ``name`` (a tracker route on a game started for it); it answers 200 with HTML."""
    game = ""
    if name in TRACKER_ROUTES:
        game = start_game(page, base, lang).rstrip("/").rsplit("/", 1)[-1]
    response = page.goto(base + route_url(name, lang, game))
    assert response is not None and response.status == 200, (name, response and response.status)
    assert response.headers["content-type"].startswith("text/html")


def walk_scenario(page: Any, base: str, lang: str, slug: str, look: Look) -> None:
    """Every step of the worked ruling ``slug``, each looked at, through its "next" link."""
    # A board's walk starts at step 0 (the board before anything happens); a calculation's at step 1.
    response = page.goto(f"{base}/{lang}/scenarios/{slug}/0/")
    step = 0
    if response is not None and response.status == 404:
        page.goto(f"{base}/{lang}/scenarios/{slug}/1/")
        step = 1
    while True:
        look(page, f"scenario-{slug}-{step}")
        following = page.locator(".sc-pager-top a[rel=next]")
        if not following.count():
            break
        step += 1
        following.click()
        page.wait_for_url(f"**/{slug}/{step}/")
        # The address changes before the swap lands: wait for the new step's own title.
        expect(page.locator("#sc-step-title")).to_have_text(re.compile(rf"^\D*{step}\D"))
    assert step >= 1  # a board's walk went past its step 0


# --------------------------------------------------------------------------- the tracker's game


def start_game(page, base: str, lang: str, variant: str = "commander") -> str:  # type: ignore[no-untyped-def]
    """A game started through the page's form, four seats (names as a Japanese or English table types
    them)."""
    seats = {
        "ja": [
            ("アレックス", "《ラフィーク》"),
            ("ビアンカ", "Atraxa"),
            ("Carol", "クレンコ"),
            ("大輔", "Edgar Markov"),
        ],
        "en": [
            ("Alex", "Rafiq of the Many"),
            ("ビアンカ", "《アトラクサ》"),
            ("Carol", "Krenko"),
            ("Daisuke", "Edgar Markov"),
        ],
    }[lang]
    page.goto(f"{base}/{lang}/tracker/")
    page.select_option("#variant", variant)
    for seat, (name, commander) in enumerate(seats, 1):
        page.fill(f"#name-{seat}", name)
        if variant in (
            "commander",
            "dtc",
        ):  # Two-Headed Giant is tracked without commanders (the form says so)
            page.fill(f"#commander-{seat}", commander)
    page.locator("form.tracker-setup button[type=submit]").click()
    page.wait_for_url(re.compile(r".*/tracker/[A-Za-z0-9_-]{8,32}/$"))
    return page.url


def play_some_turns(page) -> None:  # type: ignore[no-untyped-def]
    """A few changes of every kind, so the history and the board hold them."""

    def press(panel: int, selector: str) -> None:
        before = page.locator("#board").get_attribute("data-revision")
        page.locator(f"#player-{panel} {selector}").first.click()
        expect(page.locator("#board")).not_to_have_attribute("data-revision", before or "")

    page.evaluate("() => document.querySelectorAll('#board details').forEach(d => d.open = true)")
    press(1, "button[value='-5']")
    press(0, "button[name='cast-commander']")
    press(2, ".poison button[value='1']")
    # Commander damage: the board's one form (the player, the commander, the amount).
    before = page.locator("#board").get_attribute("data-revision")
    page.locator("#dmg-player").select_option(index=1)
    page.locator("#dmg-digits").fill("5")
    page.locator("#damage-entry button.dmg-plus").click()
    expect(page.locator("#board")).not_to_have_attribute("data-revision", before or "")
    before = page.locator("#board").get_attribute("data-revision")
    page.locator("button.next-turn").click()
    expect(page.locator("#board")).not_to_have_attribute("data-revision", before or "")
    page.evaluate("() => document.querySelectorAll('#board details').forEach(d => d.open = true)")
    press(3, "button[value='concede']")


# ------------------------------------------------------------------ the states a page shows after a use

#: A state: ``(page, base, lang, look)`` brings ``page`` to it; a state that passes other pages on its way
#: (every document, a second phone) looks at them itself.
State = Callable[[Any, str, str, Look], None]
STATES: dict[str, State] = {}


def state(name: str) -> Callable[[State], State]:
    def register(fn: State) -> State:
        STATES[name] = fn
        return fn

    return register


def goto_states(**paths: str) -> None:
    """States reached by a URL alone (a result is a shareable link): name -> path after /<lang>/."""
    for name, path in paths.items():

        def visit(page, base: str, lang: str, look: Look, path: str = path) -> None:  # type: ignore[no-untyped-def]
            page.goto(f"{base}/{lang}/{path}")

        STATES[name] = visit


goto_states(
    **{
        "calc-tax-answer": (
            "calc/tax/?variant=commander&mana_cost=3GG&previous_casts=2&cast_from=command-zone&reduction=1"
        ),
        "calc-tax-from-hand": "calc/tax/?variant=brawl&mana_cost=2WU/B&cast_from=hand&reduction={W}",
        "calc-tax-errors": "calc/tax/?variant=commander&mana_cost=3QQ&previous_casts=-1&reduction=x",
        "calc-tax-dtc": "calc/tax/?variant=dtc&cost=6&reduction=5&play_number=3",
        "calc-tax-dtc-errors": "calc/tax/?variant=dtc&cost=&play_number=0",
        "calc-tax-planar-die": "calc/tax/?variant=planechase&rolls_this_turn=2&two_headed_giant=1",
        "calc-damage-lost": (
            "calc/commander-damage/?seats=4&name1=Alex&cmdr1=Rafiq&partner3=Tymna&d1a_2=21&d3b_1=20&d3a_4=5"
        ),
        "calc-damage-two-headed-giant": "calc/commander-damage/?seats=4&thg=1&d1a_4=21",
        "calc-damage-errors": "calc/commander-damage/?seats=4&d1a_2=abc&d2a_1=-3",
        "search-hits": "search/?q=統率者税",
        "search-english-hits": "search/?q=commander+tax",
        "search-partial": "search/?q=color+identity+hybrid+mana",
        "search-corrected": "search/?q=comander+tax",
        "search-as-typed": "search/?q=comander+tax&as_typed=1",
        "search-missing-rule": "search/?q=903.9zz",
        "search-nothing": "search/?q=zzqqxxvv",
        "search-filtered-away": "search/?q=統率者税+doc:planechase-wiki",
        "rule-without-japanese": "rules/903.10a/",
        "rule-renumbered-japanese": "rules/805.10f/",
        "rule-section": "rules/903/",
        "rule-chapter": "rules/9/",
        "rule-old-version": "rules/903.8/?version=20200601",
        "rule-unknown-version": "rules/903.8/?version=19990101",
        "rule-missing": "rules/999.1/",
        "rule-changes-since-2023": f"rules/changes/?from=20231117&to={current_release()}",
        "glossary-filtered": "glossary/?q=とうそつ",
        "page-not-found": "no-such-page/",
        "tracker-no-such-game": "tracker/AAAAAAAAAAAA/",
    }
)


@state("glossary-letter-open")
def _glossary_letter(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    """A letter's page with its parts and words opened: on /ja/ the words with no Japanese name (parted by
    their English initial), on /en/ C (Ca, Co, …)."""
    page.goto(f"{base}/{lang}/glossary/?letter={'other' if lang == 'ja' else 'C'}")
    page.locator("#glossary-entries .glossary-part").first.wait_for()
    page.evaluate("() => document.querySelectorAll('#glossary-entries details').forEach(d => d.open = true)")


@state("search-while-typing")
def _search_while_typing(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/")
    page.locator("#site-q").fill("統率者税")
    page.locator("#site-search-results .quick-hits a").first.wait_for()


@state("search-while-typing-partial")
def _search_while_typing_partial(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/")
    page.locator("#site-q").fill("color identity hybrid mana")
    page.locator("#site-search-results .search-partial").first.wait_for()


@state("calc-identity-answer")
def _identity(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/calc/color-identity/")
    page.fill("#identity-names", "Breeding Pool\n《繁殖池》\nFire // Ice\nWort, the Raidfather\nPhelddagrif")
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .identity-card").first).to_be_visible()


@state("calc-identity-problems")
def _identity_problems(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/calc/color-identity/")
    page.fill("#identity-names", "Sol Rnig\nBreeding Pool")
    page.locator("details.identity-json > summary").click()  # the JSON box is an advanced option, folded
    page.fill("#identity-json", '[{"name": "Odd", "mana_cost": 5}, {"colors": ["Q"]}]')
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .errorlist").first).to_be_visible()


def check_deck(page, base: str, lang: str, variant: str, decklist: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/calc/deck-check/")
    page.select_option("#deck-variant", variant)
    page.fill("#deck-list", decklist)
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .answer, #result .errorlist").first).to_be_visible()


@state("calc-deck-legal")
def _deck_legal(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    check_deck(
        page,
        base,
        lang,
        "commander",
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《繁殖池》\n1 砕骨の巨人\n1 Sol Ring\n96 Plains",
    )


@state("calc-deck-problems")
def _deck_problems(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    check_deck(
        page,
        base,
        lang,
        "commander",
        "Commander\n1 Kenrith, the Returned King\n1 Tymna the Weaver\nDeck\n"
        "2 Sol Ring\n1 Sol Rnig\n1 Phelddagrif\n1 Bloodghast\n30 Plains",
    )


@state("calc-deck-dtc-problems")
def _deck_dtc(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    deck = ["統率者", "1 ボルシャック・ドラゴン | 火 | SR | クリーチャー", "デッキ"]
    deck += [f"火のカード{i} | 火 | C | 呪文" for i in range(58)] + [
        "火のカード0 | 火 | C | 呪文",
        "1 謎 | 紫 | ZZ | 呪文",
    ]
    check_deck(page, base, lang, "dtc", "\n".join(deck))


@state("calc-deck-dtc-empty")
def _deck_empty(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    check_deck(page, base, lang, "dtc", "")


def leave_game_states(**presses: tuple[str, str]) -> None:
    """States reached by resolving a preset board: name -> (preset, the button pressed)."""
    for name, (preset, button) in presses.items():

        def resolve(
            page: Any, base: str, lang: str, look: Look, preset: str = preset, button: str = button
        ) -> None:
            page.goto(f"{base}/{lang}/leave-game/?preset={preset}")
            folded = page.locator(
                "details.lg-leave:not([open]) > summary"
            )  # the one-line bar: a tap opens it
            if folded.count():
                folded.click()
            page.locator(f"button.lg-resolve[value={button}], button[value={button}]").first.click()
            expect(page.locator("#lg-result .lg-outcome, #lg-result .errorlist").first).to_be_visible()

        STATES[name] = resolve


leave_game_states(
    **{
        "leave-game-resolved": ("mind-control", "resolve-0"),
        "leave-game-end-turn": ("until-next-turn", "end-turn"),
        "leave-game-planar-controller": ("planechase", "resolve-0"),
        "leave-game-two-headed-giant": ("two-headed-giant", "resolve-0"),
        "leave-game-dtc-team-loses": ("dtc", "lose-0"),
    }
)


@state("leave-game-board-problem")
def _lg_problem(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    """A board the rules cannot reach, built in the form: an object owned by a player not in the game."""
    page.goto(f"{base}/{lang}/leave-game/")
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    page.fill(
        "#lg-json",
        '{"variant": "free-for-all", "turn_order": ["Alex", "Bianca", "Alex"], '
        '"active_player": "Zed", "objects": [{"id": "x", "name": "Grizzly Bears", "kind": "card", '
        '"owner": "Nobody", "controller": "Bianca", "zone": "battlefield"}]}',
    )
    page.locator("button[value=load-json]").click()
    # Loading fills the form as pasted (wait for the swapped form: a press before it would resolve the old
    # board); resolving is what checks the board.
    expect(page.locator("form.lg-form li.lg-object h3").first).to_contain_text("Grizzly Bears")
    page.locator("details.lg-leave > summary").click()  # the one-line bar (the swap folded it again)
    page.locator("button[value=resolve-0]").first.click()
    expect(page.locator(".errorlist").first).to_be_visible()


@state("tracker-new-game-problems")
def _tracker_problems(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/tracker/")
    page.fill("#name-1", "Alex")
    page.fill("#name-2", "Alex")
    page.locator("form.tracker-setup button[type=submit]").click()
    expect(page.locator(".errorlist").first).to_be_visible()


@state("tracker-game-with-history")
def _tracker_history(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    url = start_game(page, base, lang)
    page.goto(url + "?seat=0")
    play_some_turns(page)


@state("tracker-history-page")
def _tracker_history_page(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    url = start_game(page, base, lang)
    play_some_turns(page)
    page.goto(url + "history/")


@state("tracker-refused-press")
def _tracker_refused(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    """A second phone presses "next turn" on a table that has moved on: "already done", shown in place."""
    url = start_game(page, base, lang)
    other = page.context.new_page()
    other.goto(url)
    # Hold the second phone's polls before the first one presses: a poll between the press and the hold
    # would bring it the new turn, and its press would then be a fresh one, accepted.
    game_path = re.compile(r".*/tracker/[A-Za-z0-9_-]{8,32}/$")
    other.route(
        game_path, lambda route: route.abort() if route.request.method == "GET" else route.continue_()
    )
    page.locator("button.next-turn").click()
    expect(page.locator(".turn strong")).not_to_have_text(re.compile("アレックス|Alex"))
    page.close()
    expect(other.locator(".turn strong")).to_have_text(re.compile("アレックス|Alex"))
    with other.expect_response(lambda r: r.request.method == "POST" and "/tracker/" in r.url):
        other.locator("button.next-turn").click()
    expect(other.locator("#board-errors")).to_be_visible()
    other.unroute(game_path)
    look(other, "tracker-refused-press")


@state("tracker-dtc-game")
def _tracker_dtc(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    start_game(page, base, lang, variant="dtc")


@state("tracker-two-headed-giant-game-over")
def _tracker_2hg(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    start_game(page, base, lang, variant="two-headed-giant")
    page.evaluate("() => document.querySelectorAll('#board details').forEach(d => d.open = true)")
    page.locator("#player-0 button[value='concede']").click()
    expect(page.locator(".game-over")).to_be_visible()


@state("documents")
def _documents(page, base: str, lang: str, look: Look) -> None:  # type: ignore[no-untyped-def]
    """Every document's own page, from the list."""
    page.goto(f"{base}/{lang}/docs/")
    links = page.locator("main a[href*='/docs/']").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert len(links) >= 5
    for href in dict.fromkeys(links):
        page.goto(base + href)
        look(page, "doc-" + href.rstrip("/").rsplit("/", 1)[-1])
    page.goto(f"{base}/{lang}/docs/")


def walk_state(page: Any, base: str, lang: str, name: str, look: Look) -> None:
    """Bring ``page`` to the state ``name`` and look at it (unless the state closed it, having looked)."""
    STATES[name](page, base, lang, look)
    if not page.is_closed():
        look(page, name)
