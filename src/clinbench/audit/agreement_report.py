"""The audit's agreement report, computed with clinbench.stats from the audit folder.

Tables (CSV) and a summary (JSON and Markdown):

- inter-reviewer agreement before consensus, overall, per segment and per question type;
- adjudicator vs human consensus, overall and per question type;
- error direction: adjudicator over- vs under-flagging of critical errors, harsher vs more
  lenient grades, and population-reweighted critical-error rates (sampling weights);
- the (question type x adjudicator grade) calibration map and calibrated means over the
  audited population under each sparse-cell rule;
- every label with reviewer, time and segment (and the consensus records, and the event log).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from clinbench.audit.consensus import audit_items
from clinbench.audit.labels import GRADES
from clinbench.audit.sampling import (
    DB_FILE,
    POPULATION_FILE,
    load_manifest,
)
from clinbench.audit.store import AuditStore
from clinbench.io import (
    make_folders,
    owner_only,
    read_own_csv,
    remove_made_folders,
    write_csv,
)
from clinbench.scoring.rubric import grade_midpoints

REPORT_FILES = (
    "labels.csv", "events.csv", "consensus.csv", "items.csv", "inter_reviewer.csv",
    "adjudicator_vs_consensus.csv", "error_direction.csv", "calibration_map.csv",
    "calibrated_means.csv", "summary.json", "report.md",
)  # fmt: skip


def _json_ready(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_ready(v) for v in value]
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating | float):
        return None if math.isnan(float(value)) else float(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


def _pair_agreement(
    frame: pd.DataFrame, a_grade: str, b_grade: str, a_flag: str, b_flag: str, *,
    seed: int, n_boot: int, reference: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Return grade and critical-error agreement figures of two label columns.

    A flag that is not known (None: the adjudicator's critical errors where the fact check
    read no claim) leaves its item out of the critical-error figures only;
    ``critical_error_n`` is how many they cover and ``critical_error_unknown`` how many
    were left out.
    """
    from clinbench.stats.agreement import agreement_summary

    if frame.empty:
        return {"n": 0, "critical_error_n": 0, "critical_error_unknown": 0}
    grade = agreement_summary(
        frame, a_grade, b_grade, kind="ordinal", categories=GRADES, n_boot=n_boot, seed=seed
    )
    known = frame[a_flag].notna() & frame[b_flag].notna()
    out = {
        "n": len(frame),
        "critical_error_n": int(known.sum()),
        "critical_error_unknown": int((~known).sum()),
    }
    out.update({f"grade_{k}": v for k, v in grade.items() if k != "n"})
    if known.any():
        flags = frame[known].astype({a_flag: bool, b_flag: bool})
        flag = agreement_summary(
            flags, a_flag, b_flag, kind="binary", reference=reference, n_boot=n_boot, seed=seed
        )
        out.update({f"critical_error_{k}": v for k, v in flag.items() if k != "n"})
    return out


def _icc(frame: pd.DataFrame, a: str, b: str, midpoints: dict[str, float]) -> dict[str, Any]:
    """Return ICC(2,1) on grade-midpoint scores, or NaN with the reason when undefined."""
    from clinbench.stats.agreement import icc_agreement

    try:
        row = icc_agreement(frame, a, b, midpoints=midpoints).iloc[0]
    except Exception as err:  # pingouin refuses too few items or no variance
        return {"grade_icc_2_1": math.nan, "grade_icc_note": f"not computed: {err}"}
    return {"grade_icc_2_1": row["ICC"], "grade_icc_2_1_ci": list(row["CI95%"])}


def _flatten(row: dict[str, Any]) -> dict[str, Any]:
    """Return a CSV-ready row: intervals and {value, ci} pairs split into columns."""
    flat: dict[str, Any] = {}
    for key, value in row.items():
        if isinstance(value, dict) and "value" in value:
            flat[key] = value["value"]
            flat[f"{key}_ci_low"], flat[f"{key}_ci_high"] = value["ci"]
        elif isinstance(value, list | tuple) and len(value) == 2 and key.endswith("_ci"):
            flat[f"{key}_low"], flat[f"{key}_high"] = value
        else:
            flat[key] = value
    return flat


