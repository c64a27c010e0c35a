"""Combat (RR 4.5, RR 6): declarations, two damage steps, damage assignment and pressure.

An attacker targets an opponent or one of their creatures, and with several opponents the
attackers may be split among them (RR 4.5.2c, RR 10.3a, RR 10.3b); each opponent then declares
their own blocks, in turn order (RR 10.3c). Unblocked, an attacker
damages its target, and a creature so damaged does not strike back (RR R11); only damage to a
player is pressure (RR 4.5.5, RR R11), including Piercing excess (RR R12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.engine.game import Violation
from rulekeeper.riskres import continuous, division, sba
from rulekeeper.riskres.actions import Player, Target
from rulekeeper.riskres.division import Shares
from rulekeeper.riskres.keywords import has_keyword, power
from rulekeeper.riskres.state import CardState, zone_name
from rulekeeper.riskres.timing import why_not_attack, why_not_block
from rulekeeper.riskres.triggers import fire

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


def _enter(game: RiskGame, step: str) -> None:
    from rulekeeper.riskres.turn import enter  # the turn drives combat and combat moves it on

    enter(game, step)


def begin_attacks(game: RiskGame) -> None:
    """Ask the active player for attackers; with no creature able to attack, combat has no
    attackers and moves on to its end.

    :enforces: RR 4.5.2a
    """
    me = game.active
    opponents = [Player(p) for p in game.opponents(me)]
    if game.table.players[me].left or not any(
        why_not_attack(game, me, c.id, opponents[0]) is None for c in game.table.creatures(me)
    ):
        _enter(game, "end_of_combat")
        return
    game.decision, game.priority = "attackers", me


def declare_attacker(game: RiskGame, attacker: int, target: Target) -> None:
    """Declare an attacker and its target; it taps unless it has Vigilance (RR 4.5.2b).

    :enforces: RR 4.5.2b, RR 4.5.2c, RR 6.1d, RR R37
    """
    creature = game.table.cards[attacker]
    game.attacks[attacker] = target
    creature.attacked_turn = game.turn
    if not has_keyword(game.table, creature, "Vigilance"):
        creature.tapped = True
    game.record("RR 4.5.2c", f"{creature.name} attacks {game.describe_target(target)}")
    fire(game, "attacks", [creature])


def end_attacks(game: RiskGame) -> None:
    """Attackers are declared: players get priority, or with none, combat moves to its end.

    :enforces: RR 4.5.2e
    """
    if not game.attacks:
        game.record("RR 4.5.2a", f"{game.name_of(game.active)} declares no attackers")
        _enter(game, "end_of_combat")
        return
    game.give_priority(game.active)


def begin_blocks(game: RiskGame, after: int | None = None) -> None:
    """Ask the next defending player, in turn order after the active player (and after
    ``after``, who has just finished), for blockers, skipping any whose creatures cannot block;
    when no one is left to ask, the attacking player orders blockers (RR 10.3c).

    :enforces: RR 4.5.3a, RR 4.5.3e, RR 10.3c
    """
    order = game.opponents(game.active)
    if after is not None:
        seats = len(game.table.players)
        order = [p for p in order if (p - game.active) % seats > (after - game.active) % seats]
    attackers = [a for a in game.attacks if game.table.cards[a].zone.startswith("battlefield")]
    for defender in order:
        able = any(
            why_not_block(game, defender, b.id, a) is None
            for b in game.table.creatures(defender)
            for a in attackers
        )
        if able:
            game.decision, game.priority = "blockers", defender
            return
    begin_ordering(game)


def declare_blocker(game: RiskGame, blocker: int, attacker: int) -> None:
    """Declare a block: each blocker blocks one attacker, an attacker may have several.

    :enforces: RR 4.5.3b, RR 4.5.3c
    """
    game.blocks[blocker] = attacker
    if attacker not in game.blocked:
        game.blocked.append(attacker)
    names = game.table.cards[blocker].name, game.table.cards[attacker].name
    game.record("RR 4.5.3a", f"{names[0]} blocks {names[1]}")
    fire(game, "blocks", [game.table.cards[blocker]])


def unordered(game: RiskGame, attacker: int) -> list[int]:
    """The blockers of ``attacker`` not yet placed in its damage order, in block order."""
    placed = game.damage_order.get(attacker, [])
    return [b for b, a in game.blocks.items() if a == attacker and b not in placed]


def next_to_order(game: RiskGame) -> int:
    """The first attacker whose blockers still need ordering (-1 if none)."""
    for attacker in game.attacks:
        if len(unordered(game, attacker)) > 1:
            return attacker
    return -1


def begin_ordering(game: RiskGame) -> None:
    """Blocks are declared: the attacking player orders each attacker's blockers for damage
    (RR R39), then players get priority. An attacker with one blocker needs no order.

    :enforces: RR R39, RR 6.3a
    """
    attacker = next_to_order(game)
    if attacker < 0:
        for attacking in game.attacks:
            game.damage_order.setdefault(attacking, []).extend(unordered(game, attacking))
        game.give_priority(game.active)
        return
    game.decision, game.priority = "order", game.active


def why_not_order(game: RiskGame, attacker: int, blocker: int) -> Violation | None:
    """The next blocker in the damage order must be an unordered blocker of the attacker
    being ordered (RR R39)."""
    if attacker != next_to_order(game) or blocker not in unordered(game, attacker):
        return ("RR R39", "order the blockers of the first attacker that still needs it")
    return None


def order_blocker(game: RiskGame, attacker: int, blocker: int) -> None:
    """Put ``blocker`` next in ``attacker``'s damage order; the last one follows by itself."""
    game.damage_order.setdefault(attacker, []).append(blocker)
    names = game.table.cards[attacker].name, game.table.cards[blocker].name
    game.record("RR R39", f"{names[0]} will assign damage to {names[1]} next")
    begin_ordering(game)


