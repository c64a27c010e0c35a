"""Why an action may or may not be taken now: one predicate per kind of action.

Each ``why_not_*`` function returns ``None`` when the action is legal and a
:data:`~rulekeeper.engine.game.Violation` (the rule and a one-line reason) when it is not. The
game builds its legal actions *and* its error messages from these same functions, so the two
can never disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.game import Violation
from rulekeeper.engine.seats import PLAYING
from rulekeeper.mtg.actions import Player, Target
from rulekeeper.mtg.combat import attacked_player
from rulekeeper.mtg.state import CardState

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame


def is_sorcery_speed(game: MagicGame, player: int) -> bool:
    """True when ``player`` may cast a creature or sorcery: their main phase, stack empty.

    :enforces: MG 3.4
    """
    if game.active != player:
        return False
    # Compared one by one, not looked up in a tuple (speed guide, "Patterns in the hot code").
    step = game.step
    return (step == "main1" or step == "main2") and not game.table.stack


def can_only_pass(game: MagicGame) -> bool:
    """True when the player with priority certainly has nothing to do but pass: outside their
    main phase with the stack empty no land can be played (MG 3.1) and only an instant can be
    cast (MG 3.4), none of their instants can be cast whatever its target (MG 3.3), and the
    format proposes nothing of its own.

    It is the cheap question the engine asks before it judges every candidate action
    (:meth:`~rulekeeper.engine.turns.AutomaticGame.take_forced_actions`); when it is True, the only
    legal action is the pass, because every other candidate fails one of those checks (a test
    plays games to hold the two to this).
    """
    player = game.priority
    if game.decision != "priority" or is_sorcery_speed(game, player):
        return False
    cards = game.table.cards
    for card_id in game.table.hands[player]:
        if (
            cards[card_id].definition.is_instant
            and why_not_cast_card(game, player, card_id) is None
        ):
            return False
    return not game.variant.priority_actions(game, player)


def why_not_play_land(game: MagicGame, player: int, card_id: int) -> Violation | None:
    """A player may play one land a turn, from hand, at sorcery speed.

    :enforces: MG 3.1
    """
    if game.table.where.get(card_id) != game.table.hand_zones[player]:
        return ("MG 3.1", "a land is played from your own hand")
    if not game.table.cards[card_id].definition.is_land:
        return ("MG 3.1", f"{game.table.cards[card_id].name} is not a land")
    if not is_sorcery_speed(game, player):
        return ("MG 3.1", "a land is played only in your main phase with the stack empty")
    if game.table.players[player].lands_played >= 1:
        return ("MG 3.1", "you have already played a land this turn")
    return None


def why_not_cast(
    game: MagicGame, player: int, card_id: int, target: Target | None
) -> Violation | None:
    """A spell is cast from hand, at its speed, with its cost paid and a legal target.

    :enforces: MG 3.3, MG 3.4, MG 3.5
    """
    violation = why_not_cast_card(game, player, card_id)
    if violation is not None:
        return violation
    definition = game.table.cards[card_id].definition
    return why_not_target(game, player, definition.target, target)


def why_not_cast_card(game: MagicGame, player: int, card_id: int) -> Violation | None:
    """The checks of :func:`why_not_cast` that do not depend on the target."""
    judgement = game.judgement
    if judgement is None or player != judgement.player:
        return _why_not_cast_card(game, player, card_id)
    # Judged once per card in one call, not once for each of its targets.
    casting = judgement.casting
    if card_id in casting:
        return casting[card_id]
    found = casting[card_id] = _why_not_cast_card(game, player, card_id)
    return found


def _why_not_cast_card(game: MagicGame, player: int, card_id: int) -> Violation | None:
    if game.table.where.get(card_id) != game.table.hand_zones[player]:
        return ("MG 3.3", "a spell is cast from your own hand")
    definition = game.table.cards[card_id].definition
    format_reason = game.variant.why_not_cast(game, player, card_id)
    if format_reason is not None:
        return format_reason
    if definition.is_land:
        return ("MG 3.1", "a land is played, not cast")
    if not definition.is_instant and not is_sorcery_speed(game, player):
        return (
            "MG 3.4",
            f"{definition.name} can be cast only in your main phase with the stack empty",
        )
    if not game.can_pay(player, definition.mana_cost):
        return cannot_pay(definition.cost)
    return None


# Made once per cost: most cards judged cannot be paid for, and the legal actions throw the
# reason away.
_CANNOT_PAY: Final[dict[str, Violation]] = {}


def cannot_pay(cost: str) -> Violation:
    """Why a spell of mana cost ``cost`` (its text, ``""`` for none) cannot be cast now.

    >>> cannot_pay("{1}{R}")
    ('MG 3.3', 'your untapped lands cannot pay {1}{R}')
    """
    found = _CANNOT_PAY.get(cost)
    if found is None:
        found = _CANNOT_PAY[cost] = ("MG 3.3", f"your untapped lands cannot pay {cost or '{0}'}")
    return found


def why_not_target(
    game: MagicGame, player: int, kind: str | None, target: Target | None
) -> Violation | None:
    """A targeted spell needs a target of the kind it names; an untargeted one takes none.

    :enforces: MG 3.5
    """
    if kind is None:
        return None if target is None else ("MG 3.5", "this spell has no target")
    if target is None:
        return ("MG 3.5", f"this spell needs a target ({kind})")
    if isinstance(target, Player):
        if not 0 <= target.index < len(game.table.players):
            return ("MG 3.5", f"there is no player {target.index}")
        if game.table.players[target.index].status != PLAYING:
            return ("MG 3.5", "a player who has left the game cannot be targeted")
        if kind == "creature":
            return ("MG 3.5", "this spell can target only a creature")
        if kind == "opponent" and target.index == player:
            return ("MG 3.5", "this spell can target only an opponent")
        return None
    if kind in ("player", "opponent"):
        return ("MG 3.5", "this spell can target only a player")
    if not is_creature_on_battlefield(game, target):
        return ("MG 3.5", "the target must be a creature on the battlefield")
    return None


def is_creature_on_battlefield(game: MagicGame, card_id: int) -> bool:
    """True if ``card_id`` names a creature on the battlefield."""
    return (
        game.table.where.get(card_id) == "battlefield"
        and game.table.cards[card_id].definition.is_creature
    )


def why_not_attack(
    game: MagicGame, player: int, card_id: int, attacked: int | None = None
) -> Violation | None:
    """Untapped creatures you have controlled since the turn began (or with haste) may attack;
    where the format lets attackers choose, each attacks an opponent still in the game.

    :enforces: MG 4.1, MG R8
    """
    if game.decision != "attackers" or player != game.active:
        return (
            "MG 4.1",
            "attackers are declared by the active player in the declare attackers step",
        )
    if not is_creature_on_battlefield(game, card_id):
        return ("MG 4.1", "only a creature on the battlefield can attack")
    violation = why_not_attack_player(game, player, attacked)
    if violation is not None:
        return violation
    creature = game.table.cards[card_id]
    return why_not_attack_with(game, player, creature)


def why_not_attack_player(game: MagicGame, player: int, attacked: int | None) -> Violation | None:
    """The player an attacker attacks: named in a free-for-all (MG R8), never named otherwise
    (MG R6)."""
    if not game.variant.attacks_any_opponent:
        if attacked is None:
            return None
        return ("MG R6", "attackers attack the defending player; no other player can be named")
    if attacked is None:
        return ("MG R8", "name the opponent each attacker attacks")
    if attacked == player or not 0 <= attacked < len(game.table.players):
        return ("MG R8", f"player {attacked} is not an opponent you can attack")
    if game.table.players[attacked].status != PLAYING:
        return ("MG R8", "a player who has left the game cannot be attacked")
    return None


def why_not_attack_with(game: MagicGame, player: int, creature: CardState) -> Violation | None:
    """The checks on the creature itself, shared with the search for possible attackers."""
    definition = creature.definition
    if creature.controller != player:
        return ("MG 4.1", "you can attack only with your own creatures")
    if creature.attacking:
        return ("MG 4.1", f"{creature.name} is already attacking")
    if creature.tapped:
        return ("MG 4.1", f"{creature.name} is tapped")
    if definition.has_keyword("Defender"):
        return ("MG 4.1", f"{creature.name} has defender and cannot attack")
    if creature.arrived_turn == game.turn and not definition.has_keyword("Haste"):
        return ("MG 4.1", f"{creature.name} came under your control this turn and has no haste")
    return None


def why_not_block(
    game: MagicGame, player: int, blocker_id: int, attacker_id: int
) -> Violation | None:
    """An untapped creature may block one attacker it is able to block.

    :enforces: MG 4.2, MG 4.3
    """
    if game.decision != "blockers" or player == game.active:
        return (
            "MG 4.2",
            "blockers are declared by the defending player in the declare blockers step",
        )
    if not (
        is_creature_on_battlefield(game, blocker_id)
        and is_creature_on_battlefield(game, attacker_id)
    ):
        return ("MG 4.2", "blockers and attackers must be creatures on the battlefield")
    blocker, attacker = game.table.cards[blocker_id], game.table.cards[attacker_id]
    if blocker.controller != player:
        return ("MG 4.2", "you can block only with your own creatures")
    if not attacker.attacking:
        return ("MG 4.2", f"{attacker.name} is not attacking")
    if attacked_player(attacker) != player:
        return ("MG R8", f"{attacker.name} is not attacking you")
    if blocker.tapped:
        return ("MG 4.2", f"{blocker.name} is tapped")
    if blocker.blocking != -1:
        return ("MG 4.2", f"{blocker.name} is already blocking")
    return why_not_blocked_by(attacker, blocker)


def why_not_blocked_by(attacker: CardState, blocker: CardState) -> Violation | None:
    """Evasion: what ``attacker``'s abilities say about ``blocker`` (MG 4.3)."""
    if attacker.definition.has_keyword("Can't be blocked"):
        return ("MG 4.3", f"{attacker.name} can't be blocked")
    if attacker.definition.has_keyword("Flying") and not (
        blocker.definition.has_keyword("Flying") or blocker.definition.has_keyword("Reach")
    ):
        return (
            "MG 4.3",
            f"{attacker.name} has flying; only a creature with flying or reach can block it",
        )
    return None
