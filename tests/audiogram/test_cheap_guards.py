"""The cheap tests that let the reader skip a pattern (lexicon.may_hold, may_name_ears)
never change what it reads: with every such test answering "may", the same text comes back."""

from __future__ import annotations

import re

from clinbench.audiogram import lexicon, notation
from clinbench.audiogram.lexicon import lowered, may_hold

from .conftest import random_word_texts
from .test_token_start import _plain, corpus

EDGES = [
    "PTA: rıght 25, left 30", "Rıght and left", "AVERAGE (0.5/1/2 kHz): R 25 / L 30",
    "Mean threshold (0.5/1/2/4 kHz): right 25, left 45 dB HL", "40 dBHL", "40 DBhl",
    "3 kHz: R 30, L 55 dB HL", "a 4 kHz notch: 50 dB HL on the right and 75 on the left",
    "Rt and Lt", "AD/AS", "RIGHT AND LEFT", "rıght & left", "Left+Right", "R /L", "AS and AD",
    "Right 60 dB HL as a teenager.", "left 40 dB HL as a baby; right 20 dB HL",
    "Right 55 dB HL as a toddler.", "Left 70 dB HL in\t2018.", "Right 60 dB HL (in 2018).",
    "Left 45 dB HL before\tsurgery.", "Right 50 dB HL at\tthat\ttime.",
]  # fmt: skip
"""Texts for each guarded rewrite, and texts whose case-ignoring reading differs from their
lower-cased one."""


def test_lowered_is_none_where_lower_casing_differs_from_ignoring_case():
    assert lowered("PTA Right") == "pta right"
    assert lowered("rıght") is None and lowered("İ") is None
    assert may_hold("rıght ear", "right") and not may_hold("Left ear", "right")


def test_normalise_gives_the_same_text_with_every_guard_answering_may(monkeypatch):
    texts = [*EDGES, *corpus()]
    guarded = [notation.normalise(text) for text in texts]
    monkeypatch.setattr(notation, "may_hold", lambda text, *words: True)
    monkeypatch.setattr(notation, "may_name_ears", lambda text, both=True: (True, True, True))
    monkeypatch.setattr(lexicon, "may_name_ears", lambda text, both=True: (True, True, True))
    monkeypatch.setattr(notation, "_EAR_PAIR_JOINT", re.compile(""))  # matches every text
    monkeypatch.setattr(notation, "_VALUE_FOR_AN_EAR", re.compile(""))
    changed = 0
    for text, expected in zip(texts, guarded, strict=True):
        assert notation.normalise(text) == expected, text
        changed += expected != text
    assert changed > 100  # the rewrites the guards let through did happen


def test_the_checker_finds_the_same_with_every_guard_answering_may(monkeypatch):
    from clinbench.audiogram import result_claims
    from clinbench.audiogram.check import check_reply

    from .verdicts import labelled_replies

    rows = list(labelled_replies())[::6]  # a sixth of the labelled replies, from every set
    guarded = [check_reply(row["reply"], case).to_dict() for _, row, case in rows]
    monkeypatch.setattr(lexicon, "_may_negate_after", lambda segment, start: True)
    monkeypatch.setattr(lexicon, "DIGIT", re.compile(""))  # "a number may be there" everywhere
    presupposed = lexicon.PRESUPPOSED
    monkeypatch.setattr(lexicon, "_presupposed", lambda before: bool(presupposed.search(before)))
    monkeypatch.setattr(result_claims, "_may_call_cochlea_normal", lambda low: True)
    for module in (lexicon, notation):
        monkeypatch.setattr(module, "may_hold", lambda text, *words: True)
        monkeypatch.setattr(module, "may_name_ears", lambda text, both=True: (True, True, True))
    flagged = 0
    for (_, row, case), expected in zip(rows, guarded, strict=True):
        assert check_reply(row["reply"], case).to_dict() == expected, row["id"]
        flagged += bool(expected["critical_errors"])
    assert flagged > 30


def test_a_word_negated_after_it_is_still_negated():
    from clinbench.audiogram.lexicon import negated

    for ending in ("is unlikely", "was excluded", "is ruled out", "is not likely",
                   "seems not supported", "appears very unlikely"):  # fmt: skip
        assert negated(f"a conductive cause {ending}", 2), ending
    assert not negated("a conductive cause is likely", 2)


