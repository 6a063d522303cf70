"""A reply's audiogram claims read by a model (the ``claim_reader`` role), judged by the rules.

``audiology_cases -T claim_reader=model`` with ``--model-role claim_reader=MODEL`` has the
fact checker's reading done by a model: each checked section (Q1, Q2) is sent to the model
with the claim JSON schema (:func:`clinbench.audiogram.claims.claims_json_schema`), asked
as structured output where the provider supports it and degrading as every structured call
does (:mod:`clinbench.structured_output`: ``json_schema``, then ``json_object`` with the
schema, then the prompt's instructions and a JSON object read from the reply). The claims
are then judged by the same deterministic judges as the rules reader's
(:func:`clinbench.audiogram.check.check_claims`); the model decides nothing about truth.

A reading that fails is never "no error": the section is ``unscored`` with the failure's
kind and cause (:data:`FAILURES`) in its score metadata, and counted apart in the run
summary (:func:`claim_reader_table`). The rules reader (``claim_reader=rules``) stays the
default and needs no model.

The claim kinds a model reads are those the schema names (degree, type, threshold); the
rules reader also reads averages, gaps, laterality, configuration and test results, so the
two readers' findings on one reply are not the same set.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clinbench.audiogram.claims import Claim, claims_from_json, claims_json_schema
from clinbench.errors import OptionError
from clinbench.model_errors import call_failure_cause
from clinbench.scoring import outcomes
from clinbench.scoring.extract import find_json_objects
from clinbench.scoring.panel import CLAIM_READER_ROLE, role_model
from clinbench.structured_output import (
    AUTO,
    MODE_KEY,
    REFUSED_KEY,
    check_mode,
    generate_structured,
    model_key,
)

RULES, MODEL = "rules", "model"
CLAIM_READERS = (RULES, MODEL)

CALL_FAILED = outcomes.CALL_FAILED  # the same cause as a judge whose call failed
INVALID_JSON, SCHEMA_VIOLATION = "invalid_json", "schema_violation"
FAILURES = (CALL_FAILED, INVALID_JSON, SCHEMA_VIOLATION)
"""Why a model reading is unscored: the call raised (HTTP error, timeout, refused
connection), the reply holds no single JSON object, or the object breaks the schema (or a
claim breaks what its kind needs: a threshold's one frequency and dB HL level)."""

TYPES = ("sensorineural", "conductive", "mixed")
LEVELS = range(-10, 131)  # dB HL an audiometer presents (the rules reader's 1-3 digits)

PROMPT = """\
List every claim the statement below makes about the patient's hearing test results.
Only three kinds of claim are listed:
- "degree": the degree of hearing loss of an ear; value is one of: normal, slight, mild,
  moderate, moderately severe, severe, profound. A range ("mild to moderate") puts the
  upper degree in value_high.
- "type": the type of hearing loss; value is one of: sensorineural, conductive, mixed.
- "threshold": a hearing threshold; value is the level in dB HL (a whole number),
  frequencies holds its one frequency in Hz (4 kHz is 4000), conduction is "air" or "bone".
For each claim give ears: ["right"], ["left"], ["right", "left"] for both ears, ["poorer"]
or ["better"] for an ear named by its hearing, or [] when no ear is named. qualifier is
"asserted", "hedged" (possibly, likely), "withdrawn" (taken back or corrected later),
"conditional" (if ...) or "predicted" (will, may develop). text is the words that make
the claim. List what the statement says, right or wrong; do not add claims it does not make.

Reply with only a JSON object: {{"claims": [...]}}.{example}

Statement:
<<<
{statement}
>>>"""

EXAMPLE = """ Example:
Statement: "Right ear: moderate sensorineural loss, 50 dB HL at 2 kHz. Left normal."
{"claims": [
 {"kind": "degree", "ears": ["right"], "value": "moderate", "qualifier": "asserted",
  "conduction": "air", "frequencies": [], "text": "Right ear: moderate"},
 {"kind": "type", "ears": ["right"], "value": "sensorineural", "qualifier": "asserted",
  "conduction": "air", "frequencies": [], "text": "moderate sensorineural loss"},
 {"kind": "threshold", "ears": ["right"], "value": 50, "qualifier": "asserted",
  "conduction": "air", "frequencies": [2000], "text": "50 dB HL at 2 kHz"},
 {"kind": "degree", "ears": ["left"], "value": "normal", "qualifier": "asserted",
  "conduction": "air", "frequencies": [], "text": "Left normal"}]}"""
"""A worked example for the prompt. A very small model copies it (SmolLM2-135M gave the
example's first claims for 21 of 24 replies; benchmarks/claim_reader.py), so it can be
left out (``example=False``)."""


def degree_words() -> list[str]:
    """Return every degree grade of the known standards (each once, in their order)."""
    from clinbench.audiogram.classify import STANDARDS, get_standard

    words = [w for name in STANDARDS for w in get_standard(name).degrees]
    return sorted(set(words), key=words.index)


def request_schema() -> dict[str, Any]:
    """Return the claim JSON schema as it is sent to the model: :func:`claims_json_schema`
    with one object form per kind, each spelling out its values (degree and type words, a
    threshold's dB HL level and one frequency) and asking for the quoted ``text``, so that a
    provider that holds its output to the schema (llama.cpp's grammar) can write only claims
    a judge can take. Replies are still checked against ``claims_json_schema`` and
    :func:`claim_problem`."""
    import copy

    base = claims_json_schema()
    name = base["properties"]["claims"]["items"]["$ref"].split("/")[-1]
    claim = base["$defs"].pop(name)
    degrees = degree_words()
    forms = {
        "degree": {"value": {"enum": degrees},
                   "value_high": {"anyOf": [{"enum": degrees}, {"type": "null"}]}},
        "type": {"value": {"enum": list(TYPES)}, "value_high": {"type": "null"}},
        "threshold": {"value": {"type": "integer", "minimum": LEVELS.start,
                                "maximum": LEVELS.stop - 1},
                      "frequencies": {"type": "array", "items": {"type": "integer"},
                                      "minItems": 1, "maxItems": 1}},
    }  # fmt: skip
    refs = []
    for kind, properties in forms.items():
        form = copy.deepcopy(claim)
        text = {k: v for k, v in form["properties"]["text"].items() if k != "default"}
        form["properties"] |= {
            "kind": {"enum": [kind]},
            **properties,
            "text": text | {"minLength": 1},
        }
        form["required"] = sorted(
            set(form["required"]) | set(properties) - {"value_high"} | {"text"}
        )
        form["title"] = f"{kind} claim"
        base["$defs"][f"{kind}_claim"] = form
        refs.append({"$ref": f"#/$defs/{kind}_claim"})
    base["properties"]["claims"]["items"] = {"anyOf": refs}
    return base


class NoClaimReaderBound(OptionError, RuntimeError):
    """Raised when claim_reader=model runs with no model bound to the claim_reader role."""


def check_claim_reader(reader: str) -> str:
    """Return the claim reader's name, or raise ValueError naming the known ones."""
    if reader not in CLAIM_READERS:
        raise ValueError(f"claim_reader must be {' or '.join(CLAIM_READERS)}, got {reader!r}")
    return reader


@dataclass
class ClaimReading:
    """One section read by a model: the claims, or the failure's kind and cause (never both)."""

    claims: list[Claim] | None
    model: str
    failure: str = ""
    cause: str = ""
    reply: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    """The structured-output mode used (``structured_output``) and any refusals met."""

    @property
    def read(self) -> bool:
        return self.claims is not None

    def metadata(self) -> dict[str, Any]:
        """Return what a score records of the reading: reader, model, mode, failure."""
        out: dict[str, Any] = {"reader": MODEL, "model": self.model, **self.record}
        if not self.read:
            out |= {"failure": self.failure, "cause": self.cause, "reply": self.reply[:2000]}
        return out


def claim_problem(claim: Claim) -> str | None:
    """Return what a model's claim lacks for its kind's judge (None when it is judgeable).

    The schema allows a value of either type and any ears; a judge needs a degree or type
    word, a threshold with one frequency and a dB HL level, and ears that name one ear,
    both, or the poorer/better ear.
    """
    ears = claim.ears
    if len(set(ears)) != len(ears) or (
        any(e in ("poorer", "better") for e in ears) and len(ears) != 1
    ):
        return f"ears {list(ears)} name no ear, both ears, or one side"
    if claim.kind == "threshold":
        if len(claim.frequencies) != 1 or not 0 < claim.frequencies[0] <= 20000:
            return "a threshold needs its one frequency in Hz"
        if not isinstance(claim.value, int) or claim.value not in LEVELS:
            return f"a threshold's value is a dB HL level from -10 to 130, got {claim.value!r}"
        return None
    for value in (claim.value, claim.value_high):
        if value is not None and not isinstance(value, str):
            return f"a {claim.kind} claim's value is a word, got {value!r}"
    if claim.kind == "type" and claim.value not in TYPES:
        return f"a type is one of {', '.join(TYPES)}, got {claim.value!r}"
    return None


def _plain(text: str) -> str:
    """Return ``text`` lower-cased with its runs of white space made one space."""
    return " ".join(text.lower().split())


def claims_from_reply(
    reply: str, statement: str | None = None
) -> tuple[list[Claim] | None, str, str]:
    """Return (claims, failure, cause) of a claim reader's reply text.

    The reply must hold one JSON object (whole, fenced or embedded; strict JSON, bounded
    depth: :func:`clinbench.scoring.extract.find_json_objects`) that follows the schema.
    Degree and type words are compared in lower case; nothing else is mended. Given the
    ``statement`` read, each claim's ``text`` must be words of it (case and spacing aside): a
    claim quoting words the statement does not hold (a small model copying the prompt's
    example) is a schema violation, so the section is unscored, never judged as the
    statement's claim. An empty or blank ``text`` (left out, or quoting nothing) is one
    too, with or without the statement.
    """
    objects, why = find_json_objects(reply or "")
    if not objects:
        return None, INVALID_JSON, why or "no JSON object in the reply"
    distinct = {repr(sorted(o.items())) for o in objects}
    if len(distinct) > 1:
        return None, INVALID_JSON, f"the reply holds {len(distinct)} different JSON objects"
    try:
        claims = claims_from_json(objects[0])
    except ValueError as err:
        return None, SCHEMA_VIOLATION, str(err)
    out = []
    for number, claim in enumerate(claims):
        if isinstance(claim.value, str):
            value_high = claim.value_high
            if isinstance(value_high, str):
                value_high = value_high.strip().lower()
            claim = Claim(claim.kind, claim.ears, claim.value.strip().lower(), claim.qualifier,
                          claim.conduction, claim.frequencies, value_high, claim.text,
                          claim.span, claim.rules)  # fmt: skip
        problem = claim_problem(claim)
        if problem is None and not claim.text.strip():  # "" is in every statement
            problem = "its text is empty (a claim quotes the words it reads)"
        if (
            problem is None
            and statement is not None
            and _plain(claim.text) not in _plain(statement)
        ):
            problem = f"its text {claim.text[:80]!r} is not in the statement read"
        if problem:
            return None, SCHEMA_VIOLATION, f"claims.{number}: {problem}"
        out.append(claim)
    return out, "", ""


def bound_claim_reader() -> Any:
    """Return the model bound to the claim_reader role, with the role's defaults (temperature
    0, the reply bound of :data:`clinbench.scoring.panel.ROLE_MAX_TOKENS`)."""
    from inspect_ai.model import model_roles

    bound = model_roles().get(CLAIM_READER_ROLE)
    if isinstance(bound, list):
        if len(bound) != 1:
            raise NoClaimReaderBound(f"bind one model to the {CLAIM_READER_ROLE} role")
        bound = bound[0]
    if bound is None:
        raise NoClaimReaderBound(
            f"claim_reader=model needs a model in the {CLAIM_READER_ROLE} role: "
            f"--model-role {CLAIM_READER_ROLE}=MODEL"
        )
    return role_model(bound, CLAIM_READER_ROLE)


def claim_prompt(statement: str, example: bool = True) -> str:
    """Return the claim reader's prompt for one statement (with the worked example or not)."""
    return PROMPT.format(statement=statement, example=EXAMPLE if example else "")


async def read_claims_with_model(
    model: Any, statement: str, mode: str = AUTO, example: bool = True
) -> ClaimReading:
    """Return the claims ``model`` reads in ``statement``, or why it could not.

    ``mode`` is the structured-output mode (see :mod:`clinbench.structured_output`). A failed
    call, a reply with no JSON object and one that breaks the schema each come back as a
    :class:`ClaimReading` with ``claims=None``, its ``failure`` kind and ``cause``.
    """
    from inspect_ai.model import ChatMessageUser, GenerateConfig

    check_mode(mode)
    name = str(model)
    record: dict[str, Any] = {}
    messages = [ChatMessageUser(content=claim_prompt(statement, example))]

    async def call(**settings: Any) -> Any:
        return await model.generate(messages, config=GenerateConfig(**settings))

    try:
        output = await generate_structured(
            call, request_schema(), mode, model_key(model), record,
            name="claims", description="The claims of the statement.", strict=False,
        )  # fmt: skip
    except Exception as err:  # noqa: BLE001 - any failed call is disclosed, never a reading
        return ClaimReading(None, name, CALL_FAILED, call_failure_cause(err), "", _record(record))
    reply = output.completion or ""
    claims, failure, cause = claims_from_reply(reply, statement)
    if claims is None and getattr(output, "stop_reason", "") == "max_tokens":
        cause += " (the reply was cut at max_tokens)"
    return ClaimReading(claims, name, failure, cause, reply, _record(record))


def _record(record: dict[str, Any]) -> dict[str, Any]:
    return {k: record[k] for k in (MODE_KEY, REFUSED_KEY) if k in record}
