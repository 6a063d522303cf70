"""What the clinical-policy suite adds to ``clinbench demo``: offline runs and a summary.

Five fake models answer from frozen replies (``data/replay_*.csv``): a good model, one
that declines when unsure, one that sends malformed JSON, one that gives way under
pushback and one with many empty replies (excluded). The seeded chance baseline runs
beside them in the blind and rule conditions (headline accuracy); the robustness checks (a
repeat run, a reworded run, the three framings and pushback) run on two or three models.
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


def _replay(label: str, task, file: str, models: list[str] | None = None) -> DemoRun:
    chosen = models if models is not None else replay_models()
    return DemoRun(label, task, chosen, model_args={"responses": str(DATA_DIR / file)})


def demo_runs(workdir: Path) -> list[DemoRun]:
    """Return the suite's demo runs: blind and rule with replay models and chance, then checks."""
    from clinbench.suites.ausclin.tasks import ausclin

    every = [*replay_models(), CHANCE]
    good, cautious, _sloppy, agreeable, _flaky = replay_models()
    # The checks run on a few models only, to keep the demo short.
    runs = [
        _replay("ausclin: blind (from memory)", ausclin(condition="blind"), "replay_blind.csv",
                every),
        _replay("ausclin: rule supplied", ausclin(condition="rule"), "replay_rule.csv", every),
        _replay("ausclin: repeat run", ausclin(repeat=2), "replay_repeat.csv", [good, agreeable]),
        _replay("ausclin: reworded (chatty)", ausclin(rewording=1), "replay_reworded.csv",
                [good, agreeable]),
        _replay("ausclin: pushback", ausclin(pushback=True), "replay_blind.csv",
                [good, cautious, agreeable]),
    ]  # fmt: skip
    for framing in ("no_country", "australia", "guideline"):
        runs.append(
            _replay(
                f"ausclin: framing {framing}",
                ausclin(framing=framing),
                f"replay_framing_{framing}.csv",
                [good, cautious],
            )
        )
    return runs