def test_every_hedge_holds_a_hedge_word():
    import re

    from clinbench.audiogram.lexicon import HEDGE_WORD, HEDGES

    hedges = ["possibly", "probable", "likely", "may", "might", "suggests", "consistent with",
              "appears", "seem", "approximately", "about", "around", "roughly", "query",
              "presumed", "in keeping with", "~35", "sloping?"]  # fmt: skip
    texts = [f"a loss, {h} moderate" for h in hedges]
    texts += [piece.lower() for reply in corpus() for piece in re.split(r"[,.;\n]", reply)]
    hedged = [text for text in texts if HEDGES.search(text)]
    assert len(hedged) > len(hedges)
    assert [text for text in hedged if not HEDGE_WORD.search(text)] == []


def test_each_blanking_pass_is_skipped_only_where_it_would_change_nothing(monkeypatch):
    from clinbench.audiogram import discourse

    texts = [*EDGES, *corpus()]
    guarded = [discourse.without_unclaimed(text) for text in texts]
    always = tuple((lambda text, low: True, blank) for _, blank in discourse._PASSES)
    monkeypatch.setattr(discourse, "_PASSES", always)
    blanked = 0
    for text, expected in zip(texts, guarded, strict=True):
        assert discourse.without_unclaimed(text) == expected, text
        blanked += expected != text
    assert blanked > 50  # the passes the guards let through did blank words


GUARD_EDGES = [
    "Degree: ☐ mild ☑ moderate", "[ ] mild [x] moderate", "( ) mild (•) moderate", "CIRCLE one",
    "Circle: MILD / moderate", "cİrcle one: mild / MODERATE", "[\t] mild", "(\t) R", "[] L",
    "[deleted: mild] moderate", "{--mild--}{++moderate++}", "<del>mild</del> moderate",
    "~~mild~~ moderate", "Comment [AB1]: check", "\nOriginal: mild\nRevised: moderate",
    "SUGGESTED: moderate", "  DELETED : mild", "ſuggest moderate", "[JS1] query",
    "sensory neural", "Sensori-neural", "SENSOR\tNEURAL", "sensori - neural", "ſenſor neural",
]  # fmt: skip
"""Texts for the whole-reply guards of the reading steps below."""


def test_the_reading_steps_give_the_same_text_with_their_guards_answering_may(monkeypatch):
    from clinbench.audiogram import forms, revisions, spelling, voice

    steps = (forms.unchosen_options_blanked, voice.changes_applied,
             voice.superseded_values_dropped, spelling.typing_slips_mended)  # fmt: skip
    texts = [*GUARD_EDGES, *corpus()]
    guarded = [[step(text) for text in texts] for step in steps]
    monkeypatch.setattr(forms, "_may_hold_marks", lambda text: True)
    monkeypatch.setattr(revisions, "may_be_reviewed", lambda text, held=None: True)
    monkeypatch.setattr(revisions, "may_be_superseded", lambda text, held=None: True)
    monkeypatch.setattr(spelling, "_may_be_split", lambda text: True)
    for step, expected in zip(steps, guarded, strict=True):
        changed = 0
        for text, out in zip(texts, expected, strict=True):
            assert step(text) == out, (step.__name__, text)
            changed += out != text
        assert changed > 0, step.__name__  # the edges and the corpus hold what each rewrites


