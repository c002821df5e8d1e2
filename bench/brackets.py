"""Commander Brackets at scale: the Commander Spellbook import's time and memory, and a 100-card list's
estimate warm (issue 33: <= 50 ms p95 with all five sources imported; the import <= 1 GB RSS, streamed).

    .venv/bin/python bench/brackets.py [--cards 30000] [--variants 100000] [--pad 0] [--repeat 200]
        [--keep DIR]

Generates, in a temporary directory, a Scryfall Oracle Cards file of ``--cards`` cards (1 in 300 marked
``game_changer``, as the real list's ~50 of 30,000) and a Commander Spellbook ``variants.json`` of
``--variants`` combos of 2 to 5 of those cards, each padded with ``--pad`` bytes of description (the real
export, ~100,000 variants, is ~700 MB: ``--pad 6000`` comes near it), migrates a throwaway SQLite
database, imports both in a child process (its wall time, CPU and peak RSS), then checks 100-card lists
in-process: the whole deck check with its estimate (judge.cards.services.check_deck), and the estimate
alone (judge.cards.brackets.estimate_decklist, whose combo lookup goes through the index on the cards'
keys, what it read kept for the data generation). Each list holds popular cards (cards in many combos)
so the lookup reads many rows. Wall clock and the thread's CPU time, with the load average; the first
check of each list apart (the process's combo cache emptied before the first list). Then the table page's
limits through the deck check: a list of 250 distinct unknown names and one of 10,001 lines. No
assertions: the numbers go to bench/brackets.md.
``--keep DIR`` keeps the generated files and database in DIR, and a later run with the same DIR (and the
same sizes) skips the generation and the import: only the lists are checked again.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

from bench.cards import timed_child  # noqa: E402  (after sys.path)

FEATURES = ("Infinite mana", "Infinite ETB", "Win the game", "Draw cards", "Infinite lifeloss")


def name_of(number: int) -> str:
    return f"Bench Card {number:05d}"


def write_cards(path: Path, cards: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("[")
        for n in range(cards):
            card = {
                "object": "card",
                "name": name_of(n),
                "layout": "normal",
                "mana_cost": "{2}{U}",
                "type_line": "Creature — Elf Druid" if n % 3 else "Sorcery",
                "oracle_text": "Target player takes an extra turn after this one."
                if n % 997 == 0
                else "Draw a card.",
                "colors": ["U"],
                "color_identity": ["U"],
                "power": "2",
                "toughness": "2",
                "oracle_id": f"00000000-0000-0000-0000-{n:012d}",
                "legalities": {"commander": "legal"},
                "game_changer": n % 300 == 0,
            }
            out.write(("," if n else "") + json.dumps(card))
        out.write("]")


def write_variants(path: Path, *, cards: int, variants: int, pad: int) -> None:
    rng = random.Random(33)
    popular = list(range(200))  # a few hundred cards appear in most combos, as Sol Ring does
    with path.open("w", encoding="utf-8") as out:
        out.write('{"timestamp": "2026-11-30T04:05:06+00:00", "version": "bench", "variants": [')
        for n in range(variants):
            size = rng.choice((2, 2, 3, 3, 4, 5))
            chosen = {
                rng.choice(popular) if rng.random() < 0.4 else rng.randrange(cards) for _ in range(size)
            }
            uses = [
                {
                    "card": {
                        "id": c,
                        "name": name_of(c),
                        "oracleId": f"x{c}",
                        "spoiler": False,
                        "typeLine": "",
                    },
                    "zoneLocations": ["B"],
                    "quantity": 1,
                    "mustBeCommander": False,
                }
                for c in sorted(chosen)
            ]
            variant = {
                "id": f"bench-{n}",
                "status": "OK",
                "uses": uses,
                "requires": [],
                "produces": [{"feature": {"id": 1, "name": rng.choice(FEATURES)}, "quantity": 1}],
                "identity": "U",
                "manaNeeded": "{U}",
                "manaValueNeeded": rng.randrange(2, 12),
                "description": "x" * pad,
                "bracketTag": "P",
                "popularity": n,
            }
            out.write(("," if n else "") + json.dumps(variant))
        out.write("]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=30_000)
    parser.add_argument("--variants", type=int, default=100_000)
    parser.add_argument("--pad", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument(
        "--popular", type=int, default=15, help="cards of each list among the 200 in most combos (at most 99)"
    )
    parser.add_argument("--keep", type=Path, help="a folder keeping the database between runs")
    args = parser.parse_args()
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
        run(args, args.keep.resolve())
        return
    with tempfile.TemporaryDirectory() as tmp:
        run(args, Path(tmp))


def run(args: argparse.Namespace, folder: Path) -> None:
    """Generate and import into ``folder`` (unless a kept run did), then check the lists."""
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'db.sqlite3'}"
    done = folder / f"imported-{args.cards}-{args.variants}-{args.pad}"
    if not done.exists():
        generate_and_import(args, folder)
        done.touch()
    check_lists(args)


def generate_and_import(args: argparse.Namespace, folder: Path) -> None:
    cards_file = folder / "oracle-cards-20261120093012.json"
    variants_file = folder / "variants.json"
    start = time.perf_counter()
    write_cards(cards_file, args.cards)
    write_variants(variants_file, cards=args.cards, variants=args.variants, pad=args.pad)
    print(
        f"generated in {time.perf_counter() - start:.0f} s: "
        f"cards {cards_file.stat().st_size / 1e6:.0f} MB, "
        f"variants {variants_file.stat().st_size / 1e6:.0f} MB"
    )
    (folder / "db.sqlite3").unlink(missing_ok=True)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, cwd=ROOT)
    subprocess.run(
        [*manage, "import_cards", str(cards_file)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL
    )
    took, peak, cpu_s = timed_child([*manage, "import_cards", str(variants_file)])
    print(
        f"import_cards of variants.json ({args.variants} combos): {took:.1f} s wall, "
        f"peak RSS {peak:.0f} MiB, "
        f"CPU {cpu_s:.0f} s (load average {os.getloadavg()[0]:.1f})"
    )


def check_lists(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from judge.cards import selectors
    from judge.cards.brackets import estimate_decklist
    from judge.cards.combos import clear_combo_cache
    from judge.cards.models import ComboCard
    from judge.cards.services import check_deck
    from judge.engine.decklist import parse_decklist

    print(f"imported: {ComboCard.objects.count()} combo cards")
    rng = random.Random(7)
    lists = []
    for _ in range(20):
        chosen = rng.sample(range(200), args.popular) + rng.sample(range(200, args.cards), 99 - args.popular)
        lists.append(
            "\n".join(
                ["Commander", f"1 {name_of(chosen[0])}", "Deck", *(f"1 {name_of(c)}" for c in chosen[1:])]
            )
        )
    for label, run in (
        (
            "deck check with its estimate",
            lambda text: check_deck({"variant": "commander", "decklist": text}),
        ),
        (
            "estimate alone",
            lambda text: estimate_decklist(
                decklist=parse_decklist(text=text),
                pool=selectors.card_pool([e.name for e in parse_decklist(text=text).entries]),
            ),
        ),
    ):
        clear_combo_cache()  # the first check of the first list reads every anchor it needs
        warm: list[float] = []
        cpu: list[float] = []
        first: list[float] = []
        found = 0
        for text in lists:
            start_cpu = time.thread_time()
            run(text)  # the first check of this list: its cards' anchors not yet read by an earlier list
            first.append((time.thread_time() - start_cpu) * 1000)
            for _ in range(max(1, args.repeat // len(lists))):
                start, start_cpu = time.perf_counter(), time.thread_time()
                result = run(text)
                warm.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - start_cpu) * 1000)
            estimate = getattr(result, "bracket", result)
            found = max(found, len([r for r in estimate.reasons if r.criterion == "two-card-combos"]))
        warm.sort()
        cpu.sort()
        p95, cpu95 = warm[int(len(warm) * 0.95) - 1], cpu[int(len(cpu) * 0.95) - 1]
        print(
            f"{label}: {len(warm)} checks of 100-card lists, median {statistics.median(warm):.1f} ms, "
            f"p95 {p95:.1f} ms wall, CPU p95 {cpu95:.1f} ms; up to {found} two-card combos found "
            f"(load average {os.getloadavg()[0]:.1f}); the first check of each list: CPU "
            f"{first[0]:.1f} ms for the first list, median {statistics.median(first):.1f} ms, "
            f"max {max(first):.1f} ms"
        )
    check_limits()


def check_limits() -> None:
    """The table page's limits (issue 33, item 4), through the deck check each seat gets: a list of 250
    distinct unknown names (each counted, suggestions for the first few only) and one of 10,001 lines
    (refused by the parser); the first check apart (it builds the known names' index once a process)."""
    from judge.cards.services import check_deck
    from judge.engine.errors import RulesError

    unknown = "\n".join(["Commander", f"1 {name_of(1)}", "Deck", *(f"1 Unknown {n:03d}" for n in range(250))])
    too_many = "\n".join("x" for _ in range(10_001))
    for label, text in (("250 distinct unknown names", unknown), ("10,001 lines", too_many)):
        times: list[float] = []
        answer = ""
        for _ in range(6):
            start, start_cpu = time.perf_counter(), time.thread_time()
            try:
                result = check_deck({"variant": "commander", "decklist": text})
                answer = (
                    f"{len(result.problems)} problems, bracket {result.bracket and result.bracket.minimum}"
                )
            except RulesError as err:
                answer = err.problems[0]
            times.append((time.thread_time() - start_cpu) * 1000)
            wall = (time.perf_counter() - start) * 1000
        print(
            f"{label}: first check CPU {times[0]:.1f} ms, then at most {max(times[1:]):.1f} ms CPU "
            f"(last wall {wall:.0f} ms; load average {os.getloadavg()[0]:.1f}): {answer}"
        )


if __name__ == "__main__":
    main()
