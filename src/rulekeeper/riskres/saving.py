"""Saving and restoring a game of Risk & Resource as JSON-ready data, RNG included.

>>> from rulekeeper.riskres.scenario import Scenario
>>> from rulekeeper.riskres.saving import dump, load
>>> game = Scenario().player(0, hand=["Sparkshot"]).player(1, hand=["Brace"]).build()
>>> load(dump(game)).dumps() == game.dumps()
True
"""

from __future__ import annotations

from typing import Any, Final

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.save_codec import (
    VARIANT_STATE,
    Codec,
    Computed,
    Conversion,
    player_or_card,
)
from rulekeeper.engine.saves import (
    check_card_ids,
    check_card_zones,
    check_index,
    check_invariants,
    check_object,
    check_playable,
    guard,
    refuse,
    upgrade,
)
from rulekeeper.engine.table import GONE
from rulekeeper.riskres import FACTS
from rulekeeper.riskres.actions import Player
from rulekeeper.riskres.cards import CardDef, card_pool
from rulekeeper.riskres.cards import card as printed_card
from rulekeeper.riskres.game import RiskGame
from rulekeeper.riskres.invariants import risk_invariants
from rulekeeper.riskres.save_records import CardRecord, PlayerRecord, RiskSave
from rulekeeper.riskres.save_records import Pump as PumpRecord
from rulekeeper.riskres.save_records import Target as TargetRecord
from rulekeeper.riskres.state import PLAYER_ZONES, CardState, PlayerState, zone_name

RENAMED: Final = {"variant": "variant_state"}
"""Fields renamed since release 0.1.0, whose saves still load: the variants' bookkeeping is the
save's ``variant_state``, as in every game."""


def _printed_name(printed: CardDef) -> str:
    return printed.name


def _pump(data: list[Any]) -> tuple[int, int, int, int, str]:
    # Pumps saved before they could last until end of combat have no duration: a turn.
    player, card, power, defense, *until = data
    return (player, card, power, defense, until[0] if until else "turn")


def _triggers_json(game: RiskGame) -> list[list[int]]:
    # The waiting triggers, then last the seat that gets priority once they are on the stack.
    return [list(t) for t in game.pending_triggers] + [[game.priority_after_triggers]]


def _put_triggers(game: RiskGame, data: list[list[int]]) -> None:
    *waiting, (game.priority_after_triggers,) = data
    game.pending_triggers = [(int(p), int(s), int(i)) for p, s, i in waiting]


_AIMED_AT: Final = player_or_card(Player)


def _damage_order_json(game: RiskGame) -> list[list[Any]]:
    # Each attacker's blockers in damage order, then how its damage was divided this step,
    # if it was: each recipient (a card or a player) and its damage.
    found: list[list[Any]] = []
    for attacker in {**game.damage_order, **game.damage_division}:
        entry: list[Any] = [attacker, list(game.damage_order.get(attacker, []))]
        shares = game.damage_division.get(attacker)
        if shares is not None:
            entry.append([[_AIMED_AT.dump(to), amount] for to, amount in shares])
        found.append(entry)
    return found


def _put_damage_order(game: RiskGame, data: list[list[Any]]) -> None:
    game.damage_order, game.damage_division = {}, {}
    for attacker, blockers, *divided in data:
        game.damage_order[int(attacker)] = [int(b) for b in blockers]
        if divided:
            game.damage_division[int(attacker)] = tuple(
                (_AIMED_AT.load(to), int(amount)) for to, amount in divided[0]
            )


CODEC: Final = Codec(
    RiskSave,
    at={
        "options": (
            "mulligan_rule",
            "simultaneous",
            "turn_limit",
            "variant.option",
            "variant.allows_betrayal",
        ),
        # The variant keeps its bookkeeping on itself, as attributes of its own, and writes it.
        "variant_state": VARIANT_STATE,
        "players": "table.players",
        "cards": "table.cards",
        "zones": "table.zones",
        "turn": ("turn", "active", "first_player", "step", "decision"),
        "turn_order": ("regular", "extra_turns"),
        "priority": ("priority", "passes"),
        "triggers": Computed(_triggers_json, _put_triggers),
        "damage_order": Computed(_damage_order_json, _put_damage_order),
    },
    classes={PlayerRecord: PlayerState, CardRecord: CardState},
    convert={
        # An attack always has a target; a spell or ability may have none.
        TargetRecord: _AIMED_AT,
        TargetRecord | None: _AIMED_AT,
        (CardRecord, "printed"): Conversion(_printed_name, printed_card),
        PumpRecord: Conversion(list, _pump),
    },
    pairs=("attacks", "blocks"),
    built=("chance", "options"),
)
"""The save of a Risk & Resource game, as :class:`~rulekeeper.riskres.save_records.RiskSave`
declares it."""


