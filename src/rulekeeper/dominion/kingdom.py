"""The kingdom cards' and Events' own effects, beyond the plain bonuses of
:data:`rulekeeper.dominion.effects.PLUS` (DM 3.4). Each is described in the card data's summary
and on the card gallery; the wiki page linked there has the card itself.

A card that asks something pushes a ``choose`` step naming itself and its options; its entry
in :data:`CHOICES` resolves the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.dominion import effects
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.zones import pile_zone, zone_name

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame

Step = effects.Step


def _others(game: DominionGame, player: int) -> list[int]:
    """The other players in turn order, starting on ``player``'s left (DM 4.8)."""
    count = len(game.table.players)
    return [(player + offset) % count for offset in range(1, count)]


def attack(game: DominionGame, player: int, card: str, victim_step: Callable[[int], Step]) -> None:
    """Each other player in turn order may first react (DM 4.7), then suffers the attack.

    :enforces: DM 4.7, DM 4.8
    """
    steps: list[Step] = []
    for victim in _others(game, player):
        steps += [{"do": "react", "player": victim, "card": card}, victim_step(victim)]
    effects.then(game, *steps)


def _unblocked(game: DominionGame, victim: int) -> bool:
    return game.turn_flags.pop(f"blocked:{victim}", 0) == 0


def _ask(game: DominionGame, player: int, card: str, options: list[str], **extra: object) -> None:
    effects.then(
        game, {"do": "choose", "player": player, "card": card, "options": options, **extra}
    )


# Base, second edition.


def cellar(game: DominionGame, player: int) -> None:
    """Discard any number of cards, then draw as many."""
    effects.then(
        game, {"do": "discard", "player": player, "optional": 1, "after": "cellar", "discarded": 0}
    )


def chapel(game: DominionGame, player: int) -> None:
    """Trash up to four cards from the hand."""
    effects.then(game, {"do": "trash", "player": player, "card": "Chapel", "min": 0, "max": 4})


def harbinger(game: DominionGame, player: int) -> None:
    """May put a card from the discard pile onto the deck."""
    names = sorted({game.table.cards[i] for i in game.table.zones[zone_name("discard", player)]})
    if names:
        _ask(game, player, "Harbinger", [*names, "no"])


def harbinger_choice(game: DominionGame, step: Step, option: str) -> None:
    """Put the card chosen from the discard pile onto the deck, named to its player alone
    (DM 4.6).

    :enforces: DM 4.6
    """
    player = step["player"]
    if option != "no":
        card_id = game.find_in(zone_name("discard", player), option)
        assert card_id is not None
        game.table.move(card_id, zone_name("deck", player), origin=zone_name("discard", player))
        # Harbinger looks through the discard pile, of which only the top card is public
        # (DM 1.6): the others see a card go onto the deck, not which.
        who = game.name_of(player)
        game.record_private(
            "DM 4.6",
            player,
            f"{who} puts {option} from their discard pile onto their deck",
            f"{who} puts a card from their discard pile onto their deck",
        )


def merchant(game: DominionGame, player: int) -> None:
    """The first Silver played this turn makes $1 more (counted in play_treasure)."""
    game.turn_flags["merchant"] = game.turn_flags.get("merchant", 0) + 1


def vassal(game: DominionGame, player: int) -> None:
    """Discard the top card of the deck; if it is an Action card, may play it."""
    card_id = game.reveal_top(player)
    if card_id is None:
        return
    game.table.zones[zone_name("discard", player)].append(card_id)
    name = game.table.cards[card_id]
    game.record("DM 4.5", f"{game.name_of(player)} discards {name} from their deck")
    if CARDS[name].has_type("Action"):
        _ask(game, player, "Vassal", vassal_options(name), target=card_id)


def vassal_options(name: str) -> list[str]:
    """Play the card Vassal discarded, or leave it in the discard pile: each option names it,
    as every choice about a card does (DM 4.10)."""
    return [f"play {name}", f"leave {name}"]


def _vassal(game: DominionGame, step: Step, option: str) -> None:
    player, card_id = step["player"], step["target"]
    if option.startswith("play ") and card_id in game.table.zones[zone_name("discard", player)]:
        game.table.move(card_id, zone_name("play", player), origin=zone_name("discard", player))
        game.record("DM 3.2", f"{game.name_of(player)} plays {game.table.cards[card_id]} (Vassal)")
        # A step of its own, which offers the Ways in use as a play from the hand does (DM 5.5).
        effects.then(game, {"do": "effect", "player": player, "card": game.table.cards[card_id]})


