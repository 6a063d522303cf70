"""``stats classification`` leaves out the rows of a scorer graded on a scale (surf28).

On SmolLM2 + Whisper's slp_transcription results it took each reference transcript for a
gold label: "labels: bi gree fro, big green frog, blue and boat, ..." and "all items:
micro_f1 0.000" over 18 rows, an F1 of a word-error-rate task that no other surface shows.
"""

from __future__ import annotations

import pandas as pd

from clinbench.stats.classification import classification, per_class


def _rows(task: str, scorer: str, pairs: list[tuple[str, str, str]]) -> list[dict]:
    return [{"model": "m", "task": task, "scorer": scorer, "item_id": f"{task}{i}",
             "target": target, "extracted_answer": answer, "outcome": outcome}
            for i, (target, answer, outcome) in enumerate(pairs)]  # fmt: skip


RESULTS = pd.DataFrame(
    _rows("slp_disorder", "slp_label_scorer",
          [("speech_disorder", "speech_disorder", "correct"),
           ("typically_developing", "speech_disorder", "incorrect")])
    + _rows("slp_transcription", "slp_transcription_scorer",
            [("red ball", "wed ball", "graded"), ("look at the car", "", "parse_failed")])
)  # fmt: skip


def test_only_the_label_task_is_a_classification():
    table = classification(RESULTS)
    assert table["task"].tolist() == ["slp_disorder"]
    assert table["micro_f1"].tolist() == [0.5]
    assert set(per_class(RESULTS)["task"]) == {"slp_disorder"}
