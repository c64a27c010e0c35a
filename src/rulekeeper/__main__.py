"""``python -m rulekeeper`` and the ``rulekeeper`` command: :func:`run`.

Nothing is imported before :func:`run` starts but what Python itself has loaded (the package's
``__init__`` loads nothing either), so that a Ctrl-C while the command line is still loading
ends it as quietly as one while a command runs.
"""

import sys

INTERRUPTED = 130
"""The exit code after Ctrl-C, :data:`rulekeeper.cli.EXIT_INTERRUPTED` (not imported from
there: the import is what may be interrupted)."""


def run() -> None:
    """Run the command line and exit with its exit code; exit with 130 and one line on
    standard error if Ctrl-C comes before :func:`rulekeeper.cli.main` can catch it itself,
    while the command line is loading."""
    try:
        from rulekeeper.cli import main

        status = main()
    except KeyboardInterrupt:
        status = INTERRUPTED
        if sys.stderr is not None:  # None: started with standard error closed (2>&-)
            # Not contextlib.suppress: this module loads nothing that Python has not loaded.
            try:  # noqa: SIM105
                print("rulekeeper: interrupted", file=sys.stderr, flush=True)
            except (OSError, ValueError):  # full, or closed since
                pass
    sys.exit(status)


if __name__ == "__main__":
    run()
