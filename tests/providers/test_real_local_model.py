"""A real model through the whole pipeline: SmolLM2 served by llama-cpp-python on 127.0.0.1.

Runs in CI (``.ci/run`` installs the ``local`` extra). The server is started once for the
session; each suite runs a few items through Inspect's own ``openai-api`` provider, and the
test asserts the pipeline, not the (weak) model: no ``error`` rows, tokens and time recorded,
every reply scored, or its parse failure disclosed with a reason.

On the code before structured output could fall back, every ausclin sample was an ``error``
row here (llama.cpp answers HTTP 500 to ``response_format: json_schema``).

Without the extra the test fails, naming the install command (`.ci/run` installs it); it is
never skipped. A developer without the extra can leave it out on purpose with
``--deselect tests/providers/test_real_local_model.py``, which pytest reports as deselected.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from clinbench.providers import local_server
from clinbench.runner import CallLimits, run_benchmark
from clinbench.scoring import outcomes

MODEL = f"openai-api/{local_server.SERVICE}/{local_server.MODEL_ALIAS}"
TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="session")
def local_model(tmp_path_factory):
    """Return the running local server (started for the session, stopped at its end)."""
    try:
        local_server.require_local_model()
    except local_server.LocalModelUnavailable as err:
        pytest.fail(f"the real-model test needs the local extra: {err}", pytrace=False)
    with pytest.MonkeyPatch.context() as patch:
        # as an earlier test in this process may have (CI, stop 38): Inspect keeps the model
        # it built for this name, at an address where nothing answers now
        from inspect_ai.model import get_model

        patch.setenv(local_server.BASE_URL_ENV, f"http://{local_server.HOST}:9/v1")
        patch.setenv(local_server.API_KEY_ENV, local_server.API_KEY)
        get_model(
            MODEL, config=CallLimits(max_connections=local_server.MAX_CONNECTIONS).generate_config()
        )
        patch.setenv("CLINBENCH_STATE_DIR", str(tmp_path_factory.mktemp("local-state")))
        started = time.monotonic()
        server, new = local_server.start_server()
        assert new, "a server from another session answered; this test starts its own"
        TIMINGS["server start"] = time.monotonic() - started
        for name, value in server.env().items():
            patch.setenv(name, value)
        # killed with SIGTERM (CI's timeout, a person), the session stops its server first;
        # the server's watchdog ends it in any case once this process is gone (even SIGKILL)
        previous = signal.getsignal(signal.SIGTERM)

        def stop_then_end(signum, _frame):
            local_server.stop_server()
            signal.signal(signum, previous)
            os.kill(os.getpid(), signum)

        in_main = threading.current_thread() is threading.main_thread()
        if in_main:
            signal.signal(signal.SIGTERM, stop_then_end)
        try:
            yield server
        finally:
            if in_main:
                signal.signal(signal.SIGTERM, previous)
            stopped, line = local_server.stop_server()
            assert stopped is not None, line
            assert not local_server.answers(server)


def _run(tmp_path, target: str, limit: int, **options):
    limits = CallLimits(max_connections=local_server.MAX_CONNECTIONS)
    started = time.monotonic()
    outcome = run_benchmark([target], [MODEL], tmp_path / target, limits, limit=limit, **options)
    TIMINGS[target] = (time.monotonic() - started) / limit
    assert outcome.finished, [log.error for log in outcome.logs]
    return outcome.results


def _assert_pipeline(table, n_samples: int) -> None:
    """No error rows; tokens and time on every row; every reply scored or its failure disclosed."""
    assert len(table.drop_duplicates(["item_id", "epoch"])) == n_samples
    assert outcomes.ERROR not in set(table["outcome"]), (
        table[["item_id", "score_metadata"]],
        local_server.server_status()[1],  # was the server still answering?
    )
    assert (table["input_tokens"] > 0).all() and (table["output_tokens"] > 0).all()
    assert (table["latency_s"] > 0).all() and (table["queue_s"] >= 0).all()
    assert table["response"].str.len().gt(0).all()
    assert set(table["outcome"]) <= set(outcomes.OUTCOMES)
    # a reply that could not be read is disclosed: kept whole, counted apart, never scored
    unread = table[table["outcome"] == outcomes.PARSE_FAILED]
    assert unread["score"].isna().all() and unread["response"].str.len().gt(0).all()
    for raw in table["score_metadata"]:
        assert json.loads(raw or "{}").get("outcome", "") != outcomes.ERROR


def test_ausclin_with_structured_output_on_a_real_model(local_model, tmp_path):
    table = _run(tmp_path, "ausclin", 3)
    _assert_pipeline(table, 3)
    # llama.cpp refuses json_schema; the run fell back to a JSON object with the schema
    assert set(table["structured_output"]) == {"json_object"}
    # schema-bound: every reply is JSON that was read, as an answer or a decline, or as a
    # contradictory reply (SmolLM2 often sets "decline": true beside an answer), never as
    # an unparseable one
    read = table["outcome"].isin([*outcomes.ANSWERED, outcomes.CONTRADICTORY])
    assert read.all(), table[["item_id", "outcome", "response"]]


def test_audiology_objective_and_cases_with_the_local_model_as_grader(local_model, tmp_path):
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import GenerateConfig, get_model

    from clinbench.results.export import results_from_logs
    from clinbench.suites.audiology.tasks import audiology_cases

    objective = _run(tmp_path, "audiology_objective", 3)
    _assert_pipeline(objective, 3)
    # The grader is built here with a reply bound: the adjudicator sets none, and SmolLM2
    # as a judge can ramble for minutes (861 tokens, then two 120 s attempt timeouts).
    bound = GenerateConfig(max_tokens=200, max_connections=local_server.MAX_CONNECTIONS)
    grader = get_model(MODEL, role="grader", config=bound)
    started = time.monotonic()
    logs = inspect_eval(
        audiology_cases(images=False, max_tokens=160, judge_retries=0),
        model=MODEL, model_roles={"grader": grader}, limit=1, log_dir=str(tmp_path / "cases"),
        display="none", fail_on_error=False, max_connections=local_server.MAX_CONNECTIONS,
    )  # fmt: skip
    TIMINGS["audiology_cases"] = time.monotonic() - started
    assert logs[0].status == "success", logs[0].error
    cases = results_from_logs(logs)
    _assert_pipeline(cases, 1)
    judged = cases[cases["scorer"] == "rubric_adjudicator"]
    assert set(judged["judge"]) == {MODEL}  # the grader role was the local model
    assert set(judged["question"]) == {"Q1", "Q2", "Q3"}
    assert set(judged["outcome"]) <= {outcomes.GRADED, outcomes.UNSCORED}


def test_the_local_model_as_claim_reader_judges_or_discloses_every_section(local_model, tmp_path):
    """audiology_cases -T claim_reader=model with SmolLM2 reading the claims of two case
    replies (the rules baseline's): every checked section is judged, or unscored with the
    cause, never an error row and never a silent "no error"."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import GenerateConfig, get_model

    from clinbench.results.export import results_from_logs
    from clinbench.suites.audiology.claim_reader import FAILURES
    from clinbench.suites.audiology.tasks import audiology_cases

    # a bound below the role's default (1024) keeps the test short; overriding it is the
    # documented way (the role's own config wins)
    bound = GenerateConfig(max_tokens=256, max_connections=local_server.MAX_CONNECTIONS)
    reader = get_model(MODEL, role="claim_reader", config=bound)
    started = time.monotonic()
    logs = inspect_eval(
        audiology_cases(claim_reader="model", adjudicator="rules"),
        model="clinbench/rules", model_roles={"claim_reader": reader}, limit=2,
        log_dir=str(tmp_path / "claims"), display="none", fail_on_error=False,
        max_connections=local_server.MAX_CONNECTIONS,
    )  # fmt: skip
    TIMINGS["claim reader"] = time.monotonic() - started
    assert logs[0].status == "success", logs[0].error
    table = results_from_logs(logs)
    checked = table[table["scorer"] == "audiogram_fact_check"]
    assert len(checked) == 4 and outcomes.ERROR not in set(table["outcome"])
    models = {str(e.model) for s in logs[0].samples for e in s.events if e.event == "model"}
    assert models == {"clinbench/rules", MODEL}, models  # the replies, then the reader
    for row in checked.itertuples():
        meta = json.loads(row.score_metadata)
        reader_record = meta["claim_reader"]
        assert reader_record["reader"] == "model" and reader_record["model"] == MODEL
        assert reader_record.get("structured_output") in ("json_schema", "json_object", "off")
        if row.outcome == outcomes.GRADED:
            assert meta["checked"] > 0 and row.score == row.score
        else:
            assert row.outcome == outcomes.UNSCORED and row.score != row.score  # NaN
            assert meta["unscored_cause"] in (*FAILURES, "nothing_checkable", "no_claim_read"), meta
            if meta["unscored_cause"] in FAILURES:
                assert reader_record["cause"], meta


def test_slp_through_the_asr_pipeline(local_model, tmp_path):
    table = _run(tmp_path, "slp_disorder", 2, task_args={"pipeline": "asr"})
    _assert_pipeline(table, 2)
    print("seconds per item:", {k: round(v, 1) for k, v in TIMINGS.items()})


ROOT = Path(__file__).resolve().parents[2]


def _readme_block(marker: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker}:start -->\n```bash\n(.*?)```\n<!-- {marker}:end -->",
                      text, re.S)  # fmt: skip
    assert found, f"README block {marker} not found"
    return found.group(1)


