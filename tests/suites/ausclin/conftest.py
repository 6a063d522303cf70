"""One offline run of the suite, shared by the ausclin tests: replay models and chance.

Runs blind (five frozen models), pushback (two), a repeat run, a reworded run and two
framings through Inspect, then builds the results table from the logs.
"""

from __future__ import annotations

import pytest

from clinbench.suites.ausclin.demo import replay_models
from clinbench.suites.ausclin.items import DATA_DIR


@pytest.fixture(scope="session")
def ausclin_run(tmp_path_factory):
    from inspect_ai import eval as inspect_eval

    from clinbench.results.export import results_table
    from clinbench.suites.ausclin.tasks import ausclin

    log_dir = tmp_path_factory.mktemp("ausclin-logs")
    good, _cautious, _sloppy, agreeable, _flaky = replay_models()
    runs = [
        ([ausclin()], replay_models(), "replay_blind.csv"),
        ([ausclin(pushback=True)], [good, agreeable], "replay_blind.csv"),
        ([ausclin(condition="rule")], [good], "replay_rule.csv"),
        ([ausclin(repeat=2)], [good], "replay_repeat.csv"),
        ([ausclin(rewording=1)], [good, agreeable], "replay_reworded.csv"),
        ([ausclin(framing="no_country")], [good], "replay_framing_no_country.csv"),
        ([ausclin(framing="australia")], [good], "replay_framing_australia.csv"),
    ]
    for tasks, models, file in runs:
        logs = inspect_eval(
            tasks,
            model=models,
            model_args={"responses": str(DATA_DIR / file)},
            log_dir=str(log_dir),
            display="none",
        )
        assert all(log.status == "success" for log in logs)
    return log_dir, results_table(log_dir)


@pytest.fixture(scope="session")
def ausclin_results(ausclin_run):
    return ausclin_run[1]
