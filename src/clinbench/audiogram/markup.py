"""Markup other than markdown written as the plain text and pipe tables the reader reads.

Models and clinical systems emit HTML, LaTeX, reStructuredText, org-mode, BBCode, AsciiDoc
and box-drawing tables as often as markdown (issue #26, batch 60). Rather than a claim rule
per markup, :func:`markup_as_text` normalises each into what the reader already reads: a
table as one pipe row a line (``| R | 10 | 20 |``, rules as ``|---|``), headings as ``#``
lines, emphasis as ``**``, entities and math symbols as their characters. Everything else
is kept, line by line, so a line of the reply stays a line of the text read.

HTML (and BBCode, written as HTML first) goes through the standard library's
:class:`html.parser.HTMLParser`: it is linear, tolerant of unclosed and stray tags, and
decodes every entity, which hand-made patterns would not; no third-party parser is needed
for tables this flat. The other markups are line-based rewrites, each one pass over the
lines. The input is untrusted: every step is linear, and a reply whose markup cannot be
read is returned unchanged rather than raising.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

_RULE = "|---|"
"""A table rule line as the pipe-table reader skips it (it keeps the table's lines one run)."""

# ------------------------------------------------------------------ HTML and BBCode

_HTML_TAG = re.compile(
    r"</?(?:table|thead|tbody|tfoot|tr|td|th|caption|p|br|div|span|ul|ol|li|b|strong|i|em|u|"
    r"h[1-6]|blockquote|pre|code|hr|dl|dt|dd|font|small|sup|sub)\b[^<>]{0,200}>",
    re.I,
)
"""A tag of the HTML replies write (tables, paragraphs, lists, emphasis, headings)."""
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_BBCODE_TAG = re.compile(
    r"\[(/?)(b|i|u|s|table|tr|td|th|list|\*|quote|code|color|size|font|center|h[1-6])"
    r"(?:=[^\]\n]{0,60})?\]",
    re.I,
)
"""A BBCode tag: read as the HTML tag of the same meaning ([list] a list, [*] an item)."""
_BBCODE_AS_HTML = {"list": "ul", "*": "li", "quote": "blockquote", "color": "span",
                   "size": "span", "font": "span", "center": "div"}  # fmt: skip
_BLOCK_TAGS = frozenset(
    "p div ul ol table thead tbody tfoot caption blockquote pre hr dl dt dd br".split()
)
_EMPHASIS_TAGS = frozenset({"b", "strong"})


class _HTMLText(HTMLParser):
    """HTML as text: a table row as one pipe line, block tags as line breaks, <b> as **,
    list items as "- " lines, headings as "#" lines; data kept as written."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.soft = False  # a break was written for a tag: the source's own next newline is it

    def _write(self, text: str) -> None:
        if self.cell is not None:
            self.cell.append(text)
        elif self.row is None and text:
            if self.soft and not text.strip():
                # layout between block tags: nothing, or one blank line for a blank line
                if text.count("\n") >= 2 and self.out and self.out[-1] != "\n\n":
                    self.out.append("\n")
                return
            if self.soft:
                text = re.sub(r"^[ \t]*\n", "", text, count=1)
            if text:
                self.soft = False
                self.out.append(text)

    def _break(self) -> None:
        if self.out and not self.out[-1].endswith("\n"):
            self.out.append("\n")
        self.soft = True

    def _end_cell(self) -> None:
        if self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).replace("|", "/").split()))
        self.cell = None

    def _end_row(self) -> None:
        self._end_cell()
        if self.row:
            self._break()
            self.out.append("| " + " | ".join(self.row) + " |\n")
            self.soft = True
        self.row = None

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag == "tr":
            self._end_row()
            self.row = []
        elif tag in ("td", "th"):
            self._end_cell()
            if self.row is None:
                self.row = []
            self.cell = []
        elif tag == "br":
            self._write(" ") if self.cell is not None else self._break()
        elif tag == "li":
            self._break()
            self._write("- ")
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self._break()
            self._write("#" * int(tag[1]) + " ")
        elif tag in _EMPHASIS_TAGS and self.cell is None:
            self._write("**")
        elif tag in _BLOCK_TAGS:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self._end_cell()
        elif tag in ("tr", "table"):
            self._end_row()
            self._break()
        elif tag in _EMPHASIS_TAGS and self.cell is None:
            self._write("**")
        elif tag in _BLOCK_TAGS or tag == "li" or (len(tag) == 2 and tag[0] == "h"):
            self._break()

    def handle_data(self, data: str) -> None:
        self._write(data)

    def text(self) -> str:
        self._end_row()
        return "".join(self.out)


def _bbcode_as_html(m: re.Match) -> str:
    tag = m.group(2).lower()
    if tag == "*":
        return "<li>"
    return f"<{m.group(1)}{_BBCODE_AS_HTML.get(tag, tag)}>"


def _html_as_text(text: str) -> str:
    if "[" in text and _BBCODE_TAG.search(text):
        text = _BBCODE_TAG.sub(_bbcode_as_html, text)
    if "<" in text and _HTML_TAG.search(text):
        parser = _HTMLText()
        parser.feed(text)
        parser.close()
        text = parser.text()
    elif "&" in text:
        text = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
    return text.replace("\u00a0", " ").replace("\u2009", " ").replace("\u202f", " ")


# ------------------------------------------------------------------ LaTeX

_LATEX_MARK = re.compile(r"\\(?:begin|section|subsection|textbf|item|hline|documentclass)\b")
_LATEX_HEADING = re.compile(r"\\(sub)?(sub)?section\*?\{([^{}\n]{0,200})\}")
_LATEX_BOLD = re.compile(r"\\textbf\{([^{}\n]{0,300})\}")
_LATEX_PLAIN = re.compile(
    r"\\(?:emph|textit|underline|text|mathrm|textrm|caption)\{([^{}\n]{0,300})\}"
)
_LATEX_CELL_SPAN = re.compile(r"\\multi(?:column|row)\{[^{}\n]*\}\{[^{}\n]*\}\{([^{}\n]{0,200})\}")
_LATEX_SYMBOLS = (
    (re.compile(r"\$?\\(?:geq?|geqslant)(?![A-Za-z])\$?"), "≥"),
    (re.compile(r"\$?\\(?:leq?|leqslant)(?![A-Za-z])\$?"), "≤"),
    (re.compile(r"\$?\\(?:pm)(?![A-Za-z])\$?"), "±"),
    (re.compile(r"\$?\\(?:approx|sim)(?![A-Za-z])\$?"), "~"),
    (re.compile(r"\$?\\(?:rightarrow|to)(?![A-Za-z])\$?"), "→"),
    (re.compile(r"\$?\\times(?![A-Za-z])\$?"), "x"),
    (re.compile(r"\\[,;: ]|~"), " "),
    (re.compile(r"\\([%&$#_])"), r"\1"),
    (re.compile(r"-{2,3}"), "-"),
    (re.compile(r"\\item\b\s*"), "- "),
    (
        re.compile(
            r"\\(?:noindent|centering|maketitle|small|footnotesize|toprule|midrule|"
            r"bottomrule|cline\{[^}]*\})\b"
        ),
        "",
    ),  # fmt: skip
    (re.compile(r"\$"), ""),
)
_LATEX_ONLY_COMMANDS = re.compile(
    r"^\s*(?:\\(?:begin|end|documentclass|usepackage|title|author|date)(?:\[[^\]]*\])?"
    r"(?:\{[^{}]*\})*\s*)+$"
)
_TABULAR_BEGIN = re.compile(r"\\begin\{(?:tabular\*?|longtable|tabularx|array)\}")
_TABULAR_END = re.compile(r"\\end\{(?:tabular\*?|longtable|tabularx|array)\}")
_LATEX_RULE = re.compile(r"^\s*(?:\\(?:hline|toprule|midrule|bottomrule|cline\{[^}]*\})\s*)+$")


def _latex_line(line: str) -> str:
    line = _LATEX_HEADING.sub(lambda m: "#" * (2 + bool(m.group(1)) + bool(m.group(2)))
                              + " " + m.group(3), line)  # fmt: skip
    line = _LATEX_BOLD.sub(r"**\1**", line)
    line = _LATEX_PLAIN.sub(r"\1", line)
    for pattern, repl in _LATEX_SYMBOLS:
        line = pattern.sub(repl, line)
    return line


def _latex_row(line: str) -> str:
    line = _LATEX_CELL_SPAN.sub(r"\1", line).replace("\\&", "\x00")
    line = re.sub(r"\\\\(?:\s*\[[^\]]*\])?|\\(?:hline|toprule|midrule|bottomrule)\b", " ", line)
    cells = [_latex_line(c).replace("\x00", "&").strip() for c in line.split("&")]
    return "| " + " | ".join(cells) + " |"


def _latex_as_text(text: str) -> str:
    out: list[str] = []
    in_table = False
    for line in text.split("\n"):
        if _TABULAR_BEGIN.search(line):
            in_table = True
            out.append(_RULE)
        elif _TABULAR_END.search(line):
            in_table = False
            out.append(_RULE)
        elif in_table and (_LATEX_RULE.match(line) or not line.strip()):
            out.append(_RULE)
        elif in_table:
            out.append(_latex_row(line))
        elif _LATEX_ONLY_COMMANDS.match(line):
            out.append("")
        else:
            out.append(_latex_line(line))
    return "\n".join(out)


# ------------------------------------------------------------------ line tables

_BOX_BAR = str.maketrans({"│": "|", "║": "|", "┃": "|"})
_ASCIIDOC_FENCE = re.compile(r"^[ \t]*[|!]={3,}[ \t]*$")
_RULE_CHARS = frozenset("─━═┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╕╘╛╞╡╤╧╪╓╖╙╜╟╢╥╨╫+-=:| \t")
"""The characters of a rule line of a box-drawing, reST grid or org table."""
_BOX_CHARS = "─━═┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬│║┃"


_ASCIIDOC_COLS = re.compile(r"\bcols\s*=\s*\"?([^\"\]\n]{1,80})")
_COLUMN_REPEAT = re.compile(r"\s*(\d{1,2})\s*\*")


def _asciidoc_column_count(attributes: str, body: list[str]) -> int:
    """Return an AsciiDoc table's column count: from its ``cols`` attribute ("1,1,1",
    "3*", "1,4*2", "5"), else the cells of its first line."""
    m = _ASCIIDOC_COLS.search(attributes)
    if m:
        spec = m.group(1).strip()
        if spec.isdigit():
            return int(spec)
        return sum(
            int(r.group(1)) if (r := _COLUMN_REPEAT.match(item)) else 1 for item in spec.split(",")
        )
    return body[0].count("|") if body else 0


def _asciidoc_tables_regrouped(text: str) -> str:
    """AsciiDoc tables written a cell or a few cells a line (allowed when the column count
    is known) rewritten one row a line, so each row reads as one pipe row. A table already
    one row a line, or whose lines do not all open with a cell, is left as it is."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        if not _ASCIIDOC_FENCE.match(lines[index]):
            out.append(lines[index])
            index += 1
            continue
        end = next(
            (j for j in range(index + 1, len(lines)) if _ASCIIDOC_FENCE.match(lines[j])), None
        )
        if end is None:
            out.extend(lines[index:])
            break
        body = [line for line in lines[index + 1 : end] if line.strip()]
        columns = _asciidoc_column_count(lines[index - 1] if index else "", body)
        regular = all(line.count("|") == columns for line in body)
        if regular or columns < 2 or not all(line.lstrip().startswith("|") for line in body):
            out.extend(lines[index : end + 1])
        else:
            cells = [c.strip() for line in body for c in line.split("|")[1:]]
            rows = ["|" + " |".join(cells[i : i + columns]) for i in range(0, len(cells), columns)]
            out += [lines[index], *rows, lines[end]]
        index = end + 1
    return "\n".join(out)