VOICE_AND_LAY_EDGES = [
    "At the 3000 beep your right ear heard it at 45.", "He turned to a sound at 90 in his left",
    "A TONE AT 500, he responded at 60 dB in his left ear at 1000",
    "heard it at 55 decibels at 2000",
    "the ſound at 500 was heard at 40", "A beep at 4000 Hz. Your left ear heard it at 50.",
    "Pure-tone thresholds: 40 dB at 500 Hz", "She picked up the 250 tone at 35",
    "Her hearing is down; she HEARS the 2000 beep at 60", "Hearing: a beep at 1000, **at** 45",
    "hearing test: the beeps\tat 3000 Hz, at 70",
    "AC_R_500 10 -> 50", "Corrected 56 to 65 dB", "Entered as 50 (query)", '"old": 34, "new": 3.4',
    "Value at query: mixed", "Type CHANGED from mild to moderate", "THRESHOLD: 40 dB HL",
    "Left: mild \u2192 moderate", "HL_TYPE_L mixed => normal",
    "Right 4 kHz 60 dB. Last year a WOMAN had a left mixed loss.",
    "Left 50 dB at 2 kHz. In my second registrar year I saw a man with this on the right.",
    "Right 40 dB at 1 kHz. In May a child had 70 dB on the left.",
    "Left 45 dB HL at 4k. Once, a patient of mine had the same dip on the right.",
    "1) Mr A: right mild\n2) Mrs B: left severe\n3) Ms C: normal\nSummarise item 2.",
    "1) Mr A: right mild\r2) Mrs B: left severe\r3) Ms C: normal\rPlan for 2",
    "Bed 4 - left 60\nBed 5 - right 30\nBed 6 - normal\nFor bed 5, which ear?",
    "Right 40 dB [1].\n[1] Atlas: left 70 dB HL.", "Left 50 dB.\u00b2\n\u00b2 Leaflet: right 90.",
    "Left mild.\nSOURCES\n1. Survey: right 30 dB at 4 kHz", "Right 45.\n\u2460 Book: left 60",
    "Keyed in error as left 70.\nCorrected: right 40", "WRONG PATIENT: R 90\nVERIFIED: L 30",
    "I put left 70 and that was a typo. Right 40", "We wrote MIXED, which was WRONG: SNHL",
    "Ears transposed at entry: R 90\nResolved record: L 30", "Final values:\nR 40 dB",
    'WHO_GRADE_R = "severe". Site: CORRECTED.', 'HL_TYPE = "mixed"; sides TRANSPOSED',
    "ECV 34 ml is OUT OF RANGE", "Field     Entered  Reason  FINAL\nAC_R_500  90       typo    50",
    "| Field | Value found | FINAL VALUE |\n| R 4k | 54 | 45 |",
]  # fmt: skip
"""Texts for the cheap tests of the voice rules and of lay_levels_written_out."""


def test_voice_and_lay_level_guards_give_the_same_text_when_answering_may(monkeypatch):
    from clinbench.audiogram import (
        entries,
        lay_levels,
        remembered,
        revisions,
        sources,
        stages,
        voice,
        withdrawn,
    )

    steps = (voice.present_word_only, lay_levels.lay_levels_written_out)
    texts = [*VOICE_AND_LAY_EDGES, *corpus()]
    guarded = [[step(text) for text in texts] for step in steps]
    monkeypatch.setattr(lay_levels, "_needs", lambda low: (True, True, True))
    monkeypatch.setattr(revisions, "may_be_superseded", lambda text, held=None: True)
    monkeypatch.setattr(revisions, "may_have_query_table", lambda held: True)
    monkeypatch.setattr(remembered, "_holds", lambda low, words: True)
    monkeypatch.setattr(sources, "may_cite", lambda low, held=None: True)
    monkeypatch.setattr(stages, "may_have_final_part", lambda low: True)
    always = tuple(kind._replace(may=lambda low: True) for kind in stages.KINDS)
    monkeypatch.setattr(stages, "KINDS", always)
    monkeypatch.setattr(withdrawn, "may_withdraw", lambda text, low: True)
    monkeypatch.setattr(entries, "_OTHER_LINE_BREAK", re.compile(""))  # skips the count
    for step, expected in zip(steps, guarded, strict=True):
        changed = 0
        for text, out in zip(texts, expected, strict=True):
            assert step(text) == out, (step.__name__, text)
            changed += out != text
        assert changed > 5, step.__name__


def test_a_text_of_one_line_has_no_turns_of_other_speakers():
    """The turns after a transcript's first open a line: one line is no transcript (the cheap
    test before the speakers are looked for), two lines may be."""
    from clinbench.audiogram.discourse import _without_other_speakers

    one = "Dad: she misses the doorbell on her left. Consultant: a mild loss on the right."
    assert _without_other_speakers(one) is one
    two = one.replace(" Consultant:", "\nConsultant:")
    assert _without_other_speakers(two) == (
        "Dad:"
        + " " * (len("Dad: she misses the doorbell on her left.") - 4)
        + "\nConsultant: a mild loss on the right."
    )


def test_examiner_lines_are_looked_for_first():
    """A text with no examiner's line comes back as it is before the questions and the
    candidate's turns are looked for; one that has one is read as before."""
    from clinbench.audiogram.discourse import _without_examiner_lines

    for text in ("Right: mild. Why?", "Q1 Results: mild loss?", "C: a mild loss\nE - ok?"):
        assert _without_examiner_lines(text) is text
    viva = "Examiner: and the left ear?\nCandidate: a moderate loss"
    heading = "Left ear:".ljust(len("Examiner: and the left ear?"))
    assert _without_examiner_lines(viva) == heading + "\nCandidate: a moderate loss"
    one_line = "Q: which ear is worse?"
    assert _without_examiner_lines(one_line) == " " * len(one_line)


