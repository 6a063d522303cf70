"""The answering step: generate, extract, and resubmit once when the reply is ambiguous."""

from __future__ import annotations

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver

from clinbench.items.sample import from_state
from clinbench.scoring.extract import extract_answer, remember_extraction
from clinbench.solvers.prompts import clarify_prompt
from clinbench.solvers.structured import AUTO, check_mode, generate_in_mode, response_schema

__all__ = ["answer_item", "response_schema"]


@solver
def answer_item(resubmit: bool = True, structured_output: str = AUTO) -> Solver:
    """Return a solver that asks for the answer and resubmits once if the reply is ambiguous.

    Both replies stay in the message history (and so in the log); the second is scored.
    Exact-answer items ask for their reply schema as structured output in the mode
    ``structured_output`` (``auto``, ``json_schema``, ``json_object`` or ``off``; see
    :mod:`clinbench.solvers.structured`), the mode used recorded in the sample's metadata.
    """
    check_mode(structured_output)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        item = from_state(state)
        state = await generate_in_mode(state, generate, item, structured_output)
        if not resubmit or state.output is None or state.output.error:
            return state
        reply = state.output.completion
        extraction = extract_answer(item, reply)
        if extraction.status != "ambiguous":  # the scorer reads this reply: read once
            remember_extraction(state, item, reply, extraction)
            return state
        state.metadata["resubmitted"] = True
        state.metadata["first_reply"] = reply
        candidates = [str(c) for c in extraction.candidates]
        state.messages.append(ChatMessageUser(content=clarify_prompt(candidates)))
        return await generate_in_mode(state, generate, item, structured_output)

    return solve
