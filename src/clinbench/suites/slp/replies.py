"""How an SLP reply is read: a label reply's label, a transcription reply's transcript.

Both readers return a :class:`clinbench.scoring.extract.Extraction` and share clinbench's
decline word and refusal rule (``clinbench.scoring.extract``): one reading everywhere.

Label replies (the prompt lists lettered labels, "B - speech disorder", and asks for a
letter), without chain of thought, in this order:

1. the decline word is ``declined``;
2. a letter written with a label (``B - speech disorder``, ``B) speech disorder``,
   ``B. Speech disorder``, ``Speech disorder (B)``, or with the description the prompt
   shows): the label when letter and label agree, ``ambiguous`` when they disagree;
3. a valid label alone (``speech disorder``, ``Speech disorder.``, ``typically_developing``)
   is that label (case, underscores, hyphens and end punctuation aside; a trailing
   "disorder" after a label that lacks it, ``phonological disorder``, is dropped);
4. otherwise the option letter by clinbench's multiple-choice rule
   (``clinbench.scoring.extract.extract_mcq``: ``B``, ``b)``, ``(b)``, ``The answer is B``;
   two letters offered, ``A or B``, are ``ambiguous``);
5. no answer and a refusal ("I'm sorry, I can't assess audio") is ``refused``; anything
   else is ``none``.

With chain of thought the last non-empty line should be ``ANSWER: ...`` and what follows the
mark is read by rules 2-4. A reply with no such line is read as a person reads it: when its
last sentence names exactly one of the offered labels (its words, as in "This indicates a
speech disorder."), the whole reply names no other, and that sentence neither hedges (may,
might, could, possibly, likely, or, whether ...) nor negates (not, no, without, rule out
...), that label is the answer, marked ``read_from="prose"`` (the scorer records it, every
SLP table counts it beside the parse figures); anything else is ``none`` (or ``refused``).

Transcription replies (the prompt asks for the child's words only), in this order:

1. empty is ``none``; the decline word is ``declined``;
2. with no quote anywhere, a refusal is ``refused``, and a reply that asks for the
   recording or transcript it was given ("Please provide the transcript", "Could you share
   the audio clip?") is ``none``: it transcribes nothing;
3. the transcript is on the first non-empty line, after an instruction-following lead-in: a
   first line that ends with a colon, or starts with "Sure", "Certainly", "Okay", "Of
   course", "Here is/are", "The child says/said", "Transcription", "Transcript", is dropped
   up to its colon (the text after the colon is the transcript, or the next line when
   nothing follows it), as is any text before a colon that a quote follows ("The child's
   response is: "wed ball"") or that talks about the task ("Child's attempt: wed ball");
   "The child says" / "The child said" before the words is dropped, colon or not; lines
   after the transcript are commentary;
4. text in double quotes (straight or curly) that opens that line is the transcript (what
   follows it on the line is commentary); a quote after other text on the line ("The
   child's voice is clearly "ball" in the transcript") is prose about the words, ``none``;
5. a transcript is a child's attempt at words, never talk about the task: one that holds a
   word about the task itself (transcript, recording, audio, speech, child, clinician,
   pronunciation, language, AI, ...) or is a question to the reader ("Could you repeat it
   for me?") is ``none``, unless the words the child was asked to say (``expected``, when
   the caller knows them) hold that word too;
6. markdown emphasis and surrounding quotes are removed;
7. a loop is cut at its first repetition: when the transcript's words are one run of two or
   more words said at least three times in a row to the end of the reply (the last time
   possibly cut short, as a reply that hits its token limit is), the transcript is that run
   once. One repeated word ("b b b ball", "no no no") and a phrase said twice ("I want I
   want a cookie") are speech, kept as they are.
"""

from __future__ import annotations

import re

from clinbench.scoring.extract import Extraction, extract_mcq, is_decline, refusal_or
from clinbench.suites.slp.scenarios import Scenario

