"""Passage files, structured-reply parsing and item building from adaptation replies."""

from __future__ import annotations

from pathlib import Path

import pytest

from clinbench.curate.adapt import FIBReply, MCQReply, SAReply, ScreenReply, build_item
from clinbench.curate.passages import Passage, read_passages
from clinbench.curate.structured_calls import OK, PARSE_FAILED, model_arg_pairs, parse_reply
from clinbench.items.loader import ItemFileError

TEXT = """Bone-conduction thresholds reflect the sensitivity of the cochlea because the
vibrator largely bypasses the outer and middle ear.

An air-bone gap of 15 dB or more at a frequency points to a conductive component.


Masking is needed when the signal could cross to the non-test ear.
"""


def test_text_file_blocks_become_numbered_passages(tmp_path: Path) -> None:
    path = tmp_path / "bone.txt"
    path.write_text(TEXT, "utf-8")
    passages = read_passages([path], citation="Lecture notes, week 3", url="https://x.example")
    assert [p.id for p in passages] == ["bone-001", "bone-002", "bone-003"]
    assert [p.source for p in passages] == [f"{path}:1", f"{path}:4", f"{path}:7"]
    assert passages[0].text.startswith("Bone-conduction") and "\n" in passages[0].text
    assert all(p.citation == "Lecture notes, week 3" for p in passages)


def test_unknown_field_and_file_type_are_errors(tmp_path: Path) -> None:
    jsonl = tmp_path / "p.jsonl"
    jsonl.write_text('{"id": "a", "text": "t", "cite": "typo"}\n', "utf-8")
    other = tmp_path / "p.docx"
    other.write_text("x", "utf-8")
    with pytest.raises(ItemFileError) as err:
        read_passages([jsonl, other, tmp_path / "missing.txt"])
    text = str(err.value)
    assert f"{jsonl}:1: cite: Extra inputs are not permitted" in text
    assert f"{other}:0: -: unknown passage file type" in text
    assert "missing.txt:0: -: file not found" in text


@pytest.mark.parametrize(
    ("completion", "status"),
    [
        ('{"suitable": true, "reason": "States a cut-off."}', OK),
        ('```json\n{"suitable": false, "reason": "No fact."}\n```', OK),
        ('{"suitable": "maybe", "reason": "?"}', PARSE_FAILED),
        ('{"suitable": true}', PARSE_FAILED),
        ("Yes, it is suitable.", PARSE_FAILED),
        ("", PARSE_FAILED),
    ],
)
def test_parse_reply(completion: str, status: str) -> None:
    reply = parse_reply(completion, ScreenReply)
    assert reply.status == status
    assert (reply.value is None) == (status != OK)
    if status != OK:
        assert reply.detail


def test_model_arg_pairs() -> None:
    assert model_arg_pairs(["responses=a.csv", "n=3"]) == {"responses": "a.csv", "n": 3}
    with pytest.raises(ValueError):
        model_arg_pairs(["responses"])


PASSAGE = Passage(
    id="abg-01",
    text="An air-bone gap of 15 dB or more at a frequency points to a conductive component.",
    citation="Lecture notes",
)


def test_build_item_grounds_the_quote_or_flags_it() -> None:
    grounded = SAReply(
        question="What air-bone gap suggests a conductive component?",
        answer="15 dB or more",
        rationale="Stated directly.",
        quote="An air-bone gap of 15 dB or more at a frequency",
    )
    item, flags = build_item(grounded, "sa", PASSAGE, item_id="abg-01-sa")
    assert flags == [] and item.provenance.quote.startswith("An air-bone gap")
    invented = grounded.model_copy(update={"quote": "Gaps above 10 dB are always conductive."})
    item, flags = build_item(invented, "sa", PASSAGE, item_id="abg-01-sa")
    assert flags == ["quote_not_in_passage"]
    assert item.provenance.quote is None
    assert item.metadata["model_quote"] == "Gaps above 10 dB are always conductive."


def test_build_item_rejects_invalid_drafts() -> None:
    no_blank = FIBReply(stem="The gap is 15 dB.", answer="15 dB", rationale="r", quote="q")
    with pytest.raises(ValueError, match="no blank"):
        build_item(no_blank, "fib", PASSAGE, item_id="x")
    bad_key = MCQReply(stem="s", options=["a", "b"], answer="C", rationale="r", quote="q")
    with pytest.raises(ValueError, match="not among the options"):
        build_item(bad_key, "mcq", PASSAGE, item_id="x")
