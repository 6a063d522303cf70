"""Every run builds its models anew, so a provider reads the endpoint the environment names now.

Inspect keeps each model it built (keyed by name and settings) and a provider reads its
endpoint when it is built. Before, a second run in one process reused the first run's model:
after the local server came back on another port, every sample of the second run was an
``error`` (ConnectError to the old port) while the new server answered (CI, stop 38).
"""

from __future__ import annotations

import pytest

from clinbench.runner import CallLimits, bounded_roles, fresh_models, run_benchmark
from clinbench.scoring import outcomes
from clinbench.scoring.panel import role_models
from tests.local_openai import OpenAIHandler, serve

MODEL = "openai-api/local/moved"


class Answers(OpenAIHandler):
    def reply(self, body: dict) -> str:
        return "B"


class First(Answers):
    requests: list[dict] = []


class Second(Answers):
    requests: list[dict] = []


def test_a_second_run_reaches_the_server_the_environment_names_now(tmp_path):
    limits = CallLimits(max_retries=0, max_connections=1)
    with pytest.MonkeyPatch.context() as patch, serve(First, patch):
        first = run_benchmark(["audiology_objective"], [MODEL], tmp_path / "a", limits, limit=1)
    assert First.requests and outcomes.ERROR not in set(first.results["outcome"])
    # the first server is gone; a new one answers on another port
    with pytest.MonkeyPatch.context() as patch, serve(Second, patch):
        second = run_benchmark(["audiology_objective"], [MODEL], tmp_path / "b", limits, limit=1)
    assert Second.requests, "the second run never reached the server that answers now"
    assert outcomes.ERROR not in set(second.results["outcome"]), second.results["score_metadata"]


def _base_url(model) -> str:
    return str(model.api.base_url)


@pytest.mark.parametrize("build", ["run", "role", "grader"])
def test_each_way_a_model_is_built_reads_the_endpoint_anew(build, monkeypatch):
    def built():
        if build == "run":
            return fresh_models([MODEL], {"max_connections": 1})[0]
        if build == "role":
            return bounded_roles({"grader": MODEL}, CallLimits())["grader"]
        grader = role_models([MODEL], None, {}, CallLimits().generate_config())["grader"]
        return grader[0] if isinstance(grader, list) else grader

    monkeypatch.setenv("LOCAL_API_KEY", "k")
    monkeypatch.setenv("LOCAL_BASE_URL", "http://127.0.0.1:9/v1")
    assert _base_url(built()).startswith("http://127.0.0.1:9/")
    monkeypatch.setenv("LOCAL_BASE_URL", "http://127.0.0.1:10/v1")
    assert _base_url(built()).startswith("http://127.0.0.1:10/")


def test_fresh_models_builds_with_the_eval_settings_and_passes_a_model_through():
    from inspect_ai.model import get_model

    (model,) = fresh_models("mockllm/model", {"max_connections": 3, "log_dir": "x"})
    assert model.config.max_connections == 3
    given = get_model("mockllm/model")
    assert fresh_models(given, {}) is given and fresh_models([given], {})[0] is given
