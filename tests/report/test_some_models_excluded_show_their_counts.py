"""A suite part where only some models are excluded shows their counts beside the exclusion
(surf29 item 4).

surf28: with one model of a suite excluded (too many unparseable replies) and another ranked,
the suite's part of the report and ``analyze`` showed only the ranked model; the excluded
one's parse counts were in the disclosures alone. The part now opens with "Excluded from
ranking": each excluded model, the reason, and its rows counted by outcome, from the function
the disclosures' "Outcomes by model" come from (``report.sections.outcome_counts``).
"""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.report.analyze import all_sections
from clinbench.report.sections import EXCLUDED_CAPTION, EXCLUDED_TITLE, SOME_EXCLUDED_TITLE
from clinbench.scoring import outcomes as oc
from tests.suites.slp.runs import replayed_cot_run

COUNTED = ["rows", *oc.EXCLUDED]


@pytest.fixture(scope="module")
def one_of_two_excluded(tmp_path_factory) -> pd.DataFrame:
    """slp_disorder with chain of thought: the replayed model (1 of 3 replies unparseable:
    excluded) and a second model whose every reply was read (ranked)."""
    run = replayed_cot_run(tmp_path_factory.mktemp("some"))
    ranked = run.assign(model="clinbench/replay/ranked", outcome=oc.INCORRECT)
    return pd.concat([run, ranked], ignore_index=True)


def _disclosed(sections) -> pd.DataFrame:
    (disclosures,) = [s for s in sections if s.title == "Disclosures"]
    return disclosures.tables["Outcomes by model"].set_index("model")


def test_the_suite_part_opens_with_the_excluded_model_and_its_counts(one_of_two_excluded):
    sections = all_sections(one_of_two_excluded, figures=False)
    part = [s for s in sections if s.part == "Suite: slp"]
    assert part[0].title == SOME_EXCLUDED_TITLE and EXCLUDED_TITLE not in [s.title for s in part]
    (row,) = part[0].tables[EXCLUDED_CAPTION].to_dict("records")
    assert row["model"] == "clinbench/replay/m" and "1 parse failed" in row["reason"]
    assert (row["rows"], row["parse_failed"], row["error"]) == (3, 1, 0)
    # the same numbers as the disclosures, for every count shown
    disclosed = _disclosed(sections).loc["clinbench/replay/m"]
    assert {c: row[c] for c in COUNTED} == {c: disclosed[c] for c in COUNTED}
    # the ranked model is in the suite's tables, the excluded one in none of them
    scenario = next(s for s in part if s.title == "SLP scenarios")
    (table,) = scenario.tables.values()
    assert list(table["model"]) == ["clinbench/replay/ranked"]


def test_a_suite_whose_every_model_is_excluded_shows_the_same_counts(one_of_two_excluded):
    alone = one_of_two_excluded[one_of_two_excluded["model"] == "clinbench/replay/m"]
    sections = all_sections(alone, figures=False)
    (part,) = [s for s in sections if s.part == "Suite: slp"]
    assert part.title == EXCLUDED_TITLE
    (row,) = part.tables[EXCLUDED_CAPTION].to_dict("records")
    disclosed = _disclosed(sections).loc["clinbench/replay/m"]
    assert {c: row[c] for c in COUNTED} == {c: disclosed[c] for c in COUNTED}


def test_a_suite_with_no_model_excluded_has_no_such_section(one_of_two_excluded):
    ranked = one_of_two_excluded.assign(outcome=oc.INCORRECT)
    titles = [s.title for s in all_sections(ranked, figures=False) if s.part == "Suite: slp"]
    assert SOME_EXCLUDED_TITLE not in titles and EXCLUDED_TITLE not in titles
