"""Report sections: what the HTML/Markdown report is made of, and the suites' hook into it.

A suite adds its own sections by declaring ``report_sections`` in its ``SuiteSpec``
(``clinbench.suites``), a function::

    def sections(results: pandas.DataFrame) -> list[ReportSection]: ...

A hook that also takes a ``figures`` keyword is told whether figures are wanted
(``clinbench analyze`` writes tables only and passes ``figures=False``); one that does not is
called with the rows alone, and the figures it draws are discarded.

The report calls it for every registered suite whose rows are in the results, passing only
that suite's rows (the frozen results table,
``clinbench.results.schema.RESULT_COLUMNS``). Each table and figure should let a reader trace
its numbers to rows: state n in figure captions and keep count columns in tables.

The report passes a suite only the rows of ranked models (excluded models are listed in the
findings and disclosures). A table with a ``verdict`` column is also shown on the findings
screen; a table with a ``scorer`` column gains the judge of judged scorers beside it.
"""

from __future__ import annotations

import importlib
import inspect
import re
import traceback
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from clinbench.suites import suites


@dataclass
class ReportSection:
    """One titled section of the report: intro text, tables, figures and notes.

    tables: caption -> DataFrame (shown as an HTML table; written as CSV + Markdown by
    ``clinbench analyze``). figures: caption -> matplotlib Figure (embedded as a PNG; the
    caption should give the n behind it). notes: short disclosures shown under the section.
    """

    title: str
    intro: str = ""
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)  # caption -> matplotlib Figure
    notes: list[str] = field(default_factory=list)
    suite: str = ""  # "" for the generic sections; the suite name for a suite's own
    part: str = ""  # the report part it is shown in (Findings, Suite: X, Methods ...)
    glossary: list[tuple[str, str]] = field(default_factory=list)  # (term, meaning) pairs
    # each resampling behind the section's numbers, {"procedure", "resamples", "seed"}: the
    # disclosures' "Seeds and resampling" lists them
    resampling: list[dict] = field(default_factory=list)

    @property
    def slug(self) -> str:
        """Return a file- and anchor-safe name for the section."""
        base = f"{self.suite}-{self.title}" if self.suite else self.title
        return re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "section"


def suite_sections(
    results: pd.DataFrame, figures: bool = True
) -> tuple[list[ReportSection], list[str]]:
    """Return (the suites' own sections, problems met while building them).

    `figures` is passed on to the hooks that take a ``figures`` keyword.

    A suite with no rows in `results`, or that declares no report sections, contributes
    nothing. A suite whose sections function raises is reported as a problem (shown in the
    disclosures), not silently skipped and not allowed to stop the rest of the report.
    """
    out: list[ReportSection] = []
    problems: list[str] = []
    if "suite" not in results.columns:
        return out, problems
    for name, spec in suites().items():
        rows = results[results["suite"] == name]
        if rows.empty or spec.report_sections is None:
            continue
        module_name, _, attribute = spec.report_sections.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            problems.append(f"{module_name} could not be imported: {exc}")
            continue
        hook = getattr(module, attribute, None)
        if hook is None:
            problems.append(f"{module_name} has no {attribute}(results) function")
            continue
        kwargs = {} if figures or not _takes_figures(hook) else {"figures": False}
        try:
            made = list(hook(rows.reset_index(drop=True), **kwargs))
        except Exception as exc:  # a suite's bug must not take the whole report down
            last = traceback.format_exception_only(type(exc), exc)[-1].strip()
            problems.append(f"{module_name}.{attribute} failed: {last}")
            continue
        for section in made:
            if not isinstance(section, ReportSection):
                problems.append(f"{module_name}.{attribute} returned a {type(section).__name__}")
                continue
            section.suite = section.suite or name
            out.append(section)
    return out, problems


EXCLUDED_TITLE = "Every model excluded"
SOME_EXCLUDED_TITLE = "Excluded from ranking"
EXCLUDED_CAPTION = "Excluded from ranking"


