"""Sybil collects every worked example: the rules text, the guides and the docstrings.

The rules and guides are MyST Markdown: a ``python`` fence whose lines start with ``>>>`` is a
doctest, ``% invisible-code-block: python`` holds setup a reader need not see, and
``% skip: next`` / ``% clear-namespace`` work as in Sybil's documentation. Docstrings are reST
doctests. pytest's own doctest plugin is disabled (``-p no:doctest``) so nothing runs twice.
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers import myst, rest

OPTIONS = ELLIPSIS | NORMALIZE_WHITESPACE

markdown_examples = Sybil(
    parsers=[
        myst.PythonCodeBlockParser(doctest_optionflags=OPTIONS),
        myst.SkipParser(),
        myst.ClearNamespaceParser(),
    ],
    # Sybil matches patterns as pathlib globs, where "**" is one level on Python 3.11, so each
    # depth is listed.
    patterns=["rules/*.md", "rules/*/*.md", "docs/*.md", "docs/*/*.md", "docs/*/*/*.md"],
    excludes=["docs/_build/**", "docs/api/_generated/**"],
    name="markdown",
)

docstring_examples = Sybil(
    parsers=[rest.DocTestParser(optionflags=OPTIONS), rest.SkipParser()],
    patterns=["src/*/*.py", "src/*/*/*.py", "src/*/*/*/*.py", "src/*/*/*/*/*.py"],
    name="docstrings",
)

pytest_collect_file = (markdown_examples + docstring_examples).pytest()

