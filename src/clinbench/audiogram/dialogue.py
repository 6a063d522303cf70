"""The asker's turns of a dialogue in which one speaker answers.

Chats with an assistant ("User: ... / Assistant: ...", "Q: ... / A: ...", "**Human:** ...",
"[user] ... [assistant] ...") and sworn testimony ("Q. ... / A. ...", counsel's and the
court's lines around the witness's answers) put readings in the asker's mouth that the one
answering agrees with, corrects or leaves aside (validation batches 88 and 92, used as tuning
data). Only the answerer's words are the reply: a question asserts nothing, and a reading the
asker states is the answerer's only where the answer adopts it, opening with an agreement
("Yes.", "Correct.", "That's right", "Agreed") and no "but" in its first sentence (as a
witness's "Correct" adopts counsel's leading question).

The rule ``asker_turns`` of :mod:`.voice` blanks (keeping the lines) each asker's turn, from
its label's end to the next speaker's label, that the next answerer's turn does not adopt
(a turn that names one ear stands as that ear's heading: "And the left?" heads the answer;
one that asks the degree heads the answer "Degree:", :data:`ASKS_THE_DEGREE`),
in a text with at least two labels of an answerer (:data:`ANSWERERS`) and two of askers
(:data:`ASKERS`): a reply that only opens with "Answer:" or has one "Q:" is no dialogue.
"""

from __future__ import annotations

import re

ANSWERERS = (
    "assistant", "ai assistant", "ai", "a", "answer", "bot", "chatbot", "tutor bot", "tutor",
    "the witness", "witness", "chatgpt", "gpt", "model",
)  # fmt: skip
"""The one answering: a chat's assistant, an answer's "A", a transcript's witness."""

ASKERS = (
    "user", "human", "you", "me", "q", "question", "patient", "pt", "parent", "mother", "mum",
    "mom", "father", "dad", "carer", "caregiver", "wife", "husband", "partner", "son",
    "daughter", "grandson", "granddaughter", "grandmother", "grandfather", "grandma", "grandpa",
    "brother", "sister", "relative", "friend", "student", "medical student", "audiology student",
    "trainee", "gp trainee", "apprentice", "nurse", "fy1", "fy2", "junior", "intern",
    "counsel", "the court", "court", "the judge", "judge", "employment judge", "the arbitrator",
    "arbitrator",
)  # fmt: skip
"""The one asking: a chat's user and whoever types in their place (patients, relatives,
juniors), a transcript's questioner, counsel and the bench."""

_HEADINGS = (
    "summary", "recap", "final", "final answer", "to sum up", "to summarise", "to summarize",
    "in summary", "conclusion", "bottom line",
)  # fmt: skip
"""Headings that end a turn: the answerer's closing summary, not the asker's words."""

_COUNSEL = r"(?:by[ \t]+|examination[ \t]+by[ \t]+)?(?:mr|ms|mrs|miss|mx)\.?[ \t]+[a-z][a-z'-]+"
"""Counsel named ("MR. KELLER", "BY MR. KELLER", "Ms Grant")."""


_RELATION = r"(?:(?:my|our|her|his|their|the[ \t]+patient'?s)[ \t]+)?"
"""Whose asker it is, before the asker's word: "My daughter asked:", "Her husband:"."""

_ASKING = (
    r"(?:[ \t]+(?:asked|asks|asking|wrote|writes|wants[ \t]+to[ \t]+know|"
    r"wanted[ \t]+to[ \t]+know|wondered|wonders))?"
)
"""The verb of asking after the asker's word: "Dad asks:", "My son wanted to know:"."""


def _alternation(words: tuple[str, ...]) -> str:
    """Return the words as an alternation, longest first, grouped by their first letter (the
    same matches as the plain alternation, found with one test per letter at each line, not
    one per word: words of different first letters never match at one place)."""
    by_letter: dict[str, list[str]] = {}
    for word in sorted(words, key=len, reverse=True):
        by_letter.setdefault(word[0], []).append(re.escape(word[1:]).replace(r"\ ", r"[ \t]+"))
    return "|".join(
        f"{re.escape(first)}(?:{'|'.join(rests)})" for first, rests in by_letter.items()
    )


LABEL = re.compile(
    r"^[ \t]*(?:>[ \t]*)?(?:\*\*|__|\[)?"
    r"(?:(?P<answerer>"
    + _alternation(ANSWERERS)
    + r")|(?P<asker>"
    + _RELATION
    + r"(?:"
    + _alternation(ASKERS)
    + r")"
    + _ASKING
    + r"|"
    + _COUNSEL
    + r")|(?P<heading>"
    + _alternation(_HEADINGS)
    + r"))"
    r"(?:\*\*|__|\])?[ \t]*(?:\([^)\n]{0,40}\))?[ \t]*(?:\*\*|__)?"
    r"(?:(?::|>)(?:\*\*|__)?|(?<=\bq)\.|(?<=\ba)\.|(?<=\])(?=[ \t]))",
    re.I | re.M,
)
"""A speaker's label opening a line ("User:", "**Assistant:**", "Q (patient's wife):",
"Q.", "A.", "User >", "[user]", "MR. KELLER:", "THE COURT:", an asker named by relation and
verb: "My daughter asked:", "Her husband wants to know:"), of its kind; or a closing heading
("Summary:")."""

