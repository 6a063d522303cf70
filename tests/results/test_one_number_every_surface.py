"""One run's accuracy and its interval are the same number on every surface (surf31 item 4).

A run of 2 epochs in which some items have a parse failure in one epoch printed accuracy
0.171 (95% CI 0.085-0.314) in the console summary, ``analyze`` and the report, while the
Inspect log's own ``accuracy`` (what ``inspect view`` shows first) was 0.214: Inspect's
reducer averages each item's epochs before its metric, a different estimator, and the log
held no interval for the answered accuracy at all. The log's ``accuracy``/``stderr`` and
``accuracy_answered`` with its interval now come from the one estimator
(``clinbench.stats.repeated_epochs.accuracy_two_denominators``) as every other surface's do.
This runs one small eval end to end (a frozen replay: offline) and reads the number from the
console summary, ``clinbench analyze``, the HTML report, ``clinbench results export`` and
the .eval log (``inspect_ai.log.read_eval_log``), and the log of the same eval run by a bare
``inspect eval clinbench/clinbench_items``, which clinbench never rewrites: the tasks' own
``accuracy``/``stderr`` metrics are the one estimator's (surf32). The report prints the
same numbers at the precision their interval supports (0.42 [0.31, 0.53] for the console's
0.416 (0.312-0.527)). Every suite's closed-answer task, run by a bare ``inspect eval`` on its
offline model, logs the same estimator for every scorer that logs an accuracy: the scorers of
``clinbench.scoring`` (normalised match, the adjudicator) and SLPHelm's label scorer, with
its interval (surf33).
"""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from inspect_ai.log import read_eval_log
from typer.testing import CliRunner

from clinbench.cli import _mount, app

N_ITEMS = 40
MODEL = "surface-model"


def _bank(tmp_path):
    items = [{"id": f"q{i}", "format": "mcq", "stem": f"Question {i}?",
              "options": {"A": "a", "B": "b", "C": "c"}, "answer": "ABC"[i % 3]}
             for i in range(N_ITEMS)]  # fmt: skip
    (tmp_path / "items.jsonl").write_text("".join(json.dumps(i) + "\n" for i in items))
    replies = []
    for i, item in enumerate(items):
        wrong = "ABC"[(i + 1) % 3]
        first = item["answer"] if i % 3 == 0 else wrong
        second = item["answer"] if i % 2 == 0 else wrong
        if i < 3:  # a parse failure in epoch 2 of three items (under the 10% ranking bar)
            second = "Hmm."
        replies += [{"item_id": item["id"], "model": MODEL, "epoch": 1,
                     "response": f"ANSWER: {first}"},
                    {"item_id": item["id"], "model": MODEL, "epoch": 2,
                     "response": second if second == "Hmm." else f"ANSWER: {second}"}]  # fmt: skip
    (tmp_path / "replies.jsonl").write_text("".join(json.dumps(r) + "\n" for r in replies))
    return tmp_path / "items.jsonl", tmp_path / "replies.jsonl"