def divide(game: RiskGame, attacker: int, shares: Shares) -> None:
    """Record how the attacking player divides ``attacker``'s damage this step, then go on
    with the step: the next division, or the damage (RR 6.3a).

    :enforces: RR 6.3a, RR R39
    """
    game.damage_division[attacker] = shares
    who, name = game.name_of(game.active), game.table.cards[attacker].name
    game.record("RR 6.3a", f"{who} divides {name}'s damage: {division.describe(game, shares)}")
    damage_step(game, game.step)


def cards(count: int) -> str:
    """``count`` cards, in words for the log: "1 card", "3 cards"."""
    return f"{count} card" if count == 1 else f"{count} cards"


def _on_battlefield(creature: CardState) -> bool:
    return creature.zone.startswith("battlefield")


def damage_step(game: RiskGame, step: str) -> None:
    """Run a damage step: creatures of that speed deal damage all at once, then state-based
    actions are checked. Priority comes only after the first step (RR 4.5.4j), never during.

    :enforces: RR 4.5.4a, RR 4.5.4c, RR 4.5.4d, RR 4.5.4e, RR 4.5.4f, RR 4.5.4g, RR 4.5.4i,
        RR 4.5.4j, RR 4.5.4k, RR R27
    """
    if step == "pressure":
        apply_pressure(game)
        _enter(game, "end_of_combat")
        return
    dealers = division.dealers(game, step)
    if step == "first_damage" and not dealers:
        _enter(game, "second_damage")  # no Fast creature: the first step is skipped
        return
    # RR 6.3a: the attacking player divides each attacker's damage that the rule leaves a
    # choice for, one attacker at a time, before any damage of the step is dealt.
    if division.next_to_divide(game, dealers) >= 0:
        game.decision, game.priority = "damage", game.active
        return
    deal_combat_damage(game, dealers)
    game.damage_division.clear()
    sba.check(game)
    if game.outcome is not None:
        return
    if step == "first_damage":
        game.give_priority(game.active)
    else:
        _enter(game, "pressure")


