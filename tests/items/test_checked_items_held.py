"""A run checks each item of its bank once (issue 32 item 1): the task is built from the items
the run command's check kept (``loader.check_and_hold``), not read and checked again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from clinbench.items import loader
from clinbench.items.loader import check_and_hold, let_go_held_items, load_items
from tests.items.bank_reads import bank_reads


@pytest.fixture
def bank(tmp_path, sample_items_path):
    path = tmp_path / "bank.jsonl"
    shutil.copy(sample_items_path, path)
    yield path
    let_go_held_items()


def _same(got, expected) -> None:
    assert [i.model_dump() for i in got] == [i.model_dump() for i in expected]
    assert [(i._source_file, i._source_line) for i in got] == [
        (i._source_file, i._source_line) for i in expected
    ]


def test_the_next_read_takes_the_checked_items_named_as_it_names_the_file(monkeypatch, bank):
    absolute = str(bank.resolve())
    expected = load_items([absolute])
    check_and_hold([bank])  # the check names the file as the user gave it
    read = bank_reads(monkeypatch)
    got = load_items([absolute])
    assert read == []  # not read again
    _same(got, expected)  # the same items, each from the file as this read names it
    assert load_items([absolute]) and len(read) == 1  # handed out once: the next read reads


def test_first_and_keep_are_answered_as_a_read_would(monkeypatch, bank):
    read = bank_reads(monkeypatch)

    def load_counted(**kwargs):
        before = len(read)
        items = load_items([bank], **kwargs)
        return items, len(read) - before  # the items, and whether the file was read

    def closed(item):
        return item.format in {"mcq", "tf"}

    expected = load_items([bank], keep=closed, first=5)
    check_and_hold([bank])  # all held: any filter and any first is answered
    got, reads = load_counted(keep=closed, first=5)
    _same(got, expected)
    assert reads == 0
    check_and_hold([bank], first=3)  # the first 3 held
    got, reads = load_counted(first=2)
    _same(got, load_items([bank], first=2))
    assert reads == 0
    check_and_hold([bank], first=3)
    got, reads = load_counted(first=10)  # more than were held: read
    assert len(got) == 10 and reads == 1
    check_and_hold([bank], first=3)
    got, reads = load_counted(keep=closed, first=1)  # a filter over a part: read
    _same(got, load_items([bank], keep=closed, first=1))
    assert reads == 1


def test_a_changed_file_is_read_and_checked_again(monkeypatch, bank):
    check_and_hold([bank])
    lines = bank.read_text().splitlines(keepends=True)
    bank.write_text("".join(lines[:-1]) + '{"id": "bad", "format": "mcq"}\n')
    with pytest.raises(loader.ItemFileError):
        load_items([bank])


def test_items_left_untaken_are_let_go(bank):
    check_and_hold([bank])
    assert loader._HELD
    let_go_held_items()
    assert not loader._HELD


def test_a_run_checks_each_item_once(monkeypatch, tmp_path, bank, replay_fixture_path):
    from collections import Counter

    from inspect_ai.log import read_eval_log

    from clinbench.cli import _mount, app

    _mount()
    ids = [item.id for item in load_items([bank])]
    checked: list[str] = []
    real = loader.validate_row

    def counted(row, *args, **kwargs):
        checked.append(str(row.get("id")))
        return real(row, *args, **kwargs)

    monkeypatch.setattr(loader, "validate_row", counted)
    result = CliRunner().invoke(app, [
        "run", str(bank), "--model", "clinbench/replay/fixture-model",
        "-M", f"responses={replay_fixture_path}", "--log-dir", str(tmp_path / "logs"),
        "--display", "none", "--limit", "4",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert Counter(checked) == Counter(ids)  # every item checked, each once
    assert not loader._HELD  # nothing left held after the run
    (log_file,) = Path(tmp_path / "logs").glob("*.eval")
    log = read_eval_log(str(log_file))
    assert [s.id for s in log.samples] == ids[:4]
    # the items as the run's own read names their file (absolute: resume works from anywhere)
    assert {s.metadata["item_file"] for s in log.samples} == {str(bank.resolve())}
