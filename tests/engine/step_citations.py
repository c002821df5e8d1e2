"""Which rule each step code of the engine can cite: read from the engine's source (its calls that build a
step or a message with a rule), for tests/engine/test_step_citations.py.

A call names its code as a string, a choice of strings (``"a" if x else "b"``), a name bound to those in
the same function, or an f-string (every catalog code it can spell); its rule the same way, or a name the
function or the module binds. A rule only known when the engine runs (``reason.rule``) is left to the
worked rulings' replay, which the test adds.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from judge.engine.texts import CATALOG

ENGINE_DIR = Path(__file__).resolve().parents[2] / "judge" / "engine"
CR_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]?)?(?!\d)")
ANCHOR = re.compile(r"\"([a-z-]+:[a-z0-9-]+)\"")
BUILDERS = {"of", "step", "msg", "Step", "Message"}  # Step.of, state.step, msg, Step(...), Message(...)


def _codes(node: ast.AST | None, bound: dict[str, set[str]]) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} if node.value in CATALOG else set()
    if isinstance(node, ast.IfExp):
        return _codes(node.body, bound) | _codes(node.orelse, bound)
    if isinstance(node, ast.JoinedStr):
        pattern = "".join(
            re.escape(str(v.value)) if isinstance(v, ast.Constant) else "[a-z0-9-]*" for v in node.values
        )
        return {code for code in CATALOG if re.fullmatch(pattern, code)}
    if isinstance(node, ast.Name):
        return bound.get(node.id, set())
    return set()


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a function (or a module) outside the functions nested in it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _assigned(nodes: list[ast.AST], source: str) -> dict[str, str]:
    """Name -> the source of every value assigned to it among ``nodes`` (joined); each name of a tuple
    target gets the whole value."""
    found: dict[str, list[str]] = defaultdict(list)
    for node in nodes:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        value = ast.get_source_segment(source, node.value) if targets else None  # type: ignore[attr-defined]
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            for name in names:
                if isinstance(name, ast.Name):
                    found[name.id].append(value or "")
    return {name: " ".join(values) for name, values in found.items()}


def _rule_call(call: ast.Call) -> tuple[ast.AST | None, ast.AST | None]:
    """(code, rule) expressions of a call that builds a step or a message."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name not in BUILDERS:
        return None, None
    keywords = {k.arg: k.value for k in call.keywords}
    if name == "Step":
        return keywords.get("code"), keywords.get("rule")
    code = keywords.get("code") or (call.args[0] if call.args else None)
    rule = keywords.get("rule") or (call.args[1] if name == "step" and len(call.args) > 1 else None)
    return code, rule


def cited_by_code() -> tuple[dict[str, set[str]], set[str]]:
    """(code -> the CR numbers and document anchors it can cite, the codes whose rule is only known at run
    time). A code that never carries a rule is not in either."""
    cited: dict[str, set[str]] = defaultdict(set)
    runtime: set[str] = set()
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        if "texts" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        module = _assigned(list(tree.body), source)
        for scope in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))]:
            nodes = _own_nodes(scope)
            local = _assigned(nodes, source)
            assigned: dict[str, list[tuple[int, set[str]]]] = defaultdict(list)  # name -> (line, its codes)
            for node in nodes:
                if (
                    isinstance(node, ast.Assign)
                    and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                ):
                    assigned[node.targets[0].id].append((node.lineno, _codes(node.value, {})))
            for call in [n for n in nodes if isinstance(n, ast.Call)]:
                code_node, rule_node = _rule_call(call)
                # A code held in a name is the one assigned last before the call.
                bound = {
                    name: max(
                        (a for a in found if a[0] <= call.lineno), key=lambda a: a[0], default=(0, set())
                    )[1]
                    for name, found in assigned.items()
                }
                codes = _codes(code_node, bound)
                if not codes or rule_node is None:
                    continue
                text = ast.get_source_segment(source, rule_node) or ""
                if isinstance(rule_node, ast.Name):
                    text = local.get(rule_node.id) or module.get(rule_node.id) or ""
                found = set(CR_NUMBER.findall(text)) | set(ANCHOR.findall(text))
                if (
                    isinstance(rule_node, ast.Constant)
                    and isinstance(rule_node.value, str)
                    and rule_node.value
                ):
                    found.add(rule_node.value)
                for code in codes:
                    cited[code] |= found
                    if not found:
                        runtime.add(code)
    return {code: rules for code, rules in cited.items() if rules or code in runtime}, runtime
