"""Card data at full scale: import time and peak memory, and the card page's warm server time.

    .venv/bin/python bench/cards.py [--cards 35000] [--rulings 60000] [--atomic-mb 100] [--printings 100000]
        [--repeat 200]

Generates, in a temporary directory, files in the four published formats at the size of the real
ones (Scryfall Oracle Cards: ~35,000 cards; Rulings: ~60,000; MTGJSON AtomicCards: ~100 MB, padded
with foreign-language entries as the real file is; Scryfall Default Cards: ~100,000 printings of
~5 KB each, ~500 MB, about 1 in 100 with another English name), migrates a throwaway SQLite database,
then imports them in a child process (``import_cards DIR``) and reports its wall time and peak RSS (the
issue's goal: <= 120 s, <= 1 GB), then the Default Cards file alone the same way (what a weekly refresh
of that file costs), with their CPU time (on a shared machine the wall clock also counts the time
other processes held the CPU). Then requests card pages in-process through Django's WSGI handler, DEBUG
off: "warm" pools every request after each page's first (goal: p95 <= 5 ms), wall clock and the
thread's CPU time, with the load average. No assertions: the numbers go to bench/cards.md.
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

TYPES = ("Creature — Elf Druid", "Instant", "Sorcery", "Artifact", "Enchantment", "Land — Forest Island")
COLORS = ("W", "U", "B", "R", "G")


def name_of(number: int) -> str:
    return f"Bench Card {number:05d}"


def oracle_id(number: int) -> str:
    return f"00000000-0000-4000-8000-{number:012d}"


FORMATS = (
    "standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern", "legacy",
    "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
    "paupercommander", "duel", "oldschool", "premodern", "predh",
)  # fmt: skip


def printing(rng: random.Random, n: int, card: int) -> dict[str, object]:
    """One Default Cards object, with the fields (and so the size) of a real one: ~5 KB."""
    uri = f"https://cards.scryfall.io/{{}}/front/0/0/{n:08d}.jpg"
    data: dict[str, object] = {
        "object": "card",
        "id": f"10000000-0000-4000-8000-{n:012d}",
        "oracle_id": oracle_id(card),
        "multiverse_ids": [600000 + n],
        "name": name_of(card),
        "lang": "en",
        "released_at": "2024-08-02",
        "uri": f"https://api.scryfall.com/cards/10000000-0000-4000-8000-{n:012d}",
        "scryfall_uri": f"https://scryfall.com/card/bnc/{n}/bench-card-{card:05d}",
        "layout": "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {k: uri.format(k) for k in ("small", "normal", "large", "png", "art_crop", "border")},
        "mana_cost": "{2}{G}",
        "cmc": 3.0,
        "type_line": rng.choice(TYPES),
        "oracle_text": "Flying\nWhen this creature enters, draw a card. " * rng.randint(1, 3),
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": ["Flying"],
        "legalities": {f: rng.choice(("legal", "not_legal")) for f in FORMATS},
        "games": ["paper", "mtgo"],
        "set": f"b{n % 700:02d}",
        "set_name": f"Bench Set {n % 700}",
        "collector_number": str(n % 400 + 1),
        "rarity": rng.choice(("common", "uncommon", "rare", "mythic")),
        "flavor_text": "A bench card's flavor text, long enough to be realistic. " * 2,
        "artist": "Bench Artist",
        "prices": {"usd": "0.25", "usd_foil": "1.10", "eur": "0.20", "tix": "0.03"},
        "related_uris": {k: f"https://example.org/{k}/{n}" for k in ("gatherer", "edhrec", "tcgplayer")},
        "purchase_uris": {k: f"https://example.org/buy/{k}/{n}?utm=x" for k in ("tcgplayer", "cardmarket")},
        # The rest of a real object's ~80 fields (ids, frame, finishes, preview...): many small values,
        # which cost more to decode than one long string of the same size.
        **{f"field_{i:02d}": f"value {i} of printing {n}" for i in range(60)},
        "all_parts": [
            {"object": "related_card", "id": f"{i}-{n}", "component": "token", "name": f"Token {i}"}
            for i in range(3)
        ],
        "finishes": ["nonfoil", "foil"],
        "frame_effects": ["legendary", "inverted"],
    }
    roll = rng.random()
    if roll < 0.006:
        data["flavor_name"] = f"Bench Flavor Name {n:06d}"
    elif roll < 0.009:
        data["printed_name"] = f"Bench Reflavored {n:06d}"
    elif roll < 0.03:
        data["lang"] = "ja"
        data["printed_name"] = f"ベンチの版{n:06d}"  # a translation: not read
    return data


def write_printings(folder: Path, *, cards: int, printings: int) -> None:
    rng = random.Random(201)
    with (folder / "default-cards-20261120094030.json").open("w", encoding="utf-8") as out:
        out.write("[\n")
        for n in range(printings):
            data = printing(rng, n, rng.randrange(cards))
            out.write(("," if n else "") + json.dumps(data, ensure_ascii=False) + "\n")
        out.write("]\n")


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


def timed_child(command: list[str]) -> tuple[float, float, float]:
    """Run ``command`` in a child process (its own peak RSS): wall seconds, peak RSS in MiB, CPU seconds."""
    wrapper = (
        "import resource, subprocess, sys, time; start = time.perf_counter(); "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
        "took = time.perf_counter() - start; r = resource.getrusage(resource.RUSAGE_CHILDREN); "
        "print(took, r.ru_maxrss / 1024, r.ru_utime + r.ru_stime)"
    )
    done = subprocess.run(
        [sys.executable, "-c", wrapper, *command], check=True, cwd=ROOT, capture_output=True, text=True
    )
    took, peak, cpu_s = (float(x) for x in done.stdout.split())
    return took, peak, cpu_s


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=35_000)
    parser.add_argument("--rulings", type=int, default=60_000)
    parser.add_argument("--atomic-mb", type=int, default=100)
    parser.add_argument("--printings", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cards"
        folder.mkdir()
        start = time.perf_counter()
        write_files(folder, cards=args.cards, rulings=args.rulings, atomic_mb=args.atomic_mb)
        write_printings(folder, cards=args.cards, printings=args.printings)
        sizes = {p.name: p.stat().st_size / 1e6 for p in folder.iterdir()}
        print(
            f"generated in {time.perf_counter() - start:.0f} s: "
            + ", ".join(f"{k} {v:.0f} MB" for k, v in sizes.items())
        )
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(tmp) / 'db.sqlite3'}"
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], check=True, cwd=ROOT)
        for label, target in (
            ("the four files", folder),
            ("Default Cards alone", next(folder.glob("default-cards-*.json"))),
        ):
            took, peak, cpu_s = timed_child([*manage, "import_cards", str(target)])
            print(
                f"import_cards of {label}: {took:.1f} s wall, peak RSS {peak:.0f} MiB, CPU {cpu_s:.0f} s "
                f"(load average {os.getloadavg()[0]:.1f})"
            )

        import django
        from django.conf import settings

        django.setup()
        settings.DEBUG = False
        settings.ALLOWED_HOSTS = ["*"]
        from django.test import Client

        from judge.cards.models import Card, CardRuling, PrintingName

        print(
            f"imported: {Card.objects.count()} cards, {CardRuling.objects.count()} rulings, "
            f"{PrintingName.objects.count()} other names of printings"
        )

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
