"""Every command of the CLI as the user reaches it, for the tests that walk them all."""

from __future__ import annotations

from clinbench.cli import _mount, app


def every_command():
    """Return the root command `clinbench` runs and the path of every group and command."""
    from clinbench.cli.help_text import command as build

    _mount()
    root = build(app)  # the command `clinbench` runs (clinbench.cli.main)
    paths: list[list[str]] = []

    def walk(command, path: list[str]) -> None:
        paths.append(path)
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, [*path, name])

    walk(root, [])
    return root, paths
