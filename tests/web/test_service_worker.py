"""static/js/sw.js's path rules, run in Node (issue 31 item 7, issue 34 item 1): a path is tested decoded; a
needlessly escaped spelling of a page (``/en/tracker%2F<slug>/``) is neither answered nor kept by the worker
(the server redirects it, judge/web/canonical.py); a tracker game page is kept under its own URL only; the
board of a poll is put into the kept copy of its game."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SW = Path(__file__).resolve().parents[2] / "static" / "js" / "sw.js"
NODE = shutil.which("node") or shutil.which("nodejs")

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")

HARNESS = """
const vm = require("vm");
const fs = require("fs");
const sandbox = {module: {exports: {}}, self: {addEventListener() {}, location: {origin: "http://x"}},
  GENERATION: "1", BUDGET: 1, STYLESHEET: "/s.css", TEXTS: {}, URL, Headers, Response: function () {}};
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), sandbox);
const sw = sandbox.module.exports;
const input = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify({
  kinds: input.paths.map((p) => sw.kindOf(p)),
  spans: input.pages.map((h) => sw.boardSpan(h)),
}));
"""


def run(paths: list[str], pages: list[str] = []) -> dict[str, list[object]]:  # noqa: B006
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", HARNESS, str(SW)],
        input=json.dumps({"paths": paths, "pages": pages}),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_a_path_is_tested_decoded_and_a_needless_escape_is_left_to_the_server() -> None:
    slug = "abcdEFGH1234"
    paths = {
        f"/en/tracker/{slug}/": "game",
        f"/ja/tracker/{slug}/": "game",
        f"/en/tracker%2F{slug}/": None,
        f"/en/tracker%2f{slug}/": None,
        f"/en/%74racker/{slug}/": None,
        f"/ja/tracker/{slug}%2F": None,
        f"/en/tracker/{slug}/history/": None,
        f"/en/tracker/{slug}/event/": None,
        "/en/tracker/": None,
        "/ja/%72ules/903.9/": None,
        "/ja/rules/903.9/": "page",
        "/ja/glossary/%E7%B5%B1%E7%8E%87%E8%80%85/": "page",  # Japanese is spelled with escapes
        "/ja/%E0%A4%A/": None,  # not decodable
        "/api/offline-pages": None,
        "/static/css/site.css": None,
    }
    assert run(list(paths))["kinds"] == list(paths.values())


def test_the_board_of_a_game_page_is_found_whole() -> None:
    page = (
        '<main><section id="intro">a</section><section id="board" class="board">'
        '<section class="seat">x</section><section class="seat">y</section></section><footer></footer></main>'
    )
    start = page.index('<section id="board"')
    end = page.index("<footer>")
    assert run([], [page, "<main>no board</main>"])["spans"] == [[start, end], None]
