"""clinbench's offline Inspect model providers: ``clinbench/chance``, ``clinbench/majority``,
``clinbench/rules``, ``clinbench/replay/<frozen model name>``.

Registered with Inspect through the package entry point, so they work with
``inspect eval ... --model clinbench/chance`` as well as ``clinbench run``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelAPI, ModelOutput, modelapi
from inspect_ai.tool import ToolChoice, ToolInfo

from clinbench.errors import InputFileError
from clinbench.items.sample import from_metadata
from clinbench.providers.base import current_sample, offline_output
from clinbench.providers.chance import chance_reply
from clinbench.providers.responses import NO_CLARIFYING_REPLY, ReplayBook, read_responses
from clinbench.providers.rules import rules_reply

KINDS = ("chance", "majority", "rules", "replay")


class MissingFrozenResponse(InputFileError, LookupError):
    """Raised when the replay file has no response for a sample: the sample becomes an error."""


@modelapi(name="clinbench")
class ClinbenchOffline(ModelAPI):
    """Offline baselines and replay of frozen responses, for runs with no model API."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = GenerateConfig(),
        **model_args: Any,
    ) -> None:
        super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, config=config)
        kind, _, frozen_model = model_name.partition("/")
        if kind not in KINDS:
            raise ValueError(
                f"unknown clinbench model {model_name!r}: use clinbench/chance, "
                "clinbench/majority, clinbench/rules "
                "or clinbench/replay/<model> -M responses=FILE"
            )
        self.kind = kind
        self.book: ReplayBook | None = None
        if kind == "replay":
            responses = model_args.get("responses")
            if not responses:
                raise ValueError(
                    "clinbench/replay needs the frozen responses file: -M responses=FILE "
                    "(CSV or JSONL with item_id, model, response[, epoch][, turn])"
                )
            frame = read_responses(responses)
            if not frozen_model:
                models = sorted(frame["model"].unique())
                if len(models) != 1:
                    raise ValueError(
                        f"{responses} holds several models ({', '.join(models)}): "
                        "name one as clinbench/replay/<model>"
                    )
                frozen_model = models[0]
            self.book = ReplayBook(frame, frozen_model)
        # calls made so far per sample run (TaskState.uuid): the next call's `turn`
        self._turns: defaultdict[str, int] = defaultdict(int)

    def max_connections(self) -> int:
        return 32

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:

        state = current_sample()
        turn = self._turns[state.uuid]
        self._turns[state.uuid] += 1
        # replay needs only the sample id, so it also serves samples that hold no item
        # (e.g. curation's passage-screening calls)
        if self.kind == "chance":
            item = from_metadata(state.metadata)
            answers = state.metadata.get("answer_set", item.answer_set)  # a suite may set it
            text = chance_reply(item, answers, config.seed or 0, state.epoch, turn)
        elif self.kind == "majority":
            from clinbench.providers.majority import ITEM_SET, majority_reply

            item = from_metadata(state.metadata)
            metadata = state.metadata
            text = majority_reply(item, metadata.get("item_file"), metadata.get(ITEM_SET))
        elif self.kind == "rules":
            item = from_metadata(state.metadata)
            prompt = next((m.text for m in reversed(input) if m.role == "user"), "")
            text = rules_reply(item, prompt)
        else:
            assert self.book is not None
            found = self.book.response(str(state.sample_id), state.epoch, turn)
            if found is None and turn > 0 and state.metadata.get("resubmitted"):
                # the answering step asked again (ambiguous first reply) and the file holds
                # no clarifying reply: no reply, scored parse_failed with this reason
                state.metadata["no_reply"] = NO_CLARIFYING_REPLY
                return offline_output(self.model_name, "", input)
            if found is None:
                raise MissingFrozenResponse(
                    f"no frozen response from {self.book.model!r} for item {state.sample_id!r} "
                    f"(epoch {state.epoch}, turn {turn}); the sample is recorded as an error"
                )
            text = found
        return offline_output(self.model_name, text, input)
