"""The old single app's models, until they move to their own apps (issue 9)."""

from judge.tracker_models import Game, GameEvent

__all__ = ["Game", "GameEvent"]