# How F1 treats a label reply with no valid label (unreadable, ambiguous, contradictory):
# "all_items" (the default, as SLPHelm scores: F1 over every item, such a reply a wrong
# prediction) or "answered_only" (F1 over answered items). Tasks take it as ``label_rule``;
# the SLP tables show both.
LABEL_RULES = ("all_items", "answered_only")
# The score-metadata flag of a label read from a chain-of-thought reply's prose (no ANSWER:
# line): the scorer records it, the SLP tables count it ("read from prose").
READ_FROM_PROSE = "read_from_prose"

# --------------------------------------------------------------------------- label replies

_LETTER_THEN_LABEL = re.compile(r"\(?([A-Za-z])\s*+(?:\)|\.|:|[-–—])\s*+(.++)", re.DOTALL)
_LABEL_THEN_LETTER = re.compile(r"([^()]+?)\s*+[-–—:,]?\s*+\(([A-Za-z])\)", re.DOTALL)
_ANSWER_LINE = re.compile(r"\**+answer\**+\s*+:\s*+(.++)", re.IGNORECASE)
_DESCRIPTION = re.compile(r"\([^()]*+\)\s*+$")  # a trailing "(what the label means)"
_EDGE = "\"'`“”‘’*.!,;: \t\n"


def _label_key(text: str) -> str:
    """Return a label or a reply as compared: lower case, words apart, no description."""
    text = _DESCRIPTION.sub("", text.strip().strip(_EDGE))
    return " ".join(re.sub(r"[_\-–]", " ", text.strip(_EDGE).lower()).split())


def _label_named(text: str, spec: Scenario) -> str | None:
    """Return the scenario's label that a text is (alone), or None.

    "phonological disorder" names the label "phonological": a trailing "disorder" is dropped
    when the label itself does not end with it.
    """
    by_key = {_label_key(label): label for label in spec.options.values()}
    key = _label_key(text)
    if key not in by_key and key.endswith(" disorder"):
        key = key.removesuffix(" disorder")
        return by_key.get(key) if not key.endswith("disorder") else None
    return by_key.get(key)


# A letter written with a label is a short reply: longer ones are not tried (this bounds the
# work of the lazy pattern on untrusted text).
_MAX_PAIRED = 300


def _letter_and_label(text: str, spec: Scenario) -> Extraction | None:
    """Return the reading of a letter written with a label, or None if the text is not one."""
    if len(text) > _MAX_PAIRED:
        return None
    for pattern, letter_group, label_group in ((_LETTER_THEN_LABEL, 1, 2),
                                               (_LABEL_THEN_LETTER, 2, 1)):  # fmt: skip
        match = pattern.fullmatch(text)
        if match is None:
            continue
        label = _label_named(match.group(label_group), spec)
        if label is None:
            continue
        by_letter = spec.options.get(match.group(letter_group).upper())
        if by_letter == label:
            return Extraction("ok", label, [label])
        candidates = [c for c in (by_letter, label) if c]
        return Extraction(
            "ambiguous",
            candidates[0],
            candidates,
            f"the letter {match.group(letter_group)!r} and the label {label!r} disagree",
        )
    return None


def _read_label_text(text: str, spec: Scenario) -> Extraction:
    stripped = text.strip().strip("*").strip()
    paired = _letter_and_label(stripped, spec)
    if paired is not None:
        return paired
    label = _label_named(stripped, spec)
    if label is not None:
        return Extraction("ok", label, [label])
    found = extract_mcq(text, list(spec.options))
    labels = [spec.options[letter] for letter in found.candidates]
    return Extraction(found.status, labels[0] if labels else None, labels, found.reason)


# A conclusion in prose (a chain-of-thought reply with no ANSWER: line) is read only when it
# is plain: these words in its last sentence make it a hedge or a denial, never an answer.
_HEDGED = re.compile(
    r"\b(?:may|might|could|possibl[ey]|perhaps|maybe|probabl[ey]|likely|unlikely|unclear|"
    r"uncertain|unsure|either|or|whether|seems?|appears?|suspect\w*+|cannot|can't|can’t|"
    r"not|no|never|without|n't|rule[sd]?\s++out|rather|instead)\b|n't\b|n’t\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s++")
