"""Tracker writes and reads: snapshots, events, undo by seat, the revision rule, bounds, expiry, parallel
writers."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client
from django.utils import timezone

from judge.engine import tracker
from judge.engine.errors import IllegalStateError, InvalidInputError
from judge.engine.tracker import log as tracker_log
from judge.tracker.models import CHECKPOINT, KEEP_SNAPSHOTS, Game, GameEvent
from judge.tracker.selectors import game_revision, game_state, history
from judge.tracker.services import (
    UnreadableGame,
    expire_games,
    record_event,
    start_game,
    table_before,
    undo_last,
)
from tests.tracker.helpers import assert_snapshots_match_replay, new_game, replayed


@pytest.mark.django_db
def test_start_game_saves_setup_and_unguessable_slug() -> None:
    game = new_game()
    other = new_game()
    assert len(game.slug) >= 11 and game.slug != other.slug
    assert game.variant == "commander" and game.revision == 0
    _, state = game_state(slug=game.slug)
    assert state.life_of("Aki") == 40 and history(game=game).entries == []


@pytest.mark.django_db
def test_start_game_lists_every_problem_and_refuses_a_broken_name() -> None:
    with pytest.raises(InvalidInputError) as info:
        start_game(variant="commander", players=["A" * 61] + [f"P{i}" for i in range(20)], commanders={})
    problems = info.value.problems
    assert any("at most 20 players" in p for p in problems)
    assert any("at most 60 characters" in p for p in problems)
    with pytest.raises(InvalidInputError, match="broken character"):
        start_game(variant="commander", players=["\ud800", "Ben"], commanders={})
    with pytest.raises(InvalidInputError, match="broken character"):
        start_game(variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["\ud800"]})
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_events_history_and_undo() -> None:
    game = new_game()
    record_event(game=game, kind="cast-commander", payload={"player": "Ben", "commander": 1})
    record_event(
        game=game,
        kind="commander-damage",
        payload={"player": "Aki", "owner": "Ben", "commander": 1, "amount": 6},
    )
    game, state, steps = record_event(game=game, kind="life", payload={"player": "Aki", "amount": -2})
    assert game.revision == 3
    assert state.life_of("Aki") == 32
    assert steps[0].rule == "119.3"

    game, state, undone = undo_last(game=game)
    assert undone.seq == 3 and undone.undone and undone.undone_at is not None
    assert undone.state == state.to_payload()  # it keeps a table: the one without it
    assert state.life_of("Aki") == 34 and game_state(slug=game.slug)[1] == state
    entries = history(game=game).entries
    assert [h.seq for h in entries] == [3, 2, 1]
    assert entries[0].undone and not entries[0].steps
    assert entries[1].steps[0].rule == "903.10a"
    assert state.commander("Ben", 1).tax == 2

    # A new event after an undo gets the next seq; the undone one stays in the history.
    game, state, _ = record_event(game=game, kind="next-turn", payload={"expected_revision": game.revision})
    assert list(GameEvent.objects.filter(game=game).values_list("seq", "undone")) == [
        (1, False),
        (2, False),
        (3, True),
        (4, False),
    ]
    assert game_revision(slug=game.slug) == 5
    assert_snapshots_match_replay(game)


@pytest.mark.django_db
def test_undo_takes_back_the_seats_own_last_change() -> None:
    """Aki lost 3 life, then Ben and Chie changed the table: Aki's undo takes back Aki's change, not
    theirs."""
    game = new_game()
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": -3, "by": "aki"})
    record_event(game=game, kind="cast-commander", payload={"player": "Ben", "commander": 0, "by": "Ben"})
    record_event(
        game=game,
        kind="commander-damage",
        payload={"player": "Chie", "owner": "Ben", "commander": 0, "amount": 4, "by": "Chie"},
    )
    game, state, undone = undo_last(game=game, payload={"by": "AKI"})
    assert undone.seq == 1 and undone.payload["by"] == "Aki"
    assert state.life_of("Aki") == 40  # Aki's -3 is gone
    assert state.commander("Ben", 0).tax == 2 and state.life_of("Chie") == 36  # the others' changes stay
    assert_snapshots_match_replay(game)
    # Aki has nothing left; Ben's undo takes Ben's cast even though Chie's change is later.
    with pytest.raises(IllegalStateError, match="Aki has no change left to undo"):
        undo_last(game=game, payload={"by": "Aki"})
    game, state, undone = undo_last(game=game, payload={"by": "Ben"})
    assert undone.seq == 2 and state.commander("Ben", 0).tax == 0 and state.life_of("Chie") == 36
    assert_snapshots_match_replay(game)
    with pytest.raises(InvalidInputError, match="“Zed” is not a player"):
        undo_last(game=game, payload={"by": "Zed"})


@pytest.mark.django_db
def test_undo_refused_when_a_later_change_depends_on_it() -> None:
    """Undoing Aki's concession would put a player back into a game that has gone on without them."""
    game = start_game(variant="planechase", players=["Aki", "Ben", "Chie"])
    record_event(game=game, kind="next-turn", payload={"by": "Aki", "expected_revision": 0})  # Ben's turn
    record_event(game=game, kind="planar-roll", payload={"player": "Ben", "by": "Ben"})
    with pytest.raises(IllegalStateError, match="depends on it"):
        undo_last(game=game, payload={"by": "Aki"})
    game.refresh_from_db()
    assert game.revision == 2 and not game.events.filter(undone=True).exists()