def _line_tables_as_pipes(text: str) -> str:
    """Box-drawing, reST grid, org and AsciiDoc tables as pipe tables: bars as "|", rule
    lines and fences as a rule row, blank lines inside an AsciiDoc table (its header's
    end) as a rule row too, so the table stays one run of lines."""
    out: list[str] = []
    in_asciidoc = False
    for line in text.split("\n"):
        if _ASCIIDOC_FENCE.match(line):
            in_asciidoc = not in_asciidoc
            out.append(_RULE)
            continue
        boxed = any(c in _BOX_CHARS for c in line)
        if boxed:
            line = line.translate(_BOX_BAR)
        if _rule_line(line, boxed):
            out.append(_RULE)
        elif in_asciidoc and not line.strip():
            out.append(_RULE)
        elif in_asciidoc and line.lstrip().startswith("|") and line.count("|") == 1:
            out.append(line + " |")  # a one-cell AsciiDoc row still a table row
        else:
            out.append(line)
    return "\n".join(out)


_SIMPLE_RULE = re.compile(r"^[ \t]*=+(?:[ \t]+=+)+[ \t]*$", re.M)
"""A reST simple table's rule: runs of "=" that mark its columns ("=====  =====  =====")."""


def _rest_simple_tables(text: str) -> str:
    """reST simple tables as pipe tables: each line under a column rule cut at the rule's
    columns (the last column takes the rest of the line), rules as rule rows; a blank line,
    or a rule with a blank line after it, ends the table."""
    lines = text.split("\n")
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    for index, line in enumerate(lines):
        if _SIMPLE_RULE.match(line):
            after = lines[index + 1] if index + 1 < len(lines) else ""
            spans = [m.span() for m in re.finditer(r"=+", line)] if after.strip() else []
            out.append(_RULE)
        elif spans and line.strip():
            cells = [line[a:b] for a, b in spans[:-1]] + [line[spans[-1][0] :]]
            out.append("| " + " | ".join(c.strip() for c in cells) + " |")
        else:
            spans = []
            out.append(line)
    return "\n".join(out)


