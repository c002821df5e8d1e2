"""Every message code exists in Japanese and English, and both use the same parameters."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path

from judge.engine import messages, texts, tracker
from judge.engine.errors import RulesError
from judge.engine.messages import LANGUAGES, Message, check_catalog, msg, render, template_fields
from judge.engine.texts import tracker as tracker_texts
from judge.engine.variants import Variant


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
    """Codes written out in the tracker's source, and patterns for the codes it builds
    (f"tracker.life.{verb}")."""
    source = "".join(path.read_text(encoding="utf-8") for path in TRACKER_DIR.glob("*.py"))
    literal = set(re.findall(r'(?<!f)"(tracker\.[a-z0-9.-]+)"', source))
    built = [
        re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z-]*", re.escape(template)) + "$")
        for template in re.findall(r'f"(tracker\.[^"]*\{[^"]*)"', source)
    ]
    return literal, built


def test_every_tracker_code_the_source_names_exists_and_every_text_is_used() -> None:
    literal, built = _tracker_codes_in_source()
    assert len(literal) > 100 and len(built) > 10
    assert literal - set(tracker_texts.TEXTS) == set()
    unused = [
        code for code in tracker_texts.TEXTS if code not in literal and not any(p.match(code) for p in built)
    ]
    assert unused == []


def test_the_tracker_builds_codes_that_exist() -> None:
    """The codes made from enums (variants, kinds, reasons, faces, ways in) each have a text."""
    built = [tracker.variant_name(v) for v in Variant.TRACKER] + [
        tracker.kind_name(k) for k in tracker.EventKind
    ]
    built += [tracker.reason_name(r) for r in tracker.TRACKER_LOSSES]
    built += [tracker.face_name(f) for f in tracker.DieFace]
    built += [tracker.how_name(h) for h in tracker.EntryHow]
    for message in built:
        assert render(message, "ja") != render(message, "en")


def _tracker_problems() -> list[Message]:
    """The problems a wide range of bad input gets, from every reader and from the rules."""
    found: list[Message] = []
    table = tracker.new_table(
        variant="commander",
        players=["Aki", "Ben"],
        planechase=True,
        commanders={"Aki": ["Oona"], "Ben": ["Kraum", "Tymna"]},
    )
    attempts: list[Callable[[], object]] = [
        lambda: tracker.setup_from_json(
            {
                "variant": "x",
                "players": ["Aki", "aki", "", 5, "\ud800", "x" * 61, "A\x07"],
                "commanders": {"Nobody": ["Z"], "Aki": ["A", "B", "C"], "aki": ["Oona"]},
                "teams": [["Aki"], "B"],
                "planechase": "maybe",
            }
        ),
        lambda: tracker.setup_from_json(
            {
                "variant": "two-headed-giant",
                "players": ["A", "B", "C"],
                "teams": [["A", "Zed"], [], ["B", "A"]],
            }
        ),
        lambda: tracker.setup_from_json(
            {"variant": "dtc", "players": ["A"] * 21, "commanders": [], "planechase": 1}
        ),
        lambda: tracker.setup_from_json(
            {"variant": "brawl", "players": ["A", "B"], "commanders": {"A": "Oona"}}
        ),
        lambda: tracker.setup_from_json(
            {"variant": "commander", "players": ["Aki", "Ben"], "commanders": {"Aki": ["A", "B", "C"]}}
        ),
        lambda: tracker.setup_from_json([]),
        lambda: tracker.event_from_json({"kind": "dance"}),
        lambda: tracker.event_from_json(
            {
                "kind": "commander-damage",
                "player": 3,
                "owner": "",
                "amount": 0,
                "commander": 2,
                "by": "\ud800",
                "expected_revision": -1,
                "undone": "x",
            }
        ),
        lambda: tracker.event_from_json({"kind": "lose", "player": "Aki", "reason": "life"}),
        lambda: tracker.event_from_json({"kind": "planar-roll", "player": "Aki", "face": "six", "free": 2}),
        lambda: tracker.event_from_json({"kind": "commander-without-cast", "player": "Aki", "how": "magic"}),
        lambda: tracker.event_from_json({"kind": "set-commander-casts", "player": "Aki", "amount": 100}),
        lambda: tracker.apply_event(
            state=table,
            event=tracker.Event(
                kind=tracker.EventKind.COMMANDER_DAMAGE,
                player="Zed",
                owner="Ben",
                commander=1,
                amount=-3,
                by="Nobody",
            ),
        ),
        lambda: tracker.apply_event(
            state=table, event=tracker.Event(kind=tracker.EventKind.SHIELDS, player="Aki", amount=1)
        ),
        lambda: tracker.apply_event(
            state=table, event=tracker.Event(kind=tracker.EventKind.POISON, player="Aki", amount=-1)
        ),
        lambda: tracker.apply_event(
            state=table, event=tracker.Event(kind=tracker.EventKind.PLANAR_ROLL, player="Ben")
        ),
        lambda: tracker.apply_event(
            state=table,
            event=tracker.Event(
                kind=tracker.EventKind.LOSE, player="Aki", reason=tracker.LossReason.DIRECT_ATTACK
            ),
        ),
        lambda: tracker.state_from_json({**table.to_payload(), "turn": "soon", "active": 9, "events": -1}),
        lambda: tracker.state_from_json(
            {
                **table.to_payload(),
                "sides": [
                    {"members": ["Aki"], "life": 1.5, "poison": None, "lost": {"reason": "x"}},
                    {"members": ["Ben"], "life": 3, "poison": 1, "lost": 4},
                ],
            }
        ),
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
    assert "Aki の統率者：統率者は2体（共闘、または背景選択と背景）までです。" in japanese
    assert "統率者：「aki」が2回出てきます。" in japanese


def test_tracker_history_speaks_the_readers_language() -> None:
    """Issue 10: the history said "119.3 みき loses 1 life: 40 -> 39." on Japanese pages."""
    table = tracker.new_table(
        variant="commander", players=["みき", "Ben"], commanders={"みき": ["X"], "Ben": ["Y"]}
    )
    event = tracker.Event(kind=tracker.EventKind.LIFE, player="みき", amount=-1)
    _, [step] = tracker.apply_event(state=table, event=event)
    assert (step.rule, step.code) == ("119.3", "tracker.life.lose")
    assert step.render("ja") == "みき のライフが 1 減りました（40 → 39）。"
    assert step.render("en") == "みき loses 1 life: 40 → 39."
    assert tracker.summary(setup=table.setup, event=event).text("ja") == "みき：ライフ -1"


# --- Every code against its call sites -----------------------------------------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "judge" / "engine"
#: Domains whose every code must be used by the engine (the calculators' catalogs).
CHECKED_DOMAINS = ("input", "variant", "mana", "tax", "damage", "identity", "cards", "deck", "legality", "dm")
#: The calculator modules: no English-only step text and no plain-string problem left in them.
CALCULATOR_MODULES = (
    "tax",
    "tax_payload",
    "damage",
    "damage_payload",
    "damage_records",
    "identity",
    "identity_payload",
    "cards",
    "cards_payload",
    "deck",
    "deck_counts",
    "legality",
    "deck_payload",
    "decklist",
    "companions",
    "dm",
    "mana",
    "payload",
    "rules_data",
)
NOT_PARAMS = {"rule", "field", "objects"}


def _callee(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return ""


def _codes(node: ast.expr) -> tuple[list[str], list[str]]:
    """Literal codes an argument can be ("a" or "a" if x else "b"), and prefixes of f-string codes."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value], []
    if isinstance(node, ast.IfExp):
        body, body_prefixes = _codes(node.body)
        other, other_prefixes = _codes(node.orelse)
        return body + other, body_prefixes + other_prefixes
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return [], [str(node.values[0].value)]
    if isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant):  # "tax.label." + name
        return [], [str(node.left.value)]
    return [], []