def workshop(game: DominionGame, player: int) -> None:
    """Gain a card costing up to $4."""
    effects.then(game, {"do": "gain", "player": player, "up_to": 4})


def bureaucrat(game: DominionGame, player: int) -> None:
    """Gain a Silver onto the deck; others put a Victory card from hand onto their deck."""
    game.gain(player, "Silver", "deck")

    def victim(other: int) -> Step:
        return {"do": "victim", "player": other, "card": "Bureaucrat", "attacker": player}

    attack(game, player, "Bureaucrat", victim)


def militia(game: DominionGame, player: int) -> None:
    """Every other player discards down to three cards."""
    attack(game, player, "Militia", lambda v: {"do": "victim", "player": v, "card": "Militia"})


def moneylender(game: DominionGame, player: int) -> None:
    """May trash a Copper from the hand for +$3."""
    effects.then(
        game,
        {
            "do": "trash",
            "player": player,
            "card": "Moneylender",
            "min": 0,
            "max": 1,
            "type": "Treasure",
            "only": "Copper",
            "after": "moneylender",
        },
    )


def poacher(game: DominionGame, player: int) -> None:
    """Discard a card for each empty pile of the Supply."""
    empty = sum(1 for pile in game.supply_of(player) if not game.pile(pile))
    if empty:
        effects.then(game, {"do": "discard", "player": player, "count": empty})


def remodel(game: DominionGame, player: int) -> None:
    """Trash a card from the hand; gain one costing up to $2 more."""
    effects.then(
        game,
        {
            "do": "trash",
            "player": player,
            "card": "Remodel",
            "min": 1,
            "max": 1,
            "after": "remodel",
        },
    )


def throne_room(game: DominionGame, player: int) -> None:
    """May play an Action card from the hand twice."""
    names = [n for n in sorted(set(game.hand(player))) if CARDS[n].has_type("Action")]
    if names:
        _ask(game, player, "Throne Room", [*names, "no"])


def _throne_room(game: DominionGame, step: Step, option: str) -> None:
    player = step["player"]
    if option == "no":
        return
    card_id = game.find_in(zone_name("hand", player), option)
    assert card_id is not None
    game.table.move(card_id, zone_name("play", player), origin=zone_name("hand", player))
    game.record("DM 3.2", f"{game.name_of(player)} plays {option} twice (Throne Room)")
    # Each play is a step of its own, which offers the Ways in use (DM 5.5).
    effects.then(game, *[{"do": "effect", "player": player, "card": option}] * 2)


def bandit(game: DominionGame, player: int) -> None:
    """Gain a Gold; others reveal two cards and trash a Treasure other than Copper."""
    game.gain(player, "Gold")
    attack(game, player, "Bandit", lambda v: {"do": "victim", "player": v, "card": "Bandit"})


def council_room(game: DominionGame, player: int) -> None:
    """Every other player draws a card."""
    for other in _others(game, player):
        game.draw(other, 1)


def library(game: DominionGame, player: int) -> None:
    """Draw until seven cards in hand, skipping Action cards you choose to set aside."""
    effects.then(game, {"do": "library", "player": player})


def mine(game: DominionGame, player: int) -> None:
    """May trash a Treasure from the hand and gain one costing up to $3 more, to the hand."""
    effects.then(
        game,
        {
            "do": "trash",
            "player": player,
            "card": "Mine",
            "min": 0,
            "max": 1,
            "type": "Treasure",
            "after": "mine",
        },
    )


def sentry(game: DominionGame, player: int) -> None:
    """Look at the top two cards (DM 4.10): they are set aside, where only their player sees
    them, and a ``sentry`` step asks about each in turn (DM R4).

    :enforces: DM 4.10
    """
    looked = [c for c in (game.reveal_top(player), game.reveal_top(player)) if c is not None]
    if not looked:
        return
    game.table.zones[zone_name("aside", player)].extend(looked)
    what = "the top card" if len(looked) == 1 else f"the top {len(looked)} cards"
    game.record_private(
        "DM 4.10",
        player,
        f"{game.name_of(player)} looks at {effects.listed([game.table.cards[c] for c in looked])} "
        "from the top of their deck (Sentry)",
        f"{game.name_of(player)} looks at {what} of their deck (Sentry)",
    )
    effects.then(
        game, {"do": "sentry", "player": player, "card": "Sentry", "looking": looked, "kept": []}
    )


