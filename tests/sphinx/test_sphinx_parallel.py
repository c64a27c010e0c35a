"""A parallel build (``-j 2``) records exactly what a serial build records."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.sphinx.domain import RulesDomain, rules_domain


def comparable(app: SphinxTestApp) -> dict[str, tuple[Any, ...]]:
    """The domain's records with the build folder's name taken out."""
    folder = Path(app.srcdir).name
    return {
        rule_id: (
            record.docname,
            record.anchor,
            record.section_anchor,
            record.rule.section,
            record.rule.status,
            record.rule.examples,
            record.rule.line,
            record.rule.source.removeprefix(folder),
            record.rule.text,
        )
        for rule_id, record in rules_domain(app.env).rules.items()
    }


def test_parallel_build_gives_the_same_domain_data(
    make_app: Callable[..., SphinxTestApp],
    rootdir: Path,
    sphinx_test_tempdir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    merged: list[set[str]] = []
    merge = RulesDomain.merge_domaindata

    def spy(self: RulesDomain, docnames: set[str], otherdata: dict[str, Any]) -> None:
        merged.append(set(docnames))
        merge(self, docnames, otherdata)

    monkeypatch.setattr(RulesDomain, "merge_domaindata", spy)
    builds = {}
    for name, parallel in (("basic-serial", 0), ("basic-parallel", 2)):
        srcdir = sphinx_test_tempdir / name
        shutil.copytree(rootdir / "test-basic", srcdir, dirs_exist_ok=True)
        app = make_app("html", srcdir=srcdir, parallel=parallel, warningiserror=True)
        app.build()
        assert app.statuscode == 0, app.warning.getvalue()
        builds[name] = comparable(app)
        app.cleanup()  # node classes are registered globally; the next app registers them again
    assert len(merged) > 1  # the documents really were read by more than one process
    assert builds["basic-parallel"] == builds["basic-serial"]
    assert len(builds["basic-serial"]) == 5


@pytest.mark.sphinx("html", testroot="duplicate", srcdir="duplicate-parallel", parallel=2)
def test_a_duplicate_read_by_another_process_is_still_reported(app: SphinxTestApp) -> None:
    app.build()
    assert "rule LV 1.1 is defined twice" in app.warning.getvalue()
