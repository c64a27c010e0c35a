"""``rulekeeper deal FORMAT``: deal a table's draft, the way randomizer apps do.

For people who play the Draft at a real table: it prints each player's pile of Kingdom
randomizers and the landscape pile, dealt from the seed exactly as ``rulekeeper play`` deals
the same seed, and what to do with them. The one format with a deal is Dominion Draft
(``dominion-draft``).

>>> from rulekeeper.cli import main
>>> main(["deal", "leveler"])
2
"""

from __future__ import annotations

import argparse

from rulekeeper.cli import EXIT_OK, Subcommands
from rulekeeper.dominion.cards import CARDS
from rulekeeper.dominion.draft import FACTS, NO_LANDSCAPES, PRIVATE, VARIANTS
from rulekeeper.dominion.draft.drafting import Draft
from rulekeeper.dominion.draft.play import KINGDOM_POOL, LANDSCAPE_POOL
from rulekeeper.engine.chance import Chance, check_seed
from rulekeeper.errors import InputError
from rulekeeper.games import game_format

DEALT_FORMATS = ("dominion-draft",)
"""The formats ``deal`` knows how to deal."""


def register(commands: Subcommands) -> None:
    """Add the ``deal`` subcommand."""
    parser = commands.add_parser(
        "deal",
        help="deal a draft's randomizer piles for a real table",
        description="Print each player's pile of Kingdom randomizers and the landscape pile, "
        "dealt from the seed as `rulekeeper play` deals it. Formats: "
        + ", ".join(DEALT_FORMATS)
        + ".",
    )
    parser.add_argument("format", help="format key or rule prefix, e.g. dominion-draft or DD")
    parser.add_argument("--seed", type=int, default=0, help="the seed to deal from")
    parser.add_argument(
        "--players",
        type=int,
        default=FACTS.players[0],
        help="number of players ({} to {})".format(*FACTS.players),
    )
    parser.add_argument(
        "--variant", default="", help=f"one of: {', '.join(VARIANTS)} (none by default)"
    )
    parser.set_defaults(handler=deal)


def describe(name: str) -> str:
    """A card as a randomizer app lists it: name, cost, types and set."""
    card = CARDS[name]
    cost = "" if card.cost is None else f"${card.cost}, "
    return f"{name} ({cost}{' - '.join(card.types)}; {card.set})"


def deal(args: argparse.Namespace) -> int:
    """Deal the table and print it.

    :raises InputError: for a format with no deal, an unknown variant, or a player count
        outside 2 to 6 (DD 1.1), checked before anything is dealt.
    """
    entry = game_format(args.format)
    check_seed(args.seed)
    if entry.key not in DEALT_FORMATS:
        raise InputError(
            f"{entry.name} has no deal; formats with a deal: {', '.join(DEALT_FORMATS)}"
        )
    if args.variant and args.variant not in VARIANTS:
        raise InputError(
            f"{entry.name} has no variant {args.variant!r}; its variants: {', '.join(VARIANTS)}"
        )
    entry.check_players(args.players)
    names = [f"Player {seat + 1}" for seat in range(args.players)]
    draft = Draft.deal(
        Chance(args.seed),
        KINGDOM_POOL,
        LANDSCAPE_POOL,
        args.players,
        private=args.variant == PRIVATE,
        landscapes=args.variant != NO_LANDSCAPES,
        names=names,
    )
    face = "face down (private)" if draft.private else "face up (public)"
    print(f"{entry.name} deal, seed {args.seed}, {args.players} players")
    print(f"Randomizers are set aside {face} (DD 1.4).")
    for seat, pile in enumerate(draft.piles):
        print(f"\n{names[seat]}'s randomizers (DD 1.3):")
        for name in sorted(pile):
            print(f"  {describe(name)}")
    if draft.landscape_pile:
        print(f"\nLandscape pile, handed to {names[draft.landscape_holder]} (DD 5.1):")
        for name in sorted(draft.landscape_pile):
            print(f"  {describe(name)}")
    print(
        "\nSet one randomizer aside and pass the rest left until each player has six "
        "(DD 2.1-2.3);\nthen move one of your left-hand neighbour's six to the centre (DD 2.4)."
    )
    if draft.landscape_pile:
        print(
            "Then, from the landscape pile's holder to the left, each player discards one "
            "landscape;\nthe two left are in use for everyone (DD 5.2, DD 5.3)."
        )
    return EXIT_OK
