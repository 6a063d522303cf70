"""Time the case-tier bootstraps at 804 / 10,000 / 100,000 rows, chunked numpy vs a loop.

The table is synthetic (``synthetic_case_results``): 4 models x 3 question types x N cases
(67 cases = 804 rows, as in AudiologyBench). Bootstrap families, each with ``--n-boot``
resamples: mean and percentile interval by question type and by model
(``describe.describe_scores``); case-level bootstrap by question type and by model
(``clustering.case_bootstrap``); quadratic-weighted Cohen's kappa between the letter grade
and a perturbed second grade (``agreement.cohen_kappa``); the speech metrics' bootstrap
SD (micro/macro F1 of a 5-class label, ``speech.classification_report``); and Fleiss' kappa
of three judges' grades (the letter grade and two perturbed ones) with a bootstrap over the
rated replies (``judge_agreement.fleiss_bootstrap``; statsmodels' ``fleiss_kappa`` per
resample in the loop). The ``all`` line sums the first four families (the families of the
earlier runs, so it compares with them); ``all+fleiss`` adds the Fleiss family.

The "loop" is the per-resample way: draw an index vector, gather, compute, once per
resample (the case bootstrap concatenates each drawn case's rows; kappa and F1 tally each
resample's confusion table). At 10,000 and 100,000 rows the loop runs ``--loop-boot``
resamples and its time is scaled to ``--n-boot`` (per-resample cost times resamples; the
script says so); intervals are checked to agree within Monte Carlo error. Peak memory of
the chunked bootstraps is measured with tracemalloc (numpy reports its buffers to it).

The case family takes both groupings from ``clustering.case_bootstraps`` (one set of
resampled cases serves both, as ``clinbench analyze`` does) where the checkout has it.

Run: python benchmarks/stats_case_tier.py [--n-boot 10000] [--loop-boot 300]
(with PYTHONPATH=OTHER_CHECKOUT/src for the figures of another checkout)
"""

from __future__ import annotations

import argparse
import os
import time
import tracemalloc
import warnings

import numpy as np

from clinbench.stats import agreement, describe
from clinbench.stats import case_clustering as clustering
from clinbench.stats._common import group_seed
from clinbench.stats.classification import classification_report
from clinbench.stats.synthetic import synthetic_case_results

warnings.filterwarnings("ignore")
GRADES = ["A", "B", "C", "D", "F"]


def make_table(rows: int, seed: int):
    n_cases = max(1, round(rows / 12))
    df = synthetic_case_results(n_models=4, n_cases=n_cases, seed=seed)
    rng = np.random.default_rng(seed + 1)
    shift = rng.choice([-1, 0, 0, 0, 1], size=len(df))
    codes = df["grade"].map({g: i for i, g in enumerate(GRADES)}).to_numpy()
    df["grade2"] = [GRADES[i] for i in np.clip(codes + shift, 0, 4)]
    shift = rng.choice([-1, 0, 0, 1], size=len(df))
    df["grade3"] = [GRADES[i] for i in np.clip(codes + shift, 0, 4)]
    return df


def _fleiss_counts(df) -> np.ndarray:
    from statsmodels.stats.inter_rater import aggregate_raters

    code = {g: i for i, g in enumerate(GRADES)}
    ratings = np.column_stack([df[c].map(code).to_numpy() for c in ("grade", "grade2", "grade3")])
    return aggregate_raters(ratings, n_cat=5)[0]


def _fleiss_one(counts: np.ndarray) -> float:
    from statsmodels.stats.inter_rater import fleiss_kappa

    return float(fleiss_kappa(counts, method="fleiss"))


