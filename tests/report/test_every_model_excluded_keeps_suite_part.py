"""A suite whose every model is excluded keeps its part of the report (surf28 item 2).

SmolLM2 through ``clinbench local`` with the bundled Whisper on slp_transcription: 15 of 20
replies unparseable and 3 failed recognitions, so its one model was excluded. The run summary
printed the SLP scenario table (n 2, excluded 18, WER 1.250) and the exclusion reason; the
report and ``analyze`` dropped the SLP part, so a reader saw neither the parse counts nor
(outside the disclosures) why. The part now says every model is excluded, with the reason, and
shows the suite's own summary tables: the function ``clinbench run`` prints them with.
"""

from __future__ import annotations

import csv

import pandas as pd
import pytest

from clinbench.report.analyze import all_sections
from clinbench.report.sections import EXCLUDED_TITLE
from clinbench.suites.slp.report import summary_tables


@pytest.fixture(scope="module")
def excluded_run(tmp_path_factory) -> pd.DataFrame:
    """A replayed chain-of-thought slp_disorder run: 1 of 3 replies unparseable (33% > 10%),
    one read from the prose."""
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST, slp_disorder

    tmp = tmp_path_factory.mktemp("excluded")
    replies = {"slp-s01": "This indicates a speech disorder.",
               "slp-s02": "The child says wed.\nANSWER: B",
               "slp-s03": "This may be a speech disorder."}  # fmt: skip
    responses = tmp / "replies.csv"
    with responses.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["item_id", "model", "response"])
        writer.writerows([i, "m", r] for i, r in replies.items())
    task = slp_disorder(manifest=str(SAMPLE_MANIFEST), pipeline="audio", cot=True)
    (log,) = inspect_eval(
        task, model="clinbench/replay/m", model_args={"responses": str(responses)},
        sample_id=list(replies), log_dir=str(tmp / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    return results_table(tmp / "logs")


def test_the_suite_part_shows_the_exclusion_its_reason_and_the_parse_counts(excluded_run):
    sections = all_sections(excluded_run, figures=False)
    (part,) = [s for s in sections if s.part == "Suite: slp"]
    assert part.title == EXCLUDED_TITLE
    (reason,) = part.tables["Excluded from ranking"]["reason"]
    assert "1 parse failed" in reason and "exceed the 10% threshold" in reason, reason
    # the run summary's own tables, from the same function, read the same
    for title, table, notes in summary_tables(excluded_run):
        shown = part.tables[title[:1].upper() + title[1:]]
        pd.testing.assert_frame_equal(shown, table)
        assert set(notes) <= set(part.notes)
    (row,) = part.tables["Scenario metrics by model and condition"].to_dict("records")
    assert (row["answered"], row["read from prose"], row["excluded"]) == (2, 1, 1)


def test_a_ranked_suite_has_no_such_section(excluded_run):
    sections = all_sections(excluded_run.assign(outcome="incorrect"), figures=False)
    assert EXCLUDED_TITLE not in [s.title for s in sections]
    assert any(s.title == "SLP scenarios" for s in sections)
