"""Chain-of-thought trace coding (SLPHelm Figure 7): which reasoning behaviours each trace shows.

The behaviours, their definitions, the offline keyword rules and the judge prompt live in
``cot_rubric.yaml`` beside this file. Traces are coded either by the keyword rules (offline,
deterministic) or by a judge model bound to Inspect's ``grader`` role (an Inspect eval whose
scorer asks the judge; an unreadable judge reply is recorded as unscored, never as "absent").
Per model, each behaviour's rate among the coded traces comes with a Wilson interval, and,
as in the paper's figure, the share of the traces showing it that ended in a correct answer.
A traces file that carries hand labels (a 0/1 column per behaviour id) also gets the coder's
agreement with them (Cohen's kappa with a bootstrap interval).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.errors import InputFileError

RUBRIC_PATH = Path(__file__).with_name("cot_rubric.yaml")
LABELLED_TRACES = Path(__file__).with_name("data") / "cot_traces_labelled.csv"
# Longest trace read (characters): the rules and the judge see this much; longer traces are
# cut, and the cut is counted in the coded table's `truncated` column.
MAX_TRACE_CHARS = 20_000
CORRECT = "correct"


class TraceCodingError(InputFileError, ValueError):
    """A traces file, or the rubric, that cannot be coded: the message says why."""


@dataclass(frozen=True)
class Behaviour:
    """One coded behaviour: its id (a column name), plain name, definition, keyword cues."""

    id: str
    name: str
    definition: str
    cues: tuple[re.Pattern[str], ...]


@functools.cache
def rubric() -> tuple[tuple[Behaviour, ...], str]:
    """Return (the behaviours, the judge prompt template) of ``cot_rubric.yaml``."""
    import yaml

    data = yaml.safe_load(RUBRIC_PATH.read_text(encoding="utf-8"))
    behaviours = tuple(
        Behaviour(
            id=b["id"],
            name=b["name"],
            definition=" ".join(str(b["definition"]).split()),
            cues=tuple(re.compile(c, re.IGNORECASE) for c in b["cues"]),
        )
        for b in data["behaviours"]
    )
    return behaviours, str(data["judge_prompt"])


def behaviour_ids() -> list[str]:
    """Return the behaviour ids, in the rubric's order."""
    return [b.id for b in rubric()[0]]


def code_by_rules(trace: str) -> dict[str, bool]:
    """Return {behaviour id: True when any of its keyword cues occurs in the trace}."""
    text = str(trace)[:MAX_TRACE_CHARS]
    return {b.id: any(c.search(text) for c in b.cues) for b in rubric()[0]}


def judge_prompt(trace: str) -> str:
    """Return the prompt the judge reads for one trace."""
    import json

    behaviours, template = rubric()
    listed = "\n".join(f"- {b.id} ({b.name}): {b.definition}" for b in behaviours)
    example = json.dumps({b.id: False for b in behaviours})
    return template.format(behaviours=listed, trace=str(trace)[:MAX_TRACE_CHARS], example=example)


def read_judge_reply(reply: str) -> tuple[dict[str, bool] | None, str]:
    """Return ({behaviour id: bool}, '') from a judge reply, or (None, why it cannot be read).

    The reply must hold exactly one JSON object with a true/false value for every behaviour
    id; nothing is guessed from prose.
    """
    from clinbench.scoring.extract import json_objects

    objects = json_objects(reply)
    if len(objects) != 1:
        return None, "no JSON object" if not objects else "more than one JSON object"
    found = objects[0]
    codes = {}
    for behaviour in behaviour_ids():
        value = found.get(behaviour)
        if not isinstance(value, bool):
            return None, f"{behaviour}: expected true or false, got {value!r}"
        codes[behaviour] = value
    return codes, ""