def sentry_options(game: DominionGame, step: Step) -> list[str]:
    """Sentry asks about the cards it looks at one at a time, the top one first, each choice
    naming the card (DM 4.10); then, if two different cards are kept, which goes on top (DM R4).

    :enforces: DM 4.10, DM R4
    """
    looking = step["looking"]
    if looking:
        name = game.table.cards[looking[0]]
        return [f"trash {name}", f"discard {name}", f"keep {name}"]
    kept = step["kept"]
    if len(kept) == 2:
        first, second = game.table.cards[kept[0]], game.table.cards[kept[1]]
        if first != second:
            return [f"{first} on top of {second}", f"{second} on top of {first}"]
    return []


def sentry_step(game: DominionGame, step: Step, option: str) -> None:
    """Trash, discard or keep the next card looked at; once all are decided, put the kept
    cards back on the deck in the order chosen (DM R4).

    :enforces: DM R4
    """
    player, looking, kept = step["player"], step["looking"], step["kept"]
    aside = zone_name("aside", player)
    if looking:
        card_id, name = looking[0], game.table.cards[looking[0]]
        if option.startswith("trash "):
            game.trash(card_id, aside)
        elif option.startswith("discard "):
            game.table.move(card_id, zone_name("discard", player), origin=aside)
            game.record("DM 4.5", f"{game.name_of(player)} discards {name}")
        else:
            kept = [*kept, card_id]
        if len(looking) > 1 or kept:
            effects.then(game, {**step, "looking": looking[1:], "kept": kept})
        return
    # The first kept card goes on top unless the player chose the other (or no choice was
    # asked: one card, or two of the same name).
    first_on_top = not option or option.split(" on top of ")[0] == game.table.cards[kept[0]]
    for card_id in reversed(kept) if first_on_top else kept:
        game.table.move(card_id, zone_name("deck", player), origin=aside)
    if kept:
        what = "a card" if len(kept) == 1 else f"{len(kept)} cards"
        game.record("DM R4", f"{game.name_of(player)} puts {what} back on their deck (Sentry)")


def witch(game: DominionGame, player: int) -> None:
    """Every other player gains a Curse."""
    attack(game, player, "Witch", lambda v: {"do": "victim", "player": v, "card": "Witch"})


def artisan(game: DominionGame, player: int) -> None:
    """Gain a card costing up to $5 to the hand, then put a card from the hand onto the deck."""
    effects.then(
        game,
        {"do": "gain", "player": player, "up_to": 5, "to": "hand"},
        {"do": "topdeck", "player": player, "card": "Artisan"},
    )


# The Draft source's four.


def masquerade(game: DominionGame, player: int) -> None:
    """Everyone with cards in hand passes one to the left at once; then may trash a card."""
    holders = [
        p for p in [player, *_others(game, player)] if game.table.zones[zone_name("hand", p)]
    ]
    effects.then(
        game,
        *[{"do": "pass", "player": p, "card": "Masquerade"} for p in holders],
        {"do": "deliver", "player": player, "card": "Masquerade"},
        {"do": "trash", "player": player, "card": "Masquerade", "min": 0, "max": 1},
    )


def pass_options(game: DominionGame, step: Step) -> list[str]:
    return sorted(set(game.hand(step["player"])))


def pass_card(game: DominionGame, step: Step, option: str) -> None:
    player = step["player"]
    card_id = game.find_in(zone_name("hand", player), option)
    if card_id is not None:
        game.table.move(card_id, zone_name("aside", player), origin=zone_name("hand", player))


def deliver(game: DominionGame, step: Step, option: str) -> None:
    """The passed cards all reach their new hands at once, each going to the next player on
    the left who passed a card too, that is who had cards in hand (DM 4.9).

    :enforces: DM 4.9, DD 4.2, DD R12
    """
    count = len(game.table.players)
    passed = [(p, list(game.table.zones[zone_name("aside", p)])) for p in range(count)]
    passers = [p for p, cards in passed if cards]
    for player, cards in passed:
        if not cards:
            continue
        left = passers[(passers.index(player) + 1) % len(passers)]
        # Which card, only the two of them know: the giver chose it, the taker holds it.
        for card_id in cards:
            game.table.move(card_id, zone_name("hand", left), origin=zone_name("aside", player))
            game.record("DM 4.9", f"{game.name_of(player)} passes a card to {game.name_of(left)}")


def lurker(game: DominionGame, player: int) -> None:
    """Trash an Action card from the Supply, or gain an Action card from the trash."""
    _ask(game, player, "Lurker", ["trash from the Supply", "gain from the trash"])


