"""The model claim reader (``-T claim_reader=model``): claims read by a model, judged by rules.

The claim reader here is a local OpenAI-compatible server on 127.0.0.1 started by the test
(tests/local_openai.py). Good claims (written by hand for labelled validation replies, as a
perfect reader would write them) must give the rules reader's verdict; every failure
(invalid JSON, HTTP 500, claims that break the schema) must be ``unscored`` with its cause,
never "no error"; a server that refuses ``json_schema`` is asked again with ``json_object``.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from inspect_ai.model import GenerateConfig, get_model

from clinbench.audiogram.check import check_claims, check_reply
from clinbench.results.export import results_table
from clinbench.structured_output import _WORKING_MODE
from clinbench.suites.audiology.claim_reader import (
    CALL_FAILED,
    INVALID_JSON,
    SCHEMA_VIOLATION,
    NoClaimReaderBound,
    claims_from_reply,
    read_claims_with_model,
)
from clinbench.suites.audiology.report import claim_reader_table
from clinbench.suites.audiology.tasks import CASE_ITEMS, audiology_cases
from tests.audiogram.validation import cases, replies
from tests.local_openai import RefusesFormats, format_kinds, serve


def _claim(kind, ears, value, **extra):
    return {"kind": kind, "ears": ears, "value": value, "qualifier": "asserted", **extra}


BOTH = ["right", "left"]
GOOD = {  # reply id (validation batch 1) -> the claims it makes and their words, by hand
    "W01": [_claim("degree", ["right"], "mild", text="R ear: mild"),
            _claim("type", ["right"], "conductive", text="conductive hearing loss"),
            _claim("degree", ["left"], "normal", text="hearing within normal limits")],
    "W02": [_claim("degree", ["right"], "normal", text="R ear: normal hearing"),
            _claim("degree", ["left"], "mild", text="L ear: mild"),
            _claim("type", ["left"], "conductive", text="conductive loss")],
    "W06": [_claim("degree", ["right"], "mild", text="Right ear: mild"),
            _claim("type", ["right"], "sensorineural", text="sensorineural hearing loss"),
            _claim("degree", ["left"], "normal", text="Left ear: normal hearing")],
    "W17": [_claim("degree", BOTH, "severe", text="Severe"),
            _claim("type", BOTH, "sensorineural", text="sensorineural hearing loss in both ears"),
            _claim("threshold", BOTH, 70, frequencies=[8000], text="70 dB at 8 kHz")],
    "W24": [_claim("degree", BOTH, "severe", text="Bilateral flat severe"),
            _claim("type", BOTH, "sensorineural", text="sensorineural hearing loss")],
}  # fmt: skip
REPLIES = {r["id"]: r for r in replies("replies.jsonl") if r["id"] in GOOD}
STATEMENT = re.compile(r"<<<\n(.*)\n>>>", re.DOTALL)


def _statement(body: dict) -> str:
    text = body["messages"][-1]["content"]
    if isinstance(text, list):
        text = "".join(part.get("text", "") for part in text)
    return STATEMENT.search(text).group(1)


class GoodReader(RefusesFormats):
    """A claim reader that knows the claims of the labelled replies (and refuses nothing)."""

    refuse = ()

    def reply(self, body: dict) -> str:
        said = _statement(body)
        reply_id = next(k for k, r in REPLIES.items() if r["reply"] == said)
        return json.dumps({"claims": GOOD[reply_id]})


class RefusingGoodReader(GoodReader):
    refuse = ("json_schema",)  # llama.cpp's server: HTTP 500 naming response_format


class ProseReader(GoodReader):
    def reply(self, body: dict) -> str:
        return "The statement describes a mild conductive loss on the right."


class SchemaBreakingReader(GoodReader):
    def reply(self, body: dict) -> str:
        return json.dumps({"claims": [{"kind": "degree", "ears": ["right"], "value": "mild",
                                       "confidence": 0.9}]})  # fmt: skip


class ThresholdWithoutFrequency(GoodReader):
    def reply(self, body: dict) -> str:
        return json.dumps({"claims": [_claim("threshold", ["right"], 40)]})


class ExampleCopier(GoodReader):
    """Copies the prompt's worked example, as SmolLM2-135M did: words the statement lacks."""

    def reply(self, body: dict) -> str:
        return json.dumps({"claims": [_claim("type", BOTH, "sensorineural",
                                             text="moderate sensorineural loss")]})  # fmt: skip


class EmptyQuoter(GoodReader):
    """Gives the example's claims with an empty ``text``, as SmolLM2-135M did on a normal reply."""

    def reply(self, body: dict) -> str:
        claims = [_claim("degree", BOTH, "moderate", text=""),
                  _claim("type", BOTH, "sensorineural", text=" ")]  # fmt: skip
        return json.dumps({"claims": claims})


