"""A person opens each suite's log in ``inspect view`` and sees the accuracy clinbench prints.

One small real log per suite (``clinbench run`` on the suite's offline model), served by
``inspect view --host 127.0.0.1 --port FREE`` and opened in headless Debian chromium through
Playwright (``executable_path``, no browser download; started as the audit app's browser
tests start it). For every scorer that logs an accuracy, the metrics panel's ``accuracy``
and the share of 1s among the sample list's scored rows are the accuracy of the results
table ``clinbench results export`` writes (``accuracy_two_denominators``, the one
estimator), and the viewer asks nothing of the network (surf33).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from tests.audit.audit_support import free_port
from tests.audit.test_audit_browser import ARGS, CHROMIUM

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="needs Debian's chromium: apt-get install -y chromium"
)

# each suite's closed-answer task on its offline model, a few items each
SUITE_LOGS = [("audiology_objective", 42), ("ausclin", 12), ("slp_disorder", 10)]

# every cell of the sample list, by its column's header (the scorers' columns among them)
ROWS_JS = """() => {
  const heads = {};
  for (const h of document.querySelectorAll('[role=columnheader]'))
    heads[h.getAttribute('aria-colindex')] = h.getAttribute('title') || h.innerText.trim();
  return [...document.querySelectorAll('a[role=row]')].map(row => {
    const cells = {};
    for (const c of row.querySelectorAll('[aria-colindex]'))
      cells[heads[c.getAttribute('aria-colindex')]] = c.innerText.trim();
    return cells;
  });
}"""


def _cli(*args):
    from clinbench.cli import _mount, app

    _mount()
    return CliRunner().invoke(app, [str(a) for a in args])


class InspectView:
    """``inspect view`` on one log folder, on 127.0.0.1 at a free port, stopped on exit."""

    def __init__(self, log_dir: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.command = [sys.executable, "-m", "inspect_ai", "view", "--log-dir", str(log_dir),
                        "--host", "127.0.0.1", "--port", str(self.port)]  # fmt: skip

    def __enter__(self) -> InspectView:
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=1).close()
                return self
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.__exit__()
                    raise RuntimeError("inspect view did not start") from None
                time.sleep(0.25)

    def __exit__(self, *exc) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


def _panel(text: str, scorers: list[str]) -> dict[str, float]:
    """Return {scorer: accuracy} as the metrics panel shows it: a table whose header row
    names ``accuracy`` when the log has several scorers, else ``ACCURACY`` above its value."""
    lines = [line.strip() for line in text.splitlines()]
    header = next((line.split("\t") for line in lines if line.startswith("Scorer\t")), None)
    if header is None:
        (scorer,) = scorers
        return {scorer: float(lines[lines.index("ACCURACY") + 1])}
    column = header.index("accuracy")
    shown = {}
    for line in lines:
        cells = line.split("\t")
        if cells[0] in scorers and len(cells) == len(header):
            shown[cells[0]] = float(cells[column])
    return shown


@pytest.fixture(scope="module")
def suite_logs(tmp_path_factory):
    """{task: (log folder, results table)} of one small offline run per suite."""
    made = {}
    for task, limit in SUITE_LOGS:
        folder = tmp_path_factory.mktemp(task)
        logs, out = folder / "logs", folder / "run.parquet"
        run = _cli("run", task, "--limit", limit, "--log-dir", logs, "--out", out,
                   "--display", "none")  # fmt: skip
        assert run.exit_code == 0, run.output
        export = _cli("results", "export", logs, "--out", folder / "results.parquet")
        assert export.exit_code == 0, export.output
        made[task] = (logs, pd.read_parquet(folder / "results.parquet"), export.output)
    return made


@pytest.mark.parametrize("task", [task for task, _ in SUITE_LOGS])
def test_the_viewer_shows_the_accuracy_clinbench_results_gives(suite_logs, task):
    from playwright.sync_api import sync_playwright

    from clinbench.stats.repeated_epochs import accuracy_two_denominators

    logs, results, printed = suite_logs[task]
    table = accuracy_two_denominators(results, by=["scorer"])
    table = table[table["answered"] > 0]
    expected = {r["scorer"]: (int(r["correct"]), int(r["answered"]), r["accuracy_answered"])
                for r in table.to_dict("records")}  # fmt: skip
    assert expected, results["scorer"].unique()
    # the counts `clinbench results export` prints are those behind the number
    counts = re.search(r"outcomes: \{(.*?)\}", printed).group(1)
    assert f"'correct': {sum(c for c, _, _ in expected.values())}" in counts or (
        "'correct'" not in counts and not any(c for c, _, _ in expected.values())
    ), printed

    outside: list[str] = []
    errors: list[str] = []
    with InspectView(logs) as view, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            # tall enough that the sample list renders every row (it renders what is seen)
            page = browser.new_page(viewport={"width": 1400, "height": 6000})
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.on("request", lambda r: None if r.url.startswith(
                (view.url, "data:", "blob:")) else outside.append(r.url))  # fmt: skip
            page.goto(view.url)
            # one log in the folder: the viewer opens it, metrics panel above the sample list
            page.locator("a[role=row]").first.wait_for(timeout=60_000)
            page.wait_for_load_state("networkidle")
            text = page.inner_text("body")
            rows = page.evaluate(ROWS_JS)
        finally:
            browser.close()

    assert outside == [], f"the viewer asked the network for {outside}"
    assert errors == [], errors
    assert len(rows) == results["item_id"].nunique(), (len(rows), task)
    shown = _panel(text, list(expected))
    for scorer, (correct, answered, accuracy) in expected.items():
        # the metrics panel: three decimals at most (0.207 for 0.2069)
        assert shown[scorer] == pytest.approx(round(accuracy, 3), abs=1e-9), (scorer, shown)
        # the sample list: the scorer's column, 1 for correct, 0 for a wrong or declined reply
        # one scorer that scored: its column is "Score", else each scorer's own
        cells = [row.get(scorer, row.get("Score", "")) for row in rows]
        ones, zeros = cells.count("1"), cells.count("0")
        assert (ones, ones + zeros) == (correct, answered), (scorer, cells)
