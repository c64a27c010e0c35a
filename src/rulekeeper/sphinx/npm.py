"""A package from the npm registry, pinned by version and checksum, fetched once and cached.

The site's build ships Pyodide (:mod:`rulekeeper.sphinx.runtime`) and the browser tests run
axe-core; both come from npm as tarballs that ``npm pack`` fetches (npm resolves its own
registry). A tarball is kept in a cache folder and checked against the sha512 npm publishes for
that version (its ``dist.integrity``) every time it is used; one with any other hash is deleted
and refused.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

NPM_TIMEOUT = 300
"""Seconds ``npm pack`` may take: the Pyodide tarball is about 30 MB."""


def cache_folder(name: str, variable: str) -> Path:
    """Where a fetched package ``name`` is kept between builds.

    The environment variable ``variable`` if set; else ``.cache/NAME`` in a source checkout
    (git-ignored); else the user's cache folder.
    """
    chosen = os.environ.get(variable)
    if chosen:
        return Path(chosen)
    checkout = Path(__file__).resolve().parents[3]
    if (checkout / "pyproject.toml").is_file() and (checkout / "rules").is_dir():
        return checkout / ".cache" / name
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulekeeper" / name


class PackageUnavailable(Exception):
    """The package cannot be fetched or trusted here; the message says why."""


def integrity(data: bytes) -> str:
    """The npm ``integrity`` string (sha512) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@dataclass(frozen=True)
class NpmPackage:
    """One version of an npm package, and the checksum its tarball must have."""

    name: str
    version: str
    integrity: str
    """npm's ``dist.integrity`` for the version (``npm view NAME@VERSION dist.integrity``)."""

    @property
    def tarball_name(self) -> str:
        """The file ``npm pack`` writes: ``pyodide-314.0.7.tgz``."""
        return f"{self.name}-{self.version}.tgz"

    def tarball(self, cache: Path) -> Path:
        """The verified tarball in ``cache``, fetched with ``npm pack`` if it is not there yet.

        :raises PackageUnavailable: without npm, without the network, or on a checksum
            mismatch.
        """
        tarball = cache / self.tarball_name
        if not tarball.is_file():
            npm = shutil.which("npm")
            if npm is None:
                raise PackageUnavailable("npm is not installed")
            cache.mkdir(parents=True, exist_ok=True)
            spec = f"{self.name}@{self.version}"
            try:
                done = subprocess.run(
                    [npm, "pack", spec, "--pack-destination", str(cache)],
                    capture_output=True,
                    text=True,
                    timeout=NPM_TIMEOUT,
                    check=False,
                )
            except (OSError, subprocess.TimeoutExpired) as error:
                raise PackageUnavailable(f"npm pack failed: {error}") from None
            if done.returncode != 0 or not tarball.is_file():
                last = (done.stderr.strip().splitlines() or ["no output"])[-1]
                raise PackageUnavailable(f"npm pack failed: {last}")
        found = integrity(tarball.read_bytes())
        if found != self.integrity:
            tarball.unlink()
            raise PackageUnavailable(
                f"{self.tarball_name} has integrity {found}, not the pinned "
                f"{self.integrity}; it was deleted"
            )
        return tarball

    def files(self, cache: Path, names: Sequence[str]) -> Path:
        """The folder in ``cache`` holding ``names`` (paths inside the package), unpacked
        from the verified tarball the first time.

        :raises PackageUnavailable: if the tarball cannot be fetched or trusted, or lacks a
            file.
        """
        unpacked = cache / f"{self.name}-{self.version}"
        if all((unpacked / name).is_file() for name in names):
            return unpacked
        tarball = self.tarball(cache)
        try:
            with tarfile.open(tarball, "r:gz") as archive:
                for name in names:
                    member = archive.extractfile(f"package/{name}")
                    if member is None:
                        raise PackageUnavailable(f"the tarball has no {name}")
                    target = unpacked / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(member.read())
        except (KeyError, tarfile.TarError) as error:
            raise PackageUnavailable(f"{self.tarball_name} cannot be read: {error}") from None
        return unpacked
