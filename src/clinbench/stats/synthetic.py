"""Synthetic frozen results tables, for tests, benchmarks and examples (no model is called).

The case tier mimics AudiologyBench's design: models x cases x three question types, 0-100
rubric scores with a case effect, letter grades, critical errors that cap the grade at D.
"""

from __future__ import annotations

import json

import numpy as np
import pandas as pd

from clinbench.results.schema import RESULT_COLUMNS
from clinbench.results.table import NUMERIC_COLUMNS
from clinbench.scoring.rubric import grade_rules, load_rubric


def grade_for(score: float) -> str:
    """Return the letter grade of a 0-100 score under the default case rubric's bands."""
    return load_rubric().grade_for(score)


def _frame(records: list[dict]) -> pd.DataFrame:
    df = pd.DataFrame(records)
    for col in RESULT_COLUMNS:
        if col not in df.columns:
            if col == "epochs":
                df[col] = 1  # every synthetic item is asked once
                continue
            df[col] = np.nan if col in NUMERIC_COLUMNS else ""  # a missing number is NaN
    return df[RESULT_COLUMNS]


def synthetic_case_results(
    n_models: int = 4,
    n_cases: int = 67,
    questions: tuple[str, ...] = ("Q1", "Q2", "Q3"),
    seed: int = 0,
    unscored: int = 0,
) -> pd.DataFrame:
    """Return a case-tier results table: one row per model x case x question.

    Q1 and Q2 score lower than Q3, cases share a random effect, and Q1 carries most critical
    errors. `unscored` rows (chosen at random) get the `unscored` outcome and no score.
    """
    rng = np.random.default_rng(seed)
    error_types = grade_rules().critical_errors
    means = {"Q1": 70.0, "Q2": 70.0, "Q3": 89.0}
    ce_rate = {"Q1": 0.3, "Q2": 0.03, "Q3": 0.0}
    case_effect = rng.normal(0, 5, n_cases)
    models = [f"synthetic/model-{chr(ord('a') + i)}" for i in range(n_models)]
    model_effect = rng.normal(0, 1.5, n_models)
    records = []
    for mi, model in enumerate(models):
        for c in range(n_cases):
            for q in questions:
                score = means.get(q, 75.0) + case_effect[c] + model_effect[mi]
                score = float(np.clip(score + rng.normal(0, 10), 0, 100))
                errors = []
                if rng.random() < ce_rate.get(q, 0.05) + max(0, -case_effect[c]) / 30:
                    errors = [str(rng.choice(error_types[:5]))]
                    score = min(score, 59.99)  # a critical error caps at D
                records.append(
                    {
                        "suite": "audiology",
                        "task": "audiology_cases",
                        "model": model,
                        "item_id": f"case-{c + 1:03d}",
                        "format": "case",
                        "condition": "default",
                        "epoch": 1,
                        "scorer": "rubric",
                        "question": q,
                        "response": f"synthetic reply {q}",
                        "extracted_answer": "",
                        "outcome": "graded",
                        "score": round(score, 2),
                        "grade": grade_for(round(score, 2)),
                        "critical_errors": json.dumps(errors),
                        "input_tokens": 900,
                        "output_tokens": 300,
                        "domain": "audiometric interpretation",
                        "source_pool": "casebook",
                        "difficulty": "",
                        "tags": "",
                        "item_metadata": "{}",
                        "score_metadata": "{}",
                        "run_id": "synthetic-run",
                        "log_file": "synthetic.eval",
                    }
                )
    df = _frame(records)
    if unscored:
        idx = rng.choice(len(df), size=unscored, replace=False)
        df.loc[idx, "outcome"] = "unscored"
        df.loc[idx, ["score"]] = np.nan
        df.loc[idx, ["grade", "critical_errors"]] = ""
    return df


def synthetic_knowledge_results(
    n_models: int = 3, n_items: int = 60, seed: int = 1
) -> pd.DataFrame:
    """Return an exact-match results table (MCQ / TF / FIB over two source pools)."""
    rng = np.random.default_rng(seed)
    formats = ["mcq", "tf", "fib"]
    pools = ["online", "nonweb"]
    base = {"mcq": 0.9, "tf": 0.85, "fib": 0.6}
    records = []
    for mi in range(n_models):
        model = f"synthetic/model-{chr(ord('a') + mi)}"
        for i in range(n_items):
            fmt = formats[i % 3]
            pool = pools[(i // 3) % 2]
            u = rng.random()
            p = base[fmt] - 0.05 * mi - (0.1 if pool == "nonweb" else 0.0)
            if u < 0.02:
                outcome = "parse_failed"
            elif u < 0.04:
                outcome = "declined"
            else:
                outcome = "correct" if rng.random() < p else "incorrect"
            score = {"correct": 1.0, "incorrect": 0.0, "declined": 0.0}.get(outcome, np.nan)
            records.append(
                {
                    "suite": "audiology",
                    "task": "audiology_objective",
                    "model": model,
                    "item_id": f"obj-{i + 1:03d}",
                    "format": fmt,
                    "condition": "default",
                    "epoch": 1,
                    "scorer": "exact",
                    "question": "",
                    "response": "synthetic",
                    "extracted_answer": "" if outcome == "parse_failed" else "A",
                    "outcome": outcome,
                    "score": score,
                    "grade": "",
                    "critical_errors": "",
                    "input_tokens": 200,
                    "output_tokens": 5,
                    "domain": "hearing science",
                    "source_pool": pool,
                    "difficulty": ["easy", "medium", "hard"][i % 3],
                    "tags": "",
                    "item_metadata": "{}",
                    "score_metadata": "{}",
                    "run_id": "synthetic-run",
                    "log_file": "synthetic.eval",
                }
            )
    return _frame(records)
