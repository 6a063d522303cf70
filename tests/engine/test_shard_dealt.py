"""Each worker of `run --workers` builds its task from its shard's samples, with no sample filter.

Inspect's ``sample_id`` filter is quadratic in the ids (each is looked up in a list of the
dataset's ids), which cost a worker about a minute before its first request at 20,000 items.
A worker's task is now built from its share (``clinbench.shards.one_shard``) and its log
records the shard in its eval metadata; the export tells such logs apart by the samples their
dataset holds, and ``clinbench resume`` builds a shard's task again from the same share.
Shard logs written before (a ``sample_id`` per shard) still export and resume as one run, and
a run continued by the new code in their folder is still that run, with every sample once.
"""

from __future__ import annotations

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log, write_eval_log

from clinbench.item_tasks import clinbench_items
from clinbench.results.export import SHARD, SHARDED_RUN, eval_identity, results_table
from clinbench.runner import resume
from clinbench.sharded_run import run_sharded
from clinbench.shards import Shard, one_shard
from tests.slow_server import mcq_bank

N_ITEMS = 6


def _ids(task) -> list[str]:
    return [sample.id for sample in task.dataset]


def test_a_task_built_in_one_shard_holds_its_round_robin_share(tmp_path):
    bank = mcq_bank(tmp_path / "items.jsonl", 7)
    whole = clinbench_items(items=str(bank))
    every = _ids(whole)
    assert len(every) == 7
    with one_shard(Shard(2, 3)) as shard:
        task = clinbench_items(items=str(bank))
    assert shard.dealt and _ids(task) == every[1::3]
    with one_shard(Shard(1, 2, limit=5)):
        assert _ids(clinbench_items(items=str(bank))) == every[:5][0::2]
    # the bank's identity stays the whole bank's (a changed bank is told by it)
    for key in ("item_set_sha256", "n_items"):
        assert task.metadata[key] == whole.metadata[key]
    assert _ids(clinbench_items(items=str(bank))) == every  # outside the block: every sample


def _logs(log_dir) -> list:
    return [read_eval_log(info.name, header_only=True) for info in
            list_eval_logs(str(log_dir), recursive=True)]  # fmt: skip


def _cut_short(header) -> None:
    """Leave a finished shard log as a worker killed after its first sample leaves it."""
    log = read_eval_log(header.location)
    log.samples, log.status, log.results = log.samples[:1], "cancelled", None
    write_eval_log(log, header.location)


def _once_each(log_dir) -> None:
    table = results_table(log_dir, on_skip=lambda _message: None)
    assert sorted(table["item_id"]) == [f"q{i:03d}" for i in range(N_ITEMS)], table["item_id"]
    assert table["run_id"].nunique() == 1


def test_a_resumed_shard_asks_only_its_own_missing_samples(tmp_path):
    mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    outcome = run_sharded([str(tmp_path / "items.jsonl")], ["clinbench/chance"], log_dir,
                          workers=2)  # fmt: skip
    assert outcome.finished
    headers = sorted(_logs(log_dir), key=lambda h: h.eval.metadata[SHARD]["number"])
    assert [h.eval.config.sample_id for h in headers] == [None, None]  # no filter for Inspect
    assert [h.eval.dataset.sample_ids for h in headers] == [["q000", "q002", "q004"],
                                                            ["q001", "q003", "q005"]]  # fmt: skip
    _once_each(log_dir)
    _cut_short(headers[1])
    resumed = resume(log_dir, on_skip=lambda _message: None)
    assert resumed.finished and len(resumed.logs) == 1
    (log,) = resumed.logs
    # the resumed eval is the second shard's three samples, not the whole bank
    assert log.eval.dataset.sample_ids == ["q001", "q003", "q005"]
    assert log.eval.metadata[SHARD] == headers[1].eval.metadata[SHARD]
    assert eval_identity(log) == eval_identity(headers[1]) != eval_identity(headers[0])
    _once_each(log_dir)


@pytest.fixture
def old_shard_logs(tmp_path, monkeypatch):
    """A `--workers 2` run's log folder as written before shards were dealt by the task:
    each worker's eval selects its samples with Inspect's sample_id (the way a task that
    cannot be built from a shard is still run)."""
    mcq_bank(tmp_path / "items.jsonl", N_ITEMS)
    log_dir = tmp_path / "logs"
    with monkeypatch.context() as patched:
        patched.setattr(Shard, "of", lambda self, samples: list(samples))  # never dealt
        outcome = run_sharded([str(tmp_path / "items.jsonl")], ["clinbench/chance"], log_dir,
                              workers=2)  # fmt: skip
    assert outcome.finished
    headers = sorted(_logs(log_dir), key=lambda h: str(h.location))
    selected = [sorted(h.eval.config.sample_id) for h in headers]
    assert selected == [["q000", "q002", "q004"], ["q001", "q003", "q005"]]
    assert all(SHARD not in h.eval.metadata and h.eval.metadata[SHARDED_RUN] for h in headers)
    return log_dir, headers


def test_old_shard_logs_export_and_resume_as_one_run(old_shard_logs):
    log_dir, headers = old_shard_logs
    _once_each(log_dir)
    _cut_short(headers[0])
    resumed = resume(log_dir, on_skip=lambda _message: None)
    assert resumed.finished and len(resumed.logs) == 1
    assert sorted(resumed.logs[0].eval.dataset.sample_ids) == ["q000", "q002", "q004"]
    _once_each(log_dir)


def test_the_new_code_continues_an_old_sharded_run_as_the_same_run(old_shard_logs, tmp_path):
    log_dir, headers = old_shard_logs
    (run,) = {h.eval.metadata[SHARDED_RUN] for h in headers}
    _cut_short(headers[1])
    outcome = run_sharded([str(tmp_path / "items.jsonl")], ["clinbench/chance"], log_dir,
                          workers=2)  # fmt: skip
    assert outcome.finished
    # the new shard log and the old one of the same shard are one eval: the newer counts
    new = [h for h in _logs(log_dir) if SHARD in h.eval.metadata]
    assert new and all(h.eval.metadata[SHARDED_RUN] == run for h in new)
    old_identities = {eval_identity(h) for h in headers}
    assert {eval_identity(h) for h in new} <= old_identities
    _once_each(log_dir)
