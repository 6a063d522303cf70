"""The type of loss and the other tests: reading (clause -> claims) and judging (claim x
audiogram -> finding), tested apart (issue #26 item 1, result_claims.py and its judges)."""

from __future__ import annotations

import time

import pytest

from clinbench.audiogram.adjudication import Judge
from clinbench.audiogram.check import case_facts, check_reply
from clinbench.audiogram.claims import Claim, read_claims
from clinbench.audiogram.judges import judge_claims
from clinbench.audiogram.result_claims import (
    ASYMMETRY_RULE,
    RULES,
    canal_volume_claims,
    impedance_claims,
    loss_in_an_ear_claims,
    outcome_claims,
    speech_claims,
    tuning_fork_claims,
    tympanometry_claims,
    type_claims,
)

from .conftest import build

A, H = "asserted", "hedged"
R, L, BOTH, NONE = ("right",), ("left",), ("right", "left"), ()
ASYM = ASYMMETRY_RULE


def _type(text, ear=None, hedged=False, sentence=None):
    low = text.lower()
    return type_claims(low, (sentence or text).lower(), ear, hedged)


def _tymp(text, ear=None):
    return tympanometry_claims(text, text.lower(), ear, False)


def _volume(text, ear=None):
    return canal_volume_claims(text.lower(), ear, False)


def _outcome(test, text, ear=None, sentence=""):
    return outcome_claims(test, text.lower(), ear, False, sentence.lower())


def _speech(text, ear=None, sentence=None):
    return speech_claims(text.lower(), ear, False, (sentence or text).lower())


