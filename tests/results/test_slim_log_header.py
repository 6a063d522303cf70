"""A log's header names its item bank and keeps of each item only what a results row shows.

Inspect's log list (``inspect view``) loads every log's header, and the header carried the
whole item of every sample (question, options, key, rule text, rewordings: ausclin's 25 items
were 58 KB of JSON). The header now keeps what identifies the bank (item files, content hash,
item count, suite version) and, by item key, the fields the export reads; a log written with
the whole item table gives the same results table.
"""

from __future__ import annotations

import weakref
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai.log import read_eval_log, write_eval_log

from clinbench.items import sample as sample_module
from clinbench.items.loader import load_items
from clinbench.items.sample import ITEM_KEY, ITEMS, from_metadata, log_item_table, packed_item_table
from clinbench.results.export import results_table
from clinbench.runner import CallLimits, run_benchmark
from clinbench.suites.ausclin.items import SAMPLE_ITEMS

LIMIT = 8


@pytest.fixture(scope="module")
def ausclin_log(tmp_path_factory) -> str:
    """An ausclin run of LIMIT items by its offline default model: the log's path."""
    folder = tmp_path_factory.mktemp("ausclin")
    outcome = run_benchmark(["ausclin"], None, folder, CallLimits(), limit=LIMIT)
    (log,) = outcome.logs
    return log.location


def test_the_header_names_the_bank_and_holds_no_item_text(ausclin_log):
    header = read_eval_log(ausclin_log, header_only=True)
    metadata = header.eval.metadata
    bank = load_items([SAMPLE_ITEMS])
    assert metadata["item_files"] == [str(SAMPLE_ITEMS.resolve())]
    assert metadata["n_items"] == len(bank) and len(metadata["item_set_sha256"]) == 64
    assert metadata["suite_version"]
    table = log_item_table(metadata)
    assert table, "the header keeps the fields a row shows"
    for entry in table.values():
        assert set(entry) <= {"suite", "format", "domain", "source_pool", "difficulty", "tags",
                              "metadata"}  # fmt: skip
    text = header.model_dump_json()
    for item in bank:
        assert item.stem not in text, item.id  # the question is in the sample, not the header


def _whole_item_layout(path: str, dest: Path) -> None:
    """Rewrite a log as clinbench wrote them before: the whole item of each key in the header."""
    from clinbench.suites.ausclin.tasks import ausclin

    log = read_eval_log(path)
    task = ausclin()  # its items live while it does, as in the run (the same records)
    by_key = {}
    for sample in log.samples:
        item = from_metadata(sample.metadata)
        by_key[sample.metadata[ITEM_KEY]] = item.model_dump(mode="json")
    del task
    log.eval.metadata = {k: v for k, v in log.eval.metadata.items() if k != "item_files"}
    log.eval.metadata[ITEMS] = packed_item_table(by_key)
    write_eval_log(log, str(dest))


def test_a_log_with_whole_items_in_its_header_gives_the_same_results_table(ausclin_log, tmp_path):
    old = tmp_path / "whole-items.eval"
    _whole_item_layout(ausclin_log, old)
    whole = log_item_table(read_eval_log(str(old), header_only=True).eval.metadata)
    assert all("stem" in entry for entry in whole.values())  # the layout written before
    before, now = results_table(str(old)), results_table(ausclin_log)
    assert len(now) >= LIMIT and now["item_metadata"].ne("").all() and now["tags"].ne("").any()
    pd.testing.assert_frame_equal(before.drop(columns="log_file"), now.drop(columns="log_file"))


def test_a_logged_item_is_read_back_from_its_bank_file(sample_items_path, tmp_path):
    outcome = run_benchmark([str(sample_items_path)], None, tmp_path, CallLimits(), limit=LIMIT)
    log = read_eval_log(outcome.logs[0].location)
    table = log_item_table(log.eval.metadata)
    by_id = {item.id: item for item in load_items([sample_items_path])}
    assert len(log.samples) == LIMIT
    for sample in log.samples:
        item = from_metadata(sample.metadata, table)
        assert item.model_dump() == by_id[sample.id].model_dump()
        assert item._source_file == Path(sample_items_path).resolve()


@pytest.fixture
def no_live_task(monkeypatch):
    """A process with no live task: another test in this worker may still hold samples of the
    same ausclin items (the table of live items is the process's), so the log is read as a
    new process reads it, from its item table and bank file alone."""
    monkeypatch.setattr(sample_module, "_ITEMS", weakref.WeakValueDictionary())


def test_an_item_the_suite_built_anew_is_an_error_not_a_guess(ausclin_log, no_live_task):
    # ausclin adds its facts to each item's metadata: the bank file holds another record
    log = read_eval_log(ausclin_log)
    with pytest.raises(ValueError, match="no longer holds"):
        from_metadata(log.samples[0].metadata, log_item_table(log.eval.metadata))


def test_an_item_its_bank_file_no_longer_holds_is_an_error_not_a_guess(
    ausclin_log, tmp_path, no_live_task
):
    log = read_eval_log(ausclin_log)
    changed = tmp_path / "bank.jsonl"
    changed.write_text(SAMPLE_ITEMS.read_text().replace("GP", "general practitioner"))
    sample = log.samples[0]
    metadata = {**sample.metadata, "item_file": str(changed)}
    with pytest.raises(ValueError, match="no longer holds"):
        from_metadata(metadata, log_item_table(log.eval.metadata))