def read_traces(path: str | Path) -> pd.DataFrame:
    """Return the traces of a results table (.parquet/.csv): model, item_id, response, outcome.

    From a results table with chain-of-thought conditions (a ``cot`` part in the condition),
    only those rows; otherwise every row is a trace (a file of traces, such as the bundled
    hand-labelled set). Hand-label columns named as behaviour ids are kept.
    """
    from clinbench.results.table import ResultsFileError, read_results
    from clinbench.stats._common import StatsInputError, to_binary

    try:
        table = read_results(
            path, required=("model", "item_id", "response", "outcome"), line_column="_line"
        )
    except ResultsFileError as err:
        raise TraceCodingError(str(err)) from err
    for column in [c for c in behaviour_ids() if c in table.columns]:  # hand labels
        for line, value in zip(table["_line"], table[column], strict=True):
            try:
                to_binary(pd.Series([value]), column)
            except StatsInputError:
                raise TraceCodingError(
                    f"{path}:{line}: {column}: {value!r} is not a label (1/0, true/false, yes/no)"
                ) from None
    table = table.drop(columns="_line")
    if "condition" in table.columns:
        parts = table["condition"].fillna("").astype(str).str.split("+")
        cot = parts.map(lambda p: "cot" in p)
        if cot.any():
            table = table[cot.to_numpy()]
    table = table[table["response"].notna()].reset_index(drop=True)
    if table.empty:
        raise TraceCodingError(f"{path}: no reasoning traces (no row with a response)")
    return table


def code_traces_by_rules(traces: pd.DataFrame) -> pd.DataFrame:
    """Return the traces with one bool column per behaviour (the keyword rules), coder='rules'."""
    codes = pd.DataFrame([code_by_rules(t) for t in traces["response"]], index=traces.index)
    return _with_codes(traces, codes, "rules")


def _with_codes(traces: pd.DataFrame, codes: pd.DataFrame, coder: str) -> pd.DataFrame:
    from clinbench.stats._common import to_binary

    out = traces.drop(columns=[c for c in behaviour_ids() if c in traces.columns])
    labels = pd.DataFrame(index=traces.index)
    for column in [c for c in behaviour_ids() if c in traces.columns]:  # read_traces checked
        labels[f"label_{column}"] = to_binary(traces[column], column)
    out = out.join(codes).join(labels)
    out["coder"] = coder
    out["truncated"] = traces["response"].astype(str).str.len() > MAX_TRACE_CHARS
    if "coded" not in out.columns:
        out["coded"] = True
    return out


