"""Reply extraction on untrusted replies: time per extractor on 10 KB, 100 KB and 1 MB replies.

A model reply is untrusted input: whatever it holds, every extractor must finish in time
linear in its length. For each extractor this script times ordinary replies (prose with an
answer) and adversarial ones (long runs of the patterns each rule looks for: ``true ``,
``[[``, ``{"a":``, ``[`` x N, whitespace runs, stars after ``answer``...) at each size, and
prints each extractor's worst time per size (over all inputs) and its largest growth ratio
from the second-largest size to the largest on one input (about 10 when the time is linear
in the length, about 100 when it is quadratic; inputs under 5 ms at the smaller size are
left out of the ratio as noise; ``-`` when every input of an extractor is).

Each measurement runs in a child process with a time cap (``--cap`` seconds): a case over the
cap is printed as ``>CAP`` and the larger sizes of that case are skipped (also ``>CAP``).

Usage: python benchmarks/extract.py [--sizes 10000,100000,1000000] [--cap 30] [--only tf,fib]
                                    [--detail]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import time
from collections.abc import Callable

from clinbench.items.model import CaseItem, ExactItem, FIBItem, MCQItem, SAItem, TFItem
from clinbench.scoring.extract import extract_answer, json_objects
from clinbench.scoring.match import normalised_match
from clinbench.suites.audiology.reply_sections import split_sections
from clinbench.suites.slp.replies import read_label_reply, read_transcription_reply
from clinbench.suites.slp.scenarios import SCENARIOS

MCQ = MCQItem(id="m", stem="Which?", options={"A": "a", "B": "b", "C": "c", "D": "d"}, answer="C")
TF = TFItem(id="t", stem="A type A tympanogram is normal.", answer=True)
FIB = FIBItem(id="f", stem="Notch near ____ Hz.", answer="4000", accept=["4 kHz"])
SA = SAItem(id="s", stem="Which test?", answer="tympanometry", accept=["a tympanogram"])
EXACT = ExactItem(
    id="e",
    stem="Refer? How many days?",
    fields=[
        {"name": "refer", "kind": "choice", "options": ["yes", "no"]},
        {"name": "days", "kind": "text"},
    ],
    answer={"refer": "yes", "days": "7"},
)
CASE = CaseItem(
    id="c",
    stem="History.",
    questions=[
        {"id": "Q1", "prompt": "Results?", "reference": "Normal."},
        {"id": "Q2", "prompt": "Diagnosis?", "reference": "None."},
        {"id": "Q3", "prompt": "Plan?", "reference": "Review."},
    ],
)

EXTRACTORS: dict[str, Callable[[str], object]] = {
    "mcq": lambda r: extract_answer(MCQ, r),
    "tf": lambda r: extract_answer(TF, r),
    "fib": lambda r: extract_answer(FIB, r),
    "sa": lambda r: extract_answer(SA, r),
    "exact": lambda r: extract_answer(EXACT, r),
    "json_objects": json_objects,
    "case_sections": lambda r: split_sections(CASE, r),
    "slp_letter": lambda r: read_label_reply(r, SCENARIOS["slp_disorder"]),
    "slp_letter_cot": lambda r: read_label_reply(r, SCENARIOS["slp_disorder"], cot=True),
    "slp_transcript": read_transcription_reply,
    "match_fib": lambda r: normalised_match(r, ["4000 Hz", "4 kHz"]),
    "match_sa": lambda r: normalised_match(r, ["tympanometry"], contained=True),
}

PROSE = (
    "The audiogram shows a bilateral notch at 4 kHz with recovery at 8 kHz, which is typical "
    "of noise exposure. Tympanometry is type A on both sides and reflexes are present. "
)


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _random_text(size: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    alphabet = 'abcAB [](){}"\n:*#-.,01`\\'
    return "".join(rng.choice(alphabet) for _ in range(size))


# name -> size -> reply. "ordinary" replies are prose with one answer at the end.
INPUTS: dict[str, Callable[[int], str]] = {
    "ordinary prose": lambda n: _repeat(PROSE, n) + "\nANSWER: C",
    "ordinary json": lambda n: _repeat(PROSE, n) + '\n{"refer": "yes", "days": "7"}',
    "ordinary case": lambda n: "".join(
        f"Q{i} {name}: " + _repeat(PROSE, n // 3) + "\n"
        for i, name in ((1, "Results"), (2, "Diagnosis"), (3, "Recommendations"))
    ),
    "true x N": lambda n: _repeat("true ", n),
    "not true x N": lambda n: _repeat("not true ", n),
    "whether true x N": lambda n: _repeat("whether true ", n),
    "cannot say + true x N": lambda n: "I cannot say. " + _repeat("true ", n),
    "[[ x N": lambda n: _repeat("[[", n),
    "[[a x N": lambda n: _repeat("[[a", n),
    "[[n]] distinct": lambda n: "".join(f"[[{i}]]" for i in range(n // 8))[:n],
    "[ x N": lambda n: _repeat("[", n),
    "{ x N": lambda n: _repeat("{", n),
    '{"a": x N': lambda n: _repeat('{"a":', n),
    '{"a":1, x N': lambda n: "{" + _repeat('"a":1,', n),
    '{"a":1, x N (prose)': lambda n: "x " + "{" + _repeat('"a":1,', n),
    "``` x N": lambda n: _repeat("```", n),
    "``` + spaces": lambda n: "```" + " " * n,
    "newlines": lambda n: "\n" * n,
    "spaces + x": lambda n: " " * n + "x",
    "answer + stars": lambda n: "answer" + "*" * n + "x",
    "answer: + spaces": lambda n: "answer: " + " " * n + "x" + " " * n + "y",
    "answer x N": lambda n: _repeat("answer ", n),
    "A x N": lambda n: _repeat("A ", n),
    "answer: A or B x N": lambda n: "Answer: A" + _repeat(" or B", n),
    "b) x N": lambda n: _repeat("b) ", n),
    "a) + spaces": lambda n: "a)" + " " * n + "b",
    "I can't x N": lambda n: _repeat("I can't ", n),
    "I cannot help x N": lambda n: _repeat("I cannot really help ", n),
    "loop of words": lambda n: _repeat("the boy is jumping ", n),
    "letter - label + spaces": lambda n: "B -" + " " * n + "speech disorder",
    "quotes x N": lambda n: _repeat('"', n),
    "(A) x N": lambda n: _repeat("(A) ", n),
    "Q1 x N": lambda n: _repeat("Q1\n", n),
    "# x N": lambda n: _repeat("#", n) + "x",
    "digits": lambda n: "1" * n + "x",
    "digits + khz": lambda n: _repeat("1 ", n) + "khz",
    "decline + spaces": lambda n: "decline" + " " * n + "x",
    "random": _random_text,
}


def _child(extractor: str, input_name: str, size: int, conn) -> None:
    reply = INPUTS[input_name](size)
    start = time.perf_counter()
    try:
        EXTRACTORS[extractor](reply)
        outcome = "ok"
    except Exception as err:  # noqa: BLE001 - the benchmark reports what an extractor raised
        outcome = type(err).__name__
    conn.send((time.perf_counter() - start, outcome))


def measure(extractor: str, input_name: str, size: int, cap: float) -> tuple[float | None, str]:
    """Return (seconds or None when over the cap, "ok" or the exception an extractor raised)."""
    parent, child = mp.get_context("fork").Pipe()
    process = mp.get_context("fork").Process(
        target=_child, args=(extractor, input_name, size, child)
    )
    process.start()
    if parent.poll(cap):
        seconds, outcome = parent.recv()
        process.join()
        return seconds, outcome
    process.kill()
    process.join()
    return None, "over cap"


def _fmt(seconds: float | None, cap: float) -> str:
    return f">{cap:g}" if seconds is None else f"{seconds:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--cap", type=float, default=30.0, help="Seconds per measurement.")
    parser.add_argument("--only", default="", help="Comma-separated extractor names.")
    parser.add_argument("--detail", action="store_true", help="Print every input's times.")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    names = [n for n in args.only.split(",") if n] or list(EXTRACTORS)
    worst_overall: tuple[float, str, str] = (0.0, "", "")
    print(f"{'extractor':<15} " + " ".join(f"{s // 1000:>7}K" for s in sizes) + "  growth  worst")
    for name in names:
        worst: dict[int, tuple[float | None, str]] = {s: (0.0, "") for s in sizes}
        errors: set[str] = set()
        growth: float | None = None
        for input_name in INPUTS:
            skip = False
            times = []
            for size in sizes:
                if skip:
                    seconds, outcome = None, "skipped"
                else:
                    seconds, outcome = measure(name, input_name, size, args.cap)
                    skip = seconds is None
                if outcome not in ("ok", "over cap", "skipped"):
                    errors.add(f"{input_name}: {outcome}")
                times.append(seconds)
                best = worst[size][0]
                if best is not None and (seconds is None or seconds > best):
                    worst[size] = (seconds, input_name)
            if len(times) > 1 and times[-2] is not None and times[-2] >= 0.005:
                step = float("inf") if times[-1] is None else times[-1] / times[-2]
                growth = step if growth is None else max(growth, step)
            if args.detail:
                cells = " ".join(f"{_fmt(t, args.cap):>8}" for t in times)
                print(f"  {input_name:<24}{cells}")
        cells = " ".join(f"{_fmt(worst[s][0], args.cap):>8}" for s in sizes)
        ratio = (
            "      -"
            if growth is None
            else ("   >cap" if growth == float("inf") else f"{growth:7.1f}")
        )
        print(f"{name:<15} {cells} {ratio}  {worst[sizes[-1]][1]}")
        for error in sorted(errors):
            print(f"  raised {error}")
        seconds = worst[sizes[-1]][0]
        key = float("inf") if seconds is None else seconds
        if key > worst_overall[0]:
            worst_overall = (key, name, worst[sizes[-1]][1])
    shown = f">{args.cap:g}" if worst_overall[0] == float("inf") else f"{worst_overall[0]:.3f}"
    print(
        f"\nworst time on a {sizes[-1] // 1000}K reply: {shown} s "
        f"({worst_overall[1]}, input {worst_overall[2]!r})"
    )


if __name__ == "__main__":
    main()
