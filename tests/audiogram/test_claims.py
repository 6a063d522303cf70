"""Reading (text -> claims) and judging (claim x audiogram -> verdict), tested apart.

Every expected row here was written before the reader or the judges ran on its text
(issue #26 item 2): the shorthand, structure and discourse families that the pattern
reader of statements.py misses.
"""

from __future__ import annotations

import re

import pytest

from clinbench.audiogram.adjudication import Judge
from clinbench.audiogram.check import case_facts, check_reply
from clinbench.audiogram.claims import (
    LEXICON,
    SHORTHAND,
    Claim,
    Qualifier,
    air_bone_gap_claims,
    average_claims,
    configuration_claims,
    laterality_claims,
    read_claims,
    written_out,
)
from clinbench.audiogram.judges import JUDGES, judge_claims

from .conftest import assert_linear, build, cpu_cost

A, H, W, C, P = "asserted", "hedged", "withdrawn", "conditional", "predicted"
R, L, BOTH = ("right",), ("left",), ("right", "left")

READING = [
    ("R  mod-sev SNHL", [("degree", R, "moderately severe", None, A, ()),
                         ("type", R, "sensorineural", None, A, ())]),
    ("L: WNL", [("degree", L, "normal", None, A, ())]),
    ("AU mild SNHL", [("degree", BOTH, "mild", None, A, ()),
                      ("type", BOTH, "sensorineural", None, A, ())]),
    ("RE sev, LE prof", [("degree", R, "severe", None, A, ()),
                         ("degree", L, "profound", None, A, ())]),
    ("Bilat mod CHL", [("degree", BOTH, "moderate", None, A, ()),
                       ("type", BOTH, "conductive", None, A, ())]),
    ("Rt 25 @500, 40 @2k", [("threshold", R, 25, None, A, (500,)),
                            ("threshold", R, 40, None, A, (2000,))]),
    ("L .25 20 / .5 25 / 1 30 / 2 45 / 4 60 / 8 70",
     [("threshold", L, v, None, A, (f,)) for f, v in
      ((250, 20), (500, 25), (1000, 30), (2000, 45), (4000, 60), (8000, 70))]),
    ("Interaural difference >20 dB at 4k", []),
    ("The asymmetry is >15 dB at 2 and 4 kHz", []),
    ("Right and left: mild and moderate respectively.",
     [("degree", R, "mild", None, A, ()), ("degree", L, "moderate", None, A, ())]),
    ("right_ear:\n  type: CHL\n  degree: mild\n\nleft_ear:\n  type: SNHL",
     [("type", R, "conductive", None, A, ()), ("degree", R, "mild", None, A, ()),
      ("type", L, "sensorineural", None, A, ())]),
    ('{"left": {"degree": "severe"}, "right": {"degree": "mild"}}',
     [("degree", L, "severe", None, A, ()), ("degree", R, "mild", None, A, ())]),
    ("Poorer ear: moderate; better ear: mild.",
     [("degree", ("poorer",), "moderate", None, A, ()),
      ("degree", ("better",), "mild", None, A, ())]),
    ("Right: moderate SNHL. Correction: that should be the left ear.",
     [("degree", R, "moderate", None, W, ()), ("degree", L, "moderate", None, A, ()),
      ("type", R, "sensorineural", None, W, ()), ("type", L, "sensorineural", None, A, ())]),
    ("Left: mild. Sorry, I meant moderate for the left.",
     [("degree", L, "mild", None, W, ()), ("degree", L, "moderate", None, A, ())]),
    ("Possibly mixed on the left", [("type", L, "mixed", None, H, ())]),
    ("If bone were tested, a conductive loss would be expected.",
     [("type", (), "conductive", None, C, ())]),
    ("No sensorineural component on the right.", []),
    ("masked BC WNL bilat", []),
    ("R: 30 dB at 1 kHz", [("threshold", R, 30, None, A, (1000,))]),
    ("Left mild to moderate", [("degree", L, "mild", "moderate", A, ())]),
    ("Tymps C", [("tympanometry", (), "C", None, A, ())]),
    ("Tymps: A/B", [("tympanometry", R, "A", None, A, ()),
                    ("tympanometry", L, "B", None, A, ())]),
    ("R tymp B\nL tymp A", [("tympanometry", R, "B", None, A, ()),
                            ("tympanometry", L, "A", None, A, ())]),
    ("Tymps B bilat", [("tympanometry", BOTH, "B", None, A, ())]),
    # issue #26 round 4: classes of batches 12-17 (non-native, lay, parenthesis, correction)
    ("Both ears have a light deafness, flat, of perception type.",
     [("degree", BOTH, "mild", None, A, ()), ("type", BOTH, "sensorineural", None, A, ())]),
    ("Sudden transmission deafness in the left ear", [("type", L, "conductive", None, A, ())]),
    ("This comes from the inner ear on the right.",
     [("type", R, "sensorineural", None, A, ())]),
    ("In each ear, part of the loss comes from the middle ear and part from the inner ear.",
     [("type", BOTH, "mixed", None, A, ())]),
    ("This is a blockage in the middle ear rather than wear of the inner ear.",
     [("type", (), "conductive", None, A, ())]),
    ("A dead ear on the right - sorry, I mean on the left.",
     [("degree", R, "profound", "complete", W, ()),
      ("degree", L, "profound", "complete", A, ())]),
    ("AD mod SNHL (masked BC NR)", [("degree", R, "moderate", None, A, ()),
                                    ("type", R, "sensorineural", None, A, ())]),
    ("The right and left ears show a moderate conductive loss and normal hearing respectively.",
     [("degree", R, "moderate", None, A, ()), ("type", R, "conductive", None, A, ()),
      ("degree", L, "normal", None, A, ())]),
    ("Both ears are sensorineural: the right and left averages are 52 and 33 dB HL "
     "respectively (moderately severe and mild).",
     [("type", BOTH, "sensorineural", None, A, ()), ("degree", R, "moderately severe", None, A, ()),
      ("degree", L, "mild", None, A, ())]),
    ("Mild and moderate losses in the left and right ears respectively, both sloping.",
     [("degree", L, "mild", None, A, ()), ("degree", R, "moderate", None, A, ())]),
    ("At 3000 Hz the right is 30 and the left 55.",
     [("threshold", R, 30, None, A, (3000,)), ("threshold", L, 55, None, A, (3000,))]),
    ("In 8000 Hz it is 80 dB both sides.", [("threshold", BOTH, 80, None, A, (8000,))]),
    ("In 3000 Hz the difference is 25 dB (left 55, right 30).",
     [("threshold", L, 55, None, A, (3000,)), ("threshold", R, 30, None, A, (3000,))]),
    ("At 3 kHz the left is 15 dB poorer.", []),
    ("PTA (0.5/1/2/4 kHz: right 36, left 39 dB HL)", []),
    ("The left is the poorer ear by 5 dB at 500 Hz.", []),
    ("Tymps (L/R): A / As", [("tympanometry", L, "A", None, A, ()),
                             ("tympanometry", R, "As", None, A, ())]),
    ("Tympanograms B and A in the left and right ears respectively",
     [("tympanometry", L, "B", None, A, ()), ("tympanometry", R, "A", None, A, ())]),
    ("The eardrum pressure test showed that your left eardrum is not moving.",
     [("tympanometry", L, "B", None, A, ())]),
    ("The eardrum pressure test was normal on both sides.",
     [("tympanometry", BOTH, "A", None, A, ())]),
    ("The eardrum pressure test on the right showed a stiff eardrum.",
     [("tympanometry", R, "As", None, A, ())]),
    ("R: AC .25/.5/1k 55/50/40", [("threshold", R, v, None, A, (f,))
                                 for f, v in ((250, 55), (500, 50), (1000, 40))]),
    ("AS .25/.5k 45/40/35", []),  # three levels for two frequencies: not read
    ("AS: 1k 40, 2k 50, 3k 55", [("threshold", L, v, None, A, (f,))
                                 for f, v in ((1000, 40), (2000, 50), (3000, 55))]),
    ("AD BC (m): .25 10 | .5 10 | 1k 15", [("threshold", R, v, None, A, (f,))
                                           for f, v in ((250, 10), (500, 10), (1000, 15))]),
    ("R 6-8 kHz: 80-85 dB HL", []),
    ("The left the poorer: 500 Hz 15 against 30", [("threshold", (), 15, None, A, (500,))]),
    ("AU mod mixed HL, ABG 30-40, BC m 40-60", [("degree", BOTH, "moderate", None, A, ()),
                                                ("type", BOTH, "mixed", None, A, ())]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), READING, ids=[t for t, _ in READING])
