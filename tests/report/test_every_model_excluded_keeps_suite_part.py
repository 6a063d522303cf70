"""A suite whose every model is excluded keeps its part of the report (surf28 item 2).

SmolLM2 through ``clinbench local`` with the bundled Whisper on slp_transcription: 15 of 20
replies unparseable and 3 failed recognitions, so its one model was excluded. The run summary
printed the SLP scenario table (n 2, excluded 18, WER 1.250) and the exclusion reason; the
report and ``analyze`` dropped the SLP part, so a reader saw neither the parse counts nor
(outside the disclosures) why. The part now says every model is excluded, with the reason, and
shows the suite's own summary tables: the function ``clinbench run`` prints them with.
"""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.report.analyze import all_sections
from clinbench.report.sections import EXCLUDED_TITLE
from clinbench.suites.slp.report import summary_tables
from tests.suites.slp.runs import replayed_cot_run


@pytest.fixture(scope="module")
def excluded_run(tmp_path_factory) -> pd.DataFrame:
    """A replayed chain-of-thought slp_disorder run: 1 of 3 replies unparseable (33% > 10%),
    one read from the prose."""
    return replayed_cot_run(tmp_path_factory.mktemp("excluded"))


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
