"""Entry point for Inspect AI: registers clinbench's model providers and tasks.

Loading each suite's task functions runs their ``@task`` decorators, so ``inspect eval
clinbench/<task>`` finds every suite task by name.
"""

from clinbench import suites
from clinbench.contamination.probe_task import clinbench_contamination  # noqa: F401
from clinbench.item_tasks import clinbench_items  # noqa: F401
from clinbench.providers.api import ClinbenchOffline  # noqa: F401

for _name in suites.tasks():
    suites.task_function(_name)