def _cli(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result


def test_the_accuracy_and_its_interval_agree_on_every_surface(tmp_path):
    _mount()
    items, replies = _bank(tmp_path)
    logs, results = tmp_path / "logs", tmp_path / "results.parquet"
    run = _cli("run", items, "-m", f"clinbench/replay/{MODEL}", "-M", f"responses={replies}",
               "--epochs", 2, "--log-dir", logs, "--out", results, "--display", "none")  # fmt: skip
    assert run.exit_code == 0, run.output
    said = " ".join(run.output.split())
    # the console summary: "accuracy 0.xxx (95% CI a–b), K correct of N answered"
    found = re.search(r"accuracy (\d\.\d{3}) \(95% CI (\d\.\d{3})–(\d\.\d{3})\), "
                      r"(\d+) correct of (\d+) answered", said)  # fmt: skip
    assert found, said
    console = tuple(float(v) for v in found.groups()[:3])
    correct, answered = int(found.group(4)), int(found.group(5))

    # clinbench analyze: the leaderboard table
    assert _cli("analyze", results, "--out", tmp_path / "analysis").exit_code == 0
    (board,) = (tmp_path / "analysis").glob("*leaderboard*accuracy-by-model.csv")
    row = pd.read_csv(board).iloc[0]
    analyzed = (row["accuracy"], row["CI95%_low"], row["CI95%_high"])
    assert (row["correct"], row["n"]) == (correct, answered)

    # the HTML report
    assert _cli("report", results, "--out", tmp_path / "report.html").exit_code == 0
    html = (tmp_path / "report.html").read_text()
    # the report rounds to the precision the interval supports (report.format.interval_text)
    from clinbench.report.format import interval_text

    shown = interval_text(f"{console[0]:.3f}", f"[{console[1]:.3f}, {console[2]:.3f}]")
    assert f">{shown}<" in html, shown

    # clinbench results export: the counts behind the number
    export = _cli("results", "export", logs, "--out", tmp_path / "again.parquet")
    counts = re.search(r"outcomes: (\{.*?\})", export.output).group(1)
    outcomes = json.loads(counts.replace("'", '"'))
    assert outcomes["correct"] == correct
    assert sum(outcomes[o] for o in ("correct", "incorrect", "declined") if o in outcomes) == (
        answered
    )

    # the Inspect log's own metrics
    (path,) = logs.glob("*.eval")
    metrics: dict[str, float] = {}
    for score in read_eval_log(str(path), header_only=True).results.scores:
        if score.name == "item_scorer":
            metrics.update({n: m.value for n, m in score.metrics.items()})
    logged = (metrics["accuracy_answered"], metrics["accuracy_answered_ci_low"],
              metrics["accuracy_answered_ci_high"])  # fmt: skip

    exact = correct / answered
    assert analyzed[0] == pytest.approx(exact) and logged[0] == pytest.approx(exact)
    assert metrics["accuracy"] == pytest.approx(exact)  # what inspect view shows first
    assert analyzed[1:] == pytest.approx(logged[1:])
    for value, printed in zip(logged, console, strict=True):
        assert round(value, 3) == printed, (logged, console)
    # the run is one whose epochs Inspect's reducer would weigh apart (the check has teeth)
    assert outcomes.get("parse_failed") == 3

    # a bare `inspect eval` (no clinbench run to rewrite its log): the task's own metrics
    bare = _bare_inspect_eval(items, replies, tmp_path / "bare")
    assert bare["accuracy"] == pytest.approx(exact)
    assert bare["stderr"] == pytest.approx(metrics["stderr"])
    assert (bare["accuracy_answered_ci_low"], bare["accuracy_answered_ci_high"]) == (
        pytest.approx(logged[1:])
    )


def _bare_inspect_eval(items, replies, log_dir) -> dict[str, float]:
    """Run ``inspect eval clinbench/clinbench_items`` as a user would; return the log's metrics."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "inspect_ai", "eval", "clinbench/clinbench_items",
               "-T", f"items={items}", "--model", f"clinbench/replay/{MODEL}",
               "-M", f"responses={replies}", "--epochs", "2", "--log-dir", str(log_dir),
               "--display", "none"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    (path,) = log_dir.glob("*.eval")
    found: dict[str, float] = {}
    for score in read_eval_log(str(path), header_only=True).results.scores:
        if score.name == "item_scorer":
            found.update({n: m.value for n, m in score.metrics.items()})
    return found


# every suite's closed-answer task on its offline model: (task, model, items)
SUITE_TASKS = [
    ("audiology_objective", "clinbench/chance", 14),
    ("audiology_literature", "clinbench/chance", 10),
    ("ausclin", "clinbench/chance", 12),
    ("slp_disorder", "clinbench/rules", 10),
    ("slp_transcript_diagnosis", "clinbench/rules", 10),
]


@pytest.mark.parametrize(("task", "model", "limit"), SUITE_TASKS)
def test_each_suite_log_holds_the_one_estimator_for_every_accuracy(tmp_path, task, model, limit):
    """A bare ``inspect eval`` of a suite task: each scorer's logged accuracy, stderr and
    interval are the results table's (``accuracy_two_denominators``), not Inspect's own."""
    import subprocess
    import sys

    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    logs = tmp_path / "logs"
    command = [sys.executable, "-m", "inspect_ai", "eval", f"clinbench/{task}", "--model", model,
               "--limit", str(limit), "--epochs", "2", "--log-dir", str(logs),
               "--display", "none"]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    (path,) = logs.glob("*.eval")
    logged = {s.name: {n: m.value for n, m in s.metrics.items()}
              for s in read_eval_log(str(path), header_only=True).results.scores}  # fmt: skip
    accurate = {name: m for name, m in logged.items() if "accuracy" in m}
    assert accurate, logged
    for name, metrics in accurate.items():  # Inspect's own accuracy() logs no interval
        assert {"stderr", "accuracy_answered_ci_low", "accuracy_answered_ci_high"} <= set(
            metrics
        ), (name, sorted(metrics))

    _mount()
    export = _cli("results", "export", logs, "--out", tmp_path / "results.parquet")
    assert export.exit_code == 0, export.output
    table = accuracy_two_denominators(pd.read_parquet(tmp_path / "results.parquet"), by=["scorer"])
    checked = 0
    for row in table.to_dict("records"):
        metrics = accurate.get(row["scorer"])
        if metrics is None or not row["answered"]:
            continue
        checked += 1
        assert metrics["accuracy"] == pytest.approx(row["accuracy_answered"]), row["scorer"]
        assert metrics["stderr"] == pytest.approx(row["se_cluster_answered"], nan_ok=True)
        assert (metrics["accuracy_answered_ci_low"], metrics["accuracy_answered_ci_high"]) == (
            pytest.approx((row["ci_answered_low"], row["ci_answered_high"]))
        ), row["scorer"]
    assert checked, (task, table.to_dict("records"))
