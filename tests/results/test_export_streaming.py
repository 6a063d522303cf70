"""Results export streams samples; run/demo tables come from the logs in memory; item table."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log, write_eval_log

from clinbench.item_tasks import clinbench_items
from clinbench.items.digest import record_hash
from clinbench.items.loader import load_items
from clinbench.items.sample import (
    ITEM_KEY,
    ITEMS,
    PACKED,
    ROW_FIELDS,
    from_metadata,
    log_item_table,
)
from clinbench.results import export
from clinbench.results.export import results_from_logs, results_table
from tests.conftest import DATA

EPOCHS, N = 3, 7


@pytest.fixture(scope="module")
def items_file(tmp_path_factory) -> Path:
    """The sample items, each with tags and metadata (results rows show both)."""
    rows = [json.loads(line) for line in (DATA / "sample_items.jsonl").read_text().splitlines()]
    for number, row in enumerate(rows):
        row.update(tags=["sample", f"n{number % 3}"], metadata={"source": "test", "n": number})
    path = tmp_path_factory.mktemp("items") / "items.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


@pytest.fixture(scope="module")
def multi_epoch_log(tmp_path_factory, items_file):
    """A finished three-epoch log of the chance baseline: (EvalLog as returned, its path)."""
    folder = tmp_path_factory.mktemp("epochs")
    (log,) = inspect_eval(clinbench_items(items=str(items_file)), model="clinbench/chance",
                          epochs=EPOCHS, limit=N, log_dir=str(folder), display="none")  # fmt: skip
    return log, export._local_path(log.location)


def _whole_log_table(path: str) -> pd.DataFrame:
    """The table as export made it before streaming: the whole log read at once."""
    rows = export.log_rows(read_eval_log(path), log_file=Path(path).name)
    return export._table([export._frame(rows)])


def test_streamed_export_gives_the_rows_of_the_whole_log(multi_epoch_log, monkeypatch):
    monkeypatch.setattr(export, "CHUNK", 4)  # several chunks, the last one short
    _, path = multi_epoch_log
    streamed = results_table(path)
    assert len(streamed) == EPOCHS * N and set(streamed["epoch"]) == {1, 2, 3}
    pd.testing.assert_frame_equal(streamed, _whole_log_table(path))


def test_without_inspects_internal_zip_reader_export_reads_through_the_public_reader(
    multi_epoch_log, monkeypatch
):
    """The fallback for an Inspect without its internal sample file names gives the same rows."""
    import sys

    monkeypatch.setattr(export, "CHUNK", 4)
    monkeypatch.setitem(sys.modules, "inspect_ai.log._recorders.eval", None)  # import fails
    assert export._member_names() is None
    _, path = multi_epoch_log
    pd.testing.assert_frame_equal(results_table(path), _whole_log_table(path))


def test_the_table_of_logs_in_memory_is_the_table_export_gives(multi_epoch_log):
    log, path = multi_epoch_log
    pd.testing.assert_frame_equal(results_from_logs([log]), results_table(path))
    header = read_eval_log(path, header_only=True)  # what eval_set returns: no samples
    pd.testing.assert_frame_equal(results_from_logs([header]), results_table(path))


def test_samples_carry_their_item_by_key_and_the_log_holds_each_item_once(
    multi_epoch_log, items_file
):
    _, path = multi_epoch_log
    log = read_eval_log(path)
    table = log_item_table(log.eval.metadata)
    keys = {sample.metadata[ITEM_KEY] for sample in log.samples}
    by_id = {item.id: item for item in load_items([items_file])}
    assert len(keys) == N and keys <= set(table) and len(table) == len(by_id)  # the task's items
    assert not any("item" in sample.metadata for sample in log.samples)
    # only what solvers and scorers need: the rest of a row comes from the item
    assert {frozenset(s.metadata) for s in log.samples} == {
        frozenset({ITEM_KEY, "item_file", "condition"})
    }
    rows = results_table(path).drop_duplicates("item_id").set_index("item_id")
    for item_id, row in rows.iterrows():
        item = by_id[item_id]
        fields = ["suite", "format", "domain", "source_pool", "difficulty"]
        assert [row[f] for f in fields] == [getattr(item, f) for f in fields]
        assert row["tags"] == ";".join(item.tags)
    for sample in log.samples:
        item = from_metadata(sample.metadata, table)  # its task is gone: from its bank file
        assert item.model_dump() == by_id[sample.id].model_dump()
        # the header keeps the fields a row shows (not the question or key: tidy8)
        expected = by_id[sample.id].model_dump(mode="json", include=set(ROW_FIELDS))
        assert table[sample.metadata[ITEM_KEY]] == expected


def _old_layout(path: str, dest: Path, items_file: Path) -> None:
    """Rewrite a log as clinbench wrote them before: the whole item in each sample's metadata."""
    log = read_eval_log(path)
    log.eval.metadata.pop(ITEMS)
    table = {record_hash(i): i.model_dump(mode="json") for i in load_items([items_file])}
    for sample in log.samples:
        sample.metadata["item"] = table[sample.metadata.pop(ITEM_KEY)]
    write_eval_log(log, str(dest))


