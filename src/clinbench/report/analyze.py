"""`clinbench analyze`: every table the results support, as CSV and Markdown files."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from clinbench.io import make_folders, remove_made_folders
from clinbench.report.format import to_csv_text, to_markdown
from clinbench.report.generic import AnalysisOptions, disclosures_section, generic_sections
from clinbench.report.load import load_results
from clinbench.report.sections import (
    ReportSection,
    excluded_models_section,
    excluded_suite_section,
    suite_sections,
)

# generic sections shown after a suite's own, with its statistics
METHOD_TITLES = ("Case-tier statistics", "Paired model comparisons")


def _slug(text: str) -> str:
    text = text.replace("×", "x").replace("²", "2").replace("–", "-").replace("·", "-")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "table"


def all_sections(
    results: pd.DataFrame,
    figures: bool = True,
    options: AnalysisOptions | None = None,
    inputs: list[dict] | None = None,
    agreement: pd.DataFrame | None = None,
    by: Sequence[str] = (),
) -> list[ReportSection]:
    """Return the report's sections, reader first.

    Findings (headline per suite and model, floors, exclusions, verdicts) and the judges'
    reliability; then one part per suite: its leaderboard, distributions, grades, critical
    errors, breakdowns by ``domain`` and by each field in `by`, the suite's own sections, and
    its case-tier and paired statistics; then methods, disclosures and the glossary.
    Excluded models (``clinbench.report.headline.exclusions``) are removed before any table is
    made and appear only in the findings' list and the disclosures. Every table with a
    judged scorer gains its judge and the judge's agreement with human labels (`agreement`, from
    ``clinbench.report.judges_section.human_agreement``), or "not validated against human labels".
    """
    from clinbench.report import headline as findings
    from clinbench.report.generic import distribution_bootstraps, normalise
    from clinbench.stats.resample import prefetched

    options = options or AnalysisOptions()
    df = normalise(results)
    excluded = findings.exclusions(df, options.threshold)
    ranked = findings.drop_excluded(df, excluded)
    suites = sorted(set(df["suite"]))
    # the score distributions' bootstraps, the bulk of the arithmetic on a large table, are
    # drawn in a helper process while the other sections are made here
    ahead = [
        request
        for suite in suites
        for request in distribution_bootstraps(normalise(ranked[ranked["suite"] == suite]), options)
    ]
    with prefetched(ahead):
        return _sections(
            df, ranked, excluded, suites,
            figures=figures, options=options, inputs=inputs, agreement=agreement, by=by,
        )  # fmt: skip


def _sections(df, ranked, excluded, suites, *, figures, options, inputs, agreement, by):
    """Return all_sections' list for `df`; `ranked` is `df` without the `excluded` models."""
    from clinbench.report import headline as findings
    from clinbench.report import judges_section as judges
    from clinbench.report.generic import breakdown_section, glossary_section, methods_section

    reliability = judges.reliability(df, agreement)
    own, problems = suite_sections(ranked, figures=figures)
    if not figures:  # a hook without the `figures` keyword may still have drawn some
        from clinbench.report import figures as figs

        for s in own:
            for fig in s.figures.values():
                figs.close(fig)
            s.figures = {}
    verdicts: dict[str, dict[str, pd.DataFrame]] = {}
    for s in own:  # a suite table with a `verdict` column is also shown on the findings screen
        for caption, table in s.tables.items():
            if "verdict" in table.columns:
                verdicts.setdefault(s.suite, {})[caption] = table
    first = [findings.findings_section(df, ranked, excluded, reliability, verdicts)]
    if not reliability.empty:
        first.append(findings.judge_section(reliability, agreement))
    for s in first:
        s.part = "Findings"
    sections = list(first)
    for suite in suites:
        rows = ranked[ranked["suite"] == suite]
        if rows.empty:  # every model excluded: the part says so, with the suite's own counts
            section = excluded_suite_section(suite, df[df["suite"] == suite], excluded)
            if section is not None:
                section.part = f"Suite: {suite or '(no suite)'}"
                sections.append(section)
            continue
        generic = generic_sections(rows, figures=figures, options=options)
        head = [s for s in generic if s.title not in METHOD_TITLES]
        tail = [s for s in generic if s.title in METHOD_TITLES]
        extra = [breakdown_section(rows, field) for field in ("domain", *by)]
        # the models some of this suite's tables leave out, with the counts of their replies
        left_out = excluded_models_section(suite, df[df["suite"] == suite], excluded)
        part = [*([left_out] if left_out is not None else []), *head,
                *[s for s in extra if s is not None],
                *[s for s in own if s.suite == suite], *tail]  # fmt: skip
        for s in part:
            s.suite = s.suite or suite
            s.part = f"Suite: {suite or '(no suite)'}"
        sections += part
    closing = [
        methods_section(options),
        disclosures_section(
            df, options, inputs=inputs, problems=problems, excluded=excluded,
            resampling=[r for s in sections for r in s.resampling],
        ),
    ]  # fmt: skip
    for s in closing:
        s.part = "Methods and disclosures"
    sections += closing
    annotate_judged(sections, reliability)
    glossary = glossary_section(sections)
    glossary.part = "Methods and disclosures"
    sections.append(glossary)
    return sections


