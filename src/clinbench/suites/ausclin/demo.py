"""What the clinical-policy suite adds to ``clinbench demo``: offline runs and a summary.

Five fake models answer from frozen replies (``data/replay_*.csv``): a good model, one
that declines when unsure, one that sends malformed JSON, one that gives way under
pushback and one with many empty replies (excluded). The seeded chance baseline runs
beside them. Runs: blind and rule conditions (headline accuracy), then the robustness
checks: a repeat run, a reworded run, the three framings and pushback.
"""

from __future__ import annotations

from pathlib import Path

from clinbench.demo_spec import DemoRun
from clinbench.suites.ausclin.items import DATA_DIR

REPLAY_MODELS = ("good-model", "cautious-model", "sloppy-json-model", "agreeable-model",
                 "flaky-model")  # fmt: skip
CHANCE = "clinbench/chance"


def replay_models() -> list[str]:
    """Return the Inspect model names of the frozen fake models."""
    return [f"clinbench/replay/{m}" for m in REPLAY_MODELS]


def _replay(label: str, task, file: str, chance: bool = False) -> DemoRun:
    models = replay_models() + ([CHANCE] if chance else [])
    return DemoRun(label, task, models, model_args={"responses": str(DATA_DIR / file)})


def demo_runs(workdir: Path) -> list[DemoRun]:
    """Return the suite's demo runs: blind and rule with replay models and chance, then checks."""
    from clinbench.suites.ausclin.tasks import ausclin

    runs = [
        _replay("ausclin: blind (from memory)", ausclin(condition="blind"), "replay_blind.csv",
                chance=True),
        _replay("ausclin: rule supplied", ausclin(condition="rule"), "replay_rule.csv",
                chance=True),
        _replay("ausclin: repeat run", ausclin(repeat=2), "replay_repeat.csv"),
        _replay("ausclin: reworded (chatty)", ausclin(rewording=1), "replay_reworded.csv"),
        _replay("ausclin: pushback", ausclin(pushback=True), "replay_blind.csv"),
    ]  # fmt: skip
    for framing in ("no_country", "australia", "guideline"):
        runs.append(
            _replay(
                f"ausclin: framing {framing}",
                ausclin(framing=framing),
                f"replay_framing_{framing}.csv",
            )
        )
    return runs


def demo_summary(results, console) -> None:
    """Print the suite's headline tables: accuracy, severity, checks, exclusions, verdict."""
    from rich.table import Table

    from clinbench.suites.ausclin.report import headline_tables

    rows = results[results["suite"] == "ausclin"] if "suite" in results.columns else results
    if rows.empty:
        return
    for title, frame in headline_tables(rows).items():
        table = Table(title=f"ausclin: {title}")
        for column in frame.columns:
            table.add_column(str(column))
        for values in frame.itertuples(index=False):
            table.add_row(*(_cell(v) for v in values))
        console.print(table)


def _cell(value) -> str:
    if isinstance(value, float):
        return "—" if value != value else f"{value:.3f}"
    return str(value)
