"""Bootstrap means drawn ahead in a helper process are the ones drawn in process."""

import stat
from pathlib import Path

import numpy as np
import pytest

from clinbench.stats import resample
from clinbench.stats.resample import bootstrap_means, index_draws, prefetched


def _requests():
    rng = np.random.default_rng(5)
    a = np.round(rng.normal(70, 12, 3001), 2)  # many levels: index draws
    b = np.round(rng.normal(55, 9, 1999), 2)
    return [(a, 700, 11), (b, 900, 2**63 + 5), (a, 700, 12), (a, 700, 11)]  # last: a repeat


def test_the_helper_draws_the_means_drawn_in_process():
    requests = _requests()
    inline = [bootstrap_means(v, n, s) for v, n, s in requests]
    with prefetched(requests, min_draws=0) as ahead:
        assert ahead is not None and len(ahead.keys) == 3  # the repeat is drawn once
        drawn = [ahead.take(v, n, s) for v, n, s in requests]
        taken = [bootstrap_means(v, n, s) for v, n, s in requests]
        assert ahead.problem is None
        assert ahead._proc.returncode == 0  # the helper ran and finished
        folder = Path(ahead._folder.name)
    for one, two, three in zip(inline, drawn, taken, strict=True):
        np.testing.assert_array_equal(one, two)
        np.testing.assert_array_equal(one, three)
    assert not folder.exists()  # its files are removed with the block


def test_means_not_asked_for_are_drawn_in_process():
    (a, n, s), *_ = _requests()
    before = bootstrap_means(a, n, s + 1)
    with prefetched([(a, n, s)], min_draws=0) as ahead:
        assert ahead.take(a, n, s + 1) is None
        np.testing.assert_array_equal(bootstrap_means(a, n, s + 1), before)


def test_few_levels_and_small_jobs_start_no_helper():
    grades = np.repeat([0.0, 50.0, 100.0], 400)  # three levels: multinomial draws, cheap
    assert index_draws(grades, 1000) == 0
    with prefetched([(grades, 1000, 1)], min_draws=0) as ahead:
        assert ahead is None
    small = np.random.default_rng(1).normal(size=500)
    assert index_draws(small, 1000) == 500_000
    before = bootstrap_means(small, 1000, 1)
    with prefetched([(small, 1000, 1)]) as ahead:  # far below the default minimum
        assert ahead is None
        np.testing.assert_array_equal(bootstrap_means(small, 1000, 1), before)


def _script(folder: Path, body: str) -> str:
    path = folder / "fake-python"
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.parametrize(
    "body, problem",
    [
        ("echo 'it broke' >&2; exit 3", "exited 3: it broke"),
        ("exit 0", "wrote no readable means"),
        ("sleep 30", "ran past 1 s"),
    ],
)
def test_a_failing_helper_leaves_the_means_to_this_process(
    monkeypatch, tmp_path, caplog, body, problem
):
    requests = _requests()
    inline = [bootstrap_means(v, n, s) for v, n, s in requests]
    monkeypatch.setattr(resample.sys, "executable", _script(tmp_path, body))
    monkeypatch.setattr(resample, "_HELPER_MIN_SECONDS", 1.0)
    with prefetched(requests, min_draws=0) as ahead:
        taken = [bootstrap_means(v, n, s) for v, n, s in requests]
        assert problem in ahead.problem
    said = [r.getMessage() for r in caplog.records if r.name == "clinbench.stats.resample"]
    assert len(said) == 1 and problem in said[0]  # said once, not once per bootstrap
    for one, two in zip(inline, taken, strict=True):
        np.testing.assert_array_equal(one, two)


def test_a_helper_that_cannot_start_is_said(monkeypatch, tmp_path):
    (a, n, s), *_ = _requests()
    before = bootstrap_means(a, n, s)
    monkeypatch.setattr(resample.sys, "executable", str(tmp_path / "no-such-python"))
    with prefetched([(a, n, s)], min_draws=0) as ahead:
        assert ahead.take(a, n, s) is None
        np.testing.assert_array_equal(bootstrap_means(a, n, s), before)
        assert "could not start" in ahead.problem


def test_an_error_inside_the_block_stops_the_helper():
    requests = _requests()
    with pytest.raises(RuntimeError), prefetched(requests, min_draws=0) as ahead:
        proc, folder = ahead._proc, Path(ahead._folder.name)
        raise RuntimeError("the analysis failed")
    assert proc.poll() is not None  # not left running
    assert not folder.exists()
    assert resample._PREFETCHES == []


def test_one_thread_draws_what_two_draw():
    x = np.round(np.random.default_rng(8).normal(60, 10, 5000), 3)
    np.testing.assert_array_equal(
        bootstrap_means(x, 300, 4, threads=1), bootstrap_means(x, 300, 4, threads=2)
    )


def test_the_helper_finds_clinbench_without_the_callers_path(monkeypatch):
    # an interpreter that found clinbench through a path added at run time, not PYTHONPATH
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir("/")
    requests = _requests()[:1]
    with prefetched(requests, min_draws=0) as ahead:
        assert ahead.take(*requests[0]) is not None, ahead.problem


def test_callers_on_two_threads_both_get_the_helpers_means():
    from concurrent.futures import ThreadPoolExecutor

    requests = _requests()[:2]
    inline = [bootstrap_means(v, n, s) for v, n, s in requests]
    with prefetched(requests, min_draws=0) as ahead, ThreadPoolExecutor(2) as pool:
        got = list(pool.map(lambda r: ahead.take(*r), requests))
    for one, two in zip(inline, got, strict=True):
        assert two is not None
        np.testing.assert_array_equal(one, two)
