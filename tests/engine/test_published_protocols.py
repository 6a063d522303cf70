"""Protocols as the papers published them: no temperature sent, true/false read at the first
occurrence, the format instructed only, the dB tolerance from the rubric in the judge prompt.

The model here is a local OpenAI-compatible server on 127.0.0.1 (tests/local_openai.py) that
records every request body, so what was sent (or not sent) is checked on the wire.
"""

from __future__ import annotations

import json

import pytest
from inspect_ai import eval as inspect_eval

from clinbench.items.model import TFItem
from clinbench.results.export import results_from_logs
from clinbench.scoring.extract import extract_answer, extract_tf
from clinbench.solvers.protocol import (
    PROVIDER_DEFAULT,
    run_settings,
    sent_temperature,
    with_tf_reading,
)
from tests.local_openai import OpenAIHandler, serve

# TF items of the bundled objective sample: the cochlea one is true, the presbycusis one false.
TF_TRUE, TF_FALSE = "aud-obj-016", "aud-obj-018"


class SaysTrueThenFalse(OpenAIHandler):
    """Answers every question 'True ... false ...': strict reading finds two answers."""

    def reply(self, body: dict) -> str:
        return "True, in most adults; it would be false only for rare anatomical variants."


class DeclinesExact(OpenAIHandler):
    def reply(self, body: dict) -> str:
        return json.dumps({"decline": True})


def _tf(reply: str, reading: str):
    item = TFItem(id="t1", suite="x", format="tf", stem="s", answer=True)
    return extract_answer(with_tf_reading(item, reading), reply)


def test_first_occurrence_takes_the_first_word_where_strict_reading_asks_again():
    reply = "It is not true that this is false; true."
    strict, first = _tf(reply, "strict"), _tf(reply, "first_occurrence")
    assert strict.status == "ambiguous"
    assert (first.status, first.answer) == ("ok", "true")
    assert (_tf("FALSE. (True for children.)", "first_occurrence").answer) == "false"
    assert _tf("No idea.", "first_occurrence").status == "none"  # nothing to read: not a guess
    assert _tf("Answer: true", "strict").answer == "true"  # the default reading is unchanged
    with pytest.raises(ValueError, match="tf_reading"):
        extract_tf("true", "last_occurrence")


def test_temperature_words_mean_none_sent_and_bad_values_are_refused():
    assert sent_temperature("provider_default") is None and sent_temperature(None) is None
    assert sent_temperature(0) == 0.0 and sent_temperature("0.7") == 0.7
    with pytest.raises(ValueError, match="temperature"):
        sent_temperature("warm")
    with pytest.raises(ValueError, match="protocol"):
        run_settings("as_in_2024", paper="p", published={}, given={})
    # clinbench's protocol keeps what was given; the published one replaces it
    given = {"temperature": 0.0, "tf_reading": "strict"}
    published = {"temperature": None, "tf_reading": "first_occurrence"}
    assert (
        run_settings("clinbench", paper="p", published=published, given=given)["temperature"] == 0.0
    )
    assert run_settings("published", paper="p", published=published, given=given) == {
        "name": "published", "paper": "p", "temperature": None, "tf_reading": "first_occurrence"
    }  # fmt: skip


def _objective(tmp_path, model: str, **task_args):
    from clinbench.suites.audiology.tasks import audiology_objective

    logs = inspect_eval(
        audiology_objective(formats="tf", **task_args), model=model,
        sample_id=[TF_TRUE, TF_FALSE], log_dir=str(tmp_path), display="none",
        max_retries=0, max_connections=1, fail_on_error=False,
        model_args={"max_retries": 0},
    )  # fmt: skip
    return logs[0], results_from_logs(logs)


