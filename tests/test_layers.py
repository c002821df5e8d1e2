"""Nothing imports upward: the pure layers (engine, parsing, search) import neither Django nor the apps.

Each layer is imported alone in a fresh interpreter (the test process has Django loaded already).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("judge.web", "judge.rules", "judge.cards", "judge.calc", "judge.rulings", "judge.tracker")
# What each pure layer may import from the project (besides itself).
ALLOWED = {
    "judge.engine": (),
    "judge.parsing": ("judge.engine",),
    "judge.search": ("judge.parsing", "judge.engine"),
}

SCRIPT = """
import importlib, json, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = sorted(m.name for m in pkgutil.walk_packages(package.__path__, sys.argv[1] + "."))
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "loaded": sorted(sys.modules)}))
"""


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_a_pure_layer_imports_no_django_and_no_app(layer: str) -> None:
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
    assert not [m for m in project if m.startswith(APPS)]
