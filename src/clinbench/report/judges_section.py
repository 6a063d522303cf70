"""Who judged a score, and how well that judge agrees with human labels.

A judge-derived score (a rubric grade from an LLM adjudicator or from clinbench's rules
grader) means little without the judge's agreement with clinicians: AudiologyBench found its
adjudicator's per-item agreement with audiologists on one question near chance (quadratic
kappa 0.05) although the pooled scores looked plausible. So every judged number in the
report and the console names its judge and, beside it, either the agreement with human audit
labels (from ``clinbench audit report`` output given as ``report --audit DIR``) or the words
"not validated against human labels".

Agreement figures come from ``clinbench.stats.agreement.agreement_summary`` (quadratic-
weighted kappa of grades, kappa and PABAK of the critical-error flag, seeded bootstrap CIs).
"""

from __future__ import annotations

import ast
import json
import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from clinbench.audit.audit_errors import AuditInputError
from clinbench.io import read_own_csv
from clinbench.scoring.panel import JUDGE_SCORER
from clinbench.stats.judge_agreement import FLEISS

NOT_VALIDATED = "not validated against human labels"
AUDIT_ITEMS_FILE = "items.csv"  # one row per audited reply, written by `clinbench audit report`
AUDIT_COLUMNS = ("task", "scorer", "adjudicator_grade", "human_grade",
                 "adjudicator_critical_error", "human_critical_error")  # fmt: skip


def _judge_of(metadata: object) -> dict | None:
    """Return the judge record of one score_metadata cell (a dict), or None if it has none."""
    if isinstance(metadata, str):
        if '"judge"' not in metadata and "'judge'" not in metadata:
            return None
        try:
            metadata = json.loads(metadata)
        except json.JSONDecodeError:
            return None
    if not isinstance(metadata, dict):
        return None
    judge = metadata.get("judge")
    if isinstance(judge, str):  # older logs kept the record as its Python repr
        try:
            judge = ast.literal_eval(judge)
        except (ValueError, SyntaxError):
            judge = {"model": judge}
    return judge if isinstance(judge, dict) else None


def judge_description(model: str, role: str = "") -> str:
    """Return how a judge is named to a reader: live LLM, replayed replies, or rules."""
    model = str(model)
    if role == "rules" or model.startswith("clinbench/rules") or "rules grader" in model:
        return f"{model} (deterministic rules, not an LLM judge)"
    if model.startswith("clinbench/replay/"):
        return f"{model} (replayed judge replies, not a live LLM call)"
    if model.startswith("clinbench/chance"):
        return f"{model} (random baseline, not a judge)"
    return f"{model} (LLM judge)"


def panel_description(judge: dict) -> str:
    """Return a judge record in words; a panel names its rule and each of its judges."""
    models = judge.get("models")
    if isinstance(models, list) and models:
        rule = str(judge.get("model", "")).removeprefix("panel:") or "panel"
        named = "; ".join(judge_description(m) for m in models)
        return f"panel of {len(models)} judges ({rule} of those that answered): {named}"
    return judge_description(judge["model"], judge.get("role", ""))


def judges(results: pd.DataFrame) -> pd.DataFrame:
    """Return the judges behind judge-derived scores: one row per (suite, task, scorer).

    Columns: suite, task, scorer, judge (each judge named as :func:`judge_description` does,
    '; '-joined when several judged the rows). Scorers whose scores carry no judge record
    (exact match, WER, the fact checker) are not listed: their scores are judge-independent.
    """
    columns = ["suite", "task", "scorer", "judge"]
    if "score_metadata" not in results.columns or results.empty:
        return pd.DataFrame(columns=columns)
    found: dict[tuple[str, str, str], set[str]] = {}
    cells = results[["suite", "task", "scorer"]].fillna("").astype(str)
    cells["_judge"] = results["judge"].fillna("").astype(str) if "judge" in results else ""
    cells["_metadata"] = results["score_metadata"]
    try:  # rows repeat a few (scorer, judge, metadata) cells: read each distinct one once
        cells = cells.drop_duplicates()
    except TypeError:  # unhashable metadata cells (dicts): read every row
        pass
    for suite, task, scorer, named, metadata in cells.itertuples(index=False, name=None):
        key = (suite, task, scorer)
        if named and JUDGE_SCORER.match(scorer):
            # one judge's rows of a panel (SCORER[judgeN]): the judge column names it
            found.setdefault(key, set()).add(judge_description(named))
            continue
        judge = _judge_of(metadata)
        if judge is None or not judge.get("model"):
            continue
        found.setdefault(key, set()).add(panel_description(judge))
    rows = [(*key, "; ".join(sorted(names))) for key, names in sorted(found.items())]
    return pd.DataFrame(rows, columns=columns)


# ---------------------------------------------------------------------------- audit labels


