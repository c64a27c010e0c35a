"""The compact Magic model (prefix ``MG``) that Leveler, Vortex and Stockpile Draft play on.

The model's facts come first; each format declares its own in its package under
:mod:`rulekeeper.mtg.formats`.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.formats import FormatFacts

TURN_LIMIT: Final = 200  # MG R1: bot games that reach this many turns are drawn

FACTS: Final = FormatFacts(
    key="magic",
    name="Magic",
    prefix="MG",
    players=(2, 2),
    players_rule="MG 1.1",
    turn_limit=TURN_LIMIT,
)
"""Plain two-player Magic, the facts :class:`~rulekeeper.mtg.hooks.MagicFormat` starts from."""

__all__ = ["FACTS", "TURN_LIMIT"]
