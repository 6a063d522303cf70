"""Results: Inspect logs -> the frozen results table (export), and reading/writing it (table).

``read_results``, ``write_results`` and ``ResultsFileError`` live in
:mod:`clinbench.results.table`; they are loaded on first use, so that importing a command
group (``clinbench results --help``) does not pay for pandas.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ResultsFileError", "read_results", "write_results"]


def __getattr__(name: str) -> Any:  # lazy: keep `import clinbench.results` light
    if name in __all__:
        from clinbench.results import table

        return getattr(table, name)
    raise AttributeError(f"module 'clinbench.results' has no attribute {name!r}")