# (read, expected claims as (kind, ears, value, qualifier, rules))
READING = [
    (lambda: _type("moderate sensorineural hearing loss", "right"),
     [("type", R, "sensorineural", A, ("type word",))]),
    (lambda: _type("Bilateral SNHL", "both"), [("type", BOTH, "sensorineural", A, ("type word",))]),
    (lambda: _type("probably conductive", "left", hedged=True),
     [("type", L, "conductive", H, ("type word",))]),
    (lambda: _type("mixed hearing loss", "left"), [("type", L, "mixed", A, ("type word",))]),
    (lambda: _type("conductive with a sensorineural element", "right"),
     [("type", R, "mixed", A, ("mixed by two types",))]),
    (lambda: _type("sensorineural", "right", sentence="Right: conductive component, sensorineural"),
     [("type", R, "mixed", A, ("mixed by two types",))]),
    (lambda: _type("a conductive component", "left"),
     [("type_component", L, "conductive", A, ("type component",))]),
    # "the sensorineural asymmetry": the difference's part, not an ear's type (batch 29)
    (lambda: _type("the sensorineural asymmetry also needs investigating"),
     [("type_component", NONE, "sensorineural", A, ("type component",))]),
    (lambda: _type("an asymmetric sensorineural loss"),  # near miss: the loss's type
     [("type", NONE, "sensorineural", A, ("type word",))]),
    (lambda: _type("no conductive component", "right"),
     [("type_denied", R, "conductive", A, ("denied component",))]),
    (lambda: _type("not a mixed loss", "right"),
     [("type_denied", R, "mixed", A, ("denied type",))]),
    (lambda: _type("to rule out a conductive cause", "right"), []),  # a plan, not a denial
    # the writer's own classing is a claim; an instruction is not (batch 20)
    (lambda: _type("so I would treat this as a mixed loss", "both"),
     [("type", BOTH, "mixed", A, ("classed as",))]),
    (lambda: _type("I'd class it as conductive", "left"),
     [("type", L, "conductive", A, ("classed as",))]),
    (lambda: _type("treat as a sudden sensorineural loss until proven otherwise", "right"), []),
    (lambda: _type("I would not treat this as conductive", "right"), []),
    # a statement about losses in general is no claim about this ear (batch 20)
    (lambda: _type("a low-frequency conductive loss this small rarely needs amplification",
                   "left"), []),
    (lambda: _type("a mixed loss generally needs ENT review", "left"), []),
    (lambda: _type("sensorineural hearing is normal", "left"), []),  # the cochlea is normal
    (lambda: _type("refer for the conductive side"), []),  # names an ear by its finding
    (lambda: _type("the asymmetry is sensorineural"),
     [("asymmetry_type", NONE, "sensorineural", A, (ASYM,)),
      ("type", NONE, "sensorineural", A, ("type word", ASYM))]),
    (lambda: _type("the asymmetry is conductive component"),
     [("asymmetry_type", NONE, "conductive", A, (ASYM,)),
      ("type_component", NONE, "conductive", A, ("type component", ASYM))]),
    (lambda: _type("the asymmetry is sensorineural", "right"),  # an ear named: its type
     [("type", R, "sensorineural", A, ("type word",))]),
    (lambda: _tymp("Type B tympanogram", "right"),
     [("tympanometry", R, "B", A, ("tympanogram type",))]),
    (lambda: _tymp("tympanograms type As and type A"),
     [("tympanometry", NONE, "As", A, ("tympanogram type",)),
      ("tympanometry", NONE, "A", A, ("tympanogram type",))]),
    (lambda: _tymp("a type a personality"), []),  # the letter is read as written
    (lambda: _tymp("flat trace on tympanometry", "left"),
     [("tympanometry", L, "B", A, ("tympanogram description",))]),
    (lambda: _tymp("negative middle ear pressure", "left"),
     [("tympanometry", L, "C", A, ("tympanogram description",))]),
    (lambda: _tymp("no negative middle ear pressure", "left"), []),
    # the letter said of the tympanogram (batch 19, spoken handovers)
    (lambda: _tymp("Tympanograms are As both sides", "both"),
     [("tympanometry", BOTH, "As", A, ("tympanogram type",))]),
    (lambda: _tymp("the tympanogram was a concern", "left"), []),
    (lambda: _volume("ECV 0.9 ml", "right"),
     [("canal_volume", R, "0.9", A, ("ear-canal volume",))]),
    (lambda: _volume("equivalent ear canal volume of 2.4 cc"),
     [("canal_volume", NONE, "2.4", A, ("ear-canal volume",))]),
    (lambda: _volume("volume 3 ml"), []),  # a volume of what: not named
    (lambda: _outcome("reflexes", "acoustic reflexes absent", "right"),
     [("reflexes", R, "absent", A, ("test result",))]),
    (lambda: _outcome("reflexes", "reflexes elevated", "left"),
     [("reflexes", L, "reduced", A, ("test result",))]),
    (lambda: _outcome("abr", "abr wave v latency prolonged"),
     [("abr", NONE, "abnormal", A, ("test result",))]),
    (lambda: _outcome("abr", "abr within normal limits"),
     [("abr", NONE, "normal", A, ("test result",))]),
    (lambda: _outcome("oae", "dpoaes present", "both"),
     [("oae", BOTH, "present", A, ("test result",))]),
    (lambda: _outcome("reflexes", "contralateral reflexes",
                      sentence="absent ipsilateral and contralateral reflexes"),
     [("reflexes", NONE, "absent", A, ("test result",))]),
    (lambda: _outcome("reflexes", "contralateral reflexes",
                      sentence="present ipsilateral but absent contralateral reflexes"), []),
    (lambda: _outcome("oae", "oaes were recorded on the day"),
     [("oae", NONE, "present", A, ("test result",))]),
    (lambda: _outcome("oae", "oae testing was booked"), []),
    (lambda: _speech("SRT 30 dB HL right and 70 dB HL left"),
     [("srt", R, 30, A, ("speech reception threshold",)),
      ("srt", L, 70, A, ("speech reception threshold",))]),
    (lambda: _speech("WRS right 84%, left 88%"),
     [("wrs", R, 84, A, ("word recognition score",)),
      ("wrs", L, 88, A, ("word recognition score",))]),
    (lambda: _speech("L 52%", sentence="WRS R 84%, L 52%"),
     [("wrs", L, 52, A, ("word recognition score",))]),
    (lambda: _speech("SRT 25 dB", "left"), [("srt", L, 25, A, ("speech reception threshold",))]),
    (lambda: _speech("word recognition 92% at 65 dB", "right"),
     [("wrs", R, 92, A, ("word recognition score",))]),
    (lambda: _speech("92% correct", "right"), [("wrs", R, 92, A, ("word recognition score",))]),
    (lambda: _speech("thresholds 30 dB", "right"), []),
    # an SRT is a level: its unit may go unsaid before the ears (batch 19)
    (lambda: _speech("speech reception threshold was 40 each side", "both"),
     [("srt", BOTH, 40, A, ("speech reception threshold",))]),
    (lambda: _speech("SRT at 2 kHz"), []),
    (lambda: _speech("the SRT of 40 agrees with the average"), []),
    # a percentage in words is a percentage (batches 19-20: dictated handovers, fitting briefs)
    (lambda: _speech("speech discrimination was 96 percent in each ear", "both"),
     [("wrs", BOTH, 96, A, ("word recognition score",))]),
    (lambda: _speech("word recognition 84 per cent right and 50 percent left"),
     [("wrs", R, 84, A, ("word recognition score",)),
      ("wrs", L, 50, A, ("word recognition score",))]),
    (lambda: _speech("88 percent word recognition", "left"),
     [("wrs", L, 88, A, ("word recognition score",))]),
    (lambda: _speech("and the left 100 percent at 40 db",
                     sentence="speech testing in the right ear gave 0 percent, and the left 100 "
                              "percent at 40 db"),
     [("wrs", L, 100, A, ("word recognition score",))]),
    (lambda: _speech("the 60 percent of patients"), []),  # no speech test named
    # speech audiometry reports one percentage: a percentage from speech testing is a score
    (lambda: _speech("speech testing gave 92%", "right"),
     [("wrs", R, 92, A, ("word recognition score",))]),
    # a score is a whole per cent: part of a decimal is no score (batch 18, a real model)
    (lambda: _speech("48 dB HL; 315.7% correct diagnoses", "right"), []),
    (lambda: _speech("26.9% correct", "left"), []),
    # a tuning-fork result (batch 36 VN38); the tests named or predicted are none
    (lambda: tuning_fork_claims("rinne positive, weber centred", "both", False, ""),
     [("tuning_fork", BOTH, "rinne positive", A, ("tuning fork",)),
      ("tuning_fork", BOTH, "weber centred", A, ("tuning fork",))]),
    (lambda: tuning_fork_claims("rinne and weber recommended", "both", False, ""), []),
    # an ear's impedance stated as measured (batch 124, a real model); the test named is none
    (lambda: impedance_claims("the left ear has a high impedance", "left", False, ""),
     [("impedance", L, "has a high impedance", A, ("impedance",))]),
    (lambda: impedance_claims("impedance testing was not done", "left", False, ""), []),
    # an ear said to have a loss, no grade or type (batch 143, a real model)
    (lambda: loss_in_an_ear_claims("their left ear experiences significant hearing loss", False),
     [("loss_in_an_ear", L, "a loss", A, ("loss in an ear",))]),
    (lambda: loss_in_an_ear_claims("a history of hearing loss in the left ear", False), []),
]  # fmt: skip