def test_readme_install_line_builds_as_ci_does():
    (line,) = _readme_block("local-install").strip().splitlines()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install -e '.[local]'" in line and "pip install -q -e '.[local]'" in ci
    for flag in re.findall(r"-D\w+=\w+", line):
        assert flag in ci, flag  # every flag the README asks for, CI builds with too


def test_readme_local_model_commands_run_as_written(local_model, tmp_path):
    """The README's commands, run by bash as they are written, start, use and stop a server."""
    block = _readme_block("local-model")
    env = {**os.environ, "CLINBENCH_STATE_DIR": str(tmp_path / "state"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}  # fmt: skip
    # the clinbench under test (a checkout run with PYTHONPATH=src, as in development)
    source = str(Path(local_server.__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))
    for name in (local_server.BASE_URL_ENV, local_server.API_KEY_ENV):
        env.pop(name, None)  # only what the README's own lines set
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Local server ready in" in done.stdout
    assert "serving SmolLM2-135M-Instruct.Q4_1.gguf as openai-api/local/smollm2" in done.stdout
    assert re.search(r"local server pid \d+ on port \d+ stopped", done.stdout)
    assert not (tmp_path / "state" / "local-server.json").exists()
    from clinbench.results.export import results_table

    table = results_table(tmp_path / "logs")
    _assert_pipeline(table, 3)
    assert set(table["structured_output"]) == {"json_object"}


def test_demo_with_the_local_model_reuses_the_running_server(local_model, tmp_path, monkeypatch):
    from clinbench import demo_runner as demo
    from clinbench.demo_spec import DemoRun
    from clinbench.suites.audiology.tasks import audiology_cases
    from clinbench.suites.ausclin.tasks import ausclin

    runs = [*demo.foundation_demo_runs(),
            DemoRun("ausclin blind", ausclin(), ["clinbench/chance"]),
            DemoRun("cases", audiology_cases(), ["clinbench/rules"])]  # fmt: skip
    monkeypatch.setattr(demo, "demo_runs", lambda out: runs)
    notes: list[str] = []
    before = dict(os.environ)
    result = demo.run_demo(tmp_path, demo.DemoProgress(note=notes.append), local_model=True,
                           limit=2)  # fmt: skip
    assert result.failed == []
    assert result.local_model == MODEL and result.local_runs == 2 and result.local_seconds > 0
    assert "left out (images or audio): audiology_cases" in notes[0]
    local = result.results[result.results["model"] == MODEL]
    assert set(local["task"]) == {"clinbench_items", "ausclin"}
    _assert_pipeline(local[local["task"] == "ausclin"], 2)
    _assert_pipeline(local[local["task"] == "clinbench_items"], 2)
    assert local_server.answers(local_model)  # a server it did not start is left running
    assert dict(os.environ) == before  # the endpoint variables were set for the runs only