def dump(game: RiskGame) -> dict[str, Any]:
    """The whole state, RNG included, as JSON-ready data."""
    return CODEC.dump(game)


def load(data: dict[str, Any], *, trusted: bool = False) -> RiskGame:
    """Restore a state saved by :func:`dump`, after checking it completely.

    A save is checked against its declaration
    (:class:`~rulekeeper.riskres.save_records.RiskSave`), then for its meaning
    (:func:`check_meaning`), then the restored game against the format's invariants, so that
    a game that loads can always be played on. ``trusted=True`` skips the checks, for data
    this engine has just produced itself (:meth:`~rulekeeper.engine.game.Game.after`).

    :raises SerializationError: naming the field and the rule or reason, if the data is not a
        saved Risk & Resource game that could have been reached.
    """
    if not trusted:
        data = upgrade(check_object(data, FACTS.name), RENAMED)
        if data.get("format") != FACTS.key:
            raise refuse("format", f"not a saved {FACTS.name} game")
        players = data.get("players")
        if isinstance(players, list) and FACTS.players_problem(len(players)):
            raise refuse("players", FACTS.players_problem(len(players)))
        # pydantic beneath the declaration only here: play never reads a user's save.
        from rulekeeper.engine.save_records import check_record

        check_record(data, RiskSave)
        check_meaning(data)
    game = guard(lambda: _restore(data))
    if not trusted:
        check_invariants(game, risk_invariants)
        check_playable(game)
    return game


def _restore(data: dict[str, Any]) -> RiskGame:
    rule, simultaneous, limit, variant, betrayal = data["options"]
    # Only Alliance mode may forbid betrayal (RR R66); a save written before it was Alliance
    # mode's own setting may forbid it in another game, where it never changed anything.
    betrayal = betrayal or variant != "alliance"
    game = RiskGame(
        Chance.from_json(data["chance"]),
        [p["name"] for p in data["players"]],
        mulligan_rule=rule,
        simultaneous=simultaneous,
        turn_limit=limit,
        variant=variant,
        betrayal=betrayal,
    )
    CODEC.load_into(game, data)
    return game


