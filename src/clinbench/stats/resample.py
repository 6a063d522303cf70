"""Bootstrap means of one sample, drawn in chunks of bounded memory, in threads or ahead.

This module imports numpy only, so that the helper process ``prefetched`` starts is ready
in a fraction of a second. ``bootstrap_means`` is the one place a percentile bootstrap of a
mean draws its resamples (``describe.describe_scores``, ``compare.paired_bootstrap``).

Why a helper process: at 100,000 results rows an analysis draws about 2 x 10^9 resampled
indices for its score intervals. numpy releases the GIL while it draws, but each chunk
needs the GIL for a few microseconds between its draws, and the rest of an analysis is
Python (pandas grouping, statsmodels' per-case loops) that holds it for milliseconds at a
time; drawn in threads beside that work, the chunks wait on the GIL and the two slow each
other down. In a second process the draws run on the other core while this process goes
on; the means are the same arrays either way (``tests/stats/test_resample.py``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

# Memory bound for one block of multinomial bootstrap draws: ~16 MB.
_BLOCK_CELLS = 2_000_000
# Drawn indices per chunk of index-bootstrap resamples (int64: 2 MB, and 2 MB of gathered
# values): chunks that stay in the CPU's cache run ~20 % faster than 16 MB ones (measured
# at 33,000 values with benchmarks/stats_case_tier.py's describe family).
_CHUNK_CELLS = 2**18
# Fewer index draws than this (about a second of drawing) are not worth a helper process:
# starting it and passing the values costs ~0.2 s (benchmarks/analyze_scale.py).
_HELPER_MIN_DRAWS = 400_000_000
# The helper is given at least this long, and ten times longer than this 2-core machine
# takes (~5 x 10^8 draws a second), before it is stopped and the means drawn here.
_HELPER_MIN_SECONDS = 120.0


def bootstrap_chunks(n: int, n_boot: int) -> list[tuple[int, int]]:
    """Return the (start, stop) resample ranges that ``bootstrap_means`` draws one by one.

    Each chunk holds about ``_CHUNK_CELLS`` drawn indices (n per resample), so its memory is
    bounded; the chunking depends on n and n_boot only.
    """
    block = max(1, _CHUNK_CELLS // max(1, n))
    return [(start, min(n_boot, start + block)) for start in range(0, n_boot, block)]


def bootstrap_threads() -> int:
    """Return how many threads draw bootstrap chunks: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _levels(values: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Return (levels, counts) when a multinomial draw over the levels is the cheaper way."""
    levels, counts = np.unique(values, return_counts=True)
    # a multinomial draw costs about as much per level as ~20 index draws (measured with
    # benchmarks/stats_case_tier.py), so it pays only for few levels
    return (levels, counts) if levels.size * 20 <= values.size else None


def index_draws(values: np.ndarray, n_boot: int) -> int:
    """Return how many indices ``bootstrap_means`` draws for `values` (0: multinomial draws)."""
    values = np.asarray(values, dtype=float)
    if values.size == 0 or n_boot <= 0 or _levels(values) is not None:
        return 0
    return int(values.size) * int(n_boot)


def bootstrap_means(
    values: np.ndarray, n_boot: int = 10_000, seed: int = 0, threads: int | None = None
) -> np.ndarray:
    """Return `n_boot` bootstrap means of `values`, vectorised over resamples.

    Hand-written (not scipy.stats.bootstrap) so that every clinbench bootstrap -- plain,
    paired and case-level -- draws its resamples from numpy's ``default_rng`` as index
    matrices made in chunks of bounded memory. Here each chunk of resamples
    (``bootstrap_chunks``) has its own random stream, child i of
    ``numpy.random.SeedSequence(seed).spawn(chunks)``, so that the chunks can be drawn in
    `threads` parallel threads (numpy releases the GIL for the draws, the gathers and the
    sums; default ``bootstrap_threads()``). The means depend on the values, `n_boot` and
    `seed` only, never on the thread count, on which thread ran which chunk, or on whether
    a helper process drew them ahead (``prefetched``). When the values take few distinct
    levels (at most n / 20, e.g. 0/1 outcomes or letter-grade scores), a resample's mean
    depends only on how often each level is drawn, which is one multinomial draw over the
    levels' shares, from ``default_rng(seed)``: the same bootstrap distribution at
    O(levels) instead of O(n) per resample.
    """
    values = np.ascontiguousarray(values, dtype=float)
    n = values.size
    if n == 0 or n_boot <= 0:
        return np.full(max(n_boot, 0), np.nan)
    if _PREFETCHES:
        drawn = _PREFETCHES[-1].take(values, n_boot, seed)
        if drawn is not None:
            return drawn
    out = np.empty(n_boot)
    few = _levels(values)
    if few is not None:
        levels, counts = few
        rng = np.random.default_rng(seed)
        block = max(1, _BLOCK_CELLS // levels.size)
        shares = counts / n
        for start in range(0, n_boot, block):
            stop = min(n_boot, start + block)
            out[start:stop] = rng.multinomial(n, shares, size=stop - start) @ levels / n
        return out
    chunks = bootstrap_chunks(n, n_boot)
    streams = np.random.SeedSequence(seed).spawn(len(chunks))

    def draw(i: int) -> None:
        start, stop = chunks[i]
        idx = np.random.default_rng(streams[i]).integers(0, n, size=(stop - start, n))
        out[start:stop] = values[idx].mean(axis=1)

    # even one thread draws off the main thread: there, glibc gives each chunk's memory back
    # to the system and faults it in again, and the same draws take ~2.2x as long (measured
    # with 25,000 values; its other threads' arenas keep the memory)
    workers = max(1, min(len(chunks), threads or bootstrap_threads()))
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(draw, range(len(chunks))))  # list(): re-raises a chunk's error
    return out


def _key(values: np.ndarray, n_boot: int, seed: int) -> tuple:
    digest = hashlib.blake2b(values.tobytes(), digest_size=16).hexdigest()
    return (int(n_boot), int(seed), values.size, digest)


class Prefetch:
    """Bootstrap means being drawn by a helper process; ``bootstrap_means`` takes them.

    `problem` says why the helper gave nothing (it could not start, failed or ran past its
    time); ``bootstrap_means`` then draws the same means itself.
    """

    def __init__(self, requests: Sequence[tuple[np.ndarray, int, int]], threads: int | None):
        self.keys: list[tuple] = []
        self.problem: str | None = None
        self._drawn: dict[tuple, np.ndarray] | None = None
        self._lock = threading.Lock()  # one caller waits for the helper; others then read
        self._proc: subprocess.Popen | None = None
        self._stderr = None
        self._folder = tempfile.TemporaryDirectory(prefix="clinbench-bootstrap-")
        folder = Path(self._folder.name)
        arrays: dict[str, np.ndarray] = {}
        n_boots, seeds = [], []
        for values, n_boot, seed in requests:
            values = np.ascontiguousarray(values, dtype=float)
            key = _key(values, n_boot, seed)
            if key in self.keys:
                continue
            arrays[f"values{len(self.keys)}"] = values
            self.keys.append(key)
            n_boots.append(int(n_boot))
            seeds.append(int(seed))
        np.savez(folder / "in.npz", n_boot=np.array(n_boots, dtype=np.int64),
                 seed=np.array(seeds, dtype=np.uint64), **arrays)  # fmt: skip
        draws = sum(k[0] * k[2] for k in self.keys)
        self._timeout = max(_HELPER_MIN_SECONDS, draws / 5e7)
        package = str(Path(__file__).resolve().parents[2])
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (package, os.environ.get("PYTHONPATH", "")) if p)}  # fmt: skip
        command = [sys.executable, "-m", "clinbench.stats.resample", str(folder / "in.npz"),
                   str(folder / "out.npz"), str(threads or bootstrap_threads())]  # fmt: skip
        try:
            self._stderr = (folder / "stderr.txt").open("wb")
            self._proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=self._stderr, env=env,
            )  # fmt: skip
        except OSError as exc:
            self.problem = f"the bootstrap helper process could not start: {exc}"
            self._drawn = {}
            log.warning("%s; drawing the bootstraps in this process", self.problem)

    def take(self, values: np.ndarray, n_boot: int, seed: int) -> np.ndarray | None:
        """Return the helper's means for these arguments, or None (not asked for, or failed)."""
        key = _key(values, n_boot, seed)
        if key not in self.keys:
            return None
        return self._results().get(key)

    def _results(self) -> dict[tuple, np.ndarray]:
        with self._lock:
            if self._drawn is None:
                self._drawn = self._collect()
                if self.problem:  # the same means are drawn here instead, only slower
                    log.warning("%s; drawing the bootstraps in this process", self.problem)
            return self._drawn

    def _collect(self) -> dict[tuple, np.ndarray]:
        drawn: dict[tuple, np.ndarray] = {}
        folder = Path(self._folder.name)
        try:
            code = self._proc.wait(timeout=self._timeout)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
            self.problem = f"the bootstrap helper process ran past {self._timeout:.0f} s"
            return drawn
        if code != 0:
            message = (folder / "stderr.txt").read_text(errors="replace").strip()
            self.problem = f"the bootstrap helper process exited {code}: {message[-500:]}"
            return drawn
        try:
            with np.load(folder / "out.npz", allow_pickle=False) as given:
                drawn = {key: given[f"means{i}"] for i, key in enumerate(self.keys)}
        except (OSError, ValueError, KeyError) as exc:
            self.problem = f"the bootstrap helper process wrote no readable means: {exc}"
        return drawn

    def close(self) -> None:
        """Stop the helper if it still runs and remove its files."""
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait()
        if self._stderr is not None:
            self._stderr.close()
        self._folder.cleanup()


_PREFETCHES: list[Prefetch] = []


@contextmanager
def prefetched(
    requests: Sequence[tuple[np.ndarray, int, int]],
    threads: int | None = None,
    min_draws: int | None = None,
) -> Iterator[Prefetch | None]:
    """Draw these ``bootstrap_means(values, n_boot, seed)`` ahead in a helper process.

    Inside the block, a ``bootstrap_means`` call with the same values, `n_boot` and `seed`
    returns the helper's means (waiting for them if need be); the numbers are the ones it
    would draw itself. Requests whose means come from multinomial draws (few levels) are
    left to the caller, being cheap; when the index draws left number fewer than
    `min_draws` (default ``_HELPER_MIN_DRAWS``) no helper is started and the block yields
    None. If the helper cannot start, fails or runs past its time, ``bootstrap_means``
    draws the means itself and the Prefetch's `problem` says why.
    """
    draws = [index_draws(v, b) for v, b, _ in requests]  # each request's levels counted once
    heavy = [request for request, d in zip(requests, draws, strict=True) if d > 0]
    total = sum(draws)
    if not heavy or total < (_HELPER_MIN_DRAWS if min_draws is None else min_draws):
        yield None
        return
    prefetch = Prefetch(heavy, threads)
    _PREFETCHES.append(prefetch)
    try:
        yield prefetch
    finally:
        _PREFETCHES.remove(prefetch)
        prefetch.close()


def _helper(arguments: list[str]) -> None:
    """Draw the means of a ``Prefetch`` input file into its output file (the helper's work)."""
    source, target, threads = arguments
    with np.load(source, allow_pickle=False) as given:
        n_boots, seeds = given["n_boot"], given["seed"]
        means = {
            f"means{i}": bootstrap_means(
                given[f"values{i}"], int(n_boots[i]), int(seeds[i]), threads=int(threads)
            )  # fmt: skip
            for i in range(len(n_boots))
        }
    partial = Path(target).with_suffix(".partial.npz")
    np.savez(partial, **means)
    os.replace(partial, target)  # the parent reads a whole file or none


if __name__ == "__main__":
    try:
        _helper(sys.argv[1:])
    except Exception as exc:  # reported to the parent, which then draws the means itself
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}), file=sys.stderr)
        sys.exit(1)