def chunked_families(df, n_boot: int, seed: int) -> dict:
    """Return family -> function running that family's chunked bootstraps."""

    def describe_both():
        return [
            describe.describe_scores(df, "score", by, n_boot=n_boot, seed=seed)[
                "boot_CI95%"
            ].tolist()
            for by in ("question", "model")
        ]

    def case_both():
        if hasattr(clustering, "case_bootstraps"):  # both groupings from one set of draws
            both = clustering.case_bootstraps(df, "score", "item_id", ["question", "model"],
                                              n_boot=n_boot, seed=seed)  # fmt: skip
            return [both[by]["CI95%"].tolist() for by in ("question", "model")]
        return [  # an older checkout (--before runs): one call per grouping
            clustering.case_bootstrap(df, "score", "item_id", by, n_boot=n_boot, seed=seed)[
                "CI95%"
            ].tolist()
            for by in ("question", "model")
        ]

    def kappa():
        out = agreement.cohen_kappa(df, "grade", "grade2", weights="quadratic", n_boot=n_boot,
                                    seed=seed)  # fmt: skip
        return [out["CI95%"].iloc[0]]

    def f1():
        out = classification_report(list(df["grade"]), list(df["grade2"]), GRADES,
                                    resamples=n_boot, seed=seed)  # fmt: skip
        return [[out["Micro F1 SD"], out["Macro F1 SD"]]]

    def fleiss():
        from clinbench.stats import judge_agreement

        counts = _fleiss_counts(df)
        rng = np.random.default_rng(seed)
        if hasattr(judge_agreement, "fleiss_bootstrap"):
            boot = judge_agreement.fleiss_bootstrap(counts, n_boot, rng)
        else:  # an older checkout (--before runs): its per-resample statsmodels loop
            idx = rng.integers(0, len(counts), size=(n_boot, len(counts)))
            boot = np.array([_fleiss_one(counts[i]) for i in idx])
        return [_quantiles(boot)]

    return {"describe": describe_both, "case": case_both, "kappa": kappa, "f1_sd": f1,
            "fleiss": fleiss}  # fmt: skip


def chunked(df, n_boot: int, seed: int) -> dict:
    return {name: fn() for name, fn in chunked_families(df, n_boot, seed).items()}


def _quantiles(boot) -> list[float]:
    return list(np.nanquantile(np.asarray(boot, float), [0.025, 0.975]))


def loop_describe(df, by: str, n_boot: int, seed: int) -> list:
    cis = []
    for key, sub in df.groupby(by, sort=True):
        values = sub["score"].dropna().to_numpy(float)
        rng = np.random.default_rng(group_seed(seed, {by: key}))
        boot = [values[rng.integers(0, values.size, values.size)].mean() for _ in range(n_boot)]
        cis.append(_quantiles(boot))
    return cis


def loop_case(df, by: str, n_boot: int, seed: int) -> list:
    cases = sorted(df["item_id"].unique())
    groups = sorted(df[by].unique())
    g_code = df[by].map({g: i for i, g in enumerate(groups)}).to_numpy()
    scores = df["score"].to_numpy(float)
    item = df["item_id"].to_numpy()
    order = np.argsort(item, kind="stable")
    bounds = np.searchsorted(item[order], cases + [chr(0x10FFFF)])
    per_case = [order[bounds[i] : bounds[i + 1]] for i in range(len(cases))]
    rng = np.random.default_rng(seed)
    boot = np.empty((n_boot, len(groups)))
    for b in range(n_boot):
        rows = np.concatenate([per_case[i] for i in rng.integers(0, len(cases), len(cases))])
        sums = np.bincount(g_code[rows], weights=scores[rows], minlength=len(groups))
        boot[b] = sums / np.bincount(g_code[rows], minlength=len(groups))
    return [_quantiles(boot[:, j]) for j in range(len(groups))]


def _tally(a: np.ndarray, b: np.ndarray, k: int) -> np.ndarray:
    return np.bincount(a * k + b, minlength=k * k).reshape(k, k)


def loop_kappa(df, n_boot: int, seed: int) -> list:
    code = {g: i for i, g in enumerate(GRADES)}
    a = df["grade"].map(code).to_numpy()
    b = df["grade2"].map(code).to_numpy()
    rng = np.random.default_rng(seed)
    boot = []
    for _ in range(n_boot):
        idx = rng.integers(0, a.size, a.size)
        boot.append(float(agreement.kappa_from_tables(_tally(a[idx], b[idx], 5), "quadratic")))
    return [_quantiles(boot)]


def loop_f1(df, n_boot: int, seed: int) -> list:
    from clinbench.stats.classification import measures_from_tables

    code = {g: i for i, g in enumerate(GRADES)}
    a = df["grade"].map(code).to_numpy()
    b = df["grade2"].map(code).to_numpy()
    rng = np.random.default_rng(seed)
    micro, macro = [], []
    for _ in range(n_boot):
        idx = rng.integers(0, a.size, a.size)
        table = np.zeros((6, 6))
        table[:5, :5] = _tally(a[idx], b[idx], 5)
        m = measures_from_tables(table, 5)
        micro.append(float(m["Micro F1"]))
        macro.append(float(m["Macro F1"]))
    return [[float(np.std(micro, ddof=1)), float(np.std(macro, ddof=1))]]


