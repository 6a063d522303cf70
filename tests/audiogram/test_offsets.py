"""The two offset-keeping edits every reading pass shares (clinbench.audiogram.offsets)."""

from __future__ import annotations

from clinbench.audiogram.offsets import blanked, lowered


def test_lowered_keeps_every_offset_even_where_lower_case_is_longer():
    assert lowered("Right EAR 40 dB") == "right ear 40 db"
    text = "İzmir clinic: RIGHT 40"  # 'İ'.lower() is two characters long
    low = lowered(text)
    assert len(low) == len(text) and low.endswith("right 40")


def test_blanked_keeps_the_length_and_joins_overlapping_spans():
    text = "left 40 dB, right 55 dB"
    out = blanked(text, [(5, 10), (8, 12), (18, 23)])
    assert len(out) == len(text)
    assert out == "left " + " " * 7 + "right " + " " * 5
    assert blanked(text, []) is text
