"""`clinbench analyze`: every table the results support, as CSV and Markdown files."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pandas as pd

from clinbench.report import figures as figs
from clinbench.report.format import to_csv_text, to_markdown
from clinbench.report.generic import AnalysisOptions, disclosures_section, generic_sections
from clinbench.report.load import load_results
from clinbench.report.sections import ReportSection, suite_sections


def _slug(text: str) -> str:
    text = text.replace("×", "x").replace("²", "2").replace("–", "-").replace("·", "-")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def all_sections(
    results: pd.DataFrame,
    figures: bool = True,
    options: AnalysisOptions | None = None,
    inputs: list[dict] | None = None,
) -> list[ReportSection]:
    """Return the generic sections, the suites' own sections, then the disclosures."""
    from clinbench.report.generic import normalise

    options = options or AnalysisOptions()
    df = normalise(results)
    sections = generic_sections(df, figures=figures, options=options)
    suites, problems = suite_sections(results)
    if not figures:
        for s in suites:
            for fig in s.figures.values():
                figs.close(fig)
            s.figures = {}
    sections += suites
    sections.append(disclosures_section(df, options, inputs=inputs, problems=problems))
    return sections


def analysis_files(sections: list[ReportSection]) -> dict[str, str]:
    """Return {file name: text}: a CSV and a Markdown file per table, and an index."""
    files: dict[str, str] = {}
    index = ["# clinbench analysis", ""]
    for number, section in enumerate(sections, start=1):
        stem = f"{number:02d}-{section.slug}"
        index += [f"## {section.title}" + (f" ({section.suite})" if section.suite else ""), ""]
        if section.intro:
            index += [section.intro, ""]
        for note in section.notes:
            index += [f"- {note}"]
        if section.notes:
            index.append("")
        seen: set[str] = set()
        for caption, table in section.tables.items():
            name = f"{stem}--{_slug(caption)}"
            while name in seen:
                name += "-2"
            seen.add(name)
            files[f"{name}.csv"] = to_csv_text(table)
            files[f"{name}.md"] = to_markdown(table, caption)
            index += [f"- [{caption}]({name}.md) ([CSV]({name}.csv)), {len(table)} rows"]
        index.append("")
    files["index.md"] = "\n".join(index).rstrip() + "\n"
    return files


def analyze(
    results: pd.DataFrame | str | Path | list,
    out_dir: str | Path,
    options: AnalysisOptions | None = None,
) -> list[Path]:
    """Write every table the results support into `out_dir` (CSV + Markdown); return the paths.

    Files are built in memory, written to a temporary folder beside `out_dir` and moved in
    only when all are written, so a failure leaves no partial analysis. Re-running on the
    same results gives byte-identical files.
    """
    table, inputs = load_results(results)
    sections = all_sections(table, figures=False, options=options, inputs=inputs)
    files = analysis_files(sections)
    out_dir = Path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))
    try:
        for name, text in files.items():
            (tmp / name).write_text(text, encoding="utf-8")
        out_dir.mkdir(exist_ok=True)
        written = []
        for name in sorted(files):
            os.replace(tmp / name, out_dir / name)
            written.append(out_dir / name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return written