class DownReader(GoodReader):
    """Fails every request with an HTTP 500 that does not name the response format."""

    refuse = ("json_schema", "json_object", None)
    message = "internal server error"


@pytest.fixture(autouse=True)
def _forget_modes():
    _WORKING_MODE.clear()
    yield
    _WORKING_MODE.clear()


def _read(name: str, text: str, mode: str = "auto"):
    # no retries: Inspect's own (config) and the OpenAI client's (model argument)
    model = get_model(f"openai-api/local/{name}", memoize=False, max_retries=0,
                      config=GenerateConfig(max_retries=0))  # fmt: skip
    return asyncio.run(read_claims_with_model(model, text, mode))


@pytest.mark.parametrize("reply_id", sorted(GOOD))
def test_good_claims_give_the_rules_readers_verdict(reply_id, monkeypatch):
    row = REPLIES[reply_id]
    case = cases()[row["case"]]
    with serve(GoodReader, monkeypatch):
        reading = _read("good", row["reply"])
    assert reading.read, reading.cause
    assert reading.record["structured_output"] == "json_schema"
    by_model = check_claims(reading.claims, case)
    by_rules = check_reply(row["reply"], case)
    assert by_model.critical_errors == by_rules.critical_errors == sorted(row["critical_errors"])


def test_a_refused_json_schema_falls_back_to_json_object_with_the_schema(monkeypatch):
    row = REPLIES["W06"]
    with serve(RefusingGoodReader, monkeypatch):
        reading = _read("refusing", row["reply"])
        kinds = format_kinds(RefusingGoodReader.requests)
        sent = RefusingGoodReader.requests[-1]
    assert reading.read and reading.record["structured_output"] == "json_object"
    assert "json_schema: HTTP 500" in reading.record["structured_output_refused"][0]
    assert kinds == ["json_schema", "json_object"]
    assert sent["response_format"]["schema"]["required"] == ["claims"]
    verdict = check_claims(reading.claims, cases()[row["case"]]).critical_errors
    assert verdict == ["type_misclassification"]


@pytest.mark.parametrize(
    ("handler", "failure", "cause"),
    [
        (ProseReader, INVALID_JSON, "no JSON object"),
        (SchemaBreakingReader, SCHEMA_VIOLATION, "claims.0.confidence: Extra inputs"),
        (ThresholdWithoutFrequency, SCHEMA_VIOLATION, "claims.0: a threshold needs its one"),
        (DownReader, CALL_FAILED, "internal server error"),
        (
            ExampleCopier,
            SCHEMA_VIOLATION,
            "claims.0: its text 'moderate sensorineural loss' is not",
        ),
        (EmptyQuoter, SCHEMA_VIOLATION, "claims.0: its text is empty"),
    ],
)
def test_a_failed_reading_has_its_kind_and_cause_and_no_claims(
    handler, failure, cause, monkeypatch
):
    with serve(handler, monkeypatch):
        reading = _read(handler.__name__.lower(), REPLIES["W01"]["reply"])
    assert reading.claims is None
    assert reading.failure == failure and cause in reading.cause, reading.cause
    assert reading.metadata()["failure"] == failure


def test_claims_that_break_what_their_judge_needs_are_refused_not_mended():
    ok, _, _ = claims_from_reply(
        json.dumps({"claims": [_claim("degree", ["right"], "Mild", text="x")]})
    )
    assert ok[0].value == "mild"  # case only
    for bad, why in [
        (_claim("type", ["left"], "sensory"), "a type is one of"),
        (_claim("threshold", ["left"], "loud", frequencies=[500]), "dB HL level"),
        (_claim("threshold", ["left"], 400, frequencies=[500]), "dB HL level"),
        (_claim("degree", ["poorer", "left"], "mild"), "name no ear"),
        (_claim("degree", ["left", "left"], "mild"), "name no ear"),
    ]:
        claims, failure, cause = claims_from_reply(json.dumps({"claims": [bad]}))
        assert claims is None and failure == SCHEMA_VIOLATION and why in cause, cause
    claims, failure, cause = claims_from_reply('{"claims": []} and {"claims": [1]}')
    assert claims is None and failure == INVALID_JSON and "2 different" in cause


