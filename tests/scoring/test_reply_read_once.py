"""Each reply is read once (issue 32 item 1): the scorer takes the answering step's reading of
the reply it scores (``extract.remember_extraction``) and reads only what it was not given."""

from __future__ import annotations

from collections import Counter

from inspect_ai import eval as inspect_eval

from clinbench.items.loader import load_items
from clinbench.items.sample import from_metadata
from clinbench.scoring import extract
from clinbench.scoring.extract import (
    Extraction,
    extract_answer,
    extraction_for,
    remember_extraction,
)


class _State:  # stands for a TaskState: the memo is keyed on the sample's state object
    pass


def test_the_answering_steps_reading_is_taken_once_for_the_same_reply_and_item(
    sample_items_path,
):
    item = load_items(sample_items_path)[0]
    state, reading = _State(), Extraction("ok", "B", ["B"])
    remember_extraction(state, item, "ANSWER: B", reading)
    assert extraction_for(state, item, "ANSWER: B") is reading
    # handed out once: a second scorer of the sample reads the reply itself
    assert extraction_for(state, item, "ANSWER: B") == extract_answer(item, "ANSWER: B")


def test_another_reply_or_item_is_read_anew(sample_items_path):
    first, second = load_items(sample_items_path)[:2]
    held = Extraction("ok", "Z", ["Z"])  # not what either reply says: a taken one shows
    state = _State()
    remember_extraction(state, first, "ANSWER: B", held)
    assert extraction_for(state, first, "ANSWER: C") == extract_answer(first, "ANSWER: C")
    state = _State()
    remember_extraction(state, first, "ANSWER: B", held)
    assert extraction_for(state, second, "ANSWER: B") == extract_answer(second, "ANSWER: B")
    state = _State()
    remember_extraction(state, first, "ANSWER: B", held)
    copy = first.model_copy()  # an equal item that is not the one read: read anew
    assert extraction_for(state, copy, "ANSWER: B") == extract_answer(copy, "ANSWER: B")


def test_a_run_reads_each_reply_once_and_scores_as_a_fresh_reading(
    monkeypatch, tmp_path, sample_items_path, replay_fixture_path
):
    from clinbench.item_tasks import clinbench_items
    from clinbench.items.sample import log_item_table
    from clinbench.solvers import answer

    reads: Counter[tuple[str, str]] = Counter()
    real = extract.extract_answer

    def counted(item, reply):
        reads[(item.id, reply)] += 1
        return real(item, reply)

    monkeypatch.setattr(extract, "extract_answer", counted)  # the scorer's reading
    monkeypatch.setattr(answer, "extract_answer", counted)  # the answering step's
    (log,) = inspect_eval(
        clinbench_items(items=str(sample_items_path)),
        model="clinbench/replay/fixture-model",
        model_args={"responses": str(replay_fixture_path)},
        log_dir=str(tmp_path),
        display="none",
    )
    assert reads and max(reads.values()) == 1, [k for k, n in reads.items() if n > 1]
    table = log_item_table(log.eval.metadata)
    resubmitted = 0
    for sample in log.samples:
        if sample.error is not None:
            continue
        item = from_metadata(sample.metadata, table)
        reply = sample.output.completion
        assert (item.id, reply) in reads  # the scored reply was read, once
        fresh = real(item, reply)
        (score,) = sample.scores.values()
        assert score.metadata["extraction_status"] == fresh.status, item.id
        assert score.metadata["reason"] == fresh.reason, item.id
        resubmitted += bool(score.metadata["resubmitted"])
    assert resubmitted  # the fixture has ambiguous replies: both of their replies were read