def test_clause_reader_guards_are_exact_on_random_texts():
    """The noun test before PRESUPPOSED, the last-word test before COCHLEA_NORMAL, the "sev"
    test before _MOD_SEVERE and the ear-word test before _DASH_BEFORE_AN_EAR: a text the
    cheap test turns away is one the pattern does not match (random texts of their words)."""

    from clinbench.audiogram import result_claims, statements

    words = (
        "cause causes source origin reason aetiology etiology differential diagnosis of for "
        "the this that his her their is was normal within intact preserved good hearing "
        "function reserve cochlear mod Mod MOD mod. sev SEV sev. severe ſev right left Right "
        "LEFT rıght the - \u2013 \u2014 , . : ; ( ) ear loss 40 dB x"
    ).split()
    seps = [" ", "  ", "\t", "\n", "", "-"]
    for text in random_word_texts(words, seps, seed=26, count=30000, longest=12):
        low = text.lower()
        if not lexicon._presupposed(text):
            assert not lexicon.PRESUPPOSED.search(text), text
        if not result_claims._may_call_cochlea_normal(low):
            assert not any(result_claims.COCHLEA_NORMAL.match(low, i) for i in range(len(low)))
        if not may_hold(text, "sev"):
            assert not notation._MOD_SEVERE.search(text), text
        if not may_hold(text, "right", "left"):
            assert not statements._DASH_BEFORE_AN_EAR.search(text), text


def test_the_checker_finds_the_same_with_the_lexicon_tried_row_by_row(monkeypatch):
    # claims._MASTER tries only the rows that can open with the character at each place
    # (clinbench.audiogram.alternation); the plain alternation tries every row there
    from clinbench.audiogram import claims
    from clinbench.audiogram.check import check_reply

    from .verdicts import labelled_replies

    rows = [
        row for row in list(labelled_replies())[::3] if claims.may_hold_shorthand(row[1]["reply"])
    ]
    dispatched = [check_reply(row["reply"], case).to_dict() for _, row, case in rows]
    plain, rows_of = _plain()
    monkeypatch.setattr(claims, "_MASTER", plain)
    monkeypatch.setattr(claims, "_ROW_OF", rows_of)
    for (_, row, case), expected in zip(rows, dispatched, strict=True):
        assert check_reply(row["reply"], case).to_dict() == expected, row["id"]
    assert len(rows) > 100


def test_the_word_test_for_both_ears_finds_what_the_word_search_found():
    # lexicon._may_name_both replaced a search for the words (a literal alternation)
    import random

    from clinbench.audiogram.lexicon import _may_name_both

    words = re.compile(
        r"b(?:ilateral|oth|inaural)|each ear|either ear|right and left|left and right"
    )
    rng = random.Random(21)
    pieces = ["b", "both", "bilat", "eral", "binaural", "each", " ear", "either", "right", "left",
              " and ", "x", " ", "ea"]  # fmt: skip
    texts = [text.lower() for text in corpus()]
    texts += ["".join(rng.choices(pieces, k=8)) for _ in range(20000)]
    assert {bool(words.search(text)) for text in texts} == {True, False}
    for text in texts:
        assert _may_name_both(text) == bool(words.search(text)), text


def test_bare_test_frequencies_are_written_as_without_the_look_ahead():
    # notation._BARE_TEST_FREQUENCY opens with a look-ahead for the frequencies' first digits
    # (for speed): the same rewrites as the pattern without it
    import random

    pattern = notation._BARE_TEST_FREQUENCY
    assert pattern.pattern.startswith("(?=[1-8])")
    without = re.compile(pattern.pattern.removeprefix("(?=[1-8])"), pattern.flags)
    rng = random.Random(22)
    pieces = ["at ", "At ", "by ", "the ", "THE ", "250", "500", "750", "1000", "1500", "2000",
              "3000", "4000", "6000", "8000", "9", "0", " Hz", " dB", "-", " and ", " to ", ", ",
              "x", "at", " "]  # fmt: skip
    texts = [*corpus(), *("".join(rng.choices(pieces, k=8)) for _ in range(20000))]
    changed = 0
    for text in texts:
        expected = without.sub(r"\g<0> Hz", text)
        assert pattern.sub(r"\g<0> Hz", text) == expected, text
        changed += expected != text
    assert changed > 1000


