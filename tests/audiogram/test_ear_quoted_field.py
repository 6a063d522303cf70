"""An ear's key with a quoted value of several items (a log's snapshot: ``left="conductive;
moderately severe; tymp Ad" right="normal; tymp A"``) gives every item to the key's ear: the
semicolons inside the quotes separate the field's items, not the record's fields, so the
last item is not read with the next key's ear (notation._EAR_QUOTED_FIELD, in
export_fields_written_out). Near misses: an ear's key with a value not quoted, and a quoted
value under another key, are written as before."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.notation import export_fields_written_out

from .conftest import build, claim_fields


def _tymps(text: str) -> list[tuple]:
    written = export_fields_written_out(text)
    return claim_fields(written, "ears", "value", kinds=("tympanometry",), whole_reader=True)


FIELDS = [
    ('state left="mild; tymp B" right="normal; tymp A" ok=1', [(("left",), "B"),
                                                               (("right",), "A")]),
    ('row 7 right="severe; SNHL; tymp As" left="normal; tymp A"', [(("right",), "As"),
                                                                   (("left",), "A")]),
    ('LEFT="tymp C; mild" RIGHT="tymp A; normal"', [(("left",), "C"), (("right",), "A")]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "tymps"), FIELDS)
def test_each_item_is_its_keys_ears(text, tymps):
    assert _tymps(text) == tymps


UNCHANGED = [
    "left=mild right=normal",
    'note="tymp B; see ENT" right=normal',
    "left: mild; tymp B",
]


@pytest.mark.parametrize("text", UNCHANGED)
def test_other_fields_are_as_written(text):
    assert export_fields_written_out(text) == text


def test_end_to_end():
    audiogram = build(
        40,
        10,
        tympanometry={"right": {"type": "A"}, "left": {"type": "Ad"}},
    )
    right = 'snapshot left="normal; tymp Ad" right="moderate; tymp A" locked=Y'
    assert check_reply(right, audiogram).critical_errors == []
    swapped = 'snapshot left="normal; tymp A" right="moderate; tymp Ad" locked=Y'
    assert check_reply(swapped, audiogram).critical_errors == ["laterality_confusion"]
