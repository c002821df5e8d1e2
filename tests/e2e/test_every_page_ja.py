"""Every page of the site read as a player reads it on a phone (390×844), in Japanese and in English (issue
10).

The walk: every page route of the URL resolver (tests/web/routes.py; a route with parameters takes its example
from ``EXAMPLES``, so a new page is walked without touching this file), then the states a page only shows
after
something was done (an answer, an error, a resolution, a step, a refused press, a search that needs help...).
For each: a full-page screenshot in test-artifacts/screenshots/ja-sweep/ (every ``<details>`` opened, since a
tap
shows what they hold), nothing wider than the phone, and the reading rule below.

The reading rule. Text is read with its language: the nearest ``lang`` attribute of the element holding it
(the
page's own is ``<html lang>``). Visible text, and the ``title``, ``aria-label`` and ``alt`` a screen reader
speaks, count; the contents of form fields and the placeholders of inputs do not (they are what is typed, and
a
placeholder is an example of it).

- On /ja/ no text in Japanese holds a word in Latin letters (two letters or more) beyond:
  * text marked with another language (``lang="en"``: the English rule text beside the Japanese, an English
  card
    name with no Japanese one): a reader is told it is English, and so is a screen reader;
  * data shown as it is, marked ``translate="no"`` (names of players and cards as they were typed, a typed
    query), and what is to be typed or read by a program (``<code>``, ``<kbd>``, ``<samp>``): their words
    count as
    data anywhere on the page (a player's name in a sentence), as do the words typed into the page's text
    fields
    and boxes (a pasted board);
  * texts quoted from their authors, marked ``data-quoted`` (a Japanese rules document or translation as it is
    written: its Latin letters are its author's);
  * card names in 《》, mana symbols ({2}{G}), URLs (on /en/ too: a Japanese card name in 《》 is a name);
  * ``TERMS``: the few words Japanese players use as they are (DTC, JSON, ...).
- On /en/ no text in English holds Japanese (kana, kanji, Japanese punctuation) beyond the same data, quotes
and
  text marked ``lang="ja"`` (a Japanese rule text or card name, the language switch's 日本語).

So a page passes by marking what it shows, not by being listed here: a new untranslated string fails the walk.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, SCREENSHOTS
from tests.web.routes import route_names

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

ROOT = Path(__file__).resolve().parents[2]
SHOTS = SCREENSHOTS / "ja-sweep"
LANGS = ("ja", "en")

#: Words Japanese players read as they are, so a Japanese page may show them in Latin letters.
TERMS = frozenset(
    {
        "DTC",
        "DTCS",
        "DTB",  # the Duel Masters Tag Commander formats, as the house rules name them
        "MTG",
        "CR",
        "EDH",  # Magic, the Comprehensive Rules, Commander's old name
        "Lv",
        "APNAP",  # official Japanese terms (Lv系カード, APNAP順)
        "JSON",
        "API",
        "URL",
        "QR",
        "ID",
        "wiki",  # computing words as Japanese pages write them
        "Scryfall",
        "MTGJSON",  # the card databases, by their names
    }
)

#: Route parameters for the walk (by route name); the tracker's game is made by the walk itself.
EXAMPLES: dict[str, dict[str, Any]] = {
    "rules:detail": {"number": "800.4a"},
    "rules:history": {"number": "903.8"},
    "rules:doc-detail": {"slug": "dtc"},
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

# What the page shows: (the element's language, its text with data and other languages cut out) per block of
# text,
# and the words of its data. Run in the page (CDP evaluation is not bound by the page's CSP).
READ = """(lang) => {
  const langOf = el => ((el.closest('[lang]') || document.documentElement).getAttribute('lang') ||
  '').split('-')[0];
  const CUT = 'code, kbd, samp, textarea, select:not([multiple]) > option:not(:checked), [translate=no], '
    + '[data-quoted], .mana-symbol';  // a drawn mana symbol is read by its aria-label, checked below
  const shown = el => el.checkVisibility({visibilityProperty: true});
  const blockOf = el => {
    for (let e = el; e; e = e.parentElement) {
      if (!getComputedStyle(e).display.startsWith('inline')) return e;
    }
    return document.body;
  };
  const blocks = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, template, noscript')) continue;
    const select = el.closest('select');
    if (!shown(select || el)) continue;
    const block = blockOf(select || el);
    if (!blocks.has(block)) blocks.set(block, []);
    const cut = el.closest(CUT) || langOf(el) !== lang;
    blocks.get(block).push(cut ? ' \\u2298 ' : node.textContent);
  }
  const texts = [];
  for (const [block, parts] of blocks) {
    const text = parts.join('').replace(/\\s+/g, ' ').trim();
    if (text && text !== '\\u2298') texts.push({where: block.tagName.toLowerCase() + (block.id ? '#' +
    block.id : '')
      + (block.className && typeof block.className === 'string' ? '.' +
      block.className.trim().split(/\\s+/).join('.') : ''),
      text});
  }
  for (const el of document.querySelectorAll('[title], [aria-label], img[alt]')) {
    if (el.closest('[translate=no], [data-quoted]') || langOf(el) !== lang || !shown(el.closest('select') ||
    el)) continue;
    for (const name of ['title', 'aria-label', 'alt']) {
      const value = el.getAttribute(name);
      if (value) texts.push({where: el.tagName.toLowerCase() + '@' + name, text: value});
    }
  }
  const data = [...document.querySelectorAll('[translate=no], code, kbd, samp')].map(e => e.textContent);
  for (const area of document.querySelectorAll('textarea')) data.push(area.value);
  for (const input of document.querySelectorAll('input')) {
    if (['', 'text', 'search', 'number'].includes(input.getAttribute('type') || '') && shown(input))
    data.push(input.value);
  }
  return {texts, data, width: document.documentElement.scrollWidth};
}"""

LATIN = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ][A-Za-zＡ-Ｚａ-ｚ0-9'’]*(?:-[A-Za-z]+)*")
JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff61-\uff9f]")
NOT_WORDS = re.compile(r"《[^》]*》|\{[^}]*\}|https?://\S+")


def english_words(text: str, data: frozenset[str]) -> list[str]:
    """The Latin words of ``text`` a Japanese reader would have to read as English."""
    words = LATIN.findall(NOT_WORDS.sub(" ", text))
    return [w for w in words if len(w) > 1 and w not in TERMS and w not in data]


def japanese_chars(text: str, data: frozenset[str]) -> list[str]:
    """The Japanese characters of ``text`` an English reader would have to read (card names in 《》 aside)."""
    for word in sorted(data, key=len, reverse=True):
        text = text.replace(word, " ")
    return JAPANESE.findall(NOT_WORDS.sub(" ", text))


def read(page, lang: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """Screenshot the page as it stands, then assert it fits the phone and reads in ``lang`` only."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-{name}.png"), full_page=True)
    seen = page.evaluate(READ, lang)
    assert seen["width"] <= PHONE["width"], f"{page.url} scrolls sideways: {seen['width']} px"
    data_texts = [t for t in seen["data"] if t.strip()]
    if lang == "ja":
        data = frozenset(w for t in data_texts for w in LATIN.findall(t))
        wrong = [(t["where"], t["text"], english_words(t["text"], data)) for t in seen["texts"]]
    else:
        data = frozenset(t.strip() for t in data_texts) | frozenset(w for t in data_texts for w in t.split())
        wrong = [(t["where"], t["text"], japanese_chars(t["text"], data)) for t in seen["texts"]]
    wrong = [w for w in wrong if w[2]]
    assert not wrong, f"{page.url} ({lang}): " + "\n".join(
        f"{where}: {words} in {text[:300]!r}" for where, text, words in wrong
    )


