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