def test_the_fitting_measure_guard_is_exact_on_random_texts():
    """The word test before fitting.FITTING_MEASURE: a text it turns away is one the pattern
    does not match, and one the blanking leaves as it is (random texts of their words)."""

    from clinbench.audiogram import fitting

    words = (
        "REIG reig ReAr REUR recd REDD real ear insertion aided unaided not un- Aided gain "
        "Gains MPO mpo OSPL90 ospl 90 HFA FOG SII speech intelligibility index feedback margin "
        "manager in situ in-situ sound-field free field word score WRS thresholds maximum "
        "power output right left 40 dB 1k : the rea reu reo r\u0131ght \u0130 \u017f"
    ).split()
    seps = [" ", "  ", "\t", "\n", "", "-"]
    for text in random_word_texts(words, seps, seed=31, count=30000, longest=12):
        low = text.lower()
        if not fitting.may_name_a_fitting_measure(low):
            assert not fitting.FITTING_MEASURE.search(low), text
            assert fitting.without_fitting_measures(text) == text


def test_the_bone_row_guard_is_exact_on_random_texts():
    """The "bone"/"bc" test before threshold_claims._BONE_ROW: a lowered text it turns away is
    one the pattern does not match (random texts of the row's words)."""

    from clinbench.audiogram import threshold_claims

    words = (
        "bone b one bc b c conduction thresholds ( masked ) : -- = right r l ear 10 5 130 x".split()
    )
    seps = [" ", "  ", "\t", "", ",", "/"]
    for low in random_word_texts(words, seps, seed=33, count=20000, longest=10):
        if "bone" not in low and "bc" not in low:
            assert not threshold_claims._BONE_ROW.match(low), low


def test_each_led_pattern_can_match_only_where_its_look_ahead_holds():
    """alternation.led puts a look-ahead for a pattern's first characters before it (for
    speed): every place the plain pattern can match (overlapping places too) opens with one
    of those characters, on every labelled reply, lowered or not, and on random texts, so
    the led pattern finds the same matches, spans and groups."""
    from clinbench.audiogram import check  # noqa: F401 (loads every module that leads one)
    from clinbench.audiogram.alternation import LED, led

    assert len(LED) >= 20
    assert led(re.compile("(?i)abc")).pattern == "(?i)abc"  # global flags must open it
    assert led(re.compile(".x")).pattern == ".x"  # any character may open it
    words = (
        "right left Right LEFT both bilateral bone air conduction ac bc worse poorer better "
        "mild moderate severe prof profound falling sloping to with then pta 4fa average "
        "tymp type A As B C abr wave v reflexes db dB HL hz kHz k at from no not without "
        "sn snhl chl mod sev wnl ( ) [ ] , . ; : ! ? - \u2013 \u2014 / + = ~ @ * # 0 5 10 "
        "25 40 65 250 500 1000 4000 1.5 r\u0131ght \u0130 \u017f \u212a \u00a0 \u2265"
    ).split()
    seps = [" ", "  ", "\t", "\n", "", "-", ",", "."]
    texts = [*corpus(), *random_word_texts(words, seps, seed=35, count=10000, longest=10)]
    texts += [text.lower() for text in texts]
    for made, plain in LED.items():
        opening = re.compile(made.pattern.removesuffix(f"(?:{plain.pattern})"), plain.flags)
        assert opening.pattern.startswith("(?=[") and made.flags == plain.flags
        anywhere = re.compile(f"(?=(?:{plain.pattern}))", plain.flags)
        found = 0
        for text in texts:
            for m in anywhere.finditer(text):
                assert opening.match(text, m.start()), (plain.pattern[:60], text)
                found += 1
        assert found, plain.pattern[:60]  # each is tried on texts it matches


def test_a_word_list_finds_each_word_where_the_text_holds_it(monkeypatch):
    """guard_words.WordList.found (the words of without_unclaimed's and the voice rules' guards,
    found in one pass over the text's words) holds each listed word exactly where ``word in
    low`` does: on the corpus and on random texts of the words and their pieces, with every
    kind of white space between them, while its memo is emptied and refilled."""
    from clinbench.audiogram import claims, discourse, guard_words, statements, voice

    monkeypatch.setattr(guard_words, "_MEMO_LIMIT", 300)
    tricky = guard_words.WordList(["no ", " to ", "answer\n", "a b", "\t", "", "x", "set aside"])
    lists = (discourse._PASS_WORDS, voice._GUARD_WORDS, claims._SHORTHAND_WORDS,
             statements._CLAUSE_WORDS, tricky)  # fmt: skip
    for listed in lists:
        words = sorted(listed.words)
        pieces = [*words, *(w[:2] for w in words), *(w[1:] for w in words), "\u017f", "\u0130"]
        seps = [" ", "", "\t", "\n", "\u00a0", "\u2028", "\x1c", "\u3000", ",", "-"]
        random = random_word_texts(pieces, seps, seed=37, count=20000, longest=6)
        for text in (*corpus(), *random):
            low = text.lower()
            assert listed.found(low) & listed.words == {w for w in words if w in low}, text


