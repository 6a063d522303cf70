"""How a message for a person marks what is to be copied: a command or a path.

Notices, warnings and status lines are prose, which the command line wraps to the terminal's
width (``clinbench.cli.console.fit_message``). A command to run, or a path to open, is put on
a line of its own, indented by :data:`COMMAND_INDENT`; such a line is never wrapped, so it
can be copied whole.
"""

from __future__ import annotations

COMMAND_INDENT = "  "


def with_command(prose: str, *commands: str) -> str:
    """Return ``prose`` followed by each command on a line of its own (see the module)."""
    return "\n".join([prose, *(f"{COMMAND_INDENT}{command}" for command in commands)])
