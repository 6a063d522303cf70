"""Item ids are compared as a person reads them: look-alikes and invisible characters are
`file:line: id: ...` problems naming both lines, and `items validate` exits 2."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app
from clinbench.items.loader import read_items

_mount()


def _bank(path, ids):
    with path.open("w", encoding="utf-8") as f:
        for item_id in ids:
            f.write(json.dumps({"id": item_id, "format": "tf", "stem": "Is it so?",
                                "answer": True}, ensure_ascii=False) + "\n")  # fmt: skip
    return path


@pytest.mark.parametrize(
    "second",
    ["Q1", "\uff31\uff11", "q\u0031"[:1] + "\uff11"],  # upper case, fullwidth, mixed width
)
def test_ids_equal_after_nfkc_and_case_folding_are_the_same_item(tmp_path, second):
    bank = _bank(tmp_path / "b.jsonl", ["q1", second])
    items, problems = read_items([bank])
    assert [str(p) for p in problems] == [
        f"{bank}:2: id: {second!r} looks the same as 'q1' at {bank}:1 "
        "(equal after Unicode NFKC normalisation and case folding)"
    ]


def test_nfc_and_nfd_and_a_kelvin_sign_are_look_alikes(tmp_path):
    bank = _bank(tmp_path / "b.jsonl", ["caf\u00e9", "cafe\u0301", "K-1", "\u212a-1"])
    _items, problems = read_items([bank])
    assert [(p.line, p.field) for p in problems] == [(2, "id"), (4, "id")]
    assert f"at {bank}:1" in problems[0].message and f"at {bank}:3" in problems[1].message


@pytest.mark.parametrize(
    ("item_id", "what"),
    [("q1\u200b", "U+200B"), ("q\u202e1", "U+202E"), ("q1 ", "space at the end"),
     (" q1", "space at the start"), ("q\u00a01", "U+00A0"), ("\ufeffq1", "U+FEFF")],
)  # fmt: skip
def test_an_id_with_invisible_characters_is_refused(tmp_path, item_id, what):
    bank = _bank(tmp_path / "b.jsonl", ["q0", item_id])
    _items, problems = read_items([bank])
    assert len(problems) == 1 and problems[0].line == 2 and problems[0].field == "id"
    assert what in problems[0].message


def test_items_validate_exits_2_naming_both_lines(tmp_path):
    bank = _bank(tmp_path / "b.jsonl", ["q1", "x", "Q1"])
    result = CliRunner().invoke(app, ["items", "validate", str(bank)])
    assert result.exit_code == 2
    assert f"{bank}:3: id: 'Q1' looks the same as 'q1' at {bank}:1" in result.output


def test_plain_distinct_ids_with_inner_spaces_pass(tmp_path):
    bank = _bank(tmp_path / "b.jsonl", ["case 1", "case 2", "q-1", "q_1"])
    items, problems = read_items([bank])
    assert problems == [] and len(items) == 4
