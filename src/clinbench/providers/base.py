"""What clinbench's offline providers share: the current item, and outputs that carry usage."""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessage, ModelOutput, ModelUsage
from inspect_ai.solver._task_state import sample_state

from clinbench.errors import OptionError


class NoActiveSample(OptionError, RuntimeError):
    """Raised when an offline provider is called outside a clinbench sample."""


def current_sample() -> Any:
    """Return the TaskState of the sample being run (the provider needs its id and item)."""
    state = sample_state()
    if state is None:
        raise NoActiveSample(
            "clinbench's offline providers answer inside an Inspect sample only: "
            "no sample is active (run a clinbench task)."
        )
    return state


def word_count(messages: list[ChatMessage]) -> int:
    """Return the number of whitespace-separated words in the messages' text."""
    return sum(len(m.text.split()) for m in messages)


def offline_output(model: str, text: str, messages: list[ChatMessage]) -> ModelOutput:
    """Return a ModelOutput with token usage set (words stand in for tokens).

    Usage is always set: without it Inspect counts tokens with tiktoken, which
    downloads an encoding file at run time and fails offline.
    """
    output = ModelOutput.from_content(model=model, content=text)
    input_tokens = word_count(messages)
    output_tokens = len(text.split())
    output.usage = ModelUsage(
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=input_tokens + output_tokens,
    )
    return output
