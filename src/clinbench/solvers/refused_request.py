"""Asking the model, with no retries of a request the provider refuses as sent.

Inspect retries a failed call (backing off 3, 6, 12 s ...) whatever the cause. A request the
provider refuses as it stands (a content kind the model does not take, a body that fails the
server's validation) gets the same refusal every time, so retrying it only costs minutes: the
first attempt here goes out alone, a refusal ends the sample at once with what the task says
to do about it, and any other failure is asked again with the run's retries.
"""

from __future__ import annotations

from inspect_ai.solver import Generate, Solver, TaskState, solver

from clinbench.errors import ProviderError


class RequestRefused(ProviderError, RuntimeError):
    """The provider refused the request as sent; sending it again would be refused too."""


@solver
def generate_unless_refused(when_refused: str = "") -> Solver:
    """Return a solver that asks the model once, raising :class:`RequestRefused` (not
    retried) when the provider refuses the request as sent.

    ``when_refused`` is the task's own words on the likely cause and what to do (e.g. the
    request carries a kind of input some models cannot take, and the option that avoids
    it); the message gives those words, then the provider's refusal. Each sample is sent:
    a refusal of one request (one clip the provider cannot read, one prompt it flags) says
    nothing sure about the next.
    """

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        from clinbench.model_errors import refused_request

        try:
            return await generate(state, max_retries=0)
        except Exception as err:  # noqa: BLE001 - only a refusal is handled here
            why = refused_request(err)
            if why is None:
                return await generate(state)  # may pass: the run's own retries
        # the task's words first: a results table keeps the first 300 characters of a cause
        message = f"refused as sent, not retried ({why})"
        raise RequestRefused(f"{when_refused} {message}" if when_refused else message) from None

    return solve
