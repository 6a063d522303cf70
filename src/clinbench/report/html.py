"""The single-file HTML report: figures embedded as base64 PNG, rendered with Jinja2.

Reader first: the findings screen, the judges' reliability, then one part per suite, then
methods, disclosures and the glossary (see ``clinbench.report.analyze.all_sections``).
Column headings are shown as ``clinbench.report.glossary`` names them.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from clinbench.io import atomic_write_text
from clinbench.report import figures as figs
from clinbench.report.analyze import all_sections
from clinbench.report.format import formatted_rows, interval_text, numeric_columns
from clinbench.report.generic import AnalysisOptions
from clinbench.report.glossary import LABELLED_COLUMNS, display_name, plain_label
from clinbench.report.judges_section import NOT_VALIDATED
from clinbench.report.load import load_results
from clinbench.report.sections import ReportSection
from clinbench.report.table_keys import lift_constant_keys

COLLAPSE_ROWS = 25  # longer tables are folded under a <details> toggle
TEXT_COLUMNS = ("reason", "note", "notes", "judge", "example reason", "excluded_reason")
RELIABILITY_COLUMNS = ("human_agreement",)
KEEP_COLUMNS = ("judge", "human_agreement", "role")  # shown beside each row even when constant


def _template():
    from jinja2 import Environment, PackageLoader, select_autoescape

    env = Environment(
        loader=PackageLoader("clinbench.report", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        keep_trailing_newline=True,
    )
    return env.get_template("report.html.j2")


def _kind(column: str, numeric: bool) -> str:
    if column in RELIABILITY_COLUMNS:
        return "reliability"
    if column in TEXT_COLUMNS:
        return "text"
    return "num" if numeric else ""


def _merge_intervals(columns: list[str], rows: list[list[str]], numeric: list[bool]):
    """Return the table with each number and the interval after it shown as one cell.

    'accuracy' 0.947 beside 'CI95%' [0.754, 0.991] reads as 'accuracy (95% CI)'
    0.947 [0.754, 0.991]; the CSV and Markdown tables keep them apart.
    """
    merge = [
        i for i in range(len(columns) - 1)
        if numeric[i] and str(columns[i + 1]).endswith("CI95%")
        and not str(columns[i]).upper().endswith("SD")  # the interval is the mean's, not SD's
        and all(r[i + 1].startswith("[") or r[i + 1] == "" for r in rows)
    ]  # fmt: skip
    if not merge:
        return columns, rows, numeric
    drop = {i + 1 for i in merge}
    new_rows = []
    for row in rows:
        cells = list(row)
        for i in merge:
            if cells[i + 1] and cells[i] not in ("", "n/a"):
                cells[i] = interval_text(cells[i], cells[i + 1])
        new_rows.append([c for j, c in enumerate(cells) if j not in drop])
    names = [f"{display_name(c)} (95% CI)" if i in merge else c for i, c in enumerate(columns)]
    keep = [j for j in range(len(columns)) if j not in drop]
    return [names[j] for j in keep], new_rows, [numeric[j] for j in keep]


CHAR_PX = 7.4  # a character of the table font (.82rem) in CSS pixels, a little generous
CELL_PAD_PX = 20  # left and right padding of a cell
CELL_FLOOR_PX = {"text": 192, "reliability": 224}  # the template's min-width (12rem, 14rem)


def min_width(columns: list[str], rows: list[list[str]], numeric: list[bool]) -> int:
    """Return the narrowest width (px) a table fits without scrolling sideways (an estimate).

    Numbers do not wrap: their longest cell; text and headings wrap at spaces: their longest
    word. Below this width the report shows the table's rows as cards.
    """
    total = 0.0
    for i, column in enumerate(columns):
        words = [w for w in str(column).split()]
        cells = [r[i] for r in rows]
        if numeric[i]:
            longest = max((len(c) for c in cells), default=0)
        else:
            longest = max((len(w) for c in cells for w in c.split()), default=0)
        longest = max(longest, max((len(w) for w in words), default=0))
        total += max(longest * CHAR_PX, CELL_FLOOR_PX.get(_kind(column, numeric[i]), 0))
        total += CELL_PAD_PX
    return int(total)


def _figure_groups(figures: list[dict]) -> list[dict]:
    """Return the figures grouped by what their caption names before ':' (task, condition)."""
    groups: dict[str, list[dict]] = {}
    for figure in figures:
        head = figure["caption"].split(":", 1)[0] if ":" in figure["caption"] else ""
        groups.setdefault(head, []).append(figure)
    return [{"title": title, "figures": items} for title, items in groups.items()]


def _plain_cells(
    columns: list[str], rows: list[list[str]], named: dict[str, str]
) -> tuple[list[list[str]], list[list[str]]]:
    """Return the rows with code names (tasks, scorers, conditions) in plain words, and per
    cell the code name it replaced ('' where none), for the tooltip; `named` collects them."""
    labelled = [i for i, c in enumerate(columns) if c in LABELLED_COLUMNS]
    titles = [[""] * len(columns) for _ in rows]
    if not labelled:
        return rows, titles
    out = []
    for r, row in enumerate(rows):
        cells = list(row)
        for i in labelled:
            label = plain_label(cells[i])
            if label != cells[i]:
                named[label] = cells[i]
                titles[r][i], cells[i] = cells[i], label
        out.append(cells)
    return out, titles


def _plain_caption(caption: str, named: dict[str, str]) -> str:
    """Return a caption with the task after '·' and the named keys' values in plain words."""
    import re

    def swap(code: str) -> str:
        label = plain_label(code)
        if label != code:
            named[label] = code
        return label

    caption = re.sub(r"(· )([\w@=+.-]+)(:)", lambda m: m[1] + swap(m[2]) + m[3], caption)
    # a condition in brackets after the task ("audiology · task [default]")
    caption = re.sub(r"\[([\w@=+.-]+)\]", lambda m: f"[{swap(m[1])}]", caption)
    keys = "|".join(LABELLED_COLUMNS)
    caption = re.sub(rf"(\b(?:{keys}): )([^;)]+)", lambda m: m[1] + swap(m[2]), caption)
    # any other code-like token (it has _ + = or @) that a card labels
    return re.sub(r"(?<![\w/@=+.-])[\w@=+.-]*[_+=@][\w@=+.-]*(?![\w/@=+.-])",
                  lambda m: swap(m[0]), caption)  # fmt: skip


