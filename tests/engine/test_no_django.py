"""The engine is plain Python: importing every judge.engine module must not import Django.

Run in a fresh interpreter, because the test process itself may already have
Django loaded (pytest-django).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, json, pkgutil, sys
import judge.engine
names = sorted(m.name for m in pkgutil.walk_packages(judge.engine.__path__, "judge.engine."))
for name in names:
    importlib.import_module(name)
django = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(json.dumps({"modules": names, "django": django}))
"""


def test_importing_every_engine_module_does_not_import_django() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    completed = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    found = json.loads(completed.stdout.strip().splitlines()[-1])
    # pkgutil found the modules (an empty list would make the check vacuous).
    assert {
        "judge.engine.errors",
        "judge.engine.steps",
        "judge.engine.mana",
        "judge.engine.tax",
        "judge.engine.damage",
    } <= set(found["modules"])
    assert found["django"] == []
