"""Asking the model, with no retries of a request the provider refuses as sent.

Inspect retries a failed call (backing off 3, 6, 12 s ...) whatever the cause. A request the
provider refuses as it stands (a content kind the model does not take, a body that fails the
server's validation) gets the same refusal every time, so retrying it only costs minutes: the
first attempt here goes out alone, a refusal ends the sample at once with what the task says
to do about it, and any other failure is asked again with the retries the run has left (that
first attempt counts as one of the run's attempts: ``--max-retries N`` sends at most N+1), and
a failure Inspect does not retry (a 404, a bad key) is not sent again.
"""

from __future__ import annotations

from inspect_ai.model import get_model

# private: Inspect keeps the run's generate settings (--max-retries) here and exports no
# public reader; imported without a fallback, so an Inspect that renames it fails every test
# that runs a suite (pyproject.toml names it beside inspect-ai)
from inspect_ai.model._generate_config import active_generate_config
from inspect_ai.solver import Generate, Solver, TaskState, solver
from tenacity import RetryError

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
            if why is None:  # may pass: the retries the run has left
                if not isinstance(err, RetryError):
                    raise  # a failure Inspect does not retry (tenacity gave it up unwrapped)
                retries = run_max_retries()
                if retries is None:  # no limit (Inspect's default): a timeout ends it
                    return await generate(state)
                if retries == 0:
                    raise
                return await generate(state, max_retries=retries - 1)
        # the task's words first: a results table keeps the first 300 characters of a cause
        message = f"refused as sent, not retried ({why})"
        raise RequestRefused(f"{when_refused} {message}" if when_refused else message) from None

    return solve


def run_max_retries() -> int | None:
    """Return the retries the running sample's model calls are allowed (None: no limit).

    Inspect's own order: the model's settings, then the run's (``--max-retries``) over them.
    """
    return get_model().config.merge(active_generate_config()).max_retries
