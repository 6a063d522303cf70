"""A resume builds its models anew, so it reaches the endpoint the environment names now.

A notebook user (realuse5, SmolLM2 via ``clinbench local``): a run while LOCAL_BASE_URL named
a dead address (every sample an ``error``), a ``resume(..., errors=True)`` while it still did,
then the address set to the server that answers and a second resume, all in one Python
process. The second resume still sent every call to the dead address (ConnectError): Inspect's
``eval_retry`` builds each log's model through ``get_model``'s memo, which handed back the
model the first resume had built. The run itself builds anew (runner.fresh_models); the
resume did not.
"""

from __future__ import annotations

import pytest

from clinbench.runner import CallLimits, resume, run_benchmark
from clinbench.scoring import outcomes
from tests.local_openai import OpenAIHandler, serve

MODEL = "openai-api/local/moved"


class Answers(OpenAIHandler):
    requests: list[dict] = []

    def reply(self, body: dict) -> str:
        return "B"


def test_a_second_resume_reaches_the_server_the_environment_names_now(tmp_path, monkeypatch):
    limits = CallLimits(max_retries=0, max_connections=1, attempt_timeout=30)
    monkeypatch.setenv("LOCAL_API_KEY", "k")
    monkeypatch.setenv("LOCAL_BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens there
    logs = tmp_path / "logs"
    first = run_benchmark(["audiology_objective"], [MODEL], logs, limits, limit=1)
    assert set(first.results["outcome"]) == {outcomes.ERROR}
    again = resume(logs, limits, errors=True, on_skip=lambda _message: None)
    assert set(again.results["outcome"]) == {outcomes.ERROR}  # still nothing there
    with pytest.MonkeyPatch.context() as patch, serve(Answers, patch):
        last = resume(logs, limits, errors=True, on_skip=lambda _message: None)
    assert Answers.requests, "the resume never reached the server that answers now"
    assert outcomes.ERROR not in set(last.results["outcome"]), last.results["score_metadata"]
