"""Bone conduction taken as recorded (issue #26): masked, unmasked, or masking not recorded.

A bone value recorded ``masked: true`` is the ear's own; ``masked: false`` (tested
unmasked) is the better cochlea's response where masking was needed, so it only bounds the
ear's threshold (the rule of classify.unattributed_bone); a bare number (masking not
recorded, as in most data sets) is taken as the ear's own threshold, with a note, unless
``bone_masking="strict"`` reads it as unmasked. Expected outcomes were written before the
code ran.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.classify import STANDARDS, classify
from clinbench.cli.audiogram_commands import app

from .conftest import build
from .validation import audiogram_of

# M01 of the masking set: right 40-45 dB HL air, bone 10-15 dB HL; left normal.
RIGHT_AIR = {250: 45, 500: 45, 1000: 40, 2000: 40, 3000: 40, 4000: 45, 6000: 45, 8000: 50}
RIGHT_BONE = {500: 10, 1000: 10, 2000: 15, 4000: 10}
LEFT_AIR = {250: 10, 500: 10, 1000: 5, 2000: 10, 3000: 10, 4000: 10, 6000: 15, 8000: 15}
LEFT_BONE = {500: 5, 1000: 5, 2000: 10, 4000: 5}


def _m01(masked: bool | None) -> Audiogram:
    return build(
        RIGHT_AIR, LEFT_AIR, right_bone=RIGHT_BONE, left_bone=LEFT_BONE, bone_masked=masked
    )


@pytest.mark.parametrize(
    ("masked", "mode", "expected"),
    [
        (True, "as-recorded", "conductive"),
        (True, "strict", "conductive"),
        (False, "as-recorded", "undetermined"),  # unmasked: the bounds rule applies
        (False, "strict", "undetermined"),
        (None, "as-recorded", "conductive"),  # not recorded: the ear's own threshold
        (None, "strict", "undetermined"),  # strict: not recorded read as unmasked
    ],
)
def test_three_states_of_bone_masking(masked, mode, expected):
    result = classify(_m01(masked), bone_masking=mode)
    assert result.right.type == expected
    assert result.left.type == "normal"


def test_not_recorded_masking_is_noted_where_masking_was_needed():
    notes = classify(_m01(None)).right.notes
    assert any("masking not recorded at [500, 1000, 2000, 4000] Hz" in n for n in notes), notes
    assert not any("masking not recorded" in n for n in classify(_m01(True)).right.notes)
    assert not any("masking not recorded" in n for n in classify(_m01(False)).right.notes)
    assert not any("masking not recorded" in n for n in classify(_m01(None)).left.notes)
    strict = classify(_m01(None), bone_masking="strict").right.notes
    assert not any("masking not recorded" in n for n in strict)
    assert any("masking needed" in n for n in strict)


def test_the_default_is_as_recorded_and_the_keyword_overrides_criteria():
    from clinbench.audiogram.classify import Criteria

    assert Criteria().bone_masking == "as-recorded"
    strict = Criteria(bone_masking="strict")
    assert classify(_m01(None), criteria=strict).right.type == "undetermined"
    assert classify(_m01(None), criteria=strict, bone_masking="as-recorded").right.type == (
        "conductive"
    )
    with pytest.raises(ValueError, match="bone_masking must be one of as-recorded, strict"):
        classify(_m01(None), bone_masking="loose")


def test_json_keeps_each_state():
    raw = {"right": {"air": {"500": 40}, "bone": {"500": 10, "1000": {"value": 10, "masked": False},
           "2000": {"value": 15, "masked": True}}}}  # fmt: skip
    audiogram = Audiogram.model_validate(raw)
    bone = audiogram.right.bone
    assert (bone[500].masked, bone[1000].masked, bone[2000].masked) == (None, False, True)
    assert audiogram.to_json_dict()["right"]["bone"] == raw["right"]["bone"]


ROWS = [json.loads(line) for line in open(
    __import__("pathlib").Path(__file__).parent / "validation" / "masking.jsonl")]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_masking_set_labels_hold_under_strict_with_masking_unrecorded(row):
    # The set's labels are about bone recorded unmasked (its notation marks masked values
    # 'm'; the rest were tested unmasked). Written without the unmasked mark, strict
    # reading gives every label; as recorded (masked: false) any reading does.
    bare = audiogram_of(row, masking_recorded=False)
    recorded = audiogram_of(row)
    for name in STANDARDS:
        for audiogram, mode in ((bare, "strict"), (recorded, "strict"), (recorded, "as-recorded")):
            result = classify(audiogram, name, bone_masking=mode)
            assert [result.right.type, result.left.type] == row["expect"]["type"], (name, mode)
            flags = sorted(f"{f.code}:{f.ear}" for f in result.red_flags)
            assert flags == sorted(row["expect"]["flags"]), (name, mode)


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_masking_unrecorded_as_recorded_reads_like_masked(row):
    # Taken as the ear's own threshold: the same classification as every value masked.
    bare = audiogram_of(row, masking_recorded=False)
    masked = dict(row, RB=_all_masked(row.get("RB", "")), LB=_all_masked(row.get("LB", "")))
    as_masked = classify(audiogram_of(masked))
    as_recorded = classify(bare)
    for ear in ("right", "left"):
        assert as_recorded.ear(ear).type == as_masked.ear(ear).type, ear
    assert as_recorded.red_flags == as_masked.red_flags


def _all_masked(text: str) -> str:
    out = []
    for token in text.split():
        freq, raw = token.split(":")
        suffix = raw.lstrip("-0123456789")
        value = raw[: len(raw) - len(suffix)]
        out.append(f"{freq}:{value}{'mnr' if 'nr' in suffix else 'm'}")
    return " ".join(out)


def test_generated_cases_write_bone_masking_explicitly(generated):
    _, items = generated
    for item in items:
        audiogram = item.data["audiogram"]
        for ear in ("right", "left"):
            for value in audiogram[ear]["bone"].values():
                assert isinstance(value, dict) and isinstance(value["masked"], bool), item.id


def test_fact_checker_follows_the_bone_masking_reading():
    reply = "Right ear: conductive hearing loss. Left ear: normal hearing."
    default = check_reply(reply, _m01(None))
    assert default.critical_errors == []
    assert [(f.ear, f.verdict) for f in default.findings if f.kind == "type"] == [
        ("right", "match")
    ]
    strict = check_reply(reply, _m01(None), bone_masking="strict")
    right = [f for f in strict.findings if f.kind == "type" and f.ear == "right"]
    assert [f.verdict for f in right] == ["unverifiable"]


def test_cli_bone_masking_option(tmp_path):
    path = tmp_path / "a.json"
    path.write_text(json.dumps(_m01(None).to_json_dict()))
    runner = CliRunner()
    default = runner.invoke(app, ["classify", str(path)])
    assert default.exit_code == 0, default.output
    assert "type conductive" in default.output
    assert "masking not recorded" in default.output
    strict = runner.invoke(app, ["classify", str(path), "--bone-masking", "strict"])
    assert strict.exit_code == 0, strict.output
    assert "right: pta" in strict.output and "type undetermined" in strict.output
    bad = runner.invoke(app, ["classify", str(path), "--bone-masking", "loose"])
    assert bad.exit_code != 0 and "unknown bone masking 'loose'" in bad.output
    reply = tmp_path / "r.txt"
    reply.write_text("Right ear: conductive hearing loss.")
    checked = runner.invoke(app, ["check", str(reply), "--case", str(path), "--json",
                                  "--bone-masking", "strict"])  # fmt: skip
    assert checked.exit_code == 0, checked.output
    assert [f["verdict"] for f in json.loads(checked.output)["findings"]] == ["unverifiable"]
