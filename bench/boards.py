"""Leave-game boards for the benches: a board of any size, and one at the leave-game page's limits.

Plain data, no Django: bench/leave_game.py renders them in-process, bench/abuse.py posts them to gunicorn.
"""

from __future__ import annotations


def board(players: int, objects: int, *, big: bool = False) -> dict[str, object]:
    """``players`` players and ``objects`` cards on the battlefield; ``big``: the page's limits in every
    table (100 control effects, 50 delayed triggers and timed effects of 1,000 characters, 100 attacks of
    up to 20 blockers each, a Mindslaver per player, names of 70 characters), as bench/leave_game.md's
    "paste-max". A big board is one the engine accepts, so it can be resolved: the first half of the
    objects are stolen (player N's card, controlled by player N+1 through a control effect whose source is
    one of the second half), the second half are the active player's and attack."""
    names = [f"P{i}" for i in range(players)]
    half = objects // 2 if big else objects
    items = [
        {
            "id": f"o{i}",
            "name": f"Card {i}" * (10 if big else 1),
            "kind": "card",
            "owner": names[i % players] if big and i < half else names[0],
            "controller": names[(i + 1) % players] if big and i < half else names[0],
            "zone": "battlefield",
        }
        for i in range(objects)
    ]
    result: dict[str, object] = {
        "variant": "free-for-all",
        "turn_order": names,
        "active_player": "P0",
        "objects": items,
        "control_effects": [],
        "delayed_triggers": [],
    }
    if big:
        result["control_effects"] = [
            {
                "id": f"e{i}",
                "object": f"o{i}",
                "controller": names[(i + 1) % players],
                "source": f"o{half + i}",
                "ends": "source-leaves",
            }
            for i in range(min(100, half))
        ]
        result["delayed_triggers"] = [
            {"id": f"t{i}", "controller": names[i % players], "source": f"o{half + i}", "text": "y" * 1000}
            for i in range(50)
        ]
        result["timed_effects"] = [
            {"id": f"m{i}", "controller": names[i % players], "until": "next-turn", "text": "y" * 1000}
            for i in range(50)
        ]
        result["combat"] = [
            {
                "attacker": f"o{half + i}",
                "attacking": names[(i + 1) % players],
                "blockers": [
                    str(o["id"]) for o in items[:half] if o["controller"] == names[(i + 1) % players]
                ][:20],
            }
            for i in range(100)
        ]
        result["player_control"] = [
            {"player": names[i], "controller": names[(i + 1) % players], "pending": True}
            for i in range(players)
        ]
    return result


def longest(board: dict[str, object], *, fill: str = "あ", text: str = "え") -> dict[str, object]:
    """``board`` with every name and id as long as the engine takes it: players 60 characters, ids 40, card
    names 200 (English and Japanese), texts 1,000; ``fill`` pads names and ids, ``text`` fills the texts
    (Japanese: three bytes a character)."""
    players = {p: (p + fill * 60)[:60] for p in board["turn_order"]}  # type: ignore[attr-defined]
    ids: dict[str, str] = {}
    kept = ("kind", "zone", "ends", "until", "variant", "text", "name", "name_ja")

    def padded(value: object) -> object:
        if isinstance(value, dict):
            return {k: v if k in kept else padded(v) for k, v in value.items()}
        if isinstance(value, list):
            return [padded(v) for v in value]
        if isinstance(value, str):
            return players.get(value) or ids.setdefault(value, (value + fill * 40)[:40])
        return value

    result: dict[str, object] = padded(board)  # type: ignore[assignment]
    for item in result["objects"]:  # type: ignore[attr-defined]
        item["name"], item["name_ja"] = "x" * 200, "う" * 200
    for item in [*result.get("delayed_triggers", []), *result.get("timed_effects", [])]:  # type: ignore[misc]
        item["text"] = text * 1000
    return result


def form_fields(board: dict[str, object], action: str) -> dict[str, object]:
    """``board`` as the leave-game page's form posts it (one formset per table, the player columns as row
    numbers), pressing ``action`` ("update", "resolve-1", ...)."""
    players = list(board["turn_order"])  # type: ignore[call-overload]
    data: dict[str, object] = {"action": action, "variant": board["variant"], "left": ""}
    if board.get("active_player") in players:
        data["active"] = str(players.index(board["active_player"]))
    tables = {
        "player": [{"name": p} for p in players],
        "obj": board.get("objects") or [],
        "eff": board.get("control_effects") or [],
        "trg": board.get("delayed_triggers") or [],
        "tmd": board.get("timed_effects") or [],
        "pc": board.get("player_control") or [],
        "atk": board.get("combat") or [],
    }
    for prefix, rows in tables.items():
        data[f"{prefix}-TOTAL_FORMS"] = data[f"{prefix}-INITIAL_FORMS"] = str(len(rows))  # type: ignore[arg-type]
        for i, row in enumerate(rows):  # type: ignore[arg-type]
            for key, value in row.items():
                data[f"{prefix}-{i}-{key}"] = (
                    "1" if value is True else value if isinstance(value, list) else str(value)
                )
    return data
