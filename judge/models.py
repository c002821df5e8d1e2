"""The old single app's models, until they move to their own apps (issue 9)."""

from judge.card_models import Card, CardAlias
from judge.tracker_models import Game, GameEvent

__all__ = ["Card", "CardAlias", "Game", "GameEvent"]
