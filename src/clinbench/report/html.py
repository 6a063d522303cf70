"""The single-file HTML report: figures embedded as base64 PNG, rendered with Jinja2."""

from __future__ import annotations

import importlib.metadata
import os
from pathlib import Path

import pandas as pd

from clinbench.report import figures as figs
from clinbench.report.analyze import all_sections
from clinbench.report.format import formatted_rows, numeric_columns
from clinbench.report.generic import AnalysisOptions
from clinbench.report.load import load_results
from clinbench.report.sections import ReportSection

COLLAPSE_ROWS = 25  # longer tables are folded under a <details> toggle


def _template():
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(
        loader=PackageLoader("clinbench.report", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        keep_trailing_newline=True,
    )
    return env.get_template("report.html.j2")


def _context(sections: list[ReportSection]) -> list[dict]:
    out, fig_no, table_no, anchors = [], 0, 0, set()
    for section in sections:
        anchor = section.slug
        while anchor in anchors:
            anchor += "-2"
        anchors.add(anchor)
        figures = []
        for caption, fig in section.figures.items():
            fig_no += 1
            width, height = (int(round(v * figs.DPI)) for v in fig.get_size_inches())
            figures.append(
                {
                    "number": fig_no,
                    "caption": caption,
                    "src": figs.png_data_uri(fig),
                    "width": width,
                    "height": height,
                }
            )
            figs.close(fig)
        tables = []
        for caption, table in section.tables.items():
            table_no += 1
            columns, rows = formatted_rows(table)
            tables.append(
                {
                    "number": table_no,
                    "caption": caption,
                    "columns": columns,
                    "rows": rows,
                    "numeric": list(numeric_columns(table)),
                    "collapsed": len(rows) > COLLAPSE_ROWS,
                }
            )
        out.append(
            {
                "anchor": anchor,
                "title": section.title,
                "suite": section.suite,
                "intro": section.intro,
                "figures": figures,
                "tables": tables,
                "notes": section.notes,
            }
        )
    return out


def render_report(
    results: pd.DataFrame,
    inputs: list[dict] | None = None,
    title: str = "clinbench report",
    options: AnalysisOptions | None = None,
) -> str:
    """Return the report's HTML for a results table (figures inline; no network needed)."""
    sections = all_sections(results, figures=True, options=options, inputs=inputs)
    models = results["model"].nunique() if "model" in results.columns else 0
    suites = sorted(set(results["suite"].astype(str))) if "suite" in results.columns else []
    summary = (
        f"{len(results):,} result rows · {models} model(s) · suite(s): "
        f"{', '.join(s for s in suites if s) or 'none'}"
    )
    try:
        version = importlib.metadata.version("clinbench")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    return _template().render(
        title=title,
        summary=summary,
        inputs=[
            f"{i['file']} ({i['rows']:,} rows, sha256 {i['sha256'][:12]}…)" for i in inputs or []
        ],
        sections=_context(sections),
        version=version,
    )


def write_report(
    results_df_or_paths: pd.DataFrame | str | Path | list,
    out_path: str | Path,
    title: str = "clinbench report",
    options: AnalysisOptions | None = None,
) -> Path:
    """Write the self-contained HTML report of the results to `out_path`; return the path.

    Accepts a results DataFrame or paths to .parquet/.csv results tables. The file is
    written to a temporary name and renamed, so a failure leaves no partial report.
    """
    results, inputs = load_results(results_df_or_paths)
    html = render_report(results, inputs=inputs, title=title, options=options)
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(html, encoding="utf-8")
    os.replace(tmp, out)
    return out
