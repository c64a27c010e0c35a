"""Where the extension meets Sphinx and the site's theme, each meeting point checked.

Most of the extension uses Sphinx's public interface. Where a hook depends on what a release
of Sphinx or furo may change (the theme calling ``context["toctree"]``, its edit links, its
search page's blocks), pyproject bounds the versions and a test here, built in the site's
theme, fails when the dependency changes.
"""

from __future__ import annotations

import shutil
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx import navigation

REPOSITORY = "https://example.org/rules-repo"
FURO = {
    "html_theme": "furo",
    "html_theme_options": {
        "source_repository": REPOSITORY + "/",
        "source_branch": "main",
        "source_directory": "",
    },
}


def _copy(rootdir: Path, tempdir: Path, root: str, name: str) -> Path:
    srcdir = tempdir / name
    shutil.rmtree(srcdir, ignore_errors=True)
    shutil.copytree(rootdir / f"test-{root}", srcdir)
    return srcdir


def test_rule_and_rules_rule_define_the_same_rule(
    make_app: Callable[..., SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path
) -> None:
    """The rules text's plain ``rule`` runs the domain's ``rules:rule``: the same rule, anchor,
    index entry and warnings either way, without the directive renaming itself."""
    srcdir = _copy(rootdir, sphinx_test_tempdir, "basic", "basic-qualified")
    life = srcdir / "life.md"
    plain = life.read_text(encoding="utf-8")
    assert ":::{rule} LV 2.2" in plain
    life.write_text(plain.replace(":::{rule} LV 2.2", ":::{rules:rule} LV 2.2"), "utf-8")
    (srcdir / "index.md").write_text(
        (srcdir / "index.md").read_text(encoding="utf-8") + "\n:::{rule} lv 9.9x\nBad.\n:::\n",
        "utf-8",
    )
    app = make_app("html", srcdir=srcdir)
    app.build()
    from rulekeeper.sphinx.domain import rules_domain

    rules = rules_domain(app.env).rules
    assert rules["LV 2.2"].docname == rules["LV 2.1"].docname == "life"
    page = (app.outdir / "life.html").read_text(encoding="utf-8")
    for anchor in ("rule-lv-2-1", "rule-lv-2-2"):
        assert f'id="{anchor}"' in page
    assert page.count('<dl class="rules rule">') == len(
        [r for r in rules.values() if r.docname == "life"]
    )
    # A malformed rule through the plain name is the same clear warning, at its line.
    assert "index.md:" in app.warning.getvalue()
    assert "lv 9.9x" in app.warning.getvalue().lower()
    app.cleanup()


@pytest.mark.sphinx("html", testroot="basic", srcdir="basic-furo-edit", confoverrides=FURO)
def test_the_theme_shows_the_edit_link_the_extension_gives(app: SphinxTestApp) -> None:
    """furo builds "Edit this page" from ``theme_source_edit_link`` in the page's context and
    shows none without ``page_source_suffix``: both set per page by
    :mod:`rulekeeper.sphinx.editlinks`."""
    app.build()
    page = (app.outdir / "life.html").read_text(encoding="utf-8")
    assert f'href="{REPOSITORY}/edit/main/life.md" rel="edit"' in page
    assert f'href="{REPOSITORY}/blob/main/life.md' in page
    generated = (app.outdir / "api" / "basic_engine.html").read_text(encoding="utf-8")
    assert 'rel="edit"' not in generated


def test_the_theme_asks_the_page_for_its_navigation_tree(
    make_app: Callable[..., SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path
) -> None:
    """furo makes the sidebar by calling the page context's ``toctree``, which
    :mod:`rulekeeper.sphinx.navigation` replaces for unlisted pages: the tree of a folder of
    unlisted pages is worked out once, and each of them shows it."""
    srcdir = _copy(rootdir, sphinx_test_tempdir, "basic", "basic-furo-navigation")
    for name in ("one", "two"):
        path = srcdir / "notes" / f"{name}.md"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"---\norphan: true\n---\n# {name}\n\nNot listed.\n", "utf-8")
    app = make_app("html", srcdir=srcdir, confoverrides={"html_theme": "furo"})
    app.build()
    # Filled only when the theme calls the function the extension put in the context.
    shared = navigation._SHARED.get(app.env, {})
    notes = [tree for key, tree in shared.items() if key[0] == "notes"]
    assert len(notes) == 1, "furo no longer calls context['toctree'] as it did"
    tree = notes[0]
    assert 'href="../life.html"' in tree
    for name in ("one", "two"):
        page = (app.outdir / "notes" / f"{name}.html").read_text(encoding="utf-8")
        assert 'class="sidebar-tree"' in page
        assert 'href="../life.html"' in page
    app.cleanup()


@pytest.mark.sphinx(
    "html",
    testroot="api",
    srcdir="api-typehints",
    confoverrides={
        "extensions": [
            "myst_parser",
            "sphinx.ext.autodoc",
            "sphinx_autodoc_typehints",
            "rulekeeper.sphinx",
        ]
    },
)
def test_the_notice_the_site_hides_is_still_given(app: SphinxTestApp) -> None:
    """``docs/conf.py`` hides one deprecation notice of sphinx-autodoc-typehints, given once per
    docstring. When a release of either stops giving it, this fails: remove the filter there
    (and the bound in pyproject)."""
    from sphinx.deprecation import RemovedInSphinx10Warning

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.build()
    notices = [
        w
        for w in caught
        if issubclass(w.category, RemovedInSphinx10Warning)
        and "sphinx_autodoc_typehints" in w.filename
    ]
    assert notices, "sphinx-autodoc-typehints no longer gives the notice docs/conf.py hides"


def test_an_enforcer_the_api_reference_leaves_out_is_named(
    make_app: Callable[..., SphinxTestApp], rootdir: Path, sphinx_test_tempdir: Path
) -> None:
    """What the API reference documents is read from the Python domain's public list of
    objects: a private enforcer, which it leaves out, is a warning naming it; the documented
    ones are not."""
    srcdir = _copy(rootdir, sphinx_test_tempdir, "basic", "basic-undocumented")
    engine = srcdir / "basic_engine.py"
    engine.write_text(
        engine.read_text(encoding="utf-8")
        + '\n\n@enforces("LV 2.2")\ndef _hidden_loss() -> None:\n    """Private."""\n',
        "utf-8",
    )
    app = make_app("html", srcdir=srcdir)
    app.build()
    warnings_given = app.warning.getvalue()
    assert "basic_engine._hidden_loss enforces LV 2.2 but is not in the API" in warnings_given
    assert warnings_given.count("is not in the API") == 1
    app.cleanup()