def _context(sections: list[ReportSection]) -> list[dict]:
    out, fig_no, table_no, anchors = [], 0, 0, set()
    named: dict[str, str] = {}  # plain label -> the code name it stands for
    for section in sections:
        anchor = section.slug
        while anchor in anchors:
            anchor += "-2"
        anchors.add(anchor)
        figures = []
        for caption, fig in section.figures.items():
            fig_no += 1
            caption = _plain_caption(caption, named)  # the figure's own axis labels are not
            width, height = (int(round(v * figs.DPI)) for v in fig.get_size_inches())
            figures.append(
                {
                    "number": fig_no,
                    "caption": caption,
                    "alt": caption,
                    "src": figs.png_data_uri(fig),
                    "width": width,
                    "height": height,
                }
            )
            figs.close(fig)
        tables = []
        for caption, table in section.tables.items():
            table_no += 1
            shown, caption = lift_constant_keys(table, caption, keep=KEEP_COLUMNS)
            columns, rows = formatted_rows(shown)
            numeric = list(numeric_columns(shown))
            columns, rows, numeric = _merge_intervals(columns, rows, numeric)
            rows, titles = _plain_cells(columns, rows, named)
            caption = _plain_caption(caption, named)
            tables.append(
                {
                    "number": table_no,
                    "caption": caption,
                    "columns": columns,
                    "rows": rows,
                    "kinds": [_kind(c, n) for c, n in zip(columns, numeric, strict=True)],
                    "collapsed": len(rows) > COLLAPSE_ROWS,
                    "min_width": min_width(columns, rows, numeric),
                    "titles": titles,
                    # floor baselines are reference lines under the ranked models
                    "reference": [
                        bool(r) for r in shown["role"].astype(str).str.contains("baseline")
                    ]
                    if "role" in shown.columns
                    else [],  # fmt: skip
                }
            )
            tables[-1]["columns"] = [display_name(c) for c in columns]
        out.append(
            {
                "anchor": anchor,
                "title": section.title,
                "suite": section.suite,
                "part": section.part,
                "css": "findings" if section.title == "Findings" else "",
                "intro": section.intro,
                "figure_groups": _figure_groups(figures),
                "tables": tables,
                "notes": section.notes,
                "glossary": section.glossary,
            }
        )
    for section in out:  # the code names behind the plain labels, once, in the glossary
        if section["title"] == "Glossary":
            section["glossary"] = [*section["glossary"], *(
                (label, f"in the logs and results files: {code}")
                for label, code in sorted(named.items()))]  # fmt: skip
    return out


def _parts(sections: list[dict]) -> list[dict]:
    parts: list[dict] = []
    for section in sections:
        if not parts or parts[-1]["title"] != section["part"]:
            parts.append({"title": section["part"], "sections": []})
        parts[-1]["sections"].append(section)
    return parts


def render_report(
    results: pd.DataFrame,
    inputs: list[dict] | None = None,
    title: str = "clinbench report",
    options: AnalysisOptions | None = None,
    agreement: pd.DataFrame | None = None,
    by: Sequence[str] = (),
) -> str:
    """Return the report's HTML for a results table (figures inline; no network needed)."""
    sections = all_sections(
        results, figures=True, options=options, inputs=inputs, agreement=agreement, by=by
    )
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
    parts = _parts(_context(sections))
    return _template().render(
        title=title,
        summary=summary,
        inputs=[
            f"{i['file']} ({i['rows']:,} rows, sha256 {i['sha256'][:12]}…)" for i in inputs or []
        ],
        parts=parts,
        sections=[s for part in parts for s in part["sections"]],
        version=version,
        unvalidated=NOT_VALIDATED,
    )


def write_report(
    results_df_or_paths: pd.DataFrame | str | Path | list,
    out_path: str | Path,
    title: str = "clinbench report",
    options: AnalysisOptions | None = None,
    audit: str | Path | None = None,
    by: Sequence[str] = (),
) -> Path:
    """Write the self-contained HTML report of the results to `out_path`; return the path.

    Accepts a results DataFrame or paths to .parquet/.csv results tables. `audit` is a folder
    written by ``clinbench audit report`` (its items.csv): the judges' agreement with those
    human labels is shown beside every judged score. `by` names extra fields (results columns
    or item metadata keys) to break the results down by, beside ``domain``. The file is
    written to a temporary name and renamed, so a failure leaves no partial report.
    """
    from clinbench.report.judges_section import audit_agreement

    results, inputs = load_results(results_df_or_paths)
    agreement = audit_agreement(audit, options) if audit is not None else None
    html = render_report(
        results, inputs=inputs, title=title, options=options, agreement=agreement, by=by
    )
    return atomic_write_text(out_path, html)
