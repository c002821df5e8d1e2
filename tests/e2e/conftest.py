"""End-to-end tests: the real site, served on localhost, driven in Debian's Chromium with Playwright.

A session fixture migrates and ingests the real corpus into a throwaway SQLite
database, starts `manage.py runserver` on a free loopback port, and launches
headless Chromium (/usr/bin/chromium; `.ci/run` installs it). Screenshots go
to test-artifacts/screenshots/ (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import corpus_dir

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("JUDGE_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
#: A phone held upright and sideways, for the tests that read a page both ways.
VIEWPORTS = {"portrait": PHONE, "landscape": {"width": 844, "height": 390}}
#: The browser's language for each of the site's.
LOCALES = {"ja": "ja-JP", "en": "en-US"}
#: How long the test server may take to answer its first request (a deadline against a hang, not a wait).
SERVER_START_SECONDS = 300
#: How long an expect() waits for the state it asserts (its actions keep Playwright's 30 s).
EXPECT_TIMEOUT_MS = 20_000


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _between_asks(server: subprocess.Popen[bytes]) -> None:
    """Between two asks of /healthz: a moment, or until the server's process ends (seen by the next ask)."""
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=0.2)


@contextlib.contextmanager
def serve(work: Path, corpus: Path, *, cards: Path | None = None, ingest: bool = True) -> Iterator[str]:
    """Migrate, ingest ``corpus`` and import the test cards (``cards``: another folder of card files) into a
    database in ``work``, and serve the site. ``ingest=False`` serves pages that need no rules corpus."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "judge.settings.dev",
        "DJANGO_DEBUG": "0",  # the pages a reader gets (404 included), not Django's debug pages
        "DATABASE_URL": f"sqlite:///{work / 'db.sqlite3'}",
        "JUDGE_INDEX_DIR": str(work / "index"),
        "JUDGE_CORPUS_DIR": str(corpus),
        # Every browser test starts its games from 127.0.0.1: the walks alone start more than the 30 an
        # hour one client may (the limit has its own tests in tests/tracker).
        "JUDGE_TRACKER_NEW_GAME_RATE": "100000/h",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True, cwd=ROOT)
    if ingest:
        subprocess.run([*manage, "ingest"], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    # The small card files (Scryfall's cards and rulings, MTGJSON's Japanese names), each recognised by
    # content.
    cards = cards or ROOT / "tests" / "fixtures" / "cards"
    subprocess.run(
        [*manage, "import_cards", str(cards)], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL
    )
    port = _free_port()
    log = work / "runserver.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [*manage, "runserver", f"127.0.0.1:{port}", "--noreload", "--insecure"],
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        # Up when /healthz answers: on a loaded CI machine Django's start can take far longer than usual,
        # so wait for the answer (or the process's end), with a deadline only against a hang.
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=5)
                break
            except urllib.error.HTTPError:
                if time.monotonic() > deadline:
                    pytest.fail("the e2e server answered /healthz with an error until the deadline")
                _between_asks(server)
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
                    pytest.fail(f"the e2e server did not start (exit {server.poll()}):\n{tail}")
                _between_asks(server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site on the real corpus."""
    with serve(tmp_path_factory.mktemp("e2e-site"), corpus_dir()) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium (see .ci/run)")
    from playwright.sync_api import expect, sync_playwright

    # A state is waited for (never a fixed time), and on a loaded 2-core CI machine an answer can take
    # several seconds: Playwright's 5 s default for expect() failed there while the page was still working.
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-quic",
                "--no-first-run",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@contextlib.contextmanager
def watched_page(context):  # type: ignore[no-untyped-def]
    """A new page of ``context``, the context closed after; a JavaScript error on the page fails the test
    once its steps have run."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture()
def page(browser):  # type: ignore[no-untyped-def]
    with watched_page(browser.new_context(locale="en-US")) as page:
        yield page


@contextlib.contextmanager
def phone_page(  # type: ignore[no-untyped-def]
    browser, *, viewport: dict[str, int] = PHONE, lang: str = "ja", javascript: bool = True
):
    """A page in a phone's browser (touch, ``viewport``, set to ``lang``, ``javascript`` on or off), closed
    after; a JavaScript error on it fails the test once its steps have run (``page.context`` takes it
    offline)."""
    context = browser.new_context(
        viewport=viewport,
        is_mobile=True,
        has_touch=True,
        locale=LOCALES[lang],
        java_script_enabled=javascript,
    )
    with watched_page(context) as page:
        yield page


@pytest.fixture()
def phone_at(browser):  # type: ignore[no-untyped-def]
    """Opens a phone's page (:func:`phone_page`'s keywords), closed and checked for JavaScript errors
    after the test."""
    with contextlib.ExitStack() as stack:
        yield lambda **options: stack.enter_context(phone_page(browser, **options))


@pytest.fixture(params=sorted(VIEWPORTS))
def screen(request, browser) -> Iterator[tuple[object, dict[str, int]]]:  # type: ignore[no-untyped-def]
    """A Japanese phone's page, upright and then sideways, with its viewport."""
    viewport = VIEWPORTS[request.param]
    with phone_page(browser, viewport=viewport) as page:
        yield page, viewport


@pytest.fixture()
def phone(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ja-JP")
    page = context.new_page()
    yield page
    context.close()


#: Resolves once the page is controlled by the service worker (it claims its clients once active): an event,
#: awaited by page.evaluate (the site's CSP forbids the eval that page.wait_for_function needs).
CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise((resolve) =>
  navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), {once: true}))"""


def wait_controlled(page) -> None:  # type: ignore[no-untyped-def]
    """Until the page is the service worker's: from then on every load goes through it."""
    assert page.evaluate(CONTROLLED)


#: Resolves true once the worker keeps the rules the calculators answer by offline.
OFFLINE_RULES_KEPT = "async () => Boolean(await caches.match('/api/calc/offline-rules'))"


def open_offline(page, site_url: str, path: str, *, kept: str = OFFLINE_RULES_KEPT) -> None:  # type: ignore[no-untyped-def]
    """``path`` opened once online under the service worker (until ``kept``, a check for wait_until, holds),
    then again with no connection: the kept copy, marked as saved."""
    from playwright.sync_api import expect

    page.goto(f"{site_url}/ja/")
    wait_controlled(page)
    page.goto(f"{site_url}{path}")  # the page, its scripts and what it answers by are kept
    wait_until(page, kept)
    page.context.set_offline(True)
    page.goto(f"{site_url}{path}")
    expect(page.locator(".offline-saved")).to_be_visible()


def wait_until(  # type: ignore[no-untyped-def]
    page, check: str, arg: object = None, *, expected: object = True, deadline_ms: int = 60_000
) -> None:
    """Until the async function ``check`` (JS source), run in the page with ``arg``, answers ``expected``.

    Caches change without an event, so the page asks again after each frame it draws, until the deadline. The
    check is spliced into the one script page.evaluate runs: the site's CSP forbids building it in the page.
    """
    script = f"""async ([arg, expected, deadline]) => {{
  const check = {check};
  const until = Date.now() + deadline;
  let last = null;
  while (Date.now() < until) {{
    last = await check(arg);
    if (JSON.stringify(last) === JSON.stringify(expected)) return [true, last];
    await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }}
  return [false, last];
}}"""
    ok, last = page.evaluate(script, [arg, expected, deadline_ms])
    assert ok, f"the page never reached the state: last answer {last!r}, wanted {expected!r}"


def screenshot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