def test_the_voice_rules_tests_answer_the_same_from_the_found_words():
    """The voice rules' cheap tests ask voice.View.found (the guard words the lowered text
    holds, found in one pass) where they asked the lowered text: the same answers on the
    edges, the corpus and random texts of the guard words and their pieces."""
    from clinbench.audiogram import remembered, revisions, sources, stages, voice, withdrawn

    words = sorted(voice._GUARD_WORDS.words)
    pieces = [*words, *(w[:2] for w in words), *(w.upper() for w in words[::3]), "dB HL",
              "[1]", "\u00b2", "\u017f", '"', "\u201c", "->", "\u2192", "{", "~~"]  # fmt: skip
    seps = [" ", "", "\t", "\n", "\u00a0", ":", "=", "\u2028", "\x1c"]
    random = random_word_texts(pieces, seps, seed=41, count=20000, longest=8)
    may = [0] * 6
    for text in (*VOICE_AND_LAY_EDGES, *corpus(), *random):
        view = voice.View(text)
        low, found = view.low, view.found
        answers = (
            (revisions.may_be_reviewed(text, found), revisions.may_be_reviewed(text)),
            (revisions.may_be_superseded(text, found), revisions.may_be_superseded(text)),
            (stages.may_have_final_part(found), stages.may_have_final_part(low)),
            (remembered.may_remember(text, found), remembered.may_remember(text, low)),
            (withdrawn.may_withdraw(text, found), withdrawn.may_withdraw(text, low)),
            (sources.may_cite(low, found), sources.may_cite(low)),
        )
        for i, (from_found, from_low) in enumerate(answers):
            assert from_found == from_low, (i, text)
            may[i] += from_low
    assert min(may) > 20, may  # each test answers "may" on some of the texts


def test_the_substring_tests_before_notation_caption_and_console_patterns_are_exact():
    """Each cheap test looks for what every match of its pattern holds: a text it turns away
    is one the pattern does not match (random texts of the patterns' pieces): the gap of an
    aligned row (notation._gapped), a decimal comma's digits (before _DIGIT_COMMA), a bare
    level at its frequency (_BARE_LEVEL_AT, before _VALUE_AT_LIST), a cue's arrow (before
    captions._TIMING) and an R console's prompt (before notebooks._R_LINE)."""
    from clinbench.audiogram import captions, notebooks

    words = [
        *"40 5 25 75 4,5 3,25 ,75 dB HL db at AT At 1 2 kHz k hz , ; and to then climbing "
        "rising 00:01:02,500 --> 00:02.5 -> > x <- right Left :".split(),
        "40 dB HL at 1 kHz",
        "25 at 2 kHz",
        "30\tAT 4k",
        "00:00:01,000 --> 00:00:02,000",
    ]
    seps = [" ", "  ", "\t", "\n", "", ",", " \t", "\u00a0", "\x1c"]
    turned_away = [0] * 5
    for text in random_word_texts(words, seps, seed=43, count=30000, longest=12):
        for line in text.split("\n"):
            assert notation._gapped(line) == bool(notation._GAP.search(line)), line
        if not (",5" in text or ",25" in text or ",75" in text):
            assert not notation._DIGIT_COMMA.search(text), text
            turned_away[0] += 1
        if not notation._BARE_LEVEL_AT.search(text):
            assert not notation._VALUE_AT_LIST.search(text), text
            turned_away[1] += 1
        if text.count("-->") < 2:
            assert len(captions._TIMING.findall(text)) < 2, text
            turned_away[2] += 1
        if ">" not in text:
            assert not notebooks._R_LINE.search(text), text
            turned_away[3] += 1
        turned_away[4] += bool(notation._VALUE_AT_LIST.search(text))  # (read, not turned away)
    assert min(turned_away) > 20, turned_away  # each test turns texts away; lists are read


