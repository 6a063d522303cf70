"""The process's item table holds an item while a task of it lives, and no longer."""

from __future__ import annotations

import gc

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.solver import Generate, TaskState, solver

from clinbench.item_tasks import item_sample, items_task
from clinbench.items import sample as sample_module
from clinbench.items.loader import load_items
from clinbench.items.sample import ITEM_KEY, from_metadata, log_item_table
from clinbench.results.export import results_from_logs
from clinbench.solvers.answer import answer_item

RUNS, N = 3, 12


def _items(sample_items_path, run: int):
    """The sample items under ids of their own for one run (so each run has new keys)."""
    items = []
    for item in load_items(sample_items_path)[:N]:
        clone = item.model_copy(update={"id": f"{item.id}-run{run}"})
        clone._source_file = item._source_file
        items.append(clone)
    return items


@solver
def collect_garbage() -> object:
    """Return a solver that runs a full garbage collection before the sample is answered."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        gc.collect()
        return state

    return solve


def _run(items, tmp_path, gc_in_run: bool = False):
    solver = [collect_garbage(), answer_item()] if gc_in_run else None
    task = items_task(items, samples=[item_sample(i) for i in items], solver=solver)
    (log,) = inspect_eval(task, model="clinbench/chance", log_dir=str(tmp_path), display="none")
    assert log.status == "success" and all(not s.error for s in log.samples)
    return log


def test_the_item_table_does_not_grow_over_repeated_runs(sample_items_path, tmp_path):
    gc.collect()
    before = len(sample_module._ITEMS)
    sizes, during = [], []
    for run in range(RUNS):
        items = _items(sample_items_path, run)
        task = items_task(items, samples=[item_sample(i) for i in items])
        during.append(len(sample_module._ITEMS) - before)  # the task's items are held
        (log,) = inspect_eval(task, model="clinbench/chance", log_dir=str(tmp_path / str(run)),
                              display="none")  # fmt: skip
        assert log.status == "success"
        assert all(s.scores["item_scorer"].metadata["outcome"] for s in log.samples)
        del task, log
        gc.collect()
        sizes.append(len(sample_module._ITEMS) - before)
    assert during == [len(items)] * RUNS
    assert sizes == [0] * RUNS  # released when the task is gone, run after run


def test_scorers_get_every_item_even_when_memory_is_collected_mid_run(sample_items_path, tmp_path):
    items = _items(sample_items_path, 0)
    plain = results_from_logs([_run(items, tmp_path / "a")])
    collected = results_from_logs([_run(items, tmp_path / "b", gc_in_run=True)])
    assert plain["outcome"].notna().all() and len(plain) == len(items)
    columns = ["item_id", "outcome", "score", "extracted_answer", "tags", "format", "domain"]
    assert plain[columns].equals(collected[columns])


def test_a_logged_sample_gives_its_item_from_its_bank_file_once_its_task_is_gone(
    sample_items_path, tmp_path
):
    # the log keeps the item's row fields and its key; the item is read from its file (tidy8).
    # Ids of this test's own, so that no sample another test on this worker still holds
    # keeps the same items' entries alive (CI, main d4b88fd: the key was held elsewhere)
    import json

    bank = tmp_path / "own_items.jsonl"
    with open(sample_items_path, encoding="utf-8") as source:
        rows = [json.loads(line) for line, _ in zip(source, range(N), strict=False)]
    assert all("images" not in row and "audio" not in row for row in rows)  # no media to move
    bank.write_text("".join(json.dumps({**r, "id": r["id"] + "-gone"}) + "\n" for r in rows))
    items = load_items(bank)
    log = _run(items, tmp_path)
    gc.collect()
    sample = log.samples[0]
    assert sample.metadata[ITEM_KEY] not in sample_module._ITEMS
    with pytest.raises(ValueError, match="live tasks"):
        from_metadata(sample.metadata)
    item = from_metadata(sample.metadata, log_item_table(log.eval.metadata))
    asked = next(i for i in items if i.id == sample.id)
    assert item.model_dump() == asked.model_dump()
    assert item._source_file == asked._source_file.resolve()  # media resolve as in the file
