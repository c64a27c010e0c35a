"""The names of the zones cards are in (DM 1.6): each player's ``deck:P``, ``hand:P``,
``discard:P``, ``play:P`` (in play) and ``aside:P`` (set aside), each Supply pile's
``pile:NAME``, and the shared ``trash``.

>>> from rulekeeper.dominion.zones import pile_zone, zone_name
>>> zone_name("hand", 1), pile_zone("Smithy")
('hand:1', 'pile:Smithy')
"""

from __future__ import annotations

from typing import Final

from rulekeeper.dominion import PLAYERS
from rulekeeper.dominion.cards import CARDS
from rulekeeper.engine.table import player_zone_names

PLAYER_ZONES: Final = ("deck", "hand", "discard", "play", "aside")
"""Each player's zones (DM 1.6)."""

# Every zone name, made once (speed guide, "Patterns in the hot code").
_ZONE_NAMES: Final = player_zone_names(PLAYER_ZONES, PLAYERS[1])
_PILE_ZONES: Final = {name: f"pile:{name}" for name in CARDS}


def zone_name(kind: str, player: int) -> str:
    """The name of ``player``'s zone of ``kind``, one of :data:`PLAYER_ZONES`."""
    return _ZONE_NAMES[kind][player]


def pile_zone(name: str) -> str:
    """The name of the zone that holds the Supply pile of the card ``name``."""
    return _PILE_ZONES[name]


__all__ = ["PLAYER_ZONES", "pile_zone", "zone_name"]
