"""clinbench/majority on items built in memory (issue 30, item 2): the bank is the task's items."""

from __future__ import annotations

from inspect_ai import eval as inspect_eval

from clinbench.item_tasks import items_task
from clinbench.items.model import MCQItem, TFItem
from clinbench.results.export import results_from_logs


def _bank() -> list:
    mcq = [MCQItem(id=f"q{i}", stem=f"Question {i}?", options={"A": "a", "B": "b", "C": "c"},
                   answer="B" if i < 7 else "A") for i in range(10)]  # fmt: skip
    tf = [TFItem(id=f"t{i}", stem=f"Statement {i}.", answer=i < 1) for i in range(3)]
    return mcq + tf


def test_majority_answers_the_most_common_key_of_items_built_in_memory(tmp_path):
    items = _bank()
    log = inspect_eval(items_task(items), model="clinbench/majority", log_dir=str(tmp_path),
                       display="none")[0]  # fmt: skip
    frame = results_from_logs([log])
    assert set(frame["outcome"]) <= {"correct", "incorrect"}, frame[["item_id", "outcome"]]
    mcq = frame[frame["item_id"].str.startswith("q")]
    tf = frame[frame["item_id"].str.startswith("t")]
    assert set(mcq["extracted_answer"]) == {"B"} and (mcq["outcome"] == "correct").sum() == 7
    assert set(tf["extracted_answer"].str.lower()) == {"false"}  # 2 of 3 statements are false
    assert (tf["outcome"] == "correct").sum() == 2


def test_two_banks_in_memory_keep_their_own_counts(tmp_path):
    a = [MCQItem(id=f"a{i}", stem=f"A {i}?", options={"A": "x", "B": "y"}, answer="A")
         for i in range(3)]  # fmt: skip
    b = [MCQItem(id=f"b{i}", stem=f"B {i}?", options={"A": "x", "B": "y"}, answer="B")
         for i in range(3)]  # fmt: skip
    logs = [inspect_eval(items_task(bank, name=name), model="clinbench/majority",
                         log_dir=str(tmp_path), display="none")[0]
            for name, bank in (("bank_a", a), ("bank_b", b))]  # fmt: skip
    frame = results_from_logs(logs)
    assert (frame["outcome"] == "correct").all(), frame[["item_id", "extracted_answer"]]