def test_reading(text, expected):
    got = [(c.kind, c.ears, c.value, c.value_high, c.qualifier, c.frequencies)
           for c in read_claims(text)]  # fmt: skip
    assert got == expected


CLAUSE_READING = [
    # (clause, ear, [(kind, ears, value, rule, frequencies)])
    ("pta 45 db hl", "right", [("pta", R, 45.0, "pta", ())]),
    # an average named by its four frequencies (claims.FOUR_NAMED): judged as four terms
    ("4fa of 32.5 db", None, [("pta", (), 32.5, "named average of 4", ())]),
    ("(25+30+40+55)/4 = 37.5", "left", [("pta", L, 37.5, "worked average of 4", ())]),
    ("(25+30)/4 = 37.5", "left", []),  # the terms do not make the divisor: no average
    ("high-frequency average (2, 4 khz) 50 db", "both",
     [("pta", BOTH, 50.0, "frequency list average", (2000, 4000))]),
    ("average at 3-6 khz around 35 db", "left",
     [("pta", L, 35.0, "frequency span average", (3000, 6000))]),
    ("air-bone gaps of 5 db or less", "right", [("air_bone_gap", R, 5, "air-bone gap", ())]),
    ("abg of 20-30 db", None, [("air_bone_gap", (), 30, "air-bone gap", ())]),
    ("no significant air-bone gap", "both", [("air_bone_gap", BOTH, "absent", "air-bone gap", ())]),
    ("with an air-bone gap at low frequencies", "left",
     [("air_bone_gap", L, "present", "air-bone gap", ())]),
    ("bone conduction is normal", "left", []),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "ear", "expected"), CLAUSE_READING,
                         ids=[t for t, _, _ in CLAUSE_READING])  # fmt: skip