def _scopes(items: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    scopes = [("overall", items)]
    for segment in ("calibration", "main"):
        part = items[items["segment"] == segment]
        if not part.empty:
            scopes.append((f"segment={segment}", part))
    for question in sorted(items["question"].dropna().unique()):
        scopes.append((f"question={question}", items[items["question"] == question]))
    return scopes


def _write_atomic(files: dict[str, str | pd.DataFrame], out: Path) -> list[Path]:
    """Write the report's files into ``out``, owner-only (they hold reviewers' labels).

    Each file is written in a private folder beside them and renamed into place; folders
    made for ``out`` are 0700, and removed again (when empty) if the write fails.
    """
    made = make_folders(out, private=True)
    build: Path | None = None
    written = []
    try:
        build = Path(tempfile.mkdtemp(prefix=".report.", dir=out))
        for name, content in files.items():
            target = build / name
            if isinstance(content, pd.DataFrame):
                write_csv(content, target)
            else:
                target.write_text(content, encoding="utf-8")
        owner_only(build)
        for name in files:
            os.replace(build / name, out / name)
            written.append(out / name)
    finally:
        if build is not None:
            shutil.rmtree(build, ignore_errors=True)
        if not written and files:  # failed before any file was in place
            remove_made_folders(made)
    return written


def audit_report(
    audit_dir: str | Path,
    out: str | Path,
    *,
    seed: int = 0,
    n_boot: int = 2000,
    rubric: str | Path | None = None,
    min_cell: int = 2,
) -> list[Path]:
    """Write the agreement report of an audit folder into ``out``; return the files written."""
    audit_dir, out = Path(audit_dir), Path(out)
    meta, manifest = load_manifest(audit_dir)
    store = AuditStore(audit_dir / DB_FILE)
    people = store.reviewers("reviewer")
    segments = {item["audit_id"]: item["segment"] for item in manifest}
    if meta.get("kind") == "baseline":
        return _baseline_report(audit_dir, out, store, manifest, people)
    if meta.get("kind") == "reference":
        return _reference_report(audit_dir, out, store, seed=seed, n_boot=n_boot)

    key, labels, names, items, recorded = audit_items(audit_dir, store, people, segments)
    submitted = [p["name"] for p in people if p["submitted_at"]]

    midpoints = grade_midpoints(rubric)
    inter = _inter_reviewer_rows(items, names, midpoints, seed=seed, n_boot=n_boot)
    inter_df = pd.DataFrame(inter)
    resolved = items[items["human_grade"].notna()].copy()
    resolved["human_critical_error"] = resolved["human_critical_error"].astype(bool)
    adj = _adjudicator_rows(resolved, seed=seed, n_boot=n_boot)
    adj_df = pd.DataFrame(adj)
    direction = _error_direction_rows(resolved, midpoints, seed=seed, n_boot=n_boot)
    direction_df = pd.DataFrame(direction)

    # Calibration map (question x adjudicator grade) and calibrated means of the population.
    cal_map, cal_means = _calibration(audit_dir, resolved, midpoints, min_cell=min_cell)

    consensus_df = pd.DataFrame(
        [
            {
                **c,
                "segment": segments.get(a),
                "question": key.set_index("audit_id").at[a, "question"],
            }
            for a, c in recorded.items()
        ]
    )
    labels_out = labels[
        ["reviewer", "audit_id", "segment", "question", "grade", "critical_error", "error_type",
         "rationale", "created_at", "updated_at", "revision"]
    ].sort_values(["audit_id", "reviewer"])  # fmt: skip
    events = pd.DataFrame(store.events())
    needing = items[
        items["consensus_reason"].isin(["reviewers_disagree", "reviewers_vs_adjudicator"])
    ]
    summary = {
        "audit": {
            "kind": "review",
            "items": len(items),
            "calibration_items": int((items["segment"] == "calibration").sum()),
            "reviewers": names,
            "reviewers_submitted": submitted,
            "all_submitted": len(submitted) == len(people) and len(people) >= 2,
            "settings": meta.get("settings", {}),
            "source": meta.get("source"),
            "adjudicator_critical_error_unknown": int(
                items["adjudicator_critical_error"].isna().sum()
            ),
            "adjudicator_critical_error_unknown_note": "items whose adjudicator critical "
            "errors are not known (the fact check read no claim) are left out of every "
            "critical-error figure that compares or counts the adjudicator's flag",
        },
        "consensus": {
            "needed": len(needing),
            "reviewers_disagree": int((items["consensus_reason"] == "reviewers_disagree").sum()),
            "reviewers_vs_adjudicator": int(
                (items["consensus_reason"] == "reviewers_vs_adjudicator").sum()
            ),
            "recorded": len(recorded),
            "unresolved": int((items["human_label_source"] == "unresolved").sum()),
            "note": "unresolved items (reviewers disagree, no consensus recorded, or not yet "
            "labelled by every reviewer) are left out of adjudicator-vs-consensus figures",
        },
        "inter_reviewer": inter,
        "adjudicator_vs_consensus": adj,
        "error_direction": direction,
        "calibration": {
            "grade_midpoints": midpoints,
            "min_cell": min_cell,
            "map": cal_map.to_dict("records"),
            "means": cal_means.to_dict("records"),
        },
        "seed": seed,
        "n_boot": n_boot,
    }
    summary = _json_ready(summary)
    files: dict[str, str | pd.DataFrame] = {
        "labels.csv": labels_out,
        "events.csv": events,
        "consensus.csv": consensus_df,
        "items.csv": _with_unknown_written(items),
        "inter_reviewer.csv": inter_df,
        "adjudicator_vs_consensus.csv": adj_df,
        "error_direction.csv": direction_df,
        "calibration_map.csv": cal_map,
        "calibrated_means.csv": cal_means,
        "summary.json": json.dumps(summary, indent=2, sort_keys=True) + "\n",
        "report.md": _markdown(summary, inter_df, adj_df, direction_df, cal_map, cal_means),
    }
    files.update(_panel_files(audit_dir, seed=seed, n_boot=n_boot))
    files.update(_reweighted_files(audit_dir, seed=seed, n_boot=n_boot))
    return _write_atomic(files, out)


def _with_unknown_written(items: pd.DataFrame) -> pd.DataFrame:
    """Return ``items`` with an adjudicator flag that is not known written as ``unknown``."""
    from clinbench.audit.sampling import UNKNOWN

    flag = items["adjudicator_critical_error"].astype(object)
    return items.assign(adjudicator_critical_error=flag.where(flag.notna(), UNKNOWN))


def _inter_reviewer_rows(
    items: pd.DataFrame, names: list[str], midpoints: dict, *, seed: int, n_boot: int
) -> list[dict]:
    """Return agreement before consensus of every pair of reviewers, one row per scope."""
    inter = []
    for a, b in itertools.combinations(names, 2):
        pair = items.dropna(subset=[f"{a}_grade", f"{b}_grade"])
        for scope, part in _scopes(pair):
            figures = _pair_agreement(
                part, f"{a}_grade", f"{b}_grade", f"{a}_critical_error", f"{b}_critical_error",
                seed=seed, n_boot=n_boot,
            )  # fmt: skip
            figures.update(_icc(part, f"{a}_grade", f"{b}_grade", midpoints))
            inter.append(_flatten({"reviewer_a": a, "reviewer_b": b, "scope": scope, **figures}))
    return inter


def _adjudicator_rows(resolved: pd.DataFrame, *, seed: int, n_boot: int) -> list[dict]:
    """Return the adjudicator against the human consensus label (reference), one row per scope.

    Besides the scopes, the reviewer-agreement subset (AudiologyBench's second prespecified
    analysis): items on which the reviewers agreed before consensus, so consensus-forming
    cannot explain them.
    """
    adj = []
    reason = resolved["consensus_reason"]
    agreed = resolved[reason.isna() | (reason == "reviewers_vs_adjudicator")]
    for scope, part in [*_scopes(resolved), ("reviewers_agreed", agreed)]:
        if scope.startswith("segment=") or part.empty:
            continue
        figures = _pair_agreement(
            part, "adjudicator_grade", "human_grade", "adjudicator_critical_error",
            "human_critical_error", seed=seed, n_boot=n_boot, reference="b",
        )  # fmt: skip
        adj.append(_flatten({"scope": scope, **figures}))
    return adj


def _error_direction_rows(
    resolved: pd.DataFrame, midpoints: dict, *, seed: int, n_boot: int
) -> list[dict]:
    """Return the error direction and population-reweighted critical-error rates per scope.

    A scope with no resolved item (reviewers who never agree) has no direction to report: it
    is left out, as in the adjudicator table, and the unresolved count in the summary says why.
    """
    rank = {g: i for i, g in enumerate(GRADES)}
    direction = []
    for scope, part in _scopes(resolved):
        if scope.startswith("segment=") or part.empty:
            continue
        known = part["adjudicator_critical_error"].notna()  # None: critical errors not known
        a_flag = part.loc[known, "adjudicator_critical_error"].astype(bool)
        h_flag = part.loc[known, "human_critical_error"].astype(bool)
        a_rank = part["adjudicator_grade"].map(rank).astype(float)
        h_rank = part["human_grade"].map(rank).astype(float)
        human_score = part["human_grade"].map(midpoints)
        row = {
            "scope": scope,
            "n": len(part),
            "over_flags": int((a_flag & ~h_flag).sum()),
            "under_flags": int((~a_flag & h_flag).sum()),
            "both_flag": int((a_flag & h_flag).sum()),
            "neither_flags": int((~a_flag & ~h_flag).sum()),
            "flag_unknown": int((~known).sum()),
            "adjudicator_harsher": int((a_rank > h_rank).sum()),
            "adjudicator_more_lenient": int((a_rank < h_rank).sum()),
            "same_grade": int((a_rank == h_rank).sum()),
            "mean_score_minus_human_midpoint": float(
                (part["adjudicator_score"].astype(float) - human_score).mean()
            ),
        }
        row.update(_weighted_rates(part, seed=seed, n_boot=n_boot))
        direction.append(row)
    return direction


def _reweighted_files(audit_dir: Path, *, seed: int, n_boot: int) -> dict[str, pd.DataFrame]:
    """Return the reweighted tables (audit.reweighted) as reweighted_*.csv files."""
    from clinbench.audit.reweighted import reweighted_tables

    names = {"Reviewer pairs": "reweighted_pairs.csv",
             "Adjudicator vs human": "reweighted_adjudicator.csv",
             "Critical-error and failing-grade rates": "reweighted_rates.csv"}  # fmt: skip
    tables = reweighted_tables(audit_dir, n_boot=n_boot, seed=seed)
    return {
        file: table
        for caption, table in tables.items()
        for start, file in names.items()
        if caption.startswith(start)
    }


def _panel_files(audit_dir: Path, *, seed: int, n_boot: int) -> dict[str, pd.DataFrame]:
    """Return the reviewer-panel tables (audit.panel) as panel_*.csv files."""
    from clinbench.audit.reviewer_panel import panel_tables

    names = ("panel_agreement.csv", "panel_pairs_loo.csv", "panel_reviewer_rates.csv")
    tables = panel_tables(audit_dir, n_boot=n_boot, seed=seed)
    return dict(zip(names, tables.values(), strict=True))


def _weighted_rates(part: pd.DataFrame, *, seed: int, n_boot: int) -> dict[str, Any]:
    """Return population-reweighted critical-error rates of adjudicator and humans.

    An adjudicator flag that is not known leaves its item out of the adjudicator's rate
    (``adjudicator_critical_error_rate_n`` says how many items it covers).
    """
    from clinbench.stats.calibration import reweighted_estimate

    data = pd.DataFrame(
        {
            "adjudicator": pd.to_numeric(
                part["adjudicator_critical_error"].map(
                    lambda v: math.nan if v is None or pd.isna(v) else float(bool(v))
                )
            ).to_numpy(),
            "human": part["human_critical_error"].astype(float).to_numpy(),
            "weight": part["weight"].astype(float).to_numpy(),
        }
    )
    out: dict[str, Any] = {}
    for who in ("adjudicator", "human"):
        known = data.dropna(subset=[who])
        out[f"{who}_critical_error_rate_n"] = len(known)
        if known.empty:
            out[f"{who}_critical_error_rate_reweighted"] = math.nan
            continue
        est = reweighted_estimate(known, who, "weight", n_boot=n_boot, seed=seed).iloc[0]
        out[f"{who}_critical_error_rate_reweighted"] = est["estimate"]
        out[f"{who}_critical_error_rate_ci_low"], out[f"{who}_critical_error_rate_ci_high"] = est[
            "CI95%"
        ]
        out[f"{who}_critical_error_rate_unweighted"] = est["unweighted"]
    return out


def _calibration(
    audit_dir: Path, resolved: pd.DataFrame, midpoints: dict[str, float], *, min_cell: int
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Return (calibration map under each sparse rule, calibrated means by question)."""
    from clinbench.stats.calibration import SPARSE_RULES, apply_calibration, calibration_map

    audit = pd.DataFrame(
        {
            "question": resolved["question"].astype(str),
            "grade": resolved["adjudicator_grade"].astype(str),
            "score": resolved["adjudicator_score"].astype(float),
            "human_score": resolved["human_grade"].map(midpoints).astype(float),
        }
    )
    population_path = audit_dir / POPULATION_FILE
    population = read_own_csv(population_path, dtype={"question": str, "grade": str})
    population = population.dropna(subset=["score"])
    maps, means = [], []
    for rule in SPARSE_RULES:
        cal = calibration_map(audit, min_cell=min_cell, sparse_rule=rule, grades=GRADES)
        maps.append(cal)
        calibrated = apply_calibration(population, cal)
        for question, part in calibrated.groupby("question"):
            kept = part["calibrated_score"].dropna()
            means.append(
                {
                    "rule": rule,
                    "question": question,
                    "n": len(part),
                    "mean": float(part["score"].mean()),
                    "SD": float(part["score"].std(ddof=1)) if len(part) > 1 else math.nan,
                    "calibrated_n": len(kept),
                    "calibrated_mean": float(kept.mean()) if len(kept) else math.nan,
                    "calibrated_SD": float(kept.std(ddof=1)) if len(kept) > 1 else math.nan,
                    "not_calibrated": int(part["calibrated_score"].isna().sum()),
                }
            )
    return pd.concat(maps, ignore_index=True), pd.DataFrame(means)


def _fmt(value: Any, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _cells(*values: Any) -> str:
    return "| " + " | ".join(_fmt(v) for v in values) + " |"


def _table_lines(columns: list[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """Return a Markdown table's lines: the header, its rule, then one line of cells per row."""
    return [
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
        *(_cells(*row) for row in rows),
    ]


def _ci(row: pd.Series, key: str) -> str:
    low, high = _fmt(row.get(f"{key}_ci_low")), _fmt(row.get(f"{key}_ci_high"))
    return "—" if low == high == "—" else f"{low}–{high}"


def _markdown(
    summary: dict[str, Any],
    inter: pd.DataFrame,
    adj: pd.DataFrame,
    direction: pd.DataFrame,
    cal_map: pd.DataFrame,
    cal_means: pd.DataFrame,
) -> str:
    lines = ["# Audit agreement report", ""]
    audit = summary["audit"]
    submitted = ", ".join(audit["reviewers_submitted"]) or "none"
    lines.append(
        f"{audit['items']} items ({audit['calibration_items']} calibration), reviewers: "
        f"{', '.join(audit['reviewers'])}; submitted: {submitted}."
    )
    c = summary["consensus"]
    lines += [
        "",
        f"Consensus needed on {c['needed']} items ({c['reviewers_disagree']} where the "
        f"reviewers disagree, {c['reviewers_vs_adjudicator']} where they agree with each "
        "other but not with the adjudicator); "
        f"{c['recorded']} recorded; {c['unresolved']} unresolved (left out below).",
        "",
        f"Adjudicator critical errors not known (the fact check read no claim): "
        f"{audit['adjudicator_critical_error_unknown']} items, left out of the critical-error "
        "figures below (never counted as no critical error).",
        "",
        "## Inter-reviewer agreement (before consensus)",
        "",
        *_table_lines(
            ["pair", "scope", "n", "grade κ (quadratic)", "95% CI", "exact", "within one",
             "critical-error κ", "95% CI", "raw agreement"],
            (
                (f"{r['reviewer_a']} / {r['reviewer_b']}", r["scope"], r["n"],
                 r.get("grade_kappa_quadratic"), _ci(r, "grade_kappa_quadratic"),
                 r.get("grade_exact_agreement"), r.get("grade_within_one"),
                 r.get("critical_error_kappa"), _ci(r, "critical_error_kappa"),
                 r.get("critical_error_raw_agreement"))
                for _, r in inter.iterrows()
            ),
        ),
    ]  # fmt: skip
    if adj.empty:
        lines += ["", "No item has a human label yet (reviewers disagree everywhere and no "
                  "consensus is recorded): the adjudicator tables below are empty."]  # fmt: skip
    lines += [
        "",
        "## Adjudicator vs human consensus",
        "",
        *_table_lines(
            ["scope", "n", "grade κ (quadratic)", "95% CI", "exact", "within one",
             "flag unknown", "critical-error κ", "sensitivity", "specificity", "PPV", "NPV"],
            (
                (r["scope"], r["n"], r.get("grade_kappa_quadratic"),
                 _ci(r, "grade_kappa_quadratic"), r.get("grade_exact_agreement"),
                 r.get("grade_within_one"), r.get("critical_error_unknown"),
                 r.get("critical_error_kappa"),
                 r.get("critical_error_sensitivity"), r.get("critical_error_specificity"),
                 r.get("critical_error_ppv"), r.get("critical_error_npv"))
                for _, r in adj.iterrows()
            ),
        ),
        "",
        "## Error direction",
        "",
        *_table_lines(
            ["scope", "n", "over-flags", "under-flags", "flag unknown", "harsher",
             "more lenient", "adjudicator rate (reweighted)", "human rate (reweighted)"],
            (
                (r["scope"], r["n"], r["over_flags"], r["under_flags"], r["flag_unknown"],
                 r["adjudicator_harsher"], r["adjudicator_more_lenient"],
                 _fmt(r["adjudicator_critical_error_rate_reweighted"], 3),
                 _fmt(r["human_critical_error_rate_reweighted"], 3))
                for _, r in direction.iterrows()
            ),
        ),
        "",
        "## Calibration map (rule: question_fallback)",
        "",
        "Human grades scored at band midpoints "
        + ", ".join(f"{g} {m:g}" for g, m in summary["calibration"]["grade_midpoints"].items())
        + f"; cells with fewer than {summary['calibration']['min_cell']} audited items are sparse.",
        "",
        *_table_lines(
            ["question", "grade", "n", "delta", "applied delta", "source"],
            (
                (r["question"], r["grade"], r["n"], r["delta"], r["applied_delta"], r["source"])
                for _, r in cal_map[cal_map["rule"] == "question_fallback"].iterrows()
            ),
        ),
        "",
        "## Calibrated means (audited population)",
        "",
        *_table_lines(
            ["rule", "question", "n", "mean", "calibrated mean", "not calibrated"],
            (
                (r["rule"], r["question"], r["n"], r["mean"], r["calibrated_mean"],
                 r["not_calibrated"])
                for _, r in cal_means.iterrows()
            ),
        ),
    ]  # fmt: skip
    return "\n".join(lines) + "\n"


def _baseline_report(
    audit_dir: Path, out: Path, store: AuditStore, manifest: list[dict[str, Any]], people: list
) -> list[Path]:
    """Write a baseline audit's answers (reviewer, time, segment) and a short summary."""
    segments = {item["audit_id"]: item["segment"] for item in manifest}
    cases = {item["audit_id"]: item["case_id"] for item in manifest}
    answers = pd.DataFrame(store.answers())
    if answers.empty:
        raise ValueError(f"{audit_dir}: no answers recorded yet")
    answers["segment"] = answers["audit_id"].map(segments)
    answers["case_id"] = answers["audit_id"].map(cases)
    table = answers[
        ["reviewer", "audit_id", "case_id", "segment", "question", "answer", "created_at",
         "updated_at", "revision"]
    ]  # fmt: skip
    summary = {
        "audit": {
            "kind": "baseline",
            "cases": len(manifest),
            "reviewers": [p["name"] for p in people],
            "reviewers_submitted": [p["name"] for p in people if p["submitted_at"]],
        },
        "answers": len(table),
    }
    text = (
        "# Human baseline answers\n\n"
        f"{len(table)} answers to {len(manifest)} cases from {len(people)} reviewers. Export them "
        "with `clinbench audit export-baseline` and score them through the normal pipeline.\n"
    )
    return _write_atomic(
        {
            "answers.csv": table,
            "events.csv": pd.DataFrame(store.events()),
            "summary.json": json.dumps(summary, indent=2) + "\n",
            "report.md": text,
        },
        out,
    )


def _reference_report(
    audit_dir: Path, out: Path, store: AuditStore, *, seed: int, n_boot: int
) -> list[Path]:
    """Write a reference audit's tables (audit.reference), its labels and events."""
    from clinbench.audit.reference import reference_labels, reference_tables

    names = {"Reference labels": "reference_labels.csv",
             "Reviewer agreement": "reference_agreement.csv",
             "Reviewer pairs": "reference_pairs_loo.csv",
             "Grading fidelity": "grading_fidelity.csv",
             "Scores with": "corrected_scores.csv"}  # fmt: skip
    tables = reference_tables(audit_dir, n_boot=n_boot, seed=seed)
    files: dict[str, str | pd.DataFrame] = {
        file: table
        for caption, table in tables.items()
        for start, file in names.items()
        if caption.startswith(start)
    }
    files["labels.csv"] = reference_labels(audit_dir)
    files["events.csv"] = pd.DataFrame(store.events())
    lines = ["# Reference audit", ""]
    for caption, table in tables.items():
        lines += [f"## {caption}", "", table.to_markdown(index=False, floatfmt=".3f"), ""]
    files["report.md"] = "\n".join(lines)
    return _write_atomic(files, out)