def lurker_answer(game: DominionGame, step: Step, option: str) -> None:
    """Carry out a Lurker player's answer: which way to use it, then the pile to trash from
    (of their Supply) or the Action card to gain from the one shared trash, whichever Supply
    its pile belongs to (DD 4.5, DD R15).

    :enforces: DD 4.5, DD R15
    """
    player = step["player"]
    if option == "trash from the Supply":
        piles = [p for p in game.supply_of(player) if game.pile(p) and CARDS[p].has_type("Action")]
        if piles:
            _ask(game, player, "Lurker/Supply", piles)
    elif option == "gain from the trash":
        names = sorted(
            {
                game.table.cards[i]
                for i in game.table.zones["trash"]
                if CARDS[game.table.cards[i]].has_type("Action")
            }
        )
        if names:
            _ask(game, player, "Lurker/trash", names)
    elif step["card"] == "Lurker/Supply":
        game.trash(game.pile(option)[-1], pile_zone(option))
    else:
        card_id = game.find_in("trash", option)
        assert card_id is not None
        game.table.move(card_id, zone_name("discard", player), origin="trash")
        if player == game.active:
            game.gained[player].append(option)
        game.record("DM 4.2", f"{game.name_of(player)} gains {option} from the trash")


def smugglers(game: DominionGame, player: int) -> None:
    """Gain a copy of a card costing up to $6 that the player on the right gained last turn."""
    right = (player - 1) % len(game.table.players)
    names = sorted(
        {
            n
            for n in game.gained[right]
            if (CARDS[n].cost or 0) <= 6
            and n in game.variant.copy_piles(game, player)
            and game.pile(n)
        }
    )
    if names:
        effects.then(
            game, {"do": "gain", "player": player, "up_to": 6, "only": names, "copy": True}
        )


def _bandit_trash(game: DominionGame, step: Step, option: str) -> None:
    victim = step["player"]
    card_id = game.find_in(zone_name("aside", victim), option)
    assert card_id is not None
    game.trash(card_id, zone_name("aside", victim))
    _discard_aside(game, victim)


def _discard_aside(game: DominionGame, player: int) -> None:
    aside = game.table.zones[zone_name("aside", player)]
    game.table.zones[zone_name("discard", player)].extend(aside)
    aside.clear()


def jester(game: DominionGame, player: int) -> None:
    """Others discard their top card: a Victory card gives them a Curse; anything else, a copy
    goes to them or to the Jester's player, as that player chooses."""
    attack(
        game,
        player,
        "Jester",
        lambda v: {"do": "victim", "player": v, "card": "Jester", "attacker": player},
    )


def _jester(game: DominionGame, step: Step, option: str) -> None:
    gainer = step["player"] if option == "me" else step["victim"]
    game.gain(gainer, step["name"], copy=True)


# Six more.


def ironworks(game: DominionGame, player: int) -> None:
    """Gain a card costing up to $4; its types give +1 Action, +$1 and +1 Card."""
    effects.then(game, {"do": "gain", "player": player, "up_to": 4, "after": "ironworks"})


def swindler(game: DominionGame, player: int) -> None:
    """Others trash their top card and gain a card of the same cost that the Swindler picks."""
    attack(
        game,
        player,
        "Swindler",
        lambda v: {"do": "victim", "player": v, "card": "Swindler", "attacker": player},
    )


def _swindler(game: DominionGame, step: Step, option: str) -> None:
    game.gain(step["victim"], option)


def nobles(game: DominionGame, player: int) -> None:
    """Choose +3 Cards or +2 Actions."""
    _ask(game, player, "Nobles", ["+3 Cards", "+2 Actions"])


def _nobles(game: DominionGame, step: Step, option: str) -> None:
    effects.plus(game, step["player"], (3, 0, 0, 0) if option == "+3 Cards" else (0, 2, 0, 0))


def courtyard(game: DominionGame, player: int) -> None:
    """Put a card from the hand onto the deck."""
    effects.then(game, {"do": "topdeck", "player": player, "card": "Courtyard"})


def shanty_town(game: DominionGame, player: int) -> None:
    """Reveal the hand; with no Action card in it, +2 Cards.

    :enforces: DM 4.6
    """
    game.record(
        "DM 4.6", f"{game.name_of(player)} reveals their hand: {effects.listed(game.hand(player))}"
    )
    if not any(CARDS[n].has_type("Action") for n in game.hand(player)):
        game.draw(player, 2)


# What each attack does to a player it reaches (DM 4.8).


