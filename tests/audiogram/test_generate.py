"""Case generator: profiles, item format, determinism, and generate -> rules baseline -> check."""

from __future__ import annotations

import hashlib

import pytest

from clinbench.audiogram.audiogram_model import Audiogram
from clinbench.audiogram.check import check_reply
from clinbench.audiogram.classify import classify
from clinbench.audiogram.generate import PROFILES, generate_cases
from clinbench.audiogram.rules_reply import rules_case_reply
from clinbench.items.loader import load_items
from clinbench.items.model import CaseItem


def _digest(folder) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_same_seed_gives_byte_identical_files_and_another_seed_does_not(tmp_path):
    generate_cases(3, 11, tmp_path / "a")
    generate_cases(3, 11, tmp_path / "b")
    generate_cases(3, 12, tmp_path / "c")
    a, b, c = (_digest(tmp_path / x) for x in "abc")
    assert len(a) == 4  # cases.jsonl + 3 images, no staging leftovers
    assert a == b
    assert a["cases.jsonl"] != c["cases.jsonl"]


def test_every_profile_appears_and_items_load(generated):
    folder, items = generated
    assert sorted(i.metadata["profile"] for i in items) == sorted(PROFILES)
    loaded = load_items([folder / "cases.jsonl"])
    assert [i.id for i in loaded] == [i.id for i in items]
    for item in loaded:
        assert isinstance(item, CaseItem)
        assert item.suite == "audiology" and item.metadata["generated"] is True
        assert [q.id for q in item.questions] == ["Q1", "Q2", "Q3"]
        assert item.resolve(item.images[0]).is_file()
        Audiogram.model_validate(item.data["audiogram"])


def test_thresholds_are_rounded_to_5_db_and_within_limits(generated):
    _, items = generated
    for item in items:
        audiogram = Audiogram.model_validate(item.data["audiogram"])
        for ear in ("right", "left"):
            for t in list(audiogram.ear(ear).air.values()) + list(audiogram.ear(ear).bone.values()):
                assert t.value % 5 == 0 and -10 <= t.value <= 120


@pytest.mark.parametrize(
    ("profile", "flag"),
    [
        ("asymmetric_snhl", "asymmetric_sensorineural_loss"),
        ("sudden_snhl", "sudden_sensorineural_loss"),
        ("unilateral_profound", "unilateral_sensorineural_loss"),
        ("otitis_media_effusion_adult", "adult_conductive_type_b"),
    ],
)
def test_red_flag_profiles_carry_their_flag(generated, profile, flag):
    _, items = generated
    item = next(i for i in items if i.metadata["profile"] == profile)
    codes = [f.code for f in classify(Audiogram.model_validate(item.data["audiogram"])).red_flags]
    assert flag in codes
    assert flag in item.metadata["red_flags"]
    assert "Red flag" in item.questions[1].reference


def test_profiles_classify_as_their_presentation(generated):
    _, items = generated
    by_profile = {i.metadata["profile"]: i for i in items}

    def cls(name):
        return classify(Audiogram.model_validate(by_profile[name].data["audiogram"]))

    assert cls("normal").laterality == "none"
    assert {cls("presbycusis").right.configuration} <= {"sloping", "precipitous"}
    assert cls("noise_induced").left.configuration == "noise-notch"
    assert cls("otosclerosis").right.type == "conductive"
    assert "mixed" in (cls("mixed").right.type, cls("mixed").left.type)
    meniere = cls("meniere_like")
    assert "rising" in (meniere.right.configuration, meniere.left.configuration)


def test_shipped_generated_cases_are_what_the_rules_generate_now(tmp_path):
    # The shipped set's references come from the classification: a rule change that is not
    # followed by `clinbench audiology render --generated` leaves stale references.
    from clinbench.suites.audiology.samples import GENERATED_N, GENERATED_SEED
    from clinbench.suites.audiology.tasks import GENERATED_CASES

    generate_cases(GENERATED_N, GENERATED_SEED, tmp_path)
    assert (tmp_path / "cases.jsonl").read_text() == GENERATED_CASES.read_text()


