"""Saving a Magic game to JSON and restoring it exactly, RNG and log included."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, TypeVar

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.game import Outcome
from rulekeeper.engine.save_codec import (
    KERNEL_CONVERSIONS,
    VARIANT_STATE,
    Codec,
    Conversion,
    player_or_card,
)
from rulekeeper.engine.save_records import OutcomeRecord
from rulekeeper.engine.saves import (
    check_card_ids,
    check_card_zones,
    check_index,
    check_invariants,
    check_object,
    check_playable,
    format_path,
    guard,
    refuse,
    upgrade,
)
from rulekeeper.errors import InputError
from rulekeeper.mtg.actions import Player
from rulekeeper.mtg.cards import card_pool
from rulekeeper.mtg.formats import magic_format
from rulekeeper.mtg.invariants import magic_invariants
from rulekeeper.mtg.save_records import CardRecord, MagicSave, PlayerRecord, Resume
from rulekeeper.mtg.save_records import Target as TargetRecord
from rulekeeper.mtg.state import (
    CORE_DECISIONS,
    PLAYER_ZONES,
    UNOWNED,
    CardState,
    PlayerState,
)

if TYPE_CHECKING:
    from rulekeeper.mtg.game import MagicGame
    from rulekeeper.mtg.hooks import MagicFormat

G = TypeVar("G", bound="MagicGame")

RENAMED: Final = {"format_state": "variant_state"}
"""Fields renamed since release 0.1.0, whose saves still load: a format's bookkeeping is its
``variant_state`` in every game now."""


def _outcome_json(outcome: Outcome | None) -> list[Any] | None:
    # A Magic format's outcome names no causes (no player's loss ends the game for others by
    # a rule of its own), so its save keeps the four fields it has always had.
    if outcome is None:
        return None
    return [outcome.result, list(outcome.winners), outcome.reason_rule, outcome.reason]


CODEC: Final = Codec(
    MagicSave,
    at={
        "format": "format_key",
        "players": "table.players",
        "cards": "table.cards",
        "zones": "table.zones",
        # The format keeps its bookkeeping on itself, as objects of its own, and writes it.
        "variant_state": VARIANT_STATE,
    },
    classes={PlayerRecord: PlayerState, CardRecord: CardState},
    convert={
        TargetRecord: player_or_card(Player),
        Resume: Conversion(list, list),  # the game changes it in place
        OutcomeRecord: Conversion(_outcome_json, KERNEL_CONVERSIONS[OutcomeRecord].load),
    },
    built=("format", "chance"),
)
"""The save of a Magic game, as :class:`~rulekeeper.mtg.save_records.MagicSave` declares it."""


def game_to_json(game: MagicGame) -> dict[str, Any]:
    """The whole game as JSON-ready data."""
    return CODEC.dump(game)


_OWNED_ZONES: Final = ("battlefield", "stack", "left")
"""Shared zones whose cards always have an owner: only a card cast or played gets there, or
the cards of a player who left. (Exile may hold a Vortex pack nobody owns.)"""


def restore_game(cls: type[G], data: dict[str, Any], *, trusted: bool = False) -> G:
    """Rebuild a game of class ``cls`` from :func:`game_to_json` output, after checking it
    completely: its declaration (:class:`~rulekeeper.mtg.save_records.MagicSave`, with the
    format's own :meth:`~rulekeeper.mtg.hooks.MagicFormat.variant_state_record`), the meaning
    (:func:`check_meaning`), then the format's invariants on the restored game, so that a game
    that loads can always be played on. ``trusted=True`` skips the checks, for data this
    engine has just produced itself (:meth:`~rulekeeper.engine.game.Game.after`).

    :raises SerializationError: naming the field and the rule or reason, if the data is not a
        saved game of a known Magic format that could have been reached.
    """
    if trusted:
        return _restore(cls, magic_format(data["format"]), data, trusted=True)
    data = with_assignments(upgrade(check_object(data, "Magic"), RENAMED))
    key = data.get("format")
    try:
        fmt = magic_format(key if isinstance(key, str) else repr(key))
    except InputError as error:
        raise refuse("format", str(error)) from None
    # The declarations, and pydantic beneath them, only here: play never reads a user's save.
    from rulekeeper.engine.save_records import check_record

    check_record(data, MagicSave)
    check_record(data["variant_state"], fmt.variant_state_record(), at=("variant_state",))
    data = _name_attacked_players(data)
    check_meaning(fmt, data)
    game = guard(lambda: _restore(cls, fmt, data, trusted=False))
    guard(lambda: game.variant.check_restored(game))
    check_invariants(game, magic_invariants)
    check_playable(game)
    return game


def with_assignments(data: dict[str, Any]) -> dict[str, Any]:
    """A save from before combat damage was divided by choice (MG R4), each card given the
    ``assigned`` it then always had (-1: nothing assigned); ``data`` itself is not changed,
    and anything but a list of objects is left for the declaration to refuse."""
    cards = data.get("cards")
    if not isinstance(cards, list) or all(
        not isinstance(card, dict) or "assigned" in card for card in cards
    ):
        return data
    filled = [
        {**card, "assigned": -1} if isinstance(card, dict) and "assigned" not in card else card
        for card in cards
    ]
    return {**data, "cards": filled}


def _restore(cls: type[G], fmt: MagicFormat, data: dict[str, Any], *, trusted: bool) -> G:
    game = cls(fmt, Chance.from_json(data["chance"]), [p["name"] for p in data["players"]])
    expected = set(game.table.zones)  # the zones a game of this format and table has
    if not trusted and set(data["zones"]) != expected:
        odd = sorted(set(data["zones"]) ^ expected)[0]
        raise refuse(format_path(["zones", odd]), f"not a zone of this {fmt.facts.name} game")
    CODEC.load_into(game, data)
    game.table.reindex()
    return game


def _name_attacked_players(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with each attacking creature that names no player it attacks given one.

    A save from before every attacker kept the player it attacks left it unnamed where the
    format does not let attackers choose: such a creature attacks the player the engine then
    worked out at every question, the defending player, next in turn order after the active
    player (MG R6). It is named here, in the data and before the checks of its meaning, so
    that the player filled in is held to the same rule as one written (an attacker of the
    defending player's own, say, is refused rather than made to attack its controller). The
    caller's data is left as it was.
    """
    players, active = data["players"], data["active"]
    if not any(c["attacking"] and c["target"] is None for c in data["cards"]):
        return data
    if not 0 <= active < len(players):
        return data  # the checks of its meaning refuse the seat
    seat = active
    for _ in players:
        seat = (seat + 1) % len(players)
        if not players[seat]["lost"]:
            break
    named = {"player": seat}
    cards = [
        dict(card, target=named) if card["attacking"] and card["target"] is None else card
        for card in data["cards"]
    ]
    return {**data, "cards": cards}


def _check_attacked(
    fmt: MagicFormat, data: dict[str, Any], card: dict[str, Any], path: str
) -> None:
    """An attacking creature's target is the player it attacks: an opponent of its controller,
    and where attackers do not choose, the player who was next in turn order when it was
    declared, so every seat between the active player and that one has left the game (MG R6,
    MG R8). An older save may name none (see :func:`_name_attacked_players`).

    :raises SerializationError: naming the field and the rule.
    """
    target = card["target"]
    if not isinstance(target, dict):
        raise refuse(path, f"an attacking creature attacks a player, not card {target} (MG 4.1)")
    attacked = target["player"]
    if attacked == card["controller"]:
        raise refuse(path, "an attacking creature attacks an opponent, not its controller (MG 4.1)")
    if fmt.attacks_any_opponent:
        return
    players, seat = data["players"], data["active"]
    while (seat := (seat + 1) % len(players)) != attacked:
        if not players[seat]["lost"]:
            raise refuse(
                path,
                f"attacks player {attacked}, but player {seat} is next in turn order (MG R6)",
            )


def check_meaning(fmt: MagicFormat, data: dict[str, Any]) -> None:
    """Check what a structurally valid save of ``fmt`` says: as many players as the format
    allows, each card's ID its position and its name a card of the pool, every card in
    exactly one zone, and every seat and card reference in range for this table.

    :raises SerializationError: naming the field and the rule or reason.
    """
    players, cards = data["players"], data["cards"]
    seats, count = len(players), len(cards)
    if fmt.facts.players_problem(seats):
        raise refuse("players", fmt.facts.players_problem(seats))

    def seat(value: int, path: str) -> None:
        check_index(value, seats, path, rule=fmt.facts.players_rule)

    for index, player in enumerate(players):
        if player["index"] != index:
            raise refuse(f"players[{index}].index", f"{player['index']} is not its seat {index}")
    check_card_ids(cards, [c["id"] for c in cards])
    check_card_zones(count, data["zones"])
    for zone_name, ids in data["zones"].items():
        kind, _, seat_of = zone_name.partition(":")
        for position, card_id in enumerate(ids):
            owner = cards[card_id]["owner"]
            # A card in a player's own zone is theirs; one in play or gone from it has an owner.
            if kind in PLAYER_ZONES and str(owner) != seat_of:
                raise refuse(
                    format_path(["zones", zone_name, position]),
                    f"card {card_id} is owned by {owner}, not by player {seat_of} (MG 1.2)",
                )
            if zone_name in _OWNED_ZONES and owner == UNOWNED:
                raise refuse(
                    format_path(["zones", zone_name, position]),
                    f"card {card_id} is in {zone_name} but owned by no one",
                )
    # The format's own cards (Stockpile Draft's Junk) are as real as the pool's.
    known = card_pool().keys() | fmt.extra_cards().keys()
    for card_id, card in enumerate(cards):
        path = f"cards[{card_id}]"
        if card["name"] not in known:
            raise refuse(f"{path}.name", f"no card named {card['name']!r} in the card pool")
        for key in ("owner", "controller"):
            if card[key] != UNOWNED:
                seat(card[key], f"{path}.{key}")
        if card["blocking"] != -1:
            check_index(card["blocking"], count, f"{path}.blocking", what="card")
        target = card["target"]
        if isinstance(target, dict):
            seat(target["player"], f"{path}.target.player")
        elif target is not None:
            check_index(target, count, f"{path}.target", what="card")
        if card["attacking"] and target is not None:
            _check_attacked(fmt, data, card, f"{path}.target")
    for key in ("active", "first_player", "priority"):
        seat(data[key], key)
    seat(data["resume"][1], "resume[1]")
    if data["passes"] >= seats:
        raise refuse("passes", f"{data['passes']} passes in a row, with {seats} players")
    if data["decision"] not in CORE_DECISIONS | set(fmt.decisions):
        raise refuse("decision", f"{data['decision']!r} is not a decision of {fmt.facts.name}")
    if data["decision"] != "damage":
        for card_id, card in enumerate(cards):
            if card["assigned"] != -1:
                raise refuse(
                    f"cards[{card_id}].assigned",
                    "combat damage is assigned only while it is being divided (MG R4)",
                )
    if data["outcome"] is not None:
        for i, winner in enumerate(data["outcome"][1]):
            seat(winner, f"outcome[1][{i}]")