def loop_fleiss(df, n_boot: int, seed: int) -> list:
    counts = _fleiss_counts(df)
    rng = np.random.default_rng(seed)
    boot = [_fleiss_one(counts[rng.integers(0, len(counts), len(counts))]) for _ in range(n_boot)]
    return [_quantiles(boot)]


def looped_families(df, n_boot: int, seed: int) -> dict:
    """Return family -> function running that family's per-resample loops."""
    return {
        "describe": lambda: [loop_describe(df, by, n_boot, seed) for by in ("question", "model")],
        "case": lambda: [loop_case(df, by, n_boot, seed) for by in ("question", "model")],
        "kappa": lambda: loop_kappa(df, n_boot, seed),
        "f1_sd": lambda: loop_f1(df, n_boot, seed),
        "fleiss": lambda: loop_fleiss(df, n_boot, seed),
    }


def timed(fn):
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-boot", type=int, default=10_000)
    parser.add_argument(
        "--loop-boot", type=int, default=300, help="loop resamples at 10,000+ rows (scaled up)"
    )
    parser.add_argument("--sizes", default="804,10000,100000")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    chunked(make_table(804, args.seed), 50, args.seed)  # warm-up: imports
    print(
        f"{args.n_boot:,} resamples per bootstrap; families: describe (mean by question and "
        "by model), case (case bootstrap, both), kappa (quadratic), f1_sd (micro/macro F1), "
        "fleiss (3 judges)"
    )
    print(f"{'rows':>8} {'family':>9} {'chunked s':>10} {'loop s':>9} {'ratio':>7}  loop")
    for rows in (int(x) for x in args.sizes.split(",")):
        df = make_table(rows, args.seed)
        loop_n = args.n_boot if rows <= 1000 else min(args.n_boot, args.loop_boot)
        how = "measured" if loop_n == args.n_boot else f"{loop_n} resamples, scaled"
        vec_fns = chunked_families(df, args.n_boot, args.seed)
        loop_fns = looped_families(df, loop_n, args.seed)
        total_vec = total_loop = 0.0
        cpu_vec = cpu_loop = 0.0
        for family in vec_fns:
            if family == "fleiss":  # the earlier runs' families end here
                first4 = (total_vec, total_loop, cpu_vec, cpu_loop)
            cpu0 = time.process_time()
            t_vec, vec = timed(vec_fns[family])
            cpu1 = time.process_time()
            t_loop, loop = timed(loop_fns[family])
            cpu_vec += cpu1 - cpu0
            cpu_loop += (time.process_time() - cpu1) * args.n_boot / loop_n
            t_loop *= args.n_boot / loop_n
            total_vec, total_loop = total_vec + t_vec, total_loop + t_loop
            print(f"{len(df):>8,} {family:>9} {t_vec:>10.2f} {t_loop:>9.2f} "
                  f"{t_loop / t_vec:>6.1f}x  {how}")  # fmt: skip
            if loop_n == args.n_boot:  # same resample count: agree within Monte Carlo error
                tol = {"describe": 1.0, "case": 1.0, "kappa": 0.03, "f1_sd": 0.005,
                       "fleiss": 0.03}[family]  # fmt: skip
                flat = [
                    np.concatenate([np.ravel(np.array(x, float)) for x in v]) for v in (vec, loop)
                ]
                np.testing.assert_allclose(flat[0], flat[1], atol=tol)
        tracemalloc.start()
        chunked(df, args.n_boot, args.seed)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        vec4, loop4, cpu4, cpu_loop4 = first4
        print(f"{len(df):>8,} {'all':>9} {vec4:>10.2f} {loop4:>9.2f} {loop4 / vec4:>6.1f}x  "
              f"CPU s: chunked {cpu4:.2f}, loop {cpu_loop4:.2f}, "
              f"ratio {cpu_loop4 / cpu4:.1f}x")  # fmt: skip
        print(f"{len(df):>8,} {'all+fleiss':>9} {total_vec:>10.2f} {total_loop:>9.2f} "
              f"{total_loop / total_vec:>6.1f}x  CPU s: chunked {cpu_vec:.2f}, loop "
              f"{cpu_loop:.2f}, ratio {cpu_loop / cpu_vec:.1f}x")  # fmt: skip
        print(f"{'':>8} peak traced memory {peak:.0f} MB, load {os.getloadavg()[0]:.1f}")
    print("chunked and looped intervals agree within Monte Carlo error where both ran in full")


if __name__ == "__main__":
    main()
