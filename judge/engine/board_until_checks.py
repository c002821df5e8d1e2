"""The states of a board's "until" exiles the rules cannot reach (610.3), judged with the rest of the board.

>>> from judge.engine.board import Board, GameObject, ObjectKind, Variant, Zone
>>> from judge.engine.board_until import UntilEffect, UntilEnds, UntilHow
>>> bear = GameObject(id="bear", name="Runeclaw Bear", kind=ObjectKind.CARD, owner="B", controller="B",
...                   zone=Zone.BATTLEFIELD)
>>> board = Board(variant=Variant.FREE_FOR_ALL, turn_order=("A", "B"), active_player="A", objects=(bear,),
...               until_effects=(UntilEffect(id="u", source=None, objects=("bear",),
...                                          ends=UntilEnds.END_OF_TURN, how=UntilHow.UNTIL),))
>>> [(p.code, p.rule, p.field) for p in check_until_effects(board)]
[('board.until-not-exiled', '610.3', 'until_effects[0].objects[0]')]
"""

from __future__ import annotations

from judge.engine.board import Board, Zone, effect_label
from judge.engine.board_until import UntilEnds
from judge.engine.messages import Message, msg


def check_until_effects(board: Board) -> list[Message]:
    """The exiled cards are in exile; a source the exile waits for is still on the battlefield."""
    problems: list[Message] = []
    for index, effect in enumerate(board.until_effects):
        where = f"until_effects[{index}]"
        name = effect_label(board, effect.name, effect.name_ja, effect.source)
        who = (
            msg("board.label.until", name=name)
            if name is not None
            else msg("board.label.nth-until", number=index + 1)
        )
        for number, object_id in enumerate(effect.objects):
            obj = board.find(object_id)
            if obj is not None and obj.zone is not Zone.EXILE:
                problems.append(
                    msg(
                        "board.until-not-exiled",
                        rule="610.3",
                        field=f"{where}.objects[{number}]",
                        label=msg(
                            "board.label.effect-field",
                            effect=who,
                            part=msg("board.field.effect-until-objects"),
                        ),
                        object=obj.label,
                    )
                )
        source = board.find(effect.source)
        if (
            effect.ends is UntilEnds.SOURCE_LEAVES
            and source is not None
            and source.zone is not Zone.BATTLEFIELD
        ):
            problems.append(
                msg(
                    "board.until-source-gone",
                    rule="610.3",
                    field=f"{where}.source",
                    label=msg("board.label.effect-field", effect=who, part=msg("board.field.effect-source")),
                    object=source.label,
                )
            )
    return problems


__all__ = ["check_until_effects"]
