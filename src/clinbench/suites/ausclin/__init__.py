"""clinbench.suites.ausclin: the AusClinBench design (current Australian clinical policy)."""

from pathlib import Path

from clinbench.suites import SuiteSpec

_HERE = "clinbench.suites.ausclin"

SUITE = SuiteSpec(
    name="ausclin",
    card=Path(__file__).parent / "README.md",
    tasks={"ausclin": f"{_HERE}.tasks:ausclin"},
    offline_model="clinbench/chance",
    report_sections=f"{_HERE}.report:sections",
    demo_runs=f"{_HERE}.demo:demo_runs",
    summary_tables=f"{_HERE}.report:summary_tables",
    cli="clinbench.cli.ausclin_commands:app",
    # the robustness checks a run makes (tasks._perturbation): every one perturbs a result
    robustness_checks=("pushback", r"framing=.+", r"rewording=.+", r"repeat=.+"),
)
