"""audiology_cases -T images=false: what the model receives never words the case as if an
image were attached. The system message says the results come as text and that the
audiogram images are not given; the case history leaves out its sentences that point to an
image ("The pure-tone audiogram is shown in the image."). With images (the default) the
prompt is as before."""

from __future__ import annotations

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ContentImage

from clinbench.items.image_references import refers_to_image
from clinbench.suites.audiology.tasks import audiology_cases

CASES = ["aud-case-001", "aud-case-002"]


def _sent(tmp_path, images: bool):
    """Return (system text, user text, image count) of each case as the model received it."""
    (log,) = inspect_eval(
        audiology_cases(images=images), model="clinbench/rules", sample_id=CASES,
        log_dir=str(tmp_path), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    out = []
    for sample in log.samples:
        system, user = sample.messages[0], sample.messages[1]
        assert system.role == "system" and user.role == "user"
        parts = user.content if isinstance(user.content, list) else [user.content]
        text = "".join(p if isinstance(p, str) else getattr(p, "text", "") for p in parts)
        out.append((system.text, text, sum(isinstance(p, ContentImage) for p in parts)))
    return out


def _lines_pointing_to_an_image(text: str) -> list[str]:
    return [line for line in text.splitlines() if refers_to_image(line)]


def test_a_text_only_run_never_words_the_case_as_if_an_image_were_attached(tmp_path):
    for system, user, images in _sent(tmp_path, images=False):
        assert images == 0
        assert _lines_pointing_to_an_image(user) == [], user
        assert "as images" not in system and "not given" in system, system
        assert "Tympanometry, right ear: type A" in user  # the other results stay


def test_with_images_the_case_is_worded_as_before(tmp_path):
    for system, user, images in _sent(tmp_path, images=True):
        assert images == 1
        assert "The pure-tone audiogram is shown in the image." in user
        assert "(audiograms and other test outputs) as\nimages" in system


def test_no_shipped_case_points_to_an_image_in_its_text_only_prompt():
    from clinbench.items.loader import load_items
    from clinbench.suites.audiology.tasks import CASE_ITEMS, GENERATED_CASES, case_prompt

    cases = [i for i in load_items([str(CASE_ITEMS), str(GENERATED_CASES)]) if i.format == "case"]
    assert len(cases) > 10
    for case in cases:
        assert any(refers_to_image(line) for line in case.stem.splitlines()), case.id
        assert _lines_pointing_to_an_image(case_prompt(case, images=False)) == [], case.id


def test_text_only_and_image_runs_are_two_conditions_wherever_results_are_grouped(tmp_path):
    # realuse3: a -T images=false run and an image run both recorded condition "default", so
    # every table grouped by condition (results, analyze, report, leaderboard) pooled a model
    # that saw the audiograms with one that did not
    import pandas as pd

    from clinbench.report.generic import leaderboard_section
    from clinbench.report.glossary import plain_label
    from clinbench.results.export import results_from_logs

    tables = []
    for images in (True, False):
        (log,) = inspect_eval(
            audiology_cases(images=images), model="clinbench/rules", sample_id=CASES,
            log_dir=str(tmp_path / f"logs-{images}"), display="none",
        )  # fmt: skip
        assert log.status == "success", log.error
        tables.append(results_from_logs([log]))
    with_images, text_only = tables
    assert set(with_images["condition"]) == {"default"}  # the image run's name is unchanged
    assert set(text_only["condition"]) == {"text_only"}
    assert plain_label("text_only") != "text_only"  # the report words it for a clinician
    section = leaderboard_section(pd.concat(tables, ignore_index=True), figures=False)
    assert section is not None and section.tables
    for caption, table in section.tables.items():
        rules = table[table["model"] == "clinbench/rules"]
        assert set(rules["condition"]) == {"default", "text_only"}, caption


def test_text_only_is_the_case_tiers_own_condition_not_a_global_one(sample_items_path, tmp_path):
    # the audiology suite names its text-only case runs; importing it (as every run does, to
    # find the suites) registers no condition an item file could then be asked under
    from clinbench.runner import RunInputError, run_benchmark
    from clinbench.solvers.conditions import conditions
    from clinbench.suites.audiology import tasks

    assert tasks.TEXT_ONLY == "text_only"
    assert "text_only" not in conditions()
    try:
        args = {"condition": "text_only"}
        run_benchmark([str(sample_items_path)], None, tmp_path, task_args=args, limit=1)
    except RunInputError as err:
        assert "unknown condition 'text_only'" in str(err)
    else:
        raise AssertionError("an item file ran under the audiology suite's condition")
