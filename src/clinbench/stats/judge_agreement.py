"""Agreement among the judges of a panel, from the results table alone.

A judge panel (``clinbench.scoring.panel``) leaves one results row per reply per judge,
named ``SCORER[judgeN]`` with the judge's model in ``judge``. A judge's rating of a reply is
its verdict (1 correct / 0 incorrect) for binary adjudication, or its letter grade (A-F
order) for rubric grading; an ``unscored`` verdict is no rating, so that reply leaves the
pairs (and the Fleiss table) that need it, never the judge.

- :func:`fleiss_panel_kappa`: Fleiss' kappa over every judge of the panel (statsmodels
  ``inter_rater``), on the replies every judge rated, with a percentile bootstrap over
  replies.
- :func:`pairwise_weighted_kappa`: Cohen's kappa of each pair of judges with quadratic
  weights (scikit-learn ``cohen_kappa_score``; on two categories it equals the unweighted
  kappa), with a percentile bootstrap over the replies both rated.

Each scope is a (task, scorer) and, for scorers with several questions, each question as
well as ``all`` (pooled). Every bootstrap is seeded by ``group_seed(seed, identity)`` where
the identity names the scope and, for a pair, both judges: adding a judge, a task or a model
never moves another figure's interval.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pandas as pd

from clinbench.scoring import outcomes
from clinbench.scoring.panel import JUDGE_SCORER
from clinbench.stats._common import (
    ci_name,
    group_seed,
    letter_grades,
    percentile_interval,
    require_columns,
)

UNIT_COLUMNS = ("suite", "task", "model", "condition", "item_id", "epoch", "question")
BINARY = "binary"
GRADE = "grade"
FLEISS = "Fleiss kappa"
WEIGHTED = "weighted kappa (quadratic)"


def _rating(outcome: str, grade: str) -> object:
    if outcome == outcomes.GRADED and grade:
        return str(grade).strip().upper()
    if outcome == outcomes.CORRECT:
        return 1
    if outcome == outcomes.INCORRECT:
        return 0
    return None  # unscored (or any outcome that is not a judge's rating)


def judge_ratings(results: pd.DataFrame) -> pd.DataFrame:
    """Return one row per judged reply and one column per judge: that judge's rating.

    Columns: the reply's identity (suite, task, model, condition, item_id, epoch, question
    where present), scorer (the panel's scorer name), scale (``binary`` or ``grade``), then
    one column per judge model (a model in two places of one panel is named MODEL#N).
    Ratings are 1/0 (binary), letter grades, or None (that judge gave no usable verdict).
    """
    require_columns(results, ["scorer", "judge", "outcome"])
    names = results["scorer"].astype(str).str.extract(JUDGE_SCORER)
    rows = results[names["scorer"].notna() & (results["judge"].astype(str) != "")].copy()
    units = [c for c in UNIT_COLUMNS if c in rows.columns]
    if rows.empty:
        return pd.DataFrame(columns=[*units, "scorer", "scale"])
    rows["scorer"] = names.loc[rows.index, "scorer"]
    rows["place"] = names.loc[rows.index, "place"].astype(int)
    grades = rows["grade"] if "grade" in rows.columns else pd.Series("", index=rows.index)
    rows["rating"] = [
        _rating(str(o), str(g or "")) for o, g in zip(rows["outcome"], grades.fillna(""),
                                                       strict=True)
    ]  # fmt: skip
    models = rows[["scorer", "place", "judge"]].drop_duplicates()
    clash = models.groupby(["scorer", "judge"])["place"].transform("nunique") > 1
    models["label"] = np.where(
        clash, models["judge"] + "#" + models["place"].astype(str), models["judge"]
    )
    rows = rows.merge(models, on=["scorer", "place", "judge"], how="left")
    order = list(dict.fromkeys(models.sort_values(["scorer", "place"])["label"]))
    for column in units:
        rows[column] = rows[column].astype(str)
    wide = rows.set_index([*units, "scorer", "label"])["rating"].astype(object).unstack("label")
    wide = wide.reindex(columns=order).astype(object).where(wide.notna(), None).reset_index()
    graded = rows.groupby("scorer")["rating"].agg(lambda r: any(isinstance(v, str) for v in r))
    wide.insert(
        len(units) + 1, "scale", wide["scorer"].map(lambda s: GRADE if graded[s] else BINARY)
    )
    wide.columns.name = None
    return wide


def _scopes(wide: pd.DataFrame, by: Sequence[str]):
    """Yield (key dict, scale, judges, rows) per group and question ('all' and each)."""
    judges_all = [c for c in wide.columns if c not in (*UNIT_COLUMNS, "scorer", "scale")]
    for key, group in wide.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        named = dict(zip(by, key, strict=True))
        judges = [j for j in judges_all if group[j].notna().any()]
        if len(judges) < 2:
            continue
        scale = GRADE if (group["scale"] == GRADE).any() else BINARY
        questions = sorted(q for q in group.get("question", pd.Series(dtype=str)).unique() if q)
        scopes = [("all", group)]
        if len(questions) > 1:
            scopes += [(q, group[group["question"] == q]) for q in questions]
        for question, rows in scopes:
            yield named | {"question": question}, scale, judges, rows


def _codes(values: pd.Series, scale: str) -> np.ndarray:
    if scale == BINARY:
        return values.astype(int).to_numpy()
    lookup = {g: i for i, g in enumerate(letter_grades())}
    return values.map(lambda v: lookup[str(v).strip().upper()]).to_numpy()


def _categories(scale: str) -> int:
    return 2 if scale == BINARY else len(letter_grades())


def _fleiss(counts: np.ndarray) -> float:
    from statsmodels.stats.inter_rater import fleiss_kappa

    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(fleiss_kappa(counts, method="fleiss"))


# Drawn indices per chunk of the Fleiss bootstrap (int64: 2 MB; chunks that stay in the CPU
# cache run ~1.5x faster than 16 MB ones).
_FLEISS_CHUNK_CELLS = 2**18


def fleiss_bootstrap(counts: np.ndarray, n_boot: int, rng: np.random.Generator) -> np.ndarray:
    """Return `n_boot` bootstrap Fleiss kappas of a subjects x categories count table.

    The same resamples as drawing ``rng.integers(0, n, size=(n_boot, n))`` and calling
    statsmodels' ``fleiss_kappa(counts[row], method="fleiss")`` per row (the per-resample
    loop this replaces; equal to it within float error, ``tests/stats/test_judge_agreement``),
    drawn in chunks of bounded memory. Fleiss' formula is written over the stack because a
    resample's kappa depends only on how often each distinct row of `counts` (a rating
    pattern) is drawn: with w those multiplicities, P-bar = w . P_i / n and
    p_j = w . n_ij / (n m), m raters per subject, kappa = (P-bar - sum p_j^2) / (1 - sum p_j^2).
    NaN where kappa is undefined (every rating in one category).
    """
    from clinbench.stats.case_clustering import resample_weights

    counts = np.asarray(counts, dtype=float)
    n = len(counts)
    raters = counts.sum(1).max()
    patterns, code = np.unique(counts, axis=0, return_inverse=True)
    code = code.ravel()
    agreement = ((patterns**2).sum(1) - raters) / (raters * (raters - 1.0))
    out = np.empty(n_boot)
    block = max(1, _FLEISS_CHUNK_CELLS // max(1, n))
    for start in range(0, n_boot, block):
        stop = min(n_boot, start + block)
        weights = resample_weights(code[rng.integers(0, n, size=(stop - start, n))], len(patterns))
        p_mean = weights @ agreement / n
        p_cat = weights @ patterns / (n * raters)
        p_exp = (p_cat * p_cat).sum(1)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[start:stop] = (p_mean - p_exp) / (1 - p_exp)
    return out


def fleiss_panel_kappa(
    results: pd.DataFrame,
    by: Sequence[str] = ("task", "scorer"),
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return Fleiss' kappa of each panel: one row per (by..., question).

    Columns: <by>..., question, judges (how many), n (replies every judge rated),
    incomplete (replies some judge did not rate, left out), kappa, CI95% (percentile
    bootstrap over replies, seeded by the scope), n_boot.
    """
    from statsmodels.stats.inter_rater import aggregate_raters

    wide = judge_ratings(results)
    columns = [*by, "question", "judges", "n", "incomplete", "kappa", ci_name(confidence),
               "n_boot"]  # fmt: skip
    records = []
    for key, scale, judges, rows in _scopes(wide, by):
        rated = rows[judges].notna()
        complete = rows[rated.all(axis=1)]
        incomplete = int((rated.any(axis=1) & ~rated.all(axis=1)).sum())
        kappa, interval = np.nan, [np.nan, np.nan]
        if len(complete):
            codes = np.column_stack([_codes(complete[j], scale) for j in judges])
            counts, _ = aggregate_raters(codes, n_cat=_categories(scale))
            kappa = _fleiss(counts)
            rng = np.random.default_rng(group_seed(seed, key))
            boot = fleiss_bootstrap(counts, n_boot, rng)
            interval = percentile_interval(boot, confidence)
        records.append(key | {"judges": len(judges), "n": len(complete), "incomplete": incomplete,
                              "kappa": kappa, ci_name(confidence): interval,
                              "n_boot": n_boot})  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def pairwise_weighted_kappa(
    results: pd.DataFrame,
    by: Sequence[str] = ("task", "scorer"),
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return the quadratic-weighted Cohen's kappa of every pair of judges of each panel.

    Columns: <by>..., question, judge_a, judge_b, n (replies both rated), kappa
    (scikit-learn ``cohen_kappa_score``, weights="quadratic"), CI95% (percentile bootstrap
    over those replies, seeded by the scope and both judges' names), weights, n_boot.
    """
    from sklearn.metrics import cohen_kappa_score

    from clinbench.stats.agreement import _tables, bootstrap_tables, kappa_from_tables

    wide = judge_ratings(results)
    columns = [*by, "question", "judge_a", "judge_b", "n", "kappa", ci_name(confidence),
               "weights", "n_boot"]  # fmt: skip
    records = []
    for key, scale, judges, rows in _scopes(wide, by):
        k = _categories(scale)
        for a, b in combinations(judges, 2):
            both = rows[rows[a].notna() & rows[b].notna()]
            kappa, interval = np.nan, [np.nan, np.nan]
            if len(both):
                ca, cb = _codes(both[a], scale), _codes(both[b], scale)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # undefined kappa (one category): NaN
                    kappa = float(
                        cohen_kappa_score(ca, cb, labels=list(range(k)), weights="quadratic")
                    )
                # resamples tallied as confusion tables (agreement.bootstrap_tables); their
                # kappa by sklearn's formula over the stack (agreement.kappa_from_tables)
                pair_seed = group_seed(seed, key | {"judge_a": a, "judge_b": b})
                tables = bootstrap_tables(_tables(ca, cb, k), n_boot, pair_seed)
                interval = percentile_interval(kappa_from_tables(tables, "quadratic"), confidence)
            records.append(key | {"judge_a": a, "judge_b": b, "n": len(both), "kappa": kappa,
                                  ci_name(confidence): interval, "weights": "quadratic",
                                  "n_boot": n_boot})  # fmt: skip
    return pd.DataFrame(records, columns=columns)


def judge_agreement(
    results: pd.DataFrame,
    by: Sequence[str] = ("task", "scorer"),
    n_boot: int = 2000,
    seed: int = 0,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Return Fleiss' kappa and every pair's weighted kappa of each panel, in one table.

    Columns: <by>..., question, measure (``Fleiss kappa`` or ``weighted kappa
    (quadratic)``), judge_a, judge_b (empty for Fleiss), judges, n, kappa, CI95%, n_boot.
    Empty when the table has no panel (fewer than two judges on every scorer).
    """
    ci = ci_name(confidence)
    fleiss = fleiss_panel_kappa(results, by, n_boot, seed, confidence)
    pairs = pairwise_weighted_kappa(results, by, n_boot, seed, confidence)
    fleiss = fleiss.assign(measure=FLEISS, judge_a="", judge_b="")
    pairs = pairs.assign(measure=WEIGHTED, judges=2)
    columns = [*by, "question", "measure", "judge_a", "judge_b", "judges", "n", "kappa", ci,
               "n_boot"]  # fmt: skip
    parts = [p[columns] for p in (fleiss, pairs) if not p.empty]
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values(list(by), kind="stable").reset_index(drop=True)
