"""import_cards --download / --refresh against a local HTTP server (never the network), and --if-newer."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from judge.cards import bulk, selectors
from judge.cards.models import Card, CardRuling, CardSource, PrintingName
from tests.helpers import DEFAULT_CARDS

CARDS = Path(__file__).parent.parent / "fixtures" / "cards"
SCRYFALL = CARDS / "scryfall_cards.json"
MTGJSON = CARDS / "mtgjson_atomic.json"
SPELLBOOK = CARDS.parent / "brackets" / "variants.json"

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


RULINGS = CARDS / "scryfall_rulings.json"
ORACLE_NAME = "oracle-cards-20261124090250.json"
RULINGS_NAME = "rulings-20261124091515.json"
DEFAULT_NAME = "default-cards-20261124092030.json"


@pytest.fixture()
def server() -> Iterator[str]:
    """A local stand-in for api.scryfall.com's bulk-data list, its files, and MTGJSON's folder."""
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
                        "download_uri": f"{url}/file/{ORACLE_NAME}",
                    },
                    {
                        "object": "bulk_data",
                        "type": "rulings",
                        "updated_at": "2026-11-24T09:15:15.000+00:00",
                        "download_uri": f"{url}/file/{RULINGS_NAME}",
                    },
                    {
                        "object": "bulk_data",
                        "type": "default_cards",
                        "updated_at": "2026-11-24T09:20:30.000+00:00",
                        "size": DEFAULT_CARDS.stat().st_size,
                        "download_uri": f"{url}/file/{DEFAULT_NAME}",
                    },
                ],
            }
        ).encode(),
        f"/file/{ORACLE_NAME}": SCRYFALL.read_bytes(),
        f"/file/{RULINGS_NAME}": RULINGS.read_bytes(),
        f"/file/{DEFAULT_NAME}": DEFAULT_CARDS.read_bytes(),
        "/mtgjson/Meta.json": json.dumps(
            {"meta": {"date": "2026-11-23", "version": "5.2.2+20261123"}, "data": {"date": "2026-11-23"}}
        ).encode(),
        "/mtgjson/AtomicCards.json": MTGJSON.read_bytes(),
        "/spellbook/variants.json": SPELLBOOK.read_bytes(),
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
    settings.JUDGE_CARDS_MAX_AGE_DAYS = 7
    return tmp_path / "cards"


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_cards", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def urls(server: str) -> tuple[str, ...]:
    return (
        "--bulk-data-url",
        f"{server}/bulk-data",
        "--mtgjson-url",
        f"{server}/mtgjson/",
        "--spellbook-url",
        f"{server}/spellbook/variants.json",
    )


def test_download_fetches_the_four_files_and_imports_them(server: str, cards_dir: Path) -> None:
    out, err = run("--download", *urls(server))
    assert sorted(p.name for p in cards_dir.iterdir()) == [
        "AtomicCards-2026-11-23.json",
        DEFAULT_NAME,
        ORACLE_NAME,
        RULINGS_NAME,
        f"variants-{datetime.now(tz=UTC).date().isoformat()}.json",
    ]
    assert (cards_dir / ORACLE_NAME).read_bytes() == SCRYFALL.read_bytes()
    assert "imported 3 Commander Spellbook combos published 2026-11-30" in out
    assert "imported 34 cards published 2026-11-24" in out
    assert "added MTGJSON's Japanese names and legalities published 2026-01-16 to 34 cards" in out
    assert "imported 3 rulings published 2026-11-24 (1 on cards not imported)" in out
    # The fixture's Oracle Cards have neither Greymond nor Spider-Punk: only the two-faced card's names.
    assert "imported 3 other names of printings published 2026-11-24 (2 on cards not imported)" in out
    assert (
        Card.objects.count() == 34 and CardRuling.objects.count() == 3 and PrintingName.objects.count() == 3
    )
    assert {(s.kind, s.published) for s in CardSource.objects.all()} == {
        ("scryfall-cards", "2026-11-24"),
        ("mtgjson-atomic", "2026-01-16"),  # the file's own meta.date
        ("scryfall-printings", "2026-11-24"),
        ("scryfall-rulings", "2026-11-24"),
        ("commander-spellbook", "2026-11-30"),  # the export's own timestamp
    }
    # Not a terminal: plain progress lines per file, each ending at 100% when its size is known.
    assert f"{ORACLE_NAME}: downloaded" in err and "(100%)" in err and "\r" not in err
    assert [path for path, _ in Handler.seen] == [
        "/bulk-data",
        f"/file/{ORACLE_NAME}",
        "/bulk-data",
        f"/file/{RULINGS_NAME}",
        "/mtgjson/Meta.json",
        "/mtgjson/AtomicCards.json",
        "/bulk-data",
        f"/file/{DEFAULT_NAME}",
        "/spellbook/variants.json",
    ]
    assert all(agent.startswith("RulesJudge/") for _, agent in Handler.seen)  # Scryfall asks for a User-Agent
    # Japanese names and legality sources come with the data.
    legality = selectors.legality_data()
    assert legality is not None and legality.source.label == "Scryfall, 2026-11-24"
    assert legality.cross_check is not None and legality.cross_check.label == "MTGJSON, 2026-01-16"
    assert selectors.card_pool(["《繁殖池》"]).get("《繁殖池》") is not None
    names = selectors.interchangeable_names(["The Brute Within"])
    assert names is not None and names.source.label == "Scryfall, 2026-11-24"
    # What was downloaded is what --if-newer (make run) finds afterwards: already imported.
    assert "up to date" in run("--if-newer")[0]


def test_refresh_downloads_only_what_is_missing_or_too_old(
    server: str,
    cards_dir: Path,
    settings,  # type: ignore[no-untyped-def]
) -> None:
    cards_dir.mkdir()
    today = datetime.now(tz=UTC).date()
    fresh = f"AtomicCards-{today.isoformat()}.json"
    (cards_dir / fresh).write_bytes(MTGJSON.read_bytes())
    (cards_dir / "rulings-20200101000000.json").write_bytes(RULINGS.read_bytes())  # years old
    out, _ = run("--refresh", *urls(server))
    fetched = [path for path, _ in Handler.seen if not path.startswith("/bulk-data")]
    # MTGJSON's is fresh.
    assert fetched == [
        f"/file/{ORACLE_NAME}",
        f"/file/{RULINGS_NAME}",
        f"/file/{DEFAULT_NAME}",
        "/spellbook/variants.json",
    ]
    assert not (cards_dir / "rulings-20200101000000.json").exists()  # replaced
    assert "imported 34 cards" in out and "rulings" in out and Card.objects.count() == 34
    Handler.seen.clear()
    # The fixture's files were published on 2026-11-24: keep them young enough, whatever today is.
    settings.JUDGE_CARDS_MAX_AGE_DAYS = (today - date(2026, 11, 24)).days + 1
    assert "up to date" in run("--refresh", *urls(server))[0]
    assert Handler.seen == [] or all(p == "/bulk-data" for p, _ in Handler.seen)
    settings.JUDGE_CARDS_MAX_AGE_DAYS = -1  # everything is too old now
    run("--refresh", *urls(server))
    assert "/mtgjson/AtomicCards.json" in [p for p, _ in Handler.seen]


def test_refresh_offline_says_once_what_needs_the_data_and_goes_on(cards_dir: Path) -> None:
    out, _ = run(
        "--refresh", "--bulk-data-url", "http://127.0.0.1:9/bulk-data", "--mtgjson-url", "http://127.0.0.1:9/"
    )
    assert out.count("Card data could not be downloaded") == 1
    assert out.lower().count("card lookups") == 1 and not Card.objects.exists()


@pytest.mark.parametrize(
    ("index", "problem"),
    [
        ("/no-oracle", "no “oracle_cards” entry"),
        ("/broken-link", "HTTP 404"),
        ("/missing", "HTTP 404"),
        (f"/file/{ORACLE_NAME}", "no “oracle_cards” entry"),  # a card list is not a bulk-data list
    ],
)
def test_a_failed_download_keeps_the_previous_file_and_cards(
    server: str, cards_dir: Path, index: str, problem: str
) -> None:
    run(str(MTGJSON))
    cards_dir.mkdir()
    previous = cards_dir / "oracle-cards-20261001000000.json"
    previous.write_text("[]")
    with pytest.raises(CommandError, match=f"download failed, the previous cards are kept: .*{problem}"):
        run("--download", "--bulk-data-url", f"{server}{index}", "--mtgjson-url", f"{server}/mtgjson/")
    assert previous.read_text() == "[]" and not list(cards_dir.glob("*.part"))
    assert Card.objects.count() == 34


def test_download_refuses_a_non_http_address(cards_dir: Path) -> None:
    with pytest.raises(CommandError, match="not an http"):
        run("--download", "--bulk-data-url", "file:///etc/passwd")


def test_if_newer_imports_changed_files_and_nothing_else(cards_dir: Path) -> None:
    out, _ = run("--if-newer")
    assert "no card data file" in out and "Card lookups" in out
    assert not Card.objects.exists()
    cards_dir.mkdir()
    target = cards_dir / "oracle-cards.json"
    target.write_bytes(SCRYFALL.read_bytes())
    assert "imported 34 cards" in run("--if-newer")[0]
    assert CardSource.objects.get().cards == 34
    assert "up to date" in run("--if-newer")[0]
    # MTGJSON's file beside it (Japanese names) is merged onto the Scryfall cards.
    (cards_dir / "AtomicCards.json").write_bytes(MTGJSON.read_bytes())
    out, _ = run("--if-newer")
    assert "AtomicCards.json" in out and "added MTGJSON's Japanese names" in out
    assert "up to date" in run("--if-newer")[0]


def test_a_directory_means_every_card_file_inside_each_recognised_by_content(tmp_path: Path) -> None:
    folder = tmp_path / "any names"
    folder.mkdir()
    (folder / "a.json").write_bytes(RULINGS.read_bytes())
    (folder / "b.json").write_bytes(MTGJSON.read_bytes())
    (folder / "c.json").write_bytes(SCRYFALL.read_bytes())
    (folder / "notes.json").write_text('"hello"')
    out, err = run(str(folder))
    assert "imported 34 cards" in out and "imported 3 rulings" in out and "Japanese names" in out
    assert "skipped notes.json" in err


def test_if_newer_reads_the_file_named_by_judge_cards_file(cards_dir: Path, settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_CARDS_FILE = str(MTGJSON)
    assert "imported 34 cards" in run("--if-newer")[0]
    settings.JUDGE_CARDS_FILE = str(cards_dir / "missing.json")
    assert "no card data file" in run("--if-newer")[0]


def test_files_and_mode_are_exclusive(cards_dir: Path) -> None:
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


def test_local_files_and_their_age(tmp_path: Path) -> None:
    assert bulk.local_files(tmp_path / "none") == {}
    for name in (
        "oracle-cards-20261101000000.json",
        "oracle-cards-20261120000000.json",
        "rulings-20261120.json",
    ):
        (tmp_path / name).write_text("[]")
    found = bulk.local_files(tmp_path)
    assert found["scryfall-cards"].name == "oracle-cards-20261120000000.json"
    assert bulk.stale_kinds(tmp_path, max_age_days=7, today=date(2026, 11, 27)) == [
        "mtgjson-atomic",
        "scryfall-printings",
        "commander-spellbook",
    ]
    assert bulk.stale_kinds(tmp_path, max_age_days=6, today=date(2026, 11, 27)) == list(bulk.PREFIXES)


def test_refresh_goes_on_past_a_bad_file_and_keeps_the_previous_cards(cards_dir: Path) -> None:
    run(str(SCRYFALL))
    cards_dir.mkdir()
    today = datetime.now(tz=UTC).strftime("%Y%m%d")
    for prefix in ("oracle-cards", "rulings"):
        (cards_dir / f"{prefix}-{today}000000.json").write_text('[{"object": "card", "name": 3}]')
    (cards_dir / f"AtomicCards-{today[:4]}-{today[4:6]}-{today[6:]}.json").write_bytes(MTGJSON.read_bytes())
    _, err = run("--refresh")  # nothing stale: no download; the import fails and set-up goes on
    assert "import failed, the previous cards are kept" in err
    assert Card.objects.count() == 34


def test_if_newer_imports_only_the_file_that_changed(cards_dir: Path) -> None:
    cards_dir.mkdir()
    for source, name in (
        (SCRYFALL, "oracle-cards-20261120000000.json"),
        (MTGJSON, "AtomicCards-2026-11-20.json"),
    ):
        (cards_dir / name).write_bytes(source.read_bytes())
    (cards_dir / "rulings-20261120000000.json").write_bytes(RULINGS.read_bytes())
    run("--if-newer")
    newer = cards_dir / "rulings-20261127000000.json"
    newer.write_text(json.dumps(json.loads(RULINGS.read_text(encoding="utf-8"))[:1]))
    (cards_dir / "rulings-20261120000000.json").unlink()
    out, _ = run("--if-newer")
    assert "imported 1 rulings" in out and "imported 34 cards" not in out and "Japanese names" not in out
    assert CardRuling.objects.count() == 1 and Card.objects.count() == 34
    assert selectors.card_pool(["繁殖池"]).get("繁殖池") is not None  # MTGJSON's names stay


def test_if_newer_imports_a_new_printings_file_alone(cards_dir: Path) -> None:
    cards_dir.mkdir()
    (cards_dir / "oracle-cards-20261120000000.json").write_bytes(SCRYFALL.read_bytes())
    (cards_dir / "default-cards-20261120000000.json").write_bytes(DEFAULT_CARDS.read_bytes())
    out, _ = run("--if-newer")
    assert "imported 34 cards" in out and "imported 3 other names of printings published 2026-11-20" in out
    newer = cards_dir / "default-cards-20261127000000.json"
    newer.write_text(json.dumps(json.loads(DEFAULT_CARDS.read_text(encoding="utf-8"))[:5]), encoding="utf-8")
    (cards_dir / "default-cards-20261120000000.json").unlink()
    out, _ = run("--if-newer")
    assert "imported 3 other names of printings published 2026-11-27" in out and "34 cards" not in out
    assert PrintingName.objects.count() == 3
    assert CardSource.objects.get(kind="scryfall-printings").published == "2026-11-27"