_LIST_TABLE = re.compile(r"^[ \t]*\.\. list-table::")
_LIST_ROW = re.compile(r"^[ \t]*\*[ \t]+-(?:[ \t]+(.*))?$")
_LIST_CELL = re.compile(r"^[ \t]+-(?:[ \t]+(.*))?$")


def _rest_list_tables(text: str) -> str:
    """reST list-tables as pipe tables: a "* -" item opens a row, each "  -" item under it
    is the row's next cell; the row is written as one pipe line."""
    out: list[str] = []
    row: list[str] | None = None
    active = False
    for line in text.split("\n"):
        if _LIST_TABLE.match(line):
            active = True
        elif active and (m := _LIST_ROW.match(line) or _LIST_CELL.match(line)):
            if line.lstrip().startswith("*") or row is None:
                if row:
                    out.append("| " + " | ".join(row) + " |")
                row = []
            row.append((m.group(1) or "").strip())
            continue
        elif active and line.strip() and line[0] not in " \t":
            active = False
        if row and (not active or not line.strip() or line[0] not in " \t"):
            out.append("| " + " | ".join(row) + " |")
            row = None
        out.append(line)
    if row:
        out.append("| " + " | ".join(row) + " |")
    return "\n".join(out)


_LINE_TABLE_MARK = re.compile(
    r"[─━═┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬│║┃]|^[ \t]*\+[-=]|^[ \t]*\|-[-+]*\+|^[ \t]*[|!]===", re.M
)


