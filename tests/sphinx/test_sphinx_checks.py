"""Each disagreement between the rules and the engine fails a ``-W`` build, with its subtype."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx.domain import rules_domain

# ``-W``: Sphinx finishes the build, then reports failure through the status code.
strict = pytest.mark.sphinx("html", warningiserror=True)


def warnings(app: SphinxTestApp) -> str:
    return app.warning.getvalue()


@strict
@pytest.mark.sphinx(testroot="unknown")
def test_enforcing_an_undefined_rule_fails(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 1
    assert (
        "unknown_engine.ghost is marked as enforcing 'LV 9.9', but no page defines rule "
        "LV 9.9 [rulekeeper.unknown-rule]" in warnings(app)
    )
    # The warning points at the decorated code (its first decorator), not at a page.
    assert "unknown_engine.py:11: WARNING" in warnings(app)
    assert warnings(app).count("WARNING") == 1


@strict
@pytest.mark.sphinx(testroot="unenforced")
def test_an_unenforced_normative_rule_fails(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 1
    assert (
        "index.md:12: WARNING: normative rule LV 1.2 is not enforced by any code in "
        "unenforced_engine" in warnings(app)
    )
    assert "[rulekeeper.unenforced]" in warnings(app)
    assert "LV 1.3" not in warnings(app)  # pending rules may wait
    assert warnings(app).count("WARNING") == 1


@strict
@pytest.mark.sphinx(testroot="dangling")
def test_a_dangling_reference_fails_even_without_nitpicky(app: SphinxTestApp) -> None:
    assert not app.config.nitpicky
    app.build()
    assert app.statuscode == 1
    assert "reference to undefined rule LV 9.9 [rulekeeper.dangling-reference]" in warnings(app)
    assert "reference to undefined rule not a rule id [rulekeeper.dangling-reference]" in warnings(
        app
    )
    assert warnings(app).count("WARNING") == 2


@strict
@pytest.mark.sphinx(testroot="noexample")
def test_a_section_without_a_worked_example_fails(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 1
    assert "section '2. Not shown' has normative rules but no worked example" in warnings(app)
    assert "[rulekeeper.section-without-example]" in warnings(app)
    assert warnings(app).count("WARNING") == 1  # "3. Goals" is informative only


@strict
@pytest.mark.sphinx(testroot="duplicate")
def test_a_rule_defined_twice_fails(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 1
    assert "second.md:3: WARNING: rule LV 1.1 is defined twice (first at " in warnings(app)
    assert "[rulekeeper.duplicate-rule]" in warnings(app)
    assert rules_domain(app.env).rules["LV 1.1"].docname == "first"


@strict
@pytest.mark.sphinx(testroot="invalid")
def test_a_malformed_rule_fails(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 1
    assert "unknown rule prefix 'XX' in 'XX 1.1' [rulekeeper.invalid-rule]" in warnings(app)
    assert "rule LV 1.1 has unknown status 'bogus'" in warnings(app)
    assert rules_domain(app.env).rules == {}


@pytest.mark.sphinx(
    "html",
    testroot="unenforced",
    srcdir="unenforced-suppressed",
    warningiserror=True,
    confoverrides={"suppress_warnings": ["rulekeeper.unenforced"]},
)
def test_warnings_can_be_suppressed_by_subtype(app: SphinxTestApp) -> None:
    app.build()
    assert app.statuscode == 0
    assert warnings(app) == ""


def test_a_character_the_pdf_cannot_show_fails(
    make_app: Callable[..., SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path
) -> None:
    """The downloadable PDF would print it as a question mark; typographic dashes and quotes
    have plain equivalents and pass."""
    srcdir = sphinx_test_tempdir / "basic-pdf-character"
    shutil.rmtree(srcdir, ignore_errors=True)
    shutil.copytree(rootdir / "test-basic", srcdir)
    life = srcdir / "life.md"
    life.write_text(
        life.read_text("utf-8").replace(
            "A player may pay life instead of mana.",
            "A player may pay life \u2014 \u201cabout\u201d \u2248 mana \u2248 instead.",
        ),
        "utf-8",
    )
    app = make_app("html", srcdir=srcdir, warningiserror=True)
    app.build()
    assert app.statuscode == 1
    assert "rule LV 2.3 uses '\u2248' (U+2248), which the downloadable PDF cannot show" in warnings(
        app
    )
    assert "[rulekeeper.pdf-character]" in warnings(app)
    assert warnings(app).count("WARNING") == 1
    app.cleanup()
