"""An empty manifest is a bad input named by its file (surf28 item 3).

``clinbench run slp_disorder -T manifest=empty.csv`` said only "error: no items to build a
task from" (exit 2): not which file. It is now ``empty.csv:1: -: no items ...``.
"""

from __future__ import annotations

import pytest

from clinbench.items.loader import ItemFileError
from clinbench.suites.slp.corpora import read_manifest


@pytest.mark.parametrize("text", ["", "id,audio,label\n"])
def test_an_empty_manifest_says_which_file(tmp_path, text):
    path = tmp_path / "empty.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ItemFileError) as caught:
        read_manifest(path)
    assert f"{path}:1: -: no items: the manifest has no rows" in str(caught.value)


def test_a_manifest_saved_with_a_bom_reads_as_without(tmp_path):
    """A spreadsheet's byte-order mark was read into the first column's name: every row said
    ``\ufeffid: unknown column`` (surf33). CRLF line ends read as LF."""
    from clinbench.suites.slp.tasks import SAMPLE_MANIFEST

    text = SAMPLE_MANIFEST.read_text(encoding="utf-8")
    as_shipped = [item.id for item in read_manifest(SAMPLE_MANIFEST, check_audio=False)]
    for name, saved in (("bom", "\ufeff" + text), ("crlf", text.replace("\n", "\r\n"))):
        path = tmp_path / f"{name}.csv"
        path.write_bytes(saved.encode("utf-8"))
        assert [item.id for item in read_manifest(path, check_audio=False)] == as_shipped, name
