"""Time the full case-tier analysis on a synthetic 804-row table, vectorised vs looped.

804 evaluations = 4 models x 3 question types x 67 cases, as in AudiologyBench. The full
analysis is: mean/SD/t-interval and 10,000-resample percentile bootstrap by question type and
by model; Kruskal-Wallis (question, model); pairwise Mann-Whitney (both factors); simple
effects; ICC(1,1); the mixed model; case-level bootstrap (10,000) by question and by model;
leave-one-case-out; all-models-fail co-occurrence.

The "loop" variant runs the same analysis but computes the bootstraps one resample at a time
in a Python loop, from the same random draws; the script checks that both give the same
intervals. Run: python benchmarks/stats_case_tier.py [--n-boot 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
import warnings

import numpy as np

from clinbench.stats import clustering, compare, describe
from clinbench.stats.synthetic import synthetic_case_results

warnings.filterwarnings("ignore")


def loop_bootstrap_means(values: np.ndarray, n_boot: int, seed: int) -> np.ndarray:
    """Per-resample loop with the same draws as describe.bootstrap_means (one block)."""
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, values.size, size=(n_boot, values.size))
    return np.array([values[idx[b]].mean() for b in range(n_boot)])


def loop_case_bootstrap(df, by: str, n_boot: int, seed: int) -> list[list[float]]:
    """Per-resample loop of the case-level bootstrap (same draws as clustering.case_bootstrap)."""
    cases = sorted(df["item_id"].unique())
    groups = sorted(df[by].unique())
    g_code = df[by].map({g: i for i, g in enumerate(groups)}).to_numpy()
    scores = df["score"].to_numpy(float)
    rows_of = {c: np.flatnonzero(df["item_id"].to_numpy() == c) for c in cases}
    per_case = [rows_of[c] for c in cases]
    rng = np.random.default_rng(seed)
    block = max(1, 4_000_000 // max(1, len(cases) * len(groups)))
    draws = []
    for start in range(0, n_boot, block):
        stop = min(n_boot, start + block)
        draws.append(rng.integers(0, len(cases), size=(stop - start, len(cases))))
    idx = np.concatenate(draws)
    boot = np.empty((n_boot, len(groups)))
    for b in range(n_boot):
        rows = np.concatenate([per_case[i] for i in idx[b]])
        sums = np.bincount(g_code[rows], weights=scores[rows], minlength=len(groups))
        counts = np.bincount(g_code[rows], minlength=len(groups))
        boot[b] = sums / counts
    return [list(np.quantile(boot[:, j], [0.025, 0.975])) for j in range(len(groups))]


def common_analysis(df) -> None:
    """The parts of the analysis that do not resample (identical in both variants)."""
    compare.kruskal(df, "score", "question")
    compare.kruskal(df, "score", "model")
    compare.pairwise_mwu(df, "score", "question")
    compare.pairwise_mwu(df, "score", "model")
    compare.simple_effects(df, "score", "model", "question")
    clustering.icc_oneway(df, "score", "item_id")
    clustering.mixed_model(df, "score", "question", "item_id")
    clustering.leave_one_case_out(df, "score", "item_id", "question")
    clustering.leave_one_case_out(df, "score", "item_id", "model")
    failed = df.assign(failed=df["grade"].isin(["D", "F"]))
    clustering.all_fail_cooccurrence(failed, "failed", "item_id", "model", "question")


def vectorised_bootstraps(df, n_boot: int, seed: int) -> dict:
    out = {}
    for by in ("question", "model"):
        out[f"describe/{by}"] = describe.describe_scores(df, "score", by, n_boot=n_boot, seed=seed)
        out[f"case/{by}"] = clustering.case_bootstrap(
            df, "score", "item_id", by, n_boot=n_boot, seed=seed
        )
    return out


def looped_bootstraps(df, n_boot: int, seed: int) -> dict:
    out = {}
    for by in ("question", "model"):
        cis = []
        for i, (_, sub) in enumerate(df.groupby(by, sort=True)):
            boot = loop_bootstrap_means(sub["score"].to_numpy(float), n_boot, seed + i)
            cis.append(list(np.quantile(boot, [0.025, 0.975])))
        out[f"describe/{by}"] = cis
        out[f"case/{by}"] = loop_case_bootstrap(df, by, n_boot, seed)
    return out


def best_of(fn, repeat: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-boot", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    df = synthetic_case_results(n_models=4, n_cases=67, seed=args.seed)
    assert len(df) == 804
    common_analysis(df)  # warm-up: imports, caches

    t_common, _ = best_of(lambda: common_analysis(df), args.repeat)
    t_vec, vec = best_of(lambda: vectorised_bootstraps(df, args.n_boot, args.seed), args.repeat)
    t_loop, loop = best_of(lambda: looped_bootstraps(df, args.n_boot, args.seed), 1)

    for key, table in vec.items():
        col = "boot_CI95%" if key.startswith("describe") else "CI95%"
        np.testing.assert_allclose(np.array(table[col].tolist()), np.array(loop[key]), rtol=1e-9)

    print(f"case tier: {len(df)} evaluations (4 models x 3 questions x 67 cases), "
          f"{args.n_boot:,} resamples per bootstrap, 4 bootstrap families")  # fmt: skip
    print(f"non-resampling analysis (tests, ICC, mixed model, LOCO, co-occurrence): "
          f"{t_common:.2f} s")  # fmt: skip
    print(f"bootstraps, vectorised:          {t_vec:.3f} s")
    print(f"bootstraps, per-resample loop:   {t_loop:.3f} s")
    print(f"speed-up of the bootstraps:      {t_loop / t_vec:.1f}x")
    print(f"full analysis, vectorised:       {t_common + t_vec:.2f} s")
    print(f"full analysis, looped:           {t_common + t_loop:.2f} s")
    print(f"full-analysis ratio:             {(t_common + t_loop) / (t_common + t_vec):.1f}x")
    print("intervals identical in both variants: yes")


if __name__ == "__main__":
    main()
