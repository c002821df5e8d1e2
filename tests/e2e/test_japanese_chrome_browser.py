"""What a Japanese-only reader meets on the main /ja/ pages (the audit), on a phone (390×844): no internals
in the site's own words — no JSON field names (snake_case, camelCase), file names (.txt, .json, .tsv),
Python reprs (None, True, Traceback, <… object at 0x…>), message codes (web.not-json, tax.start) — and
every error a Japanese sentence.

Scoped to the site's chrome: headings, navigation, labels, answers, error lists, step texts. English the
page shows on purpose is left out as the page marks it: a rule's English text and English card names
(``lang="en"``), data as typed (``translate="no"``, the contents of fields), quoted texts
(``data-quoted``), and what is typed or read by a program (``<code>``, ``<kbd>``, ``<samp>``).
tests/e2e/test_every_page_ja.py holds every page to the stricter rule (no Latin word at all beyond a few
terms); this walk adds the states an audit reaches that the sweep does not (the search's refusals and
notices, the 400, 403 and 405 pages) and names what it finds by kind.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from judge.engine.texts import CATALOG
from tests.e2e.conftest import PHONE
from tests.e2e.walk import check_deck, walk_state

pytestmark = [pytest.mark.browser, pytest.mark.corpus]

#: (where, text) of each visible block of the page's own Japanese text, and the texts of its error lists.
READ = """() => {
  const CUT = 'script, style, template, noscript, code, kbd, samp, textarea, select, [translate=no], '
    + '[data-quoted], [lang]:not([lang^=ja])';
  const shown = el => el.checkVisibility({visibilityProperty: true});
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const el = node.parentElement;
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (!text || !el || el.closest(CUT) || !shown(el)) continue;
    texts.push({where: el.tagName.toLowerCase() + (el.className ? '.' + el.className : ''), text});
  }
  for (const el of document.querySelectorAll('[title], [aria-label], img[alt]')) {
    if (el.closest(CUT) || !shown(el)) continue;
    for (const name of ['title', 'aria-label', 'alt']) {
      const value = el.getAttribute(name);
      if (value) texts.push({where: el.tagName.toLowerCase() + '@' + name, text: value});
    }
  }
  const ERRORS = '.errorlist li, [role=alert], [role=alert] li, .search-notice';
  const errors = [...document.querySelectorAll(ERRORS)]
    .filter(el => shown(el) && !el.closest('[lang]:not([lang^=ja])'))
    .map(el => el.innerText.replace(/\\s+/g, ' ').trim()).filter(Boolean);
  return {texts, errors, lang: document.documentElement.lang, width: document.documentElement.scrollWidth};
}"""

#: The message codes' domains (tax., web., board., ...), so a code shown as it is is caught by its prefix.
DOMAINS = sorted({code.split(".")[0] for code in CATALOG})
DENY = {
    "a JSON field name (snake_case)": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "a JSON field name (camelCase)": re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b"),
    "a file name": re.compile(r"\b[\w-]+\.(?:txt|json|tsv|csv|py|html|md|po|sqlite3)\b", re.IGNORECASE),
    "a Python value": re.compile(r"\b(?:None|True|False|Traceback|NaN)\b|object at 0x|\{'|\['"),
    "a message code": re.compile(r"\b(?:" + "|".join(DOMAINS) + r")\.[a-z][a-z0-9-]*\b"),
    # Four English words in a row in the site's own Japanese text: an untranslated sentence.
    "an English sentence": re.compile(r"\b[A-Za-z][a-z']+(?: [A-Za-z][a-z']+){3,}"),
}
#: Addresses (a link's text may be its URL) and card names in 《》 (a name as the card data spells it).
NOT_CHROME = re.compile(r"https?://\S+|\b[\w.-]+\.(?:com|org|net|io)(?:/\S*)?|《[^》]*》")
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def internals(text: str) -> list[tuple[str, str]]:
    """(kind, word) of each internal name in ``text`` (addresses and card names aside)."""
    text = NOT_CHROME.sub(" ", text)
    return [(kind, m.group(0)) for kind, pattern in DENY.items() for m in pattern.finditer(text)]


def look(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """The page in Japanese, on the phone, with no internals in its chrome and every error in Japanese."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    seen = page.evaluate(READ)
    assert seen["lang"] == "ja", f"{name} ({page.url}): <html lang={seen['lang']!r}>"
    assert seen["width"] <= PHONE["width"], f"{name} ({page.url}) scrolls sideways: {seen['width']} px"
    found = [
        (t["where"], kind, word, t["text"][:200])
        for t in seen["texts"]
        for kind, word in internals(t["text"])
    ]
    assert not found, f"{name} ({page.url}):\n" + "\n".join(
        f"  {where}: {kind} {word!r} in {text!r}" for where, kind, word, text in found
    )
    english = [e for e in seen["errors"] if not JAPANESE.search(e)]
    assert not english, f"{name} ({page.url}): errors not in Japanese: {english}"