def _victim_militia(game: DominionGame, step: Step) -> None:
    effects.then(game, {"do": "discard", "player": step["player"], "down_to": 3})


def _victim_witch(game: DominionGame, step: Step) -> None:
    game.gain(step["player"], "Curse")


def _victim_bureaucrat(game: DominionGame, step: Step) -> None:
    effects.then(
        game, {"do": "topdeck", "player": step["player"], "card": "Bureaucrat", "type": "Victory"}
    )


def _victim_bandit(game: DominionGame, step: Step) -> None:
    victim = step["player"]
    looked = [c for c in (game.reveal_top(victim), game.reveal_top(victim)) if c is not None]
    game.table.zones[zone_name("aside", victim)].extend(looked)
    names = [game.table.cards[c] for c in looked]
    game.record("DM 4.6", f"{game.name_of(victim)} reveals {', '.join(names) or 'nothing'}")
    good = sorted({n for n in names if CARDS[n].has_type("Treasure") and n != "Copper"})
    if len(good) > 1:
        _ask(game, victim, "Bandit", good)
    elif good:
        _bandit_trash(game, {"player": victim}, good[0])
    else:
        _discard_aside(game, victim)


def _victim_jester(game: DominionGame, step: Step) -> None:
    victim = step["player"]
    card_id = game.reveal_top(victim)
    if card_id is None:
        return
    game.table.zones[zone_name("discard", victim)].append(card_id)
    name = game.table.cards[card_id]
    game.record("DM 4.5", f"{game.name_of(victim)} discards {name} from their deck")
    if CARDS[name].has_type("Victory"):
        game.gain(victim, "Curse")
    else:
        _ask(game, step["attacker"], "Jester", ["me", "them"], victim=victim, name=name)


def _victim_swindler(game: DominionGame, step: Step) -> None:
    victim = step["player"]
    card_id = game.reveal_top(victim)
    if card_id is None:
        return
    game.table.zones[zone_name("aside", victim)].append(card_id)
    game.trash(card_id, zone_name("aside", victim))
    cost = game.cost(game.table.cards[card_id])
    piles = [p for p in game.supply_of(victim) if game.pile(p) and game.cost(p) == cost]
    if piles:
        _ask(game, step["attacker"], "Swindler", piles, victim=victim)


VICTIMS: Final[dict[str, Callable[[DominionGame, dict[str, Any]], None]]] = {
    "Militia": _victim_militia,
    "Witch": _victim_witch,
    "Bureaucrat": _victim_bureaucrat,
    "Bandit": _victim_bandit,
    "Jester": _victim_jester,
    "Swindler": _victim_swindler,
}
"""What each attack does to one player it reaches, unless a Reaction kept it off."""


def victim(game: DominionGame, step: Step, option: str) -> None:
    """An attack reaches a player: nothing happens if they revealed a Moat (DM 4.7)."""
    if _unblocked(game, step["player"]):
        VICTIMS[step["card"]](game, step)


def library_options(game: DominionGame, step: Step) -> list[str]:
    """Library offers a choice only when it has drawn an Action card."""
    return ["keep", "set aside"] if "pending" in step else []


def library_step(game: DominionGame, step: Step, option: str) -> None:
    """Draw to seven, stopping at each Action card to ask; then discard what was set aside.

    :enforces: DM R7
    """
    player = step["player"]
    if option == "set aside":
        game.table.move(
            step["pending"], zone_name("aside", player), origin=zone_name("hand", player)
        )
        # Set aside face up: everyone sees it (DM R7).
        name = game.table.cards[step["pending"]]
        game.record("DM R7", f"{game.name_of(player)} sets aside {name} (Library)")
    while len(game.table.zones[zone_name("hand", player)]) < 7:
        drawn = game.draw(player, 1)
        if not drawn:
            break
        if CARDS[game.table.cards[drawn[0]]].has_type("Action"):
            effects.then(game, {"do": "library", "player": player, "pending": drawn[0]})
            return
    _discard_aside(game, player)


# Events (DM 5.2).


def populate(game: DominionGame, player: int) -> None:
    """Gain one card from each Action pile of the buyer's Supply."""
    for pile in game.supply_of(player):
        if CARDS[pile].has_type("Action"):
            game.gain(player, pile)


def delve(game: DominionGame, player: int) -> None:
    """+1 Buy and gain a Silver."""
    game.buys += 1
    game.gain(player, "Silver")


