"""Entry point for Inspect AI: registers clinbench's model providers and tasks."""

from clinbench.providers.api import ClinbenchOffline  # noqa: F401
from clinbench.tasks import clinbench_items  # noqa: F401


def _register_suite_tasks() -> None:
    from clinbench.suites import TASKS, task_function

    for name in TASKS:
        try:
            task_function(name)
        except ModuleNotFoundError:  # a suite still being written
            continue


_register_suite_tasks()
