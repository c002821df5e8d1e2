"""Every page of the site read as a player reads it on a phone (390×844), in Japanese and in English
(issue 10).

The walk (tests/e2e/walk.py): every page route, the states a page only shows after something was done, and
every step of every worked ruling. For each: a full-page screenshot in test-artifacts/screenshots/ja-sweep/
(every ``<details>`` opened, since a tap shows what they hold), nothing wider than the phone, and the reading
rule below.

The reading rule. Text is read with its language: the nearest ``lang`` attribute of the element holding it
(the page's own is ``<html lang>``). Visible text, and the ``title``, ``aria-label`` and ``alt`` a screen
reader speaks, count; the contents of form fields and the placeholders of inputs do not (they are what is
typed, and a placeholder is an example of it).

- On /ja/ no text in Japanese holds a word in Latin letters (two letters or more) beyond:
  * text marked with another language (``lang="en"``: the English rule text beside the Japanese, an English
    card name with no Japanese one): a reader is told it is English, and so is a screen reader;
  * data shown as it is, marked ``translate="no"`` (names of players and cards as they were typed, a typed
    query), and what is to be typed or read by a program (``<code>``, ``<kbd>``, ``<samp>``): their words
    count as data anywhere on the page (a player's name in a sentence), as do the words typed into the page's
    text fields and boxes (a pasted board);
  * texts quoted from their authors, marked ``data-quoted`` (a Japanese rules document or translation as it is
    written: its Latin letters are its author's);
  * card names in 《》, mana symbols ({2}{G}), URLs (on /en/ too: a Japanese card name in 《》 is a name);
  * ``TERMS``: the few words Japanese players use as they are (DTC, JSON, ...).
- On /en/ no text in English holds Japanese (kana, kanji, Japanese punctuation) beyond the same data, quotes
  and text marked ``lang="ja"`` (a Japanese rule text or card name, the language switch's 日本語).

So a page passes by marking what it shows, not by being listed here: a new untranslated string fails the walk.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import PHONE, SCREENSHOTS
from tests.e2e.walk import LANGS, PAGE_ROUTES, SCENARIOS, STATES, visit_route, walk_scenario, walk_state

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

SHOTS = SCREENSHOTS / "ja-sweep"

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
        "MTR",
        "IPG",
        "JAR",
        "REL",  # the judge's documents and the Rules Enforcement Level, as Japanese judges name them
        "JSON",
        "API",
        "URL",
        "QR",
        "ID",
        "wiki",  # computing words as Japanese pages write them
        "Scryfall",
        "MTGJSON",  # the card databases, by their names
        "Spellbook",  # Commander Spellbook, the combo database, named beside コマンダー・スペルブック
    }
)

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
    # A long page (the changes since 2023) takes its time on a loaded machine: a deadline, not a wait.
    page.screenshot(path=str(SHOTS / f"{lang}-{name}.png"), full_page=True, timeout=120_000)
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


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize("name", PAGE_ROUTES)
def test_every_page_reads_in_its_language(reader, site_url, name):  # type: ignore[no-untyped-def]
    page, lang = reader
    visit_route(page, site_url, lang, name)
    read(page, lang, name.replace(":", "-"))


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_state_reads_in_its_language(reader, site_url, name):  # type: ignore[no-untyped-def]
    page, lang = reader
    walk_state(page, site_url, lang, name, lambda shown, where: read(shown, lang, where))


@pytest.mark.parametrize("slug", SCENARIOS)
def test_every_step_of_every_worked_ruling_reads_in_its_language(reader, site_url, slug):  # type: ignore[no-untyped-def]
    page, lang = reader
    walk_scenario(page, site_url, lang, slug, lambda shown, where: read(shown, lang, where))