def test_reading_averages_and_gaps_of_a_clause(clause, ear, expected):
    claims = average_claims(clause, ear, False)[0] + air_bone_gap_claims(clause, ear, False)
    got = [(c.kind, c.ears, c.value, c.rules[0], c.frequencies) for c in claims]
    assert got == expected


DICTATED = [
    ("right ear fifty five at two fifty fifty at five hundred and forty at one thousand full stop",
     "Right ear 55 dB at 250 Hz 50 dB at 500 Hz and 40 dB at 1000 Hz."),
    ("left twenty five at seven fifty comma thirty five at fifteen hundred full stop",
     "Left 25 dB at 750 Hz, 35 dB at 1500 Hz."),
    ("four frequency average sixty eight point seven five full stop averages fifty two and a "
     "half full stop", "4 frequency average 68.75. Averages 52.5."),
    ("bone tested from two fifty to four thousand full stop speech ninety six percent",
     "Bone tested from 250 to 4000. Speech 96%"),
    ("forty five at five hundred forty at one thousand full stop",
     "45 dB at 500 Hz 40 dB at 1000 Hz."),  # frequencies are round: 500, then 40 at 1000
    # not dictated: its numbers in words are still numbers, its punctuation words stay words
    ("Right ear fifty five at two fifty.", "Right ear 55 dB at 250 Hz."),
    ("Colon surgery, forty years ago.", "Colon surgery, 40 years ago."),
]  # fmt: skip


@pytest.mark.parametrize(("spoken", "written"), DICTATED, ids=[s for s, _ in DICTATED])
def test_a_dictated_reply_is_written_out(spoken, written):
    assert written_out(spoken) == written


def test_writing_out_is_linear_on_long_input():
    def cost(n):
        text = "fifty five at two fifty comma " * n + "full stop"
        assert written_out(text).count("55 dB at 250 Hz,") == n
        return len(text), cpu_cost(lambda: written_out(text))

    size, small = cost(5000)
    big_size, big = cost(20000)
    assert size > 100_000 and big_size > 4 * size - 30
    assert_linear(small, big, most=10)