# A reply's reasoning is short; a longer one is not scanned for labels (bounds the work).
_MAX_PROSE = 20_000


_NOT_A_LABEL = re.compile(r"\bin\s++addition\b", re.IGNORECASE)  # "In addition, ..."


def _labels_in(text: str, spec: Scenario) -> set[str]:
    """Return the scenario's labels whose words a text names (as words, any case)."""
    text = _NOT_A_LABEL.sub(" ", text)
    named = set()
    for label in spec.options.values():
        words = r"[\s_\-]++".join(re.escape(w) for w in label.split("_"))
        if re.search(rf"(?<![\w-]){words}(?![\w-])", text, re.IGNORECASE):
            named.add(label)
    return named


def _read_prose_conclusion(text: str, spec: Scenario) -> Extraction | None:
    """Return the label a reply's plain last sentence names, when the reply names no other
    label and that sentence neither hedges nor negates; None otherwise."""
    if len(text) > _MAX_PROSE:
        return None
    in_reply = _labels_in(text, spec)
    if not in_reply:
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    sentences = [s for s in _SENTENCE_END.split(lines[-1]) if s.strip()]
    last = sentences[-1] if sentences else ""
    named = _labels_in(last, spec)
    if len(named) != 1 or in_reply != named or _HEDGED.search(last):
        return None
    (label,) = named
    return Extraction(
        "ok", label, [label],
        f"no ANSWER: line; the reasoning ends in {label!r} and names no other label",
        read_from="prose",
    )  # fmt: skip


def read_label_reply(reply: str, spec: Scenario, *, cot: bool = False) -> Extraction:
    """Return the label a reply to a lettered-label scenario gives (see the module rules)."""
    text = (reply or "").strip()
    if not text:
        return Extraction("none", reason="empty reply")
    if is_decline(text):
        return Extraction("declined", reason="the reply is the decline word")
    if cot:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        mark = _ANSWER_LINE.fullmatch(lines[-1])
        if mark is None:
            prose = _read_prose_conclusion(text, spec)
            if prose is not None:
                return prose
            return refusal_or(
                Extraction("none", reason="no final ANSWER: line after the reasoning"), text
            )
        text = mark.group(1)
    return refusal_or(_read_label_text(text, spec), reply)


# --------------------------------------------------------------------- transcription replies

