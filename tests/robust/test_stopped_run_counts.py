"""What a stopped run says it finished counts against the samples the run asked for: with
--limit N on a suite task that is N (times the epochs), not the size of the suite's dataset
(a Ctrl-C'd `clinbench run audiology_objective --limit 40` said "9 of 42 samples finished")."""

from __future__ import annotations

from clinbench.runner import run_benchmark


def test_finished_samples_count_against_the_limit_times_the_epochs(tmp_path):
    outcome = run_benchmark(["audiology_objective"], log_dir=tmp_path / "logs", limit=2, epochs=2)
    assert outcome.finished
    dataset_size = outcome.logs[0].eval.dataset.samples
    assert dataset_size > 2  # the suite holds more items than the run asked for
    [(model, done, total)] = outcome.finished_samples()
    assert (done, total) == (4, 4), (model, done, total, dataset_size)
