"""The report's Methods section says what the numbers were made with (use30: it said a model is
excluded on failed or empty replies alone, and that repeated epochs count as separate
observations, where parse failures and contradictory replies count too and accuracy is
clustered by item)."""

from __future__ import annotations

import pandas as pd

from clinbench.report.generic import methods_section
from clinbench.stats.leaderboard import model_exclusions


def _methods() -> str:
    return " ".join(methods_section().notes)


def test_exclusion_names_every_kind_of_unusable_reply_the_rule_counts():
    # the kinds model_exclusions counts towards the threshold, each a column of its table
    counted = model_exclusions(pd.DataFrame(columns=["model", "outcome", "response"])).columns
    named = {"failed": "failed", "empty": "empty", "parse_failed": "unparseable",
             "contradictory": "contradictory"}  # fmt: skip
    for column, words in named.items():
        assert column in counted
        assert words in _methods(), column


def test_epochs_are_said_to_be_clustered_by_item_not_separate_observations():
    text = _methods()
    assert "separate observations" not in text
    assert "clustered by item" in text