@pytest.mark.django_db
def test_undo_with_nothing_to_undo() -> None:
    game = new_game()
    with pytest.raises(IllegalStateError, match="Nothing to undo"):
        undo_last(game=game)
    record_event(game=game, kind="life", payload={"player": "Aki", "amount": 1})
    undo_last(game=game)
    with pytest.raises(IllegalStateError):
        undo_last(game=game)


@pytest.mark.django_db
def test_invalid_events_store_nothing() -> None:
    game = new_game()
    with pytest.raises(InvalidInputError) as info:
        record_event(
            game=game, kind="commander-damage", payload={"player": "Zed", "owner": "Ben", "amount": 99999}
        )
    assert len(info.value.problems) == 1  # the amount is checked before the table
    with pytest.raises(InvalidInputError, match="“Zed” is not a player"):
        record_event(game=game, kind="life", payload={"player": "Zed", "amount": 1})
    with pytest.raises(InvalidInputError, match="broken character"):
        record_event(game=game, kind="life", payload={"player": "\ud800", "amount": 1})
    with pytest.raises(IllegalStateError):
        record_event(game=game, kind="poison", payload={"player": "Aki", "amount": -1})
    game.refresh_from_db()
    assert game.revision == 0 and not game.events.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "revision", [float("inf"), float("nan"), json.loads("1e400"), 10**400, "abc", 1.5, [3], -1, 2**31]
)
def test_a_revision_that_is_no_whole_number_is_refused(revision: object) -> None:
    game = new_game()
    with pytest.raises(InvalidInputError, match="Table revision: a whole number"):
        record_event(game=game, kind="next-turn", payload={"expected_revision": revision})
    with pytest.raises(InvalidInputError, match="Table revision: a whole number"):
        undo_last(game=game, payload={"expected_revision": revision})
    assert not game.events.exists()


@pytest.mark.django_db
def test_already_done_next_turn_and_undo() -> None:
    """Two phones press "next turn" on revision 0: the second is refused, so Ben's turn is not skipped."""
    game = new_game()
    game, state, _ = record_event(game=game, kind="next-turn", payload={"expected_revision": 0, "by": "Aki"})
    assert state.active_players == ("Ben",)
    with pytest.raises(tracker.AlreadyDoneError, match="no player is skipped"):
        record_event(game=game, kind="next-turn", payload={"expected_revision": 0, "by": "Chie"})
    # A relative change made on the same old revision still means the same and is applied.
    game, state, _ = record_event(
        game=game, kind="life", payload={"player": "Aki", "amount": -1, "expected_revision": 0}
    )
    assert state.life_of("Aki") == 39 and state.active_players == ("Ben",)
    # Two undo presses on revision 2 undo one change.
    game, state, _ = undo_last(game=game, payload={"expected_revision": 2})
    with pytest.raises(tracker.AlreadyDoneError, match="two presses never undo two changes"):
        undo_last(game=game, payload={"expected_revision": 2})
    assert state.life_of("Aki") == 40 and state.active_players == ("Ben",)
    with pytest.raises(InvalidInputError, match="doesn't exist yet"):
        record_event(game=game, kind="next-turn", payload={"expected_revision": 99})
    game.refresh_from_db()
    assert game.revision == 3 and game.events.count() == 2


