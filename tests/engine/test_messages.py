"""Every message code exists in Japanese and English, and both use the same parameters."""

from __future__ import annotations

import doctest

from judge.engine import errors, messages, steps, texts
from judge.engine.messages import Message, check_catalog, msg, render


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


# --- the board, leave-game and scenario codes -----------------------------------------------------------

RULINGS_MODULES = ("board", "board_payload", "leave_game", "leave_game_result", "control", "turn_end", "combat",
                   "dtc_game", "scenarios", "variants")


def _rulings_source() -> str:
    from pathlib import Path

    engine = Path(messages.__file__).parent
    return "\n".join((engine / f"{name}.py").read_text(encoding="utf-8") for name in RULINGS_MODULES)


def _rulings_codes() -> dict[str, dict[str, str]]:
    from judge.engine.texts import board, leave_game, scenarios

    return {**board.TEXTS, **leave_game.TEXTS, **scenarios.TEXTS}


def test_every_rulings_code_is_emitted_somewhere() -> None:
    """No dead code in the catalog: each is written out, or built from a template whose blank is a quoted value."""
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
        if any(code.startswith(p) and f'"{code[len(p):]}"' in source for p in prefixes):
            continue
        dead.append(code)
    assert dead == [], dead


def test_every_rulings_code_the_engine_writes_is_in_the_catalog() -> None:
    import re

    written = set(re.findall(r'"((?:board|leave|combat|scenario|input)\.[a-z0-9.\-]+[a-z0-9])"', _rulings_source()))
    assert {c for c in written if c not in texts.CATALOG} == set()


def test_rulings_japanese_uses_the_official_terms() -> None:
    for code, entry in _rulings_codes().items():
        ja = entry["ja"]
        assert "退場" not in ja and "除外される" not in ja, code  # ゲームから離れる, 追放される
        assert "対象" not in ja, code  # 対象 is a target, never "the affected object"
        assert "出典" not in ja, code  # 発生源
        assert "次元コントローラー" not in ja, code  # 次元の管理者
        assert "統率者戦" not in ja or code == "board.variant.commander", code  # 統率者 for the card
        assert "objects[" not in entry["en"] and "turn_order" not in entry["en"], code  # labels, never JSON paths


def test_a_board_problem_renders_in_both_languages_with_the_objects_name() -> None:
    from judge.engine.board import card_name

    label = msg("board.label.object-field", object=card_name("Assault Griffin", "突撃するグリフィン"),
                part=msg("board.field.controller"))
    problem = msg("board.not-a-player", field="objects[0].controller", label=label, name="Zed")
    assert render(problem, "en") == "Assault Griffin: controller: “Zed” is not a player in this game."
    assert render(problem, "ja") == "《突撃するグリフィン》のコントローラー：「Zed」はこのゲームのプレイヤーではありません。"
    assert problem.to_json("ja")["field"] == "objects[0].controller"
