"""The layering rules, read from the source with ``ast``: no import cycle, no shared area
importing a suite.

Every import counts, including those inside functions (a function-level import hides a cycle
from the interpreter but not from a reader).
"""

from __future__ import annotations

import ast
import graphlib
import re
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
    if len(parts) > 2 and parts[1] == "suites" and (PACKAGE / "suites" / parts[2]).is_dir():
        return parts[2]
    return None  # the registry's own modules (suites/cards.py, paper_map.py) are no suite


def _area(module: str) -> str:
    """Return a module's area: its top-level package or module, or its suite folder.

    Every command module lives in one area, ``clinbench.cli`` (the top layer): it parses,
    calls a library function and prints, so it may import any area; no area imports it.
    """
    parts = module.split(".")
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
        if _suite(target) is not None and _suite(target) != _commands_suite(module)
    )


def _commands_suite(module: str) -> str | None:
    """Return the suite whose command group a module is (``clinbench.cli.<suite>_commands``).

    A suite's command group lives in the command-line package with every other command
    module; it may import its own suite folder, and no other.
    """
    parts = module.split(".")
    if len(parts) == 3 and parts[1] == "cli" and parts[2].endswith("_commands"):
        name = parts[2].removesuffix("_commands")
        return name if (PACKAGE / "suites" / name / "__init__.py").is_file() else None
    return None


def test_no_shared_area_imports_a_suite():
    assert _into_suites(import_graph()) == []


def upward_imports(graph: dict[str, set[str]], top: str = "clinbench.cli") -> list[str]:
    """Return "module -> target" for each import of the command-line package from below it.

    The command line (``clinbench.cli``) is the top of the house; with the area graph free of
    cycles (tested above) every other arrow points down, so these are the upward arrows.
    """
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if not (module == top or module.startswith(f"{top}."))
        for target in targets
        if target == top or target.startswith(f"{top}.")
    )


def test_no_import_runs_upwards():
    assert upward_imports(import_graph()) == []


def test_command_modules_live_in_the_cli_package_only():
    # typer is what makes a command: only clinbench.cli may import it
    assert [m for m in importers(SRC, "typer") if not m.startswith("clinbench.cli")] == []


def test_the_walker_sees_an_upward_import(tmp_path):
    root = _write(tmp_path, {"__init__.py": "", "cli/__init__.py": "",
                             "cli/console.py": "from clinbench.stats import x\n",
                             "stats/__init__.py": "", "stats/x.py":
                             "def f():\n    from clinbench.cli import console\n"})  # fmt: skip
    assert upward_imports(import_graph(root)) == ["clinbench.stats.x -> clinbench.cli.console"]


# ---------------------------------------------------------------- one name, one file


def registry_files(root: Path = SRC) -> set[Path]:
    """Return the files of suite folders that a suite's SuiteSpec names (its registry entries).

    Every suite fills the same SuiteSpec fields (tasks, rule baseline, report sections, demo
    runs), so its folder has the same shape as every other: these names may repeat.
    """
    from clinbench.suites import suites

    files = set()
    for spec in suites().values():
        references = [*spec.tasks.values(), *spec.rules_baseline.values()]
        fields = ("report_sections", "demo_runs", "summary_tables", "demo_tables")
        references += [getattr(spec, f) for f in fields]
        for reference in filter(None, references):
            module = reference.partition(":")[0]
            files.add(root.joinpath(*module.split(".")).with_suffix(".py"))
    return files


def repeated_file_names(root: Path = SRC, allowed: set[Path] | None = None) -> dict[str, list[str]]:
    """Return each file name used twice or more in the package, with where (relative paths).

    ``__init__.py`` may repeat, and so may the registry's per-suite files (``allowed``) when
    every file of that name is one.
    """
    allowed = registry_files(root) if allowed is None else allowed
    by_name: dict[str, list[Path]] = {}
    for path in sorted((root / "clinbench").rglob("*.py")):
        by_name.setdefault(path.name, []).append(path)
    return {
        name: [str(p.relative_to(root)) for p in paths]
        for name, paths in by_name.items()
        if len(paths) > 1 and name != "__init__.py" and not set(paths) <= allowed
    }


def test_no_file_name_repeats():
    assert repeated_file_names() == {}


def test_the_name_check_sees_a_repeat(tmp_path):
    root = _write(tmp_path, {"__init__.py": "", "a/__init__.py": "", "a/tasks.py": "",
                             "suites/__init__.py": "", "suites/x/__init__.py": "",
                             "suites/x/tasks.py": "", "suites/y/__init__.py": "",
                             "suites/y/tasks.py": ""})  # fmt: skip
    suite_files = {root / "clinbench/suites/x/tasks.py", root / "clinbench/suites/y/tasks.py"}
    assert repeated_file_names(root, suite_files) == {
        "tasks.py": ["clinbench/a/tasks.py", "clinbench/suites/x/tasks.py",
                     "clinbench/suites/y/tasks.py"]
    }  # fmt: skip
    (root / "clinbench/a/tasks.py").unlink()
    assert repeated_file_names(root, suite_files) == {}


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


# ---------------------------------------------------------------- the README's table

README = SRC.parent / "README.md"


def _part(module: str, root: Path = SRC) -> str:
    """Return the README Architecture table's name of the part a module belongs to."""
    parts = module.split(".")
    if module == "clinbench":
        return "__init__.py"
    if module == "clinbench.suites":
        return "suites/__init__.py"
    if parts[1] == "suites":
        return "suites/NAME/"
    return f"{parts[1]}/" if (root / "clinbench" / parts[1]).is_dir() else f"{parts[1]}.py"


