"""Laboratory-interface result messages (HL7 v2, issue #26, batch 89's class): only an
observation's value (OBX-5) states a result, for the ear its sub-ID, body site or name gives;
codes, identifiers, timestamps and other segments state none, and a rejected message is
not the result. The messages are written here, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.interface import interface_messages_written_out

from .conftest import assert_linear, build, cpu_cost

LEFT_MILD = build(10, 30)  # right 10 flat, left 30 flat; no tympanometry, no speech test

HEADER = (
    "MSH|^~\\&|BOOTH7|ENTCLINIC|RIS|NORTHGATE|202501061022||ORU^R01|NG-7731|P|2.6\n"
    "PID|1||NG00912^^^NG^MR||DOE^ALEX||19800101|U\n"
)

WRITTEN_OUT = [
    # the test's name from the order, nothing of its timestamp or filler number
    ("OBR|1|A55|F-902|PTA^Tone audiometry^LOCAL|||20250106101500", "Tone audiometry:"),
    # the ear in the sub-ID with the frequency, the units' first component
    (
        "OBX|2|NM|THR^Air threshold^XLAB|LE~2000|30|dB HL^decibels^UCUM|0-20|H|||F",
        "left ear: Air threshold 2000 Hz: 30 dB HL.",
    ),
    # the ear in the body site (OBX-20), the frequency in a later field
    (
        "OBX|1|NM|AIR^Air^X|q|30|dB HL|||||F|||||||||RIGHT^Right ear^HL70163|||1000 Hz",
        "right ear: Air 1000 Hz: 30 dB HL.",
    ),
    # the ear and the frequency in the observation's name; a coding system letter is no ear
    ("OBX|3|NM|A2KL^Air 2000 Left^L||30|DB|0-20|H|||F", "left ear: Air 2000 Hz: 30 dB."),
    # frequencies listed in the name beside as many levels in the value
    (
        "OBX|4|ST|ACR^Right air .5/1/2/4 kHz^L||10, 10, 15, 10|dB HL|||||F",
        "right ear: air: 0.5 kHz 10 dB HL, 1 kHz 10 dB HL, 2 kHz 15 dB HL, 4 kHz 10 dB HL.",
    ),
    # a coded value by its text; a structured numeric "greater than" as no response
    (
        "OBX|5|CWE|KIND^Kind of loss^L|R|SNHL^Sensorineural^L||||||F",
        "right ear: Kind of loss: Sensorineural.",
    ),
    (
        "OBX|6|SN|AIR4K^Air 4000^L|L|>^110|dB HL|||||F",
        "left ear: Air 4000 Hz: no response at 110 dB HL.",
    ),
    # not obtained (OBX-11 X), an embedded document (nothing), a note's text
    (
        "OBX|7|NM|SRT^Speech threshold^L|R||dB HL|||||X",
        "right ear: Speech threshold: not obtained.",
    ),
    ("OBX|8|ED|PDF^Report^L||^AP^PDF^Base64^JVBERi0xLjQK||||||F", ""),
    ("NTE|1|L|Left ear mild loss; review in 6 months.", "Left ear mild loss; review in 6 months."),
    # a mnemonic identifier names the observation with its text
    (
        "OBX|9|CWE|SEVERITY^WHO 2021^L|L|MOD^Moderate^L|||||F",
        "left ear: SEVERITY (WHO 2021): Moderate.",
    ),
    # other segments say nothing
    ("PV1|1|O|AUD^R2^^NG|||||||||||||||V55120", ""),
    # near misses: pipes that are not segments
    ("EAR|250|500|1000", "EAR|250|500|1000"),
    ("| Right | 30 | 35 |", "| Right | 30 | 35 |"),
]


@pytest.mark.parametrize(("text", "expected"), WRITTEN_OUT)
def test_segments_are_written_as_what_they_state(text, expected):
    assert interface_messages_written_out(HEADER + text) == "\n\n" + expected


def test_a_rejected_message_and_its_rejection_are_dropped():
    first = HEADER.replace("NG-7731", "NG-7730") + "OBX|1|NM|PTA4^Average^L|L|75|dB HL|||||F\n"
    text = first + "MSA|AR|NG-7730|bad PID\n" + HEADER + "OBX|1|NM|PTA4^Average^L|L|30|dB HL\n"
    out = interface_messages_written_out(text)
    assert "75" not in out and "left ear: Average: 30 dB HL." in out


def test_carriage_returns_end_segments():
    text = HEADER.replace("\n", "\r") + "OBX|1|NM|AIR^Air 500^L|L|30|dB HL|||||F\r"
    assert "left ear: Air 500 Hz: 30 dB HL." in interface_messages_written_out(text)


@pytest.mark.parametrize(
    ("reply", "errors"),
    [
        # an order timestamp and a coding-system suffix are not averages
        (
            HEADER + "OBR|1||X-1|PTA^Pure tone audiometry^LCL|||20250106101500\n"
            "OBX|1|NM|PTA4^4FA^99NG|R|10|dB HL|||||F\nOBX|2|NM|PTA4^4FA^99NG|L|30|dB HL|||||F\n"
            "OBX|3|CWE|GRD^Grade^L|L|MILD^Mild^L|||||F",
            [],
        ),
        (  # the right's loss sent under the left's sub-ID
            HEADER + "OBX|1|NM|PTA4^4FA^99NG|L|10|dB HL|||||F\nOBX|2|CWE|GRD^Grade^L|R|MILD^Mild^L",
            ["laterality_confusion"],
        ),
        (  # ears in the body site, here exchanged
            HEADER + "OBX|1|NM|AIR^Air 2 kHz^L||10|dB HL|||||F|||||||||LE^Left ear^HL70163\n"
            "OBX|2|NM|AIR^Air 2 kHz^L||30|dB HL|||||F|||||||||RE^Right ear^HL70163",
            ["laterality_confusion"],
        ),
        (  # a grade under a standard's name and year, one field for both ears
            HEADER + "OBX|1|CWE|DEGREE^WHO 2021^L|R~L|SEV^Severe^L|||||F",
            ["severity_misclassification"],
        ),
        (  # a word score in the accepted message: no speech test was done
            HEADER + "OBX|1|NM|WRS^Word recognition score^L|R|96|%|||||F",
            ["fabricated_result"],
        ),
        (  # a NACK'd message's wrong average is no result; the resend is
            HEADER.replace("NG-7731", "NG-7730") + "NTE|1||Left ear: 75 dB HL at 2 kHz.\n"
            "2025-01-06 10:23:01 NACK MSA|AE|NG-7730 unknown facility\n"
            + HEADER
            + "OBX|1|NM|PTA4^Average^L|L|30|dB HL|||||F",
            [],
        ),
    ],
)
def test_interface_messages_are_judged_by_their_observations(reply, errors):
    assert check_reply(reply, LEFT_MILD).critical_errors == errors


def test_writing_out_is_linear():
    def cost(n):
        text = (HEADER + "OBX|1|ST|ACR^Right air .5/1/2k^L||10 10 15|dB HL\nMSA|AE|X\n") * n
        return len(text), cpu_cost(lambda: interface_messages_written_out(text))

    size, small = cost(800)
    _, big = cost(3200)
    assert size > 100_000
    assert_linear(small, big, floor=0.02, most=2.0)
