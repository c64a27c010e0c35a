"""What a reader's browser runs: the worked examples of a page and play from a position.

The site ships this package, with the rest of the engine, to run in a Web Worker on Pyodide, so
it uses the standard library and the engine only. :mod:`~rulekeeper.browser.pages` reads a page's
examples (at build time and in CI, with Sybil); :mod:`~rulekeeper.browser.api` holds the
operations the worker answers.
"""
