"""Every ``>>>`` example in every judge.engine module runs and passes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import judge.engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(judge.engine.__path__, "judge.engine."))


def test_modules_are_discovered() -> None:
    assert {"judge.engine.mana", "judge.engine.tax", "judge.engine.damage"} <= set(MODULES)


@pytest.mark.parametrize("name", ["judge.engine", *MODULES])
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"
    # the package docstring is prose only; judge.engine.texts holds message catalogs (data, checked by
    # test_messages)
    if name != "judge.engine" and not name.startswith("judge.engine.texts"):
        assert result.attempted > 0, f"{name} has no doctest example"
