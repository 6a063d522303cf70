"""Shard logs of a `run --workers` written before each shard recorded the run's id are one run.

Such a shard log has only Inspect's own run_id, one per shard, so the export showed one run as
two, and a resumed shard got yet another id. Here an old-style pair of shard logs (each shard
an eval of some samples in its `worker-N-of-2` folder, no run id in its metadata) is exported,
then one shard is cut short and resumed: every row carries one run id throughout.
"""

from __future__ import annotations

from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log, write_eval_log

from clinbench.item_tasks import clinbench_items
from clinbench.items.loader import load_items
from clinbench.results.export import SHARDED_RUN, results_table
from clinbench.runner import resume


def _old_style_shards(items_path, log_dir) -> list[str]:
    """Run the items in two round-robin shards as old `--workers 2` runs wrote them."""
    ids = [item.id for item in load_items([items_path])][:6]
    paths = []
    for number, shard in enumerate([ids[0::2], ids[1::2]], start=1):
        folder = log_dir / f"worker-{number}-of-2"
        (log,) = inspect_eval(clinbench_items(items=str(items_path)), model="clinbench/chance",
                              sample_id=shard, log_dir=str(folder), display="none")  # fmt: skip
        assert log.status == "success" and SHARDED_RUN not in (log.eval.metadata or {})
        paths.append(log.location)
    return paths


def test_old_shard_logs_of_one_run_keep_one_run_id_through_a_resume(sample_items_path, tmp_path):
    log_dir = tmp_path / "logs"
    first, second = _old_style_shards(sample_items_path, log_dir)
    table = results_table(log_dir, on_skip=lambda _message: None)
    assert len(table) == 6
    assert table["run_id"].nunique() == 1, table.groupby("log_file")["run_id"].first()
    (run,) = set(table["run_id"])
    # the second shard stopped after one sample: resume asks the rest, the id stays
    log = read_eval_log(second)
    log.samples, log.status, log.results = log.samples[:1], "cancelled", None
    write_eval_log(log, second)
    outcome = resume(log_dir, on_skip=lambda _message: None)
    assert outcome.finished and len(outcome.logs) == 1
    table = results_table(log_dir, on_skip=lambda _message: None)
    assert len(table) == 6 and set(table["run_id"]) == {run}
