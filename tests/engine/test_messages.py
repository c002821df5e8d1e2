"""Every message code exists in Japanese and English, and both use the same parameters."""

from __future__ import annotations

import doctest
import re
from collections.abc import Callable
from pathlib import Path

from judge.engine import errors, messages, steps, texts, tracker
from judge.engine.errors import RulesError
from judge.engine.messages import LANGUAGES, Message, check_catalog, msg, render
from judge.engine.texts import tracker as tracker_texts


def test_doctests() -> None:
    for module in (messages, steps, errors):
        assert doctest.testmod(module).failed == 0


def test_every_code_has_both_languages_and_the_same_parameters() -> None:
    assert check_catalog(texts.CATALOG) == []


def test_codes_are_prefixed_by_their_domain() -> None:
    for domain in texts.DOMAINS:
        prefixes = {code.split(".")[0] for code in domain.TEXTS}
        assert len(prefixes) <= 2, (domain.__name__, prefixes)  # a domain may share a few "input." codes


def test_a_message_parameter_is_rendered_in_the_same_language() -> None:
    inner = msg("tax.start", cost="{1}")
    outer = Message("input.required", params=(("label", inner),))
    assert render(outer, "ja") == "マナ・コスト {1} から始めます。：入力してください。"
    assert render(outer, "en") == "Start from the mana cost {1}.: required."


def test_a_missing_parameter_shows_its_name() -> None:
    assert render(msg("tax.start"), "en") == "Start from the mana cost {cost}."


def test_check_catalog_finds_a_missing_language_and_disagreeing_parameters() -> None:
    bad = {"x.a": {"en": "{p}"}, "x.b": {"en": "{p}", "ja": "{q}"}}
    assert check_catalog(bad) == ["x.a: no text in ja", "x.b: en uses ['p'], ja uses ['q']"]


# --- the tracker (judge.engine.tracker, texts.tracker) ------------------------------------------------

TRACKER_DIR = Path(tracker.__file__).parent


def _tracker_codes_in_source() -> tuple[set[str], list[re.Pattern[str]]]:
    """Codes written out in the tracker's source, and patterns for the codes it builds (f"tracker.life.{verb}")."""
    source = "".join(path.read_text(encoding="utf-8") for path in TRACKER_DIR.glob("*.py"))
    literal = set(re.findall(r'(?<!f)"(tracker\.[a-z0-9.-]+)"', source))
    built = [re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z-]*", re.escape(template)) + "$")
             for template in re.findall(r'f"(tracker\.[^"]*\{[^"]*)"', source)]
    return literal, built


def test_every_tracker_code_the_source_names_exists_and_every_text_is_used() -> None:
    literal, built = _tracker_codes_in_source()
    assert len(literal) > 100 and len(built) > 10
    assert literal - set(tracker_texts.TEXTS) == set()
    unused = [code for code in tracker_texts.TEXTS if code not in literal and not any(p.match(code) for p in built)]
    assert unused == []


def test_the_tracker_builds_codes_that_exist() -> None:
    """The codes made from enums (variants, kinds, reasons, faces, ways in) each have a text."""
    built = [tracker.variant_name(v) for v in tracker.VARIANTS] + [tracker.kind_name(k) for k in tracker.EventKind]
    built += [tracker.reason_name(r) for r in tracker.LossReason] + [tracker.face_name(f) for f in tracker.DieFace]
    built += [tracker.how_name(h) for h in tracker.EntryHow]
    for message in built:
        assert render(message, "ja") != render(message, "en")


