"""clinbench.io: the one atomic writer and the one JSONL reader."""

from __future__ import annotations

import pytest

from clinbench.io import JsonlError, atomic_write, atomic_write_text, jsonl_lines, read_jsonl


def test_atomic_write_replaces_only_on_success(tmp_path):
    path = atomic_write_text(tmp_path / "sub" / "out.txt", "first")
    assert path.read_text() == "first"
    with pytest.raises(RuntimeError), atomic_write(path) as handle:
        handle.write("half")
        raise RuntimeError("crash mid-write")
    assert path.read_text() == "first"
    assert [p.name for p in path.parent.iterdir()] == ["out.txt"]  # no temporary left


def test_jsonl_lines_name_every_bad_line(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"id": 1}\n\n{bad\n[1, 2]\n' + "[" * 100000 + "\n" + '{"id": 2}\n')
    rows = list(jsonl_lines(path))
    assert [(n, v) for n, v in rows if isinstance(v, dict)] == [(1, {"id": 1}), (6, {"id": 2})]
    errors = [str(v) for _, v in rows if isinstance(v, JsonlError)]
    assert errors[0].startswith(f"{path}:3: -: invalid JSON")
    assert errors[1] == f"{path}:4: -: a line must be a JSON object"
    assert errors[2].startswith(f"{path}:5: -: invalid JSON")
    with pytest.raises(JsonlError, match=":3: -: invalid JSON"):
        read_jsonl(path)