@pytest.mark.django_db
def test_stale_copies_of_the_game_lose_nothing() -> None:
    """Two phones loaded the same game row; each write re-reads it under the lock."""
    game = new_game()
    phone_a = Game.objects.get(pk=game.pk)
    phone_b = Game.objects.get(pk=game.pk)
    record_event(game=phone_a, kind="life", payload={"player": "Chie", "amount": -3})
    record_event(game=phone_b, kind="life", payload={"player": "Chie", "amount": -4})
    game, state = game_state(slug=game.slug)
    assert state.life_of("Chie") == 33
    assert game.revision == 2


WORKED = [
    # (variant, players, commanders, teams, planechase, changes: (kind, payload) or ("undo", payload))
    (
        "commander",
        ["Aki", "Ben", "Chie", "Dan"],
        {"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"], "Dan": ["Atraxa"]},
        None,
        True,
        [
            ("cast-commander", {"player": "Aki", "by": "Aki"}),
            ("commander-damage", {"player": "Ben", "owner": "Aki", "amount": 7, "by": "Aki"}),
            ("planar-roll", {"player": "Aki", "face": "chaos", "by": "Aki"}),
            ("next-turn", {"by": "Aki"}),
            ("cast-commander", {"player": "Ben", "commander": 1, "by": "Ben"}),
            (
                "commander-damage",
                {"player": "Dan", "owner": "Ben", "commander": 1, "amount": 21, "by": "Ben"},
            ),
            ("undo", {"by": "Aki"}),  # Aki's roll comes off; Dan's loss stays
            ("poison", {"player": "Chie", "amount": 4, "by": "Chie"}),
            ("next-turn", {"by": "Ben"}),
            ("life", {"player": "Aki", "amount": -12, "by": "Chie"}),
            ("undo", {"by": "Chie"}),
            ("commander-without-cast", {"player": "Chie", "how": "other-zone", "by": "Chie"}),
        ],
    ),
    (
        "two-headed-giant",
        ["A", "B", "C", "D"],
        None,
        [["A", "B"], ["C", "D"]],
        False,
        [
            ("life", {"player": "A", "amount": -10}),
            ("poison", {"player": "D", "amount": 9}),
            ("next-turn", {}),
            ("undo", {}),
            ("life", {"player": "C", "amount": 5}),
            ("lose", {"player": "B", "reason": "concede"}),
        ],
    ),
    (
        "dtc",
        ["A", "B", "C", "D"],
        {"A": ["X"], "B": ["Y"], "C": ["Z"], "D": ["W"]},
        None,
        False,
        [
            ("shields", {"player": "C", "amount": -3, "by": "A"}),
            ("cast-commander", {"player": "A", "by": "A"}),
            ("set-commander-casts", {"player": "B", "amount": 2, "by": "B"}),
            ("undo", {"by": "A"}),
            ("next-turn", {"by": "A"}),
        ],
    ),
    (
        "brawl",
        ["A", "B", "C"],
        {"A": ["X"], "B": ["Y"], "C": ["Z"]},
        None,
        False,
        [
            ("commander-damage", {"player": "B", "owner": "A", "amount": 25}),
            ("life", {"player": "C", "amount": -31}),
        ],
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "players", "commanders", "teams", "planechase", "changes"), WORKED, ids=[w[0] for w in WORKED]
)
def test_snapshots_equal_the_replay_of_worked_games(
    variant,
    players,
    commanders,
    teams,
    planechase,  # type: ignore[no-untyped-def]
    changes,
) -> None:
    game = start_game(
        variant=variant, players=players, commanders=commanders, teams=teams, planechase=planechase
    )
    for kind, payload in changes:
        if kind == "undo":
            undo_last(game=game, payload=payload)
        elif kind == "next-turn":  # pressed on the table as it is: a turn change always carries its revision
            revision = Game.objects.get(pk=game.pk).revision
            record_event(game=game, kind=kind, payload={**payload, "expected_revision": revision})
        else:
            record_event(game=game, kind=kind, payload=payload)
        assert_snapshots_match_replay(game)
    game.refresh_from_db()
    assert game.revision == len(changes)