@pytest.fixture(params=LANGS)
def reader(browser, request):  # type: ignore[no-untyped-def]
    """A phone whose browser asks for the page's language; JavaScript errors fail the test."""
    lang = request.param
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP" if lang == "ja" else "en-US"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, lang
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


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
    press(0, "button[value='cast-commander']")
    press(2, ".poison button[value='1']")
    press(1, ".commander-damage button[value='5']")
    before = page.locator("#board").get_attribute("data-revision")
    page.locator("button.next-turn").click()
    expect(page.locator("#board")).not_to_have_attribute("data-revision", before or "")
    page.evaluate("() => document.querySelectorAll('#board details').forEach(d => d.open = true)")
    press(3, "button[value='concede']")


# --------------------------------------------------------------------------- the states a page shows after a
# use

State = Callable[[Any, str, str], None]
STATES: dict[str, State] = {}


def state(name: str) -> Callable[[State], State]:
    def register(fn: State) -> State:
        STATES[name] = fn
        return fn

    return register


def goto_states(**paths: str) -> None:
    """States reached by a URL alone (a result is a shareable link): name -> path after /<lang>/."""
    for name, path in paths.items():

        def visit(page, base: str, lang: str, path: str = path) -> None:  # type: ignore[no-untyped-def]
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
        "rule-changes-since-2023": "rules/changes/?from=20231117&to=20260116",
        "glossary-filtered": "glossary/?q=とうそつ",
        "page-not-found": "no-such-page/",
        "tracker-no-such-game": "tracker/AAAAAAAAAAAA/",
    }
)