def _may_hold_line_table(text: str) -> bool:
    """Return False when ``text`` surely holds nothing _LINE_TABLE_MARK matches: its box
    characters are not ASCII, and its rules open with "+", "|" or "!" (a cheap test, for
    speed only: most replies have none)."""
    return not text.isascii() or "+" in text or "|" in text or "!" in text


def _rule_line(line: str, boxed: bool) -> bool:
    """Return whether a line is a table's rule: box-drawing characters, a reST grid rule
    ("+----+====+") or an org rule ("|----+----|"), with nothing else on it."""
    rule = line.strip()
    if not rule or not set(rule) <= _RULE_CHARS or not any(c in rule for c in "-=─━═"):
        return False
    return boxed or rule[0] == "+" or (rule[0] == "|" and "+" in rule)


_MAX_CHARS = 200_000
"""Longer texts are read as written (no reply is near it; the parsers stay bounded)."""


def markup_as_text(text: str) -> str:
    """Return ``text`` with HTML, BBCode, LaTeX, reST grid, org, AsciiDoc and box-drawing
    markup written as plain text and pipe tables (see the module's docstring); text with
    none of them is returned as it is. Linear; never raises (unreadable markup: unchanged).
    """
    if len(text) > _MAX_CHARS:
        return text
    try:
        out = text
        if "<" in out or "&" in out or "[" in out:
            out = _html_as_text(out)
        if "\\" in out and _LATEX_MARK.search(out):
            out = _latex_as_text(out)
        if _may_hold_line_table(out) and _LINE_TABLE_MARK.search(out):
            if "===" in out:
                out = _asciidoc_tables_regrouped(out)
            out = _line_tables_as_pipes(out)
        if "==" in out and _SIMPLE_RULE.search(out):
            out = _rest_simple_tables(out)
        if "list-table::" in out:
            out = _rest_list_tables(out)
        return out
    except Exception:  # untrusted markup: a reply that cannot be rewritten is read as written
        return text
