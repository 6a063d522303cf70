"""Tables and emphasis in markup other than markdown (HTML, LaTeX, reST grid, org-mode,
BBCode, AsciiDoc, box drawing) are read as the reader reads a markdown pipe table: one
normalising step writes them as pipe rows and plain text (issue #26, batch 60, where four
errors went unread inside such tables). The tables here are our own, not the batch's."""

from __future__ import annotations

import pytest

from clinbench.audiogram.check import check_reply
from clinbench.audiogram.markup import markup_as_text

from .conftest import assert_linear, conductive_right, cpu_cost

CASE = conductive_right()  # right 45/40/35/30 at 0.5-4 kHz over masked bone 5-10; left 10

# Each table gives the right ear's 4 kHz as {r4}; rows in right-left order unless swapped.
TABLES = {
    "html": (
        '<table class="pta" border=1>\n  <thead><tr><th>Ear</th><th>500&nbsp;Hz</th>'
        "<th>1&nbsp;kHz</th><th>2 kHz</th><th>4 kHz</th></tr></thead>\n  <tbody>\n  <tr>\n"
        "    <td><b>{a}</td>\n    <td>{a5}</td><td>{a1}</td><td>{a2}</td><td>{a4}</td>\n"
        "  </tr>\n  <tr><td>{b}<td>{b5}<td>{b1}<td>{b2}<td>{b4}\n  </tbody>\n</table>"
    ),
    "latex": (
        "\\subsection*{{Pure-tone thresholds (dB HL)}}\n\\begin{{tabular}}{{|l|r|r|r|r|}}\n"
        "\\hline\n & 0.5\\,kHz & 1\\,kHz & 2\\,kHz & 4\\,kHz \\\\ \\hline\n"
        "{a} & {a5} & {a1} & {a2} & {a4} \\\\\n{b} & {b5} & {b1} & {b2} & {b4} \\\\ \\hline\n"
        "\\end{{tabular}}"
    ),
    "rest_grid": (
        "+-------+-----+------+------+------+\n| Ear   | 500 | 1000 | 2000 | 4000 |\n"
        "+=======+=====+======+======+======+\n| {a} | {a5}  | {a1}   | {a2}   | {a4}   |\n"
        "+-------+-----+------+------+------+\n| {b}  | {b5}  | {b1}   | {b2}   | {b4}   |\n"
        "+-------+-----+------+------+------+"
    ),
    "org": (
        "| ear | 500 | 1k | 2k | 4k |\n|-------+-----+----+----+----|\n"
        "| {a} |  {a5} | {a1} | {a2} | {a4} |\n| {b} |  {b5} | {b1} | {b2} | {b4} |"
    ),
    "bbcode": (
        "[b]Thresholds[/b]\n[table][tr][th]Side[/th][th]500[/th][th]1000[/th][th]2000[/th]"
        "[th]4000[/th][/tr]\n[tr][td]{a}[/td][td]{a5}[/td][td]{a1}[/td][td]{a2}[/td]"
        "[td]{a4}[/td][/tr]\n[tr][td]{b}[/td][td]{b5}[/td][td]{b1}[/td][td]{b2}[/td]"
        "[td]{b4}[/td][/tr][/table]"
    ),
    "asciidoc": (
        '[cols="1,1,1,1,1",options="header"]\n|===\n|Side |0.5k |1k |2k |4k\n\n'
        "|{a} |{a5} |{a1} |{a2} |{a4}\n|{b} |{b5} |{b1} |{b2} |{b4}\n|==="
    ),
    "rest_simple": (
        "=====  ====  ====  ====  ====\nSide   500   1k    2k    4k\n"
        "=====  ====  ====  ====  ====\n"
        "{a:<5}  {a5:<4}  {a1:<4}  {a2:<4}  {a4:<4}\n{b:<5}  {b5:<4}  {b1:<4}  {b2:<4}  {b4:<4}\n"
        "=====  ====  ====  ====  ====\n"
    ),
    "rest_list": (
        ".. list-table:: Thresholds\n   :header-rows: 1\n\n   * - Ear\n     - 500\n     - 1000\n"
        "     - 2000\n     - 4000\n   * - {a}\n     - {a5}\n     - {a1}\n     - {a2}\n"
        "     - {a4}\n   * - {b}\n     - {b5}\n     - {b1}\n     - {b2}\n     - {b4}\n"
    ),
    "box": (
        "╔═══════╦═════╦═════╦═════╦═════╗\n║ ear   ║ 500 ║ 1k  ║ 2k  ║ 4k  ║\n"
        "╠═══════╬═════╬═════╬═════╬═════╣\n║ {a} ║ {a5}  ║ {a1}  ║ {a2}  ║ {a4}  ║\n"
        "║ {b}  ║ {b5}  ║ {b1}  ║ {b2}  ║ {b4}  ║\n╚═══════╩═════╩═════╩═════╩═════╝"
    ),
}
RIGHT = {"5": 45, "1": 40, "2": 35, "4": 30}
LEFT = {"5": 10, "1": 10, "2": 10, "4": 10}


