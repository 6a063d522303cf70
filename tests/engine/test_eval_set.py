"""Several models in one `clinbench run`: one Inspect eval set, one log per model, one table."""

from __future__ import annotations

import pandas as pd
from inspect_ai.log import list_eval_logs, read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app

runner = CliRunner()
_mount()
MODELS = ["clinbench/chance", "clinbench/rules", "clinbench/replay/fixture-model"]


def _logs(log_dir) -> dict[str, str]:
    """Return {model: log file} of the evals in a folder."""
    return {read_eval_log(i.name, header_only=True).eval.model: i.name
            for i in list_eval_logs(str(log_dir))}  # fmt: skip


def test_three_models_run_as_one_eval_set_with_one_log_each_and_one_table(
    tmp_path, sample_items_path, replay_fixture_path
):
    log_dir, out = tmp_path / "set", tmp_path / "results.csv"
    args = ["run", str(sample_items_path), *[a for m in MODELS for a in ("--model", m)],
            "-M", f"responses={replay_fixture_path}", "--log-dir", str(log_dir),
            "--max-tasks", "3", "--limit", "4", "--display", "none", "--out", str(out)]  # fmt: skip
    result = runner.invoke(app, args)
    # every eval finished; the rules baseline cannot answer MCQ items, which is disclosed as
    # 'cannot answer' and is not a failed sample (exit 0, not 3)
    assert result.exit_code == 0, result.output
    assert "clinbench/rules cannot answer 4 mcq items" in result.output
    first = _logs(log_dir)
    assert sorted(first) == sorted(MODELS)  # one log per model
    headers = [read_eval_log(f, header_only=True) for f in first.values()]
    assert len({h.eval.eval_set_id for h in headers}) == 1 and headers[0].eval.eval_set_id
    assert {h.eval.config.max_tasks for h in headers} == {3}
    frame = pd.read_csv(out)  # one table over the set
    assert sorted(frame["model"].unique()) == sorted(MODELS)
    assert (frame.groupby("model").size() == 4).all()
    # the same command again continues the set: finished evals are kept as they are
    again = runner.invoke(app, args)
    assert again.exit_code == 0, again.output
    second = _logs(log_dir)
    kept = [m for m in MODELS if m != "clinbench/rules"]  # rules may be asked again
    assert all(second[m] == first[m] for m in kept)
    assert len(pd.read_csv(out)) == len(frame)
