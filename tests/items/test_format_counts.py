"""A run reads its item bank whole once less (issue 32 item 1): the format counts that pick its
task(s) come from the run command's check of the same files, as they are now."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clinbench.items import loader
from clinbench.items.loader import ItemFileError, format_counts, load_items
from tests.items.bank_reads import bank_reads


@pytest.fixture
def bank(tmp_path, sample_items_path):
    path = tmp_path / "bank.jsonl"
    shutil.copy(sample_items_path, path)
    return path


def _expected(path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in load_items(path):
        counts[item.format] = counts.get(item.format, 0) + 1
    return counts


def test_files_checked_as_they_are_now_are_not_read_again(monkeypatch, bank):
    expected = _expected(bank)
    read = bank_reads(monkeypatch)
    load_items(bank, first=0)  # the run command's check: every item checked, none held
    assert format_counts([bank]) == expected
    assert len(read) == 1
    assert format_counts([str(bank.resolve())]) == expected  # the same file, named otherwise
    assert len(read) == 1


def test_a_changed_file_is_read_again(monkeypatch, bank):
    load_items(bank, first=0)
    lines = bank.read_text().splitlines(keepends=True)
    bank.write_text("".join(lines[:-1]))  # one item fewer: another size
    read = bank_reads(monkeypatch)
    counts = format_counts([bank])
    assert len(read) == 1 and counts == _expected(bank)


def test_other_media_roots_are_a_check_of_their_own(monkeypatch, bank, tmp_path):
    load_items(bank, first=0)
    read = bank_reads(monkeypatch)
    with loader.allowed_media_roots(tmp_path):
        format_counts([bank])
    assert len(read) == 1


def test_a_bad_file_raises_each_time(monkeypatch, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x", "format": "mcq"}\n')
    for _ in range(2):
        with pytest.raises(ItemFileError, match="bad.jsonl:1"):
            format_counts([bad])
    read = bank_reads(monkeypatch)
    with pytest.raises(ItemFileError):
        format_counts([bad])
    assert len(read) == 1  # a file with problems is never taken as checked


def test_a_run_reads_its_bank_once(monkeypatch, bank, tmp_path):
    """The run command's check; the counts and the task's items come from it."""
    from typer.testing import CliRunner

    from clinbench.cli import _mount, app

    _mount()
    read = bank_reads(monkeypatch)
    args = ["run", str(bank), "--log-dir", str(tmp_path / "logs"), "--display", "none"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert len(read) == 1 and {Path(p).resolve() for p in read} == {bank.resolve()}, read