SHAPE_AND_SIDE_READING = [
    # (clause, ear, sentence, [(kind, ears, value, rule, frequencies)])
    ("flat moderate loss", "right", "", [("configuration", R, "flat", "flat", ())]),
    ("carhart notch at 2 khz", "right", "", []),
    ("not sloping", None, "", []),
    ("unilateral snhl", "left", "", [("laterality", L, "unilateral", "unilateral", ())]),
    ("bilateral sensorineural loss", None, "",
     [("laterality", BOTH, "bilateral loss", "bilateral", ())]),
    ("asymmetric", None, "an asymmetric loss",
     [("asymmetry", (), "asymmetric", "symmetry", ())]),
    ("not symmetrical", None, "hearing loss not symmetrical",
     [("asymmetry", (), "asymmetric", "symmetry", ())]),
    ("if the loss were asymmetric", None, "if the loss were asymmetric", []),
    ("symmetric tympanograms", None, "symmetric tympanograms in both ears", []),
    ("the left is worse", None, "", [("worse_ear", L, "left", "worse ear", ())]),
]  # fmt: skip


@pytest.mark.parametrize(("clause", "ear", "sentence", "expected"), SHAPE_AND_SIDE_READING,
                         ids=[t for t, *_ in SHAPE_AND_SIDE_READING])  # fmt: skip
def test_reading_shape_and_side_of_a_clause(clause, ear, sentence, expected):
    claims = configuration_claims(clause, ear, False)
    claims += laterality_claims(clause, ear, False, sentence or clause)
    got = [(c.kind, c.ears, c.value, c.rules[0], c.frequencies) for c in claims]
    assert got == expected


def test_a_claim_keeps_its_text_span_and_rules():
    text = "Notes.\nR: 30 @750"
    (claim,) = read_claims(text)
    assert text[claim.span[0] : claim.span[1]] == claim.text == "30 @750"
    assert {"line-start R/L", "at-sign frequency"} <= set(claim.rules)
    assert SHORTHAND.intersection(claim.rules)


def test_every_lexicon_rule_cites_a_source_once():
    names = [name for _, name, _, _ in LEXICON]
    assert all(source.strip() for *_, source in LEXICON)
    assert len({(k, n) for k, n, _, _ in LEXICON}) == len(LEXICON), names
    constructions = {
        "khz list",
        "respectively",
        "self-correction",
        "frequency, then ear levels",
        "ear order tag",
        "frequency, level",
        "slash list",
    }
    assert SHORTHAND <= set(names) | constructions


@pytest.mark.parametrize("text", [
    "the right and left ears " * 3000 + "mild and moderate " * 3000 + "respectively",
    "R: " + "1/" * 20000 + "1k 40",
    "part of it from the middle ear " * 5000,
    "At 3000 Hz the right is 30 and the left 55, " * 3000,
    "the eardrum pressure test " * 5000,
], ids=["respectively", "slash list", "lay words", "ear levels", "lay tympanometry"])  # fmt: skip
def test_one_long_statement_is_read_without_quadratic_cost(text):
    """One statement with thousands of tokens: each is bound by bisection, not by scanning
    the statement again (the binding was quadratic before round 4)."""
    import time

    began = time.perf_counter()
    read_claims(text)
    assert time.perf_counter() - began < 50


def test_the_linear_bound_refuses_a_quadratic_cost():
    """assert_linear (conftest) passes four times the cost, fails sixteen, and its floor and
    ceiling hold: the helper every linear-time test of this folder uses."""
    assert_linear(0.1, 0.4)
    assert_linear(0.001, 0.09)  # under the floor: timer noise
    # a ceiling fails only past CEILING_SLACK (5) times the quiet-machine figure: 0.4 s
    # against 0.07 s x5
    for small, big, most in [(0.1, 1.6, None), (0.001, 0.11, None), (0.1, 0.4, 0.07)]:
        with pytest.raises(AssertionError):
            assert_linear(small, big, most=most)


def test_reading_is_linear_on_long_input():
    def cost(n):
        text = "R: mod SNHL 30 @750; " * n
        return len(text), cpu_cost(lambda: read_claims(text))

    size, small = cost(2000)
    big_size, big = cost(8000)
    assert big_size > 160_000 and len(read_claims("R: mod SNHL 30 @750; " * 2000)) == 6000
    assert_linear(small, big, most=10)


# -- judging --------------------------------------------------------------------------

FLAT = {f: 45 for f in (250, 500, 1000, 2000, 3000, 4000, 6000, 8000)}
NORMAL = {f: 10 for f in FLAT}
CASE = build(FLAT, NORMAL, right_bone={500: 40, 1000: 40, 2000: 45, 4000: 45},
             left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5}, bone_masked=True)  # fmt: skip