CARD_EFFECTS: Final[dict[str, Callable[[DominionGame, int], None]]] = {
    "Cellar": cellar,
    "Chapel": chapel,
    "Harbinger": harbinger,
    "Merchant": merchant,
    "Vassal": vassal,
    "Workshop": workshop,
    "Bureaucrat": bureaucrat,
    "Militia": militia,
    "Moneylender": moneylender,
    "Poacher": poacher,
    "Remodel": remodel,
    "Throne Room": throne_room,
    "Bandit": bandit,
    "Council Room": council_room,
    "Library": library,
    "Mine": mine,
    "Sentry": sentry,
    "Witch": witch,
    "Artisan": artisan,
    "Masquerade": masquerade,
    "Lurker": lurker,
    "Smugglers": smugglers,
    "Jester": jester,
    "Ironworks": ironworks,
    "Swindler": swindler,
    "Nobles": nobles,
    "Courtyard": courtyard,
    "Shanty Town": shanty_town,
}
"""The part of each card's effect beyond plain bonuses, by card name."""

CHOICES: Final[dict[str, Callable[[DominionGame, dict[str, Any], str], None]]] = {
    "Harbinger": harbinger_choice,
    "Vassal": _vassal,
    "Throne Room": _throne_room,
    "Lurker": lurker_answer,
    "Lurker/Supply": lurker_answer,
    "Lurker/trash": lurker_answer,
    "Jester": _jester,
    "Swindler": _swindler,
    "Nobles": _nobles,
    "Bandit": _bandit_trash,
}
"""How a card's own named choice resolves, by card name."""

CHOICE_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "Jester": ("victim", "name"),
    "Swindler": ("victim",),
    "Vassal": ("target",),
}
"""The fields beyond a choice's own that its card's resolution reads (a save must keep them)."""

VICTIM_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "Jester": ("attacker",),
    "Swindler": ("attacker",),
}
"""The fields beyond the victim's seat that an attack's effect on one player reads: the player
whom Jester and Swindler then ask."""

_OPTIONS_FROM: Final[dict[str, tuple[str, str]]] = {
    "Harbinger": ("discard", ""),
    "Throne Room": ("hand", "Action"),
    "Lurker/trash": ("trash", "Action"),
    "Bandit": ("aside", ""),
}
"""The choices whose options (but ``no``) name a card the resolution takes from a zone of the
player asked, with the type it must have: the zone and the type."""


def pending_problem(game: DominionGame, step: Step) -> str:
    """What keeps a pending ``step`` of a card here from resolving in ``game`` as it stands,
    or ``""``: a field its resolution reads that the step lacks, or an option that names a card
    not where the resolution takes it from (a Throne Room choice of a card not in the hand).
    A loaded save's steps are held to this (DM 3.3), so that none fails when it is answered.
    """
    kind, card = step["do"], step.get("card", "")
    needs = {"choose": CHOICE_FIELDS, "victim": VICTIM_FIELDS}.get(kind, {}).get(card, ())
    missing = [field for field in needs if field not in step]
    if missing:
        return f"a {card} {kind} step needs {' and '.join(missing)}"
    if kind == "victim" and "attacker" in step and step["attacker"] == step["player"]:
        return f"{card} attacks the other players, not its own player"
    if kind != "choose":
        return ""
    if card in _OPTIONS_FROM:
        zone, kind_of_card = _OPTIONS_FROM[card]
        where = zone if zone == "trash" else zone_name(zone, step["player"])
        there = {game.table.cards[i] for i in game.table.zones[where]}
        for option in step["options"]:
            if option == "no":
                continue
            if option not in there or (kind_of_card and not CARDS[option].has_type(kind_of_card)):
                wanted = f"{kind_of_card} card" if kind_of_card else "card"
                return f"offers {option!r}, which is no {wanted} in {where}"
    if card == "Lurker/Supply":
        for option in step["options"]:
            if option not in game.piles or not game.pile(option):
                return f"offers {option!r}, which is no pile with cards in the Supply"
    return ""


EVENTS: Final[dict[str, Callable[[DominionGame, int], None]]] = {
    "Populate": populate,
    "Delve": delve,
}
"""What each Event does when bought (DM 5.2)."""

STEP_KINDS: Final[dict[str, effects.StepKind]] = {
    "victim": (effects.no_options, victim),
    "library": (library_options, library_step),
    "sentry": (sentry_options, sentry_step),
    "pass": (pass_options, pass_card),
    "deliver": (effects.no_options, deliver),
}
"""The kinds of step these cards add to :data:`rulekeeper.dominion.effects.KINDS`: what each
offers, and how it resolves."""
