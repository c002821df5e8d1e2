"""Imports point one way (docs/architecture.md): engine <- parsing <- search <- web <- apps.

A layer imports only the layers below it: the engine the standard library alone; parsing the engine;
search parsing and the engine; web (what every page and API answer shares) those and Django, never an
app; an app (rules, cards, calc, rulings, tracker) any of those, and another app only where
:data:`APP_USES` says why. The project's wiring (settings, root URLs, WSGI) ties everything together.

Two checks: every ``import`` statement of the package read from its source, lazy ones inside functions
included; and each pure layer imported alone in a fresh interpreter (the test process has Django loaded
already), which catches what a third-party import drags in.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "judge"

PURE = ("judge.engine", "judge.parsing", "judge.search")
WEB = "judge.web"
APPS = ("judge.rules", "judge.cards", "judge.calc", "judge.rulings", "judge.tracker", "judge.limits")
WIRING = ("judge", "judge.settings", "judge.urls", "judge.wsgi")
#: What each layer may import from the project, besides itself.
ALLOWED: dict[str, tuple[str, ...]] = {
    "judge.engine": (),
    "judge.parsing": ("judge.engine",),
    "judge.search": ("judge.parsing", "judge.engine"),
    WEB: PURE,
    **{app: (WEB, *PURE) for app in APPS},
}
#: The only imports from one app into another, and why.
APP_USES = {
    # The deck check looks its cards up in the card data.
    ("judge.calc", "judge.cards"),
    # A worked ruling shows the text of the rules its steps cite, read from the live corpus.
    ("judge.rulings", "judge.rules"),
    # A card page links each keyword to its 702.x rule, found by name in the live corpus.
    ("judge.cards", "judge.rules"),
    # The tracker's rate limits count in the limits app's table.
    ("judge.tracker", "judge.limits"),
    # The table's brackets page reads a tracker game's seats: names, declared brackets, lists.
    ("judge.calc", "judge.tracker"),
    # The table's brackets page holds the client's heavy slot (one heavy request at a time).
    ("judge.calc", "judge.limits"),
}
#: What the pure layers may import besides the standard library (the engine: nothing).
THIRD_PARTY = {
    "judge.engine": set(),
    # The official Japanese Comprehensive Rules are a web page: a maintained HTML parser reads it.
    "judge.parsing": {"bs4"},
    "judge.search": {"whoosh", "sudachipy", "rapidfuzz", "janome", "fugashi"},
}


def layer_of(module: str) -> str:
    for layer in (*PURE, WEB, *APPS):
        if module == layer or module.startswith(layer + "."):
            return layer
    top = ".".join(module.split(".")[:2])
    assert top in WIRING, (
        f"{module} belongs to no layer: add it to tests/test_layers.py and docs/architecture.md"
    )
    return top


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imports_in(source: str, package: str) -> set[str]:
    """Every module ``source`` imports, anywhere in it (``from judge.rules import selectors`` is
    judge.rules.selectors); a relative import is resolved against ``package``, the module's package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.add(whole if is_module(whole) else base)
    return found


def imports_of(path: Path) -> set[str]:
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def project_modules() -> dict[str, set[str]]:
    """Module -> the modules it imports, for every module of the package outside migrations."""
    return {
        module_name(path): imports_of(path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if "migrations" not in path.parts
    }


MODULES = project_modules()


def test_every_module_is_read() -> None:
    assert len(MODULES) > 100
    assert {layer_of(m) for m in MODULES} >= {*PURE, WEB, *APPS}


@pytest.mark.parametrize("layer", [*PURE, WEB, *APPS])
def test_a_layer_imports_only_the_layers_below_it(layer: str) -> None:
    allowed = {layer, *ALLOWED[layer], *(used for user, used in APP_USES if user == layer)}
    wrong = sorted(
        f"{module} imports {imported}"
        for module, imported_names in MODULES.items()
        if layer_of(module) == layer
        for imported in imported_names
        if imported.split(".")[0] == "judge" and layer_of(imported) not in allowed
    )
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("layer", PURE)
def test_a_pure_layer_imports_the_standard_library_and_its_own_libraries_only(layer: str) -> None:
    outside = {
        f"{module} imports {imported}"
        for module, imported_names in MODULES.items()
        if layer_of(module) == layer
        for imported in imported_names
        if (top := imported.split(".")[0]) not in sys.stdlib_module_names
        and top not in {"judge", *THIRD_PARTY[layer]}
    }
    assert not outside, "\n".join(sorted(outside))


def test_no_module_imports_itself_back() -> None:
    """No import cycle among the package's modules (each strongly connected component is one module)."""
    graph = {m: {i for i in imported if i in MODULES and i != m} for m, imported in MODULES.items()}
    # Tarjan's algorithm, iterative.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        cycles.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    assert not cycles, cycles


def test_no_two_apps_use_each_other() -> None:
    """App uses point one way too: an app that needs what uses it reads it through a settings function
    (judge.web.card_finder, judge.web.generation)."""
    assert not [(a, b) for a, b in APP_USES if (b, a) in APP_USES]


def test_the_check_sees_a_lazy_import() -> None:
    """An import inside a function counts: web reading an app lazily is still web importing an app."""
    source = "def f():\n    from judge.rules.selectors import live_corpus\n    from . import models\n"
    found = imports_in(source, "judge.rules")
    assert found == {"judge.rules.selectors", "judge.rules.models"}
    assert {layer_of(name) for name in found} == {"judge.rules"}


SCRIPT = """
import importlib, json, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = sorted(m.name for m in pkgutil.walk_packages(package.__path__, sys.argv[1] + "."))
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


@pytest.mark.parametrize("layer", PURE)
def test_a_pure_layer_loads_no_django_and_no_app(layer: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, layer],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(found["modules"]) > 3
    loaded = found["loaded"]
    assert not [m for m in loaded if m == "django" or m.startswith("django.")]
    project = {m for m in loaded if m.startswith("judge.")}
    allowed = (layer, *ALLOWED[layer])
    assert not [m for m in project if not m.startswith(allowed)], layer
    assert not [m for m in project if m.startswith((WEB, *APPS))]
