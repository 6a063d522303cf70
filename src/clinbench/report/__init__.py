"""clinbench.report: the single-file HTML report and the `analyze` tables.

``write_report(results_df_or_paths, out_path) -> Path`` writes the HTML report;
``analyze(results, out_dir) -> list[Path]`` writes every table as CSV and Markdown;
suites add sections through ``clinbench.suites.<suite>.report:sections``
(see ``clinbench.report.sections``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["ReportSection", "analyze", "write_report"]


def __getattr__(name: str) -> Any:  # lazy: keep `import clinbench.report` light
    if name == "write_report":
        from clinbench.report.html import write_report

        return write_report
    if name == "analyze":
        from clinbench.report.analyze import analyze

        return analyze
    if name == "ReportSection":
        from clinbench.report.sections import ReportSection

        return ReportSection
    raise AttributeError(name)
