"""The report's figure images in the clinician's words: every text a matplotlib figure draws
(titles, axis labels, tick labels, legends, annotations) names tasks, scorers and conditions
by the labels the tables use (``report.glossary.plain_label``), never by their code names."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from clinbench.report.generic import AnalysisOptions, generic_sections
from clinbench.report.glossary import plain_label

FAST = AnalysisOptions(n_boot=200, seed=1)


def figure_texts(fig) -> list[str]:
    """Return every text drawn in a figure, its axes, their ticks and legends."""
    texts = [t.get_text() for t in fig.texts]
    if fig._suptitle is not None:
        texts.append(fig._suptitle.get_text())
    for ax in fig.axes:
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        texts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        texts += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            texts += [t.get_text() for t in legend.get_texts()]
            texts.append(legend.get_title().get_text())
    # a long label is wrapped over lines: read it as one line of words
    return [" ".join(t.split()) for t in texts if t]


def coded(texts: list[str], results: pd.DataFrame) -> list[tuple[str, str]]:
    """Return (code, text) for each labelled code name found as a word in the texts."""
    codes = {
        str(v)
        for column in ("task", "scorer", "condition")
        for v in results[column].dropna()
        if str(v) and plain_label(str(v)) != str(v)
    }
    found = []
    for code in sorted(codes):
        pattern = re.compile(rf"(?<![\w@=+.-]){re.escape(code)}(?![\w@=+.-])")
        found += [(code, t) for t in texts if pattern.search(t)]
    return found


@pytest.fixture(scope="module")
def varied(results_df):
    """The shared synthetic results with code names a figure can show: two scorers of the
    same knowledge replies (row labels then name the scorer), a judge scorer's code name,
    and the case rows again without question ids (box plots and grade bars then group by
    task)."""
    rows = results_df.assign(scorer=results_df["scorer"].replace({
        "exact": "closed_exact_match", "rubric": "rubric_adjudicator"}))  # fmt: skip
    second = rows[rows["scorer"] == "closed_exact_match"].assign(scorer="normalised_match")
    return pd.concat([rows, second], ignore_index=True)


def _figure_texts(results):
    sections = generic_sections(results, figures=True, options=FAST)
    return [t for s in sections for fig in s.figures.values() for t in figure_texts(fig)]


def test_generic_figures_use_plain_labels(varied):
    texts = _figure_texts(varied)
    assert len(texts) > 20
    assert coded(texts, varied) == []
    joined = "\n".join(texts)
    for code in ("closed_exact_match", "normalised_match"):
        assert plain_label(code) in joined, code


def test_figures_grouped_by_task_use_plain_labels(varied):
    cases = varied[varied["task"] == "audiology_cases"]
    no_questions = pd.concat([cases, cases.assign(task="audiology_literature")]).assign(question="")
    texts = _figure_texts(no_questions)
    assert coded(texts, no_questions) == []
    joined = "\n".join(texts)
    for code in ("audiology_cases", "audiology_literature"):
        assert plain_label(code) in joined, code


def test_suite_figures_use_plain_labels(varied):
    from clinbench.suites.audiology.report import RUBRIC_SCORERS
    from clinbench.suites.audiology.report import sections as audiology_sections

    rows = varied[varied["task"] == "audiology_cases"].assign(scorer=sorted(RUBRIC_SCORERS)[0])
    drawn = [fig for s in audiology_sections(rows) for fig in s.figures.values()]
    texts = [t for fig in drawn for t in figure_texts(fig)]
    assert drawn and coded(texts, rows) == []
    assert plain_label(sorted(RUBRIC_SCORERS)[0]) in "\n".join(texts)


def test_ausclin_figure_uses_plain_labels():
    from clinbench.suites.ausclin.report import _accuracy_figure

    table = pd.DataFrame({
        "model": ["vendor/a", "vendor/a"], "condition": ["blind", "framing=australia"],
        "accuracy": [0.5, 0.7], "CI95% low": [0.3, 0.5], "CI95% high": [0.7, 0.85],
    })  # fmt: skip
    texts = figure_texts(_accuracy_figure(table))
    assert coded(texts, table.assign(task="", scorer="")) == []
    assert any(plain_label("framing=australia") in t for t in texts)
