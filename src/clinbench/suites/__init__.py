"""Reference suites. ``TASKS`` maps each Inspect task name to ``module:function``.

Each suite folder holds what is particular to its benchmark (prompts, rubric files, sample
items, task functions); everything shared lives in the area packages.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

TASKS: dict[str, str] = {
    "audiology_objective": "clinbench.suites.audiology.tasks:audiology_objective",
    "audiology_literature": "clinbench.suites.audiology.tasks:audiology_literature",
    "audiology_cases": "clinbench.suites.audiology.tasks:audiology_cases",
    "ausclin": "clinbench.suites.ausclin.tasks:ausclin",
    "slp_disorder": "clinbench.suites.slp.tasks:slp_disorder",
    "slp_transcript_diagnosis": "clinbench.suites.slp.tasks:slp_transcript_diagnosis",
    "slp_transcription": "clinbench.suites.slp.tasks:slp_transcription",
    "slp_disorder_type": "clinbench.suites.slp.tasks:slp_disorder_type",
    "slp_symptom": "clinbench.suites.slp.tasks:slp_symptom",
    "clinbench_contamination": "clinbench.contamination.tasks:clinbench_contamination",
}

SUITES = ("audiology", "ausclin", "slp")


def task_function(name: str) -> Callable[..., Any]:
    """Return the Inspect task function registered under ``name``; KeyError if unknown."""
    module_name, attr = TASKS[name].split(":")
    return getattr(importlib.import_module(module_name), attr)