def test_trigger_words_as_substring_tests_answer_as_their_patterns():
    """lexicon.may_name_a_gap and result_claims.may_give_a_volume test their trigger's two
    words with ``in`` (for speed): the same answers as GAP_TRIGGER and VOLUME_TRIGGER."""
    from clinbench.audiogram import result_claims

    words = "bone bon abg ab ecv ec volume volum b one e cv gap air 40 ml m l cc c ſ İ".split()
    seps = [" ", "", "-", "\t"]
    texts = [*corpus(), *random_word_texts(words, seps, seed=45, count=20000, longest=6)]
    for low in (low for text in texts for low in (text, text.lower())):
        assert lexicon.may_name_a_gap(low) == bool(lexicon.GAP_TRIGGER.search(low)), low
        volume = bool(result_claims.VOLUME_TRIGGER.search(low))
        assert result_claims.may_give_a_volume(low) == volume, low


def test_another_fields_label_is_looked_for_only_before_its_mark():
    """lexicon.labels_another_field looks at the window's end for the label's mark before
    OTHER_DOMAIN_LABEL (for speed): the same answers as the pattern, on random windows."""
    words = (
        "Language language BP bp Voice vision auditory processing screen (R) ( x ) : = - "
        "\u2013 ** * WNL normal right 40 dB"
    ).split()
    seps = [" ", "", "\t", "\n", "  ", "\u00a0"]
    found = 0
    for text in random_word_texts(words, seps, seed=47, count=30000, longest=6):
        for start, end in ((0, len(text)), (1, len(text)), (0, max(0, len(text) - 1))):
            expected = lexicon.OTHER_DOMAIN_LABEL.search(text, start, end) is not None
            assert lexicon.labels_another_field(text, start, end) == expected, (text, start, end)
            found += expected
    assert found > 100


def test_tries_of_words_find_what_their_alternations_find():
    """Alternations written as tries (for speed) match as the plain alternation does: the
    number words (claims._NUMBER_WORD: none opens another, so the trie's bounded words are
    the same) and the speakers' labels of a dialogue (grouped by first letter, longest
    first), on the corpus and random texts of their words."""
    from clinbench.audiogram import claims, dialogue

    words = claims._NUMBER_WORDS
    assert not [(a, b) for a in words for b in words if a != b and b.startswith(a)]
    plain_number = re.compile(r"(?i)\b(?:" + "|".join(words) + r")\b")

    def plain(ws: tuple[str, ...]) -> str:
        return "|".join(
            re.escape(w).replace(r"\ ", r"[ \t]+") for w in sorted(ws, key=len, reverse=True)
        )

    grouped = dialogue.LABEL.pattern
    for ws in (dialogue.ANSWERERS, dialogue.ASKERS, dialogue._HEADINGS):
        grouped = grouped.replace(dialogue._alternation(ws), plain(ws), 1)
    plain_label = re.compile(grouped, dialogue.LABEL.flags)
    assert plain_label.pattern != dialogue.LABEL.pattern
    pieces = [*words, *dialogue.ANSWERERS, *dialogue.ASKERS, *dialogue._HEADINGS, "Q", "A.",
              "**", ":", ">", "(wife)", "Mr Smith", "\u0131", "TEN", "x", "40"]  # fmt: skip
    seps = [" ", "\n", ": ", ":\n", "", "\t", ". "]
    texts = [*corpus(), *random_word_texts(pieces, seps, seed=49, count=20000, longest=8)]
    labels = 0
    for text in texts:
        number = plain_number.search(text)
        assert bool(claims._NUMBER_WORD.search(text)) == bool(number), text
        expected = [(m.span(), m.lastgroup) for m in plain_label.finditer(text)]
        assert [(m.span(), m.lastgroup) for m in dialogue.LABEL.finditer(text)] == expected
        labels += len(expected)
    assert labels > 1000