def outcome_counts(df: pd.DataFrame) -> pd.DataFrame:
    """Return the rows of each suite, task, model and condition counted by outcome.

    Indexed by ``suite, task, model, condition``; a column per outcome (every known one, then
    any other the table holds), ``rows`` (all) and ``excluded`` (parse failed, contradictory,
    error, unscored). The disclosures' "Outcomes by model", and the counts beside each
    exclusion in a suite's part (:func:`excluded_with_counts`): one function, so the two read
    the same.
    """
    from clinbench.scoring import outcomes as oc

    keys = ["suite", "task", "model", "condition"]
    counts = df.groupby([*keys, "outcome"]).size().unstack("outcome", fill_value=0)
    for name in oc.OUTCOMES:
        if name not in counts.columns:
            counts[name] = 0
    unknown = sorted(set(counts.columns) - set(oc.OUTCOMES))
    counts = counts[[*oc.OUTCOMES, *unknown]]
    counts["rows"] = counts.sum(axis=1)
    counts["excluded"] = counts[list(oc.EXCLUDED)].sum(axis=1)
    return counts


def excluded_with_counts(rows: pd.DataFrame, excluded: pd.DataFrame) -> pd.DataFrame:
    """Return the exclusions (``report.headline.exclusions``) with each model's rows counted by
    outcome: all rows, then those excluded from scoring (parse failed, contradictory, error,
    unscored), from :func:`outcome_counts`, the function the disclosures' "Outcomes
    by model" come from, so both read the same numbers.

    `rows` are the (normalised) results the exclusions were made from.
    """
    from clinbench.scoring import outcomes as oc

    keys = ["suite", "task", "condition", "model"]
    counts = outcome_counts(rows).reset_index()
    counted = ["rows", *oc.EXCLUDED]
    return excluded.merge(counts[[*keys, *counted]], on=keys, how="left")


def excluded_models_section(
    suite: str, rows: pd.DataFrame, excluded: pd.DataFrame
) -> ReportSection | None:
    """Return the section of a suite some of whose models are excluded from ranking, or None
    when none is: each excluded model with the reason and the counts of its replies by
    outcome (:func:`excluded_with_counts`), in the suite's own part, where its tables leave
    the model out. `rows` are the suite's rows, excluded models' included.
    """
    mine = excluded[excluded["suite"].astype(str) == suite] if not excluded.empty else excluded
    if rows.empty or mine.empty:
        return None
    table = excluded_with_counts(rows, mine).drop(columns=["suite"]).reset_index(drop=True)
    return ReportSection(
        title=SOME_EXCLUDED_TITLE,
        suite=suite,
        intro=(
            "These models are left out of every table of this suite below: the reason for "
            "each, and the counts of its replies by outcome (the disclosures' 'Outcomes by "
            "model')."
        ),
        tables={EXCLUDED_CAPTION: table},
    )


def excluded_suite_section(
    suite: str, rows: pd.DataFrame, excluded: pd.DataFrame
) -> ReportSection | None:
    """Return the section of a suite whose every model is excluded from ranking, or None.

    The suite's part of the report would otherwise be empty: it shows the exclusions with
    their reason (`excluded`, ``report.headline.exclusions``) and each model's replies counted
    by outcome (:func:`excluded_with_counts`), and the suite's own summary
    tables over `rows` (``SuiteSpec.summary_tables``, the tables ``clinbench run`` prints:
    the same function on both surfaces, so the counts of answered, unreadable and excluded
    replies read the same). Nothing in it is ranked.
    """
    mine = excluded[excluded["suite"].astype(str) == suite] if not excluded.empty else excluded
    if rows.empty or mine.empty:
        return None
    section = ReportSection(
        title=EXCLUDED_TITLE,
        suite=suite,
        intro=(
            "Every model of this suite is excluded from ranking, so no table here ranks one: "
            "the reason for each, then the suite's own counts of its replies (the tables "
            "`clinbench run` printed)."
        ),
        tables={
            EXCLUDED_CAPTION: excluded_with_counts(rows, mine)
            .drop(columns=["suite"])
            .reset_index(drop=True)
        },
    )
    spec = suites().get(suite)
    if spec is None or spec.summary_tables is None:
        return section
    from clinbench.suites import load

    for title, table, notes in load(spec.summary_tables)(rows.reset_index(drop=True)):
        section.tables[title[:1].upper() + title[1:]] = table
        section.notes += [note for note in notes if note not in section.notes]
    return section


def _takes_figures(hook) -> bool:
    try:
        return "figures" in inspect.signature(hook).parameters
    except (TypeError, ValueError):  # a builtin or C callable: no signature to read
        return False
