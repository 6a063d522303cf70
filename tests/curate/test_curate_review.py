"""Review sheets: export with flags, re-import of keep / revise / remove with edits."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli.curate_commands import app
from clinbench.curate.review import item_flags, review_sheet
from clinbench.items.loader import load_items, write_items
from clinbench.items.model import FIBItem, MCQItem, Provenance, TFItem

runner = CliRunner()
QUOTE = "A flat trace with a normal ear-canal volume commonly accompanies middle-ear fluid."


@pytest.fixture
def items() -> list:
    return [
        MCQItem(
            id="m1",
            stem="A child has a flat tympanogram with normal canal volume. What is most likely?",
            options={"A": "Middle-ear fluid", "B": "Perforation", "C": "All of the above"},
            answer="A",
            provenance=Provenance(citation="Teaching notes", quote=QUOTE),
            metadata={"rationale": "Type B with normal volume suggests effusion."},
        ),
        TFItem(id="t1", stem="Otoacoustic emissions are always present in adults.", answer=False),
        FIBItem(
            id="f1",
            stem="The noise notch is centred near ____.",
            answer="4000 Hz",
            provenance=Provenance(quote="The dip in thresholds is centred near 6000 Hz."),
            metadata={"pilot_accuracy": 0.0},
        ),
    ]


def test_flags_name_the_problems(items) -> None:
    assert item_flags(items[0]) == ["'all/none of the above' option"]
    assert "no source quote" in item_flags(items[1])
    assert "absolute wording in a true/false statement" in item_flags(items[1])
    fib = item_flags(items[2])
    assert "key not found verbatim in the quote" in fib
    assert "no pilot model correct: check the key" in fib


def test_long_key_is_flagged() -> None:
    item = MCQItem(
        id="m9",
        stem="Which test is most useful next?",
        options={
            "A": "Tympanometry",
            "B": "Auditory brainstem response testing to rule out a retrocochlear lesion",
            "C": "Speech audiometry",
        },
        answer="B",
    )
    assert "key is much longer than every distractor" in item_flags(item)
    balanced = item.model_copy(update={"answer": "A"})
    assert "key is much longer than every distractor" not in item_flags(balanced)


def test_sheet_carries_dedup_and_change_flags(items) -> None:
    dedup = pd.DataFrame(
        [
            {
                "cluster": 1,
                "item_id": "m1",
                "decision": "keep",
                "match": "kept",
                "jaccard_to_kept": 1.0,
                "kept_id": "m1",
                "reason": "kept: earliest in input order",
            },
            {
                "cluster": 1,
                "item_id": "t1",
                "decision": "drop",
                "match": "near",
                "jaccard_to_kept": 0.83,
                "kept_id": "m1",
                "reason": "near duplicate of m1",
            },
        ]  # fmt: skip
    )
    changes = pd.DataFrame(
        [
            {
                "item_id": "f1",
                "source": "x:1",
                "field": "answer",
                "rule": "units",
                "before": "4000hz",
                "after": "4000 Hz",
            }
        ]  # fmt: skip
    )
    sheet = review_sheet(items, dedup=dedup, changes=changes).set_index("item_id")
    assert "near duplicate of m1 (Jaccard 0.83; proposed drop)" in sheet.loc["t1", "flags"]
    assert "normalised: units" in sheet.loc["f1", "flags"]
    assert sheet.loc["m1", "options"] == "A. Middle-ear fluid\nB. Perforation\nC. All of the above"
    assert sheet.loc["m1", "source_quote"] == QUOTE
    assert (sheet["decision"] == "").all()


def test_review_round_trip(tmp_path: Path, items) -> None:
    items_path = write_items(items, tmp_path / "items.jsonl")
    out_dir = tmp_path / "review"
    result = runner.invoke(app, ["review-export", str(items_path), "--out", str(out_dir)])
    assert result.exit_code == 0, result.output
    html = (out_dir / "review.html").read_text("utf-8")
    assert "Otoacoustic emissions are always present in adults." in html
    assert "no source quote" in html

    sheet = pd.read_csv(out_dir / "review.csv", dtype=str, keep_default_na=False)
    sheet = sheet.set_index("item_id")
    sheet.loc["m1", ["decision", "revised_options", "reviewer"]] = [
        "revise",
        "A. Middle-ear fluid\nB. Perforation\nC. Ossicular fixation",
        "AB",
    ]
    sheet.loc["t1", "decision"] = "remove"
    sheet.loc["f1", ["decision", "revised_stem", "revised_answer", "note"]] = [
        "Revise",
        "The noise notch is usually centred near ____.",
        "4000 Hz",
        "quote checked against the source",
    ]
    filled = tmp_path / "filled.csv"
    sheet.reset_index().to_csv(filled, index=False)
    final = tmp_path / "final.jsonl"
    result = runner.invoke(
        app, ["review-import", str(items_path), "--sheet", str(filled), "--out", str(final)]
    )
    assert result.exit_code == 0, result.output
    reviewed = {i.id: i for i in load_items(final)}
    assert set(reviewed) == {"m1", "f1"}
    assert reviewed["m1"].options["C"] == "Ossicular fixation"
    assert reviewed["m1"].metadata["review"] == {"decision": "revise", "reviewer": "AB"}
    assert reviewed["m1"].metadata["rationale"].startswith("Type B")  # other metadata kept
    assert reviewed["f1"].stem == "The noise notch is usually centred near ____."
    assert reviewed["f1"].metadata["review"]["note"] == "quote checked against the source"
    log = pd.read_csv(tmp_path / "final.review.csv", dtype=str, keep_default_na=False)
    assert dict(zip(log["item_id"], log["changed"], strict=True)) == {
        "m1": "options",
        "t1": "",
        "f1": "stem,answer",
    }


def test_bad_review_sheet_is_reported_and_nothing_written(tmp_path: Path, items) -> None:
    items_path = write_items(items, tmp_path / "items.jsonl")
    sheet = review_sheet(items)
    sheet.loc[0, ["decision", "revised_answer"]] = ["revise", "D"]  # no option D
    sheet.loc[1, "decision"] = ""  # undecided
    sheet.loc[2, "decision"] = "revise"  # revise with nothing revised
    extra = sheet.iloc[[0]].assign(item_id="ghost", decision="keep")
    bad = tmp_path / "bad.csv"
    pd.concat([sheet, extra], ignore_index=True).to_csv(bad, index=False)
    # multi-line option cells: each row starts on the line after the previous row ends
    starts = [2, 5, 6, 7]
    out = tmp_path / "final.jsonl"
    result = runner.invoke(
        app, ["review-import", str(items_path), "--sheet", str(bad), "--out", str(out)]
    )
    assert result.exit_code == 2
    text = result.output
    assert f"{bad}:{starts[0]}: revised_answer: " in text and "not among the options" in text
    assert f"{bad}:{starts[1]}: decision: no decision" in text
    assert f"{bad}:{starts[2]}: decision: revise with no revised_stem/options/answer" in text
    assert f"{bad}:{starts[3]}: item_id: 'ghost' is not in the item files" in text
    assert not out.exists()


def test_review_html_escapes_item_text() -> None:
    from clinbench.curate.review import review_html

    item = TFItem(
        id="lt1", stem="Thresholds <20 dB HL & a <b>normal</b> tympanogram rule out loss.",
        answer=False,
    )  # fmt: skip
    html = review_html(review_sheet([item]))
    assert "&lt;20 dB HL &amp; a &lt;b&gt;normal&lt;/b&gt;" in html
    assert "<b>normal</b>" not in html


def _problems(items, tmp_path: Path, sheet: pd.DataFrame) -> list[tuple[int, str, str]]:
    from clinbench.curate.review import import_review
    from clinbench.items.loader import ItemFileError

    path = tmp_path / "sheet.csv"
    sheet.to_csv(path, index=False)
    with pytest.raises(ItemFileError) as caught:
        import_review(items, path)
    return [(p.line, p.field, p.message) for p in caught.value.problems]


def test_every_kind_of_sheet_problem_is_named_with_its_cell(tmp_path: Path, items) -> None:
    """Each refusal of import_review names its line and column: one test for every branch."""
    from clinbench.curate.review import import_review

    sheet = review_sheet(items).assign(options="")  # a row a line, but row 0's cell has two
    sheet.loc[0, ["decision", "revised_options"]] = ["revise", "A. fluid\nnot an option"]
    sheet.loc[1, ["decision", "revised_options"]] = ["revise", "A. yes"]
    sheet.loc[2, ["decision", "revised_answer"]] = ["revise", "4 kHz"]
    twice = sheet.iloc[[2]].assign(decision="keep")
    problems = _problems(items, tmp_path, pd.concat([sheet, twice], ignore_index=True))
    assert problems == [
        (6, "item_id", "'f1' listed twice (first at line 5)"),
        (2, "revised_options", "option line 'not an option' is not 'A. text'"),
        (4, "revised_options", "only MCQ items have options"),
    ]

    sheet = review_sheet(items)
    sheet.loc[0, ["decision", "revised_stem"]] = ["revise", ""]
    sheet.loc[1, ["decision", "revised_answer"]] = ["revise", "maybe"]
    sheet.loc[0, "decision"] = "perhaps"
    problems = _problems(items, tmp_path, sheet.iloc[[0, 1]].assign(options=""))
    assert problems == [
        (2, "decision", "'perhaps' is not a decision; one of ('keep', 'revise', 'remove')"),
        (0, "item_id", "'f1' is not in the sheet"),
        (3, "revised_answer", "a true/false key must be true or false, got 'maybe'"),
    ]

    problems = _problems(items, tmp_path, sheet.drop(columns=["decision"]))
    assert problems == [(1, "decision", "column missing from the header")]

    sheet = review_sheet(items).assign(options="", decision="keep")
    sheet.loc[0, ["decision", "revised_stem", "revised_answer"]] = ["revise", "Which?", "Z"]
    problems = _problems(items, tmp_path, sheet)
    assert [(line, field) for line, field, _ in problems] == [(2, "revised_stem,revised_answer")]

    sheet.loc[0, ["decision", "revised_stem", "revised_answer"]] = ["keep", "", ""]
    sheet.loc[1, "decision"] = "remove"
    path = tmp_path / "good.csv"
    sheet.to_csv(path, index=False)
    kept, log = import_review(items, path)
    assert [i.id for i in kept] == ["m1", "f1"]
    assert kept[0].metadata["review"] == {"decision": "keep"}
    assert log.to_dict(orient="list") == {
        "item_id": ["m1", "t1", "f1"],
        "decision": ["keep", "remove", "keep"],
        "changed": ["", "", ""],
        "line": [2, 3, 4],
    }
