"""Writes of a started game's seats: each seat's declared bracket and list, saved again from the table's
brackets page (judge.calc.table_views). As every tracker write: keyword-only, checked without the lock
first, then under the game's row lock on the revision it was read at, and the revision moves on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from judge.engine import tracker
from judge.tracker.models import Game, GameSeat
from judge.tracker.services import _fresh, _retry_if_locked, game_setup


def save_seat_decks(
    *,
    game: Game,
    declared_brackets: Mapping[str, Any] | None,
    decklists: Mapping[str, Any] | None,
    expected_revision: Any,
) -> Game:
    """Replace every seat's declared bracket and list of a started Commander game (the table page saves
    them); return the locked game, its revision moved on (the board shows the new brackets at once).

    Only on the revision they were read at (``expected_revision``): a save or any change made since is not
    overwritten (IllegalStateError, checked without the lock first, then again under it); InvalidInputError
    for a deck the engine refuses (judge.engine.tracker.seat_decks). Nothing is stored on a refusal."""
    fresh = _fresh(game)
    setup = game_setup(fresh)  # UnreadableGame when its setup no longer reads
    decks = tracker.seat_decks(setup=setup, declared_brackets=declared_brackets, decklists=decklists)
    tracker.check_decks_revision(expected=expected_revision, revision=fresh.revision)
    return _retry_if_locked(lambda: _save_decks(game, decks, expected_revision))


def _save_decks(game: Game, decks: Sequence[tracker.SeatDeck], expected_revision: Any) -> Game:
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        tracker.check_decks_revision(expected=expected_revision, revision=locked.revision)
        locked.seats.all().delete()
        GameSeat.objects.bulk_create(
            GameSeat(
                game=locked,
                index=index,
                player=deck.player,
                declared_bracket=deck.declared_bracket,
                decklist=deck.decklist,
            )
            for index, deck in enumerate(decks)
            if not deck.empty
        )
        locked.revision += 1
        locked.save(update_fields=["revision", "updated"])
    return locked


__all__ = ["save_seat_decks"]