#: The main pages, each by its path after /ja/, and the states of tests/e2e/walk.py that show answers.
PAGES = {
    "home": "",
    "rules-index": "rules/",
    "rule": "rules/903.8/",
    "rule-leave-game": "rules/800.4a/",
    "rule-history": "rules/903.8/history/",
    "glossary": "glossary/",
    "translation-status": "rules/translation-status/",
    "changes": "rules/changes/",
    "search": "search/",
    "search-only-excluded": "search/?q=-tax",
    "search-bad-filters": "search/?q=lang:xx+version:1+doc:zz+tax",
    "search-unknown-document": "search/?q=doc:no-such-doc+tax",
    "search-dangling-not": "search/?q=commander+NOT",
    "search-old-version": "search/?q=commander+version:20200601",
    "search-too-long": "search/?q=" + "tax+" * 200,
    "calc-index": "calc/",
    "calc-tax": "calc/tax/",
    "calc-damage": "calc/commander-damage/",
    "calc-identity": "calc/color-identity/",
    "calc-deck": "calc/deck-check/",
    "brackets": "calc/brackets/",
    "leave-game": "leave-game/",
    "rulings-index": "rulings/",
    "scenario-list": "scenarios/",
    "scenario-step": "scenarios/mind-control-bianca-leaves/1/",
    "tracker-new": "tracker/",
    "offline": "offline/",
    "not-found": "no-such-page/",
    "card-not-found": "cards/no-such-card/",
    "rule-out-of-range": "rules/9999.99/",
    "step-out-of-range": "scenarios/mind-control-bianca-leaves/99999999999999999999/",
    "bad-request": "rules/?" + "&".join(["q=a"] * 6000),
    # Issue 40: the undated excerpt's rule, a rule stated by the Commander rules, the excerpt's own page and a
    # search whose best Japanese is outdated.
    "rule-undated-excerpt": "rules/800.4c/",
    "rule-stated-in-japanese": "rules/903.9a/",
    "doc-excerpt": "docs/cr-excerpt-ja/",
    "search-outdated-japanese": "search/?q=統率者が墓地に置かれたら",
}
WALKED_STATES = [
    "calc-tax-answer",
    "calc-tax-errors",
    "calc-tax-dtc-errors",
    "calc-damage-lost",
    "calc-damage-errors",
    "calc-identity-answer",
    "calc-identity-problems",
    "calc-deck-legal",
    "calc-deck-problems",
    "calc-deck-dtc-problems",
    "leave-game-resolved",
    "leave-game-board-problem",
    "tracker-new-game-problems",
    "tracker-game-with-history",
    "leave-game-end-turn",
    "leave-game-dtc-team-loses",
    "tracker-history-page",
    "tracker-no-such-game",
    "rule-unknown-version",
    "rule-missing",
    "glossary-filtered",
    "search-hits",
    "search-missing-rule",
    "search-nothing",
]


