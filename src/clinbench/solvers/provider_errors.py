"""The setup step of every clinbench task: provider replies that are not what the API
promises are named in plain words, however the task's models were built.

``clinbench run`` builds its own models, but ``clinbench resume`` (Inspect's ``eval_retry``)
and a bare ``inspect eval clinbench/...`` have Inspect build them, and those showed the
client's raw ``JSONDecodeError`` (or a ``TypeError`` for JSON that is not a chat completion).
A task's setup step runs on every one of those paths, with the task's model and roles bound,
so this is the one place the handling is applied
(:func:`clinbench.model_errors.naming_the_task_models`).
"""

from __future__ import annotations

from inspect_ai.solver import Generate, Solver, TaskState, solver


@solver
def plain_provider_errors() -> Solver:
    """Return the step that gives the task's models and roles plain provider errors."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        from clinbench.model_errors import naming_the_task_models

        naming_the_task_models()
        return state

    return solve