def part_imports(graph: dict[str, set[str]], root: Path = SRC) -> dict[str, set[str]]:
    """Return part -> the other parts its modules import (the table's rows, from the code)."""
    parts: dict[str, set[str]] = {}
    for module, targets in graph.items():
        mine = _part(module, root)
        parts.setdefault(mine, set()).update(
            _part(t, root) for t in targets if _part(t, root) != mine
        )
    return parts


def readme_table(text: str) -> dict[str, set[str] | None]:
    """Return part -> the parts the README says it imports (None for 'any part')."""
    block = re.search(r"<!-- architecture:start -->\n(.*?)<!-- architecture:end -->", text, re.S)
    assert block, "README Architecture table not found"
    rows: dict[str, set[str] | None] = {}
    for line in block.group(1).splitlines()[2:]:  # after the header and its rule
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 3, f"README Architecture row is not 'part | holds | imports': {line}"
        part, _, imports = cells
        part = part.strip("`")
        assert part not in rows, f"README Architecture table names {part} twice"
        if imports == "any part":
            rows[part] = None
        elif imports == "nothing":
            rows[part] = set()
        else:
            rows[part] = {name.strip().strip("`") for name in imports.split(",")}
    return rows


def table_drift(graph: dict[str, set[str]], text: str, root: Path = SRC) -> list[str]:
    """Return each way the README table and the code's import graph differ (empty: none)."""
    code, table = part_imports(graph, root), readme_table(text)
    drift = [f"{p}: in the code, not in the README table" for p in sorted(set(code) - set(table))]
    drift += [f"{p}: in the README table, not in the code" for p in sorted(set(table) - set(code))]
    for part in sorted(set(code) & set(table)):
        declared = table[part]
        if declared is None:  # 'any part'
            continue
        if code[part] != declared:
            real = ", ".join(f"`{p}`" for p in sorted(code[part])) or "nothing"
            drift.append(f"{part}: the README says {sorted(declared)}; the code imports: {real}")
    return drift


def test_the_readme_architecture_table_matches_the_import_graph():
    drift = table_drift(import_graph(), README.read_text(encoding="utf-8"))
    assert drift == [], "README Architecture table has drifted:\n" + "\n".join(drift)


def test_the_table_check_sees_drift(tmp_path):
    root = _write(tmp_path, {"__init__.py": "", "io.py": "", "items/__init__.py": "",
                             "items/model.py": "def f():\n    from clinbench import io\n",
                             "stats/__init__.py": "", "stats/x.py": "import clinbench.items\n",
                             "cli/__init__.py": "from clinbench.stats import x\n"})  # fmt: skip
    graph = import_graph(root)
    table = ("<!-- architecture:start -->\n| part | holds | imports |\n|---|---|---|\n"
             "| `io.py` | a | nothing |\n| `items/` | b | `io.py` |\n"
             "| `stats/` | c | `io.py` |\n| `cli/` | d | any part |\n"
             "| `__init__.py` | e | nothing |\n<!-- architecture:end -->\n")  # fmt: skip
    assert table_drift(graph, table, root) == [
        "stats/: the README says ['io.py']; the code imports: `items/`"
    ]
    fixed = table.replace("| `stats/` | c | `io.py` |", "| `stats/` | c | `items/` |")
    assert table_drift(graph, fixed, root) == []
    missing = fixed.replace("| `io.py` | a | nothing |\n", "")
    assert table_drift(graph, missing, root) == ["io.py: in the code, not in the README table"]


# ---------------------------------------------------------------- every rule once

# Rules that once had two homes (issue 30): each name is defined in exactly one module.
ONE_HOME = ("Passage", "read_passages", "read_documents", "grade_midpoints", "grade_rules",
            "word_counts", "align_words", "measures_from_counts", "wilson_interval",
            "read_results", "AuditInputError", "ResultsFileError")  # fmt: skip


def definitions(root: Path = SRC, package: str = "clinbench") -> dict[str, list[str]]:
    """Return top-level function/class name -> the modules that define it."""
    found: dict[str, list[str]] = {}
    for path in sorted((root / package).rglob("*.py")):
        module, _ = _module_name(path, root)
        for node in ast.parse(path.read_text(encoding="utf-8"), str(path)).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.setdefault(node.name, []).append(module)
    return found


def importers(root: Path, library: str) -> list[str]:
    """Return the modules that import a third-party library (anywhere in the file)."""
    out = []
    for path in sorted((root / "clinbench").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            if any(n == library or n.startswith(f"{library}.") for n in names):
                out.append(_module_name(path, root)[0])
                break
    return out


@pytest.mark.parametrize("name", ONE_HOME)
def test_each_rule_has_one_home(name):
    assert len(definitions().get(name, [])) == 1, (name, definitions().get(name))


def test_wer_has_one_home():
    # WER and every word alignment go through scoring.speech (jiwer is called there only)
    assert importers(SRC, "jiwer") == ["clinbench.scoring.speech"]


def test_the_one_home_check_sees_a_second_definition(tmp_path):
    root = _write(tmp_path, {"__init__.py": "", "a.py": "class Passage:\n    pass\n",
                             "b/__init__.py": "", "b/c.py": "def f():\n    import jiwer\n\n"
                             "class Passage:\n    pass\n"})  # fmt: skip
    assert definitions(root)["Passage"] == ["clinbench.a", "clinbench.b.c"]
    assert importers(root, "jiwer") == ["clinbench.b.c"]
