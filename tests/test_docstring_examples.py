"""The Examples sections of the numpydoc docstrings run as written (issue 30)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ("clinbench.errors", "clinbench.stats.proportions", "clinbench.stats.compare")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name}: no example to run"
    assert result.failed == 0, f"{name}: {result.failed} example(s) failed"
