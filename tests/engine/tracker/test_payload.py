"""The tracker's JSON readers take anything and either build a value or list the problems (RulesError).

Nothing unreadable gets in: no lone surrogate, no float, infinity or NaN, no
number too long to print, no deep nesting; what is accepted comes back out of
``to_payload`` as JSON that encodes to UTF-8 and reads back equal.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine.errors import IllegalStateError, InvalidInputError, RulesError
from judge.engine.messages import Message, template_fields
from judge.engine.texts import CATALOG
from judge.engine.tracker import (
    MAX_CASTS,
    MAX_TOTAL,
    Event,
    EventKind,
    apply_event,
    event_from_json,
    new_table,
    replay,
    setup_from_json,
    state_from_json,
    table_setup,
    undo_from_json,
)

# Any text at all, lone surrogates included (hypothesis leaves them out unless asked).
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**300, max_value=10**5000),
    st.floats(allow_nan=True, allow_infinity=True),
    ANY_TEXT,
    st.sampled_from(
        ["", " ", "0", "-3", "1e400", "Infinity", "NaN", "\ud800", "Aki", "Ben", "１２", "9" * 5000]
    ),
)
JSON_LIKE = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(ANY_TEXT, inner, max_size=4)),
    max_leaves=12,
)


def _deep(depth: int) -> Any:
    """``[[[…]]]`` nested ``depth`` times, built without recursion (a 2 KB body reaches ~1,000)."""
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = _deep(100_000)
NAMES = st.sampled_from(["Aki", "aki", "Ben", "Chie", "Dan", "", "\ud800", "x" * 61, "A\x00", "A\u202e"])

SETUP_VALUES = {
    "variant": st.one_of(
        st.sampled_from(["commander", "brawl", "two-headed-giant", "planechase", "dtc", "x"]), JSON_LIKE
    ),
    "players": st.one_of(st.lists(NAMES, max_size=5), JSON_LIKE),
    "commanders": st.one_of(st.dictionaries(NAMES, st.lists(NAMES, max_size=3), max_size=4), JSON_LIKE),
    "teams": st.one_of(st.lists(st.lists(NAMES, max_size=3), max_size=3), JSON_LIKE),
    "planechase": st.one_of(st.booleans(), JSON_LIKE),
}
EVENT_VALUES = {
    "kind": st.one_of(st.sampled_from([k.value for k in EventKind]), JSON_LIKE),
    "player": st.one_of(NAMES, JSON_LIKE),
    "owner": st.one_of(NAMES, JSON_LIKE),
    "amount": st.one_of(st.integers(-1100, 1100), JSON_LIKE),
    "commander": st.one_of(st.integers(-1, 2), JSON_LIKE),
    "how": st.one_of(st.sampled_from(["battlefield", "other-zone"]), JSON_LIKE),
    "reason": st.one_of(st.sampled_from(["concede", "effect", "life"]), JSON_LIKE),
    "face": st.one_of(st.sampled_from(["blank", "chaos", "planeswalker", ""]), JSON_LIKE),
    "free": st.one_of(st.booleans(), JSON_LIKE),
    "by": st.one_of(NAMES, JSON_LIKE),
    "expected_revision": st.one_of(st.integers(-1, 10**12), JSON_LIKE),
    "undone": st.one_of(st.booleans(), JSON_LIKE),
}


def _payloads(values: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """Objects with some of the known keys (each value plausible or anything), or anything at all."""
    keyed = st.fixed_dictionaries({}, optional=values)
    return st.one_of(
        keyed, keyed, keyed, JSON_LIKE, st.just(DEEP), keyed.map(lambda d: {**d, "players": DEEP})
    )


def _encodes(data: Any) -> Any:
    """JSON text -> UTF-8 bytes -> back: what a database or a response does with it."""
    return json.loads(json.dumps(data, ensure_ascii=False).encode("utf-8"))


def _filled(message: Message) -> None:
    """Every parameter its texts use is given (so no "{name}" shows), and so on down."""
    assert template_fields(CATALOG[message.code]["en"]) <= set(message.kwargs), message
    for value in message.kwargs.values():
        if isinstance(value, Message):
            _filled(value)


def _refused_cleanly(err: RulesError) -> None:
    assert err.messages
    for message in err.messages:
        assert isinstance(message, Message)
        _filled(message)
    for lang in ("en", "ja"):
        _encodes(err.to_answer(lang))  # every problem can be sent, in both languages
        assert not any("sys.set_int_max_str_digits" in text for text in err.render(lang))


@settings(max_examples=300)
@given(payload=_payloads(SETUP_VALUES))
def test_any_setup_payload_is_read_or_refused_cleanly(payload: Any) -> None:
    try:
        setup = setup_from_json(payload)
    except RulesError as err:
        _refused_cleanly(err)
        return
    assert setup_from_json(_encodes(setup.to_payload())) == setup


@settings(max_examples=500)
@given(payload=_payloads(EVENT_VALUES))
def test_any_event_payload_is_read_or_refused_cleanly(payload: Any) -> None:
    try:
        event = event_from_json(payload)
    except RulesError as err:
        _refused_cleanly(err)
        return
    assert event_from_json(_encodes(event.to_payload())) == event
    table = new_table(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        planechase=True,
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )
    try:
        state, _ = apply_event(state=table, event=event)
    except RulesError as err:
        _refused_cleanly(err)
        return
    assert state_from_json(_encodes(state.to_payload())) == state


@settings(max_examples=200)
@given(payload=_payloads({"by": EVENT_VALUES["by"], "expected_revision": EVENT_VALUES["expected_revision"]}))
def test_any_undo_payload_is_read_or_refused_cleanly(payload: Any) -> None:
    try:
        undo = undo_from_json(payload)
    except RulesError as err:
        _refused_cleanly(err)
        return
    assert undo_from_json(_encodes(undo.to_payload())) == undo


def _a_table_json() -> dict[str, Any]:
    events = [
        Event(kind=EventKind.COMMANDER_DAMAGE, player="Aki", owner="Ben", commander=1, amount=5),
        Event(kind=EventKind.CAST_COMMANDER, player="Ben"),
        Event(kind=EventKind.NEXT_TURN),
        Event(kind=EventKind.PLANAR_ROLL, player="Ben"),
        Event(kind=EventKind.LIFE, player="Chie", amount=-40),
    ]
    setup = table_setup(
        variant="commander",
        players=["Aki", "Ben", "Chie"],
        planechase=True,
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"], "Chie": ["Edgar"]},
    )
    return replay(setup=setup, events=events).to_payload()


TABLE = _a_table_json()


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


PATHS = _paths(TABLE)[1:]


def _with(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = _with(data[path[0]], path[1:], value)  # type: ignore[call-overload]
    return copy


@settings(max_examples=500)
@given(path=st.sampled_from(PATHS), value=st.one_of(JSON_LIKE, st.just(DEEP), st.integers(-3, 50)))
def test_any_damaged_snapshot_is_read_or_refused_cleanly(path: tuple[Any, ...], value: Any) -> None:
    try:
        state = state_from_json(_with(TABLE, path, value))
    except RulesError as err:
        _refused_cleanly(err)
        return
    assert state_from_json(_encodes(state.to_payload())) == state


@settings(max_examples=200)
@given(payload=_payloads({key: JSON_LIKE for key in TABLE}))
def test_any_snapshot_payload_is_read_or_refused_cleanly(payload: Any) -> None:
    try:
        state_from_json(payload)
    except RulesError as err:
        _refused_cleanly(err)


def test_a_lone_surrogate_never_gets_in() -> None:
    """Issue 14: a game whose player was named "\\ud800" was saved, then every read of it failed."""
    with pytest.raises(InvalidInputError) as info:
        setup_from_json(
            {
                "variant": "commander",
                "players": ["\ud800", "Ben"],
                "commanders": {"\ud800": ["X"], "Ben": ["\udfff"]},
            }
        )
    assert [m.field for m in info.value.messages] == ["players[0]", "commanders", "commanders[Ben][0]"]  # type: ignore[union-attr]
    assert (
        info.value.render("ja")[0]
        == "プレイヤー1の名前：壊れた文字（正しい Unicode ではない文字）が含まれています。"
    )
    assert info.value.render("en")[2] == "Ben's commander 1: contains a broken character (not valid Unicode)."
    with pytest.raises(InvalidInputError):
        event_from_json({"kind": "life", "player": "Ben", "amount": 1, "by": "\ud800"})
    snapshot = _with(TABLE, ("players", 0, "name"), "\ud800")
    with pytest.raises(InvalidInputError):
        state_from_json(snapshot)


@pytest.mark.parametrize(
    "value",
    [
        float("inf"),
        float("-inf"),
        float("nan"),
        1e400,
        3.0,
        10**5000,
        "1e400",
        "9" * 5000,
        True,
        [5],
        {"n": 5},
        DEEP,
    ],
    ids=lambda v: type(v).__name__,
)
def test_numbers_must_be_whole_and_in_range(value: Any) -> None:
    with pytest.raises(InvalidInputError) as info:
        event_from_json({"kind": "life", "player": "Aki", "amount": value, "expected_revision": value})
    assert info.value.render("en") == [
        "Amount: a whole number from -1000 to 1000.",
        "Table revision: a whole number from 0 to 2147483647.",
    ]
    assert info.value.render("ja")[0] == "数：-1000〜1000 の整数を入力してください。"


def test_deep_nesting_anywhere_is_refused_at_once() -> None:
    for reader in (setup_from_json, event_from_json, undo_from_json, state_from_json):
        with pytest.raises(InvalidInputError):
            reader(DEEP)
    with pytest.raises(InvalidInputError) as info:
        setup_from_json(
            {"variant": DEEP, "players": DEEP, "commanders": DEEP, "teams": DEEP, "planechase": DEEP}
        )
    assert [m.field for m in info.value.messages] == [  # type: ignore[union-attr]
        "variant",
        "players[0]",
        "players",
        "commanders",
        "planechase",
    ]
    with pytest.raises(InvalidInputError):
        state_from_json({**TABLE, "sides": DEEP, "players": [DEEP]})


def test_forms_send_text_numbers_and_flags() -> None:
    event = event_from_json(
        {
            "kind": "planar-roll",
            "player": " Aki ",
            "free": "on",
            "face": "",
            "expected_revision": " 12 ",
            "by": "ben",
        }
    )
    assert (event.player, event.free, event.face, event.expected_revision, event.by) == (
        "Aki",
        True,
        None,
        12,
        "ben",
    )
    assert event_from_json({"kind": "life", "player": "Aki", "amount": "-５"}).amount == -5
    assert undo_from_json(None).to_payload() == {}


# --------------------------------------------------------------------------- bounds


def test_life_poison_and_damage_stay_in_range() -> None:
    table = new_table(variant="brawl", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]})
    table = table.__class__(
        **{
            **table.__dict__,
            "sides": tuple(
                s.__class__(members=s.members, life=MAX_TOTAL - 10, poison=s.poison) for s in table.sides
            ),
        }
    )
    with pytest.raises(InvalidInputError) as info:
        apply_event(state=table, event=Event(kind=EventKind.LIFE, player="Aki", amount=11))
    assert info.value.render("en") == ["Amount: the total would leave the range -1000000 to 1000000."]
    apply_event(state=table, event=Event(kind=EventKind.LIFE, player="Aki", amount=10))
    snapshot = table.to_payload()
    snapshot["sides"][0]["life"] = MAX_TOTAL + 1
    with pytest.raises(InvalidInputError) as info:
        state_from_json(snapshot)
    assert info.value.render("ja") == ["Aki のライフ：-1000000〜1000000 の整数を入力してください。"]


def test_a_commander_is_cast_at_most_99_times() -> None:
    table = new_table(
        variant="commander", players=["Aki", "Ben"], commanders={"Aki": ["Oona"], "Ben": ["Edgar"]}
    )
    table, _ = apply_event(
        state=table, event=Event(kind=EventKind.SET_COMMANDER_CASTS, player="Aki", amount=MAX_CASTS)
    )
    assert table.commander("Aki", 0).tax == 2 * MAX_CASTS
    with pytest.raises(InvalidInputError) as info:
        apply_event(state=table, event=Event(kind=EventKind.CAST_COMMANDER, player="Aki"))
    assert info.value.render("ja") == ["変更の種類：統率領域から唱えられるのは 99 回までです。"]


def test_a_table_the_rules_cannot_reach_is_refused() -> None:
    dead = _with(TABLE, ("sides", 0, "life"), 0)  # Aki at 0 life but still in the game (704.5a)
    with pytest.raises(IllegalStateError) as info:
        state_from_json(dead)
    assert info.value.messages[0].rule == "704.3"  # type: ignore[union-attr]
    with pytest.raises(IllegalStateError):
        state_from_json({**TABLE, "turn": 50})  # more turns than changes
    with pytest.raises(InvalidInputError) as bad:
        state_from_json(_with(TABLE, ("players", 1, "shields"), 3))  # shields outside DTC
    assert bad.value.render("en") == ["Ben's shields: not used in this game."]
    with pytest.raises(InvalidInputError):
        state_from_json({**TABLE, "sides": list(reversed(TABLE["sides"]))})
