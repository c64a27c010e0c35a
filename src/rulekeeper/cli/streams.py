"""The command's standard streams, whatever state they are handed over in.

Standard output carries what a command is for (a check's verdict, a log, a summary): output
that cannot be written is reported, with exit code 2 (see :func:`rulekeeper.cli.main`).
Standard error only carries messages about the run and the progress bar, so a closed or full
standard error must not cost the command its output: :class:`GuardedStderr` stands in for it
while a command runs, and gives up on it quietly at the first write that fails.

>>> import io
>>> from rulekeeper.cli.streams import GuardedStderr
>>> class Full(io.StringIO):
...     def write(self, text: str) -> int:
...         raise OSError(28, "No space left on device")
>>> stderr = GuardedStderr(Full())
>>> stderr.usable, stderr.write("50%|#####     |"), stderr.usable
(True, 15, False)
>>> GuardedStderr(None).usable  # started with standard error closed (2>&-)
False
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import TextIO


class GuardedStderr(io.TextIOBase):
    """Standard error that cannot fail the command: it writes to ``stream`` until a write or a
    flush fails (a full disk, ``2>/dev/full``, a reader gone), then drops everything, and it
    drops everything from the start if there is no stream (``2>&-``). :attr:`usable` says which.
    """

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self.stream = stream
        self.usable = stream is not None
        """Whether what is written still reaches standard error."""

    @property
    def encoding(self) -> str:  # type: ignore[override]  # io.TextIOBase's is read-only too
        """The stream's encoding (tqdm asks, to choose its bar's characters)."""
        return getattr(self.stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        """Write ``text`` if standard error is still usable; say it was written either way."""
        if self.stream is not None and self.usable:
            try:
                self.stream.write(text)
            except (OSError, ValueError):  # ValueError: the stream was closed
                self._give_up()
        return len(text)

    def flush(self) -> None:
        """Flush the stream, if standard error is still usable."""
        if self.stream is not None and self.usable:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self._give_up()

    def isatty(self) -> bool:
        """Whether standard error is a terminal (where a progress bar redraws itself)."""
        return self.usable and self.stream is not None and self.stream.isatty()

    def fileno(self) -> int:
        """The stream's file descriptor (tqdm asks it for the terminal's width).

        :raises io.UnsupportedOperation: if standard error is closed or has none.
        """
        if self.stream is None:
            raise io.UnsupportedOperation("standard error is closed")
        return self.stream.fileno()

    def _give_up(self) -> None:
        self.usable = False
        # What the stream still holds would fail again when Python flushes it on the way out,
        # and turn the exit code into 120: send it to the null device instead.
        if self.stream is not None:
            discard(self.stream)


def stderr_usable() -> bool:
    """Whether what is written on standard error can still reach it: a progress bar is drawn
    only then."""
    return sys.stderr is not None and getattr(sys.stderr, "usable", True)


def complain(message: str) -> None:
    """Write ``rulekeeper: message`` on standard error, if standard error can take it."""
    # If standard error is full or gone as well, the exit code still tells.
    with contextlib.suppress(OSError, ValueError):
        print(f"rulekeeper: {message}", file=sys.stderr or io.StringIO(), flush=True)


def escape_what_cannot_be_encoded(stream: TextIO | None) -> None:
    """Write a character the stream's encoding cannot show (``PYTHONIOENCODING=ascii``, a
    cp1252 console) as a backslash escape, instead of failing with a UnicodeEncodeError."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


def discard(stream: TextIO) -> None:
    """Point the file behind ``stream`` at the null device, so that what is still buffered is
    dropped when Python flushes it on the way out, instead of failing a second time."""
    # A stream with no file behind it (a test's capture) is left alone: it cannot fail.
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        descriptor = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, descriptor)
        finally:
            os.close(null)