def test_a_log_of_the_old_layout_exports_every_column_as_before(
    multi_epoch_log, tmp_path, items_file
):
    _, path = multi_epoch_log
    old = tmp_path / "old-layout.eval"
    _old_layout(path, old, items_file)
    assert ITEMS not in (read_eval_log(str(old), header_only=True).eval.metadata or {})
    before, now = results_table(str(old)), results_table(path)
    assert before["tags"].ne("").any() and before["item_metadata"].ne("").any()
    pd.testing.assert_frame_equal(before.drop(columns="log_file"), now.drop(columns="log_file"))
    sample = read_eval_log(str(old)).samples[0]
    log = read_eval_log(path)
    a, b = (
        from_metadata(sample.metadata),
        from_metadata(log.samples[0].metadata, log_item_table(log.eval.metadata)),
    )
    assert a.model_dump() == b.model_dump() and a._source_file == b._source_file


def test_an_item_key_unknown_to_this_process_is_an_error_not_a_guess():
    with pytest.raises(ValueError, match="neither among the items"):
        from_metadata({ITEM_KEY: "0" * 64})


def test_the_log_holds_its_item_table_packed_and_gives_every_item_back(multi_epoch_log, items_file):
    _, path = multi_epoch_log
    packed = read_eval_log(path, header_only=True).eval.metadata[ITEMS]
    assert isinstance(packed, str) and packed.startswith(PACKED)  # one string, not dicts
    table = log_item_table({ITEMS: packed})
    items = load_items([items_file])
    fields = set(ROW_FIELDS)  # what a row shows of each item (tidy8: not the whole item)
    assert table == {record_hash(i): i.model_dump(mode="json", include=fields) for i in items}
    log = read_eval_log(path)
    by_id = {i.id: i for i in items}
    for sample in log.samples:  # every item back, whole, from its bank file
        assert from_metadata(sample.metadata, table).model_dump() == by_id[sample.id].model_dump()
    as_json = json.dumps(table, separators=(",", ":"))
    assert len(packed) < len(as_json) / 2  # what Inspect holds and copies of it


def _unpacked_layout(path: str, dest: Path) -> None:
    """Rewrite a log as clinbench wrote them before packing: the item table as a dict."""
    log = read_eval_log(path)
    log.eval.metadata[ITEMS] = log_item_table(log.eval.metadata)
    write_eval_log(log, str(dest))


def test_a_log_with_its_item_table_unpacked_exports_as_before(multi_epoch_log, tmp_path):
    _, path = multi_epoch_log
    old = tmp_path / "unpacked.eval"
    _unpacked_layout(path, old)
    assert isinstance(read_eval_log(str(old), header_only=True).eval.metadata[ITEMS], dict)
    before, now = results_table(str(old)), results_table(path)
    assert before["tags"].ne("").any() and before["item_metadata"].ne("").any()
    pd.testing.assert_frame_equal(before.drop(columns="log_file"), now.drop(columns="log_file"))


@pytest.mark.parametrize("damage", ["not base64 !", "aGVsbG8=", "eJzLSM3JyVcozy/KSQEAGgsEXQ=="])
def test_a_damaged_item_table_leaves_the_log_out_and_says_why(multi_epoch_log, tmp_path, damage):
    _, path = multi_epoch_log
    log = read_eval_log(path)
    log.eval.metadata[ITEMS] = PACKED + damage  # bad base64, not zlib, zlib of no JSON object
    bad = tmp_path / "damaged.eval"
    write_eval_log(log, str(bad))
    skipped: list[str] = []
    table = results_table(str(bad), on_skip=skipped.append)
    assert table.empty
    assert len(skipped) == 1 and "item table cannot be read" in skipped[0]


def test_a_header_held_with_its_packed_items_is_not_read_again(multi_epoch_log, monkeypatch):
    import inspect_ai.log

    _, path = multi_epoch_log
    header = read_eval_log(path, header_only=True)  # as a run holds it: the table packed
    expected = results_table(path)
    reads: list[str] = []
    original = inspect_ai.log.read_eval_log_async

    async def counted(*args, **kwargs):
        reads.append(str(args[0]))
        return await original(*args, **kwargs)

    monkeypatch.setattr(inspect_ai.log, "read_eval_log_async", counted)
    pd.testing.assert_frame_equal(results_from_logs([header]), expected)
    assert reads == []  # the header's item table was used, not the file's header
    assert isinstance(header.eval.metadata[ITEMS], str)  # the caller's header is unchanged
