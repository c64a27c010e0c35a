"""Destroying a permanent, as an effect or a state-based action does (RR 2.3c, RR 2.4).

Below both the effects and the state-based actions, which each destroy, so that neither needs
the other to do it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.riskres import triggers
from rulekeeper.riskres.state import zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame
    from rulekeeper.riskres.state import CardState


def destroy(game: RiskGame, permanent: CardState, rule: str, text: str) -> None:
    """Put a permanent into its owner's graveyard, on top (RR 2.4b keeps the order); a
    creature's "when this dies" abilities trigger (RR 13.5c).

    :enforces: RR 2.3c, RR 2.4a, RR 2.4b, RR 3.1.5c, RR 13.5a, RR 13.5b, RR 13.3c
    """
    hidden, controller = permanent.face_down, permanent.controller
    creature = permanent.definition.has_type("Creature")
    game.table.move(permanent.id, zone_name("graveyard", permanent.owner))
    # RR 13.5a: a face-down permanent is revealed as it goes, and arrives face up.
    game.record(rule, text + (f" (it was {permanent.name})" if hidden else ""))
    if creature:
        triggers.dies(game, permanent, controller)
