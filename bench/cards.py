"""Card data at full scale: import time and peak memory, and the card page's warm server time.

    .venv/bin/python bench/cards.py [--cards 35000] [--rulings 60000] [--atomic-mb 100] [--repeat 200]

Generates, in a temporary directory, files in the three published formats at the size of the real
ones (Scryfall Oracle Cards: ~35,000 cards; Rulings: ~60,000; MTGJSON AtomicCards: ~100 MB, padded
with foreign-language entries as the real file is), migrates a throwaway SQLite database, then imports
them in a child process (``import_cards DIR``) and reports its wall time and peak RSS (the issue's
goal: <= 120 s, <= 1 GB), with its CPU time (on a shared machine the wall clock also counts the time
other processes held the CPU). Then requests card pages in-process through Django's WSGI handler, DEBUG
off: "warm" pools every request after each page's first (goal: p95 <= 5 ms), wall clock and the
thread's CPU time, with the load average. No assertions: the numbers go to bench/cards.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

TYPES = ("Creature — Elf Druid", "Instant", "Sorcery", "Artifact", "Enchantment", "Land — Forest Island")
COLORS = ("W", "U", "B", "R", "G")


def name_of(number: int) -> str:
    return f"Bench Card {number:05d}"


def oracle_id(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


def write_files(folder: Path, *, cards: int, rulings: int, atomic_mb: int) -> None:
    rng = random.Random(21)
    with (folder / "oracle-cards-20261120093012.json").open("w", encoding="utf-8") as out:
        out.write("[\n")
        for n in range(cards):
            color = rng.choice(COLORS)
            card = {
                "object": "card",
                "oracle_id": oracle_id(n),
                "name": name_of(n),
                "layout": "normal",
                "mana_cost": f"{{{rng.randint(0, 6)}}}{{{color}}}",
                "type_line": rng.choice(TYPES),
                "oracle_text": "Flying\nWhen this creature enters, draw a card. " * rng.randint(1, 3),
                "colors": [color],
                "keywords": ["Flying"],
                "legalities": {
                    "commander": rng.choice(("legal", "legal", "banned")),
                    "standardbrawl": "not_legal",
                },
            }
            out.write(("," if n else "") + json.dumps(card) + "\n")
        out.write("]\n")
    with (folder / "rulings-20261120094512.json").open("w", encoding="utf-8") as out:
        out.write("[\n")
        for n in range(rulings):
            ruling = {
                "object": "ruling",
                "oracle_id": oracle_id(rng.randrange(cards)),
                "source": "wotc",
                "published_at": "2020-01-01",
                "comment": "A bench ruling about how this card works with the stack. " * 2,
            }
            out.write(("," if n else "") + json.dumps(ruling) + "\n")
        out.write("]\n")
    # Pad each card's foreignData so the file reaches the real one's size.
    per_card = max(0, atomic_mb * 1_000_000 // cards - 600)
    padding = "x" * max(0, per_card // 8)
    with (folder / "AtomicCards-2026-11-20.json").open("w", encoding="utf-8") as out:
        out.write('{"meta": {"date": "2026-11-20", "version": "5.2.2+20261120"}, "data": {\n')
        for n in range(cards):
            foreign = [{"language": lang, "name": f"{lang} {n}", "text": padding} for lang in "ABCDEFG"]
            foreign.append({"language": "Japanese", "name": f"ベンチカード{n:05d}", "text": "日本語の文章。"})
            entry = [
                {
                    "name": name_of(n),
                    "layout": "normal",
                    "manaCost": "{1}{G}",
                    "type": "Instant",
                    "text": "Draw a card.",
                    "foreignData": foreign,
                    "legalities": {"commander": "Legal"},
                }
            ]
            out.write(
                ("," if n else "")
                + json.dumps(name_of(n))
                + ": "
                + json.dumps(entry, ensure_ascii=False)
                + "\n"
            )
        out.write("}}\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=35_000)
    parser.add_argument("--rulings", type=int, default=60_000)
    parser.add_argument("--atomic-mb", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        folder.mkdir()
        start = time.perf_counter()
        write_files(folder, cards=args.cards, rulings=args.rulings, atomic_mb=args.atomic_mb)
        sizes = {p.name: p.stat().st_size / 1e6 for p in folder.iterdir()}
        print(
            f"generated in {time.perf_counter() - start:.0f} s: "
            + ", ".join(f"{k} {v:.0f} MB" for k, v in sizes.items())
        )
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, cwd=ROOT)
        start = time.perf_counter()
        subprocess.run(
            [*manage, "import_cards", str(folder)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL
        )
        took = time.perf_counter() - start
        children = resource.getrusage(resource.RUSAGE_CHILDREN)  # migrate and import_cards
        peak = children.ru_maxrss / 1024  # KiB on Linux -> MiB
        cpu_s = children.ru_utime + children.ru_stime
        print(
            f"import_cards of the three files: {took:.1f} s wall, peak RSS {peak:.0f} MiB "
            f"(CPU of migrate and import together {cpu_s:.0f} s; load average {os.getloadavg()[0]:.1f})"
        )

        import django
        from django.conf import settings

        django.setup()
        settings.DEBUG = False
        settings.ALLOWED_HOSTS = ["*"]
        from django.test import Client

        client = Client()
        rng = random.Random(5)
        slugs = [f"bench-card-{rng.randrange(args.cards):05d}" for _ in range(20)]
        for label, urls in (
            ("card page", [f"/{lang}/cards/{slug}/" for slug in slugs for lang in ("ja", "en")]),
            ("calculators index, for comparison", ["/ja/calc/", "/en/calc/"]),
        ):
            warm: list[float] = []
            cpu: list[float] = []
            for url in urls:
                client.get(url)  # first request of the page
                for _ in range(max(1, args.repeat // len(urls))):
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    response = client.get(url)
                    warm.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.thread_time() - start_cpu) * 1000)
                    assert response.status_code == 200, response.status_code
            warm.sort()
            cpu.sort()
            p95, cpu95 = warm[int(len(warm) * 0.95) - 1], cpu[int(len(cpu) * 0.95) - 1]
            print(
                f"{label} warm: {len(warm)} requests, median {statistics.median(warm):.2f} ms, "
                f"p95 {p95:.2f} ms wall, CPU p95 {cpu95:.2f} ms (load average {os.getloadavg()[0]:.1f})"
            )


if __name__ == "__main__":
    main()
