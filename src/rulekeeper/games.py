"""The one table of playable formats. The CLI, the docs and the conformance suite read it.

Nothing registers itself on import: a format is playable because it is listed here.

>>> from rulekeeper.games import FORMATS
>>> sorted(FORMATS)
['dominion', 'dominion-draft', 'leveler', 'rr', 'stockpile', 'vortex']
>>> FORMATS["leveler"].players
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from rulekeeper.engine.agents import Agent, RandomAgent
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.formats import FormatFacts
from rulekeeper.engine.game import Game
from rulekeeper.engine.notation import Vocabulary
from rulekeeper.engine.saves import read_save, refuse, restore_read
from rulekeeper.errors import InputError
from rulekeeper.mtg.formats import magic_format
from rulekeeper.mtg.invariants import magic_invariants
from rulekeeper.ondemand import OnDemand

if TYPE_CHECKING:
    from rulekeeper.mtg.hooks import MagicFormat

# A format's package is imported when its entry of FORMATS is first looked up, not here: a page
# of the site that plays Leveler in a reader's browser imports no Dominion.

DECK_SEED_SALT = 0x5EED  # any fixed number: it separates deck building from the game's chance


class NewGame(Protocol):
    """Start a bot game: ``seed`` picks the decks and the game's chance; ``variant`` is one of
    the format's :attr:`GameFormat.variants`, or ``""`` for the plain game; ``kingdom`` one of
    its :attr:`GameFormat.kingdoms`, or ``""`` for one the seed picks (Dominion only).

    :raises InputError: if the format has no such variant or kingdom.
    """

    def __call__(self, seed: int, players: int, variant: str = "", kingdom: str = "") -> Game: ...


def _no_kingdoms(facts: FormatFacts, kingdom: str) -> None:
    """Refuse a named kingdom for a format that has none."""
    if kingdom:
        raise InputError(f"{facts.name} has no named kingdoms, so no kingdom {kingdom!r}")


@dataclass(frozen=True)
class GameFormat:
    """A playable format: its facts, as its package declares them, how to start a bot game,
    and its agents."""

    facts: FormatFacts
    new_game: NewGame
    agents: Mapping[str, Callable[[int], Agent]]
    invariants: Callable[[Game], list[str]]
    vocabulary: Vocabulary
    """The format's words for its actions (see :mod:`rulekeeper.notation`)."""
    game: type[Game]
    """The class its games are, whose :meth:`~rulekeeper.engine.game.Game.loads` reads its
    saves."""
    new_game_from_cube: Callable[[int, int, Sequence[str]], Game] | None = None
    """Start a bot game from a cube of the user's (card names), for formats played from one."""
    recorded_move: Callable[[Game, str], str] | None = None
    """A move of an older record in today's words, where the notation has changed since
    (:func:`rulekeeper.records.replay` asks it before each move)."""

    @property
    def key(self) -> str:
        """The name the format is chosen by."""
        return self.facts.key

    @property
    def name(self) -> str:
        """The format's name."""
        return self.facts.name

    @property
    def prefix(self) -> str:
        """The prefix of the format's rule IDs."""
        return self.facts.prefix

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and the most players."""
        return self.facts.players

    @property
    def variants(self) -> Mapping[str, str]:
        """The variants a game may be set up with, by name, each with a one-line description."""
        return self.facts.variants

    @property
    def kingdoms(self) -> Mapping[str, str]:
        """The named kingdoms a game may be set up with, each with its cards."""
        return self.facts.kingdoms

    def check_choices(self, variant: str, kingdom: str) -> None:
        """Check a variant and a named kingdom asked for (``""`` for none) against the
        format's.

        :raises InputError: naming what the format has, if it has no such variant or kingdom.
        """
        for what, asked, known in (
            ("variant", variant, self.variants),
            ("kingdom", kingdom, self.kingdoms),
        ):
            if asked and asked not in known:
                listed = ", ".join(known) or "none"
                raise InputError(f"{self.name} has no {what} {asked!r}; its {what}s: {listed}")

    def check_players(self, players: int) -> None:
        """Check a player count against the format's rule (see
        :meth:`~rulekeeper.engine.formats.FormatFacts.check_players`).

        :raises InputError: if the format is not played by ``players`` players.
        """
        self.facts.check_players(players)


def _magic(fmt: MagicFormat, heuristic: Callable[[int], Agent]) -> GameFormat:
    from rulekeeper.mtg.game import MagicGame
    from rulekeeper.mtg.notation import VOCABULARY as MAGIC_VOCABULARY

    def new_game(seed: int, players: int, variant: str = "", kingdom: str = "") -> Game:
        if variant:
            raise InputError(f"{fmt.facts.name} has no variants")
        _no_kingdoms(fmt.facts, kingdom)
        # The decks come from a chance of their own so that the game's stream starts fresh.
        decks = fmt.bot_decks(Chance(seed ^ DECK_SEED_SALT), players)
        return MagicGame.new(fmt, decks, seed=seed)

    def invariants(game: Game) -> list[str]:
        assert isinstance(game, MagicGame)
        return magic_invariants(game)

    return GameFormat(
        facts=fmt.facts,
        new_game=new_game,
        agents={"random": RandomAgent, "heuristic": heuristic},
        invariants=invariants,
        vocabulary=MAGIC_VOCABULARY,
        game=MagicGame,
    )


def _magic_entry(key: str) -> Callable[[], GameFormat]:
    """Make the entry of the Magic format ``key``, with the heuristic agent that knows its
    decisions."""

    def make() -> GameFormat:
        from rulekeeper.mtg.agents import HeuristicAgent
        from rulekeeper.mtg.formats import MAGIC_FORMATS
        from rulekeeper.mtg.formats.stockpile.agents import StockpileAgent
        from rulekeeper.mtg.formats.vortex.agents import VortexAgent

        agents: dict[str, Callable[[int], Agent]] = {
            "leveler": HeuristicAgent,
            "vortex": VortexAgent,
            "stockpile": StockpileAgent,
        }
        entry = _magic(MAGIC_FORMATS[key], agents[key])
        if key == "stockpile":
            entry = replace(entry, new_game_from_cube=_stockpile_from_cube)
        return entry

    return make


def _stockpile_from_cube(seed: int, players: int, cube: Sequence[str]) -> Game:
    """A Stockpile Draft game cut from ``cube`` (SD 1.3); players bring no decks (SD 1.2)."""
    from rulekeeper.mtg.formats.stockpile.play import Stockpile
    from rulekeeper.mtg.game import MagicGame

    return MagicGame.new(Stockpile(cube=cube), [[] for _ in range(players)], seed=seed)


def _risk_and_resource() -> GameFormat:
    from rulekeeper.riskres import FACTS as RR_FACTS
    from rulekeeper.riskres.agents import HeuristicAgent as RiskHeuristicAgent
    from rulekeeper.riskres.decks import PRECONSTRUCTED as RR_DECKS
    from rulekeeper.riskres.game import RiskGame
    from rulekeeper.riskres.invariants import risk_invariants
    from rulekeeper.riskres.notation import VOCABULARY as RR_VOCABULARY
    from rulekeeper.riskres.notation import recorded_move as rr_recorded_move

    def new_game(seed: int, players: int, variant: str = "", kingdom: str = "") -> Game:
        _no_kingdoms(RR_FACTS, kingdom)
        # The preconstructed decks in turn, starting with one the seed picks, so that every
        # deck plays from every seat; two players may bring the same deck.
        decks = list(RR_DECKS.values())
        seats = [decks[(seed + seat) % len(decks)] for seat in range(players)]
        return RiskGame.new(seats, seed=seed, variant=variant)

    def invariants(game: Game) -> list[str]:
        assert isinstance(game, RiskGame)
        return risk_invariants(game)

    return GameFormat(
        facts=RR_FACTS,
        new_game=new_game,
        agents={"random": RandomAgent, "heuristic": RiskHeuristicAgent},
        invariants=invariants,
        vocabulary=RR_VOCABULARY,
        game=RiskGame,
        recorded_move=rr_recorded_move,
    )


def _dominion_game_invariants(game: Game) -> list[str]:
    """The invariants of every Dominion game, plain or drafted: the variant adds its own
    (:meth:`rulekeeper.dominion.hooks.DominionVariant.invariants`)."""
    from rulekeeper.dominion.game import DominionGame
    from rulekeeper.dominion.invariants import dominion_invariants

    assert isinstance(game, DominionGame)
    return dominion_invariants(game)


def _dominion() -> GameFormat:
    from rulekeeper.dominion import FACTS as DOMINION_FACTS
    from rulekeeper.dominion import KINGDOMS
    from rulekeeper.dominion.agents import BigMoney, BigMoneySmithy
    from rulekeeper.dominion.game import DominionGame
    from rulekeeper.dominion.hooks import DominionVariant
    from rulekeeper.dominion.kingdoms import random_kingdom
    from rulekeeper.dominion.notation import VOCABULARY as DOMINION_VOCABULARY

    def new_game(seed: int, players: int, variant: str = "", kingdom: str = "") -> Game:
        rules = DominionVariant.with_option(variant)
        # A named kingdom, or one the seed picks with a chance of its own (as decks are).
        if kingdom not in KINGDOMS and kingdom:
            known = ", ".join(KINGDOMS)
            raise InputError(f"Dominion has no kingdom {kingdom!r}; its kingdoms: {known}")
        cards, landscapes = (
            KINGDOMS[kingdom] if kingdom else random_kingdom(Chance(seed ^ DECK_SEED_SALT))
        )
        return DominionGame.new(
            cards, landscapes=landscapes, seed=seed, players=players, variant=rules
        )

    return GameFormat(
        facts=DOMINION_FACTS,
        new_game=new_game,
        # The heuristic seat plays Big Money with Smithy, the stronger of the two money bots.
        agents={
            "random": RandomAgent,
            "heuristic": BigMoneySmithy,
            "big-money": BigMoney,
            "big-money-smithy": BigMoneySmithy,
        },
        invariants=_dominion_game_invariants,
        vocabulary=DOMINION_VOCABULARY,
        game=DominionGame,
    )


def _dominion_draft() -> GameFormat:
    from rulekeeper.dominion.draft import FACTS as DRAFT_FACTS
    from rulekeeper.dominion.draft.agents import DraftAgent
    from rulekeeper.dominion.draft.notation import VOCABULARY as DRAFT_VOCABULARY
    from rulekeeper.dominion.draft.scenario import new_draft_game
    from rulekeeper.dominion.game import DominionGame

    def new_game(seed: int, players: int, variant: str = "", kingdom: str = "") -> Game:
        _no_kingdoms(DRAFT_FACTS, kingdom)  # the draft deals its own (DD 1.2)
        # The draft deals from the game's own chance, so `rulekeeper deal` shows the same deal.
        return new_draft_game(seed, players, variant)

    return GameFormat(
        facts=DRAFT_FACTS,
        new_game=new_game,
        agents={"random": RandomAgent, "heuristic": DraftAgent},
        invariants=_dominion_game_invariants,
        vocabulary=DRAFT_VOCABULARY,
        game=DominionGame,
    )


FORMATS: Mapping[str, GameFormat] = OnDemand(
    {
        "leveler": _magic_entry("leveler"),
        "vortex": _magic_entry("vortex"),
        "stockpile": _magic_entry("stockpile"),
        "rr": _risk_and_resource,
        "dominion": _dominion,
        "dominion-draft": _dominion_draft,
    }
)
"""Every playable format by key. An entry is made, and its format's package imported, when
it is first looked up (:class:`~rulekeeper.ondemand.OnDemand`)."""


__all__ = [
    "FORMATS",
    "GameFormat",
    "NewGame",
    "game_format",
    "load_game",
    "magic_format",
    "magic_invariants",
]


def game_format(key: str) -> GameFormat:
    """The playable format registered under ``key`` (also accepts its rule prefix).

    :raises InputError: if no such format exists.
    """
    if key.lower() in FORMATS:  # by its key, without making every entry to read its prefix
        return FORMATS[key.lower()]
    for entry in FORMATS.values():
        if key.lower() in (entry.key, entry.prefix.lower()):
            return entry
    raise InputError(f"unknown format {key!r}; choose from {', '.join(sorted(FORMATS))}")


def load_game(text: str | bytes, *, source: str = "") -> Game:
    """Restore a saved game of any format from the text that
    :meth:`~rulekeeper.engine.game.Game.dumps` wrote, checked completely (see
    :mod:`rulekeeper.engine.saves`): the save names its format, and that format's game class
    reads it. ``source`` names the file in an error.

    >>> from rulekeeper.games import FORMATS, load_game
    >>> game = FORMATS["dominion-draft"].new_game(1, 2)
    >>> load_game(game.dumps()).dumps() == game.dumps()
    True
    >>> load_game('{"format": "chess"}', source="game.json")
    Traceback (most recent call last):
    ...
    rulekeeper.errors.SerializationError: game.json: not a saved game: format: 'chess' is not a
    format: choose from dominion, dominion-draft, leveler, rr, stockpile, vortex

    :raises SerializationError: if ``text`` is not a saved game of a known format.
    """
    data = read_save(text, source=source)
    key = data.get("format")
    entry = FORMATS.get(key) if isinstance(key, str) else None
    if entry is None:
        known = ", ".join(sorted(FORMATS))
        raise refuse("format", f"{key!r} is not a format: choose from {known}", source=source)
    return restore_read(entry.game.from_json, data, source)