def behaviour_rates(coded: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Return per model and behaviour: traces, coded, shown, rate with its Wilson interval,
    and correct-when-shown (share of the traces showing it that ended correct) with its own.

    Traces the judge could not code (``coded`` False) are in no denominator and are counted
    apart: ``judge call failed`` (the call itself failed) and ``unscored`` (a reply that
    could not be read).
    """
    from clinbench.stats.proportions import wilson_interval

    rows = []
    for model, group in coded.groupby("model", sort=True):
        ok = group[group["coded"].astype(bool)]
        failed = (
            int(group["judge_call_failed"].astype(bool).sum())
            if "judge_call_failed" in group
            else 0
        )
        for behaviour in behaviour_ids():
            shown = ok[ok[behaviour].astype(bool)]
            correct = int((shown["outcome"] == CORRECT).sum())
            rows.append(
                {
                    "model": model,
                    "behaviour": behaviour,
                    "traces": len(group),
                    "judge call failed": failed,
                    "unscored": len(group) - len(ok) - failed,
                    "shown": len(shown),
                    "rate": len(shown) / len(ok) if len(ok) else float("nan"),
                    "CI95%": wilson_interval(len(shown), len(ok), confidence),
                    "correct when shown": correct / len(shown) if len(shown) else float("nan"),
                    "CI95% (correct)": wilson_interval(correct, len(shown), confidence),
                }
            )
    return pd.DataFrame(rows)


def agreement_with_labels(coded: pd.DataFrame, n_boot: int = 2000, seed: int = 0) -> pd.DataFrame:
    """Return per behaviour the coder's agreement with the hand labels: n, coder and label
    positives, percent agreement, Cohen's kappa with its bootstrap interval.

    Needs ``label_<behaviour>`` columns (a traces file with hand labels); traces the coder
    could not code are left out (n counts the pairs used).
    """
    from clinbench.stats.agreement import cohen_kappa

    missing = [b for b in behaviour_ids() if f"label_{b}" not in coded.columns]
    if missing:
        raise TraceCodingError(f"no hand labels for {', '.join(missing)} in the traces file")
    rows = []
    ok = coded[coded["coded"].astype(bool)]
    for behaviour in behaviour_ids():
        pair = pd.DataFrame(
            {"coder": ok[behaviour].astype(bool), "label": ok[f"label_{behaviour}"]}
        )
        kappa = cohen_kappa(pair, "coder", "label", binary=True, n_boot=n_boot, seed=seed)
        rows.append(
            {
                "behaviour": behaviour,
                "n": len(pair),
                "coder shows": int(pair["coder"].sum()),
                "labels show": int(pair["label"].sum()),
                "agreement": float((pair["coder"] == pair["label"]).mean()),
                "kappa": float(kappa["kappa"].iloc[0]),
                "CI95%": kappa["CI95%"].iloc[0],
            }
        )
    return pd.DataFrame(rows)


# ------------------------------------------------------------------------- the judge role


JUDGE_CALL_FAILED = "the judge's call failed"


def cot_judge_scorer() -> Any:
    """Return the Inspect scorer asking the ``grader`` role to code one trace (the sample input).

    Value: 1.0 per behaviour shown, 0.0 not shown (a dict keyed by behaviour id); a judge reply
    that cannot be read, or a failed call, is ``Score.unscored`` with the reason. A failed
    call carries ``unscored_cause`` = ``call_failed`` in its metadata (as a grader's does in
    ``run``) and the provider's own words as the cause.
    """
    from inspect_ai.model import get_model
    from inspect_ai.scorer import Score, mean, scorer

    from clinbench.model_errors import call_failure_cause
    from clinbench.scoring import outcomes

    # each behaviour's share of coded replies (a mean of 0/1 codes), not an accuracy to estimate
    @scorer(metrics={b: [mean()] for b in behaviour_ids()}, name="cot_behaviour_judge")
    def cot_behaviour_judge() -> Any:
        async def score(state: Any, target: Any) -> Score:
            try:
                output = await get_model(role="grader").generate(judge_prompt(state.input_text))
            except Exception as err:  # noqa: BLE001 - a failed judge call is recorded, not raised
                return Score.unscored(
                    reason=f"{JUDGE_CALL_FAILED}: {call_failure_cause(err)}",
                    metadata={"unscored_cause": outcomes.CALL_FAILED},
                )
            codes, why = read_judge_reply(output.completion)
            if codes is None:
                return Score.unscored(reason=why, answer=output.completion)
            return Score(value={b: float(v) for b, v in codes.items()}, answer=output.completion)

        return score

    return cot_behaviour_judge()


def code_traces_by_judge(
    traces: pd.DataFrame, judge: str | Any, log_dir: str | Path, **eval_args: Any
) -> pd.DataFrame:
    """Return the traces coded by a judge model bound to the ``grader`` role (coder = its name).

    One Inspect eval, one sample per trace; nothing asks the model under test (a no-op solver
    and Inspect's mock model). Unreadable judge replies and failed calls give ``coded`` False
    and the reason in ``judge_note``; ``judge_call_failed`` tells the failed calls apart.
    ``eval_args`` go to Inspect (max_samples, ...).
    """
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import MemoryDataset, Sample
    from inspect_ai.solver import solver

    @solver
    def keep_trace() -> Any:
        async def solve(state: Any, generate: Any) -> Any:
            return state

        return solve

    samples = [
        Sample(id=str(i), input=str(t)[:MAX_TRACE_CHARS]) for i, t in enumerate(traces["response"])
    ]
    from clinbench.solvers.provider_errors import plain_provider_errors

    task = Task(
        dataset=MemoryDataset(samples), setup=plain_provider_errors(), solver=keep_trace(),
        scorer=cot_judge_scorer(), name="slp_cot_coding",
    )  # fmt: skip
    (log,) = inspect_eval(
        task, model="mockllm/model", model_roles={"grader": judge}, log_dir=str(log_dir),
        display="none", **eval_args,
    )  # fmt: skip
    import math

    from clinbench.scoring import outcomes

    found: dict[int, tuple[dict[str, bool] | None, str, bool]] = {}
    for sample in log.samples or []:
        score = (sample.scores or {}).get("cot_behaviour_judge")
        if score is None:
            found[int(sample.id)] = (
                None,
                str(sample.error.message if sample.error else "no score"),
                False,
            )
        elif isinstance(score.value, dict):
            found[int(sample.id)] = ({b: bool(v) for b, v in score.value.items()}, "", False)
        elif isinstance(score.value, float) and math.isnan(score.value):
            failed = (score.metadata or {}).get("unscored_cause") == outcomes.CALL_FAILED
            note = str(score.reason or score.explanation or "unscored")
            found[int(sample.id)] = (None, note, failed)
    rows = []
    for i in range(len(traces)):
        codes, note, failed = found.get(i, (None, "not scored", False))
        # a trace the judge did not code has no behaviour values (missing, not "not shown")
        rows.append({**(codes or dict.fromkeys(behaviour_ids())),
                     "coded": codes is not None, "judge_call_failed": failed,
                     "judge_note": note})  # fmt: skip
    codes = pd.DataFrame(rows, index=traces.index)
    name = judge if isinstance(judge, str) else str(getattr(judge, "name", "judge"))
    return _with_codes(traces, codes, name)


def judge_call_failures(coded: pd.DataFrame, judge: str) -> list[str]:
    """Return the line naming the judge whose calls failed (how many, of how many, the first
    cause), as ``run`` names a grader's; [] when no call failed."""
    if "judge_call_failed" not in coded or not coded["judge_call_failed"].any():
        return []
    failed = coded[coded["judge_call_failed"].astype(bool)]
    cause = str(failed["judge_note"].iloc[0]).removeprefix(f"{JUDGE_CALL_FAILED}: ")
    return [
        f"grader {judge}: {len(failed)} of {len(coded)} judge calls failed (the call failed; "
        f"unscored, never coded); first cause: {cause}"
    ]


@dataclass(frozen=True)
class CotTables:
    """What ``clinbench slp cot`` prints: its tables, and the lines of failed judge calls."""

    tables: list[tuple[str, pd.DataFrame, list[str]]]
    failures: list[str]


def cot_tables(
    path: str | Path,
    judge: str | None = None,
    judge_args: dict[str, Any] | None = None,
    log_dir: str | Path | None = None,
) -> CotTables:
    """Return the tables of ``clinbench slp cot`` (behaviour rates per model, and agreement
    with the hand labels where the traces file has them) and the failed judge calls.

    Without ``judge`` the keyword rules code the traces; with it, that Inspect model (built
    with ``judge_args``) bound to the grader role, its eval logged in ``log_dir`` (default: a
    new temporary folder). A judge that cannot be built raises TraceCodingError; a judge
    whose calls failed gives :func:`judge_call_failures`' line (the command exits 3).
    """
    traces = read_traces(path)
    failures: list[str] = []
    if judge is None:
        coded = code_traces_by_rules(traces)
        who = "the keyword rules (offline)"
    else:
        import tempfile

        from inspect_ai.model import get_model

        try:
            model = get_model(judge, **(judge_args or {}))
        except Exception as err:  # noqa: BLE001 - providers raise many kinds; all are reported
            from clinbench.model_errors import explain_model_error

            raise TraceCodingError(f"judge {judge}: {explain_model_error(judge, err)}") from err
        folder = log_dir or tempfile.mkdtemp(prefix="clinbench-cot-")
        coded = code_traces_by_judge(traces, model, folder)
        failures = judge_call_failures(coded, judge)
        who = f"the judge {judge} (grader role; logs in {folder})"
    notes = [
        f"Coded by {who}. Rate: traces showing the behaviour / traces coded, 95% Wilson "
        "interval; correct when shown: the share of those traces that ended in a correct "
        "answer (SLPHelm Figure 7). Judge call failed: the call itself failed; unscored: "
        "judge replies that could not be read (both are left out of the rates)."
    ]
    if coded["truncated"].any():
        notes.append(f"{int(coded['truncated'].sum())} traces were cut at {MAX_TRACE_CHARS} "
                     "characters before coding.")  # fmt: skip
    out = [("Reasoning behaviours per model", behaviour_rates(coded), notes)]
    if all(f"label_{b}" in coded.columns for b in behaviour_ids()):
        out.append(
            (
                "Agreement with the hand labels",
                agreement_with_labels(coded),
                [
                    "Cohen's kappa between the coder and the hand labels (percentile bootstrap "
                    "interval over traces); agreement is the share of traces coded alike."
                ],
            )  # fmt: skip
        )
    return CotTables(out, failures)
