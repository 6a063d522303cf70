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


# What `clinbench run` has imported when the eval ends (before the results table and the
# summary) and when the command ends, for a bank of MCQ items on an offline baseline.
RUN_PROBE = """
import json, sys
sys.argv = ["clinbench", *json.loads(sys.argv[1])]
import clinbench.runner as runner
seen = {}
run_eval = runner.run_eval
def probed(*args, **kwargs):
    out = run_eval(*args, **kwargs)
    seen["after_eval"] = sorted(m for m in HEAVY if m in sys.modules)
    return out
runner.run_eval = probed
from clinbench.cli import _mount, app
_mount()
try:
    app()
except SystemExit as done:
    code = done.code
else:
    code = 0
seen["at_end"] = sorted(m for m in HEAVY if m in sys.modules)
print(json.dumps({"code": code, **seen}))
"""
STATISTICS_STACK = ("scipy", "statsmodels", "sklearn", "pingouin", "matplotlib")


def test_the_run_path_imports_no_statistics_stack(tmp_path):
    # pandas and the statistics stack cost about 130 MB of a run's memory (#27): the eval
    # itself needs neither; the results table needs pandas, the printed summary of an MCQ
    # run (Wilson intervals) needs no scipy or statsmodels
    bank = tmp_path / "bank.jsonl"
    rows = [
        {"id": f"q{i}", "format": "mcq", "stem": f"Q{i}?", "options": {"A": "y", "B": "n"},
         "answer": "AB"[i % 2]}
        for i in range(6)
    ]  # fmt: skip
    bank.write_text("".join(json.dumps(r) + "\n" for r in rows))
    args = ["run", str(bank), "--model", "clinbench/chance", "--log-dir", str(tmp_path / "logs"),
            "--display", "none"]  # fmt: skip
    script = f"HEAVY = {(*STATISTICS_STACK, 'pandas', 'pyarrow')!r}\n{RUN_PROBE}"
    done = subprocess.run([sys.executable, "-c", script, json.dumps(args)],
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert probe["code"] == 0, done.stderr[-2000:]
    assert "95% CI" in done.stdout  # the summary, with its intervals, was printed
    assert probe["after_eval"] == []
    assert not set(probe["at_end"]) & set(STATISTICS_STACK), probe["at_end"]