def _rows(claims):
    return [(c.kind, c.ears, c.value, str(c.qualifier), c.rules) for c in claims]


@pytest.mark.parametrize(("read", "expected"), READING, ids=[str(i) for i in range(len(READING))])
def test_reading(read, expected):
    assert _rows(read()) == expected


def test_every_rule_cites_a_source_and_is_read_by_a_row():
    used = {rule for read, _ in READING for c in read() for rule in c.rules}
    assert used <= set(RULES)
    assert set(RULES) <= used, set(RULES) - used
    assert all(len(source) > 20 for source in RULES.values())


def test_reading_is_linear_on_long_clauses():
    """A 100 KB clause of each family reads in well under a second (no nested quantifier
    over unbounded text); the claims read grow with the clause."""
    n = 4000
    clauses = {
        "type": "no conductive component. for the conductive side, " * n
        + "the asymmetry is sensorineural",
        "tymp": "type B flat trace tymp, ECV 0.9 ml " * n,
        "outcome": "reflexes absent, abr prolonged, " * n,
        "speech": "srt 30 db right, wrs 80% left " * n,
    }
    assert all(len(c) > 100_000 for c in clauses.values())
    began = time.process_time()
    type_found = _type(clauses["type"], None)
    tymp_found = _tymp(clauses["tymp"]) + _volume(clauses["tymp"])
    outcome = _outcome("abr", clauses["outcome"], sentence=clauses["outcome"])
    speech = _speech(clauses["speech"])
    spent = time.process_time() - began
    assert len(type_found) == n + 2 and len(tymp_found) == 2 * n
    assert outcome and speech
    assert spent < 7.5, spent