# A reply asking for the input instead of transcribing it: a verb of handing over, then the
# recording or transcript (bounded: at most two words between).
_ASKS_FOR_INPUT = re.compile(
    r"\b(?:provide|share|send|upload|attach|paste|play)\s++(?:\w++\s++){0,2}?"
    r"(?:transcript|transcription|recording|audio|clip|sound\s++file|audio\s++file)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r'"([^"\n]*+)"|“([^“”\n]*+)”')  # no opening quote inside: linear
# Words about the transcription task, not words a child attempts: the reply talks about the
# task (the recording, the transcript, the child, itself) instead of giving the child's words.
# Words a child may well say are left out (please, sorry, clip, voice, ai as in "ai want"): a
# refusal is read before this rule, and a request for the recording by _ASKS_FOR_INPUT.
_TASK_WORDS = re.compile(
    r"\b(?:transcri\w*+|record(?:ing|ed|ings)|audio|speech|child(?:'s|’s|ren)?|"
    r"clinician|patholog\w*+|pronunciation|intonation|phonetic\w*+|grammar\w*+|syntax|"
    r"language|assess\w*+|prompt|sentence|phrase|assistant)\b",
    re.IGNORECASE,
)
# A question put to the reader ("Could you ...?", "What would you like me to ...?").
_READER = re.compile(r"\b(?:you|your)\b", re.IGNORECASE)
_OPENING_QUOTE = re.compile(r'[\s*_`]*+(?:"([^"\n]*+)"|“([^“”\n]*+)”)')
_PREAMBLE = re.compile(
    r"(?:sure|certainly|okay|ok|of course|absolutely|here(?:'s|’s|\s++is|\s++are)|"
    r"the child (?:says|said)|transcription|transcript|answer|(?:i\s++)?heard)\b",
    re.IGNORECASE,
)
_MIN_LOOP_WORDS, _MIN_LOOP_TIMES = 2, 3


def _cut_loop(words: list[str]) -> list[str]:
    """Return the words once when they are one run said at least three times in a row.

    The run is the words' smallest period (prefix function, as in Knuth-Morris-Pratt; linear
    in the number of words): written here because no library gives a sequence's period.
    """
    n = len(words)
    if n < _MIN_LOOP_WORDS * _MIN_LOOP_TIMES:
        return words
    border = [0] * n
    for i in range(1, n):
        k = border[i - 1]
        while k and words[i] != words[k]:
            k = border[k - 1]
        border[i] = k + (words[i] == words[k])
    period = n - border[-1]
    if period >= _MIN_LOOP_WORDS and n >= _MIN_LOOP_TIMES * period:
        return words[:period]
    return words


_SAYS = re.compile(r"the child (?:says|said)\s++(?!:)", re.IGNORECASE)


def _first_line_after_preamble(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    first = _without_says(lines[0])
    head, colon, rest = first.partition(":")
    is_preamble = _PREAMBLE.match(head.strip(_EDGE)) is not None
    lead_in = is_preamble or _OPENING_QUOTE.match(rest) or _TASK_WORDS.search(head)
    if colon and (lead_in or not rest.strip()):
        return rest.strip() or (_without_says(lines[1]) if len(lines) > 1 else "")
    if is_preamble and first[-1] in ".!" and len(lines) > 1:  # "Sure! Here you go."
        return _without_says(lines[1])
    return first


def _without_says(line: str) -> str:
    """Return a line without its opening "The child says/said" (no colon after it)."""
    return _SAYS.sub("", line, count=1) if _SAYS.match(line) else line


def _talks_about_the_task(transcript: str, expected: str | None) -> str | None:
    """Return why a transcript is talk about the task, not a child's words, or None."""
    allowed = {w.lower() for w in re.findall(r"[\w'’]+", expected or "")}
    for match in _TASK_WORDS.finditer(transcript):
        if match.group(0).lower() not in allowed:
            return f"talk about the task ({match.group(0)!r}), not a child's words"
    asks = transcript.rstrip().endswith("?") and _READER.search(transcript)
    if asks and not allowed & {"you", "your"}:
        return "a question to the reader, not a child's words"
    return None


def read_transcription_reply(reply: str, expected: str | None = None) -> Extraction:
    """Return the transcript a transcription reply gives (see the module rules); ``expected``
    is the words the child was asked to say, when known (rule 5)."""
    text = (reply or "").strip()
    if not text:
        return Extraction("none", reason="empty reply")
    if is_decline(text):
        return Extraction("declined", reason="the reply is the decline word")
    if _QUOTED.search(text) is None:
        found = refusal_or(Extraction("none"), text)
        if found.status == "refused":
            return found
        if _ASKS_FOR_INPUT.search(text):
            return Extraction("none", reason="the reply asks for the recording it was given")
    line = _first_line_after_preamble(text)
    opening = _OPENING_QUOTE.match(line)
    if opening is not None:
        line = opening.group(1) or opening.group(2) or ""
    elif _QUOTED.search(line):
        return Extraction("none", reason="a quote inside prose about the words, no transcript")
    words = _cut_loop(line.replace("*", " ").strip(_EDGE).split())
    transcript = " ".join(words).strip(_EDGE)
    if not transcript:
        return Extraction("none", reason="no transcript after the reply's preamble")
    talk = _talks_about_the_task(transcript, expected)
    if talk is not None:
        return Extraction("none", reason=talk)
    reason = "quoted text" if opening is not None else "first line after any preamble"
    if len(words) < len(line.split()):
        reason += "; a looping reply cut at its first repetition"
    return Extraction("ok", transcript, [transcript], reason)