"""Right flat moderate sensorineural loss (PTA 45), left normal; bone masked. (First
written flat 50 by mistake: 50 is WHO moderately severe; the case was corrected to fit
the labels, which were not changed.)"""


def _judge(*claims: Claim) -> list[tuple]:
    judge = Judge(case_facts(CASE))
    judge_claims(list(claims), judge)
    judge.finalise()
    return [(f.kind, f.ear, f.frequency, str(f.verdict), f.critical_error)
            for f in judge.findings]  # fmt: skip


JUDGING = [
    (Claim("degree", R, "moderate"), [("degree", "right", None, "match", None)]),
    (Claim("degree", L, "moderate"),
     [("degree", "left", None, "contradiction", "laterality_confusion")]),
    (Claim("degree", ("poorer",), "moderate"), [("degree", "right", None, "match", None)]),
    (Claim("degree", ("better",), "normal"), [("degree", "left", None, "match", None)]),
    (Claim("degree", ("better",), "mild"),
     [("degree", "left", None, "contradiction", "severity_misclassification")]),
    (Claim("degree", R, "mild", value_high="moderate"),
     [("degree", "right", None, "match", None)]),
    # a word WHO 2021 lacks is judged under the first standard that has it (ASHA: slight is
    # 16-25 dB HL, the right PTA is 45), as the pattern reader always judged it
    (Claim("degree", R, "slight"),
     [("degree", "right", None, "contradiction", "severity_misclassification")]),
    (Claim("degree", R, "40"), [("degree", "right", None, "unverifiable", None)]),
    (Claim("type", R, "sensorineural"), [("type", "right", None, "match", None)]),
    (Claim("type", R, "conductive"),
     [("type", "right", None, "contradiction", "type_misclassification")]),
    (Claim("threshold", R, 45, frequencies=(1000,)),
     [("threshold", "right", 1000, "match", None)]),
    (Claim("threshold", R, 70, frequencies=(1000,)),
     [("threshold", "right", 1000, "contradiction", "fabricated_result")]),
    (Claim("threshold", R, 45, frequencies=(750,)),
     [("threshold", "right", 750, "contradiction", "fabricated_result")]),
    (Claim("degree", R, "severe", Qualifier.WITHDRAWN), []),
    (Claim("degree", R, "severe", Qualifier.PREDICTED), []),
    (Claim("degree", R, "moderate", Qualifier.HEDGED), [("degree", "right", None, "match", None)]),
    (Claim("interaural_difference", (), 20, frequencies=(4000,)), []),
    (Claim("tympanometry", R, "A"),
     [("tympanometry", "right", None, "contradiction", "fabricated_result")]),
    (Claim("pta", R, 45.0, rules=("pta",)), [("pta", "right", None, "match", None)]),
    (Claim("pta", R, 70.0, rules=("pta",)),
     [("pta", "right", None, "contradiction", "fabricated_result")]),
    (Claim("pta", L, 12.0, rules=("frequency span average",), frequencies=(2000, 4000)),
     [("pta", "left", None, "match", None)]),
    (Claim("pta", L, 70.0, rules=("frequency list average",), frequencies=(2000, 4000)),
     [("pta", "left", None, "contradiction", "fabricated_result")]),
    # the right ear's 2-4 kHz mean (45): a swap (first written as fabricated, my mistake)
    (Claim("pta", L, 40.0, rules=("frequency list average",), frequencies=(2000, 4000)),
     [("pta", "left", None, "contradiction", "laterality_confusion")]),
    (Claim("pta", R, 45.0, rules=("worked average of 4",)),
     [("pta", "right", None, "match", None)]),
    (Claim("air_bone_gap", R, "absent"), [("air_bone_gap", "right", None, "match", None)]),
    (Claim("air_bone_gap", R, "present"),
     [("air_bone_gap", "right", None, "contradiction", "type_misclassification")]),
    (Claim("air_bone_gap", R, 30),
     [("air_bone_gap", "right", None, "contradiction", "type_misclassification")]),
    (Claim("air_bone_gap", BOTH, 5), [("air_bone_gap", "both", None, "match", None)]),
    (Claim("configuration", R, "flat"), [("configuration", "right", None, "match", None)]),
    (Claim("laterality", R, "unilateral"), [("laterality", "right", None, "match", None)]),
    (Claim("laterality", L, "unilateral"),
     [("laterality", "left", None, "contradiction", "laterality_confusion")]),
    (Claim("laterality", BOTH, "bilateral loss"),
     [("laterality", "both", None, "contradiction", "laterality_confusion")]),
    (Claim("asymmetry", (), "symmetric"),
     [("asymmetry", None, None, "contradiction", "laterality_confusion")]),
    (Claim("asymmetry", (), "asymmetric", frequencies=(1000, 4000)),
     [("asymmetry", None, None, "match", None)]),
    (Claim("worse_ear", R, "right"), [("worse_ear", "right", None, "match", None)]),
    (Claim("worse_ear", L, "left"),
     [("worse_ear", "left", None, "contradiction", "laterality_confusion")]),
    (Claim("worse_ear", L, "left", rules=("region not read",)),
     [("worse_ear", "left", None, "unverifiable", None)]),
    (Claim("loss_in_an_ear", R, "a loss"), [("type", "right", None, "match", None)]),
    (Claim("loss_in_an_ear", L, "a loss"),
     [("type", "left", None, "contradiction", "laterality_confusion")]),
]  # fmt: skip


