""" "Edit this page" opens the file a contributor edits: the page's own source, or none for a
generated page. (A rules page that includes a file from outside the project links to that
file; the site's own build shows it.)"""

from __future__ import annotations

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx.editlinks import source_file


@pytest.mark.sphinx("html", testroot="basic")
def test_a_page_links_to_its_source_and_a_generated_page_to_nothing(app: SphinxTestApp) -> None:
    app.build()
    assert source_file(app, "life") == "life.md"
    generated = [name for name in app.env.found_docs if name.startswith("api/")]
    assert generated
    assert {source_file(app, name) for name in generated} == {None}
