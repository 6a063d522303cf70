"""Curation calls degrade like every structured call: a server that refuses json_schema.

Before curation used :mod:`clinbench.structured_output`, ``structured_eval`` sent only
``json_schema``; against llama.cpp's server (HTTP 500 naming ``response_format``) every
curation reply was an ``error``.
"""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from clinbench.curate.structured_calls import OK, structured_eval
from clinbench.structured_output import _WORKING_MODE
from tests.local_openai import RefusesFormats, format_kinds, serve


class Verdict(BaseModel):
    suitable: bool
    reason: str


class RefusesJsonSchema(RefusesFormats):
    def reply(self, body: dict) -> str:
        return json.dumps({"suitable": True, "reason": "a clear passage"})


class RefusesEveryFormat(RefusesJsonSchema):
    refuse = ("json_schema", "json_object")
    status = 400
    message = "response_format is not supported by this model"


PROMPTS = [("p1", "Is this passage suitable? Reply in JSON.", {}),
           ("p2", "Is this one suitable? Reply in JSON.", {})]  # fmt: skip


@pytest.fixture(autouse=True)
def _forget_modes():
    _WORKING_MODE.clear()
    yield
    _WORKING_MODE.clear()


def _eval(tmp_path, model: str = "fake", **kwargs):
    # a model name per server: Inspect keeps a built model (and its endpoint) per name
    return structured_eval(
        "curate_test", PROMPTS, Verdict, model=f"openai-api/local/{model}",
        model_args={"max_retries": 0}, log_dir=tmp_path, **kwargs,
    )  # fmt: skip


def test_curation_falls_back_to_json_object_with_the_schema(tmp_path, monkeypatch):
    with serve(RefusesJsonSchema, monkeypatch):
        replies, _ = _eval(tmp_path, "refuses-json-schema")
        requests = list(RefusesJsonSchema.requests)
    assert {sid: r.status for sid, r in replies.items()} == {"p1": OK, "p2": OK}
    assert {r.mode for r in replies.values()} == {"json_object"}
    assert replies["p1"].value == Verdict(suitable=True, reason="a clear passage")
    kinds = format_kinds(requests)
    assert kinds.count("json_schema") >= 1 and kinds.count("json_object") == 2
    sent = next(r for r in requests if format_kinds([r]) == ["json_object"])
    assert sent["response_format"]["schema"]["properties"].keys() == {"suitable", "reason"}


def test_curation_asks_with_instructions_only_when_every_format_is_refused(tmp_path, monkeypatch):
    with serve(RefusesEveryFormat, monkeypatch):
        replies, _ = _eval(tmp_path, "refuses-all")
    assert {r.status for r in replies.values()} == {OK}
    assert {r.mode for r in replies.values()} == {"off"}


def test_an_unknown_mode_is_refused_before_any_call(tmp_path):
    with pytest.raises(ValueError, match="structured_output must be one of"):
        _eval(tmp_path, structured_output="yaml")