def deal_combat_damage(game: RiskGame, dealers: list[CardState]) -> None:
    """Every dealer deals damage equal to its power, all at once.

    An attacker's damage goes as its controller divided it this step, or else as
    :func:`~rulekeeper.riskres.division.default_division` divides it: lethal damage to each
    blocker in its damage order (RR R39) before the next (RR 6.3b; lethal is defense minus
    damage, or 1 with Deadly: RR 6.3c, 6.3d), the rest to the last blocker or, with Piercing,
    to the defending player (RR R12). A blocker deals its damage to the attacker it blocks.

    :enforces: RR 6.3a, RR 6.3b, RR 6.3c, RR 6.3d, RR 6.2.4b, RR R11, RR R12, RR 4.5.4b, RR R26
    """
    table = game.table
    dealt: list[tuple[CardState, CardState | int, int]] = []
    for source in dealers:
        amount = power(table, source)
        if amount <= 0:
            continue
        if source.id in game.blocks:
            attacker = table.cards[game.blocks[source.id]]
            if _on_battlefield(attacker):
                dealt.append((source, attacker, amount))
            continue
        shares = game.damage_division.get(source.id)
        if shares is None:
            shares = division.default_division(game, source)
        for to, share in shares:
            if isinstance(to, Player):
                dealt.append((source, to.index, share))
            else:
                dealt.append((source, table.cards[to], share))
    for source, receiver, amount in dealt:
        if isinstance(receiver, int):
            damage_player(game, source, receiver, amount)
        else:
            damage_creature(game, source, receiver, amount, "RR 4.5.4a")


def damage_creature(
    game: RiskGame, source: CardState, creature: CardState, amount: int, rule: str
) -> None:
    """Mark damage on a creature after Armored prevention (RR R19); defense stays as it is
    (RR R4). Damage from a Deadly source destroys it (RR 6.2.4a).

    :enforces: RR 6.2.3c, RR R19, RR R4, RR 6.2.4a, RR 4.5.4h, RR R22
    """
    armor = creature.definition.armor
    prevented = min(amount, max(armor - creature.prevented, 0))
    creature.prevented += prevented
    amount -= prevented
    note = f" ({prevented} prevented by Armored)" if prevented else ""
    if amount > 0:
        creature.damage += amount
        if has_keyword(game.table, source, "Deadly"):
            creature.deadly_hit = True
    game.record(rule, f"{source.name} deals {amount} damage to {creature.name}{note}")


def damage_player(game: RiskGame, source: CardState, player: int, amount: int) -> None:
    """Combat damage to a player becomes pressure, resolved after all combat damage.

    :enforces: RR 4.5.5a
    """
    game.pressure[player] += amount
    game.record("RR 4.5.5a", f"{source.name} deals {amount} damage to {game.name_of(player)}")


def apply_pressure(game: RiskGame) -> None:
    """Each damaged player exiles that many cards from the top of their library.

    :enforces: RR 4.5.5a, RR 4.5.5b, RR R34
    """
    for player, amount in enumerate(game.pressure):
        if amount:
            exiled = exile_top(game, player, amount)
            game.record(
                "RR 4.5.5a",
                f"pressure: {game.name_of(player)} exiles {cards(exiled)} "
                "from the top of their library",
            )
    game.pressure = [0] * len(game.pressure)


def exile_top(game: RiskGame, player: int, count: int) -> int:
    """Exile up to ``count`` cards from the top of ``player``'s library into that player's
    exile (RR R35); a short library is exiled whole, which loses nothing (RR R33). Return how
    many cards were exiled.

    :enforces: RR R33, RR R35
    """
    library = game.table.zones[zone_name("library", player)]
    moved = min(count, len(library))
    for _ in range(moved):
        game.table.move(library[-1], zone_name("exile", player))
    return moved


def end_combat(game: RiskGame) -> None:
    """End of combat: creatures stop attacking and blocking; players then get priority.

    :enforces: RR 4.5.6a, RR 4.5.6b
    """
    if game.attacks:
        game.record("RR 4.5.6a", "combat ends")
    continuous.end_combat_effects(game)
    game.attacks.clear()
    game.blocks.clear()
    game.blocked.clear()
    game.damage_order.clear()
    game.damage_division.clear()
