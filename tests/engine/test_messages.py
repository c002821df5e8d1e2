"""Every message code exists in Japanese and English, and both use the same parameters."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

from judge.engine import errors, messages, steps, texts
from judge.engine.messages import LANGUAGES, Message, check_catalog, msg, render, template_fields


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


# --- Every code against its call sites -----------------------------------------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "judge" / "engine"
#: Domains whose every code must be used by the engine (the calculators' catalogs).
CHECKED_DOMAINS = ("input", "variant", "mana", "tax", "damage", "identity", "cards", "deck", "dm")
#: The calculator modules: no English-only step text and no plain-string problem left in them.
CALCULATOR_MODULES = ("tax", "tax_payload", "damage", "damage_payload", "identity", "identity_payload", "cards",
                      "cards_payload", "deck", "decklist", "companions", "dm", "mana", "payload", "rules_data")
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
                problems.append(f"{path.name}:{line} {code}: gives {sorted(params)}, texts use {sorted(wanted)}")
    assert problems == []


def test_every_code_of_the_calculators_is_used() -> None:
    sites, prefixes = call_sites()
    unused = [code for code in texts.CATALOG if code.split(".")[0] in CHECKED_DOMAINS
              and code not in sites and not any(code.startswith(p) for p in prefixes if p)]
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
                if any(isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))
                       for n in items):
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
        assert err.render("en") == ["Mana cost: required.",
                                    "Previous casts from the command zone: a whole number from 0 to 1000.",
                                    "Cost reduction: {X} can't be part of a cost reduction."]
        assert err.render("ja") == ["マナ・コスト：入力してください。",
                                    "統率領域から唱えた回数：0〜1000 の整数を入力してください。",
                                    "コストの軽減：{X} はコストの軽減には使えません。"]
        assert [p["field"] for p in err.to_json("ja")] == ["mana_cost", "previous_casts", "reduction"]
    else:
        raise AssertionError("expected problems")