def read_audit(path: str | Path) -> pd.DataFrame:
    """Return the audited replies with their human consensus labels.

    `path` is the folder written by ``clinbench audit report AUDIT --out DIR`` (its
    ``items.csv``) or that CSV itself. Rows without a human label yet are dropped.
    """
    path = Path(path)
    file = path / AUDIT_ITEMS_FILE if path.is_dir() else path
    if not file.is_file():
        raise AuditInputError(
            f"{file}: no such file (write it with `clinbench audit report AUDIT_DIR --out DIR`)"
        )
    try:
        frame = read_own_csv(file, dtype=str, keep_default_na=False, na_values=[""])
    except (pd.errors.ParserError, UnicodeDecodeError) as exc:
        raise AuditInputError(f"{file}: cannot read as CSV: {exc}") from exc
    missing = [c for c in AUDIT_COLUMNS if c not in frame.columns]
    if missing:
        raise AuditInputError(f"{file}: line 1: missing column(s) {', '.join(missing)}")
    frame = frame[frame["human_grade"].notna()].copy()
    # the adjudicator's flag is "unknown" where the fact check read no claim: None here,
    # left out of the critical-error agreement and counted (never "no critical error")
    for column in ("adjudicator_critical_error", "human_critical_error"):
        frame[column] = (
            frame[column]
            .astype(str)
            .str.strip()
            .str.lower()
            .map({"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False})
        )
    return frame


@dataclass
class AgreementOptions:
    """Seed and resamples of the agreement bootstraps."""

    seed: int = 0
    n_boot: int = 2000


def human_agreement(audit: pd.DataFrame, options: AgreementOptions | None = None) -> pd.DataFrame:
    """Return the judge's agreement with human labels per (task, scorer), and per question.

    Columns: task, scorer, question ('all', then each question type when there are
    several), n, grade_kappa_quadratic, grade_kappa_quadratic_CI95%, critical_error_n,
    critical_error_unknown, critical_error_kappa, critical_error_kappa_CI95%,
    critical_error_PABAK.
    """
    options = options or AgreementOptions()
    rows = []
    has_question = "question" in audit.columns
    for (task, scorer), part in audit.groupby(["task", "scorer"], sort=True):
        scopes = [("all", part)]
        if has_question and part["question"].nunique() > 1:
            # per question type: AudiologyBench's judge agreed on Q2/Q3 but not on Q1
            scopes += [(str(q), p) for q, p in part.groupby("question", sort=True)]
        for question, scope in scopes:
            rows.append({"task": task, "scorer": scorer, "question": question,
                         **_agreement(scope, options)})  # fmt: skip
    return pd.DataFrame(rows)


def _agreement(part: pd.DataFrame, options: AgreementOptions) -> dict:
    """Return n, grade weighted kappa (CI), critical-error kappa (CI) and PABAK of a scope.

    The critical-error figures cover the rows whose two flags are known
    (``critical_error_n``); ``critical_error_unknown`` counts those whose adjudicator flag
    is not known (the fact check read no claim).
    """
    from clinbench.audit.labels import GRADES
    from clinbench.stats.agreement import agreement_summary

    grade = agreement_summary(part, "adjudicator_grade", "human_grade", kind="ordinal",
                              categories=GRADES, n_boot=options.n_boot,
                              seed=options.seed)  # fmt: skip
    flags = part.dropna(subset=["adjudicator_critical_error", "human_critical_error"])
    unknown = int(part["adjudicator_critical_error"].isna().sum())
    nothing = {"kappa": math.nan, "kappa_ci": (math.nan, math.nan), "pabak": math.nan}
    flag = (
        agreement_summary(flags.astype({"adjudicator_critical_error": bool,
                                        "human_critical_error": bool}),
                          "adjudicator_critical_error", "human_critical_error",
                          kind="binary", n_boot=options.n_boot, seed=options.seed)
        if len(flags) else nothing
    )  # fmt: skip
    return {
        "n": grade["n"],
        "grade_kappa_quadratic": grade["kappa_quadratic"],
        "grade_kappa_quadratic_CI95%": tuple(grade["kappa_quadratic_ci"]),
        "critical_error_n": len(flags),
        "critical_error_unknown": unknown,
        "critical_error_kappa": flag["kappa"],
        "critical_error_kappa_CI95%": tuple(flag["kappa_ci"]),
        "critical_error_PABAK": flag["pabak"],
    }


def _num(value: float) -> str:
    return "n/a" if value != value else f"{value:.2f}"


def agreement_text(row: pd.Series) -> str:
    """Return one agreement row in words: weighted and binary kappa with CIs, PABAK, n."""
    low, high = row["grade_kappa_quadratic_CI95%"]
    clow, chigh = row["critical_error_kappa_CI95%"]
    unknown = row.get("critical_error_unknown")
    if unknown is None or pd.isna(unknown):  # a table from before the count was kept
        left_out = " (how many had the judge's critical errors not known: not recorded)"
    elif int(unknown):
        left_out = (
            f" (n = {int(row['critical_error_n'])}; {int(unknown)} with the judge's critical "
            "errors not known left out)"
        )
    else:
        left_out = ""
    return (
        f"agreement with human labels (n = {int(row['n'])}): grade weighted κ "
        f"{_num(row['grade_kappa_quadratic'])} [{_num(low)}, {_num(high)}]; critical error "
        f"κ {_num(row['critical_error_kappa'])} [{_num(clow)}, {_num(chigh)}], "
        f"PABAK {_num(row['critical_error_PABAK'])}{left_out}"
    )


def panel_agreement(results: pd.DataFrame, options=None) -> pd.DataFrame:
    """Return the agreement among each panel's judges (``stats.judge_agreement``).

    Seeded and resampled like the report's bootstraps (at most 2,000 resamples). Empty when
    no scorer has two or more judges.
    """
    from clinbench.stats.judge_agreement import judge_agreement

    if (
        "judge" not in results.columns
        or not results["scorer"].astype(str).str.match(JUDGE_SCORER).any()
    ):
        return pd.DataFrame()
    seed = getattr(options, "seed", 0)
    n_boot = min(getattr(options, "n_boot", 2000), 2000)
    return judge_agreement(results, n_boot=n_boot, seed=seed)


def panel_agreement_text(rows: pd.DataFrame) -> str:
    """Return a panel's agreement in words: Fleiss' kappa and each pair's weighted kappa."""
    rows = rows[rows["question"] == "all"]
    parts = []
    for row in rows.to_dict(orient="records"):
        low, high = row["CI95%"]
        figure = f"{_num(row['kappa'])} [{_num(low)}, {_num(high)}] (n = {row['n']})"
        if row["measure"] == FLEISS:
            parts.insert(0, f"agreement among its {row['judges']} judges: Fleiss κ {figure}")
        else:
            parts.append(f"weighted κ {row['judge_a']} vs {row['judge_b']} {figure}")
    return "; ".join(parts)


def reliability(
    results: pd.DataFrame, agreement: pd.DataFrame | None = None, options=None
) -> pd.DataFrame:
    """Return per judged (suite, task, scorer): the judge and its agreement with humans.

    Columns: suite, task, scorer, judge, human_agreement (in words; NOT_VALIDATED where no
    audit covers the scorer), audited (n of audited replies; 0 without an audit),
    panel_agreement (for a judge panel: Fleiss' kappa among its judges and each pair's
    quadratic-weighted kappa, with CIs and n, in words; '' otherwise). A panel's judge
    cell ends with its agreement, so every table that names the judge shows it too.
    """
    table = judges(results)
    panels = panel_agreement(results, options)
    words = []
    for row in table.itertuples(index=False):
        text = ""
        if not panels.empty:
            text = panel_agreement_text(
                panels[(panels["task"] == row.task) & (panels["scorer"] == row.scorer)]
            )
        words.append(text)
    table["judge"] = [f"{j} — {w}" if w else j for j, w in zip(table["judge"], words,
                                                                 strict=True)]  # fmt: skip
    texts, counts = [], []
    for row in table.itertuples(index=False):
        match = pd.DataFrame()
        if agreement is not None and not agreement.empty:
            match = agreement[
                (agreement["task"] == row.task)
                & (agreement["scorer"] == row.scorer)
                & (agreement["question"] == "all")
            ]
        if match.empty:
            texts.append(NOT_VALIDATED)
            counts.append(0)
        else:
            texts.append(agreement_text(match.iloc[0]))
            counts.append(int(match.iloc[0]["n"]))
    table["human_agreement"] = texts
    table["audited"] = counts
    table["panel_agreement"] = words
    return table


def reliability_note(table: pd.DataFrame, scorer: str, task: str | None = None) -> str:
    """Return 'Judge: ...; <agreement or not validated>' for a scorer ('' if not judged)."""
    rows = table[table["scorer"] == scorer]
    if task is not None:
        rows = rows[rows["task"] == task]
    if rows.empty:
        return ""
    from clinbench.report.glossary import plain_label

    name = plain_label(scorer)  # the suite card's words; the code name is in the glossary
    parts = [f"Judge of {name}: {r.judge} — {r.human_agreement}" for r in rows.itertuples()]
    return " ".join(dict.fromkeys(parts))


def audit_agreement(audit: str | Path, options=None) -> pd.DataFrame:
    """Return :func:`human_agreement` of an audit folder, seeded like the report's bootstraps.

    Resamples are the report's, capped at 2,000 (AudiologyBench's B).
    """
    seed = getattr(options, "seed", 0)
    n_boot = min(getattr(options, "n_boot", 2000), 2000)
    return human_agreement(read_audit(audit), AgreementOptions(seed=seed, n_boot=n_boot))
