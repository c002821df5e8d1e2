"""Size and CPU time of the leave-game page for the requests that once made it huge (issue 22, item 1).

    .venv/bin/python bench/leave_game.py

In-process through Django's test client (the test settings, DEBUG off; a throwaway migrated database with no
card data: the page looks its card names up), after one warm-up GET, each request once:

- totalforms: the ~160-byte POST declaring 2,000 rows of every table (``obj-TOTAL_FORMS=2000&…``);
- paste-2000: a pasted board of 2,000 objects and 64 players (the JSON API's largest), refused by the page;
- paste-max: a pasted board at the page's limits (16 players, 200 objects, 100 control effects, 50 delayed
  triggers and 50 timed effects with 1,000-character texts, 100 attacks of 20 blockers each; names of 70
  characters);
- max-update, max-resolve-0, max-resolve-1, max-end-turn: the board at the page's limits posted back as the
  page's form, and resolved (P0, the active player, leaves; P1 leaves; the turn ends);
- api-2000: the same 2,000-object board resolved by ``POST /api/calc/leave-game``;
- long-*, long-ja-*: the board at the page's limits with every name, id and text as long as the engine takes
  it (players 60 characters, ids 40, card names 200, texts 1,000), ASCII then Japanese, on /en/ then /ja/.

Printed: input bytes, status, output bytes, CPU seconds of the process for the request. No assertions.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
WORK = tempfile.mkdtemp(prefix="bench-leave-game-")
os.environ.update(
    DJANGO_SETTINGS_MODULE="judge.settings.test",
    DATABASE_URL=f"sqlite:///{WORK}/db.sqlite3",
    JUDGE_INDEX_DIR=f"{WORK}/index",
)

import django  # noqa: E402

django.setup()

from boards import board, form_fields, longest  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

FORM = "application/x-www-form-urlencoded"


def main() -> None:
    setup_test_environment()
    call_command("migrate", verbosity=0)
    client = Client()
    client.get("/en/leave-game/")  # templates, URL patterns and catalogs loaded
    totalforms = "&".join(
        f"{p}-TOTAL_FORMS=2000" for p in ("obj", "eff", "trg", "tmd", "atk", "player", "pc")
    )
    largest = board(64, 2000)
    maximal = board(16, 200, big=True)
    requests = [
        ("totalforms", "/en/leave-game/", totalforms, FORM),
        (
            "paste-2000",
            "/en/leave-game/",
            urlencode({"action": "load-json", "board_json": json.dumps(largest)}),
            FORM,
        ),
        (
            "paste-max",
            "/en/leave-game/",
            urlencode({"action": "load-json", "board_json": json.dumps(maximal)}),
            FORM,
        ),
        *[
            (f"max-{action}", "/en/leave-game/", urlencode(form_fields(maximal, action), doseq=True), FORM)
            for action in ("update", "resolve-0", "resolve-1", "end-turn")
        ],
        ("api-2000", "/api/calc/leave-game", json.dumps({**largest, "leaving": "P0"}), "application/json"),
    ]
    # The same board with every name and id as long as the engine takes it, and texts of 1,000 characters:
    # ASCII names (its JSON is under half the page, so it is shown as JSON beside the resolution), then
    # Japanese ones (three bytes a character: the resolution alone). Posted urlencoded, as a browser does.
    for tag, fill in (("long", "_"), ("long-ja", "あ")):
        padded = longest(maximal, fill=fill, text="y")
        requests += [
            (
                f"{tag}-{lang}-{action}",
                f"/{lang}/leave-game/",
                urlencode(form_fields(padded, action), doseq=True),
                FORM,
            )
            for lang in ("en", "ja")
            for action in ("update", "resolve-0", "end-turn")
        ]
    print(f"{'request':<22} {'in bytes':>9} {'status':>6} {'out bytes':>10} {'cpu s':>6}")
    for name, url, body, content_type in requests:
        start = time.process_time()
        response = client.post(url, body, content_type=content_type)
        cpu = time.process_time() - start
        print(f"{name:<22} {len(body):>9} {response.status_code:>6} {len(response.content):>10} {cpu:>6.2f}")


if __name__ == "__main__":
    main()
