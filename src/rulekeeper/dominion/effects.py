"""What cards do: playing them, buying, and card effects as a stack of JSON-ready steps.

An effect does what it can at once and pushes *steps* for the rest onto ``game.steps`` (the
next step last). A step is a dict with ``do`` (its kind), ``player`` (who decides or is
affected) and the kind's own fields. A step whose kind offers options waits for that player's
:class:`~rulekeeper.dominion.actions.Choose` (DM 3.3); any other step runs by itself. Steps are
plain data, so a game saved in the middle of a card restores exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from rulekeeper.dominion.cards import CARD_DICT, CARDS
from rulekeeper.dominion.zones import zone_name

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame

Step = dict[str, Any]
"""A step of a card's effect: ``do`` (its kind), ``player`` and the kind's own fields."""
TREASURE: Final = {"Copper": 1, "Silver": 2, "Gold": 3}  # DM 3.2: what each Treasure makes
ACTIONS: Final = frozenset(n for n, c in CARDS.items() if c.has_type("Action"))
TREASURES: Final = frozenset(n for n, c in CARDS.items() if c.has_type("Treasure"))
# Every Treasure with the coins it makes by itself (0 for one whose coins are its own effect):
# one look-up says whether a card is a Treasure and what it makes.
_COINS: Final[dict[str, int]] = {name: TREASURE.get(name, 0) for name in TREASURES}

# DM 3.4: the plain bonuses of each Action card, as (+Cards, +Actions, +Buys, +$).
PLUS: Final[dict[str, tuple[int, int, int, int]]] = {
    "Cellar": (0, 1, 0, 0),
    "Moat": (2, 0, 0, 0),
    "Harbinger": (1, 1, 0, 0),
    "Merchant": (1, 1, 0, 0),
    "Vassal": (0, 0, 0, 2),
    "Village": (1, 2, 0, 0),
    "Militia": (0, 0, 0, 2),
    "Poacher": (1, 1, 0, 1),
    "Smithy": (3, 0, 0, 0),
    "Council Room": (4, 0, 1, 0),
    "Festival": (0, 2, 1, 2),
    "Laboratory": (2, 1, 0, 0),
    "Market": (1, 1, 1, 1),
    "Sentry": (1, 1, 0, 0),
    "Witch": (2, 0, 0, 0),
    "Masquerade": (2, 0, 0, 0),
    "Lurker": (0, 1, 0, 0),
    "Jester": (0, 0, 0, 2),
    "Swindler": (0, 0, 0, 2),
    "Courtyard": (3, 0, 0, 0),
    "Shanty Town": (0, 2, 0, 0),
}
"""What each Action card gives without asking anything (DM 3.4)."""
WAYS: Final = {"Way of the Ox": (0, 2, 0, 0), "Way of the Sheep": (0, 0, 0, 2)}  # DM 5.5


def then(game: DominionGame, *steps: Step) -> None:
    """Push ``steps`` so that they happen in the order given, before anything pushed earlier."""
    game.steps.extend(reversed(steps))


def plus(game: DominionGame, player: int, bonus: tuple[int, int, int, int]) -> None:
    """+Cards, +Actions, +Buys and +$, in that order (DM 3.4).

    :enforces: DM 3.4
    """
    cards, actions, buys, coins = bonus
    if cards:
        game.draw(player, cards)
    game.actions += actions
    game.buys += buys
    game.coins += coins


# Playing and buying.


# The text of the events every turn logs, written only when the log is read
# (EventLog.record_later).
_PLAYS: Final[Callable[..., str]] = "{} plays {}".format
_BUYS: Final[Callable[..., str]] = "{} buys {}".format


def _plays_treasures(player: str, names: list[str], coins: int) -> str:
    return f"{player} plays {', '.join(names)} (${coins})"


def play_treasures(game: DominionGame, player: int) -> None:
    """Play every Treasure in the hand as the Buy phase starts (DM R5): each goes into play
    and makes its coins (DM 3.2).

    :enforces: DM 3.2, DM R5
    """
    cards = game.table.cards
    # Card IDs typed Any: see "Card IDs that only move" in the speed guide.
    hand: list[Any] = game.table.hands[player]
    played: list[Any] = []
    kept: list[Any] = []
    names: list[str] = []
    coins = 0
    for card in hand:  # one pass, each card's name looked up once
        card_id: int = card
        name = cards[card_id]
        made = _COINS.get(name, -1)
        if made >= 0:
            played.append(card)
            names.append(name)
            coins += made
        else:
            kept.append(card)
    if not played:
        return
    hand.clear()
    hand.extend(kept)
    game.table.in_play[player].extend(played)
    merchant = game.turn_flags.get("merchant")
    if merchant and "Silver" in names:
        coins += merchant  # Merchant: the first Silver makes $1 more each
    game.coins += coins
    # names is this call's own list, which nothing changes once it is logged.
    game.log.record_later(
        game.turn, "DM 3.2", _plays_treasures, game.name_of(player), names, game.coins
    )


def play_action(game: DominionGame, player: int, name: str, *, way: str = "") -> None:
    """Play an Action card from the hand: into play, then its effect, or the Way's (DM 5.5).

    :enforces: DM 3.2, DM 5.5
    """
    hand = game.table.hands[player]
    card_id = game.last_named(hand, name)
    assert card_id is not None
    hand.remove(card_id)
    game.table.in_play[player].append(card_id)
    if way:
        game.record("DM 5.5", f"{game.name_of(player)} plays {name} using {way}")
        plus(game, player, WAYS[way])
        return
    game.log.record_later(game.turn, "DM 3.2", _PLAYS, game.name_of(player), name)
    resolve_card(game, player, name)


def resolve_card(game: DominionGame, player: int, name: str) -> None:
    """Do what the Action card ``name`` says, for ``player``."""
    if name in PLUS:
        plus(game, player, PLUS[name])
    special = CARD_EFFECTS.get(name)
    if special is not None:
        special(game, player)


def buy(game: DominionGame, player: int, name: str) -> None:
    """Buy with a Buy: pay, then gain the card, do the Event, or place a cube (DM 2.3).

    :enforces: DM 2.3, DM 4.3, DM 5.2, DM 5.4
    """
    game.buys -= 1
    game.coins -= game.cost(name)
    kind = CARD_DICT[name].landscape_type
    game.log.record_later(game.turn, "DM 2.3", _BUYS, game.name_of(player), name)
    if kind == "Event":
        EVENTS[name](game, player)
    elif kind == "Project":
        game.projects.setdefault(name, []).append(player)
        game.record("DM 5.4", f"{game.name_of(player)} puts a cube on {name}")
    else:
        game.gain(player, name, rule="DM 4.3")


def start_of_turn(game: DominionGame, player: int) -> None:
    """Projects whose cube is ``player``'s act at the start of their turn (DM 5.4).

    :enforces: DM 5.4
    """
    if not game.projects:  # no cube on any Project: most games buy none
        return
    if player in game.projects.get("Fair", ()):
        game.buys += 1
        game.record("DM 5.4", f"Fair gives {game.name_of(player)} +1 Buy")
    if player in game.projects.get("Cathedral", ()):
        then(game, {"do": "trash", "player": player, "card": "Cathedral", "min": 1, "max": 1})


def discard_from_hand(game: DominionGame, player: int, name: str) -> None:
    """Discard a card called ``name`` from ``player``'s hand to their discard pile (DM 4.5).

    :enforces: DM 4.5
    """
    card_id = game.find_in(zone_name("hand", player), name)
    assert card_id is not None
    game.table.move(card_id, zone_name("discard", player), origin=zone_name("hand", player))
    game.record("DM 4.5", f"{game.name_of(player)} discards {name}")


def listed(names: list[str]) -> str:
    """Cards revealed to everyone, as a log line names them: in order, or ``nothing``.

    >>> listed(["Copper", "Estate"]), listed([])
    ('Copper, Estate', 'nothing')
    """
    return ", ".join(names) or "nothing"


def put_on_deck(game: DominionGame, player: int, name: str, *, revealed: bool) -> None:
    """Put a card called ``name`` from ``player``'s hand on top of their deck (DM 4.6). The
    others see which card only if it was ``revealed`` (Bureaucrat's Victory card); otherwise
    (Courtyard, Artisan) they see that a card went, not which.

    :enforces: DM 4.6
    """
    card_id = game.find_in(zone_name("hand", player), name)
    assert card_id is not None
    game.table.move(card_id, zone_name("deck", player), origin=zone_name("hand", player))
    who = game.name_of(player)
    if revealed:
        game.record("DM 4.6", f"{who} reveals {name} and puts it onto their deck")
    else:
        game.record_private(
            "DM 4.6",
            player,
            f"{who} puts {name} from hand onto their deck",
            f"{who} puts a card from hand onto their deck",
        )


# Steps.


def options(game: DominionGame, step: Step) -> list[str]:
    """The choices ``step`` offers its player; empty if it runs by itself."""
    return KINDS[step["do"]][0](game, step)


def run_automatic(game: DominionGame) -> bool:
    """Run the top step if it offers no choice; True if it ran."""
    step = game.steps[-1]
    if KINDS[step["do"]][0](game, step):
        return False
    game.steps.pop()
    KINDS[step["do"]][1](game, step, "")
    return True


def answer(game: DominionGame, option: str) -> None:
    """Resolve the top step with the option its player chose."""
    step = game.steps.pop()
    KINDS[step["do"]][1](game, step, option)


def describe_step(game: DominionGame, step: Step, viewer: int) -> dict[str, Any]:
    """The pending choice as ``viewer``'s view shows it: who makes it, the kind of step and
    the card asking; the options only to the player who makes it (DM 1.6)."""
    chooser = step["player"]
    shown = options(game, step) if viewer == chooser else []
    return {"kind": step["do"], "card": step.get("card", ""), "player": chooser, "options": shown}


def _hand_names(game: DominionGame, player: int, test: Callable[[str], bool] = bool) -> list[str]:
    return sorted({n for n in game.hand(player) if test(n)})


def _is(card_type: str) -> Callable[[str], bool]:
    return lambda name: CARDS[name].has_type(card_type)


def _gainable(game: DominionGame, player: int, step: Step) -> list[str]:
    kind = step.get("type", "")
    piles = game.variant.copy_piles(game, player) if step.get("copy") else game.supply_of(player)
    return [
        n
        for n in piles
        if game.pile(n)
        and game.cost(n) <= step["up_to"]
        and (not kind or CARDS[n].has_type(kind))
        and ("only" not in step or n in step["only"])
    ]


# Each kind: (options, resolve). Resolve gets "" for a step that ran by itself.
def _trash_options(game: DominionGame, step: Step) -> list[str]:
    names = _hand_names(game, step["player"], _is(step["type"]) if "type" in step else bool)
    names = [n for n in names if n == step.get("only", n)]
    if not names:
        return []
    return names + (["done"] if step["min"] == 0 else [])


def _trash(game: DominionGame, step: Step, option: str) -> None:
    player = step["player"]
    if option in ("", "done"):
        return
    card_id = game.find_in(zone_name("hand", player), option)
    assert card_id is not None
    game.trash(card_id, zone_name("hand", player))
    after = step.get("after")
    if after == "remodel":
        then(game, {"do": "gain", "player": player, "up_to": game.cost(option) + 2})
    elif after == "mine":
        up_to = game.cost(option) + 3
        then(
            game, {"do": "gain", "player": player, "up_to": up_to, "type": "Treasure", "to": "hand"}
        )
    elif after == "moneylender":
        game.coins += 3
    elif step["max"] > 1:
        then(game, {**step, "max": step["max"] - 1, "min": max(0, step["min"] - 1)})


def _gain_options(game: DominionGame, step: Step) -> list[str]:
    return _gainable(game, step["player"], step)


def _gain(game: DominionGame, step: Step, option: str) -> None:
    if not option:
        return
    player = step["player"]
    card_id = game.gain(player, option, step.get("to", "discard"), copy=bool(step.get("copy")))
    if step.get("after") == "ironworks" and card_id >= 0:
        definition = CARDS[option]
        plus(
            game,
            player,
            (
                int(definition.has_type("Victory")),
                int(definition.has_type("Action")),
                0,
                int(definition.has_type("Treasure")),
            ),
        )


def _discard_options(game: DominionGame, step: Step) -> list[str]:
    player = step["player"]
    if "down_to" in step and len(game.table.zones[zone_name("hand", player)]) <= step["down_to"]:
        return []
    if step.get("count", 1) <= 0:
        return []
    names = _hand_names(game, player)
    return names + (["done"] if names and step.get("optional") else [])


def _discard(game: DominionGame, step: Step, option: str) -> None:
    player = step["player"]
    if option in ("", "done"):
        if step.get("after") == "cellar":
            game.draw(player, step["discarded"])
        return
    discard_from_hand(game, player, option)
    following = {**step, "discarded": step.get("discarded", 0) + 1}
    if "count" in following:
        following["count"] -= 1
    then(game, following)


def _topdeck_options(game: DominionGame, step: Step) -> list[str]:
    return _hand_names(game, step["player"], _is(step["type"]) if "type" in step else bool)


def topdeck_step(game: DominionGame, step: Step, option: str) -> None:
    """Put the chosen card from the hand onto the deck; Bureaucrat's victim reveals it, or
    reveals a hand with no Victory card in it (DM 4.6).

    :enforces: DM 4.6
    """
    player = step["player"]
    if not option:
        if "type" in step:  # Bureaucrat: a hand without Victory cards is revealed
            shown = listed(game.hand(player))
            game.record(
                "DM 4.6", f"{game.name_of(player)} reveals a hand with no Victory card: {shown}"
            )
        return
    # Bureaucrat asks for a card of a type, which the victim reveals; the others choose any.
    put_on_deck(game, player, option, revealed="type" in step)


def reaction_options(game: DominionGame, step: Step) -> list[str]:
    """A player an attack is about to reach may reveal a Moat from their hand (DM 4.7).

    :enforces: DM 4.7
    """
    return ["Moat", "no"] if "Moat" in game.hand(step["player"]) else []


def _react(game: DominionGame, step: Step, option: str) -> None:
    if option == "Moat":
        game.turn_flags[f"blocked:{step['player']}"] = 1
        game.record("DM 4.7", f"{game.name_of(step['player'])} reveals Moat and is unaffected")


def no_options(game: DominionGame, step: Step) -> list[str]:
    """Nothing to ask: the step resolves as it is."""
    return []


def ways_of(game: DominionGame, player: int) -> list[str]:
    """The Ways in use for ``player`` (DM 5.5)."""
    return [w for w in game.variant.landscapes_of(game, player) if w in WAYS]


def play_options(game: DominionGame, step: Step) -> list[str]:
    """A card another card plays (Throne Room, Vassal) may be played using a Way in use, as a
    card played from the hand may (DM 5.5): the card itself, or the card using each Way. With
    no Way in use there is nothing to ask, and the card does what it says.

    :enforces: DM 5.5
    """
    ways = ways_of(game, step["player"])
    if not ways:
        return []
    name = step["card"]
    return [name, *(f"{name} using {way}" for way in ways)]


def play_step(game: DominionGame, step: Step, option: str) -> None:
    """Do what the played card says, or what the Way chosen for this play says (DM 5.5)."""
    player, name = step["player"], step["card"]
    way = option[len(name) + len(" using ") :] if option.startswith(f"{name} using ") else ""
    if way:
        game.record("DM 5.5", f"{game.name_of(player)} plays {name} using {way}")
        plus(game, player, WAYS[way])
        return
    resolve_card(game, player, name)


def _choose_options(game: DominionGame, step: Step) -> list[str]:
    return list(step["options"])


def _choose(game: DominionGame, step: Step, option: str) -> None:
    CHOICES[step["card"]](game, step, option)


StepKind = tuple[
    Callable[["DominionGame", dict[str, Any]], list[str]],
    Callable[["DominionGame", dict[str, Any], str], None],
]
"""How a kind of pending step is played: what its options are, and what choosing one does."""

KINDS: Final[dict[str, StepKind]] = {
    "trash": (_trash_options, _trash),
    "gain": (_gain_options, _gain),
    "discard": (_discard_options, _discard),
    "topdeck": (_topdeck_options, topdeck_step),
    "react": (reaction_options, _react),
    "effect": (play_options, play_step),
    "choose": (_choose_options, _choose),
}
"""Every kind of step: what it offers, and how it resolves. Each kind also declares its fields
in the save schema (``data/save.schema.json``, under ``$defs/steps``), or its saves are
refused."""


# The cards' own effects live in rulekeeper.dominion.kingdom, which builds on the steps
# above: this module does not import it. The game module knows both and hands the cards'
# tables to register_cards when it is imported, before any game is set up.
CARD_EFFECTS: Final[dict[str, Callable[[DominionGame, int], None]]] = {}
"""The part of each card's effect beyond plain bonuses, by card name (from
:data:`rulekeeper.dominion.kingdom.CARD_EFFECTS`)."""

CHOICES: Final[dict[str, Callable[[DominionGame, dict[str, Any], str], None]]] = {}
"""How a card's own named choice resolves, by card name (from
:data:`rulekeeper.dominion.kingdom.CHOICES`)."""

EVENTS: Final[dict[str, Callable[[DominionGame, int], None]]] = {}
"""What each Event does when bought (DM 5.2; from :data:`rulekeeper.dominion.kingdom.EVENTS`)."""


def register_cards(
    card_effects: dict[str, Callable[[DominionGame, int], None]],
    choices: dict[str, Callable[[DominionGame, dict[str, Any], str], None]],
    events: dict[str, Callable[[DominionGame, int], None]],
    kinds: dict[
        str,
        tuple[
            Callable[[DominionGame, dict[str, Any]], list[str]],
            Callable[[DominionGame, dict[str, Any], str], None],
        ],
    ],
) -> None:
    """Make the cards' own effects, choices, Events and kinds of step known to the steps that
    play them. :mod:`rulekeeper.dominion.game` calls it once, with the tables of
    :mod:`rulekeeper.dominion.kingdom`."""
    CARD_EFFECTS.update(card_effects)
    CHOICES.update(choices)
    EVENTS.update(events)
    KINDS.update(kinds)
