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


def _register_bar(workdir: Path) -> Path:
    """Return a verdict registration (bar 95%, Wilson) written now, before the demo runs."""
    from clinbench.items.digest import item_set_hash
    from clinbench.stats.prereg import register_verdict, write_registration
    from clinbench.suites.ausclin.items import SAMPLE_ITEMS, load_ausclin_items

    path = Path(workdir) / "prereg.json"
    path.unlink(missing_ok=True)  # each demo run registers afresh, before its results
    items = load_ausclin_items([SAMPLE_ITEMS])
    note = "demo: registered by clinbench demo before its runs"
    registration = register_verdict(0.95, "wilson", 0.95, item_set_hash(items), len(items),
                                    note=note)  # fmt: skip
    return write_registration(registration, path)


def demo_runs(workdir: Path) -> list[DemoRun]:
    """Return the suite's demo runs: blind and rule with replay models and chance, then checks."""
    from clinbench.suites.ausclin.tasks import ausclin

    every = [*replay_models(), CHANCE]
    good, cautious, _sloppy, agreeable, _flaky = replay_models()
    prereg = str(_register_bar(workdir))
    # The checks run on a few models only, to keep the demo short.
    runs = [
        _replay("ausclin: blind (from memory)", ausclin(condition="blind", prereg=prereg),
                "replay_blind.csv", every),
        _replay("ausclin: rule supplied", ausclin(condition="rule", prereg=prereg),
                "replay_rule.csv", every),
        _replay("ausclin: repeat run", ausclin(repeat=2), "replay_repeat.csv", [good, agreeable]),
        _replay("ausclin: reworded (chatty)", ausclin(rewording=1), "replay_reworded.csv",
                [good, agreeable]),
        _replay("ausclin: pushback", ausclin(pushback=True), "replay_blind.csv",
                [good, cautious, agreeable]),
    ]  # fmt: skip
    runs += contamination_runs(workdir)
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


def contamination_runs(workdir: Path) -> list[DemoRun]:
    """Return the verbatim-completion probe on the sample: chance and a fake memoriser.

    The memoriser is a replay file written here that recites each item's own remainder: it
    shows what a contaminated model looks like in the report, and is labelled as fake.
    """
    import csv

    from clinbench.contamination.probe_task import clinbench_contamination
    from clinbench.suites.ausclin.items import SAMPLE_ITEMS

    task = clinbench_contamination(items=str(SAMPLE_ITEMS), bank="ausclin-sample")
    replies = Path(workdir) / "replay_memorised.csv"
    replies.parent.mkdir(parents=True, exist_ok=True)
    with replies.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        for sample in task.dataset:
            writer.writerow([sample.id, "fake-memorised-model", sample.target])
    probe = clinbench_contamination(items=str(SAMPLE_ITEMS), bank="ausclin-sample")
    return [
        DemoRun("contamination probe: chance", task, [CHANCE]),
        DemoRun("contamination probe: fake memorising model", probe,
                ["clinbench/replay/fake-memorised-model"],
                model_args={"responses": str(replies)}),
    ]  # fmt: skip