@pytest.fixture()
def phone_ja(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_main_japanese_pages_show_no_internals(phone_ja, site_url, name):  # type: ignore[no-untyped-def]
    phone_ja.goto(f"{site_url}/ja/{PAGES[name]}")
    look(phone_ja, name)


@pytest.mark.parametrize("name", WALKED_STATES)
def test_the_answers_and_errors_show_no_internals(phone_ja, site_url, name):  # type: ignore[no-untyped-def]
    walk_state(phone_ja, site_url, "ja", name, look)


def test_the_brackets_of_a_table_with_a_problem_show_no_internals(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """The brackets table answered: one deck checked, one with a line the check cannot read."""
    phone_ja.goto(f"{site_url}/ja/calc/brackets/")
    phone_ja.fill("#player1", "アレックス")
    phone_ja.fill("#deck1", "統率者\n1 Kenrith, the Returned King\nデッキ\n1 Sol Ring\n98 Plains")
    phone_ja.fill("#player2", "ビアンカ")
    phone_ja.fill("#deck2", "1 Sol Rnig\n2 ???\n" + "x" * 300)
    phone_ja.locator("form button[type=submit].primary").click()
    expect(phone_ja.locator("#result, .errorlist").first).to_be_visible()
    look(phone_ja, "brackets-answer")


def test_the_refusals_of_a_wrong_method_and_a_missing_token_are_japanese_pages(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """A link followed to an address that takes only POST (405), and a form posted without its token (403:
    a browser's POST to any page meets the token check first), as a browser gets them."""
    answer = phone_ja.goto(f"{site_url}/ja/tracker/AAAAAAAAAAAA/event/")
    assert answer is not None and answer.status == 405
    expect(phone_ja.locator("h1")).to_have_text("この方法では開けません")
    expect(phone_ja.locator("[role=alert]")).to_contain_text("このアドレスは GET を受け付けません")
    look(phone_ja, "refused-405")
    phone_ja.goto(f"{site_url}/ja/")
    with phone_ja.expect_navigation() as sent:
        phone_ja.evaluate(
            "() => { const f = document.createElement('form'); f.method = 'post'; f.action = '/ja/tracker/'; "
            "document.body.append(f); f.submit(); }"
        )
    assert sent.value is not None and sent.value.status == 403
    expect(phone_ja.locator("h1")).to_have_text("送信できませんでした")
    look(phone_ja, "refused-403")


def test_dates_read_as_dates_and_the_footer_names_no_file(phone_ja, site_url):  # type: ignore[no-untyped-def]
    # Issue 40 item 6: 「2026年1月16日発効」, not 「20260116 版」; the footer names no installed file.
    phone_ja.goto(f"{site_url}/ja/rules/903.8/")
    source = phone_ja.locator(".rule-en p.source")
    expect(source).to_have_text(re.compile(r"^出典: 総合ルール（\d{4}年\d{1,2}月\d{1,2}日発効）$"))
    footer = phone_ja.locator("footer.site-footer")
    expect(footer).not_to_contain_text("ファイル")
    phone_ja.goto(f"{site_url}/ja/docs/cr-excerpt-ja/")
    expect(phone_ja.locator("main")).not_to_contain_text(".txt")


# --- Issue 40 item 6: Japanese only on /ja/ -------------------------------------------------------------

#: A release's raw number ("20260116") in the site's own text; "version:20260116" is search syntax.
RAW_RELEASE = re.compile(r"(?<![\d:=/-])(?:19|20)\d{6}(?!\d)")
#: A mana symbol left as typed ("{1}{G}{W}{U}", "{R/W}", "{T}").
RAW_MANA = re.compile(r"\{[0-9WUBRGCXTP/]{1,7}\}")
#: What a player read where only an operator should: the server, its data, a half-English coinage.
OPERATOR = ("サーバー", "印刷版データ", "スペルブックの読み方")


def own_texts(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The page's own visible Japanese text (READ: rule texts in English, quotes and data left out)."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    return [t["text"] for t in page.evaluate(READ)["texts"]]


@pytest.mark.parametrize(
    "path",
    [
        "",
        "rules/903.8/",
        "rules/903.8/?version=20200601",
        "rules/903.8/history/",
        "rules/903.9/history/",
        "rules/changes/",
        "rules/translation-status/",
        "glossary/",
        "docs/",
        "docs/cr-excerpt-ja/",
        "search/?q=commander+version:20200601",
    ],
)
def test_a_release_is_shown_as_the_date_it_took_effect(phone_ja, site_url, path):  # type: ignore[no-untyped-def]
    """「2026年1月16日発効」, never 「20260116 版」: the number stays in addresses and in ``version:``."""
    phone_ja.goto(f"{site_url}/ja/{path}")
    raw = [(m.group(0), text[:120]) for text in own_texts(phone_ja) for m in RAW_RELEASE.finditer(text)]
    assert not raw, f"/ja/{path}: {raw}"
    assert not [t for t in own_texts(phone_ja) if re.search(r"\d\s*版", t)], path
    look(phone_ja, f"dates {path}")


def test_the_version_switch_names_each_release_by_its_date(phone_ja, site_url):  # type: ignore[no-untyped-def]
    phone_ja.goto(f"{site_url}/ja/rules/903.8/")
    options = phone_ja.locator("#version option")
    expect(options.first).to_have_text(re.compile(r"^\d{4}年\d{1,2}月\d{1,2}日発効 \(現行\)$"))
    assert all(re.fullmatch(r"\d{8}", v) for v in options.evaluate_all("os => os.map(o => o.value)"))
    phone_ja.goto(f"{site_url}/ja/rules/changes/")
    expect(phone_ja.locator("#from option").first).to_have_text(
        re.compile(r"^\d{4}年\d{1,2}月\d{1,2}日発効$")
    )


def test_identity_steps_name_the_card_in_japanese_and_draw_its_mana(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """《繁殖池》 where the card data knows it (《Phelddagrif》 has no Japanese name: it stays English); its
    land types' {T} and mana drawn as symbols with Japanese labels."""
    phone_ja.goto(f"{site_url}/ja/calc/color-identity/")
    phone_ja.fill("#identity-names", "Breeding Pool\nPhelddagrif")
    phone_ja.locator("form.calc-form button[type=submit]").click()
    pool = phone_ja.locator("#result .identity-card").first
    expect(pool.locator(".step-text").last).to_have_text("《繁殖池》の固有色：青緑")
    expect(pool).not_to_contain_text("《Breeding Pool》")
    expect(pool.locator(".step-text [role=img][aria-label='タップ・シンボル']").first).to_be_attached()
    expect(phone_ja.locator("#result .identity-card").nth(1)).to_contain_text("《Phelddagrif》の固有色")
    steps = phone_ja.locator("#result .step-text").all_inner_texts()  # the form's help shows how to type them
    assert steps and not [t for t in steps if RAW_MANA.search(t)]
    look(phone_ja, "identity-japanese-names")


def test_a_worked_rulings_costs_are_drawn_not_typed(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """The colour-identity ruling's {1}{G}{W}{U} and hybrid {R/W}: symbols with Japanese spoken labels."""
    phone_ja.goto(f"{site_url}/ja/scenarios/color-identity-examples/1/")
    step = phone_ja.locator("#scenario-step")
    expect(step.locator("[aria-label='赤マナか白マナ（混成）']").first).to_be_attached()
    expect(step.locator(".sc-cards .bd-details [role=img]").first).to_be_attached()
    raw = [t for t in own_texts(phone_ja) if RAW_MANA.search(t)]
    assert not raw, raw
    look(phone_ja, "ruling-mana")


def test_the_leave_game_board_is_never_json_first(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """The board's JSON is one closed tap, labelled in Japanese; the page of a large board's JSON reads the
    board player by player."""
    phone_ja.goto(f"{site_url}/ja/leave-game/")
    phone_ja.locator("details.lg-full > summary").click()
    advanced = phone_ja.locator("details.lg-advanced")
    expect(advanced).not_to_have_attribute("open", "")
    expect(advanced.locator("> summary")).to_have_text(re.compile("^上級者向け: 盤面のJSON"))
    expect(phone_ja.locator("#lg-json")).to_be_hidden()
    shown = phone_ja.locator("main").inner_text()  # what is rendered, the closed JSON left out
    assert '"variant"' not in shown and "free-for-all" not in shown
    look(phone_ja, "leave-game-json-closed")


def test_brackets_and_deck_notes_speak_to_the_player(phone_ja, site_url):  # type: ignore[no-untyped-def]
    """The notes a player reads beside the estimate and the deck check: no server, no data, Commander
    Spellbook named as コマンダー・スペルブック."""
    phone_ja.goto(f"{site_url}/ja/calc/brackets/")
    phone_ja.fill("#player1", "アレックス")
    phone_ja.fill("#deck1", "統率者\n1 Kenrith, the Returned King\nデッキ\n1 Sol Ring\n98 Plains")
    phone_ja.locator("form button[type=submit].primary").click()
    expect(phone_ja.locator("#result").first).to_be_visible()
    texts = own_texts(phone_ja)
    assert not [(w, t) for t in texts for w in OPERATOR if w in t]
    assert any("コマンダー・スペルブック" in t for t in texts)
    check_deck(
        phone_ja,
        site_url,
        "ja",
        "commander",
        "統率者\n1 Kenrith, the Returned King\nデッキ\n1 Sol Ring\n98 Plains",
    )
    assert not [(w, t) for t in own_texts(phone_ja) for w in OPERATOR if w in t]