def call_sites() -> tuple[dict[str, list[tuple[Path, int, set[str], bool]]], set[str]]:
    """code -> every msg(...) / Step.of(...) call with it: (file, line, parameter names, has **kwargs)."""
    sites: dict[str, list[tuple[Path, int, set[str], bool]]] = {}
    prefixes: set[str] = set()
    for path in [*sorted(ENGINE.rglob("*.py")), ENGINE.parent / "parsing" / "card_data.py"]:
        if "texts" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and _callee(node) in ("msg", "Step.of") and node.args):
                continue
            codes, dynamic = _codes(node.args[0])
            prefixes.update(dynamic)
            params = {k.arg for k in node.keywords if k.arg} - NOT_PARAMS
            starred = any(k.arg is None for k in node.keywords)
            for code in codes:
                sites.setdefault(code, []).append((path, node.lineno, params, starred))
    return sites, prefixes


def test_every_call_site_gives_exactly_the_parameters_its_texts_use() -> None:
    sites, _ = call_sites()
    problems = []
    for code, calls in sorted(sites.items()):
        entry = texts.CATALOG.get(code)
        if entry is None:
            problems.append(f"{code}: used at {calls[0][0].name}:{calls[0][1]} but not in the catalog")
            continue
        wanted = template_fields(entry["en"]) | template_fields(entry["ja"])
        for path, line, params, starred in calls:
            if not starred and params != wanted:
                problems.append(
                    f"{path.name}:{line} {code}: gives {sorted(params)}, texts use {sorted(wanted)}"
                )
    assert problems == []


