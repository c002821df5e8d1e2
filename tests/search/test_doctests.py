"""Every ``>>>`` example in the judge.search modules runs and passes."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import judge.search

MODULES = sorted(m.name for m in pkgutil.walk_packages(judge.search.__path__, "judge.search."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples failed in {name}"