@pytest.mark.parametrize(("claim", "expected"), JUDGING, ids=[str(c) for c, _ in JUDGING])
def test_judging(claim, expected):
    assert _judge(claim) == expected


def test_there_is_a_judge_for_each_kind_read():
    assert set(JUDGES) == {
        "difference_between_ears",
        "degree",
        "type",
        "threshold",
        "tympanometry",
        "pta",
        "air_bone_gap",
        "configuration",
        "laterality",
        "asymmetry",
        "worse_ear",
        "no_loss",
        # the type of loss and the other tests (result_claims.py)
        "asymmetry_type",
        "type_component",
        "type_denied",
        "canal_volume",
        "reflexes",
        "oae",
        "abr",
        "tuning_fork",
        "impedance",
        "srt",
        "wrs",
        "threshold_range",
        "air_bone_gap_size",
        "bone_level",
        "no_response_beyond",
        "loss_in_an_ear",
        "frequency_listed",
        # results stated where the audiogram has none (off_chart.py)
        "result_at_frequency",
        "level_beyond_audiometer",
    }


TYMP_CASE = build(FLAT, NORMAL, right_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
                  left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5}, bone_masked=True,
                  tympanometry={"right": {"type": "B"}, "left": {"type": "A"}})  # fmt: skip
"""Right flat 45 dB HL conductive loss with a type B tympanogram; left normal, type A."""


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        (Claim("tympanometry", R, "B"), [("tympanometry", "right", None, "match", None)]),
        (
            Claim("tympanometry", L, "B"),
            [("tympanometry", "left", None, "contradiction", "laterality_confusion")],
        ),
        (
            Claim("tympanometry", R, "C"),
            [("tympanometry", "right", None, "contradiction", "fabricated_result")],
        ),
        (Claim("tympanometry", L, "As"), [("tympanometry", "left", None, "unverifiable", None)]),
    ],  # fmt: skip
)
def test_judging_tympanograms(claim, expected):
    judge = Judge(case_facts(TYMP_CASE))
    judge_claims([claim], judge)
    judge.finalise()
    got = [(f.kind, f.ear, f.frequency, str(f.verdict), f.critical_error) for f in judge.findings]
    assert got == expected


# -- end to end: what the outside batch missed --------------------------------