def test_flat_profiles_are_never_called_a_noise_notch(tmp_path):
    # Flat losses with a 5-10 dB bump were once labelled noise-notch, and the generated
    # reference then read "severe noise-notch sensorineural hearing loss".
    items = generate_cases(
        12,
        11,
        tmp_path,
        profiles=["sudden_snhl", "unilateral_profound", "otitis_media_effusion_child"],
    )
    for item in items:
        cls = classify(Audiogram.model_validate(item.data["audiogram"]))
        assert "noise-notch" not in (cls.right.configuration, cls.left.configuration), item.id
        assert "noise-notch" not in item.questions[0].reference


def test_rules_baseline_replies_have_no_contradictions(generated):
    _, items = generated
    for item in items:
        reply = rules_case_reply(item)
        heads = [line for line in reply.splitlines() if line.endswith(":") and line[:1] == "Q"]
        assert heads == ["Q1 Results:", "Q2 Diagnosis:", "Q3 Recommendations:"]
        for section in reply.split("\n\n"):
            assert len(section.split()) <= 151  # heading + at most 150 words
        for standard in ("who2021", "asha", "goodman"):
            result = check_reply(rules_case_reply(item, standard), item, standard=standard)
            assert result.contradictions == [], (item.id, standard, result.contradictions)
            assert result.counts()["match"] >= 10


def test_rules_baseline_reply_names_the_red_flag(generated):
    _, items = generated
    item = next(i for i in items if i.metadata["profile"] == "sudden_snhl")
    reply = rules_case_reply(item)
    assert "Urgent same-day ENT referral" in reply.split("Q3 Recommendations:")[1]


def test_bad_arguments_fail_clearly(tmp_path):
    with pytest.raises(ValueError, match="n must be"):
        generate_cases(0, 1, tmp_path)
    with pytest.raises(ValueError, match="unknown profile"):
        generate_cases(1, 1, tmp_path, profiles=["earwax"])
    assert not (tmp_path / "cases.jsonl").exists()


def test_rules_baseline_follows_the_case_standard(labelled_cases):
    def case(standard):
        return CaseItem(
            id="x",
            stem="history",
            data={"audiogram": labelled_cases["A_bilateral_snhl"]},
            questions=[{"id": "Q1", "prompt": "p", "reference": "r"}],
            metadata={"standard": standard},
        )

    # Left ear PTA: WHO (0.5-4 kHz) 35 dB HL = moderate; ASHA (0.5-2 kHz) 28.3 = mild.
    who = rules_case_reply(case("who2021")).split("Left ear:")[1]
    asha = rules_case_reply(case("asha")).split("Left ear:")[1]
    assert "Moderate sloping sensorineural" in who.split("\n")[0]
    assert "Mild sloping sensorineural" in asha.split("\n")[0]
    assert (
        check_reply(rules_case_reply(case("asha")), case("asha"), standard="asha").contradictions
        == []
    )


def test_rules_baseline_has_no_contradictions_on_the_shipped_cases():
    # Hand-written cases include a mixed loss with asymmetric bone conduction, whose red-flag
    # sentence once called the mixed ear "sensorineural" (a laterality contradiction); the
    # shipped generated set is regenerated whenever the rules change.
    from clinbench.suites.audiology.tasks import CASE_ITEMS, GENERATED_CASES

    items = [i for i in load_items([CASE_ITEMS, GENERATED_CASES]) if "audiogram" in i.data]
    assert len(items) >= 19
    for item in items:
        for standard in ("who2021", "asha", "goodman"):
            result = check_reply(rules_case_reply(item, standard), item, standard=standard)
            assert result.contradictions == [], (item.id, standard, result.contradictions)
