"""Structured output that degrades: a provider that refuses json_schema is asked again, recorded.

The servers here are local OpenAI-compatible endpoints on 127.0.0.1 (tests/local_openai.py)
that answer as llama.cpp's server does: HTTP 500 naming ``response_format`` for a
``json_schema`` request. On the code before this fallback every ausclin sample against such
a server was an ``error`` row.
"""

from __future__ import annotations

import json

import pandas as pd
import pytest
from inspect_ai import eval as inspect_eval

from clinbench.results.export import results_from_logs
from clinbench.solvers.structured import refused_response_format
from clinbench.suites.ausclin.tasks import ausclin
from tests.local_openai import RefusesFormats, format_kinds, serve

SAMPLES = ["pbs-001", "pbs-002", "pbs-003"]


class RefusesJsonSchema(RefusesFormats):
    """Answers like llama-cpp-python's server: HTTP 500 for json_schema, JSON otherwise."""

    def reply(self, body: dict) -> str:
        return json.dumps({"decline": True})  # a valid reply to every exact item


class RefusesEveryFormat(RefusesJsonSchema):
    refuse = ("json_schema", "json_object")
    status = 400
    message = "response_format is not supported by this model"


class DownFor500(RefusesJsonSchema):
    """A server that fails every request with a 500 that does not name the response format."""

    refuse = ("json_schema", "json_object", None)
    message = "internal server error"


def _run(tmp_path, model: str, **task_args):
    task = ausclin(**task_args)
    logs = inspect_eval(
        task, model=model, sample_id=SAMPLES, log_dir=str(tmp_path), display="none",
        max_retries=0, max_connections=1, fail_on_error=False,
        model_args={"max_retries": 0},  # the OpenAI client's own retries off
    )  # fmt: skip
    return results_from_logs(logs)


_kinds = format_kinds


def test_auto_falls_back_to_json_object_remembers_it_and_records_it(tmp_path, monkeypatch):
    with serve(RefusesJsonSchema, monkeypatch):
        table = _run(tmp_path, "openai-api/local/refuses-schema-a")
        kinds = _kinds(RefusesJsonSchema.requests)
    assert set(table["outcome"]) == {"declined"}  # every item answered; no error rows
    assert list(table["structured_output"]) == ["json_object"] * 3
    # json_schema was refused once, then the working mode was used for the rest of the run
    assert kinds.count("json_schema") == 1 and kinds[0] == "json_schema"
    assert kinds.count("json_object") == 3
    schema_sent = [r for r in RefusesJsonSchema.requests if _kinds([r]) == ["json_object"]]
    assert all("decline" in r["response_format"]["schema"]["properties"] for r in schema_sent)
    scored = [json.loads(m) for m in table["score_metadata"]]
    assert all(m["outcome"] == "declined" for m in scored)


def test_auto_ends_at_instructions_only_when_every_format_is_refused(tmp_path, monkeypatch):
    with serve(RefusesEveryFormat, monkeypatch):
        table = _run(tmp_path, "openai-api/local/refuses-all")
        requests = list(RefusesEveryFormat.requests)
    assert "error" not in set(table["outcome"])
    assert list(table["structured_output"]) == ["off"] * 3
    answered = [r for r in requests if "response_format" not in r]
    assert len(answered) == 3
    assert all("single JSON object" in r["messages"][-1]["content"] for r in answered)


def test_off_sends_no_response_format_and_a_fixed_mode_is_not_fallen_back_from(
    tmp_path, monkeypatch
):
    with serve(RefusesJsonSchema, monkeypatch):
        off = _run(tmp_path / "off", "openai-api/local/off-model", structured_output="off")
        assert _kinds(RefusesJsonSchema.requests) == [None, None, None]
        RefusesJsonSchema.requests = []
        fixed = _run(tmp_path / "fixed", "openai-api/local/fixed", structured_output="json_schema")
    assert list(off["structured_output"]) == ["off"] * 3
    assert set(off["outcome"]) == {"declined"}
    assert set(fixed["outcome"]) == {"error"}  # asked for json_schema: a refusal is an error
    assert list(fixed["structured_output"]) == ["json_schema"] * 3
    causes = [json.loads(m)["cause"] for m in fixed["score_metadata"]]
    assert all("response_format" in c and "500" in c for c in causes)


def test_a_failure_that_is_not_a_refusal_is_an_error_not_a_fallback(tmp_path, monkeypatch):
    with serve(DownFor500, monkeypatch):
        table = _run(tmp_path, "openai-api/local/down-500")
        kinds = _kinds(DownFor500.requests)
    assert set(table["outcome"]) == {"error"}
    assert "json_object" not in kinds and None not in kinds  # never degraded for a dead server
    assert list(table["structured_output"]) == ["json_schema"] * 3


def test_refusal_is_read_from_the_provider_error_chain():
    class StatusError(Exception):
        def __init__(self, status_code, text):
            super().__init__(text)
            self.status_code = status_code

    class Wrapper(Exception):
        pass

    try:
        try:
            raise StatusError(500, "Input should be 'text' or 'json_object': response_format")
        except StatusError as inner:
            raise Wrapper("RetryError") from inner
    except Wrapper as outer:
        assert refused_response_format(outer).startswith("HTTP 500")
    assert refused_response_format(StatusError(500, "out of memory")) is None
    assert refused_response_format(ValueError("response_format")) is None  # no HTTP status
    with pytest.raises(ValueError, match="structured_output must be one of"):
        ausclin(structured_output="xml")


def test_results_table_columns_read_back(tmp_path, monkeypatch):
    from clinbench.results import read_results, write_results

    with serve(RefusesJsonSchema, monkeypatch):
        table = _run(tmp_path, "openai-api/local/refuses-schema-b")
    for suffix in (".csv", ".parquet"):
        back = read_results(write_results(table, tmp_path / f"r{suffix}"))
        assert list(back["structured_output"]) == ["json_object"] * 3
        assert pd.api.types.is_float_dtype(back["queue_s"])
