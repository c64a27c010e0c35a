"""The kernel every game shares: chance, the event log, the game protocol, agents and the
conformance suite."""

from __future__ import annotations

from rulekeeper.engine.agents import Agent, RandomAgent, play
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import Event, EventLog
from rulekeeper.engine.game import Action, Game, Outcome, PlayerId, explain

__all__ = [
    "Action",
    "Agent",
    "Chance",
    "Event",
    "EventLog",
    "Game",
    "Outcome",
    "PlayerId",
    "RandomAgent",
    "explain",
    "play",
]