# -- judging: claim x audiogram -> finding ------------------------------------------------

CASE = build(
    45, 5, right_bone={500: 5, 1000: 5, 2000: 10, 4000: 5},
    left_bone={500: 5, 1000: 5, 2000: 10, 4000: 5}, bone_masked=True,
    tympanometry={"right": {"type": "B", "ear_canal_volume_ml": 0.9},
                  "left": {"type": "A", "ear_canal_volume_ml": 1.2}},
    reflexes={"right": {"ipsilateral": {"1000": None}, "contralateral": {"1000": None}},
              "left": {"ipsilateral": {"1000": 85}, "contralateral": {"1000": 90}}},
    oae={"right": {"result": "absent"}, "left": {"result": "present"}},
    abr={"right": {"result": "absent"}, "left": {"result": "normal"}},
    speech={"right": {"srt_db": 45, "wrs_percent": 96}, "left": {"srt_db": 5, "wrs_percent": 100}},
)  # fmt: skip
"""Right flat 45 dB HL conductive loss (masked bone 5-10), type B, no reflexes, no OAEs, no
ABR; left normal with every test normal. The right is the worse ear of an asymmetry."""
SYMMETRIC = build(40, 40, right_bone={500: 40, 1000: 40, 2000: 40, 4000: 40},
                  left_bone={500: 40, 1000: 40, 2000: 40, 4000: 40}, bone_masked=True)  # fmt: skip
"""Both ears flat 40 dB HL sensorineural: no worse ear, no other test."""
UNMASKED_GAPS = build(50, 50, right_bone={500: 10, 1000: 10, 2000: 10, 4000: 10},
                      left_bone={500: 10, 1000: 10, 2000: 10, 4000: 10})  # fmt: skip
"""Both ears 50 dB HL with unmasked bone at 10: a gap in one ear or the other, neither ear's
type known."""


def _judge(claim: Claim, case=CASE) -> list[tuple]:
    judge = Judge(case_facts(case))
    judge_claims([claim], judge)
    judge.finalise()
    return [(f.kind, f.ear, str(f.claimed), str(f.verdict), f.critical_error)
            for f in judge.findings]  # fmt: skip