def test_the_schema_sent_admits_only_judgeable_claims_of_the_claim_schema():
    import jsonschema  # Inspect's own dependency

    from clinbench.audiogram.claims import claims_json_schema
    from clinbench.suites.audiology.claim_reader import request_schema

    sent = jsonschema.Draft202012Validator(request_schema())
    loose = jsonschema.Draft202012Validator(claims_json_schema())
    for claims in GOOD.values():
        assert sent.is_valid({"claims": claims}) and loose.is_valid({"claims": claims})
    for bad in [
        _claim("type", ["left"], "normal"),  # SmolLM2 wrote this; the loose schema takes it
        _claim("degree", ["left"], 40),
        _claim("threshold", ["left"], 40),  # no frequency
        _claim("threshold", ["left"], 400, frequencies=[500]),
        _claim("degree", ["left"], "mild"),  # no text: a claim quotes its words
        _claim("degree", ["left"], "mild", text=""),
    ]:
        assert not sent.is_valid({"claims": [bad]}), bad
        assert claims_from_reply(json.dumps({"claims": [bad]}))[0] is None, bad
    assert loose.is_valid({"claims": [_claim("type", ["left"], "normal")]})


# -- in a run: audiology_cases -T claim_reader=model -----------------------------------------

CASE_IDS = ["aud-case-001", "aud-case-003"]


class RulesClaimsReader(RefusesFormats):
    """A claim reader that answers with the claims the rules reader reads in the section."""

    refuse = ()

    def reply(self, body: dict) -> str:
        from clinbench.audiogram.claims import read_claims

        claims = [
            {"kind": c.kind, "ears": list(c.ears), "value": c.value,
             "qualifier": str(c.qualifier), "conduction": c.conduction,
             "frequencies": list(c.frequencies), "text": c.text}
            for c in read_claims(_statement(body)) if c.kind in ("degree", "type", "threshold")
        ]  # fmt: skip
        return json.dumps({"claims": claims})


class HalfProseReader(RulesClaimsReader):
    """Reads Q1 sections; answers prose to everything else (an invalid reading)."""

    def reply(self, body: dict) -> str:
        if "dB" in _statement(body):
            return super().reply(body)
        return "I cannot list claims for this one."


def _case_run(tmp_path, monkeypatch, handler, name, **task_args):
    from inspect_ai import eval as inspect_eval

    with serve(handler, monkeypatch):
        reader = get_model(f"openai-api/local/{name}", memoize=False, max_retries=0,
                           config=GenerateConfig(max_retries=0))  # fmt: skip
        logs = inspect_eval(
            audiology_cases(items=str(CASE_ITEMS), claim_reader="model", **task_args),
            model="clinbench/rules", model_roles={"claim_reader": reader},
            sample_id=CASE_IDS, log_dir=str(tmp_path), display="none", fail_on_error=False,
            max_retries=0,
        )  # fmt: skip
        requests = list(handler.requests)
    table = results_table(tmp_path)
    return logs[0], table[table["scorer"] == "audiogram_fact_check"], requests


def test_a_run_records_the_model_reader_and_judges_its_claims(tmp_path, monkeypatch):
    log, rows, requests = _case_run(tmp_path, monkeypatch, RulesClaimsReader, "rules-claims")
    assert log.eval.metadata["claim_reader"] == "model"
    assert requests and all(r["max_tokens"] == 1024 for r in requests)  # the role's default
    assert len(rows) == 2 * len(CASE_IDS)
    for row in rows.itertuples():
        meta = json.loads(row.score_metadata)
        assert meta["claim_reader"]["reader"] == "model"
        assert meta["claim_reader"]["model"] == "openai-api/local/rules-claims"
        assert meta["claim_reader"]["structured_output"] == "json_schema"
        assert row.judge == "openai-api/local/rules-claims"
        assert row.outcome in ("graded", "unscored")
        if row.outcome == "unscored":  # nothing checkable or no claim, never a failed reading
            assert meta["unscored_cause"] in ("nothing_checkable", "no_claim_read"), meta
    assert (rows["outcome"] == "graded").sum() >= 2
    # the rules reader is the default, recorded too
    assert audiology_cases(items=str(CASE_ITEMS)).metadata["claim_reader"] == "rules"


def test_a_failed_reading_in_a_run_is_unscored_with_its_cause_and_counted(tmp_path, monkeypatch):
    _, rows, _ = _case_run(tmp_path, monkeypatch, HalfProseReader, "half-prose")
    failed = [json.loads(m) for m in rows["score_metadata"]]
    failed = [m for m in failed if m.get("unscored_cause") == INVALID_JSON]
    assert failed, "every section was read"
    for meta in failed:
        assert meta["outcome"] == "unscored" and meta["critical_errors"] == []
        assert meta["reason"].startswith("the claim reader failed (invalid_json)")
        assert meta["claim_reader"]["reply"] == "I cannot list claims for this one."
    unscored = rows[rows["outcome"] == "unscored"]
    assert unscored["score"].isna().all()  # never a 0, never "no error"
    table = claim_reader_table(rows)
    assert int(table["unscored: reader failed"].sum()) == len(failed)
    assert int(table["failed: invalid_json"].sum()) == len(failed)
    assert set(table["claim_reader"]) == {"openai-api/local/half-prose"}


