"""Which case sentences point the reader to an image, and the text-only mode that drops them.

The sentence lists below were written before ``clinbench.items.image_references`` was run on
them and were not tuned on afterwards (the held-out set); ``TUNING`` holds the sentences of the
bundled audiology cases the rule was written against.
"""

from __future__ import annotations

import pytest

from clinbench.items.image_references import refers_to_image, without_image_references

TUNING = ["The pure-tone audiogram is shown in the image."]

HELD_OUT_POINTERS = [
    "See the attached tympanogram.",
    "Her audiogram is displayed in Figure 1.",
    "Refer to the images for the otoscopy findings.",
    "The photograph shows the left tympanic membrane.",
    "Thresholds are plotted below.",
    "An otoscopic picture of the right ear is provided.",
    "The audiogram (see image) shows a notch at 4 kHz.",
    "Fig. 2 gives the speech audiogram.",
]
HELD_OUT_OTHER = [
    "The clinical picture suggests otosclerosis.",
    "A CT scan showed no mass.",
    "He imagines a buzzing sound at night.",
    "Hearing is worse below 500 Hz.",
    "Tympanometry, right ear: type A, peak pressure -10 daPa.",
    "Imaging was not performed.",
    "The child completed a picture-naming task with 40 items.",
    "Word recognition 100% at 50 dB HL.",
]


@pytest.mark.parametrize("sentence", TUNING + HELD_OUT_POINTERS)
def test_sentences_that_point_to_an_image(sentence):
    assert refers_to_image(sentence)


@pytest.mark.parametrize("sentence", HELD_OUT_OTHER)
def test_sentences_that_do_not(sentence):
    assert not refers_to_image(sentence)


def test_text_only_mode_drops_only_the_pointing_sentences():
    text = (
        "A 27-year-old man reports ringing in both ears. Otoscopy is clear.\n"
        "The pure-tone audiogram is shown in the image.\n"
        "Other results:\nTympanometry, right ear: type A. The clinical picture is benign."
    )
    assert without_image_references(text) == (
        "A 27-year-old man reports ringing in both ears. Otoscopy is clear.\n"
        "Other results:\nTympanometry, right ear: type A. The clinical picture is benign."
    )
    assert without_image_references("No images here.\nNone at all.") == "None at all."
    assert without_image_references("") == ""


def test_long_untrusted_text_is_handled_in_linear_time():
    import time

    text = ("word " * 200_000) + "the image " * 10_000
    start = time.perf_counter()
    assert refers_to_image(text)
    without_image_references(text)
    assert time.perf_counter() - start < 5
