"""Each run finds its own structured-output mode: a run's log never depends on an earlier run
in the same process.

A notebook user (realuse5) ran ausclin twice in one Python process against a llama.cpp-style
server that refuses json_schema. The first run probed json_schema, met the refusal, recorded it
in its log and asked json_object. The second run, into another log folder, asked json_object
from its first sample with no probe and no refusal in its log: the working mode had been kept
from the first run, so the same command wrote a different log in a notebook than from the
shell, and nothing in the second log said why json_schema was never asked.
"""

from __future__ import annotations

import json

from inspect_ai.log import read_eval_log

from clinbench.runner import CallLimits, run_benchmark
from clinbench.structured_output import REFUSED_KEY
from tests.local_openai import RefusesFormats, format_kinds, serve

MODEL = "openai-api/local/same-name-twice"


class RefusesJsonSchema(RefusesFormats):
    requests: list[dict] = []

    def reply(self, body: dict) -> str:
        return json.dumps({"decline": True})


def _refusals(outcome) -> list[str]:
    (log,) = outcome.logs
    samples = read_eval_log(log.location).samples or []
    found = []
    for sample in samples:
        for part in (sample.metadata or {}, *[s.metadata or {} for s in sample.scores.values()]):
            found += part.get(REFUSED_KEY) or []
    return found


def test_a_second_run_in_one_process_probes_and_records_its_own_refusal(tmp_path, monkeypatch):
    limits = CallLimits(max_retries=0, max_connections=1)
    runs = []
    with serve(RefusesJsonSchema, monkeypatch):
        for folder in ("first", "second"):
            RefusesJsonSchema.requests = []
            outcome = run_benchmark(["ausclin"], [MODEL], tmp_path / folder, limits, limit=1,
                                    model_args={"max_retries": 0})  # fmt: skip
            runs.append((format_kinds(RefusesJsonSchema.requests), _refusals(outcome)))
    (first_kinds, first_refused), (second_kinds, second_refused) = runs
    assert first_kinds == ["json_schema", "json_object"] and first_refused, runs
    assert second_kinds == first_kinds, runs
    assert second_refused, "the second log does not say why json_schema was not used"