ADOPTS = re.compile(
    r"[\s*_>\"\u201c-]*(?:yes|yeah|yep|yup|correct|agreed|i\s+agree|exactly|indeed|absolutely|"
    r"precisely|true|spot\s+on|definitely|you'?re\s+right|you\s+are\s+right|"
    r"that'?s\s+(?:right|correct|true)|that\s+is\s+(?:right|correct|true)|"
    r"right(?=[ \t]*[.,!;:\u2014\u2013-]))\b",
    re.I,
)
"""An answer that opens by agreeing with the asker ("Yes.", "Correct.", "That's right")."""

_FIRST_SENTENCE = re.compile(r"[^.!?\n]*")
_RESERVATION = re.compile(r"\b(?:but|however|though|although|except|partly|not\s+quite)\b", re.I)


def may_be_dialogue(text: str) -> bool:
    """Whether ``text`` may hold four speakers' labels, each opening a line (a cheap test:
    False only where it has fewer than four lines)."""
    return text.count("\n") >= 3


def _adopted(text: str, start: int) -> bool:
    m = ADOPTS.match(text, start)
    if m is None:
        return False
    sentence = _FIRST_SENTENCE.match(text, m.end())
    return _RESERVATION.search(sentence.group(0)) is None


_EAR_WORD = re.compile(r"\b(right|left|both|each|bilateral\w*)\b", re.I)


def _heading(text: str, start: int, end: int) -> str | None:
    """Return the heading that stands for an unadopted turn: the one ear it asks about
    ("And the left?": the answer is about the left), else None (blanked)."""
    named = {w.lower() for w in _EAR_WORD.findall(text, start, end)}
    if named not in ({"right"}, {"left"}):
        return None
    heading = " Right ear:" if named == {"right"} else " Left ear:"
    span = text[start:end]
    line = span.find("\n")
    line = len(span) if line < 0 else line
    return heading.ljust(line) + re.sub(r"[^\n]", " ", span[line:])


ASKS_THE_DEGREE = re.compile(
    r"\b(?:degree|grade|grading|severity|how\s+(?:severe|bad|serious|much\s+hearing))\b", re.I
)
"""A question about the degree ("Degree?", "and the grade word?", "How severe?"): the answer
that does not adopt a reading names the degree, so it stands headed "Degree:" ("A. Profound,
both ears." reads as "A. Degree: Profound, both ears.")."""


def _turns(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.lastgroup or "") for m in LABEL.finditer(text)]


def _next_answers(turns: list[tuple[int, int, str]]) -> list[tuple[int, int, str] | None]:
    """Return, for each turn, the first later turn that is not an asker's (or None)."""
    out: list[tuple[int, int, str] | None] = [None] * len(turns)
    after: tuple[int, int, str] | None = None
    for k in range(len(turns) - 1, -1, -1):
        out[k] = after
        if turns[k][2] != "asker":
            after = turns[k]
    return out


def _turn_end(text: str, start: int, next_label: int) -> int:
    """Return where an asker's turn ends: at the next speaker's label, or before, at a
    blank line after its last turn (what follows the dialogue is the writer's)."""
    if next_label < len(text):
        return next_label
    blank = text.find("\n\n", start)
    return next_label if blank < 0 else blank


def marks(text: str) -> list[tuple[int, int, str | None]]:
    """Return the asker's turns that the answer after them does not adopt (see the module's
    docstring)."""
    turns = _turns(text)
    kinds = [kind for _, _, kind in turns]
    if kinds.count("answerer") < 2 or kinds.count("asker") < 2:
        return []
    out: list[tuple[int, int, str | None]] = []
    topics: dict[int, tuple[int, int, str | None]] = {}
    answers = _next_answers(turns)
    for k, (_, label_end, kind) in enumerate(turns):
        if kind != "asker":
            continue
        end = _turn_end(text, label_end, turns[k + 1][0] - 1 if k + 1 < len(turns) else len(text))
        answer = answers[k]
        if answer is not None and answer[2] == "answerer" and _adopted(text, answer[1]):
            continue
        if end <= label_end:
            continue
        heading = _heading(text, label_end, end)
        out.append((label_end, end, heading))
        if heading is None and answer is not None and answer[2] == "answerer":
            if ASKS_THE_DEGREE.search(text, label_end, end):
                topics[answer[0]] = (answer[0], answer[1], text[answer[0] : answer[1]] + " Degree:")
    return sorted(out + list(topics.values()))