def table(markup: str, right=RIGHT, left=LEFT, names=("Right", "Left")) -> str:
    values = {f"a{k}": v for k, v in right.items()} | {f"b{k}": v for k, v in left.items()}
    return TABLES[markup].format(a=names[0], b=names[1], **values)


@pytest.mark.parametrize("markup", sorted(TABLES))
def test_table_is_read_as_a_pipe_table(markup):
    """Reading: the table's cells become the right ear's levels at their frequencies."""
    found = check_reply(table(markup), CASE).findings
    levels = {(f.ear, f.frequency, f.claimed) for f in found if f.kind == "threshold"}
    assert {("right", 4000, 30), ("left", 500, 10), ("right", 500, 45)} <= levels, levels


@pytest.mark.parametrize("markup", sorted(TABLES))
def test_table_value_off_by_far_is_fabricated(markup):
    reply = table(markup, right=RIGHT | {"4": 75}) + "\nConductive loss on the right."
    assert check_reply(reply, CASE).critical_errors == ["fabricated_result"]


@pytest.mark.parametrize("markup", sorted(TABLES))
def test_table_with_ears_swapped_is_laterality(markup):
    reply = table(markup, names=("Left", "Right")) + "\nThe loss is conductive."
    assert check_reply(reply, CASE).critical_errors == ["laterality_confusion"]


@pytest.mark.parametrize("markup", sorted(TABLES))
def test_true_table_flags_nothing(markup):
    reply = table(markup) + "\nConductive loss on the right; the left ear hears normally."
    assert check_reply(reply, CASE).critical_errors == []


def test_html_paragraphs_lists_and_entities_read_as_text():
    out = markup_as_text(
        "<h2>Summary</h2>\n<p>Right:&nbsp;45&ndash;30 dB HL<br>Left: 10 dB HL &ge; 0.5 kHz</p>\n"
        "<ul><li><strong>Type:</strong> conductive</li><li>Plan: ENT</li></ul>"
    )
    assert out.splitlines() == [
        "## Summary", "Right: 45–30 dB HL", "Left: 10 dB HL ≥ 0.5 kHz",
        "- **Type:** conductive", "- Plan: ENT",
    ]  # fmt: skip


