"""clinbench: build, run, score, audit and analyse clinical benchmarks of language models.

The main verbs, for use from Python (a notebook, a script); each is the library function the
command line calls, re-exported here and loaded on first use, so ``import clinbench`` stays
instant and imports neither Inspect nor pandas:

Items
    ``load_items(paths)`` the items of item files (``ItemFileError`` lists every problem);
    ``read_items(paths)`` the items that validate and the problems found;
    ``validate_files(paths)`` the problems only (empty when the files are valid);
    ``write_items(items, path)``; the item models ``MCQItem``, ``TFItem``, ``FIBItem``,
    ``SAItem``, ``ExactItem``, ``CaseItem``, ``AudioItem`` to build items in memory.
Running
    ``items_task(items)`` an Inspect task over items (run it with ``inspect_ai.eval``);
    ``run_benchmark(target, models, log_dir)`` runs item files or a suite task and returns
    the logs and the results table; ``CallLimits`` its retries, timeouts and connections.
Results
    ``results_table(logs_or_folders)`` the results table of Inspect log files;
    ``results_from_logs(logs)`` the same from the logs ``inspect_ai.eval`` returns;
    ``read_results(path)`` / ``write_results(table, path)``.
Statistics
    ``accuracy_table(table, by)`` the accuracy table ``clinbench run`` prints: both
    denominators with their intervals (clustered by item), declines, parse failures;
    ``accuracy_two_denominators(table)`` accuracy over answered and over all items,
    clustered by item; ``pass_rate(table)``; ``wilson_interval(k, n)``;
    ``mcnemar(...)`` and ``paired_bootstrap(...)`` to compare two models on the same items.
Reports
    ``analyze(table, out_dir)`` every table the results support (CSV + Markdown);
    ``write_report(table, path)`` the self-contained HTML report.

The README's "From Python" section runs the whole path (a test executes it as written).
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

# name -> "module:attribute" of the library function or class it is (one home each).
_API: dict[str, str] = {
    # items
    "load_items": "clinbench.items.loader:load_items",
    "read_items": "clinbench.items.loader:read_items",
    "validate_files": "clinbench.items.loader:validate_files",
    "write_items": "clinbench.items.loader:write_items",
    "ItemFileError": "clinbench.items.loader:ItemFileError",
    "MCQItem": "clinbench.items.model:MCQItem",
    "TFItem": "clinbench.items.model:TFItem",
    "FIBItem": "clinbench.items.model:FIBItem",
    "SAItem": "clinbench.items.model:SAItem",
    "ExactItem": "clinbench.items.model:ExactItem",
    "CaseItem": "clinbench.items.model:CaseItem",
    "AudioItem": "clinbench.items.model:AudioItem",
    # running
    "items_task": "clinbench.item_tasks:items_task",
    "run_benchmark": "clinbench.runner:run_benchmark",
    "CallLimits": "clinbench.runner:CallLimits",
    # results
    "results_table": "clinbench.results.export:results_table",
    "results_from_logs": "clinbench.results.export:results_from_logs",
    "read_results": "clinbench.results.table:read_results",
    "write_results": "clinbench.results.table:write_results",
    # statistics
    "accuracy_table": "clinbench.summary:accuracy_table",
    "accuracy_two_denominators": "clinbench.stats.repeated_epochs:accuracy_two_denominators",
    "pass_rate": "clinbench.stats.describe:pass_rate",
    "wilson_interval": "clinbench.stats.proportions:wilson_interval",
    "mcnemar": "clinbench.stats.compare:mcnemar",
    "paired_bootstrap": "clinbench.stats.compare:paired_bootstrap",
    # reports
    "analyze": "clinbench.report.analyze:analyze",
    "write_report": "clinbench.report.html:write_report",
}

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    """Return an API name's library function or class, importing its module now (PEP 562)."""
    target = _API.get(name)
    if target is None:
        raise AttributeError(f"module 'clinbench' has no attribute {name!r}")
    module, _, attribute = target.partition(":")
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    """Return the module's names with the lazily loaded API names."""
    return sorted({*globals(), *_API})
