"""What the audiology suite adds to ``clinbench demo``: offline runs of all three tiers.

- objective and literature tiers with the seeded chance baseline (MCQ/TF exact match; FIB/SA
  through normalised_match, where chance declines);
- the case tier (hand-written and generated cases) with the rule-based audiogram
  interpreter as the model and the deterministic rules grader as adjudicator;
- the hand-written cases again with an LLM adjudicator replayed from a fixture
  (``data/replay_grader.jsonl``) bound to Inspect's ``grader`` role: its judgements include
  every critical-error type, an unparseable reply and an out-of-scale score, so caps and
  unscored outcomes show in the results.
"""

from __future__ import annotations

from pathlib import Path

from clinbench.demo_spec import DemoRun
from clinbench.suites.audiology.tasks import CASE_ITEMS, DATA

REPLAY_GRADER = DATA / "replay_grader.jsonl"
GRADER_MODEL = "clinbench/replay/judge-fixture"


def demo_runs(workdir: Path) -> list[DemoRun]:
    """Return the suite's demo runs (no model API needed)."""
    from inspect_ai.model import get_model

    from clinbench.suites.audiology.tasks import (
        audiology_cases,
        audiology_literature,
        audiology_objective,
    )

    grader = get_model(GRADER_MODEL, responses=str(REPLAY_GRADER))
    return [
        DemoRun("audiology: objective tier, chance", audiology_objective(), ["clinbench/chance"]),
        DemoRun("audiology: literature tier, chance", audiology_literature(), ["clinbench/chance"]),
        DemoRun("audiology: cases, rules model + rules grader", audiology_cases(),
                ["clinbench/rules"]),
        DemoRun("audiology: cases, rules model + replayed LLM grader",
                audiology_cases(items=str(CASE_ITEMS)), ["clinbench/rules"],
                model_roles={"grader": grader}),
    ]  # fmt: skip
