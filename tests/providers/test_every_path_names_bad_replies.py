"""Every path that runs a clinbench task names a provider's bad reply body the same way
(surf31 items 1 and 2).

surf29 named a body that is not JSON on ``clinbench run`` only: ``clinbench resume`` (Inspect's
``eval_retry`` builds the model) and a bare ``inspect eval clinbench/...`` still showed the raw
``JSONDecodeError``, and resume exited 0 with every sample failed. JSON that is not a chat
completion (``{"detail": "Not Found"}``, a list, no ``choices``, ``choices: []``, a message
without content) was a ``TypeError``/``IndexError``, or an empty answer scored as a parse
failure. Each clinbench task's setup step now gives its models and roles the handling
(:mod:`clinbench.solvers.provider_errors`), and each of these is an ``UnreadableReply`` saying
which endpoint, what was expected and what was received.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from tests.local_openai import serve
from tests.providers.test_unreadable_reply_is_named import TRUNCATED, AnswersNotJson, _items

CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
SRC = Path(__file__).resolve().parents[2] / "src" / "clinbench"


def _run(tmp_path, *extra):
    return subprocess.run(
        [*CLINBENCH, "run", str(_items(tmp_path / "items.jsonl")), "--model",
         "openai-api/local/m", "--log-dir", str(tmp_path / "logs"), "--out",
         str(tmp_path / "results.csv"), "--display", "none", "--max-retries", "0", *extra],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def _said(text: str) -> str:
    return " ".join(text.split())


def test_resume_names_a_body_that_is_not_json_and_exits_3(tmp_path, monkeypatch):
    AnswersNotJson.body = TRUNCATED
    with serve(AnswersNotJson, monkeypatch) as server:
        assert _run(tmp_path).returncode == 3
        done = subprocess.run(
            [*CLINBENCH, "resume", str(tmp_path / "logs"), "--errors", "--display", "none",
             "--max-retries", "0", "--out", str(tmp_path / "resumed.csv")],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        url = f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    assert len(AnswersNotJson.requests) == 2  # the run's call, and resume's again
    assert done.returncode == 3, done.stdout + done.stderr  # still failing: not a success
    (row,) = pd.read_csv(tmp_path / "resumed.csv").to_dict("records")
    error = json.loads(row["score_metadata"])["error"]
    for said in (error, _said(done.stderr)):
        assert "UnreadableReply" in said and "JSONDecodeError" not in said, said
        assert f"POST {url} (HTTP 200) answered with a body that is not JSON" in said, said
        assert 'first bytes received: `{"id": "chatcmpl-1"' in said, said


def test_a_bare_inspect_eval_names_a_body_that_is_not_json(tmp_path, monkeypatch):
    from inspect_ai.log import read_eval_log

    AnswersNotJson.body = TRUNCATED
    with serve(AnswersNotJson, monkeypatch) as server:
        done = subprocess.run(
            [sys.executable, "-m", "inspect_ai", "eval", "clinbench/clinbench_items", "-T",
             f"items={_items(tmp_path / 'items.jsonl')}", "--model", "openai-api/local/m",
             "--log-dir", str(tmp_path / "logs"), "--display", "none", "--max-retries", "0",
             "--no-fail-on-error"],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        url = f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    (path,) = (tmp_path / "logs").glob("*.eval")
    (sample,) = read_eval_log(str(path)).samples
    said = sample.error.message
    assert "UnreadableReply" in said and "JSONDecodeError" not in said, (said, done.stderr)
    assert f"POST {url} (HTTP 200) answered with a body that is not JSON" in said, said


NOT_A_COMPLETION = {
    "detail": ({"detail": "Not Found"}, "no `choices`"),
    "list": ([1, 2], "a JSON list where an object was expected"),
    "no-choices": ({"id": "x", "object": "chat.completion", "model": "m"}, "no `choices`"),
    "empty-choices": ({"id": "x", "object": "chat.completion", "model": "m", "choices": []},
                      "an empty `choices` list"),
    "no-content": ({"id": "x", "object": "chat.completion", "model": "m",
                    "choices": [{"index": 0, "message": {"role": "assistant"},
                                 "finish_reason": "stop"}]},
                   "a `message` without `content`"),
    "null-content": ({"id": "x", "object": "chat.completion", "model": "m",
                      "choices": [{"index": 0, "finish_reason": "stop",
                                   "message": {"role": "assistant", "content": None}}]},
                     "a `message` without `content`"),
}  # fmt: skip


def _said_of_received(said: str, body, missing: str, url: str) -> None:
    assert "UnreadableReply" in said, said
    assert "TypeError" not in said and "IndexError" not in said, said
    assert f"POST {url} answered with JSON that is not a chat completion ({missing})" in said
    assert "where a JSON reply from openai-api/local/m was expected" in said, said
    if "content" in missing:  # the message itself is quoted
        message = body["choices"][0]["message"]
        assert "the message received, as the client read it: `{" in said, said
        for key in message:
            assert f'"{key}": {json.dumps(message[key])}' in said, said
    else:
        assert "received, as the client read it: `" in said, said
        for key in body if isinstance(body, dict) else []:  # what came back, read
            assert f'"{key}": {json.dumps(body[key])[:20]}' in said, said
    if isinstance(body, list):
        assert "`[1, 2]`" in said, said


def test_a_run_on_json_that_is_not_a_chat_completion_gets_an_error_row(tmp_path, monkeypatch):
    body, missing = NOT_A_COMPLETION["detail"]
    AnswersNotJson.body = json.dumps(body).encode()
    with serve(AnswersNotJson, monkeypatch) as server:
        done = _run(tmp_path)
        url = f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    assert done.returncode == 3, done.stderr  # a failed call, never an answer scored as wrong
    (row,) = pd.read_csv(tmp_path / "results.csv").to_dict("records")
    assert row["outcome"] == "error" and pd.isna(row["extracted_answer"]), row
    error = json.loads(row["score_metadata"])["error"]
    for said in (error, _said(done.stderr)):
        _said_of_received(said, body, missing, url)


@pytest.mark.parametrize("name", list(NOT_A_COMPLETION))
def test_json_that_is_not_a_chat_completion_is_a_provider_error(monkeypatch, name):
    import asyncio

    from inspect_ai.model import GenerateConfig, get_model

    from clinbench.model_errors import UnreadableReply, naming_unreadable_replies

    body, missing = NOT_A_COMPLETION[name]
    AnswersNotJson.body = json.dumps(body).encode()
    with serve(AnswersNotJson, monkeypatch) as server:
        model = get_model("openai-api/local/m", memoize=False,
                          config=GenerateConfig(max_retries=0))  # fmt: skip
        naming_unreadable_replies(model)
        with pytest.raises(UnreadableReply) as raised:
            asyncio.run(model.generate("Question?"))
        url = f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    assert len(AnswersNotJson.requests) == 1  # never retried: the same body would come back
    _said_of_received(f"UnreadableReply({raised.value})", body, missing, url)


def test_an_empty_string_reply_stays_the_models_own_answer(tmp_path, monkeypatch):
    """``content: ""`` is a chat completion whose answer is empty: a parse failure, as before."""
    body = {"id": "x", "object": "chat.completion", "model": "m",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": ""}}]}  # fmt: skip
    AnswersNotJson.body = json.dumps(body).encode()
    with serve(AnswersNotJson, monkeypatch):
        done = _run(tmp_path)
    (row,) = pd.read_csv(tmp_path / "results.csv").to_dict("records")
    assert row["outcome"] == "parse_failed", (row, done.stderr)


def test_every_task_clinbench_builds_has_the_setup_step():
    """Each ``Task(...)`` in clinbench's source passes ``setup=plain_provider_errors()``: a new
    task without it would show a bare ``inspect eval`` or a resume the raw client errors."""
    missing = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "Task"):  # fmt: skip
                setup = next((k.value for k in node.keywords if k.arg == "setup"), None)
                if not (isinstance(setup, ast.Call) and getattr(setup.func, "id", "")
                        == "plain_provider_errors"):  # fmt: skip
                    missing.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not missing, missing