@pytest.mark.django_db
def test_a_long_game_keeps_recent_and_checkpoint_snapshots_only() -> None:
    """Every change stores its table when written; older than the recent window, only every 64th keeps it."""
    game = start_game(variant="planechase", players=["Aki", "Ben", "Chie"])
    total = KEEP_SNAPSHOTS + 2 * CHECKPOINT + 5
    record_event(game=game, kind="life", payload={"player": "Chie", "amount": -2, "by": "Chie"})
    for n in range(total - 1):
        seat = "Aki" if n % 2 else "Ben"
        record_event(
            game=game, kind="life", payload={"player": seat, "amount": -1 if n % 4 < 2 else 1, "by": seat}
        )
    expected = {s for s in range(1, total + 1) if s % CHECKPOINT == 0 or s > total - KEEP_SNAPSHOTS}
    assert set(game.events.filter(state__isnull=False).values_list("seq", flat=True)) == expected
    assert_snapshots_match_replay(game)
    # Chie's change 1 is out of the undo window: undoing it would apply every change since again.
    with pytest.raises(IllegalStateError, match=f"Nothing to undo among the last {KEEP_SNAPSHOTS} changes"):
        undo_last(game=game, payload={"by": "Chie"})
    # Ben's last change (two back) is in it: it and the one table kept after it are rewritten.
    game, state, undone = undo_last(game=game, payload={"by": "Ben"})
    assert undone.seq == total - 1
    assert set(game.events.filter(state__isnull=False).values_list("seq", flat=True)) == expected
    assert_snapshots_match_replay(game)


@pytest.mark.django_db
def test_a_game_holds_at_most_max_events_changes() -> None:
    game = new_game()
    state = table_before(game)
    GameEvent.objects.bulk_create(
        [
            GameEvent(game=game, seq=seq, kind="next-turn", payload={"kind": "next-turn"}, undone=True)
            for seq in range(1, tracker.MAX_EVENTS + 1)
        ]
    )
    with pytest.raises(IllegalStateError, match="5000 changes already"):
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1})
    assert table_before(game) == state and game.events.count() == tracker.MAX_EVENTS


@pytest.mark.django_db
def test_expire_games_deletes_idle_games_and_their_changes(settings) -> None:  # type: ignore[no-untyped-def]
    settings.JUDGE_TRACKER_RETENTION_DAYS = 30
    idle, recent = new_game(), new_game()
    for game in (idle, recent):
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1})
    now = timezone.now()
    Game.objects.filter(pk=idle.pk).update(updated=now - datetime.timedelta(days=31))
    Game.objects.filter(pk=recent.pk).update(updated=now - datetime.timedelta(days=29))
    assert expire_games(now=now) == 1
    assert list(Game.objects.values_list("pk", flat=True)) == [recent.pk]
    assert not GameEvent.objects.filter(game_id=idle.pk).exists() and recent.events.count() == 1
    assert expire_games(now=now) == 0


@pytest.mark.django_db
def test_a_stored_game_the_readers_now_refuse_is_unreadable_not_an_error() -> None:
    """A game saved before the readers refused control characters (PostgreSQL never stores a lone surrogate,
    SQLite did): reads and writes say so, nothing changes."""
    game = Game.objects.create(
        variant="commander",
        setup={
            "variant": "commander",
            "players": ["Bell\u0007", "Ben"],
            "commanders": {},
            "teams": None,
            "planechase": False,
        },
    )
    with pytest.raises(UnreadableGame):
        game_state(slug=game.slug)
    with pytest.raises(UnreadableGame):
        record_event(game=game, kind="life", payload={"player": "Ben", "amount": -1})
    good = new_game()
    record_event(game=good, kind="life", payload={"player": "Aki", "amount": -1})
    good.events.update(state={**table_before(good).to_payload(), "turn": 10**400})
    with pytest.raises(UnreadableGame):
        game_state(slug=good.slug)
    good.events.update(payload={"kind": "life", "player": "Aki", "amount": 1e300})
    with pytest.raises(UnreadableGame):
        history(game=good)
    assert not game.events.exists()


@pytest.mark.django_db
def test_planar_roll_is_rolled_by_the_server() -> None:
    game = start_game(variant="planechase", players=["Aki", "Ben"])
    _, state, steps = record_event(game=game, kind="planar-roll", payload={"player": "Aki"})
    stored = GameEvent.objects.get(game=game)
    assert stored.payload["face"] in {"blank", "chaos", "planeswalker"}
    assert state.player("Aki").planar_cost == 1
    assert [s.rule for s in steps][0] == "901.9"


