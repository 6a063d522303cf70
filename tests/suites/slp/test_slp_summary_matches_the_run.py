"""`clinbench slp summary` gives the SDs the run printed and the report holds.

realuse6: SmolLM2 on slp_disorder (Whisper, babble at 5 dB), 3 clips: the run printed Macro F1
SD 0.219, `clinbench slp summary` of the same table 0.212. The run's table and the report take
their item bootstrap from the suite's report (500 resamples, seed 0, named in the report's
disclosures); the command defaulted to 1000.
"""

from __future__ import annotations

import io

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.slp_commands import app
from clinbench.results.schema import RESULT_COLUMNS
from clinbench.suites.slp.report import summary_tables

from .test_slp_bar import _rows


def test_the_summary_command_prints_the_runs_standard_deviations(tmp_path):
    results = pd.DataFrame(_rows("m", 5, 9)).reindex(columns=RESULT_COLUMNS)
    results["epoch"] = 1
    (_, run_table, _), *_ = summary_tables(results)
    path = tmp_path / "results.csv"
    results.to_csv(path, index=False)
    out = CliRunner().invoke(app, ["summary", str(path), "-f", "csv"])
    assert out.exit_code == 0, out.output
    printed = pd.read_csv(io.StringIO(out.stdout), comment="#")
    for column in ("Micro F1 SD", "Macro F1 SD", "Exact Match SD"):
        assert printed[column].round(6).tolist() == run_table[column].round(6).tolist(), column