def test_word_tests_are_exact_on_text_that_is_not_ascii():
    """lexicon.may_hold_words (and words_lower_exactly, which the lay levels' cheap tests
    ask) test the lower-cased words of non-ASCII text too, except
    where a character ignoring case takes for an ASCII letter is there ('İ', 'ı', 'ſ', the
    Kelvin sign): a text they turn away is one the guarded pattern does not match, and the
    changes' word tests are exact on any text (random texts of the words, dashes, arrows,
    accents and the four characters)."""
    from clinbench.audiogram import changes, claims, differentials, lay_levels, offsets

    words = (
        "Differential DDX d/dx FULL stop new line NEW paragraph Fifty ten Percent heard it at "
        "55 the 3000 beep tone 40 dB at 500 changed corrected from 50 to 60 -> \u2192 \u21d2 "
        "entered keyed old value: = _ x_y [AB1] suggest Original: fell by 10 dB worse than "
        "\u2013 \u2014 \u2022 \u00e9 caf\u00e9 \u0131 \u0130 \u017f \u212a \u00df"
    ).split()
    seps = [" ", "", "\n", "\t", "\u00a0", ": "]
    turned_away = 0  # non-ASCII texts a test turns away (each let every pattern run before)
    for text in random_word_texts(words, seps, seed=51, count=30000, longest=10):
        if not text.isascii():
            turned_away += lay_levels._needs(lay_levels._lowered(text)) != (True, True, True)
            assert lexicon.words_lower_exactly(text) == all(
                c not in text for c in "\u0130\u0131\u017f\u212a"
            )
        if not lexicon.may_hold_words(text, "differential", "ddx", "d/dx"):
            assert not differentials.CUE.search(text), text
        if not lexicon.may_hold_words(text, *claims._NUMBER_WORDS):
            assert not claims._NUMBER_WORD.search(text), text
        if not lexicon.may_hold_words(text, "full stop", "new "):
            assert not claims._SPOKEN_MARK.search(text), text
        sound, heard, level = lay_levels._needs(lay_levels._lowered(text))
        assert sound or not lexicon.STIMULUS_FREQUENCY.search(text), text
        assert heard or not lexicon.RESPONSE_LEVEL.search(text), text
        assert level or not lexicon.LEVEL_THEN_TEST_FREQUENCY.search(text), text
        low = offsets.lowered(text)
        if not changes.may_state_a_change(low):
            assert not changes.CHANGE_AMOUNT.search(low), text
        if not any(word in low for word in changes.END_WORDS):
            assert changes.change_to_its_end(text) == text
    assert turned_away > 1000


def _alternatives(pattern: str) -> list[str]:
    """Return a pattern's top-level alternatives, each with its groups and sets left out
    (what stays is matched literally, unless a quantifier follows it)."""
    out, depth, now, i = [], 0, "", 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            now += "" if depth else " "  # (an escape is no literal word here)
            i += 2
            continue
        if ch in "([":
            depth += 1
            now += " "
        elif ch in ")]":
            depth -= 1
        elif ch == "|" and not depth:
            out.append(now)
            now = ""
        elif not depth:
            now += ch
        i += 1
    return [*out, now]


def test_each_clause_gate_word_is_in_every_match_of_its_pattern():
    """statements.read_clause looks its gates' words up in the words found in the clause
    (statements._GATE_WORDS): each alternative of each gate's pattern holds one of its words
    literally, outside any group and with no quantifier after it, so a clause holding none of
    them has no match; lexicon.HEDGE_WORD and result_claims.TYPE_TRIGGER are their words.
    Checked again on the corpus and random texts of the words and their pieces."""
    from clinbench.audiogram import degree_claims, result_claims, statements

    gates = {
        "hedge": lexicon.HEDGE_WORD,
        "degree": degree_claims._TRIGGER,
        "type": result_claims.TYPE_TRIGGER,
        "configuration": lexicon.CONFIG_TRIGGER,
        "laterality": lexicon.LATERALITY_TRIGGER,
    }
    assert set(gates) == set(statements._GATE_WORDS)
    for gate, pattern in gates.items():
        words = statements._GATE_WORDS[gate]
        assert not pattern.flags & re.IGNORECASE, gate
        if gate in ("hedge", "type"):
            continue  # (their patterns are built from their words)
        for alternative in _alternatives(pattern.pattern):
            assert any(
                word in alternative
                and alternative[alternative.index(word) + len(word) :][:1] not in ("?", "*", "{")
                for word in words
            ), (gate, alternative)
    pieces = sorted({p for words in statements._GATE_WORDS.values() for w in words
                     for p in (w, w[:3], w[2:])})  # fmt: skip
    seps = [" ", "", "-", "\t", "\n"]
    texts = [*corpus(), *random_word_texts(pieces, seps, seed=59, count=20000, longest=5)]
    for low in (text.lower() for text in texts):
        found = statements._CLAUSE_WORDS.found(low)
        for gate, pattern in gates.items():
            held = not found.isdisjoint(statements._GATE_WORDS[gate])
            if gate in ("hedge", "type"):
                assert held == bool(pattern.search(low)), (gate, low)
            else:
                assert held or not pattern.search(low), (gate, low)