def _tracker_problems() -> list[Message]:
    """The problems a wide range of bad input gets, from every reader and from the rules."""
    found: list[Message] = []
    table = tracker.new_table(variant="commander", players=["Aki", "Ben"], planechase=True,
                              commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"]})
    attempts: list[Callable[[], object]] = [
        lambda: tracker.setup_from_json({"variant": "x", "players": ["Aki", "aki", "", 5, "\ud800", "x" * 61, "A\x07"],
                                         "commanders": {"Nobody": ["Z"], "Aki": ["A", "B", "C"], "aki": ["Oona"]},
                                         "teams": [["Aki"], "B"], "planechase": "maybe"}),
        lambda: tracker.setup_from_json({"variant": "two-headed-giant", "players": ["A", "B", "C"],
                                         "teams": [["A", "Zed"], [], ["B", "A"]]}),
        lambda: tracker.setup_from_json({"variant": "dtc", "players": ["A"] * 21, "commanders": [], "planechase": 1}),
        lambda: tracker.setup_from_json({"variant": "brawl", "players": ["A", "B"], "commanders": {"A": "Oona"}}),
        lambda: tracker.setup_from_json({"variant": "commander", "players": ["Aki", "Ben"],
                                         "commanders": {"Aki": ["A", "B", "C"]}}),
        lambda: tracker.setup_from_json([]),
        lambda: tracker.event_from_json({"kind": "dance"}),
        lambda: tracker.event_from_json({"kind": "commander-damage", "player": 3, "owner": "", "amount": 0,
                                         "commander": 2, "by": "\ud800", "expected_revision": -1, "undone": "x"}),
        lambda: tracker.event_from_json({"kind": "lose", "player": "Aki", "reason": "life"}),
        lambda: tracker.event_from_json({"kind": "planar-roll", "player": "Aki", "face": "six", "free": 2}),
        lambda: tracker.event_from_json({"kind": "commander-without-cast", "player": "Aki", "how": "magic"}),
        lambda: tracker.event_from_json({"kind": "set-commander-casts", "player": "Aki", "amount": 100}),
        lambda: tracker.apply_event(state=table, event=tracker.Event(kind=tracker.EventKind.COMMANDER_DAMAGE,
                                                                     player="Zed", owner="Ben", commander=1,
                                                                     amount=-3, by="Nobody")),
        lambda: tracker.apply_event(state=table, event=tracker.Event(kind=tracker.EventKind.SHIELDS, player="Aki",
                                                                     amount=1)),
        lambda: tracker.apply_event(state=table, event=tracker.Event(kind=tracker.EventKind.POISON, player="Aki",
                                                                     amount=-1)),
        lambda: tracker.apply_event(state=table, event=tracker.Event(kind=tracker.EventKind.PLANAR_ROLL,
                                                                     player="Ben")),
        lambda: tracker.apply_event(state=table, event=tracker.Event(kind=tracker.EventKind.LOSE, player="Aki",
                                                                     reason=tracker.LossReason.DIRECT_ATTACK)),
        lambda: tracker.state_from_json({**table.to_json(), "turn": "soon", "active": 9, "events": -1}),
        lambda: tracker.state_from_json({**table.to_json(), "sides": [{"members": ["Aki"], "life": 1.5,
                                                                       "poison": None, "lost": {"reason": "x"}},
                                                                      {"members": ["Ben"], "life": 3, "poison": 1,
                                                                       "lost": 4}]}),
        lambda: tracker.check_revision(change=tracker.Undo(expected_revision=7), revision=3),
        lambda: tracker.undo_target(events=[], by="Aki"),
    ]
    for attempt in attempts:
        try:
            attempt()
        except RulesError as err:
            found += [m for m in err.messages if isinstance(m, Message)]
        else:
            raise AssertionError("no problem found")
    return found


def test_tracker_problems_name_fields_by_their_label_never_by_a_json_path() -> None:
    problems = _tracker_problems()
    assert len(problems) > 40
    fields = {m.field for m in problems}
    assert {"players[1]", "commanders[Aki]", "teams[0][1]", "amount", "expected_revision", "by"} <= fields
    for message in problems:
        if message.field:
            assert isinstance(message.kwargs.get("label"), Message), message.code
        for lang in LANGUAGES:
            text = render(message, lang)
            assert not re.search(r"[a-z]\[\d|\b[a-z]+_[a-z]+\b|\.(life|poison|owner)\b", text), (lang, text)
            assert "{" not in text, (lang, text)
    japanese = {render(m, "ja") for m in problems}
    assert "プレイヤー2の名前：「aki」が2回出てきます。" in japanese
    assert "Aki の統率者：統率者はパートナーを使って2体までです。" in japanese
    assert "統率者：「aki」が2回出てきます。" in japanese


def test_tracker_history_speaks_the_readers_language() -> None:
    """Issue 10: the history said "119.3 みき loses 1 life: 40 -> 39." on Japanese pages."""
    table = tracker.new_table(variant="commander", players=["みき", "Ben"], commanders={"みき": ["X"], "Ben": ["Y"]})
    event = tracker.Event(kind=tracker.EventKind.LIFE, player="みき", amount=-1)
    _, [step] = tracker.apply_event(state=table, event=event)
    assert (step.rule, step.code) == ("119.3", "tracker.life.lose")
    assert step.render("ja") == "みき のライフが 1 減りました（40 → 39）。"
    assert step.render("en") == "みき loses 1 life: 40 → 39."
    assert tracker.summary(setup=table.setup, event=event).text("ja") == "みき：ライフ -1"
