"""The shared table tracker: life, poison, commander damage, commander tax and planar die costs.

A game is its :class:`TableSetup` (variant, players in turn order, their
commanders, teams) plus the log of :class:`Event` recorded since. The table at
a revision is a :class:`TableState`: :meth:`TableState.to_payload` is its
snapshot, :func:`state_from_json` reads one back, :func:`apply_event` takes
the next change directly; :func:`replay` folds the log's events that were not
undone over the starting table, the check of every snapshot. Undo takes back
a seat's own last change (:func:`undo_target`, :func:`undo_change`); a second
press of "next turn" or "undo" on a revision already left behind is refused
(:func:`check_revision`). Every step and problem is a message code
(``tracker.*``) rendered in the reader's language.

Modules: ``setup`` (the game's setup and its checks), ``events`` (the
changes), ``state`` (the table), ``rules`` (applying a change), ``changes``
(what each kind of change does), ``log`` (replay, undo, revisions),
``payload`` (reading JSON), ``fields`` (reading one value, the bounds of a
game), ``overview`` (the whole table at a glance), ``decks`` (each seat's declared bracket
and list, for the pre-game talk).

Rules the tracker follows
-------------------------
- Starting life (103.4): Commander 40 (903.7, 103.4c); Brawl 25 with two
  players, 30 in a multiplayer game (903.12f); Two-Headed Giant 30 per team
  (810.4), plus 15 for each player a team has beyond the second (810.11);
  Planechase 20 (103.4). Duel Masters Tag Commander (DTC) has no life total:
  each player starts with 7 shields and a team loses to a direct attack once
  all of its shields are gone (dtc:setup, dtc:win-loss).
- Poison: 10 or more loses (704.5c); in Two-Headed Giant poison is shared by
  the team and 15 loses (810.10, 704.6b), plus 5 per extra player (810.11).
- Commander damage: combat damage from each commander is counted per
  (damaged player, commander); 21 or more from the same commander loses
  (903.10a, 704.6c); partners are counted separately (702.124d). Brawl does not
  use that rule (903.12h): the damage is still shown. The damage also costs
  that much life (120.3a).
- Commander tax: {2} for each previous cast from the command zone (903.8),
  each partner separately (702.124d). A commander put onto the battlefield
  without being cast, or cast from another zone (from hand after Command
  Beacon), adds no tax. DTC: 2 more (colourless, not reducible) for each
  previous play from the command zone, counted per player; plays from other
  zones do not count (dtc:commander-tax).
- Planar die (901.9): the active player's n-th roll in a turn as the special
  action costs n-1 mana; rolls caused by effects cost nothing and do not
  count; the count resets when the next turn begins. In Two-Headed Giant each
  member of the active team counts their own rolls (901.12d).
- Losing: state-based actions are checked after every event (704.3); a team
  loses together (810.8a, DTC); a player who has lost has left the game
  (800.4a), is skipped in turn order (800.4k) and takes no more events. The
  last side standing wins (104.2a, 104.2c); if all remaining sides lose at
  once the game is a draw (104.4a).

>>> table = new_table(variant="commander", players=["Alex", "Bianca"],
...                   commanders={"Alex": ["Atraxa"], "Bianca": ["Kraum", "Tymna"]})
>>> table.life_of("Alex"), table.commander("Bianca", 1).tax
(40, 0)
>>> table, steps = apply_event(state=table,
...     event=Event(kind=EventKind.CAST_COMMANDER, player="Bianca", commander=0))
>>> table.commander("Bianca", 0).tax, table.commander("Bianca", 1).tax, steps[0].rule
(2, 0, '903.8')
>>> steps[0].render("ja")
'Bianca が《Kraum》を統率領域から唱えました：統率者税は {0}（統率領域から唱えたのは以前に 0 回）。'
>>> state_from_json(table.to_payload()) == table
True
"""

from judge.engine.losses import TRACKER_LOSSES, LossReason
from judge.engine.tracker.decks import (
    BRACKET_VARIANTS,
    HIGHEST_BRACKET,
    LOWEST_BRACKET,
    MAX_DECKLIST_CHARS,
    SeatDeck,
    check_decks_revision,
    seat_decks,
)
from judge.engine.tracker.events import (
    DECLARED_LOSSES,
    PLANAR_DIE,
    DieFace,
    EntryHow,
    Event,
    EventKind,
    Undo,
    face_name,
    how_name,
    kind_name,
    reason_name,
    summary,
)
from judge.engine.tracker.fields import (
    MAX_AMOUNT,
    MAX_CASTS,
    MAX_COUNT,
    MAX_EVENTS,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_REVISION,
    MAX_TOTAL,
    MIN_PLAYERS,
)
from judge.engine.tracker.log import (
    AlreadyDoneError,
    Applied,
    check_revision,
    check_room,
    replay,
    replay_with_steps,
    require_revision,
    undo_change,
    undo_target,
)
from judge.engine.tracker.overview import DamageCell, SeatView, TableView, table_view
from judge.engine.tracker.payload import event_from_json, setup_from_json, undo_from_json
from judge.engine.tracker.rules import apply_event, canonical_event
from judge.engine.tracker.setup import (
    DTC_MAX_SHIELDS,
    DTC_SHIELDS,
    TableSetup,
    max_commanders,
    start_steps,
    table_setup,
    variant_name,
)
from judge.engine.tracker.snapshot import state_from_json
from judge.engine.tracker.state import (
    CommanderState,
    Loss,
    PlayerState,
    Side,
    TableState,
    initial_state,
    new_table,
)
from judge.engine.variants import Variant

__all__ = [
    "BRACKET_VARIANTS",
    "HIGHEST_BRACKET",
    "LOWEST_BRACKET",
    "MAX_DECKLIST_CHARS",
    "SeatDeck",
    "check_decks_revision",
    "seat_decks",
    "DECLARED_LOSSES",
    "DTC_MAX_SHIELDS",
    "DTC_SHIELDS",
    "MAX_AMOUNT",
    "MAX_CASTS",
    "MAX_COUNT",
    "MAX_EVENTS",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_REVISION",
    "MAX_TOTAL",
    "MIN_PLAYERS",
    "PLANAR_DIE",
    "TRACKER_LOSSES",
    "AlreadyDoneError",
    "Applied",
    "CommanderState",
    "DamageCell",
    "DieFace",
    "EntryHow",
    "Event",
    "EventKind",
    "Loss",
    "LossReason",
    "PlayerState",
    "SeatView",
    "Side",
    "TableSetup",
    "TableState",
    "TableView",
    "Undo",
    "Variant",
    "apply_event",
    "canonical_event",
    "check_revision",
    "check_room",
    "event_from_json",
    "face_name",
    "how_name",
    "initial_state",
    "kind_name",
    "max_commanders",
    "new_table",
    "reason_name",
    "replay",
    "replay_with_steps",
    "require_revision",
    "setup_from_json",
    "start_steps",
    "state_from_json",
    "summary",
    "table_setup",
    "table_view",
    "undo_change",
    "undo_from_json",
    "undo_target",
    "variant_name",
]
