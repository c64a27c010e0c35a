"""The compact Magic model's words for its actions, and those its formats add (see
:mod:`rulekeeper.engine.notation`).

>>> from rulekeeper.engine.notation import Notation
>>> from rulekeeper.mtg.notation import VOCABULARY
>>> from rulekeeper.mtg.scenario import Scenario
>>> game = Scenario().player(0, hand=["Forest"]).build()
>>> [move.text for move in Notation(game, VOCABULARY).moves()]
['Alice passes', 'Alice plays Forest']
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.engine.events import indefinite
from rulekeeper.engine.game import Action, Game, PlayerId
from rulekeeper.engine.notation import CardNamer, Named
from rulekeeper.mtg import actions as act
from rulekeeper.mtg import combat
from rulekeeper.mtg.formats.stockpile.actions import Acquire, AcquireLand, ReturnJunk
from rulekeeper.mtg.formats.stockpile.piles import face_up_card
from rulekeeper.mtg.formats.vortex.actions import ExilePack, KeepPack, Pick, TakeBasic
from rulekeeper.mtg.game import MagicGame


def _target(game: MagicGame, target: act.Target | None, card: CardNamer) -> str:
    if target is None:
        return ""
    if isinstance(target, act.Player):
        return f" targeting {game.name_of(target.index)}"
    return f" targeting {card(target)}"


class MagicVocabulary:
    """The words of every action of the Magic model and of Vortex and Stockpile Draft: a
    format's actions are its own classes, so one table serves them all without asking which
    format is played."""

    def card_name(self, game: Game, card: int) -> str:
        """A card's name."""
        assert isinstance(game, MagicGame)
        return game.table.cards[card].name

    def refusable(self, game: Game, named: Named) -> Iterable[Action]:
        """Passing (which a player who must first finish declaring attackers or blockers, or
        discarding, may not do: MG 2.5); attacking without naming whom, where each attacker
        attacks an opponent of its controller's choice (MG R8), or attacking a player the
        text names; the format's own (``MagicFormat.refusable``); and playing or casting any
        card in the deciding player's hand, without a target or aimed at what the text
        names."""
        assert isinstance(game, MagicGame)
        player = game.current_player()
        targets: list[act.Target] = [*map(act.Player, named.players), *named.cards]
        yield act.Pass()
        if game.decision == "attackers":
            for creature in game.table.creatures(player):
                yield act.Attack(creature.id)
                yield from (act.Attack(creature.id, whom) for whom in named.players)
        yield from game.variant.refusable(game, player)
        hand = game.table.zones.get(f"hand:{player}", [])
        for card in hand:
            definition = game.table.cards[card].definition
            if "Land" in definition.types:
                yield act.PlayLand(card)
            else:
                yield act.Cast(card)
                yield from (act.Cast(card, target) for target in targets)

    def words(self, game: Game, action: Action, card: CardNamer) -> tuple[PlayerId, str]:
        """Who takes ``action`` and what they do.

        :raises KeyError: if ``action`` is not one of the Magic formats' actions.
        """
        assert isinstance(game, MagicGame)
        player = game.current_player()
        match action:
            case act.Pass():
                return player, "passes"
            case act.PlayLand(c):
                return player, f"plays {card(c)}"
            case act.Cast(c, target):
                return player, f"casts {card(c)}{_target(game, target, card)}"
            case act.Attack(c, attacked):
                whom = "" if attacked is None else f" {game.name_of(attacked)}"
                return player, f"attacks{whom} with {card(c)}"
            case act.EndAttacks():
                return player, "finishes declaring attackers"
            case act.Block(blocker, attacker):
                return player, f"blocks {card(attacker)} with {card(blocker)}"
            case act.EndBlocks():
                return player, "finishes declaring blockers"
            case act.AssignDamage():
                return player, combat.division_text(game, action, card)
            case act.Discard(c):
                return player, f"discards {card(c)}"
            # Vortex (VX 4.2, VX 5.3, VX 7.1).
            case Pick(c):
                return player, f"picks {card(c)}"
            case TakeBasic(name):
                return player, f"takes {indefinite(name)}"
            case ExilePack():
                return player, "exiles their pack"
            case KeepPack():
                return player, "keeps their pack"
            # Stockpile Draft (SD 5.2, SD 5.3a, SD 6.2).
            case Acquire(pile):
                top = face_up_card(game, pile)
                named = "" if top is None else f" {card(top)}"
                return player, f"acquires{named} from stockpile {pile}"
            case AcquireLand(name):
                return player, f"acquires {indefinite(name)} from the landpile"
            case ReturnJunk(c):
                return player, f"returns {card(c)} to the junkpile"
        raise KeyError(action)


VOCABULARY = MagicVocabulary()
"""The vocabulary of every Magic format."""
