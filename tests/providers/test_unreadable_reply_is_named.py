"""A provider endpoint that answers what is not JSON is named in plain words (surf29 item 2).

surf28 pointed a run at a server answering a truncated or HTML body with HTTP 200: every
sample was an error (right), but the run summary, the results' error and the report read
``JSONDecodeError('Expecting property name enclosed in double quotes: line 1 column 38 (char
37)')``: neither which endpoint, nor what was expected, nor what came back. The models a run
builds now raise ``UnreadableReply`` with the request's URL and status, what was expected
and the first bytes received; the row stays an error (a failed call, never an answer).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pandas as pd
import pytest

from clinbench.model_errors import FIRST_BYTES, UnreadableReply
from tests.local_openai import OpenAIHandler, serve

CLINBENCH = [sys.executable, "-c", "from clinbench.cli import main; main()"]
TRUNCATED = b'{"id": "chatcmpl-1", "choices": [ {"index": 0,'
HTML = b"<html><body>502 Bad Gateway: upstream closed the connection</body></html>" * 3


class AnswersNotJson(OpenAIHandler):
    """Answers every chat completion with HTTP 200 and ``body`` (not JSON)."""

    body = TRUNCATED

    def do_POST(self):  # noqa: N802
        type(self).requests.append(self.read_json())
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)


def _items(path):
    item = {"id": "q1", "format": "mcq", "stem": "Question?", "options": {"A": "a", "B": "b"},
            "answer": "A"}  # fmt: skip
    path.write_text(json.dumps(item) + "\n")
    return path


@pytest.mark.parametrize("body", [TRUNCATED, HTML], ids=["truncated", "html"])
def test_the_run_names_the_endpoint_what_was_expected_and_the_first_bytes(
    tmp_path, monkeypatch, body
):
    AnswersNotJson.body = body
    out = tmp_path / "results.csv"
    with serve(AnswersNotJson, monkeypatch) as server:
        done = subprocess.run(
            [*CLINBENCH, "run", str(_items(tmp_path / "items.jsonl")), "--model",
             "openai-api/local/m", "--log-dir", str(tmp_path / "logs"), "--out", str(out),
             "--display", "none", "--max-retries", "0"],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        url = f"http://127.0.0.1:{server.server_port}/v1/chat/completions"
    assert done.returncode == 3, done.stderr  # a failed call, as a server error is
    (row,) = pd.read_csv(out).to_dict("records")
    assert row["outcome"] == "error" and pd.isna(row["extracted_answer"])
    error = json.loads(row["score_metadata"])["error"]
    printed = " ".join(done.stderr.split())
    of = f" (of {len(body)})" if len(body) > FIRST_BYTES else ""  # a long body is cut
    for said in (error, printed):
        assert "UnreadableReply" in said and "JSONDecodeError" not in said, said
        assert f"POST {url} (HTTP 200) answered with a body that is not JSON" in said, said
        assert "where a JSON reply from openai-api/local/m was expected" in said, said
        assert f"first bytes received{of}: `{body[:40].decode()}" in said, said


def test_the_message_quotes_the_first_bytes_of_the_body():
    from clinbench.model_errors import unreadable_json

    try:
        json.loads("")
    except json.JSONDecodeError as err:
        said = unreadable_json(err, "a reply", "http://h/v1")
    assert said == (
        "http://h/v1 answered with a body that is not JSON, where a reply was expected; "
        "an empty body (not JSON at character 0: Expecting value)"
    )
    assert issubclass(UnreadableReply, RuntimeError)


class TranscribesNotJson(AnswersNotJson):
    """Answers POST /v1/audio/transcriptions with HTTP 200 and an HTML body."""

    body = HTML

    def do_POST(self):  # noqa: N802
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)


def test_a_transcription_endpoint_answering_html_is_named_the_same_way(monkeypatch):
    from clinbench.audio.asr.openai_asr import OpenAITranscriptionASR
    from clinbench.suites.slp.tasks import load_slp_items

    item = load_slp_items()[0]
    with serve(TranscribesNotJson, monkeypatch) as server:
        base = f"http://127.0.0.1:{server.server_port}/v1"
        heard = OpenAITranscriptionASR(base_url=base).transcribe(item.resolve(item.audio))
    assert heard.text == "" and heard.error.startswith(
        f"POST {base}/audio/transcriptions (HTTP 200) answered with a body that is not JSON, "
        "where a JSON transcription"
    ), heard.error
    assert f"first bytes received (of {len(HTML)}): `<html><body>502 Bad Gateway" in heard.error
