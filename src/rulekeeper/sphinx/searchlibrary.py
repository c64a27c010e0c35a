"""The search library the site ships: MiniSearch, from npm, pinned and checked.

The site's search (``static/rulekeeper-search.js``) ranks with MiniSearch, chosen by measurement
(the comparison is in the contributor guide). The build

1. fetches the npm package ``minisearch`` at :data:`MINISEARCH_VERSION` with ``npm pack`` into
   the cache (``.cache/minisearch`` in a checkout, see :func:`cache_dir`), once;
2. checks the tarball against :data:`MINISEARCH_INTEGRITY`, the sha512 npm publishes for it, and
   refuses any other;
3. copies its browser build and its licence into the site's ``_static`` folder, so the site
   searches offline and asks no CDN for anything.

With ``rulekeeper_search_library = True`` (the site's ``conf.py``), a build that cannot have
the library fails at its start with an error that says why and what to do: a site must never
ship a search page that finds nothing. Builds that leave it ``False`` (the extension's test
projects) ship no library, and their search page says that search is not part of the build.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from rulekeeper.sphinx.npm import NpmPackage, PackageUnavailable, cache_folder

logger = logging.getLogger(__name__)

MINISEARCH_VERSION = "7.2.0"
"""The npm package ``minisearch`` the site ships."""

MINISEARCH_INTEGRITY = (
    "sha512-dqT2XBYUOZOiC5t2HRnwADjhNS2cecp9u+TJRiJ1Qp/f5qjkeT5APcGPjHw+"
    "bz89Ms8Jp+cG4AlE+QZ/QnDglg=="
)
"""npm's ``dist.integrity`` of that version's tarball (``npm view minisearch@VERSION
dist.integrity``): a tarball with any other hash is refused."""

MINISEARCH = NpmPackage("minisearch", MINISEARCH_VERSION, MINISEARCH_INTEGRITY)

SHIPPED = {
    "dist/umd/index.js": "_static/minisearch.js",
    "LICENSE.txt": "_static/minisearch-LICENSE.txt",
}
"""Each file of the package the site ships, and where: the browser build (it sets
``window.MiniSearch``) and its licence, which the MIT licence asks to go with it."""

_FOUND = "rulekeeper_search_library_folder"


def cache_dir() -> Path:
    """Where the fetched library is kept between builds (``RULEKEEPER_SEARCH_CACHE`` if
    set)."""
    return cache_folder("minisearch", "RULEKEEPER_SEARCH_CACHE")


def library_files(cache: Path | None = None) -> Path:
    """The folder holding the shipped files, unpacked from the verified tarball.

    :raises PackageUnavailable: if the tarball cannot be fetched or trusted.
    """
    return MINISEARCH.files(cache or cache_dir(), list(SHIPPED))


def fetch_library(app: Sphinx) -> None:
    """At the start of an HTML build that ships search: have the library, or stop the build
    with the reason, before minutes are spent on the pages."""
    if not app.config.rulekeeper_search_library or app.builder.format != "html":
        return
    try:
        folder = library_files()
    except (PackageUnavailable, OSError) as error:
        raise ExtensionError(
            f"the site's search needs MiniSearch {MINISEARCH_VERSION} from npm, and it cannot "
            f"be had: {error}. Install npm (Debian: apt-get install npm) with access to its "
            f"registry, or put {MINISEARCH.tarball_name} in {cache_dir()}; "
            "rulekeeper_search_library = False builds a site without search."
        ) from None
    setattr(app, _FOUND, folder)


def write_library(app: Sphinx, exception: BaseException | None) -> None:
    """After an HTML build, copy the library into the site's ``_static`` folder."""
    folder: Path | None = getattr(app, _FOUND, None)
    if exception is not None or folder is None:
        return
    out = Path(app.outdir)
    for name, target in SHIPPED.items():
        (out / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(folder / name, out / target)
    logger.info("rulekeeper: search library shipped (minisearch %s)", MINISEARCH_VERSION)


def setup_search_library(app: Sphinx) -> None:
    """Register ``rulekeeper_search_library`` and the fetching and copying of the library."""
    app.add_config_value("rulekeeper_search_library", False, "", bool)
    app.connect("builder-inited", fetch_library)
    app.connect("build-finished", write_library)
