"""A forced-choice or exact field's declared unit after the value is read as the value
(surf31 item 3).

ausclin mbs-002 asks for ``minimum_minutes`` among 15, 20, 25, 30. A reply of ``"20
minutes"`` is read by a person as 20, but was a parse failure ("not in its option set"). A
field may now declare its unit (``"unit": "minute"`` or ``{"name": "minute", "plural": ...,
"abbreviations": [...]}``); that unit, its plural or an abbreviation after the value is
dropped and the reading recorded. Any other trailing text stays a parse failure, and a field
with no unit is read as before. Bad declarations are reported as ``file:line: field: message``.
"""

from __future__ import annotations

import json

import pytest

from clinbench.items.loader import ItemFileError, load_items
from clinbench.items.model import ExactItem
from clinbench.scoring.exact import score_extraction
from clinbench.scoring.extract import extract_answer
from clinbench.suites.ausclin.items import load_ausclin_items

MINUTES = {"name": "minute", "abbreviations": ["min", "mins"]}


def _item(unit=MINUTES, kind="choice", answer="20"):
    field = {"name": "minimum_minutes", "kind": kind}
    if kind == "choice":
        field["options"] = ["15", "20", "25", "30"]
    if unit is not None:
        field["unit"] = unit
    return ExactItem(id="mbs-002", stem="Minimum minutes?", fields=[field],
                     answer={"minimum_minutes": answer})  # fmt: skip


def _read(item, value):
    return extract_answer(item, json.dumps({"minimum_minutes": value, "decline": False}))


@pytest.mark.parametrize(
    "value", ["20 minutes", "20 minute", "20 Minutes", "20min", "20 mins", " 20 min ", "20"]
)
def test_the_declared_unit_after_the_value_is_read_as_the_value(value):
    found = _read(_item(), value)
    assert found.status == "ok", found.reason
    assert found.answer == {"minimum_minutes": "20"}
    assert score_extraction(_item(), found)[0] == "correct"
    if value != "20":
        assert found.read_from == "field_unit"
        assert f"{value!r} read as '20' (the field's declared unit dropped)" in found.reason


@pytest.mark.parametrize(
    "value",
    [
        "20 hours",  # another unit
        "20 minutes or so",  # more after the unit
        "about 20 minutes",  # text before the value
        "20 minutes.",  # punctuation after the unit
        "20minutesish",
        "twenty minutes",  # the value is not an option
        "minutes",  # the unit alone
    ],
)
def test_any_other_trailing_text_stays_a_parse_failure(value):
    found = _read(_item(), value)
    assert found.status == "none", found
    assert "is not in its option set" in found.reason


def test_a_field_without_a_unit_is_read_as_before():
    found = _read(_item(unit=None), "20 minutes")
    assert found.status == "none"
    assert "'20 minutes' is not in its option set" in found.reason


def test_a_text_field_with_a_unit_drops_it_and_only_it():
    item = _item(kind="text")
    found = _read(item, "20 minutes")
    assert found.answer == {"minimum_minutes": "20"} and found.read_from == "field_unit"
    assert score_extraction(item, found)[0] == "correct"
    found = _read(item, "20 hours")  # kept as written (and so wrong)
    assert found.answer == {"minimum_minutes": "20 hours"} and found.read_from == ""


def test_the_short_form_names_the_unit_and_its_plural():
    item = _item(unit="minute")
    assert _read(item, "20 minutes").answer == {"minimum_minutes": "20"}
    assert _read(item, "20 min").status == "none"  # no abbreviation declared: never guessed


def _bank(tmp_path, field_extra, answer="20"):
    field = {"name": "minimum_minutes", "kind": "choice", "options": ["15", "20", "25", "30"]}
    row = {"id": "q1", "format": "exact", "stem": "Minimum minutes?",
           "fields": [{**field, **field_extra}], "answer": {"minimum_minutes": answer}}  # fmt: skip
    path = tmp_path / "bank.jsonl"
    path.write_text(json.dumps({"id": "q0", "format": "tf", "stem": "S?", "answer": True})
                    + "\n" + json.dumps(row) + "\n")  # fmt: skip
    return path


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"unit": ""}, "fields.0.unit.name", "at least 1 character"),
        ({"unit": "20 min"}, "fields.0.unit.name", "'20 min' is not a unit"),
        ({"unit": {"name": "minute", "abbreviations": ["min", "MIN"]}},
         "fields.0.unit.abbreviations.1", "'MIN' repeats the unit form 'min'"),
        ({"unit": {"name": "minute", "unit": "x"}}, "fields.0.unit.unit", "Extra inputs"),
        ({"unit": "minute", "options": ["15 minutes", "20"]}, "fields.0.unit",
         "option '15 minutes' of 'minimum_minutes' already writes the unit 'minute'"),
    ],
)  # fmt: skip
def test_a_bad_unit_is_reported_with_file_line_and_field(tmp_path, extra, field, message):
    path = _bank(tmp_path, extra)
    with pytest.raises(ItemFileError) as raised:
        load_items([path])
    shown = str(raised.value)
    assert f"{path}:2: {field}: " in shown, shown
    assert message in shown, shown


def test_the_ausclin_sample_declares_its_units():
    items = {i.id: i for i in load_ausclin_items()}
    unit = items["mbs-002"].fields[0].unit
    assert unit is not None and unit.name == "minute"
    found = extract_answer(items["mbs-002"], '{"minimum_minutes": "20 minutes", "decline": false}')
    assert found.answer == {"minimum_minutes": "20"}
    assert items["reg-004"].fields[0].unit is None  # 4_weeks_fte: an option word, no unit


def test_the_answer_form_tells_the_model_a_declared_unit():
    """The prompt says the unit a field's value is in (surf32 item 2): asked for
    ``minimum_minutes`` among 15, 20, 25 and 30, the model was never told the unit."""
    from clinbench.solvers.prompts import exact_reply_schema, item_prompt
    from clinbench.suites.ausclin.tasks import ausclin

    line = next(x for x in item_prompt(_item()).splitlines() if '"minimum_minutes"' in x)
    assert line.endswith('exactly one of: "15", "20", "25", "30" (in minutes)'), line
    schema = exact_reply_schema(_item())["properties"]["minimum_minutes"]
    assert schema["description"] == "in minutes"
    # a symbol as declared, a declared plural as given, and no unit: nothing said
    for unit, said in [("mL", "(in mL)"), ("mg/kg", "(in mg/kg)"), ("%", "(in %)"),
                       ({"name": "day", "plural": "days"}, "(in days)")]:  # fmt: skip
        assert item_prompt(_item(unit=unit, kind="text")).splitlines()[3].endswith(said)
    plain = item_prompt(_item(unit=None))
    assert "(in " not in plain
    no_unit = exact_reply_schema(_item(unit=None))["properties"]["minimum_minutes"]
    assert "description" not in no_unit
    # the suite's own prompt: every sample item whose field declares a unit, every condition
    items = {i.id: i for i in load_ausclin_items()}
    for condition in ("blind", "rule", "retrieval"):
        task = ausclin(condition=condition)
        for sample in task.dataset:
            for field in items[sample.id].fields:
                if field.unit is not None:
                    assert f'"{field.name}" — exactly one of:' in sample.input
                    assert f"(in {field.unit.name}s)" in sample.input, (sample.id, condition)
    assert "(in minutes)" in next(s.input for s in ausclin().dataset if s.id == "mbs-002")
