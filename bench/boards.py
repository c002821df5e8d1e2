"""Leave-game boards for the benches: a board of any size, and one at the leave-game page's limits.

Plain data, no Django: bench/leave_game.py renders them in-process, bench/abuse.py posts them to gunicorn.
"""

from __future__ import annotations


def board(players: int, objects: int, *, big: bool = False) -> dict[str, object]:
    """``players`` players and ``objects`` cards on the battlefield; ``big``: the page's limits in every
    table (100 control effects, 50 delayed triggers and timed effects of 1,000 characters, 100 attacks of
    20 blockers each, names of 70 characters), as bench/leave_game.md's "paste-max"."""
    names = [f"P{i}" for i in range(players)]
    result: dict[str, object] = {
        "variant": "free-for-all",
        "turn_order": names,
        "active_player": "P0",
        "objects": [
            {
                "id": f"o{i}",
                "name": f"Card {i}" * (10 if big else 1),
                "kind": "card",
                "owner": "P0",
                "controller": "P0",
                "zone": "battlefield",
            }
            for i in range(objects)
        ],
        "control_effects": [],
        "delayed_triggers": [],
    }
    if big:
        result["control_effects"] = [
            {"id": f"e{i}", "object": f"o{i}", "controller": "P1", "source": f"o{i}", "ends": "source-leaves"}
            for i in range(100)
        ]
        result["delayed_triggers"] = [
            {"id": f"t{i}", "controller": "P1", "source": f"o{i}", "text": "y" * 1000} for i in range(50)
        ]
        result["timed_effects"] = [
            {"id": f"m{i}", "controller": "P1", "until": "next-turn", "text": "y" * 1000} for i in range(50)
        ]
        result["combat"] = [
            {"attacker": f"o{i}", "attacking": "P1", "blockers": [f"o{j}" for j in range(20)]}
            for i in range(100)
        ]
        result["player_control"] = [{"player": f"P{i}", "controller": "P1"} for i in range(players)]
    return result
