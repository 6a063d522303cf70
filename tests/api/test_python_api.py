"""The Python API at the top of the package (issue 30, item 2): `import clinbench` offers the
main verbs, each the library function itself, loaded on first use; the README's "From
Python" block runs as written and uses every one of them.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import clinbench

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("inspect_ai", "pandas", "numpy", "scipy", "statsmodels", "pingouin", "matplotlib")


def _readme_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- python-api:start -->\n```python\n(.*?)```\n<!-- python-api:end -->",
                      text, re.S)  # fmt: skip
    assert found, "README 'From Python' block not found"
    return found.group(1)


def test_importing_clinbench_imports_nothing_heavy():
    script = (
        "import sys, json, clinbench\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize("name", [n for n in clinbench.__all__ if n != "__version__"])
def test_each_api_name_is_the_library_object_itself(name):
    module, _, attribute = clinbench._API[name].partition(":")
    assert getattr(clinbench, name) is getattr(importlib.import_module(module), attribute)
    assert (getattr(clinbench, name).__doc__ or "").strip(), f"{name} has no docstring"
    assert name in dir(clinbench)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'no_such_verb'"):
        clinbench.no_such_verb  # noqa: B018


def test_the_readme_shows_every_api_name():
    # every function is called in the block the test runs; every class is named in the section
    block = _readme_block()
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## From Python") : text.index("## Results")]
    classes = [n for n in clinbench._API if isinstance(getattr(clinbench, n), type)]
    functions = [n for n in clinbench._API if n not in classes]
    assert [n for n in functions if f"clinbench.{n}(" not in block] == []
    assert [n for n in classes if f"clinbench.{n}" not in section] == []
    assert "clinbench.MCQItem(" in block and "except clinbench.ItemFileError" in block


def test_the_readme_from_python_block_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "readme"}
    exec(compile(_readme_block(), "README.md:From Python", "exec"), namespace)  # noqa: S102
    table = namespace["table"]
    assert set(table["model"]) == {"clinbench/chance", "clinbench/majority"}
    assert len(table) == 2 * 9  # nine items, each answered once by each model
    majority = namespace["majority"]  # items in memory: majority class B (6 of 8), true
    mcq = majority[majority["format"] == "mcq"]
    assert set(mcq["extracted_answer"]) == {"B"} and (mcq["outcome"] == "correct").sum() == 6
    assert (tmp_path / "report.html").stat().st_size > 0
    assert (tmp_path / "analysis" / "index.md").exists()
