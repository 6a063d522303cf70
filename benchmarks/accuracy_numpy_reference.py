"""The numbers of `clinbench stats accuracy --by model --format csv`, numpy only (a yardstick).

The floor that ``benchmarks/stats_accuracy_scale.py`` compares the command with: a fresh
process that imports numpy, pyarrow (to read the Parquet columns) and ``scipy.special``
(the normal quantile) and nothing of clinbench, pandas or statsmodels, and computes per
model the same counts, both accuracies, the cluster-robust SEs and effective n, Wilson's
interval at that n (its closed form) and the cluster bootstrap intervals from the same
seeded draws (a multinomial over kinds of item when there are few kinds). It prints the
same CSV columns. It is written for the benchmark's tables (one task, one condition, every
outcome of ``scoring/outcomes.py`` spelled out below), not as a second implementation to
use: clinbench's numbers come from ``clinbench.stats.repeated_epochs``.

    python benchmarks/accuracy_numpy_reference.py TABLE.parquet [--n-boot 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq
from scipy.special import ndtri

ANSWERED = ("correct", "incorrect", "declined", "refused")
EXCLUDED = ("parse_failed", "contradictory", "error", "unscored")
COUNTED = ("declined", "refused", "parse_failed", "contradictory", "error", "unscored")
CHUNK = 2_000_000


def codes(column) -> tuple[np.ndarray, np.ndarray]:
    """Return (codes in sorted order of the values, the sorted values) of a text column."""
    encoded = pc.dictionary_encode(column).combine_chunks()
    values = np.asarray(encoded.dictionary.to_pylist(), dtype=object)
    order = np.argsort(values.astype(str), kind="stable")
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[np.asarray(encoded.indices)], values[order]


def seed_of(seed: int, model: str) -> int:
    """clinbench.stats._common.group_seed for the key {'model': model}."""
    text = repr((int(seed), (("model", str(model)),)))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "little")


def wilson(p, n, z):
    """Wilson's interval (closed form) of a proportion p over n."""
    with np.errstate(invalid="ignore", divide="ignore"):
        denom = 1 + z**2 / n
        centre = (p + z**2 / (2 * n)) / denom
        half = z / denom * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


def side(k_c, n_c, z):
    """Return p, n, k, G, se, n_eff, low, high of one group from its cluster totals."""
    n, k, g = n_c.sum(), k_c.sum(), float((n_c > 0).sum())
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        se = np.sqrt(((k_c - p * n_c) ** 2).sum()) / n if g > 1 else np.nan
        if g == n:
            n_eff, se = n, np.sqrt(p * (1 - p) / n) if n > 0 else se
        elif p in (0, 1) or not se > 0:
            n_eff = g
        else:
            n_eff = min(n, p * (1 - p) / se**2)
    low, high = wilson(p, n_eff, z) if n_eff > 0 else (np.nan, np.nan)
    return p, n, k, g, se, n_eff, low, high


