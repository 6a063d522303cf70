"""Entry point for Inspect AI: registers clinbench's model providers and tasks.

Importing each task module runs its ``@task`` decorators, so ``inspect eval
clinbench/<task>`` finds every suite task by name.
"""

from clinbench.providers.api import ClinbenchOffline  # noqa: F401
from clinbench.suites import TASKS, task_function
from clinbench.tasks import clinbench_items  # noqa: F401

for _name in TASKS:
    task_function(_name)
