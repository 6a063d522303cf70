"""A full disk, a read-only folder or a parent that cannot be made is one line naming the
path and the cause, exit 2: no traceback, the old file intact, no temporary file left."""

from __future__ import annotations

import errno
import sys

import pandas as pd
import pytest
from typer.testing import CliRunner

from clinbench.cli import _mount, app, main

_mount()


@pytest.fixture(scope="module")
def log_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("io") / "logs"
    ran = CliRunner().invoke(app, ["run", str(_items()), "--log-dir", str(folder), "--limit",
                                   "6", "--display", "none"])  # fmt: skip
    assert ran.exit_code == 0, ran.output
    return folder


def _items():
    from tests.conftest import DATA

    return DATA / "sample_items.jsonl"


def _main(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["clinbench", *map(str, args)])
    with pytest.raises(SystemExit) as stopped:
        main()
    captured = capsys.readouterr()
    return stopped.value.code, captured.out, captured.err


def _disk_full(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(("suffix", "writer"), [(".csv", "to_csv"), (".parquet", "to_parquet")])
def test_a_full_disk_is_one_line_and_the_old_table_stays(
    tmp_path, monkeypatch, capsys, log_dir, suffix, writer
):
    out = tmp_path / f"results{suffix}"
    out.write_bytes(b"the old table")
    monkeypatch.setattr(pd.DataFrame, writer, _disk_full)
    code, _out, err = _main(monkeypatch, capsys, "results", "export", log_dir, "--out", out)
    assert code == 2
    assert err.strip() == f"error: cannot write {out}: No space left on device (errno 28)"
    assert "Traceback" not in err
    assert out.read_bytes() == b"the old table"
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]  # no temporary file


def test_a_read_only_folder_is_one_line(tmp_path, monkeypatch, capsys, log_dir):
    import tempfile

    def read_only(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    out = tmp_path / "results.csv"
    code, _out, err = _main(monkeypatch, capsys, "results", "export", log_dir, "--out", out)
    assert code == 2
    assert err.strip() == f"error: cannot write {out}: Permission denied (errno 13)"
    assert not out.exists()


def test_a_parent_that_cannot_be_made_is_one_line(tmp_path, monkeypatch, capsys, log_dir):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = blocker / "sub" / "results.csv"
    code, _out, err = _main(monkeypatch, capsys, "results", "export", log_dir, "--out", out)
    assert code == 2
    assert err.startswith(f"error: cannot write {out}: ") and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and blocker.read_text() == "not a folder"


def test_the_report_on_a_full_disk_is_one_line(tmp_path, monkeypatch, capsys, log_dir):
    results = tmp_path / "results.parquet"
    assert CliRunner().invoke(app, ["results", "export", str(log_dir), "--out",
                                    str(results)]).exit_code == 0  # fmt: skip
    out = tmp_path / "report.html"
    import clinbench.io

    monkeypatch.setattr(clinbench.io.os, "replace", _disk_full)  # every atomic write fails
    code, _out, err = _main(monkeypatch, capsys, "report", results, "--out", out)
    assert code == 2, err
    assert "No space left on device" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_a_log_the_disk_could_not_hold_is_never_named_as_written(tmp_path, log_dir):
    from types import SimpleNamespace

    from inspect_ai.log import list_eval_logs

    from clinbench.cli.run_options import log_line

    error = SimpleNamespace(message="OSError: [Errno 28] No space left on device")
    missing = SimpleNamespace(location=str(tmp_path / "gone.eval"), status="error", error=error)
    assert log_line(missing) == (
        f"{tmp_path / 'gone.eval'} (not written: OSError: [Errno 28] No space left on device)"
    )
    on_disk = list_eval_logs(str(log_dir))[0].name.removeprefix("file://")
    partial = SimpleNamespace(location=on_disk, status="cancelled", error=error)
    assert "incomplete log, status success" in log_line(partial)
    whole = SimpleNamespace(location=on_disk, status="success", error=None)
    assert log_line(whole) == f"{on_disk} (complete)"


def test_a_failed_export_removes_the_folders_it_made_and_no_other(
    tmp_path, monkeypatch, capsys, log_dir
):
    kept = tmp_path / "kept"
    kept.mkdir()  # the user's own (empty) folder: never removed
    out = kept / "new" / "deeper" / "results.csv"
    monkeypatch.setattr(pd.DataFrame, "to_csv", _disk_full)
    code, _out, err = _main(monkeypatch, capsys, "results", "export", log_dir, "--out", out)
    assert code == 2, err
    assert "No space left on device" in err
    assert kept.is_dir() and list(kept.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept"]


def test_a_folder_another_writer_filled_meanwhile_is_kept(tmp_path):
    from clinbench.io import atomic_path

    out = tmp_path / "new" / "results.csv"
    with pytest.raises(OSError), atomic_path(out):
        (tmp_path / "new" / "theirs.txt").write_text("another writer's file")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert (tmp_path / "new" / "theirs.txt").read_text() == "another writer's file"
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["theirs.txt"]


def test_a_failed_analysis_removes_the_folders_it_made(tmp_path, monkeypatch, capsys, log_dir):
    results = tmp_path / "results.parquet"
    assert CliRunner().invoke(app, ["results", "export", str(log_dir), "--out",
                                    str(results)]).exit_code == 0  # fmt: skip
    out = tmp_path / "new" / "analysis"
    import clinbench.io

    monkeypatch.setattr(clinbench.io.os, "replace", _disk_full)
    code, _out, err = _main(monkeypatch, capsys, "analyze", results, "-o", out, "--n-boot", "20")
    assert code == 2, err
    assert "No space left on device" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.parquet"]
