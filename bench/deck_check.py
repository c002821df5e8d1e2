"""The deck check's worst cheap requests: unknown names' spelling suggestions (issue 31 item 9).

    .venv/bin/python bench/deck_check.py [--cards 30000] [--unknown 200] [--repeat 5]

Builds, in memory, the pool a deck check uses when names are unknown (judge.cards.selectors'
``IndexedCardPool``: every known name as a placeholder, with its trigram index) over ``--cards``
generated names, then checks a Commander list of ``--unknown`` made-up names, once with the suggestion
budget (judge.engine.deck_types.SuggestionBudget: the first few unknown names) and once with every name
suggested (the behaviour before), and prints the thread's CPU time of each. No assertions: the numbers
go to bench/deck_check.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings.dev")

WORDS = ("Goblin", "Angel", "Ritual", "Storm", "Dragon", "Elder", "Sphinx", "Titan", "Blade", "Oath")


def name_of(rng: random.Random, number: int) -> str:
    return f"{rng.choice(WORDS)} {rng.choice(WORDS)}'s {rng.choice(WORDS)} {number}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=30_000)
    parser.add_argument("--unknown", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import django

    django.setup()
    from judge.cards.selectors import IndexedCardPool, NameIndex
    from judge.engine import cards as engine_cards
    from judge.engine import deck_types
    from judge.engine.deck import check_decklist
    from judge.engine.decklist import parse_decklist

    rng = random.Random(31)
    stubs = {}
    for n in range(args.cards):
        name = name_of(rng, n)
        stubs[engine_cards.normalise_name(name)] = engine_cards.Card(
            name=name, faces=(engine_cards.Face(name=name),)
        )
    pool = IndexedCardPool(cards=stubs, aliases={}, index=NameIndex(stubs))
    made_up = "\n".join(f"1 Zyx {rng.choice(WORDS)} Qwv {n}" for n in range(args.unknown))
    decklist = parse_decklist(text=f"Commander\n1 Made Up Commander\n{made_up}")
    print(f"{args.cards} known names, {args.unknown + 1} unknown; load average {os.getloadavg()[0]:.1f}")
    for label, budget in (("budget (first 5 names)", None), ("every name (before)", 10**6)):
        cpu: list[float] = []
        for _ in range(args.repeat):
            patch = (
                mock.patch.object(deck_types, "SUGGEST_NAMES", budget)
                if budget
                else mock.patch.object(deck_types, "SUGGEST_NAMES", deck_types.SUGGEST_NAMES)
            )
            with patch, mock.patch.object(deck_types, "SUGGEST_SECONDS", 10**6 if budget else 0.25):
                start = time.thread_time()
                check_decklist(pool=pool, decklist=decklist)
                cpu.append(time.thread_time() - start)
        print(f"{label}: CPU median {statistics.median(cpu) * 1000:.0f} ms, max {max(cpu) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
