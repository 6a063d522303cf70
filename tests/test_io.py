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


def test_atomic_path_gives_a_plain_files_permissions_unless_private(tmp_path):
    import os

    from clinbench.io import atomic_path

    umask = os.umask(0)
    os.umask(umask)
    with atomic_path(tmp_path / "plain.txt") as tmp:
        tmp.write_text("x")
    assert (tmp_path / "plain.txt").stat().st_mode & 0o777 == 0o666 & ~umask
    atomic_write_text(tmp_path / "own.txt", "y", private=True)
    assert (tmp_path / "own.txt").stat().st_mode & 0o777 == 0o600
    with pytest.raises(ValueError), atomic_path(tmp_path / "plain.txt") as tmp:
        tmp.write_text("half")
        raise ValueError("writer failed")
    assert (tmp_path / "plain.txt").read_text() == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["own.txt", "plain.txt"]


def test_parse_jsonl_takes_the_callers_parser_and_words(tmp_path):
    from clinbench import strict_json
    from clinbench.io import parse_jsonl

    lines = ['{"a": 1, "a": 2}', "", "3", '{"b": 1}']
    rows = list(parse_jsonl(lines, "bank.jsonl", loads=strict_json.loads, not_object="no"))
    assert [str(v) for _, v in rows[:2]] == [
        "bank.jsonl:1: -: duplicate key 'a'",
        "bank.jsonl:3: -: no",
    ]
    assert rows[2] == (4, {"b": 1})


def test_no_private_temp_file_writer_is_left_outside_io():
    """Every file-level atomic write goes through clinbench.io (folder staging is separate)."""
    import re
    from pathlib import Path

    import clinbench

    root = Path(clinbench.__file__).parent
    pattern = re.compile(r"mkstemp|NamedTemporaryFile|\.tmp\"\)|os\.replace\(tmp,|tmp\.replace\(")
    found = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        if path.name != "io.py" or path.parent != root
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []


def test_a_content_cache_counts_each_look_up_and_reads_back_what_it_kept(tmp_path):
    from clinbench.io import ContentCache, cache_use, content_key

    kept = ContentCache(tmp_path / "kept", "test records", "making it again")
    key = content_key({"clip": "abc", "snr_db": 20.0})
    before = cache_use().get("test records", (0, 0))
    assert kept.read(key, lambda record: record["value"]) is None  # nothing kept: a miss
    assert kept.write(key, {"value": "ä 1"}) == tmp_path / "kept" / key[:2] / f"{key}.json"
    assert kept.read(key, lambda record: record["value"]) == "ä 1"
    hits, misses = cache_use()["test records"]
    assert (hits - before[0], misses - before[1]) == (1, 1)


def test_a_damaged_entry_is_a_logged_miss_and_clear_counts_keys_not_files(tmp_path, caplog):
    from clinbench.io import ContentCache, content_key

    kept = ContentCache(tmp_path, "test records", "making it again")
    one, two = content_key({"n": 1}), content_key({"n": 2})
    kept.write(one, {"value": 1})
    kept.entry(one, ".wav").write_bytes(b"RIFF")  # a second file of the same key
    kept.entry(two, ".json").parent.mkdir(parents=True, exist_ok=True)
    kept.entry(two, ".json").write_text("{not json", encoding="utf-8")
    assert kept.read(two, lambda record: record) is None
    assert "unreadable" in caplog.text and "making it again" in caplog.text
    assert kept.read(one, lambda record: record["missing"]) is None  # the parser refuses it
    assert kept.clear() == 2 and not list(tmp_path.iterdir())


def test_cache_use_names_its_kinds_in_one_order_whichever_was_counted_first():
    # the demo's "Read back from the user cache" line lists the kinds in this order; it once
    # followed the first look-up of the process (a Whisper test counted transcripts first)
    from clinbench.io import cache_use, count_cache_use

    count_cache_use("test kind z", True)
    count_cache_use("test kind a", False)
    kinds = [kind for kind in cache_use() if kind.startswith("test kind ")]
    assert kinds == ["test kind a", "test kind z"]
