"""The answering step: generate, extract, and resubmit once when the reply is ambiguous."""

from __future__ import annotations

from inspect_ai.model import ChatMessageUser, ResponseSchema
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import JSONSchema

from clinbench.items.model import ExactItem
from clinbench.items.sample import from_state
from clinbench.scoring.extract import extract_answer
from clinbench.solvers.prompts import clarify_prompt, exact_reply_schema


def response_schema(item) -> ResponseSchema | None:
    """Return the Inspect ResponseSchema for an exact-answer item (None for other formats)."""
    if not isinstance(item, ExactItem):
        return None
    return ResponseSchema(
        name="answer",
        json_schema=JSONSchema.model_validate(exact_reply_schema(item)),
        description="The answer fields, or decline set to true.",
        strict=True,
    )


@solver
def answer_item(resubmit: bool = True, structured: bool = True) -> Solver:
    """Return a solver that asks for the answer and resubmits once if the reply is ambiguous.

    Both replies stay in the message history (and so in the log); the second is scored.
    With ``structured``, exact-answer items send their reply schema as an Inspect
    ``ResponseSchema`` (providers that support structured output enforce it).
    """

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        item = from_state(state)
        schema = response_schema(item) if structured else None
        kwargs = {"response_schema": schema} if schema is not None else {}
        state = await generate(state, **kwargs)
        if not resubmit or state.output is None or state.output.error:
            return state
        extraction = extract_answer(item, state.output.completion)
        if extraction.status == "ambiguous":
            state.metadata["resubmitted"] = True
            state.metadata["first_reply"] = state.output.completion
            candidates = [str(c) for c in extraction.candidates]
            state.messages.append(ChatMessageUser(content=clarify_prompt(candidates)))
            state = await generate(state, **kwargs)
        return state

    return solve