def boot(sums, n_boot, seed, confidence):
    """Return percentile intervals of the ratio means, whole items resampled (as clinbench)."""
    g = sums[0].size
    rng = np.random.default_rng(seed)
    stacked = np.column_stack(sums)
    kinds, counts = np.unique(stacked, axis=0, return_counts=True)
    out = np.empty((n_boot, stacked.shape[1]))
    if len(kinds) * 4 < g:
        step = max(1, CHUNK // len(kinds))
        for a in range(0, n_boot, step):
            b = min(n_boot, a + step)
            out[a:b] = rng.multinomial(g, counts / g, size=b - a).astype(float) @ kinds
    else:
        step = max(1, CHUNK // g)
        for a in range(0, n_boot, step):
            b = min(n_boot, a + step)
            idx = rng.integers(0, g, size=(b - a, g))
            flat = (idx + (np.arange(b - a, dtype=np.int64) * g)[:, None]).ravel()
            weights = np.bincount(flat, minlength=(b - a) * g).reshape(b - a, g).astype(float)
            out[a:b] = weights @ stacked
    alpha = (1 - confidence) / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        return [np.nanquantile(out[:, i] / out[:, i + 1], [alpha, 1 - alpha]) for i in (0, 2)]


def main() -> None:
    """Print the per-model accuracy table as CSV."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table")
    parser.add_argument("--n-boot", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--confidence", type=float, default=0.95)
    args = parser.parse_args()
    started = time.perf_counter()
    z = float(ndtri(1 - (1 - args.confidence) / 2))
    table = pq.read_table(args.table, columns=["model", "item_id", "epoch", "outcome"])
    outcome, outcome_names = codes(table["outcome"])
    keep = np.isin(outcome_names, ANSWERED + EXCLUDED)[outcome]
    if not keep.all():
        table = table.filter(keep)
        outcome = outcome[keep]
    model, model_names = codes(table["model"])
    item, _ = codes(table["item_id"])
    epoch = np.asarray(table["epoch"].to_numpy(zero_copy_only=False))
    width = int(item.max()) + 1
    cluster_key = model * width + item
    present = np.bincount(cluster_key, minlength=len(model_names) * width) > 0
    clusters = np.flatnonzero(present)
    cluster = (np.cumsum(present) - 1)[cluster_key]
    cluster_model = clusters // width
    g_all = len(clusters)
    correct = (outcome_names == "correct")[outcome]
    answered = np.isin(outcome_names, ANSWERED)[outcome]
    n_c = np.bincount(cluster, minlength=g_all).astype(float)
    k_c = np.bincount(cluster, weights=correct, minlength=g_all)
    na_c = np.bincount(cluster, weights=answered, minlength=g_all)
    ka_c = np.bincount(cluster, weights=correct & answered, minlength=g_all)
    seen = np.zeros(g_all * (int(epoch.max()) + 1), dtype=bool)
    seen[cluster.astype(np.int64) * (int(epoch.max()) + 1) + epoch] = True
    epochs_c = seen.reshape(g_all, -1).sum(axis=1)
    per_outcome = np.bincount(
        model * len(outcome_names) + outcome, minlength=len(model_names) * len(outcome_names)
    )
    per_outcome = per_outcome.reshape(len(model_names), len(outcome_names))
    starts = np.searchsorted(cluster_model, np.arange(len(model_names) + 1))
    columns = ["model", "n_items", "n_epochs", "n_rows", "answered", "correct", *COUNTED,
               "accuracy_answered", "ci_answered_low", "ci_answered_high", "accuracy_all",
               "ci_all_low", "ci_all_high", "method", "n_clusters", "n_eff_answered",
               "n_eff_all", "se_cluster_answered", "se_cluster_all", "small_sample_factor",
               "boot_answered_low", "boot_answered_high", "boot_all_low",
               "boot_all_high"]  # fmt: skip
    out = [",".join(columns)]
    for m, name in enumerate(model_names):
        sl = slice(starts[m], starts[m + 1])
        e = side(k_c[sl], n_c[sl], z)
        a = side(ka_c[sl], na_c[sl], z)
        one_each = e[3] == e[1]
        b_a = b_e = [np.nan, np.nan]
        if not one_each and args.n_boot > 0:
            b_a, b_e = boot([ka_c[sl], na_c[sl], k_c[sl], n_c[sl]], args.n_boot,
                            seed_of(args.seed, name), args.confidence)  # fmt: skip
        counts = [int(per_outcome[m, list(outcome_names).index(o)]) if o in outcome_names
                  else 0 for o in COUNTED]  # fmt: skip
        no_answer = a[1] == 0
        row = [name, int(e[3]), int(epochs_c[sl].max()), int(e[1]), int(a[1]), int(e[2]),
               *counts, a[0], np.nan if no_answer else a[6], np.nan if no_answer else a[7],
               e[0], e[6], e[7], "wilson" if one_each else "wilson-clustered", int(e[3]),
               a[5], e[5], a[4], e[4], 1.0, *b_a, *b_e]  # fmt: skip
        out.append(",".join(f"{v:.10g}" if isinstance(v, float) else str(v) for v in row))
    sys.stdout.write("\n".join(out) + "\n")
    print(f"compute seconds: {time.perf_counter() - started:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