def check_meaning(data: dict[str, Any]) -> None:
    """Check what a structurally valid save says: every card known, in exactly one zone and
    where it says it is, every seat and card reference in range for this table, the zones
    those of a game of this many players (RR R63), and the stack's spells in the stack zone.

    :raises SerializationError: naming the field and the rule or reason.

    :enforces: RR R63
    """
    players, cards = data["players"], data["cards"]
    seats, count = len(players), len(cards)

    def seat(value: int, path: str) -> None:
        check_index(value, seats, path, rule="RR R63")

    def card_ref(value: int | None, path: str) -> None:
        if value is not None:
            check_index(value, count, path, what="card")

    for index, player in enumerate(players):
        if player["index"] != index:
            raise refuse(f"players[{index}].index", f"{player['index']} is not its seat {index}")
    expected = {"stack", *(zone_name(kind, p) for kind in PLAYER_ZONES for p in range(seats))}
    if set(data["zones"]) - {GONE} != expected:  # GONE: once a card has been renumbered
        odd = sorted(set(data["zones"]) ^ expected)[0]
        raise refuse(f"zones.{odd}", f"not a zone of a {seats}-player game")
    check_card_ids(cards, [c[0] for c in cards])
    check_card_zones(count, data["zones"])
    pool = card_pool()
    for card_id, card in enumerate(cards):
        if card[1] not in pool:
            raise refuse(f"cards[{card_id}][1]", f"no Risk & Resource card named {card[1]!r}")
        seat(card[2], f"cards[{card_id}][2]")
        seat(card[3], f"cards[{card_id}][3]")
        if card_id not in data["zones"][card[4]]:
            raise refuse(f"cards[{card_id}][4]", f"card {card_id} is not listed in {card[4]}")
        card_ref(card[13], f"cards[{card_id}][13]")
    _check_gone(cards, data["zones"].get(GONE, []))
    turn, active, first, _, _ = data["turn"]
    seat(active, "turn[1]")
    seat(first, "turn[2]")
    if turn > data["options"][2] + 1:  # the turn after the limit is where a game is drawn
        raise refuse("turn[0]", f"turn {turn} is past the turn limit {data['options'][2]}")
    priority, passes = data["priority"]
    seat(priority, "priority[0]")
    if passes >= seats:
        raise refuse("priority[1]", f"{passes} passes in a row, with {seats} players")
    seat(data["turn_order"][0], "turn_order[0]")
    for i, extra in enumerate(data["turn_order"][1]):
        seat(extra, f"turn_order[1][{i}]")
    spells = []
    for i, item in enumerate(data["stack"]):
        card_ref(item["card"], f"stack[{i}].card")
        card_ref(item["source"], f"stack[{i}].source")
        seat(item["controller"], f"stack[{i}].controller")
        _check_target(item["target"], seats, count, f"stack[{i}].target")
        if item["card"] is not None:
            spells.append(item["card"])
    if spells != data["zones"]["stack"]:
        raise refuse("stack", "its spells and the stack zone disagree")
    for i, (attacker, target) in enumerate(data["attacks"]):
        card_ref(attacker, f"attacks[{i}][0]")
        _check_target(target, seats, count, f"attacks[{i}][1]")
    for i, (blocker, attacker) in enumerate(data["blocks"]):
        card_ref(blocker, f"blocks[{i}][0]")
        card_ref(attacker, f"blocks[{i}][1]")
    for i, attacker in enumerate(data["blocked"]):
        card_ref(attacker, f"blocked[{i}]")
    for i, (attacker, blockers, *divided) in enumerate(data["damage_order"]):
        card_ref(attacker, f"damage_order[{i}][0]")
        for j, blocker in enumerate(blockers):
            card_ref(blocker, f"damage_order[{i}][1][{j}]")
        for j, (to, _) in enumerate(divided[0] if divided else []):
            _check_target(to, seats, count, f"damage_order[{i}][2][{j}][0]")
    if len(data["pressure"]) != seats:
        raise refuse("pressure", f"{len(data['pressure'])} entries for {seats} players")
    for i, (player, _) in enumerate(data["legend_choices"]):
        seat(player, f"legend_choices[{i}][0]")
    for i, player in enumerate(data["scry_pending"]):
        seat(player, f"scry_pending[{i}]")
    *waiting, last = data["triggers"]
    if len(last) != 1:
        raise refuse(f"triggers[{len(waiting)}]", "the last entry must be the seat to resume")
    seat(last[0], f"triggers[{len(waiting)}][0]")
    for i, trigger in enumerate(waiting):
        if len(trigger) != 3:
            raise refuse(f"triggers[{i}]", "a waiting trigger is (controller, card, index)")
        seat(trigger[0], f"triggers[{i}][0]")
        card_ref(trigger[1], f"triggers[{i}][1]")
        triggers_of = pool[cards[trigger[1]][1]].triggers
        check_index(trigger[2], len(triggers_of), f"triggers[{i}][2]", what="trigger of the card")
    variant = data["variant_state"]
    if variant["king"] is not None:
        seat(variant["king"], "variant_state.king")
    for key in ("alliances", "offers", "offers_made"):
        for i, (a, b) in enumerate(variant[key]):
            seat(a, f"variant_state.{key}[{i}][0]")
            seat(b, f"variant_state.{key}[{i}][1]")
    for i, pump in enumerate(data["pumps"]):
        seat(pump[0], f"pumps[{i}][0]")
        card_ref(pump[1], f"pumps[{i}][1]")
    if data["outcome"] is not None:
        for i, winner in enumerate(data["outcome"][1]):
            seat(winner, f"outcome[1][{i}]")


def _check_gone(cards: list[list[Any]], gone: list[int]) -> None:
    """Each ID in the ``gone`` zone was left by a card that became a new object (RR R83): the
    same card under a later ID, each later ID taking the place of one gone ID only.

    :raises SerializationError: for a gone ID no later card could have left.
    """
    later: dict[str, list[int]] = {}
    left = set(gone)
    for card_id in range(len(cards) - 1, -1, -1):
        if card_id in left:
            taken = later.get(cards[card_id][1], [])
            if not taken:
                raise refuse(
                    f"zones.{GONE}",
                    f"card {card_id} was left by no later card of its own (RR R83)",
                )
            taken.pop()
        later.setdefault(cards[card_id][1], []).append(card_id)


def _check_target(target: Any, seats: int, count: int, path: str) -> None:
    if isinstance(target, dict):
        check_index(target["player"], seats, f"{path}.player", rule="RR R63")
    elif target is not None:
        check_index(target, count, path, what="card")
