"""Paper maps: each table and figure of a suite's paper, and what produces it from results.

A map is ``suites/<suite>/paper_map.yaml``: ``paper`` (its name and where it is) and
``rows``, each with ``ref`` (e.g. "Table 6"), ``shows`` (what it reports, in our words) and
either ``command`` (one clinbench command line; ``{results}``, ``{audit}`` and ``{out}``
stand for a results table, a labelled audit folder and a scratch folder;
``{reference_audit}`` for a labelled short-answer reference audit; ``{suite_dir}`` for the
suite's own folder), optionally with
``section`` (the report section or table caption that holds it) or ``output`` (the file the
command writes) or ``tested_by`` (a command that needs live models rather than a results
table: the test file that runs it end to end), or ``not_yet`` (why nothing produces it
yet). The suite README's table and ``clinbench suites --tables SUITE`` are both rendered
from this file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from clinbench.suites import SUITES_DIR

MAP_FILE = "paper_map.yaml"
README_START = "<!-- paper-map:start (rendered from paper_map.yaml; do not edit by hand) -->"
README_END = "<!-- paper-map:end -->"


def map_path(suite: str) -> Path:
    """Return the path of a suite's paper map (which may not exist)."""
    return SUITES_DIR / suite / MAP_FILE


def read_paper_map(suite: str) -> dict[str, Any]:
    """Return a suite's paper map, checked: every row has a ref and a command or a not_yet.

    Raises ValueError (``file: rows[i]: field: message``) on a malformed map.
    """
    import yaml

    path = map_path(suite)
    if not path.is_file():
        raise ValueError(f"{suite}: no paper map ({path.name}) in this suite")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as err:
        raise ValueError(f"{path}: not valid YAML: {err}") from None
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows:
        raise ValueError(f"{path}: rows: a non-empty list is required")
    for i, row in enumerate(rows):
        where = f"{path}: rows[{i}]"
        if not isinstance(row, dict) or not row.get("ref") or not row.get("shows"):
            raise ValueError(f"{where}: ref, shows: both are required")
        if bool(row.get("command")) == bool(row.get("not_yet")):
            raise ValueError(f"{where}: command, not_yet: exactly one is required")
        if row.get("command") and not str(row["command"]).startswith("clinbench "):
            raise ValueError(f"{where}: command: must be a clinbench command")
        if row.get("tested_by") and not row.get("command"):
            raise ValueError(f"{where}: tested_by: names the test of a command; no command")
    return data


def produced_by(row: dict[str, Any]) -> str:
    """Return the 'produced by' cell of a row: the command and where to look, or not yet."""
    if row.get("not_yet"):
        return f"not yet: {row['not_yet']}"
    text = f"`{row['command']}`"
    if row.get("section"):
        text += f" → section “{row['section']}”"
    if row.get("output"):
        text += f" → `{row['output']}`"
    if row.get("tested_by"):
        text += f" (needs live models; run end to end by `{row['tested_by']}`)"
    return text


def paper_map_table(suite: str) -> pd.DataFrame:
    """Return a suite's paper map as a table: paper, shows, produced by."""
    rows = read_paper_map(suite)["rows"]
    return pd.DataFrame(
        [{"paper": r["ref"], "shows": r["shows"], "produced by": produced_by(r)} for r in rows],
        columns=["paper", "shows", "produced by"],
    )


def paper_map_counts(suite: str) -> dict[str, int]:
    """Return how many rows of a suite's map have a command and how many are not built yet."""
    rows = read_paper_map(suite)["rows"]
    built = sum(1 for r in rows if r.get("command"))
    return {"rows": len(rows), "built": built, "not yet": len(rows) - built}


def paper_map_markdown(suite: str) -> str:
    """Return the README block of a suite's paper map (markers, table and counts)."""
    data = read_paper_map(suite)
    counts = paper_map_counts(suite)

    def cell(text: str) -> str:
        return str(text).replace("|", "\\|")

    lines = [
        README_START,
        f"Paper: {data.get('paper', suite)}. {counts['built']} of {counts['rows']} rows have "
        f"a command; {counts['not yet']} not yet.",
        "",
        "| paper | shows | produced by |",
        "|---|---|---|",
    ]
    for _, r in paper_map_table(suite).iterrows():
        lines.append(f"| {cell(r['paper'])} | {cell(r['shows'])} | {cell(r['produced by'])} |")
    lines.append(README_END)
    return "\n".join(lines)


def readme_block(readme_text: str) -> str | None:
    """Return the paper-map block of a README's text (markers included), or None."""
    start = readme_text.find(README_START)
    end = readme_text.find(README_END)
    if start < 0 or end < start:
        return None
    return readme_text[start : end + len(README_END)]
