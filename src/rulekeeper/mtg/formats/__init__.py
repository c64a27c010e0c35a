"""The formats played on the compact Magic model, each a package of its own that declares its
facts (``FACTS``) and subclasses :class:`~rulekeeper.mtg.hooks.MagicFormat`.

This is the Magic formats' own registry: the save loader and the scenario builder find a
format here by its key, and the table of every playable format (:mod:`rulekeeper.games`)
reads it.

>>> sorted(MAGIC_FORMATS)
['leveler', 'stockpile', 'vortex']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rulekeeper.errors import InputError
from rulekeeper.mtg.formats.leveler.play import Leveler
from rulekeeper.mtg.formats.stockpile.play import Stockpile
from rulekeeper.mtg.formats.vortex.play import Vortex
from rulekeeper.mtg.hooks import MagicFormat

MAGIC_FORMATS: Final[Mapping[str, MagicFormat]] = {
    fmt.facts.key: fmt for fmt in (Leveler(), Vortex(), Stockpile())
}
"""Each Magic format by its key."""


def magic_format(key: str) -> MagicFormat:
    """The Magic format registered under ``key``.

    :raises InputError: if no such Magic format exists.
    """
    try:
        return MAGIC_FORMATS[key]
    except KeyError:
        raise InputError(
            f"unknown Magic format {key!r}; known: {', '.join(sorted(MAGIC_FORMATS))}"
        ) from None
