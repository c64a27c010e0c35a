"""Risk & Resource: the card game of energy, pressure and exile (prefix ``RR``).

The format's facts come first; the engine lives in the modules named after its concepts:
:mod:`~rulekeeper.riskres.cards` (the card set), :mod:`~rulekeeper.riskres.costs`,
:mod:`~rulekeeper.riskres.timing`, :mod:`~rulekeeper.riskres.combat`,
:mod:`~rulekeeper.riskres.sba`, :mod:`~rulekeeper.riskres.outcome`,
:mod:`~rulekeeper.riskres.mulligan` and :mod:`~rulekeeper.riskres.game`.
"""

from __future__ import annotations

from typing import Final

from rulekeeper.engine.formats import FormatFacts

TURN_LIMIT: Final = 150  # bot games that reach this many turns are drawn (see the rulings)

FACTS: Final = FormatFacts(
    key="rr",
    name="Risk & Resource",
    prefix="RR",
    # Two to six players; chapter 10's rules apply to games of three or more.
    players=(2, 6),
    players_rule="RR R63",
    variants={
        "alliance": "Alliance mode: players may ally and share win conditions (RR 10.4.1)",
        "bounty": "Bounty mode: eliminating a player pays their EP and a card (RR 10.4.2)",
        "king": "King of the Hill: the King starts with 10 EP, the rest draw more (RR 10.4.3)",
    },
    turn_limit=TURN_LIMIT,
)
"""The format's facts: the registry, the command line and the save loader read them."""

RULE_PREFIX: Final = FACTS.prefix
"""Every rule of this format is cited as ``RR <number>``."""

PLAYERS: Final = FACTS.players
"""Two to six players (RR R63)."""

OPENING_HAND: Final = 7  # RR 12.1a, RR R9
MULTIPLAYER: Final = 3  # RR 10, RR 12.4: from three players a game is multiplayer
HAND_SIZE: Final = 10  # RR 2.2a: the maximum, checked only in cleanup (RR R18)
DRAWS_PER_TURN: Final = 2  # RR 4.2: the draw phase draws two
RESOURCE_EP: Final = 1  # RR 4.3: the resource phase gives the active player 1 EP
STARTING_EP: Final = 0  # RR R6
EXILE_LOSS: Final = 10  # RR 2.5, RR 9.2: ten or more cards in exile lose the game
MAX_TRAPS: Final = 2  # RR 2.7: at most two traps per player
DECK_SIZE: Final = 40  # RR R8: exactly forty cards
MAX_COPIES: Final = 3  # RR R8: at most three copies of a name
MAX_LEGENDARY_COPIES: Final = 1  # RR R8: at most one copy of a legendary name
ASSEMBLY_LINE_MAX: Final = 4  # RR 1.5: Assembly Line reduces a cost by at most 4 EP
# RR 1.4: the first Intel ability of a turn costs +0 EP, the second +2, the third and later +4
INTEL_SURCHARGE: Final = (0, 2, 4)
__all__ = [
    "ASSEMBLY_LINE_MAX",
    "DECK_SIZE",
    "DRAWS_PER_TURN",
    "EXILE_LOSS",
    "FACTS",
    "HAND_SIZE",
    "INTEL_SURCHARGE",
    "MAX_COPIES",
    "MAX_LEGENDARY_COPIES",
    "MAX_TRAPS",
    "MULTIPLAYER",
    "OPENING_HAND",
    "PLAYERS",
    "RESOURCE_EP",
    "RULE_PREFIX",
    "STARTING_EP",
    "TURN_LIMIT",
]
