"""The `slow` marker (issue 30, item 6): registered, strict, and naming tests that exist."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from tests.conftest import SLOW_TESTS

ROOT = Path(__file__).resolve().parents[1]


def _test_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_the_slow_marker_is_registered_and_markers_are_strict():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert any(m.startswith("slow:") for m in options["markers"])
    assert "--strict-markers" in options["addopts"].split()


def test_every_slow_entry_names_a_test_that_exists():
    missing = []
    for entry in SLOW_TESTS:
        path, _, name = entry.partition("::")
        file = ROOT / path
        if not file.is_file() or (name and name not in _test_functions(file)):
            missing.append(entry)
    assert missing == [], f"SLOW_TESTS names tests that do not exist: {missing}"
    assert len(set(SLOW_TESTS)) == len(SLOW_TESTS)


def test_slow_tests_are_marked_at_collection(request):
    # this session's own items: a slow test collected here carries the marker
    for item in request.session.items:
        path = Path(str(item.fspath)).resolve().relative_to(ROOT).as_posix()
        listed = path in SLOW_TESTS or f"{path}::{item.name.split('[')[0]}" in SLOW_TESTS
        assert (item.get_closest_marker("slow") is not None) == listed, item.nodeid