def test_latex_prose_symbols_and_headings():
    out = markup_as_text(
        "\\section*{Left ear}\nThresholds 10--15\\,dB HL, gap $\\geq$ 15\\,dB: \\textbf{none}.\n"
        "\\begin{itemize}\n\\item Tympanometry 2\\% off\n\\end{itemize}"
    )
    assert out.splitlines() == [
        "## Left ear", "Thresholds 10-15 dB HL, gap ≥ 15 dB: **none**.", "",
        "- Tympanometry 2% off",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "| ear | 500 | 1000 |\n|---|---|---|\n| R | 40 | 45 |",  # markdown: as it is
        "Thresholds <25 dB HL are normal; R & L within 5 dB [1].",
        "+ a plus bullet\n- a dash bullet\n* a star bullet",
        "Right ear 4FA 30 -> mild. Compare with [previous] chart.",
    ],
)
def test_plain_text_and_markdown_are_unchanged(text):
    assert markup_as_text(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "<table><tr><td>Right<td>40<tr><td",
        "<b>Right <i>ear</b> 40 </table></tr> <td>",
        "\\begin{tabular}{ll}\nRight & 40 \\\\\n",
        "|===\n|Right |40\n",
        "[table][tr][td]Left[/td][td]&#99999999;[/td]",
        "┌──┬\n│ R │ 4",
        "<" * 50 + "&" * 50 + "[" * 50 + "\\hline" * 20,
    ],
)
def test_malformed_markup_never_raises(text):
    assert isinstance(markup_as_text(text), str)
    check_reply(text, CASE)


@pytest.mark.parametrize("markup", ["html", "latex", "box", "org", "asciidoc"])
def test_long_markup_is_rewritten_in_linear_time(markup):
    def cost(n):
        text = (table(markup) + "\n") * n
        return cpu_cost(lambda: markup_as_text(text))

    assert_linear(cost(150), cost(600), most=2.0)


HEADED = {
    "html": "<h3>{a} ear</h3>\n<p>Air conduction 45 dB HL at 500 Hz and 30 dB HL at 4 kHz; "
    "masked bone 5-10 dB HL.</p>\n<h3>{b} ear</h3>\n<p>10 dB HL at every frequency.</p>",
    "bbcode": "[b]{a} ear[/b]\n[list][*]AC 45 dB HL at 500 Hz, 30 at 4 kHz[*]masked BC 5-10 "
    "dB HL[/list]\n[b]{b} ear[/b]: 10 dB HL at all frequencies.",
    "latex": "\\section*{{{a} ear}}\nAC 45\\,dB HL at 500\\,Hz, 30\\,dB HL at 4\\,kHz; masked BC "
    "5--10\\,dB HL.\n\\section*{{{b} ear}}\n10\\,dB HL throughout.",
}


@pytest.mark.parametrize("markup", sorted(HEADED))
def test_headings_and_emphasis_name_the_ear_of_what_follows(markup):
    """A guard: headings and emphasis keep their ear once rewritten (HTML and BBCode were
    read so before the markup step too; LaTeX sections were not)."""
    right = HEADED[markup].format(a="Right", b="Left")
    swapped = HEADED[markup].format(a="Left", b="Right")
    assert check_reply(right, CASE).critical_errors == []
    assert check_reply(swapped, CASE).critical_errors == ["laterality_confusion"]


ASCIIDOC_CELL_LINES = (
    '[cols="5*",options="header"]\n|===\n|Side |0.5k |1k |2k |4k\n\n|{a}\n|{a5}\n|{a1}\n'
    "|{a2} |{a4}\n|{b}\n|{b5} |{b1}\n|{b2}\n|{b4}\n|===\n{says}"
)


@pytest.mark.parametrize(
    ("names", "right4k", "errors"),
    [
        (("Right", "Left"), 30, []),
        (("Right", "Left"), 75, ["fabricated_result"]),
        (("Left", "Right"), 30, ["laterality_confusion"]),  # rows under the wrong ears
    ],
)
def test_asciidoc_cells_a_line_regrouped_by_the_column_count(names, right4k, errors):
    values = {f"a{k}": v for k, v in (RIGHT | {"4": right4k}).items()}
    values |= {f"b{k}": v for k, v in LEFT.items()}
    says = "Conductive loss on the right." if names[0] == "Right" else "The loss is conductive."
    reply = ASCIIDOC_CELL_LINES.format(a=names[0], b=names[1], says=says, **values)
    assert check_reply(reply, CASE).critical_errors == errors


def test_asciidoc_column_count_from_its_cols_attribute():
    text = '[cols="1,2*"]\n|===\n|Ear |500 |1k\n|R\n|40 |45\n|==='
    assert "|R |40 |45" in markup_as_text(text).split("\n")
