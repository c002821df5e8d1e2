"""What the leave-game page and the worked rulings show, typed for the templates.

Everything here is for a phone: a board is a card per player (what they control, what they own
elsewhere, the designations they hold) and a list of effects in sentences, never a table; an object is
named by its name in the reader's language (《突撃するグリフィン》 on /ja/), never by its id. A resolved
leave is presented from the engine's own values (the board before, the result after), so the page reads
each answer once; a board the engine refused is shown as given.

By what they show: names and labels (``names``), a board and the board form's rows (``board``), a
resolved leave (``outcome``), a worked ruling's step (``steps``).
"""

from __future__ import annotations

# The presenters the rulings pages use (judge.rulings.views), importable from the package as one.
from judge.rulings.presenters.board import label_rows, object_card_names, object_options, present_board
from judge.rulings.presenters.names import as_text, choices, label_of, mappings_in
from judge.rulings.presenters.outcome import Resolution, board_json, present_resolution
from judge.rulings.presenters.steps import present_step, scenario_names, start_display

__all__ = [
    "Resolution",
    "as_text",
    "board_json",
    "choices",
    "label_of",
    "label_rows",
    "mappings_in",
    "object_card_names",
    "object_options",
    "present_board",
    "present_resolution",
    "present_step",
    "scenario_names",
    "start_display",
]