def _played_to(game: Game, total: int, players: list[str]) -> None:
    """``total`` life changes in turn, each by the seat it changes; every 64th recorded through the service
    and undone at once (an undo takes a checkpoint's change back), the ones between stored as the service
    stores them (their tables thinned out), and the last 64 keeping theirs."""
    state = table_before(game)
    rows: list[GameEvent] = []
    for seq in range(1, total + 1):
        n = seq - 1
        player = players[n % len(players)]
        payload = {"player": player, "amount": -1 if (n // len(players)) % 2 == 0 else 1, "by": player}
        if seq % CHECKPOINT == 0:
            GameEvent.objects.bulk_create(rows)
            rows = []
            record_event(game=game, kind="life", payload=payload)
            game, state, _ = undo_last(game=game, payload={"by": player})
            continue
        event = tracker.event_from_json({**payload, "kind": "life"})
        state, _ = tracker.apply_event(state=state, event=event)
        rows.append(
            GameEvent(
                game=game,
                seq=seq,
                kind="life",
                payload=event.to_payload(),
                state=state.to_payload() if seq > total - KEEP_SNAPSHOTS else None,
            )
        )
    GameEvent.objects.bulk_create(rows)
    Game.objects.filter(pk=game.pk).update(revision=total + total // CHECKPOINT)


@pytest.mark.django_db
def test_no_read_or_write_replays_more_than_a_checkpoint_whatever_was_undone(
    monkeypatch: pytest.MonkeyPatch, client: Client
) -> None:
    """Issue 31, item 5: a 20-player game of 5,000 changes where every 64th change was undone and then the
    last 64: every read and write (the table, a page of history, the page, the board, JSON, a write, an
    undo) applies fewer than CHECKPOINT changes again, counted, not timed."""
    players = [f"Player {i:02}" for i in range(20)]
    game = start_game(variant="commander", players=players, commanders={p: [f"{p}'s"] for p in players})
    _played_to(game, tracker.MAX_EVENTS - 1, players)
    game.refresh_from_db()
    while True:  # the last 64 undone, anyone's
        try:
            game, _, _ = undo_last(game=game)
        except IllegalStateError:
            break
    assert (
        game.events.filter(undone=True).count() == KEEP_SNAPSHOTS + (tracker.MAX_EVENTS - 1) // CHECKPOINT - 1
    )
    applied = [0]

    def counted(real):  # type: ignore[no-untyped-def]
        def apply_event(**kwargs):  # type: ignore[no-untyped-def]
            applied[0] += 1
            return real(**kwargs)

        return apply_event

    monkeypatch.setattr(tracker_log, "apply_event", counted(tracker_log.apply_event))
    monkeypatch.setattr(tracker, "apply_event", counted(tracker.apply_event))
    url = f"/en/tracker/{game.slug}/"

    def cost(run) -> int:  # type: ignore[no-untyped-def]
        applied[0] = 0
        run()
        return applied[0]

    costs = {
        "table": cost(lambda: table_before(game)),
        "old table": cost(lambda: table_before(game, seq=2500)),
        "history": cost(lambda: history(game=game, before=2500)),
        "page": cost(lambda: client.get(url)),
        "board": cost(lambda: client.get(url, HTTP_HX_REQUEST="true")),
        "json": cost(lambda: client.get(url + "?format=json")),
        "write": cost(
            lambda: record_event(game=game, kind="life", payload={"player": players[0], "amount": -1})
        ),
    }
    game.refresh_from_db()
    costs["undo"] = cost(lambda: undo_last(game=game))
    assert game.events.count() == tracker.MAX_EVENTS
    assert all(n < CHECKPOINT + 20 for n in costs.values()), costs  # a page of history is 20 changes
    assert costs["table"] == 0 and costs["write"] <= 1, costs
    # And each table is still the game's: the current one, and an undone checkpoint's (the table without it).
    assert table_before(game) == replayed(game)
    checkpoint = game.events.get(seq=40 * CHECKPOINT)
    assert checkpoint.undone and tracker.state_from_json(checkpoint.state) == replayed(
        game, upto=checkpoint.seq
    )


@pytest.mark.django_db
def test_an_undone_checkpoint_keeps_the_table_without_it() -> None:
    game = new_game()
    for n in range(CHECKPOINT):
        record_event(game=game, kind="life", payload={"player": "Aki", "amount": -1 if n % 2 else 1})
    game, state, undone = undo_last(game=game)
    assert undone.seq == CHECKPOINT and tracker.state_from_json(undone.state) == state
    assert state == replayed(game, upto=CHECKPOINT - 1)
    assert_snapshots_match_replay(game)