@state("search-while-typing")
def _search_while_typing(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/")
    page.locator("#site-q").fill("統率者税")
    page.locator("#site-search-results .quick-hits a").first.wait_for()


@state("search-while-typing-partial")
def _search_while_typing_partial(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/")
    page.locator("#site-q").fill("color identity hybrid mana")
    page.locator("#site-search-results .search-partial").first.wait_for()


@state("calc-identity-answer")
def _identity(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/calc/color-identity/")
    page.fill("#identity-names", "Breeding Pool\n《繁殖池》\nFire // Ice\nWort, the Raidfather\nPhelddagrif")
    page.locator("form.calc-form button[type=submit]").click()
    expect(page.locator("#result .identity-card").first).to_be_visible()


@state("calc-identity-problems")
def _identity_problems(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/calc/color-identity/")
    page.fill("#identity-names", "Sol Rnig\nBreeding Pool")
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
def _deck_legal(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    check_deck(
        page,
        base,
        lang,
        "commander",
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 《繁殖池》\n1 砕骨の巨人\n1 Sol Ring\n96 Plains",
    )


@state("calc-deck-problems")
def _deck_problems(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    check_deck(
        page,
        base,
        lang,
        "commander",
        "Commander\n1 Kenrith, the Returned King\n1 Tymna the Weaver\nDeck\n"
        "2 Sol Ring\n1 Sol Rnig\n1 Phelddagrif\n1 Bloodghast\n30 Plains",
    )


@state("calc-deck-dtc-problems")
def _deck_dtc(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    deck = ["統率者", "1 ボルシャック・ドラゴン | 火 | SR | クリーチャー", "デッキ"]
    deck += [f"火のカード{i} | 火 | C | 呪文" for i in range(58)] + [
        "火のカード0 | 火 | C | 呪文",
        "1 謎 | 紫 | ZZ | 呪文",
    ]
    check_deck(page, base, lang, "dtc", "\n".join(deck))


@state("calc-deck-dtc-empty")
def _deck_empty(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    check_deck(page, base, lang, "dtc", "")


def leave_game_states(**presses: tuple[str, str]) -> None:
    """States reached by resolving a preset board: name -> (preset, the button pressed)."""
    for name, (preset, button) in presses.items():

        def resolve(page: Any, base: str, lang: str, preset: str = preset, button: str = button) -> None:
            page.goto(f"{base}/{lang}/leave-game/?preset={preset}")
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
def _lg_problem(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
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
    page.locator("button[value=resolve-0]").first.click()
    expect(page.locator(".errorlist").first).to_be_visible()


@state("tracker-new-game-problems")
def _tracker_problems(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base}/{lang}/tracker/")
    page.fill("#name-1", "Alex")
    page.fill("#name-2", "Alex")
    page.locator("form.tracker-setup button[type=submit]").click()
    expect(page.locator(".errorlist").first).to_be_visible()


@state("tracker-game-with-history")
def _tracker_history(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    url = start_game(page, base, lang)
    page.goto(url + "?seat=0")
    play_some_turns(page)


@state("tracker-history-page")
def _tracker_history_page(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    url = start_game(page, base, lang)
    play_some_turns(page)
    page.goto(url + "history/")


@state("tracker-refused-press")
def _tracker_refused(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A second phone presses "next turn" on a table that has moved on: "already done", shown in place."""
    url = start_game(page, base, lang)
    other = page.context.new_page()
    other.goto(url)
    page.locator("button.next-turn").click()
    expect(page.locator(".turn strong")).not_to_have_text(re.compile("アレックス|Alex"))
    game_path = re.compile(r".*/tracker/[A-Za-z0-9_-]{8,32}/$")
    other.route(
        game_path, lambda route: route.abort() if route.request.method == "GET" else route.continue_()
    )
    page.close()
    other.locator("button.next-turn").click()
    expect(other.locator("#board-errors")).to_be_visible()
    other.unroute(game_path)
    read(other, lang, "tracker-refused-press")


@state("tracker-dtc-game")
def _tracker_dtc(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    start_game(page, base, lang, variant="dtc")


@state("tracker-two-headed-giant-game-over")
def _tracker_2hg(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    start_game(page, base, lang, variant="two-headed-giant")
    page.evaluate("() => document.querySelectorAll('#board details').forEach(d => d.open = true)")
    page.locator("#player-0 button[value='concede']").click()
    expect(page.locator(".game-over")).to_be_visible()


@state("documents")
def _documents(page, base: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Every document's own page, from the list."""
    page.goto(f"{base}/{lang}/docs/")
    links = page.locator("main a[href*='/docs/']").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert len(links) >= 5
    for href in dict.fromkeys(links):
        page.goto(base + href)
        read(page, lang, "doc-" + href.rstrip("/").rsplit("/", 1)[-1])
    page.goto(f"{base}/{lang}/docs/")


# --------------------------------------------------------------------------- the tests


def route_url(name: str, lang: str, game: str = "") -> str:
    kwargs = EXAMPLES.get(name) or ({"slug": game} if name in TRACKER_ROUTES else None)
    with translation.override(lang):
        return reverse(name, kwargs=kwargs)


@pytest.mark.parametrize("name", PAGE_ROUTES)
def test_every_page_reads_in_its_language(reader, site_url, name):  # type: ignore[no-untyped-def]
    page, lang = reader
    game = ""
    if name in TRACKER_ROUTES:
        game = start_game(page, site_url, lang).rstrip("/").rsplit("/", 1)[-1]
    response = page.goto(site_url + route_url(name, lang, game))
    assert response is not None and response.status == 200, (name, response and response.status)
    assert response.headers["content-type"].startswith("text/html")
    read(page, lang, name.replace(":", "-"))


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_state_reads_in_its_language(reader, site_url, name):  # type: ignore[no-untyped-def]
    page, lang = reader
    STATES[name](page, site_url, lang)
    if not page.is_closed():
        read(page, lang, name)


@pytest.mark.parametrize("slug", SCENARIOS)
def test_every_step_of_every_worked_ruling_reads_in_its_language(reader, site_url, slug):  # type: ignore[no-untyped-def]
    page, lang = reader
    # A board's walk starts at step 0 (the board before anything happens); a calculation's at step 1.
    response = page.goto(f"{site_url}/{lang}/scenarios/{slug}/0/")
    step = 0
    if response is not None and response.status == 404:
        page.goto(f"{site_url}/{lang}/scenarios/{slug}/1/")
        step = 1
    while True:
        read(page, lang, f"scenario-{slug}-{step}")
        following = page.locator(".sc-pager-top a[rel=next]")
        if not following.count():
            break
        step += 1
        following.click()
        page.wait_for_url(f"**/{slug}/{step}/")
        # The address changes before the swap lands: wait for the new step's own title.
        expect(page.locator("#sc-step-title")).to_have_text(re.compile(rf"^\D*{step}\D"))
    assert step >= 1  # a board's walk went past its step 0
