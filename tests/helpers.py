"""Helpers shared by the tests: the one error shape of the JSON answers, a local HTTP server for the
downloads."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ERROR_KEYS = {"code", "rule", "text"}


def error_texts(response: Any) -> list[str]:
    """The texts of a JSON error answer, after checking that every problem has the one error shape
    ``{"code", "rule", "text", "field"?}``."""
    problems = response.json()["errors"]
    assert isinstance(problems, list)
    for problem in problems:
        assert ERROR_KEYS <= set(problem) <= ERROR_KEYS | {"field"}, problem
        assert isinstance(problem["text"], str) and problem["text"]
    return [problem["text"] for problem in problems]


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002  (the base class's name)
        pass


@contextlib.contextmanager
def serving(root: Path) -> Iterator[str]:
    """Serve the files under ``root`` on a free loopback port (the downloads are tested without a network)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


CARD_FIXTURES = Path(__file__).parent / "fixtures" / "cards"
# Apart from the card files a folder import (the browser tests' server) takes whole: a second Oracle Cards
# file there would be "the newest of its kind" instead of the full one.
PRINTING_FIXTURES = Path(__file__).parent / "fixtures" / "card_printings"
#: Scryfall's Default Cards format: a Walking Dead flavor name, a Through the Omenpaths printed name, a
#: Japanese printing, a two-faced card with face flavor names, ordinary printings, a token.
DEFAULT_CARDS = PRINTING_FIXTURES / "scryfall_default_cards.json"


def oracle_cards_with_printed_elsewhere(folder: Path, name: str = "oracle-cards-20261124090250.json") -> Path:
    """The Oracle Cards fixture plus the two cards the Default Cards fixture prints under other names
    (Greymond, Avacyn's Stalwart; Spider-Punk), written to ``folder / name``: 36 cards."""
    import json

    cards = json.loads((CARD_FIXTURES / "scryfall_cards.json").read_text(encoding="utf-8"))
    elsewhere = PRINTING_FIXTURES / "scryfall_cards_printed_elsewhere.json"
    cards += json.loads(elsewhere.read_text(encoding="utf-8"))
    path = folder / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path