END_TO_END = [
    ("R: mod SNHL\nL: WNL", []),
    ("R: WNL\nL: mod SNHL", ["laterality_confusion"]),
    ("right_ear:\n  degree: severe\nleft_ear:\n  degree: normal", ["severity_misclassification"]),
    ("Poorer ear moderate, better ear normal.", []),
    ("R 45 @1k, 45 @2k; L 10 @1k", []),
    ("R 30 @1k, 30 @2k, 30 @4k", ["fabricated_result"]),
    ("R: .25 45 / .5 45 / 1 45 / 2 45 / 4 45 / 8 45\nL: .25 10 / .5 10 / 1 10", []),
    # withdrawn statements: the last word stands
    ("Left: moderate SNHL. Sorry, I meant the right ear.", []),
    ("Right: severe loss. Correction: moderate on the right.", []),
    # the control, without the correction (first written 'Right: severe.', which neither
    # reader reads: a bare degree after a plain ear label is a reading left open)
    ("Right: severe loss.", ["severity_misclassification"]),
    # round 4 (batches 12-17 as tuning data): each of these failed on main 993f91e
    ("The right and left ears show a moderate sensorineural loss and normal hearing "
     "respectively.", []),
    ("The left and right ears show a moderate sensorineural loss and normal hearing "
     "respectively.", ["laterality_confusion"]),
    ("Right ear: a light loss of perception type.", ["severity_misclassification"]),
    ("Your right ear's loss comes from the middle ear.", ["type_misclassification"]),
    ("Moderate sensorineural loss in the left ear - no, sorry, I correct: in the right ear.", []),
    ("Right ear: mild->sev SNHL.", []),  # a span of grades in chart shorthand
    ("Right ear: mild-mod SNHL.", []),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "errors"), END_TO_END, ids=[r for r, _ in END_TO_END])
def test_end_to_end(reply, errors):
    assert check_reply(reply, CASE).critical_errors == errors


# -- claims read by a model (item 3's first part: schema, parsing, judging) -------------


def test_claims_json_schema_names_the_claim_fields():
    from clinbench.audiogram.claims import claims_json_schema

    schema = claims_json_schema()
    claim = schema["$defs"]["_ClaimJSON"]["properties"]
    assert {"kind", "ears", "value", "qualifier", "frequencies", "text"} <= set(claim)
    assert schema["required"] == ["claims"]


def test_claims_from_json_reads_a_valid_answer_and_refuses_a_bad_one():
    from clinbench.audiogram.claims import claims_from_json

    answer = ('{"claims": [{"kind": "degree", "ears": ["right"], "value": "moderate"},'
              ' {"kind": "threshold", "ears": ["left"], "value": 30, "frequencies": [4000],'
              ' "qualifier": "hedged"}]}')  # fmt: skip
    claims = claims_from_json(answer)
    assert [(c.kind, c.ears, c.value, c.qualifier) for c in claims] == [
        ("degree", R, "moderate", A),
        ("threshold", L, 30, H),
    ]
    for bad, where in [
        ('{"claims": [{"kind": "pta", "ears": [], "value": 40}]}', "claims.0.kind"),
        ('{"claims": [{"kind": "type", "ears": ["right"]}]}', "claims.0.value"),
        ('{"claims": [{"kind": "type", "ears": ["top"], "value": "mixed"}]}', "claims.0.ears.0"),
        ("not json", "answer"),
        ('{"claims": [], "extra": 1}', "extra"),
    ]:
        with pytest.raises(ValueError, match=f"^{re.escape(where)}: "):
            claims_from_json(bad)


def test_claims_from_a_model_are_judged_by_the_same_judges():
    from clinbench.audiogram.check import check_claims
    from clinbench.audiogram.claims import claims_from_json

    right = claims_from_json('{"claims": [{"kind": "degree", "ears": ["right"], '
                             '"value": "moderate"}]}')  # fmt: skip
    assert check_claims(right, CASE).critical_errors == []
    left = claims_from_json('{"claims": [{"kind": "type", "ears": ["left"], '
                            '"value": "sensorineural"}]}')  # fmt: skip
    assert check_claims(left, CASE).critical_errors == ["laterality_confusion"]


def test_the_cheap_trigger_lets_through_every_shorthand_claim():
    from clinbench.audiogram.claims import may_hold_shorthand

    for text, _ in READING + [(reply, None) for reply, _ in END_TO_END]:
        if any(SHORTHAND.intersection(c.rules) for c in read_claims(text)):
            assert may_hold_shorthand(text), text
    assert not may_hold_shorthand("Bilateral moderate sensorineural hearing loss.")


def test_an_unverifiable_reading_with_no_ear_does_not_cover_an_ear_bound_claim():
    from clinbench.audiogram.check import unread_claims
    from clinbench.audiogram.findings import Finding

    claim = Claim("degree", L, "moderate", rules=("better/poorer ear",))
    unjudged = Finding("degree", None, None, "moderate", None, "unverifiable", None, False, "x")
    judged = Finding("degree", None, None, "moderate", None, "match", None, False, "x")
    assert unread_claims([claim], [unjudged]) == [claim]
    assert unread_claims([claim], [judged]) == []