def annotate_judged(sections: list[ReportSection], reliability: pd.DataFrame) -> None:
    """Add the judge and its agreement with humans beside every judged score, in place.

    A table with a `scorer` column gains `judge` and `human_agreement` after it for rows of a
    judged scorer; a figure whose caption names a judged scorer gains the same in its caption.
    """
    if reliability.empty:
        return
    info = reliability[["task", "scorer", "judge", "human_agreement"]]
    for section in sections:
        if section.title in ("Judge reliability", "Glossary"):
            continue
        for caption, table in list(section.tables.items()):
            if "scorer" not in table.columns or "judge" in table.columns:
                continue
            keys = ["task", "scorer"] if "task" in table.columns else ["scorer"]
            lookup = info.drop_duplicates(keys)
            if not table["scorer"].astype(str).isin(set(lookup["scorer"])).any():
                continue
            merged = table.merge(lookup[[*keys, "judge", "human_agreement"]], on=keys,
                                 how="left")  # fmt: skip
            merged[["judge", "human_agreement"]] = merged[["judge", "human_agreement"]].fillna("")
            order = list(table.columns)
            at = order.index("scorer") + 1
            order[at:at] = ["judge", "human_agreement"]
            section.tables[caption] = merged[order]
        renamed = {}
        for caption, fig in section.figures.items():
            for row in info.itertuples(index=False):
                if row.scorer in caption and (row.task in caption or "·" not in caption):
                    caption = f"{caption}. Judge: {row.judge} — {row.human_agreement}"
                    break
            renamed[caption] = fig
        section.figures = renamed


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
    audit: str | Path | None = None,
    by: Sequence[str] = (),
) -> list[Path]:
    """Write every table the results support into `out_dir` (CSV + Markdown); return the paths.

    Files are built in memory, written to a temporary folder beside `out_dir` and moved in
    only when all are written, so a failure leaves no partial analysis. Re-running on the
    same results gives byte-identical files.
    """
    from clinbench.report.judges_section import audit_agreement

    table, inputs = load_results(results)
    agreement = audit_agreement(audit, options) if audit is not None else None
    sections = all_sections(
        table, figures=False, options=options, inputs=inputs, agreement=agreement, by=by
    )
    files = analysis_files(sections)
    out_dir = Path(out_dir)
    made = make_folders(out_dir.parent)  # removed again (when empty) if the write fails
    tmp: Path | None = None
    written: list[Path] = []
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))
        for name, text in files.items():
            (tmp / name).write_text(text, encoding="utf-8")
        made += make_folders(out_dir)
        for name in sorted(files):
            os.replace(tmp / name, out_dir / name)
            written.append(out_dir / name)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        if not written and files:
            remove_made_folders(made)
    return written
