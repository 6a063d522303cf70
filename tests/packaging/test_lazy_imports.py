"""Commands that should start at once import only what they use (no timing: sys.modules).

Each check runs in a fresh interpreter, so what this test process imported does not count.
The times themselves are printed by benchmarks/startup.py.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Heavy packages that no start-up path may pay for unless its command uses them.
HEAVY = ("inspect_ai", "pandas", "numpy", "matplotlib", "torch", "scipy", "statsmodels",
         "sklearn", "pingouin", "pocketsphinx", "jiwer")  # fmt: skip

PROBE = """
import json, sys
sys.argv = ["clinbench", *json.loads(sys.argv[1])]
from clinbench.cli import _mount, app
_mount()
try:
    app()
except SystemExit as done:
    code = done.code
else:
    code = 0
print(json.dumps({"code": code, "heavy": sorted(m for m in HEAVY if m in sys.modules)}))
"""


def _imported(args: list[str], watched: tuple[str, ...] = HEAVY) -> dict:
    """Return {'code': exit code, 'heavy': the `watched` modules imported} of one command."""
    script = f"HEAVY = {watched!r}\n{PROBE}"
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(args)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_cli_and_mounting_every_command_imports_nothing_heavy():
    assert _imported(["--help"]) == {"code": 0, "heavy": []}


@pytest.mark.parametrize("group", ["items", "results", "audiogram", "audiology", "ausclin",
                                   "slp", "stats", "audit", "curate", "leaderboard"])  # fmt: skip
def test_group_help_imports_nothing_heavy(group):
    assert _imported([group, "--help"]) == {"code": 0, "heavy": []}


def test_run_rejects_a_bad_item_file_before_importing_inspect(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "q1", "format": "mcq", "stem": "no options, no key"}\n')
    assert _imported(["run", str(bad), "--log-dir", str(tmp_path / "logs")]) == {
        "code": 2,
        "heavy": [],
    }
    assert not (tmp_path / "logs").exists()


def test_run_rejects_a_missing_item_file_before_importing_inspect(tmp_path):
    missing = tmp_path / "no-such-bank.jsonl"
    assert _imported(["run", str(missing), "--log-dir", str(tmp_path / "logs")]) == {
        "code": 2,
        "heavy": [],
    }
    assert not (tmp_path / "logs").exists()


def test_items_validate_imports_nothing_heavy(sample_items_path):
    assert _imported(["items", "validate", str(sample_items_path)]) == {"code": 0, "heavy": []}


def test_reading_a_results_table_does_not_import_inspect():
    script = (
        "import sys; import clinbench.results.export; "
        "print('inspect_ai' in sys.modules, 'matplotlib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "False"], done.stderr


def test_analyze_of_a_case_table_imports_neither_inspect_nor_matplotlib(tmp_path):
    # analyze writes tables only: no figure is drawn (so no matplotlib), and the audiology
    # sections read the NLI scorer's module (an Inspect module) only when NLI rows exist
    from clinbench.stats.synthetic import synthetic_case_results

    table = tmp_path / "cases.csv"
    synthetic_case_results(n_models=2, n_cases=4, seed=0).to_csv(table, index=False)
    out = _imported(["analyze", str(table), "-o", str(tmp_path / "out"), "--n-boot", "20"])
    assert out["code"] == 0
    assert "inspect_ai" not in out["heavy"] and "matplotlib" not in out["heavy"]
    assert (tmp_path / "out" / "index.md").exists()


def test_analyze_does_not_build_the_item_models(tmp_path):
    # the item models (pydantic classes for every format) serve item files, not results
    from clinbench.stats.synthetic import synthetic_case_results

    table = tmp_path / "cases.csv"
    synthetic_case_results(n_models=2, n_cases=4, seed=0).to_csv(table, index=False)
    args = ["analyze", str(table), "-o", str(tmp_path / "out"), "--n-boot", "20"]
    out = _imported(args, ("clinbench.items.model", "clinbench.items.loader"))
    assert out == {"code": 0, "heavy": []}
