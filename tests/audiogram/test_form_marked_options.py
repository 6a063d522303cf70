"""On a form only the marked option is said: the options printed beside it and left unmarked
are the form's text, not the writer's claim (issue #26, validation batch 68: tick-box and
circle-one forms). The mark may be a box, a tick or a radio button, before its option or
after it; a tick under the N of a Y / N header denies its row; "circled: X" after a printed
list, or the one option in capitals where the form says the choice is capitalised, is the
choice. The chosen option's mark is layout: the field reads as if its value were written."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.discourse import without_unclaimed
from clinbench.audiogram.forms import unchosen_options_blanked

from .conftest import assert_blanked, assert_linear, conductive_right, cpu_cost

# (text, words that must be gone, words that must stay)
BLANKED = [
    # marks before their options: boxes, ticks, radio buttons
    ("Loss grade (R):  □ slight  ☑ moderate  □ marked", ["slight", "marked"], ["moderate"]),
    ("Hearing, right - (•) conductive   ( ) nerve-type   ( ) combined",
     ["nerve-type", "combined"], ["conductive"]),
    ("Side:  ○ right  ● left  ○ neither", ["right", "neither"], ["left"]),
    ("Grade R: [ ] mild [x] moderate [ ] severe       Grade L: [x] normal [ ] mild",
     ["mild", "severe"], ["moderate", "Grade L:", "normal"]),
    # marks after their options
    ("Conductive ☐    Sensorineural ☑    Mixed ☐", ["Conductive", "Mixed"], ["Sensorineural"]),
    ("Which side?  Right ✔   Left □   Both □", ["Left", "Both"], ["Right"]),
    ("Mild [ ]   Moderate [X]   Severe [ ]", ["Mild", "Severe"], ["Moderate"]),
    # a crossed box is the choice where no tick is used beside it, a "no" where one is
    ("Severity:  ☒ moderate  ☐ profound", ["profound"], ["moderate"]),
    ("Loss:  ☑ moderate  ☒ profound", ["profound"], ["moderate"]),
    # a Y / N header over ticked rows
    ("                                   Yes    No\nRight ear affected                  ✓\n"
     "Air-bone gap over 10 dB                    ✓\nLeft ear normal                     ✓",
     ["Air-bone gap"], ["Right ear affected", "Left ear normal"]),
    # circle one
    ("Side of loss (circle): right - left - both   => circled: right", ["left", "both"],
     ["circled: right"]),
    ("Please circle; the circled answer is shown in CAPITALS.\n"
     "Loss type: conductive / SENSORINEURAL / mixed", ["conductive", "mixed"], ["SENSORINEURAL"]),
]  # fmt: skip

# Marks that are not a form's choice: left as written.
KEPT = [
    "Chart key: ○ right air, × left air, < right bone",  # a symbol legend, no radio chosen
    "Right ear: moderate conductive loss ✓",
    "Type: SNHL / mixed / conductive",  # a slash list with no choice marked
    "Hearing aids: RIGHT / left",  # capitals without a circle-one form
]


@pytest.mark.parametrize(("text", "gone", "kept"), BLANKED, ids=[r[0][:40] for r in BLANKED])
def test_unmarked_options_are_blanked(text, gone, kept):
    assert_blanked(text, gone, kept)


@pytest.mark.parametrize("text", KEPT)
def test_text_without_a_marked_choice_is_kept(text):
    assert unchosen_options_blanked(text) == text
    assert without_unclaimed(text) == text


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # right moderate conductive, left normal: only the marked options are judged
        ("Right:  □ slight  □ mild  ☑ moderate  □ severe  □ profound\n"
         "Right loss type:  ☑ conductive  □ sensorineural  □ mixed\n"
         "Left:  ☑ normal  □ mild  □ moderate", []),
        ("Right ear grade  —  mild ( )   moderate (•)   severe ( )\n"
         "Nature of loss (R)  —  conductive (•)   sensorineural ( )   mixed ( )", []),
        # the chosen mark between a field's label and its value is layout
        ("Worse ear:   ○ right   ● left", ["laterality_confusion"]),
        ("Worse ear:  Right ☐   Left ☑", ["laterality_confusion"]),
        ("Degree of loss (right):  [ ] mild  [ ] moderate  [x] profound",
         ["severity_misclassification"]),
        ("Type of loss in the right ear (circle one): conductive / sensorineural / mixed"
         "  -> circled: mixed", ["type_misclassification"]),
    ],
)  # fmt: skip
def test_only_the_marked_option_is_judged(reply, errors):
    assert check_reply(reply, conductive_right()).critical_errors == errors


def test_blanking_is_linear_on_long_forms():
    line = "Grade:  ☐ mild  ☑ moderate  ☐ severe    Y ☑  N ☐   ( ) a  (•) b  ○ c ● d\n"
    small = cpu_cost(lambda: unchosen_options_blanked(line * 200))
    big = cpu_cost(lambda: unchosen_options_blanked(line * 800))
    assert_linear(small, big)
