"""The card data the calculator view tests import (tests/fixtures/cards)."""

from __future__ import annotations

import pytest

from judge.cards.services import import_cards
from tests.calc.helpers import SCRYFALL


@pytest.fixture()
def cards() -> None:
    import_cards(path=SCRYFALL)
