"""clinbench.suites.audiology: the AudiologyBench design (knowledge, literature, case tiers)."""

from pathlib import Path

from clinbench.suites import SuiteSpec

_HERE = "clinbench.suites.audiology"
# The case rubric: the one place the grade scale, pass rule and critical-error types live.
RUBRIC = Path(__file__).parent / "rubric.yaml"

SUITE = SuiteSpec(
    name="audiology",
    card=Path(__file__).parent / "README.md",
    tasks={
        "audiology_objective": f"{_HERE}.tasks:audiology_objective",
        "audiology_literature": f"{_HERE}.tasks:audiology_literature",
        "audiology_cases": f"{_HERE}.tasks:audiology_cases",
    },
    # free-text case replies: the rule-based audiogram interpreter answers them offline
    offline_model={"audiology_cases": "clinbench/rules"},
    rules_baseline={"case": f"{_HERE}.baseline:case_reply"},
    report_sections=f"{_HERE}.report:sections",
    demo_runs=f"{_HERE}.demo:demo_runs",
    summary_tables=f"{_HERE}.report:summary_tables",
    cli="clinbench.cli.audiology_commands:app",
    rubric=RUBRIC,
    # your own cases: the rubric adjudicator (grader role) or, without one, the rules grader
    format_tasks={"case": "audiology_cases"},
)
