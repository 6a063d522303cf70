"""What a model's output says of its inputs and its training set is not this ear's result:
- a record's field, data, column or variable said "present" or "recorded" ("reflex data: field
  present in the record") is the data's presence, not a reflex present
  (result_claims._DATA_HELD);
- a training record returned beside the prediction (a nearest neighbour: ``{"train_id":
  "TR-1", "label": "mixed", "L_AC_500": 60}``) is another person's audiogram, blanked whole
  (candidates.TRAINING_RECORD);
- in R source, a column named by a number in backticks inside a call ("mean(c(`500`,
  `1000`))") is the column's name, not a value (notebooks._CALLED_COLUMN).
Batches 103 YD02, YD50 and 90 XQ17 as tuning data; phrasings our own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.candidates import candidate_classes_blanked
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notebooks import program_output_read_as_said
from clinbench.audiogram.result_claims import outcome_claims

from .conftest import build


@pytest.mark.parametrize(
    "text",
    [
        "reflex data: field present in the export, not used",
        "acoustic reflexes - column recorded but empty",
        "oae variable present in the schema",
    ],
)
def test_data_present_is_no_result(text):
    test = "oae" if "oae" in text else "reflexes"
    assert outcome_claims(test, text, None, False, text) == []


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("acoustic reflexes present at 90 db", "present"),
        ("reflexes recorded ipsilaterally", "present"),
        ("oaes absent", "absent"),
    ],
)
def test_results_are_still_read(text, state):
    test = "oae" if "oae" in text else "reflexes"
    assert [c.value for c in outcome_claims(test, text, None, False, text)] == [state]


@pytest.mark.parametrize(
    "line",
    [
        '{"train_id": "TR-2201", "dist": 3.1, "label": "mixed", "L_AC_500": 60}',
        "{'training_case': 88, 'label': 'conductive', 'R_AC_250': 45}",
        '{"neighbour_id": 7, "grade": "severe"}',
    ],
)
def test_a_training_record_is_blanked(line):
    text = f'"nearest": [\n  {line}\n]'
    out = candidate_classes_blanked(text)
    assert len(out) == len(text) and line not in out and "{" not in out


@pytest.mark.parametrize(
    "text",
    [
        '{"pred_type": "conductive", "pta4": 22.5}',
        '{"ear": "left", "train": false, "type": "mixed"}',  # no training record's key
    ],
)
def test_the_prediction_is_kept(text):
    assert candidate_classes_blanked(text) == text


def test_a_column_named_in_a_call_is_no_value():
    text = "```{r}\nx |> mutate(pta4 = mean(c(`500`, `1000`, `2000`, `4000`)))\n```"
    out = program_output_read_as_said(text)
    assert "`500`" not in out and "pta4" in out


def test_a_frames_header_keeps_its_columns():
    text = '```{r}\nv <- tribble(~ear, ~`250`, ~`500`,\n  "R", 15, 20)\n```'
    assert "~`250`" in program_output_read_as_said(text)


def test_the_neighbours_are_not_judged():
    audiogram = build({250: 45, 500: 40, 1000: 20, 2000: 15, 4000: 15}, 10)
    reply = (
        '{"ears": {"right": {"pred_type": "conductive"}, "left": {"pred_type": "normal"}},\n'
        ' "nearest": [\n  {"train_id": "TR-7", "label": "conductive", "L_AC_250": 50}\n ]}'
    )
    assert check_reply(reply, audiogram).critical_errors == []
