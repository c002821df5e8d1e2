"""Tracker write cost by history length: replaying the whole log against one snapshot (the engine alone).

    .venv/bin/python bench/tracker.py [--lengths 1,1000,5000] [--repeat 50]

For a six-player Commander game with N recorded changes, times (median of
--repeat runs, milliseconds):

- replay: rebuild the table from all N events, then apply one more (what every
  write and every page read cost before snapshots, judge.tracker_services);
- snapshot write: read the latest snapshot back (state_from_json), apply one
  event, write the new snapshot (to_payload + json.dumps): what a write costs with
  a snapshot per revision;
- snapshot read: state_from_json of the stored JSON (a page read);
- size: bytes of one snapshot as UTF-8 JSON.

No database and no Django: the engine's share of the cost. No assertions.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judge.engine.errors import RulesError  # noqa: E402
from judge.engine.tracker import (  # noqa: E402
    Event,
    EventKind,
    TableState,
    apply_event,
    new_table,
    replay,
    state_from_json,
)

PLAYERS = ["Aki", "Ben", "Chie", "Dan", "Emi", "Fumi"]


def _game(length: int) -> tuple[TableState, list[Event]]:
    """A game of ``length`` legal changes: life swings, casts, small commander damage, turns."""
    rng = random.Random(length)
    table = new_table(variant="commander", players=PLAYERS, commanders={p: [f"{p} cmd"] for p in PLAYERS})
    events: list[Event] = []
    while len(events) < length:
        player = rng.choice(PLAYERS)
        event = rng.choice(
            [
                Event(kind=EventKind.LIFE, player=player, amount=rng.choice([-3, -1, 1, 2, 3])),
                Event(kind=EventKind.NEXT_TURN),
                Event(kind=EventKind.SET_COMMANDER_CASTS, player=player, amount=rng.randint(0, 5)),
                Event(kind=EventKind.COMMANDER_DAMAGE, player=player, owner=rng.choice(PLAYERS), amount=1),
                Event(kind=EventKind.COMMANDER_DAMAGE, player=player, owner=rng.choice(PLAYERS), amount=-1),
            ]
        )
        try:
            table, _ = apply_event(state=table, event=event)
        except RulesError:
            continue
        events.append(event)
    return table, events


def _median_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="1,1000,5000")
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    nudge = Event(kind=EventKind.LIFE, player="Aki", amount=1)
    print(
        f"{'events':>7} {'replay ms':>10} {'snapshot write ms':>18} {'snapshot read ms':>17} "
        f"{'snapshot bytes':>15}"
    )
    for length in (int(n) for n in args.lengths.split(",")):
        table, events = _game(length)
        stored = json.dumps(table.to_payload(), ensure_ascii=False)

        # Each timing runs inside this iteration; the defaults bind this length's game.
        def old_write(table: Any = table, events: Any = events) -> object:
            return apply_event(state=replay(setup=table.setup, events=events), event=nudge)

        def new_write(stored: str = stored) -> object:
            state, _ = apply_event(state=state_from_json(json.loads(stored)), event=nudge)
            return json.dumps(state.to_payload(), ensure_ascii=False)

        def new_read(stored: str = stored) -> object:
            return state_from_json(json.loads(stored))

        print(
            f"{length:>7} {_median_ms(old_write, args.repeat):>10.2f} "
            f"{_median_ms(new_write, args.repeat):>18.3f} "
            f"{_median_ms(new_read, args.repeat):>17.3f} {len(stored.encode('utf-8')):>15}"
        )


if __name__ == "__main__":
    main()
