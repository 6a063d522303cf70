"""'Transmission' names the conductive type only as a kind of loss (European usage calqued
into English: "a transmission deafness", "transmission hypoacusis", "a transmission
component", "a loss of transmission type"); alone it is how sound travels ("the mode of
transmission to bone conduction devices", "an overlap in transmission between the two ears",
"body waves transmission through bones": issue #26, batch 146 ZU11, ZU18, ZU23, where it was
read as a conductive loss and judged a type error the labels do not hold). Wording of our
own."""

from __future__ import annotations

import pytest

from clinbench.audiogram.claims import read_claims


def _types(text: str) -> list[str]:
    return [c.value for c in read_claims(text) if c.kind == "type"]


@pytest.mark.parametrize(
    ("text", "types"),
    [
        ("Right ear: a transmission deafness of moderate degree.", ["conductive"]),
        ("Bilateral transmission hypoacusis, light.", ["conductive"]),
        ("Low tones affected, so a transmission component is likely.", ["conductive"]),
        ("Left: hearing loss of transmission type, mild.", ["conductive"]),
        ("Left ear: transmission-type loss.", ["conductive"]),
        # near misses: how sound travels
        ("This is the usual mode of transmission to bone-anchored devices.", []),
        ("There is some overlap in transmission between the two ears.", []),
        ("Vibration transmission through the skull bypasses the middle ear.", []),
        ("Sound transmission is normal.", []),
    ],
)  # fmt: skip
def test_transmission_is_a_type_only_as_a_kind_of_loss(text, types):
    assert _types(text) == types