def test_every_code_of_the_calculators_is_used() -> None:
    sites, prefixes = call_sites()
    unused = [
        code
        for code in texts.CATALOG
        if code.split(".")[0] in CHECKED_DOMAINS
        and code not in sites
        and not any(code.startswith(p) for p in prefixes if p)
    ]
    assert unused == []


def test_calculators_have_no_english_only_step_or_problem() -> None:
    found = []
    for name in CALCULATOR_MODULES:
        path = ENGINE / f"{name}.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            if _callee(node) == "Step" and any(k.arg == "text" for k in node.keywords):
                found.append(f"{name}.py:{node.lineno}: Step(text=...)")
            if _callee(node) not in ("InvalidInputError", "IllegalStateError", "Problem"):
                continue
            for arg in [*node.args, *(k.value for k in node.keywords if k.arg == "message")]:
                items = arg.elts if isinstance(arg, ast.List) else [arg]
                if any(
                    isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))
                    for n in items
                ):
                    found.append(f"{name}.py:{node.lineno}: a plain-string problem")
    assert found == []


def test_calculator_texts_never_show_a_json_path() -> None:
    # A reader meets "Mana cost" / "マナ・コスト", never mana_cost or cards[0].
    json_path = re.compile(r"\b[a-z]+_[a-z_]+\b|\w\[\d+\]")
    shown = []
    for code, entry in texts.CATALOG.items():
        if code.split(".")[0] not in CHECKED_DOMAINS:
            continue
        for lang in LANGUAGES:
            plain = re.sub(r"\{[^{}]*\}", "", entry[lang])
            if json_path.search(plain):
                shown.append(f"{code} ({lang}): {entry[lang]}")
    assert shown == []


def test_problems_render_a_field_label_in_both_languages() -> None:
    from judge.engine.errors import InvalidInputError
    from judge.engine.tax import calculate_tax

    try:
        calculate_tax({"variant": "commander", "mana_cost": "", "previous_casts": 1.5, "reduction": "{X}"})
    except InvalidInputError as err:
        assert err.render("en") == [
            "Mana cost: required.",
            "Previous casts from the command zone: a whole number from 0 to 1000.",
            "Cost reduction: {X} can't be part of a cost reduction.",
        ]
        assert err.render("ja") == [
            "マナ・コスト：入力してください。",
            "これまでに統率領域から唱えた回数：0〜1000 の整数を入力してください。",
            "コストの軽減：{X} はコストの軽減には使えません。",
        ]
        assert [p["field"] for p in err.to_answer("ja")] == ["mana_cost", "previous_casts", "reduction"]
    else:
        raise AssertionError("expected problems")


