"""Saving the Stockpile Draft part of a game and checking it: the bookkeeping
(:class:`~rulekeeper.mtg.formats.stockpile.state.StockpileState`) written and read back by its
declaration (:mod:`rulekeeper.mtg.formats.stockpile.save_records`), and a restored game's
checked for its structure, then for what it means against the rest of the game.

>>> from rulekeeper.errors import SerializationError
>>> from rulekeeper.games import FORMATS
>>> from rulekeeper.mtg.formats.stockpile.saving import check_variant_state
>>> game = FORMATS["stockpile"].new_game(1, 3)
>>> check_variant_state(game)
>>> game.variant.state.final_round = True
>>> try:
...     check_variant_state(game)
... except SerializationError as error:
...     print(error.args[0].split(": ", 2)[2])
final round begun with 0 of 3 stockpiles empty and lands left in the landpile (SD 6.5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rulekeeper.engine.save_codec import Codec
from rulekeeper.engine.saves import check_invariants, refuse
from rulekeeper.mtg.formats.stockpile import EMPTY_STOCKPILES_TO_END
from rulekeeper.mtg.formats.stockpile.piles import empty_stockpiles, is_end_reached
from rulekeeper.mtg.formats.stockpile.save_records import StockpileRecord

if TYPE_CHECKING:
    from rulekeeper.mtg.formats.stockpile.state import StockpileState
    from rulekeeper.mtg.game import MagicGame

CODEC: Final = Codec(StockpileRecord)
"""The bookkeeping's save, as
:class:`~rulekeeper.mtg.formats.stockpile.save_records.StockpileRecord` declares it."""


def check_variant_state(game: MagicGame) -> None:
    """Refuse a restored game whose Stockpile Draft bookkeeping is malformed
    (:class:`~rulekeeper.mtg.formats.stockpile.save_records.StockpileRecord`) or means
    something impossible (:func:`check_meaning`).

    :raises SerializationError: naming the field and the rule.
    """
    from rulekeeper.engine.save_records import check_record

    check_record(game.variant.save_state(), StockpileRecord, at=("variant_state",))
    check_meaning(game)


def check_meaning(game: MagicGame) -> None:
    """Refuse bookkeeping that contradicts the game (its structure already checked): an
    acquisition in a turn still to come (SD 6.1), a final round begun before the landpile or
    three stockpiles ran out (SD 6.5), damage seen that was never taken (SD 6.6), or a broken
    invariant of the format (hidden cards shown, pile cards owned).

    :raises SerializationError: naming the field and the rule.
    """
    state: StockpileState = game.variant.state
    if state.acquired > game.turn:
        raise refuse(
            "variant_state.acquired",
            f"an acquisition in turn {state.acquired}, after the current turn {game.turn} (SD 6.1)",
        )
    empty = empty_stockpiles(game)
    if state.final_round and not is_end_reached(game):
        raise refuse(
            "variant_state.final_round",
            f"final round begun with {empty} of {EMPTY_STOCKPILES_TO_END} stockpiles empty "
            "and lands left in the landpile (SD 6.5)",
        )
    players = game.table.players
    seen = state.damage_seen
    if len(seen) > len(players):
        raise refuse(
            "variant_state.damage_seen",
            f"damage seen for {len(seen)} players at a table of {len(players)} (SD 6.6)",
        )
    for seat, amount in enumerate(seen):
        if amount > players[seat].damage_taken:
            raise refuse(
                f"variant_state.damage_seen[{seat}]",
                f"{amount} damage seen, more than the {players[seat].damage_taken} the player "
                "has taken (SD 6.6)",
            )
    check_invariants(game, game.variant.invariants)