TYPE, FAB, SIDE = "type_misclassification", "fabricated_result", "laterality_confusion"
JUDGING = [
    (Claim("type", R, "conductive"), [("type", "right", "conductive", "match", None)]),
    (Claim("type_component", R, "conductive"),
     [("type", "right", "conductive component", "match", None)]),
    (Claim("type_component", R, "sensorineural"),
     [("type", "right", "sensorineural component", "contradiction", TYPE)]),
    (Claim("type_component", L, "conductive"),  # the right ear's component, put on the left
     [("type", "left", "conductive component", "contradiction", SIDE)]),
    (Claim("type_denied", R, "sensorineural", rules=("denied type",)),
     [("type", "right", "not sensorineural", "match", None)]),
    (Claim("type_denied", R, "conductive", rules=("denied component",)),
     [("type", "right", "no conductive component", "contradiction", TYPE)]),
    (Claim("type_denied", R, "mixed", rules=("denied type",)),
     [("type", "right", "not mixed", "match", None)]),
    (Claim("asymmetry_type", (), "sensorineural", rules=(ASYM,)),  # the right's loss is CHL
     [("type", "right", "sensorineural", "contradiction", TYPE)]),
    (Claim("asymmetry_type", (), "conductive", rules=(ASYM,)),
     [("type", "right", "conductive", "match", None)]),
    (Claim("type", (), "sensorineural", rules=("type word", ASYM)), []),  # the asymmetry's
    (Claim("type_component", (), "conductive", rules=("type component", ASYM)), []),
    (Claim("canal_volume", R, "1.0"), [("tympanometry", "right", "ECV 1 ml", "match", None)]),
    (Claim("canal_volume", R, "2.4"),
     [("tympanometry", "right", "ECV 2.4 ml", "contradiction", FAB)]),
    (Claim("reflexes", R, "absent"), [("reflexes", "right", "absent", "match", None)]),
    (Claim("reflexes", L, "absent"),  # the right ear's absent reflexes, put on the left
     [("reflexes", "left", "absent", "contradiction", SIDE)]),
    (Claim("reflexes", L, "reduced"), [("reflexes", "left", "reduced", "unverifiable", None)]),
    (Claim("reflexes", BOTH, "present"), [("reflexes", "both", "present", "contradiction", FAB)]),
    (Claim("oae", L, "present"), [("oae", "left", "present", "match", None)]),
    (Claim("oae", R, "reduced"), [("oae", "right", "reduced", "unverifiable", None)]),
    (Claim("abr", R, "abnormal"), [("abr", "right", "abnormal", "match", None)]),
    (Claim("abr", R, "normal"), [("abr", "right", "normal", "contradiction", FAB)]),
    (Claim("srt", R, 40), [("srt", "right", "40", "match", None)]),
    (Claim("srt", L, 40), [("srt", "left", "40", "contradiction", SIDE)]),
    (Claim("wrs", L, 60), [("wrs", "left", "60", "contradiction", FAB)]),
    (Claim("wrs", (), 98), [("wrs", None, "98", "match", None)]),
]  # fmt: skip
ON_OTHER_CASES = [
    (Claim("asymmetry_type", (), "sensorineural", rules=(ASYM,)), SYMMETRIC, []),
    (Claim("type", (), "sensorineural", rules=("type word", ASYM)), SYMMETRIC,
     [("type", None, "sensorineural", "match", None)]),
    (Claim("type_component", (), "sensorineural", rules=("type component", ASYM)), SYMMETRIC,
     [("type", None, "sensorineural component", "match", None)]),
    (Claim("type", BOTH, "sensorineural"), UNMASKED_GAPS,
     [("type", "both", "sensorineural", "contradiction", TYPE)]),
    (Claim("canal_volume", R, "0.9"), SYMMETRIC,
     [("tympanometry", "right", "ECV 0.9 ml", "contradiction", FAB)]),
    (Claim("tympanometry", L, "B"), SYMMETRIC,
     [("tympanometry", "left", "type B", "contradiction", FAB)]),
    (Claim("oae", R, "absent"), SYMMETRIC, [("oae", "right", "absent", "contradiction", FAB)]),
    (Claim("srt", R, 40), SYMMETRIC, [("srt", "right", "40", "contradiction", FAB)]),
]  # fmt: skip


@pytest.mark.parametrize(("claim", "expected"), JUDGING, ids=[str(c) for c, _ in JUDGING])
def test_judging(claim, expected):
    assert _judge(claim) == expected


@pytest.mark.parametrize(
    ("claim", "case", "expected"), ON_OTHER_CASES, ids=[str(c) for c, _, _ in ON_OTHER_CASES]
)
def test_judging_on_other_cases(claim, case, expected):
    assert _judge(claim, case) == expected


def test_the_fabricated_note_names_the_missing_test():
    judge = Judge(case_facts(SYMMETRIC))
    judge_claims([Claim("abr", R, "normal"), Claim("wrs", L, 90)], judge)
    assert [f.note for f in judge.findings] == [
        "the case contains no ABR",
        "the case contains no speech audiometry",
    ]


def test_a_reply_is_read_then_judged_end_to_end():
    reply = (
        "Right: moderate conductive loss, type B tympanogram, ECV 0.9 ml, absent reflexes.\n"
        "Left: normal hearing, tympanogram type A. SRT 45 dB HL right and 5 dB HL left."
    )
    found = {
        (f.kind, f.ear, str(f.claimed), str(f.verdict)) for f in check_reply(reply, CASE).findings
    }
    assert {
        ("type", "right", "conductive", "match"),
        ("tympanometry", "right", "type B", "match"),
        ("tympanometry", "right", "ECV 0.9 ml", "match"),
        ("reflexes", "right", "absent", "match"),
        ("tympanometry", "left", "type A", "match"),
        ("srt", "right", "45", "match"),
        ("srt", "left", "5", "match"),
    } <= found


