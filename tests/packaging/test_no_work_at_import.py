"""Importing clinbench's shared areas does no work: no suite is imported (issue 30, item 3).

Each check runs in a fresh interpreter and reads ``sys.modules`` afterwards, so what this test
process imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

STATS = Path(__file__).resolve().parents[2] / "src" / "clinbench" / "stats"
STATS_MODULES = sorted(
    f"clinbench.stats.{p.stem}" for p in STATS.glob("*.py") if p.stem != "__init__"
)


def _suites_after_import(module: str) -> list[str]:
    """Return the suite modules (clinbench.suites.<name>...) in sys.modules after an import.

    The registry itself (``clinbench.suites``) is shared code and may be imported; a suite's
    folder may not.
    """
    script = (
        "import json, sys, importlib\n"
        f"importlib.import_module({module!r})\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('clinbench.suites.'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_there_are_stats_modules_to_check():
    assert "clinbench.stats.describe" in STATS_MODULES and len(STATS_MODULES) > 10


@pytest.mark.parametrize("module", ["clinbench", "clinbench.stats", *STATS_MODULES])
def test_importing_a_stats_module_imports_no_suite(module):
    assert _suites_after_import(module) == []


def test_the_grade_rules_still_come_from_the_rubric_when_asked():
    # lazy, not gone: the first use reads the registered rubric
    from clinbench.scoring.rubric import grade_rules, load_rubric
    from clinbench.stats import _common

    rules = grade_rules(load_rubric())
    assert _common.letter_grades() == rules.grades
    assert _common.passing_grades() == rules.passing
    assert _common.LETTER_GRADES == rules.grades  # the old names still answer
    assert _common.PASSING_GRADES == rules.passing
