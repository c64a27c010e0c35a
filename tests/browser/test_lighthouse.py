"""Lighthouse's accessibility score on a phone, for one page of every kind a reader meets.

axe-core (``test_accessibility.py``) already finds no violation on any page; Lighthouse adds its
own weighting and the checks it makes beyond axe, and its score is what a publisher is shown.
Lighthouse and everything it needs come from npm, pinned by version and by each package's
checksum in ``lighthouse/package-lock.json`` (written without the registry's addresses), and
are installed with ``npm ci`` once into the cache the site's runtime uses. Lighthouse drives
the same Debian Chromium as the other tests, emulating its default phone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from browsing import CHROMIUM, CHROMIUM_FLAGS

from rulekeeper.sphinx.runtime import cache_dir

PINNED = Path(__file__).parent / "lighthouse"
LEAST_SCORE = 0.98
"""The issue's target: accessibility at least 98 on phones."""

PAGES = [
    "index.html",
    "rules/risk-and-resource/04-turn-structure.html",
    "rules/magic.html",
    "rules/dominion-draft.html",
    "rules/glossary.html",
    "cards/risk-and-resource.html",
    "try/rr.html",
    "search.html",
    "changes.html",
    "guides/trying-examples.html",
    "rules/stockpile-study.html",
    "404.html",
]
"""One page of each kind: home, a long rules page, a format's rules, glossary, card gallery,
try page, search, release changes, a guide, the study with its plots, the missing page."""


@pytest.fixture(scope="module")
def lighthouse() -> Path:
    """Lighthouse's command-line script, installed from the pinned lock file if needed."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm is needed to install Lighthouse (nox -s browser installs it)")
    lock = (PINNED / "package-lock.json").read_bytes()
    folder = cache_dir().parent / "lighthouse"
    script = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    installed = folder / "package-lock.json"
    if not (script.is_file() and installed.is_file() and installed.read_bytes() == lock):
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(PINNED / name, folder / name)
        done = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            pytest.fail(f"npm ci could not install Lighthouse:\n{done.stderr[-2000:]}")
    return script


@pytest.mark.parametrize("path", PAGES)
def test_accessibility_score_on_a_phone(path: str, lighthouse: Path, base_url: str) -> None:
    """Lighthouse scores the page's accessibility at least 98 on its default phone; a lower
    score names every audit that failed and the first elements it found."""
    node = shutil.which("node")
    assert node is not None, "node is needed to run Lighthouse"
    flags = " ".join(["--headless=new", *CHROMIUM_FLAGS])
    done = subprocess.run(
        [
            node,
            str(lighthouse),
            base_url + path,
            "--only-categories=accessibility",
            "--form-factor=mobile",
            f"--chrome-flags={flags}",
            "--output=json",
            "--output-path=stdout",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        timeout=180,
    )
    assert done.returncode == 0, f"Lighthouse failed on {path}:\n{done.stderr[-2000:]}"
    report = json.loads(done.stdout)
    score = report["categories"]["accessibility"]["score"]
    failed = [
        f"{key}: {audit['title']}; on "
        + ", ".join(
            item.get("node", {}).get("selector", "?")
            for item in (audit.get("details") or {}).get("items", [])[:3]
        )
        for key, audit in report["audits"].items()
        if audit.get("scoreDisplayMode") == "binary" and audit.get("score") == 0
    ]
    assert score >= LEAST_SCORE, f"{path}: accessibility {score:.2f}\n" + "\n".join(failed)
