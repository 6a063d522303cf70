"""The layering rules, read from the source with ``ast``: no import cycle, no shared area
importing a suite.

Every import counts, including those inside functions (a function-level import hides a cycle
from the interpreter but not from a reader).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "clinbench"


def _module_name(path: Path, root: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(root).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    return ".".join(parts), is_package


def import_graph(root: Path = SRC, package: str = "clinbench") -> dict[str, set[str]]:
    """Return module -> the project modules it imports (anywhere in the file)."""
    files = {}
    for path in (root / package).rglob("*.py"):
        name, is_package = _module_name(path, root)
        files[name] = (path, is_package)

    def known(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, (path, is_package) in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name if is_package else name.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                # `from pkg import sub` imports the module pkg.sub when there is one
                targets = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names
                ]
            for target in targets:
                found = known(target) if target.startswith(package) else None
                if found and found != name:
                    graph[name].add(found)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as err:
        return list(err.args[1])
    return None


def _suite(module: str) -> str | None:
    """Return the suite folder a module lives in (None outside every suite folder)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "suites" else None


def _area(module: str) -> str:
    """Return a module's area: its top-level package or module, or its suite folder.

    Command-line modules (``cli``, ``*_cli``) form one top layer of their own wherever they
    live: they parse, call a library function and print, so they may import any area.
    """
    parts = module.split(".")
    if module == "clinbench.console":  # the report's text tables (report.format, report.html)
        return "report"
    if parts[-1] == "cli" or parts[-1].endswith("_cli"):
        return "command line"
    if _suite(module):
        return f"suites.{_suite(module)}"
    return parts[1] if len(parts) > 1 else parts[0]


def test_no_import_cycle_between_modules():
    cycle = _cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_between_areas():
    areas: dict[str, set[str]] = {}
    for module, targets in import_graph().items():
        areas.setdefault(_area(module), set()).update(
            _area(t) for t in targets if _area(t) != _area(module)
        )
    cycle = _cycle(areas)
    assert cycle is None, "import cycle between areas: " + " -> ".join(cycle or [])


def _into_suites(graph: dict[str, set[str]]) -> list[str]:
    """Return "module -> target" for each import of a suite folder from outside every suite.

    The registry (``clinbench.suites`` itself) is not a suite: shared code reads it, and it
    loads the suites' declarations by name at run time.
    """
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if _suite(module) is None
        for target in targets
        if _suite(target) is not None
    )


def test_no_shared_area_imports_a_suite():
    assert _into_suites(import_graph()) == []


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "clinbench" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"a.py": "from clinbench import b\n", "b.py": "def f():\n    import clinbench.a\n"},
         {"clinbench.a", "clinbench.b"}),
        ({"x/__init__.py": "", "x/m.py": "from .n import f\n", "x/n.py": "from . import m\n"},
         {"clinbench.x.m", "clinbench.x.n"}),
    ],
)  # fmt: skip
def test_the_walker_sees_hidden_and_relative_cycles(tmp_path, files, expected):
    root = _write(tmp_path, {"__init__.py": "", **files})
    cycle = _cycle(import_graph(root))
    assert cycle is not None and set(cycle) == expected


def test_the_walker_sees_a_shared_area_importing_a_suite(tmp_path):
    root = _write(tmp_path, {"__init__.py": "", "stats/__init__.py": "",
                             "stats/x.py": "def f():\n    from clinbench.suites.slp import y\n",
                             "suites/__init__.py": "", "suites/slp/__init__.py": "",
                             "suites/slp/y.py": ""})  # fmt: skip
    graph = import_graph(root)
    assert graph["clinbench.stats.x"] == {"clinbench.suites.slp.y"}
    assert _cycle(graph) is None
    assert _into_suites(graph) == ["clinbench.stats.x -> clinbench.suites.slp.y"]
