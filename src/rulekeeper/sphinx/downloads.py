"""Each format's complete rules in one file, as plain text and as PDF, written with the site.

``downloads/<prefix>-rules.txt`` and ``downloads/<prefix>-rules.pdf``: every rule of the format
in rule order, under the headings it sits under, with its ID, title, status and text (the
worked examples stay on the site, where they run), under the format's version and the date it
took effect (see :mod:`rulekeeper.sphinx.releases`).

The PDF is made by fpdf2, a maintained pure-Python library: it needs no TeX and no browser, so
``nox -s docs`` on any machine writes the same files. Its built-in Helvetica covers Latin-1, so
the few typographic characters outside it are written as their plain equivalents. Any other
character would come out as a question mark, so the build warns about it instead
(:func:`unshowable`), naming the rule.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from rulekeeper.rulebook import Rule
from rulekeeper.rules import PREFIXES, RuleId, rule_prefix
from rulekeeper.sphinx.files import write_if_changed

if TYPE_CHECKING:
    from fpdf import FPDF

FOLDER = "downloads"
KINDS = ("txt", "pdf", "html")

# Characters Helvetica (Latin-1) lacks, as the plain text a reader expects in their place.
_LATIN1 = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": " - ",
        "\u2026": "...",
        "\u2192": "->",
        "\u2190": "<-",
        "\u2264": "<=",
        "\u2265": ">=",
        "\u2212": "-",
        "\u2260": "!=",
        "\u2022": "*",
        "\u00a0": " ",
    }
)

_INDENT = textwrap.TextWrapper(width=96, initial_indent="    ", subsequent_indent="    ")

STATUS_NOTES = {"informative": "informative, not enforced", "pending": "not yet enforced"}


def download_path(prefix: str, kind: str) -> str:
    """Where a format's rules file is, relative to the site's root.

    >>> from rulekeeper.sphinx.downloads import download_path
    >>> download_path("LV", "pdf")
    'downloads/LV-rules.pdf'
    """
    return f"{FOLDER}/{prefix}-rules.{kind}"


def _grouped(rules: Iterable[tuple[Rule, str]]) -> Iterable[tuple[str, Rule, str]]:
    """Each rule with its section heading when the heading changes, else ``""``."""
    section = None
    for rule, text in rules:
        heading = rule.section if rule.section != section else ""
        section = rule.section
        yield heading, rule, text


class Edition(NamedTuple):
    """Which rules a download holds: the version, the day it took effect, and whether the
    rules have changed since (a build between releases)."""

    version: str
    day: str
    epoch: int
    """The effective day's midnight (UTC), in seconds: the PDF's date."""
    unreleased: bool = False

    @property
    def line(self) -> str:
        """``Version 1, effective 26 November 2026``."""
        text = f"Version {self.version}, effective {self.day}"
        return text + (", with changes not yet released" if self.unreleased else "")


def rules_text(
    prefix: str, rules: Iterable[tuple[Rule, str]], edition: Edition | None = None
) -> str:
    """A format's rules as plain text: ``(rule, plain text)`` pairs in rule order."""
    title = f"{PREFIXES[prefix]}: the complete rules"
    lines = [title, "=" * len(title), ""]
    if edition is not None:
        lines += [edition.line + ".", ""]
    for heading, rule, text in _grouped(rules):
        if heading:
            lines += ["", heading, "-" * len(heading), ""]
        head = f"{rule.id}  {rule.title}".rstrip()
        if rule.status in STATUS_NOTES:
            head += f"  [{STATUS_NOTES[rule.status]}]"
        lines.append(head)
        lines += [_INDENT.fill(p) for p in text.split("\n\n") if p]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def rules_pdf(
    prefix: str, rules: Iterable[tuple[Rule, str]], edition: Edition | None = None
) -> bytes:
    """A format's rules as an A4 PDF, with the same content as :func:`rules_text`."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_title(f"{PREFIXES[prefix]}: the complete rules")
    pdf.set_creator("rulekeeper")
    # The same rules give the same file: the date is the build's SOURCE_DATE_EPOCH (the
    # reproducible-builds convention) or else the release's effective date, never the time of
    # the build.
    released = str(edition.epoch) if edition is not None else "0"
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", released))
    pdf.set_creation_date(datetime.fromtimestamp(epoch, tz=UTC))
    pdf.set_margins(18, 18, 18)
    pdf.set_auto_page_break(auto=True, margin=18)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 18)
    pdf.multi_cell(
        0, 9, _latin1(f"{PREFIXES[prefix]}: the complete rules"), new_x="LMARGIN", new_y="NEXT"
    )
    if edition is not None:
        pdf.set_font("Helvetica", "", 11)
        pdf.multi_cell(0, 6, _latin1(edition.line + "."), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    sizes: dict[str, float] = {}
    for heading, rule, text in _grouped(rules):
        if heading:
            pdf.ln(3)
            pdf.set_font("Helvetica", "B", 13)
            pdf.multi_cell(0, 7, _latin1(heading), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(1)
        pdf.set_font("Helvetica", "B", 10)
        head = f"{rule.id}  {rule.title}".rstrip()
        if rule.status in STATUS_NOTES:
            head += f"  ({STATUS_NOTES[rule.status]})"
        pdf.multi_cell(0, 5, _latin1(head), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 10)
        for paragraph in text.split("\n\n"):
            if paragraph:
                _wrapped(pdf, 5, _latin1(paragraph), sizes)
                pdf.ln(1)
        pdf.ln(1.5)
    return bytes(pdf.output())


def _wrapped(pdf: FPDF, height: float, text: str, sizes: dict[str, float]) -> None:
    """Write a paragraph of the body's font, broken between words at the margin, as
    ``multi_cell`` would break it, and as the text download does (runs of white space are one
    space).

    The PDF's paragraphs are most of a build's PDF time: ``multi_cell`` measures its line
    again for every character it adds, where this measures each word once: ``sizes`` holds
    the width of every word measured so far in the body's font.
    """
    width = pdf.epw
    space = pdf.get_string_width(" ")
    line: list[str] = []
    used = 0.0
    for word in text.split():
        size = sizes.get(word)
        if size is None:
            size = sizes[word] = pdf.get_string_width(word)
        if line and used + space + size > width:
            pdf.cell(0, height, " ".join(line), new_x="LMARGIN", new_y="NEXT")
            line, used = [], 0.0
        used += size + (space if line else 0.0)
        line.append(word)
    if line:
        pdf.cell(0, height, " ".join(line), new_x="LMARGIN", new_y="NEXT")


def unshowable(text: str) -> list[str]:
    """The characters of ``text`` the PDF cannot show, in order, each once.

    >>> from rulekeeper.sphinx.downloads import unshowable
    >>> unshowable("Deal 3 damage \u2014 or \u2248 3 \u2248 damage")
    ['\u2248']
    """
    plain = text.translate(_LATIN1)
    return list(dict.fromkeys(c for c in plain if ord(c) > 0xFF))


def _latin1(text: str) -> str:
    return text.translate(_LATIN1).encode("latin-1", "replace").decode("latin-1")


def write_downloads(
    out: Path,
    rules: Mapping[RuleId, tuple[Rule, str]],
    *,
    pdf: bool = True,
    editions: Mapping[str, Edition] | None = None,
) -> list[Path]:
    """Write every format's text (and PDF) file under ``out``; return the files written.

    ``rules`` maps each rule ID, in rule order, to the rule and its plain text. A file whose
    content is unchanged is left alone, so an incremental build rewrites only what changed.
    """
    by_prefix: dict[str, list[tuple[Rule, str]]] = {}
    for rule_id, pair in rules.items():
        by_prefix.setdefault(rule_prefix(rule_id), []).append(pair)
    folder = out / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for prefix, pairs in by_prefix.items():
        edition = (editions or {}).get(prefix)
        text = rules_text(prefix, pairs, edition)
        text_path = out / download_path(prefix, "txt")
        pdf_path = out / download_path(prefix, "pdf")
        changed = write_if_changed(text_path, text)
        if changed:
            written.append(text_path)
        if pdf and (changed or not pdf_path.is_file()):
            pdf_path.write_bytes(rules_pdf(prefix, pairs, edition))
            written.append(pdf_path)
    return written
