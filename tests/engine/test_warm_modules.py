"""Every module the sharded run loads before forking its workers still imports.

Two of them are private Inspect modules (its control-channel and ACP servers). The warm-up
skips a module that does not import, so that a user's run goes on; a rename in a new Inspect
would then only make every worker start slower. This test is where such a rename is caught.
"""

from __future__ import annotations

import importlib

from clinbench.sharded_run import WARM_MODULES


def _unimportable(names) -> list[str]:
    """Return the names among ``names`` that do not import, each with why."""
    missing = []
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as err:
            missing.append(f"{name}: {err}")
    return missing


def test_every_warm_module_imports():
    assert WARM_MODULES, "the warm-up loads nothing"
    assert _unimportable(WARM_MODULES) == [], (
        "rename these in clinbench.sharded_run.WARM_MODULES to what this Inspect calls them"
    )


def test_a_renamed_module_is_caught():
    renamed = [*WARM_MODULES, "inspect_ai._control.server_renamed"]
    (missing,) = _unimportable(renamed)
    assert missing.startswith("inspect_ai._control.server_renamed: ")
