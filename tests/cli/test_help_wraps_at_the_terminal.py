"""Every command's --help wraps at the terminal's width, not at the docstring's line breaks.

surf28 met ``clinbench report``, ``stats classification`` and ``stats accuracy`` with
sentences broken up at 80 columns ("...its headline number with its interval and" / "n, the
floor baselines"): typer keeps a docstring's single line breaks, and each source line then
wrapped again. The help is now joined per paragraph where the command is built
(``clinbench.cli.help_text.flowing_help``). This walks every command at 80 and 120 columns:
no line over the width, and no description line that ends where the next word would fit.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from clinbench.cli.help_text import flowing

from .commands import every_command

WIDTHS = (80, 120)
LIST_ITEM = re.compile(r"(?:[-*\u2022]|\d+[.)])$")


@pytest.fixture(scope="module")
def helps() -> dict[tuple[int, str], str]:
    """Return (width, command path) -> the --help the user sees, for every command."""
    root, paths = every_command()
    runner = CliRunner()
    out = {}
    for width in WIDTHS:
        for path in paths:
            shown = runner.invoke(root, [*path, "--help"], prog_name="clinbench",
                                  env={"COLUMNS": str(width)})  # fmt: skip
            assert shown.exit_code == 0, (path, shown.output)
            out[width, " ".join(path)] = shown.output
    assert len(paths) > 60
    return out


def _description(text: str) -> list[str]:
    """Return the lines between the usage line and the first panel (arguments, options)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Usage:" in line) + 1
    end = next((i for i, line in enumerate(lines) if line.startswith("╭")), len(lines))
    return [line.rstrip() for line in lines[start:end]]


def test_no_line_is_wider_than_the_terminal(helps):
    over = [f"{width} {path}: {line!r}" for (width, path), text in helps.items()
            for line in text.splitlines() if len(line.rstrip()) > width]  # fmt: skip
    assert over == []


def test_no_sentence_is_broken_before_the_width(helps):
    broken = []
    for (width, path), text in helps.items():
        lines = _description(text)
        for line, following in zip(lines, lines[1:], strict=False):
            if not line.strip() or not following.strip():
                continue
            word = following.split()[0]
            # the next line's first word would have fitted (one space of padding each side)
            if not LIST_ITEM.match(word) and len(line) + 1 + len(word) <= width - 1:
                broken.append(f"{width} clinbench {path}: {line[-30:]!r} / {word!r}")
    assert broken == []


def test_a_paragraph_laid_out_on_purpose_keeps_its_lines():
    kept = "- one\n- two\n\n\bkept\nas is\n\nExample:\n  clinbench run x"
    assert flowing(f"First line\nstill first.\n\n{kept}") == f"First line still first.\n\n{kept}"
