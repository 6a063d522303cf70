"""The results table reads each logged sample's JSON with pydantic's parser (issue 32 item 1:
half the time of ``json.loads``), giving exactly what ``json.loads`` gives."""

from __future__ import annotations

import json
import math

import pytest

from clinbench.results.export import sample_json

CASES = [
    b'{"value": NaN, "up": Infinity, "down": -Infinity, "huge": 1e400}',
    b'{"n": 123456789012345678901234567890, "neg": -9223372036854775809}',
    b'{"a": 0.1, "b": 1.0, "c": 5e-324, "d": -0.0, "e": 1.7976931348623157e308}',
    b'{"same": 1, "same": 2}',
    '{"text": "caf\\u00e9 \\ud83d\\ude00 \u00e9\u4e2d", "nested": [[[]]], "z": null}'.encode(),
    b'{"lone": "\\ud800 half a pair"}',  # refused by pydantic's parser: json.loads reads it
]


def _same(a, b) -> bool:
    """Equal as JSON values, NaN equal to NaN, the sign of zero and the types kept."""
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) ==
                                                     math.copysign(1, b))  # fmt: skip
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


@pytest.mark.parametrize("raw", CASES)
def test_a_sample_reads_as_json_loads_reads_it(raw):
    assert _same(sample_json(raw), json.loads(raw))


def test_bad_json_is_still_an_error():
    with pytest.raises(ValueError):
        sample_json(b'{"a": ')


def test_a_logged_table_reads_the_same_as_with_json_loads(monkeypatch, tmp_path,
                                                          sample_items_path,
                                                          replay_fixture_path):  # fmt: skip
    import pandas as pd
    from inspect_ai import eval as inspect_eval

    from clinbench.item_tasks import clinbench_items
    from clinbench.results import export

    inspect_eval(
        clinbench_items(items=str(sample_items_path)),
        model="clinbench/replay/fixture-model",
        model_args={"responses": str(replay_fixture_path)},
        log_dir=str(tmp_path),
        display="none",
    )
    fast = export.results_table(tmp_path)
    monkeypatch.setattr(export, "sample_json", json.loads)
    plain = export.results_table(tmp_path)
    assert len(fast) == 52
    pd.testing.assert_frame_equal(fast, plain)
    assert fast.to_csv(index=False) == plain.to_csv(index=False)