# --- the board, leave-game and scenario codes -----------------------------------------------------------

RULINGS_MODULES = (
    "board",
    "board_checks",
    "board_payload",
    "board_reader",
    "board_effects_payload",
    "board_until",
    "board_until_payload",
    "board_until_checks",
    "leave_game",
    "leave_game_until",
    "leave_game_after",
    "leave_game_planes",
    "leave_game_result",
    "control",
    "turn_end",
    "combat",
    "dtc_game",
    "losses",
    "scenarios",
    "scenario_actions",
    "scenario_replay",
    "variants",
)


def _rulings_source() -> str:
    from pathlib import Path

    engine = Path(messages.__file__).parent
    return "\n".join((engine / f"{name}.py").read_text(encoding="utf-8") for name in RULINGS_MODULES)


def _rulings_codes() -> dict[str, dict[str, str]]:
    from judge.engine.texts import board, leave_game, scenarios

    return {**board.TEXTS, **leave_game.TEXTS, **scenarios.TEXTS}


def test_every_rulings_code_is_emitted_somewhere() -> None:
    """No dead code in the catalog: each is written out, or built from a template whose blank is a quoted
    value."""
    import re

    source = _rulings_source()
    templates = []
    for template in set(re.findall(r'f"((?:board|leave|combat|scenario)\.[^"]*\{[^"]*)"', source)):
        pattern = re.sub(r"\\\{[^}]*\\\}", "([a-z0-9_-]*)", re.escape(template))
        templates.append(re.compile(f"^{pattern}$"))
    prefixes = set(re.findall(r'"((?:board|leave)\.[a-z]+\.)"', source))  # choice labels: prefix + enum value
    dead = []
    for code in _rulings_codes():
        if f'"{code}"' in source:
            continue
        blanks = [m.groups() for t in templates if (m := t.match(code))]
        if any(all(not value or f'"{value}"' in source for value in groups) for groups in blanks):
            continue
        if any(code.startswith(p) and f'"{code[len(p) :]}"' in source for p in prefixes):
            continue
        dead.append(code)
    assert dead == [], dead


def test_every_rulings_code_the_engine_writes_is_in_the_catalog() -> None:
    import re

    written = set(
        re.findall(r'"((?:board|leave|combat|scenario|input)\.[a-z0-9.\-]+[a-z0-9])"', _rulings_source())
    )
    assert {c for c in written if c not in texts.CATALOG} == set()


def test_rulings_japanese_uses_the_official_terms() -> None:
    for code, entry in _rulings_codes().items():
        ja = entry["ja"]
        assert "退場" not in ja and "除外される" not in ja, code  # ゲームから離れる, 追放される
        assert "対象" not in ja, code  # 対象 is a target, never "the affected object"
        assert "出典" not in ja, code  # 発生源
        assert "次元の管理者" not in ja, code  # the official Japanese CR says 次元コントローラー
        assert "統率者戦" not in ja or code == "board.variant.commander", code  # 統率者 for the card
        assert "objects[" not in entry["en"] and "turn_order" not in entry["en"], (
            code
        )  # labels, never JSON paths


def test_a_board_problem_renders_in_both_languages_with_the_objects_name() -> None:
    from judge.engine.board import card_name

    label = msg(
        "board.label.object-field",
        object=card_name("Assault Griffin", "突撃するグリフィン"),
        part=msg("board.field.controller"),
    )
    problem = msg("input.not-a-player", field="objects[0].controller", label=label, name="Zed")
    assert render(problem, "en") == "Assault Griffin: controller: “Zed” is not a player in this game."
    assert (
        render(problem, "ja")
        == "《突撃するグリフィン》のコントローラー：「Zed」はこのゲームのプレイヤーではありません。"
    )
    assert problem.to_answer("ja")["field"] == "objects[0].controller"
