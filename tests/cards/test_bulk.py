"""import_cards --download against a local HTTP server (no network), and --if-newer, what `make run` does."""

from __future__ import annotations

import http.server
import json
import os
import threading
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from judge.cards import bulk
from judge.cards.models import Card, CardSource

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall_cards.json"
MTGJSON = CARDS / "mtgjson_atomic.json"

pytestmark = pytest.mark.django_db


class Handler(http.server.BaseHTTPRequestHandler):
    """Serves ``files`` (path -> bytes); the bulk-data list names the card file on this same server."""

    files: dict[str, bytes] = {}
    seen: list[tuple[str, str]] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.seen.append((self.path, self.headers.get("User-Agent", "")))
        body = self.files.get(self.path)
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture()
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    url = f"http://127.0.0.1:{httpd.server_address[1]}"
    Handler.seen = []
    Handler.files = {
        "/bulk-data": json.dumps(
            {
                "object": "list",
                "has_more": False,
                "data": [
                    {"object": "bulk_data", "type": "unique_artwork", "download_uri": f"{url}/wrong.json"},
                    {
                        "object": "bulk_data",
                        "type": "oracle_cards",
                        "updated_at": "2026-11-24T09:02:50.000+00:00",
                        "size": SCRYFALL.stat().st_size,
                        "download_uri": f"{url}/file/oracle-cards-20261124090250.json",
                    },
                ],
            }
        ).encode(),
        "/file/oracle-cards-20261124090250.json": SCRYFALL.read_bytes(),
        "/no-oracle": json.dumps(
            {"object": "list", "data": [{"type": "all_cards", "download_uri": url}]}
        ).encode(),
        "/broken-link": json.dumps(
            {"data": [{"type": "oracle_cards", "download_uri": f"{url}/gone.json"}]}
        ).encode(),
    }
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield url
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture()
def cards_dir(tmp_path: Path, settings) -> Path:  # type: ignore[no-untyped-def]
    settings.JUDGE_CARDS_DIR = tmp_path / "cards"
    settings.JUDGE_CARDS_FILE = ""
    return tmp_path / "cards"


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_cards", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_download_fetches_the_oracle_cards_file_and_imports_it(server: str, cards_dir: Path) -> None:
    out, err = run("--download", "--bulk-data-url", f"{server}/bulk-data")
    saved = cards_dir / "oracle-cards.json"
    assert saved.read_bytes() == SCRYFALL.read_bytes()
    assert not list(cards_dir.glob("*.part"))
    assert "Scryfall Oracle Cards of 2026-11-24" in out and "imported 34 cards" in out
    assert Card.objects.count() == 34
    # Not a terminal: plain progress lines, ending at 100%.
    assert err.splitlines()[-1].endswith("(100%)") and "\r" not in err
    assert [path for path, _ in Handler.seen] == ["/bulk-data", "/file/oracle-cards-20261124090250.json"]
    assert all(agent.startswith("RulesJudge/") for _, agent in Handler.seen)  # Scryfall asks for a User-Agent
    # The downloaded file is what --if-newer (make run) finds afterwards: already imported.
    assert "up to date" in run("--if-newer")[0]


@pytest.mark.parametrize(
    ("index", "problem"),
    [
        ("/no-oracle", "no “oracle_cards” entry"),
        ("/broken-link", "HTTP 404"),
        ("/missing", "HTTP 404"),
        (
            "/file/oracle-cards-20261124090250.json",
            "no “oracle_cards” entry",
        ),  # a card list is not a bulk-data list
    ],
)
def test_a_failed_download_keeps_the_previous_file_and_cards(
    server: str, cards_dir: Path, index: str, problem: str
) -> None:
    run(str(MTGJSON))
    cards_dir.mkdir()
    previous = cards_dir / "oracle-cards.json"
    previous.write_text("[]")
    with pytest.raises(CommandError, match=f"download failed, the previous cards are kept: .*{problem}"):
        run("--download", "--bulk-data-url", f"{server}{index}")
    assert previous.read_text() == "[]" and not list(cards_dir.glob("*.part"))
    assert Card.objects.count() == 34


def test_download_refuses_a_non_http_address(cards_dir: Path) -> None:
    with pytest.raises(CommandError, match="not an http"):
        run("--download", "--bulk-data-url", "file:///etc/passwd")


def test_if_newer_imports_a_changed_file_and_nothing_else(cards_dir: Path) -> None:
    out, _ = run("--if-newer")
    assert "no card data file" in out and "import_cards --download" in out
    assert not Card.objects.exists()
    cards_dir.mkdir()
    target = cards_dir / "oracle-cards.json"
    target.write_bytes(SCRYFALL.read_bytes())
    assert "imported 34 cards" in run("--if-newer")[0]
    assert CardSource.objects.get().cards == 34
    assert "up to date" in run("--if-newer")[0]
    # A newer file beside it (MTGJSON, with Japanese names) is imported next.
    atomic = cards_dir / "AtomicCards.json"
    atomic.write_bytes(MTGJSON.read_bytes())
    os.utime(atomic, (target.stat().st_mtime + 10, target.stat().st_mtime + 10))
    out, _ = run("--if-newer")
    assert "AtomicCards.json" in out and "imported 34 cards" in out
    assert "up to date" in run("--if-newer")[0]


def test_if_newer_reads_the_file_named_by_judge_cards_file(cards_dir: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_CARDS_FILE = str(MTGJSON)
    assert "imported 34 cards" in run("--if-newer")[0]
    settings.JUDGE_CARDS_FILE = str(cards_dir / "missing.json")
    assert "no card data file" in run("--if-newer")[0]


def test_file_and_mode_are_exclusive(cards_dir: Path) -> None:
    with pytest.raises(CommandError, match="not both"):
        run(str(SCRYFALL), "--if-newer")
    with pytest.raises(CommandError, match="give a FILE"):
        run()


def test_progress_on_a_terminal_is_a_bar(tmp_path: Path) -> None:
    class Terminal(StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    progress = bulk.Progress(out, 1000)
    progress.update(500)
    progress.update(500)
    progress.close()
    assert "\r" in out.getvalue() and "100%" in out.getvalue()


def test_card_file_picks_the_newest_json(tmp_path: Path) -> None:
    assert bulk.card_file(cards_dir=tmp_path / "none") is None
    old, new = tmp_path / "a.json", tmp_path / "b.json"
    old.write_text("[]")
    new.write_text("[]")
    (tmp_path / "c.json.part").write_text("[")
    os.utime(old, (2_000_000_000, 2_000_000_000))
    assert bulk.card_file(cards_dir=tmp_path) == old
    assert bulk.card_file(cards_dir=tmp_path, named=str(new)) == new