SPEECH_CASE = build(
    40, 40, speech={"right": {"srt_db": 40, "wrs_percent": 84}, "left": {"srt_db": 40,
                                                                        "wrs_percent": 80}}
)  # fmt: skip
END_TO_END = [
    # (reply, case, expected (kind, ear, claimed, verdict) among the findings); each row
    # gave no such finding on main c1d77a7
    ("Speech discrimination was 96 percent in each ear.", SYMMETRIC,
     ("wrs", "both", "96", "contradiction")),
    ("Speech testing in the right ear gave 0 percent, and the left 100 percent at 40 dB.",
     SYMMETRIC, ("wrs", "left", "100", "contradiction")),
    ("SRT 40 dB HL each side; word recognition 84 percent right and 50 percent left.",
     SPEECH_CASE, ("wrs", "left", "50", "contradiction")),
    ("Tympanograms are As both sides, speech reception threshold was 40 each side.", SYMMETRIC,
     ("srt", "both", "40", "contradiction")),
    ("Tympanograms are As both sides, speech reception threshold was 40 each side.", SYMMETRIC,
     ("tympanometry", "both", "type As", "contradiction")),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "case", "expected"), END_TO_END)
def test_speech_read_end_to_end(reply, case, expected):
    found = {
        (f.kind, f.ear, str(f.claimed), str(f.verdict)) for f in check_reply(reply, case).findings
    }
    assert expected in found


def test_a_decimal_percentage_is_no_word_score():
    reply = "Right ear, air conduction (250 Hz): 48 dB HL; 315.7% correct diagnoses"
    assert not [f for f in check_reply(reply, SYMMETRIC).findings if f.kind == "wrs"]


def test_sound_transmission_names_no_type():
    """How sound travels is no type of loss; a transmission loss still is (batch 18)."""
    assert not [c for c in read_claims("40% air conduction and 65% sound transmission")
                if c.kind == "type"]  # fmt: skip
    assert [c.value for c in read_claims("left: transmission loss, light")
            if c.kind == "type"] == ["conductive"]  # fmt: skip


TYPE_END_TO_END = [
    # (reply, case, expected (kind, ear, claimed, verdict) or None for no type finding); each
    # row gave another result on main c1d77a7
    ("Bilateral sloping loss. Bone sits 5 dB better than air, so I would treat this as a "
     "mixed loss.", SYMMETRIC, ("type", "both", "mixed", "contradiction")),
    ("Right ear: mild conductive loss. Left ear: normal. A conductive loss this small rarely "
     "needs amplification.", CASE, None),
]  # fmt: skip


@pytest.mark.parametrize(("reply", "case", "expected"), TYPE_END_TO_END)
def test_type_read_end_to_end(reply, case, expected):
    found = {
        (f.kind, f.ear, str(f.claimed), str(f.verdict))
        for f in check_reply(reply, case).findings
        if f.kind == "type" and f.ear != "right"
    }
    assert found == ({expected} if expected else set())


def test_a_long_reply_of_results_is_checked_in_linear_time():
    """A 100 KB reply of type, tympanogram, reflex, OAE and speech statements is checked in
    well under the time of a quadratic reader; twice as long costs about twice as much."""
    unit = (
        "Right: type B tympanogram, ECV 0.9 ml, reflexes absent, OAEs absent. SRT 45 dB HL "
        "right and 5 dB HL left; WRS 96 percent right, 100% left; I would treat this as a "
        "conductive loss. "
    )
    spent = []
    for size in (100_000, 200_000):
        text = unit * (size // len(unit))
        began = time.process_time()
        findings = check_reply(text, CASE).findings
        spent.append(time.process_time() - began)
        assert len(findings) >= 10 * (size // len(unit))
    assert spent[0] < 10, spent
    assert spent[1] < 4 * spent[0] + 0.5, spent
