"""results.read_results: one reader for Parquet and CSV, one missing-value rule, long replies."""

from __future__ import annotations

import pandas as pd
import pytest

from clinbench.report.load import load_results
from clinbench.results import ResultsFileError, read_results, write_results
from clinbench.results.schema import RESULT_COLUMNS

DEFAULT_CSV_FIELD_LIMIT = 131_072  # the csv module's default (reading lifts it)


def _table(response: str) -> pd.DataFrame:
    row = {c: "" for c in RESULT_COLUMNS}
    row |= {"suite": "s", "task": "t", "model": "m", "item_id": "i1", "epoch": 1,
            "outcome": "correct", "score": 1.0, "response": response}  # fmt: skip
    missing = dict(row, item_id="i2", outcome="error", score=float("nan"), response="")
    return pd.DataFrame([row, missing], columns=RESULT_COLUMNS)


def test_a_reply_longer_than_the_csv_field_limit_reads_back(tmp_path):
    reply = "Q1 Results:\n" + "word, " * 30_000
    assert len(reply) > DEFAULT_CSV_FIELD_LIMIT
    path = write_results(_table(reply), tmp_path / "results.csv")
    table = read_results(path)
    assert table.loc[0, "response"] == reply
    # the report's loader reads it too (it used to stop at the csv module's field limit)
    loaded, _ = load_results([path])
    assert loaded.loc[0, "response"] == reply


def test_parquet_and_csv_read_back_alike(tmp_path):
    frame = _table("ANSWER: B")
    parquet = read_results(write_results(frame, tmp_path / "r.parquet"))
    text = read_results(write_results(frame, tmp_path / "r.csv"))
    pd.testing.assert_frame_equal(parquet, text)
    assert text.loc[1, "response"] == "" and pd.isna(text.loc[1, "score"])
    assert str(text["epoch"].dtype) == "Int64" and text["item_metadata"].eq("").all()


def test_bad_input_names_file_line_and_field(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text('item_id,response,score\ni1,"two\nlines",1\ni2,ok,x\n')
    with pytest.raises(ResultsFileError) as err:
        read_results(bad)
    assert str(err.value) == f"{bad}:4: score: 'x' is not a number"
    with pytest.raises(ResultsFileError, match="no such file"):
        read_results(tmp_path / "none.csv")
    (tmp_path / "r.txt").write_text("x")
    with pytest.raises(ResultsFileError, match=r"\.parquet or \.csv"):
        read_results(tmp_path / "r.txt")
    good = write_results(_table("x"), tmp_path / "g.csv")
    with pytest.raises(ResultsFileError, match="g.csv:1: rater: missing column"):
        read_results(good, required=["model", "rater"])
    lines = read_results(good, line_column="_line")
    assert list(lines["_line"]) == [2, 3]


def test_extra_numeric_columns_of_a_parquet_file_read_as_text_without_warning(tmp_path):
    # audit and curate read their results through read_results: an extra float or Int64
    # column (not a results-table number) becomes text, '' where missing, with no warning
    import warnings

    import numpy as np
    import pandas as pd

    frame = pd.DataFrame({"item_id": ["a", "b"], "weight": [1.5, np.nan],
                          "rank": pd.array([2, None], dtype="Int64")})  # fmt: skip
    path = tmp_path / "r.parquet"
    frame.to_parquet(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        back = read_results(path)
    assert back["weight"].tolist() == ["1.5", ""] and back["rank"].tolist() == ["2", ""]
