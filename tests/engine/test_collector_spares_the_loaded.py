"""A run leaves what it loaded before its evals out of the collector's walks, then restores it.

Every full collection during a run (Inspect's, and release_freed_memory's before the table)
walked everything the process had loaded; the run now freezes that heap while the evals run
and the table is built, and unfreezes it at the end (unless someone froze it before: a
forked worker's heap is its parent's to unfreeze).
"""

from __future__ import annotations

import gc

import pytest

import clinbench.runner as runner
from clinbench.runner import CallLimits, collector_spares_the_loaded, run_benchmark


@pytest.fixture(autouse=True)
def _heap_as_a_new_process_has_it():
    """Start from no frozen heap, as a new `clinbench run` process does: an in-process CLI
    test earlier in this worker leaves the heap frozen (clinbench.cli.main freezes it at exit,
    so the interpreter's last collection skips it)."""
    gc.unfreeze()
    yield


def _seen_frozen(monkeypatch) -> list[int]:
    """Record the freeze count when the evals start and when the table is built."""
    seen: list[int] = []
    run_eval, release = runner.run_eval, runner.release_freed_memory

    def recording_run_eval(*args, **kwargs):
        seen.append(gc.get_freeze_count())
        return run_eval(*args, **kwargs)

    def recording_release():
        seen.append(gc.get_freeze_count())
        release()

    monkeypatch.setattr(runner, "run_eval", recording_run_eval)
    monkeypatch.setattr(runner, "release_freed_memory", recording_release)
    return seen


def test_a_run_freezes_the_loaded_heap_while_it_runs_and_unfreezes_after(
    tmp_path, sample_items_path, monkeypatch
):
    assert gc.get_freeze_count() == 0
    seen = _seen_frozen(monkeypatch)
    outcome = run_benchmark(
        [str(sample_items_path)], ["clinbench/chance"], tmp_path, CallLimits(), limit=4
    )
    assert outcome.finished and len(outcome.results) == 4
    assert len(seen) == 3  # the evals, and the two releases around the table
    assert all(count > 0 for count in seen)
    assert gc.get_freeze_count() == 0  # the process collects as before


def test_a_heap_frozen_before_is_left_to_whoever_froze_it():
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with collector_spares_the_loaded():
            assert gc.get_freeze_count() >= before
        assert gc.get_freeze_count() >= before  # a forked worker's parent unfreezes
    finally:
        gc.unfreeze()


def test_garbage_made_during_the_run_is_still_collected():
    class Node:
        pass

    with collector_spares_the_loaded():
        made = Node()
        made.me = made  # a cycle: only the collector frees it
        del made
        found = gc.collect()  # what the run made is walked, and its cycles freed
    assert found > 0
    assert gc.get_freeze_count() == 0
