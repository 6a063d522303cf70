"""The end of a run (issue 32 item 3): the results table and the log metrics over every reply
are built from one streamed read of each log, and they equal what the old end of run gave.

The old end of run read each whole log back (every sample, its messages and events) to add
the metrics, and wrote it whole again; `clinbench resume` built the table of its logs, then
the table of the folder. Now only each log's header is read and written, and resume reads
each log once. The replay run here has declines, refusals, parse failures and an error.
"""

from __future__ import annotations

import math
import shutil
import zipfile
from pathlib import Path

import inspect_ai.log
import pandas as pd
from inspect_ai.log import EvalMetric, read_eval_log, write_eval_log
from typer.testing import CliRunner

from clinbench import runner
from clinbench.cli import _mount, app
from clinbench.results import export
from clinbench.results.export import results_from_logs, results_table
from clinbench.stats.log_metrics import every_reply_metrics


def _replay_run(tmp_path, sample_items_path, replay_fixture_path, epochs=2) -> Path:
    _mount()
    logs = tmp_path / "logs"
    args = ["run", str(sample_items_path), "-m", "clinbench/replay/fixture-model",
            "-M", f"responses={replay_fixture_path}", "--log-dir", str(logs),
            "--display", "none", "--epochs", str(epochs)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 3, result.output  # the fixture has one failed call: exit 3
    return logs


def _logged(path) -> dict[str, dict[str, float]]:
    """Return {scorer: {metric: value}} of a log's header (NaN as the string 'nan')."""
    found: dict[str, dict[str, float]] = {}
    for score in read_eval_log(str(path), header_only=True).results.scores:
        values = {n: m.value for n, m in score.metrics.items()}
        found.setdefault(score.name, {}).update(
            {n: "nan" if isinstance(v, float) and math.isnan(v) else v for n, v in values.items()}
        )
    return found


def _old_end_of_run(path: str) -> None:
    """The metrics written as the old end of run wrote them: the whole log read and written."""
    full = read_eval_log(path)
    rows = results_from_logs([full], on_skip=lambda _message: None)
    by_scorer = every_reply_metrics(rows)
    for score in full.results.scores:
        if score.name in by_scorer and "accuracy_answered" in score.metrics:
            for name, value in by_scorer[score.name].items():
                score.metrics[name] = EvalMetric(name=f"clinbench/{name}", value=value)
    write_eval_log(full, path)


def test_log_metrics_and_table_equal_the_old_whole_log_rewrite(
    tmp_path, sample_items_path, replay_fixture_path
):
    logs = _replay_run(tmp_path, sample_items_path, replay_fixture_path)
    (path,) = logs.glob("*.eval")
    table = results_table(logs)
    counts = table[table["scorer"] == "item_scorer"]["outcome"].value_counts()
    assert min(counts[o] for o in ("declined", "refused", "parse_failed", "error")) > 0
    # the old way, on a copy of the same log
    old = tmp_path / "old" / path.name
    old.parent.mkdir()
    shutil.copyfile(path, old)
    _old_end_of_run(str(old))
    new_metrics = _logged(path)
    assert new_metrics == _logged(old)
    assert "accuracy_all" in new_metrics["item_scorer"] and "replies" in new_metrics["item_scorer"]
    # the table streamed from the log is the table of the whole log read at once
    whole = read_eval_log(str(path))
    reference = export._table([export._frame(export.log_rows(whole, log_file=path.name))])
    pd.testing.assert_frame_equal(table, reference)
    pd.testing.assert_frame_equal(results_table(old), reference.assign(log_file=old.name))
    # the header-only write left every sample as Inspect wrote it
    assert [s.model_dump() for s in whole.samples] == [
        s.model_dump() for s in read_eval_log(str(old)).samples
    ]
    with zipfile.ZipFile(path) as new_zip:
        members = sorted(n for n in new_zip.namelist() if n != "header.json")
        assert len(members) == len(set(members)) and any(n.startswith("samples/") for n in members)


def test_log_metrics_rewrite_touches_only_the_header(
    tmp_path, sample_items_path, replay_fixture_path, monkeypatch
):
    from clinbench.stats.log_metrics import write_every_reply_metrics

    logs = _replay_run(tmp_path, sample_items_path, replay_fixture_path, epochs=1)
    (path,) = logs.glob("*.eval")
    table = results_table(logs)
    before = tmp_path / "before.eval"
    shutil.copyfile(path, before)
    header = read_eval_log(str(path), header_only=True)
    reads: list[bool] = []

    def recorded(location, header_only=False, **options):
        reads.append(header_only)
        return read_eval_log(location, header_only=header_only, **options)

    monkeypatch.setattr(inspect_ai.log, "read_eval_log", recorded)
    assert write_every_reply_metrics([header], table) == [str(path)]
    monkeypatch.undo()
    assert reads == [True]  # the header only: no sample is loaded
    with zipfile.ZipFile(before) as old_zip, zipfile.ZipFile(path) as new_zip:
        names = [n for n in old_zip.namelist() if n != "header.json"]
        assert sorted(names) == sorted(n for n in new_zip.namelist() if n != "header.json")
        for name in names:
            assert old_zip.read(name) == new_zip.read(name), name
    assert _logged(path) == _logged(before)
    assert not list(logs.glob(".*.tmp"))  # no temporary copy left


def test_resume_reads_each_log_once_and_its_metrics_are_the_logs_own(
    tmp_path, sample_items_path, replay_fixture_path, monkeypatch
):
    logs = _replay_run(tmp_path, sample_items_path, replay_fixture_path)
    built: dict[str, int] = {}  # results rows made from each log
    log_rows = export.log_rows

    def counted(log, log_file="", samples=None):
        rows = log_rows(log, log_file, samples)
        built[log_file] = built.get(log_file, 0) + len(rows)
        return rows

    monkeypatch.setattr(export, "log_rows", counted)
    outcome = runner.resume(logs, errors=True, on_skip=lambda _message: None)
    monkeypatch.undo()
    (new_log,) = outcome.logs  # the failed sample asked again (the replay still has none)
    new = Path(export._local_path(new_log.location))
    assert new.parent == logs
    held = outcome.results["log_file"].value_counts().to_dict()
    assert built == held  # one table built: each log's rows made once
    pd.testing.assert_frame_equal(
        outcome.results, results_table(logs, on_skip=lambda _message: None)
    )
    own = results_from_logs([read_eval_log(str(new), header_only=True)])
    expected = every_reply_metrics(own)
    logged = _logged(new)
    for scorer, metrics in expected.items():
        for name, value in metrics.items():
            assert logged[scorer][name] == ("nan" if math.isnan(value) else value), name


def test_a_run_ends_holding_its_logs_headers_only(tmp_path, sample_items_path, replay_fixture_path):
    """After the evals, a run keeps no samples in memory (new_run: the logs `eval` returns
    hold every sample) and its item table only packed (one string, read by the table instead
    of the file's header); the log files keep both, and the table is the same."""
    from clinbench.items.sample import ITEMS

    outcome = runner.run_benchmark(
        [str(sample_items_path)], ["clinbench/replay/fixture-model"], tmp_path / "logs",
        model_args={"responses": str(replay_fixture_path)}, new_run=True,
    )  # fmt: skip
    (log,) = outcome.logs
    assert log.samples is None and isinstance(log.eval.metadata[ITEMS], str)
    path = export._local_path(log.location)
    assert ITEMS in read_eval_log(path, header_only=True).eval.metadata
    pd.testing.assert_frame_equal(outcome.results, results_table(path))


def test_resume_continues_a_log_that_holds_its_item_table_unpacked(
    tmp_path, sample_items_path, replay_fixture_path
):
    """A log written before the item table was packed (a dict in the header) resumes, and
    the folder's table is the one the packed logs give."""
    from clinbench.items.sample import ITEMS, log_item_table

    logs = _replay_run(tmp_path, sample_items_path, replay_fixture_path)
    packed = results_table(logs, on_skip=lambda _message: None)
    (path,) = logs.glob("*.eval")
    log = read_eval_log(str(path))
    for metadata in (log.eval.metadata, log.metadata):
        metadata[ITEMS] = log_item_table(metadata)
    write_eval_log(log, str(path))
    assert isinstance(read_eval_log(str(path), header_only=True).eval.metadata[ITEMS], dict)
    outcome = runner.resume(logs, errors=True, on_skip=lambda _message: None)
    (new_log,) = outcome.logs  # the failed sample asked again (the replay still has none)
    assert new_log.status == "success"
    new = read_eval_log(export._local_path(new_log.location), header_only=True)
    assert isinstance(new.eval.metadata[ITEMS], str)  # the new log holds it packed
    columns = ["item_id", "epoch", "outcome", "score", "tags", "item_metadata", "domain"]
    pd.testing.assert_frame_equal(outcome.results[columns], packed[columns])
