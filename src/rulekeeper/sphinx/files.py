"""Writing the files a build generates, so that an unchanged file is left as it was: its
modification time then tells Sphinx (and a server's caches) that nothing changed, and an
incremental build reads only what did."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds it; whether it was written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def write_pages(folder: Path, pages: Mapping[str, str], pattern: str) -> None:
    """Make ``folder`` hold exactly ``pages`` (file name to text) among the files matching
    ``pattern``: pages no longer made are deleted, unchanged ones are not rewritten."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob(pattern):
        if stale.name not in pages:
            stale.unlink()
    for name, text in pages.items():
        write_if_changed(folder / name, text)
