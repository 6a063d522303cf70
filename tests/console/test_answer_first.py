"""The console gives the answer first (issue 31 item 1): one summary block per task, then
detail tables that fit 80 columns by choosing columns, never one row split into parts."""

from __future__ import annotations

import functools
import io
import re

import pandas as pd
from typer.testing import CliRunner

from clinbench.cli.console import TableOutput, render_text

PART = re.compile(r"\(part \d+ of \d+")


def _blocks(text: str) -> list[str]:
    """Return the task labels of the summary blocks ('Task: LABEL (suite S)' lines)."""
    return re.findall(r"^Task: (.+?)(?: \(suite [^)]*\))?$", text, re.M)


GLOSSARY = "Names in the logs and results files:"


def _code_names_shown(text: str, results: pd.DataFrame) -> list[str]:
    """Return the code names (tasks, scorers, conditions) the text shows outside its glossary:
    a code-like name (with _ + = or @) anywhere, any code name after 'task: ', 'scorer: ',
    'condition: ' or in a '[condition ...' note."""
    body = text.split(GLOSSARY, 1)[0]
    edge = r"[\w/+=@.-]"
    codes = set()
    for column in ("task", "scorer", "condition"):
        codes |= {str(v) for v in results[column].dropna() if str(v)}
    codes -= set(results["suite"].astype(str))  # a suite's own name is the name it is known by
    return sorted(
        code for code in codes
        if (re.search(r"[_+=@]", code)
            and re.search(rf"(?<!{edge}){re.escape(code)}(?!{edge})", body))
        or re.search(rf"(?:task|scorer|condition):? {re.escape(code)}(?=[;,)\]]|\n\n|$)",
                     re.sub(r"(?<!\n)\n(?!\n)", " ", body))  # lines unwrapped
    )  # fmt: skip


def test_five_item_run_answers_first_at_80_columns(tmp_path, sample_items_path):
    from clinbench.cli import _mount, app

    _mount()
    args = ["run", str(sample_items_path), "--limit", "5", "--epochs", "2",
            "--log-dir", str(tmp_path / "logs"), "--display", "none"]  # fmt: skip
    result = CliRunner().invoke(app, args, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    text = result.output
    assert not PART.search(text), text
    assert _blocks(text) == ["your own items"], text  # the task's plain label
    block = text.split("Task: your own items", 1)[1].split("\n\n", 1)[0]
    # the headline, its interval and n, both denominators and the exclusions, in the block
    assert re.search(r"accuracy \d\.\d{3} \(95% CI \d\.\d{3}–\d\.\d{3}\)", block), block
    assert re.search(r"\d+ correct of 10 answered", block) and "of all 10 replies" in block, block
    assert "parse failed" in block and "error" in block and "declined" in block, block
    # the summary comes before every detail table
    assert text.index("Task: your own items") < text.index("Exact-match outcomes")
    # plain labels, the code names once in the glossary at the end
    assert "item_scorer" not in text.split(GLOSSARY)[0] and "exact match with the key" in text
    assert "exact match with the key: item_scorer" in text.split(GLOSSARY)[1]
    long = [ln for ln in text.splitlines()
            if len(ln) > 80 and not ln.startswith("Log: ") and str(tmp_path) not in ln]  # fmt: skip
    assert long == [], long


def test_demo_prints_one_block_per_task_and_no_parts_at_80_columns(tmp_path, monkeypatch):
    """The demo (its runs cut to 3 items each, to stay fast) at 80 columns, as a person sees
    it: its status lines are wrapped only at a terminal (in a pipe each is one line)."""
    from clinbench import demo_runner as demo
    from clinbench.cli import _mount, app, console

    _mount()
    monkeypatch.setattr(console, "_is_terminal", lambda stream: True)
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, limit=3))
    result = CliRunner().invoke(app, ["demo", "--out", str(tmp_path)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert not PART.search(text), [ln for ln in text.splitlines() if PART.search(ln)]
    from clinbench.report.glossary import plain_label

    results = pd.read_parquet(tmp_path / "results.parquet")
    tasks = set(results["task"].dropna())
    assert sorted(_blocks(text)) == sorted(plain_label(t) for t in tasks)
    # issue 31: the suite cards' plain labels; the code names only in the closing glossary
    assert _code_names_shown(text, results) == []
    glossary = text.split(GLOSSARY, 1)[1]
    assert all(f": {task}" in glossary for task in tasks if plain_label(task) != task)
    long = [ln for ln in text.splitlines() if len(ln) > 80 and "/" not in ln]
    assert long == [], long


def test_a_wide_table_keeps_whole_rows_and_names_what_it_left_out(tmp_path):
    frame = pd.DataFrame(
        {
            "model": ["clinbench/chance", "clinbench/rules"] * 3,
            "condition": ["asr+synthetic_road_hum@20dB", "asr", "a", "b", "c", "d"],
            **{f"metric number {i}": [0.5, 0.25] * 3 for i in range(12)},
        }
    )
    assert not PART.search(render_text(frame, "t", width=80))
    buffer = io.StringIO()
    output = TableOutput("table", file=buffer, width=80, spill_dir=tmp_path)
    output.table(frame, "Wide metrics")
    text = buffer.getvalue()
    assert not PART.search(text)
    assert max(len(ln) for ln in text.splitlines() if "/" not in ln) <= 80
    # each row printed once, on one line, and the columns left out are named with the file
    assert len([ln for ln in text.splitlines() if ln.startswith("chance ")]) == 3
    written = list(tmp_path.rglob("*.csv"))
    assert len(written) == 1 and str(written[0]) in text
    full = pd.read_csv(written[0])
    assert list(full.columns) == list(frame.columns)
    assert "metric number 11" in " ".join(text.split())  # named among the columns not shown


def test_a_short_wide_table_prints_one_record_per_row():
    frame = pd.DataFrame({"model": ["m"], **{f"metric number {i}": [0.5] for i in range(12)}})
    text = render_text(frame, "One wide row", width=80)
    assert not PART.search(text) and "Not shown" not in text
    assert all(re.search(rf"^  metric number {i} +0\.500$", text, re.M) for i in range(12))
    assert max(len(ln) for ln in text.splitlines()) <= 80