def test_model_reader_without_a_bound_model_fails_loudly(tmp_path):
    from inspect_ai import eval as inspect_eval

    logs = inspect_eval(
        audiology_cases(items=str(CASE_IDS and CASE_ITEMS), claim_reader="model"),
        model="clinbench/rules", sample_id=CASE_IDS[:1], log_dir=str(tmp_path),
        display="none", fail_on_error=False,
    )  # fmt: skip
    error = logs[0].samples[0].error
    assert error is not None and "--model-role claim_reader=MODEL" in error.message
    assert NoClaimReaderBound.__name__ in (error.traceback or "")


def test_unknown_reader_or_mode_is_refused_when_the_task_is_built():
    with pytest.raises(ValueError, match="claim_reader must be rules or model"):
        audiology_cases(items=str(CASE_ITEMS), claim_reader="llm")
    with pytest.raises(ValueError, match="structured_output must be one of"):
        audiology_cases(items=str(CASE_ITEMS), claim_reader_output="yaml")


def test_clinbench_run_binds_the_claim_reader_and_prints_its_failures(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from clinbench.cli import _mount, app

    _mount()
    out = tmp_path / "results.csv"
    args = ["run", "audiology_cases", "-T", f"items={CASE_ITEMS}", "-T", "claim_reader=model",
            "--model", "clinbench/rules", "--model-role",
            "claim_reader=openai-api/local/cli-half-prose", "--limit", "2", "--max-retries", "0",
            "--log-dir", str(tmp_path / "logs"), "--display", "none",
            "--out", str(out)]  # fmt: skip
    with serve(HalfProseReader, monkeypatch):
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    printed = " ".join(result.output.split())  # the table wraps its headers
    assert "fact check: claim reader" in printed and "openai-api/local/cli-half-prose" in printed
    # sections, graded, no claim read, nothing checkable, failed, invalid
    assert "Q2 2 1 0 0 1 1" in printed
    assert "never counted as 'no error'" in printed
    import pandas as pd

    rows = pd.read_csv(out, keep_default_na=False)
    rows = rows[rows["scorer"] == "audiogram_fact_check"]
    assert set(rows["judge"]) == {"openai-api/local/cli-half-prose"}
    assert "unscored" in set(rows["outcome"])


def test_the_prompt_carries_the_statement_whole_with_or_without_the_worked_example():
    from clinbench.suites.audiology.claim_reader import claim_prompt

    statement = 'R: mild {odd braces} "quoted"\nL: WNL'
    with_example, without = claim_prompt(statement), claim_prompt(statement, example=False)
    assert f"<<<\n{statement}\n>>>" in with_example and f"<<<\n{statement}\n>>>" in without
    assert "Example:" in with_example and "Example:" not in without
    assert '{"claims": [...]}' in without  # the reply form is always asked


def test_a_claim_quoting_words_the_statement_lacks_is_refused_not_judged():
    statement = "Right ear:  Moderate\nsensorineural loss; left normal."
    quoted = [
        _claim("degree", ["right"], "moderate", text="right ear: moderate"),
        _claim("type", ["right"], "sensorineural", text="MODERATE sensorineural"),
    ]
    claims, failure, _ = claims_from_reply(json.dumps({"claims": quoted}), statement)
    assert failure == "" and [c.value for c in claims] == ["moderate", "sensorineural"]
    copied = [*quoted, _claim("type", ["left"], "conductive", text="conductive loss")]
    claims, failure, cause = claims_from_reply(json.dumps({"claims": copied}), statement)
    assert claims is None and failure == SCHEMA_VIOLATION
    assert cause == "claims.2: its text 'conductive loss' is not in the statement read"


def test_a_claim_with_an_empty_or_blank_text_is_refused_not_judged():
    statement = "Right ear: moderate sensorineural loss."
    for text in ("", "   ", "\n\t"):
        blank = [_claim("degree", ["right"], "moderate", text="right ear: moderate"),
                 _claim("type", ["right"], "sensorineural", text=text)]  # fmt: skip
        for given in (statement, None):  # read against the statement or alone
            claims, failure, cause = claims_from_reply(json.dumps({"claims": blank}), given)
            assert claims is None and failure == SCHEMA_VIOLATION, (text, given)
            assert cause == "claims.1: its text is empty (a claim quotes the words it reads)"
    missing = {k: v for k, v in blank[1].items() if k != "text"}  # text left out: empty too
    claims, failure, _ = claims_from_reply(json.dumps({"claims": [missing]}), statement)
    assert claims is None and failure == SCHEMA_VIOLATION
