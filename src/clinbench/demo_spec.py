"""What a suite contributes to `clinbench demo`: Inspect tasks and the offline models to run."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class DemoRun:
    """One evaluation the demo runs: a task, the model(s) under test, and model roles."""

    label: str
    task: Any  # inspect_ai.Task
    models: list[str]  # e.g. ["clinbench/chance", "clinbench/rules"]
    model_roles: dict[str, Any] = field(default_factory=dict)  # e.g. {"grader": "clinbench/..."}
    model_args: dict[str, Any] = field(default_factory=dict)  # passed as model_args to every model
    epochs: int = 1