def test_audiology_published_protocol_sends_no_temperature_and_reads_the_first_word(
    tmp_path, monkeypatch
):
    with serve(SaysTrueThenFalse, monkeypatch):
        ours_log, ours = _objective(tmp_path / "ours", "openai-api/local/tf-a")
        ours_requests = list(SaysTrueThenFalse.requests)
        SaysTrueThenFalse.requests = []
        log, paper = _objective(tmp_path / "paper", "openai-api/local/tf-b", protocol="published")
        paper_requests = list(SaysTrueThenFalse.requests)
    # clinbench's protocol sends temperature 0; the paper's sends none (provider default)
    assert ours_requests and all(r.get("temperature") == 0 for r in ours_requests)
    assert paper_requests and all("temperature" not in r for r in paper_requests)
    assert log.plan.config.temperature is None  # the generate config the log keeps
    assert ours_log.plan.config.temperature == 0
    # strict: "True ... false" is two answers, asked again, then not read (never guessed)
    assert set(ours["outcome"]) == {"parse_failed"}
    assert len(ours_requests) == 4  # each item asked once more for a single answer
    # first occurrence: "true" on both items, right for the true one, wrong for the false one
    outcome = paper.set_index("item_id")["outcome"]
    assert outcome[TF_TRUE] == "correct" and outcome[TF_FALSE] == "incorrect"
    assert len(paper_requests) == 2
    recorded = {json.loads(p)["name"] for p in paper["protocol"]}
    assert recorded == {"published"}
    protocol = json.loads(paper["protocol"].iloc[0])
    assert protocol == {
        "name": "published", "paper": "AudiologyBench", "temperature": PROVIDER_DEFAULT,
        "tf_reading": "first_occurrence",
    }  # fmt: skip
    assert json.loads(ours["protocol"].iloc[0])["temperature"] == 0.0
    # the item set is the same under both protocols: the reading rule is not item content
    assert set(ours["item_set_sha256"]) == set(paper["item_set_sha256"])


def test_tf_reading_alone_and_temperature_alone_are_selectable(tmp_path, monkeypatch):
    with serve(SaysTrueThenFalse, monkeypatch):
        _, table = _objective(
            tmp_path, "openai-api/local/tf-c", tf_reading="first_occurrence",
            temperature="provider_default",
        )  # fmt: skip
        requests = list(SaysTrueThenFalse.requests)
    assert all("temperature" not in r for r in requests)
    assert json.loads(table["protocol"].iloc[0])["name"] == "clinbench"
    assert set(table["outcome"]) == {"correct", "incorrect"}


def test_ausclin_v13_protocol_sends_no_temperature_and_no_response_format(tmp_path, monkeypatch):
    from clinbench.suites.ausclin.tasks import ausclin

    with serve(DeclinesExact, monkeypatch):
        logs = inspect_eval(
            ausclin(protocol="published"), model="openai-api/local/v13",
            sample_id=["pbs-001", "pbs-002"], log_dir=str(tmp_path), display="none",
            max_retries=0, max_connections=1, fail_on_error=False,
            model_args={"max_retries": 0},
        )  # fmt: skip
        requests = list(DeclinesExact.requests)
    table = results_from_logs(logs)
    assert requests and all("temperature" not in r for r in requests)
    assert all("response_format" not in r for r in requests)
    assert all("single JSON object" in r["messages"][-1]["content"] for r in requests)
    assert list(table["structured_output"]) == ["off", "off"]
    protocol = json.loads(table["protocol"].iloc[0])
    assert protocol["paper"] == "AusClinBench v1.3" and protocol["structured_output"] == "off"
    assert protocol["temperature"] == PROVIDER_DEFAULT


def test_judge_prompt_states_the_rubric_tolerance_and_the_checker_takes_the_same(tmp_path):
    from clinbench.scoring.rubric import load_rubric
    from clinbench.suites.audiology import RUBRIC
    from clinbench.suites.audiology.case_judge import (
        RUBRIC_INSTRUCTIONS,
        RUBRIC_SYSTEM,
        rubric_prompt,
    )
    from clinbench.suites.audiology.tasks import case_tolerance_db

    q1 = rubric_prompt("Q1", "Results?", "ref", "answer", load_rubric())
    assert "within ±10 dB of the reference" in q1
    assert "±" not in rubric_prompt("Q2", "Diagnosis?", "ref", "answer", load_rubric())
    assert "dB" not in RUBRIC_INSTRUCTIONS + RUBRIC_SYSTEM  # the figure is not in prompt text
    assert case_tolerance_db(None, None) == 10
    moved = tmp_path / "rubric.yaml"
    moved.write_text(RUBRIC.read_text().replace("tolerance: {value: 10,", "tolerance: {value: 5,"))
    assert "within ±5 dB of the reference" in rubric_prompt(
        "Q1", "Results?", "ref", "answer", load_rubric(moved)
    )
    assert case_tolerance_db(str(moved), None) == 5
    assert case_tolerance_db(str(moved), 15) == 15  # an explicit tolerance still wins
    bare = tmp_path / "bare.yaml"
    bare.write_text("\n".join(
        line for line in RUBRIC.read_text().splitlines() if "tolerance: {" not in line
    ))  # fmt: skip
    with pytest.raises(ValueError, match="no dB tolerance"):
        case_tolerance_db(str(bare), None)
