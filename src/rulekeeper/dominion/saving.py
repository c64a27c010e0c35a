"""Saving and restoring a game of Dominion as JSON-ready data.

A saved game names its variant (its format key); it is restored with that variant, found
among the package's variants (:data:`~rulekeeper.dominion.variants.VARIANTS`), which takes up
its own bookkeeping from the save's ``variant_state``. Anything malformed is refused with a
:class:`~rulekeeper.errors.SerializationError`: the save's declaration
(:mod:`rulekeeper.dominion.save_records`) gives each kind of pending step's fields, the checks
here say what those fields must name in the game and refuse a state play never stops in
(DM R3), and the kernel's :func:`~rulekeeper.engine.saves.check_playable` checks that the game
can go on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from rulekeeper.dominion import effects
from rulekeeper.dominion.cards import CARDS, TYPES
from rulekeeper.dominion.invariants import dominion_invariants
from rulekeeper.dominion.save_records import DominionSave, Step
from rulekeeper.dominion.variants import variant_type
from rulekeeper.dominion.zones import PLAYER_ZONES, zone_name
from rulekeeper.engine.chance import Chance
from rulekeeper.engine.save_codec import Codec, Computed, Conversion, copy_data
from rulekeeper.engine.saves import (
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

if TYPE_CHECKING:
    from rulekeeper.dominion.game import DominionGame


G = TypeVar("G", bound="DominionGame")

RENAMED: Final = {"table": "zones"}
"""Fields renamed since release 0.1.0, whose saves still load: the zones by name are the save's
``zones``, as in every game."""


def _player_names(game: DominionGame) -> list[str]:
    return [seat.name for seat in game.table.players]


def _name_players(game: DominionGame, names: list[str]) -> None:
    for seat, name in zip(game.table.players, names, strict=True):
        seat.name = name


CODEC: Final = Codec(
    DominionSave,
    at={
        "format": "format_key",
        "variant": "variant.facts.key",
        # The players are the table's seats, saved by their names (the game is made with them).
        "players": Computed(_player_names, _name_players),
        "cards": "table.cards",
        "zones": "table.zones",
    },
    # A pending step is JSON data in play too: the engine reads it where it stands.
    convert={Step: Conversion(copy_data, copy_data)},
    built=("format", "variant", "players", "chance"),
)
"""The save of a Dominion game, as :class:`~rulekeeper.dominion.save_records.DominionSave`
declares it."""


def save(game: DominionGame) -> dict[str, Any]:
    """The whole state, RNG and log included."""
    return CODEC.dump(game)


def restore(cls: type[G], data: dict[str, Any], *, trusted: bool = False) -> G:
    """Rebuild a game saved by :func:`save`: the structure its declaration
    (:class:`~rulekeeper.dominion.save_records.DominionSave`) says, then the game's meaning, the
    invariants, and that the game can go on
    (:func:`~rulekeeper.engine.saves.check_playable`). ``trusted=True`` skips the checks, for
    data this engine has just saved itself (:meth:`~rulekeeper.engine.game.Game.after`).

    :raises SerializationError: if ``data`` is not a saved game of this format and variant.
    """
    if trusted:
        known = variant_type(data["format"])
        assert known is not None
        variant = known()
    else:
        data = upgrade(check_object(data, "Dominion"), RENAMED)
        key = data.get("format")
        known = variant_type(key) if isinstance(key, str) else None
        if known is None:
            raise refuse(
                "format",
                f"{key!r} is not a Dominion game known here"
                " (rulekeeper.games.load_game reads a save of any format)",
            )
        # pydantic beneath the declaration only here: play never reads a user's save.
        from rulekeeper.engine.save_records import check_record

        # pydantic's Literal[1] takes true and 1.0 for 1, which no save of this engine writes.
        if "version" in data and type(data["version"]) is not int:
            raise refuse("version", f"must be the whole number 1, not {data['version']!r}")
        check_record(data, DominionSave)
        if data["variant"] != known.facts.key:
            raise refuse("variant", f"{data['variant']!r} is not {known.facts.key}")
        variant = known()
        record = variant.variant_state_record()
        check_record(data["variant_state"], record, at=("variant_state",))

    def build() -> G:
        game = cls(variant, Chance.from_json(data["chance"]), list(data["players"]))
        CODEC.load_into(game, data)
        game.table.reindex()
        game.steps = [_upgrade_step(step, game.table.cards) for step in game.steps]
        return game

    if trusted:
        return build()
    game = guard(build)
    _check(game)
    check_invariants(game, dominion_invariants)
    guard(lambda: _check_settled(game))
    check_playable(game)
    return game


def _check(game: DominionGame) -> None:
    """Semantic checks: every card known and in exactly one zone, the seats consistent."""
    players = len(game.table.players)
    if len(game.turns_taken) != players or len(game.gained) != players:
        raise refuse("turns_taken", f"does not have one entry for each of {players} players")
    check_index(game.active, players, "active", rule="DM 1.1")
    for index, name in enumerate(game.table.cards):
        if name not in CARDS:
            raise refuse(format_path(["cards", index]), f"{name!r} is not a Dominion card")
    for zone in game.table.zones:
        seat = zone.split(":")[1] if zone.split(":")[0] in PLAYER_ZONES else ""
        if seat and int(seat) >= players:
            raise refuse(format_path(["zones", zone]), f"no player {seat} (DM 1.1)")
    for kind in ("trash", *(f"{k}:{p}" for k in PLAYER_ZONES for p in range(players))):
        if kind not in game.table.zones:
            raise refuse("zones", f"the zone {kind} is missing (DM 1.6)")
    check_card_zones(len(game.table.cards), game.table.zones, rule="DM 1.6")
    for pile in game.piles:
        if pile not in CARDS or f"pile:{pile}" not in game.table.zones:
            raise refuse("piles", f"no pile for {pile!r}")
    for index, step in enumerate(game.steps):
        _check_step(game, step, f"steps[{index}]")
    _check_looked_at(game)


# What each field of a step refers to, by the field's name, whatever the step's kind: the
# schema declares which fields each kind has ($defs/steps), and these say what their values
# must name in this game. A new kind's fields plug in by using these names, or adding one.
_SEAT_FIELDS: Final = ("player", "attacker", "victim")
_CARD_ID_FIELDS: Final = ("target", "pending")
_NAME_FIELDS: Final = ("card", "name", "only")


def _step_cards() -> dict[str, Mapping[str, object]]:
    """The kinds of step whose ``card`` chooses what they do, with the cards each knows."""
    from rulekeeper.dominion.kingdom import CHOICES, VICTIMS

    return {"choose": CHOICES, "victim": VICTIMS}


def _check_step(game: DominionGame, step: dict[str, Any], path: str) -> None:
    """Refuse a pending step whose fields do not name seats, cards and names of this game."""
    players = len(game.table.players)
    for field in _SEAT_FIELDS:
        if field in step:
            check_index(step[field], players, f"{path}.{field}", rule="DM 3.3")
    for field in _CARD_ID_FIELDS:
        if field in step:
            check_index(step[field], len(game.table.cards), f"{path}.{field}", what="card")
    if "type" in step and step["type"] not in TYPES:
        raise refuse(f"{path}.type", f"{step['type']!r} is not a card type (DM 3.1)")
    if step["do"] == "discard" and "after" in step and "discarded" not in step:
        raise refuse(path, "a discard that something follows counts the cards discarded (DM 3.3)")
    if step["do"] == "choose":
        return _check_choice(game, step, path)
    for field in _NAME_FIELDS:
        value = step.get(field, [])
        for name in [value] if isinstance(value, str) else value:
            if name not in CARDS:
                raise refuse(f"{path}.{field}", f"{name!r} is not a Dominion card (DM 3.3)")
    known = _step_cards().get(step["do"])
    if known is not None and step["card"] not in known:
        raise refuse(f"{path}.card", f"a {step['do']} step of {step['card']!r} is not one "
                     "any card makes (DM 3.3)")  # fmt: skip
    return _check_pending(game, step, path)


def _check_pending(game: DominionGame, step: dict[str, Any], path: str) -> None:
    """Refuse a step its card could not resolve in this game (see
    :func:`rulekeeper.dominion.kingdom.pending_problem`): it would fail a move or two later."""
    from rulekeeper.dominion.kingdom import pending_problem

    problem = pending_problem(game, step)
    if problem:
        raise refuse(path, f"{problem} (DM 3.3)")


def _check_choice(game: DominionGame, step: dict[str, Any], path: str) -> None:
    if "name" in step and step["name"] not in CARDS:
        raise refuse(f"{path}.name", f"{step['name']!r} is not a Dominion card (DM 3.3)")
    if step["card"] not in _step_cards()["choose"]:
        raise refuse(f"{path}.card", f"{step['card']!r} asks no choice of its own (DM 3.3)")
    if len(set(step["options"])) != len(step["options"]):
        raise refuse(f"{path}.options", "an option is offered twice (DM 3.3)")
    _check_pending(game, step, path)


# The steps that hold cards set aside until they resolve, by kind (or, for a choice, by the
# card asking it): "own" holds its player's set-aside cards and puts them all somewhere when it
# ends, "everyone" every player's, "target" exactly the card it names as its target, and
# "looked" exactly the cards a Sentry looks at and keeps (DM 4.10).
_ASIDE_KEEPERS: Final = {
    "library": "own",
    "pass": "own",
    "deliver": "everyone",
    "Bandit": "own",
    "sentry": "looked",
}


def _check_settled(game: DominionGame) -> None:
    """Refuse a state the engine never stops in (DM R3): it runs every step that needs no
    choice and ends every phase that leaves none; it is in the pre-game phase exactly while
    the variant has a decision before turn one; and cards are set aside only while the
    effect that set them aside is under way."""
    if game.outcome is not None:
        return
    pregame = game.variant.next_decision(game) is not None
    if pregame != (game.phase == "pregame"):
        said = "is not over" if pregame else "is over (or there is none)"
        raise refuse("phase", f"{game.phase!r}, but the pre-game phase {said} (DM R3)")
    if game.steps:
        if pregame:
            raise refuse("steps", "no card's effect is under way before the first turn (DM 3.3)")
        if not effects.options(game, game.steps[-1]):
            raise refuse(
                f"steps[{len(game.steps) - 1}]",
                "a step that offers no choice runs at once and is never left waiting (DM R3)",
            )
    elif game.phase == "action" and (game.actions == 0 or not game.has_action_card(game.active)):
        raise refuse("phase", "an Action phase with no Action or no Action card to play "
                     "ends at once (DM R3)")  # fmt: skip
    elif game.phase == "buy" and game.buys == 0:
        raise refuse("buys", "a Buy phase with no Buy left ends the turn at once (DM R3)")
    _check_keepers_end(game)
    for player in range(len(game.table.players)):
        _check_aside(game, player)


def _keeps(step: dict[str, Any]) -> str | None:
    """How ``step`` holds set-aside cards (:data:`_ASIDE_KEEPERS`), or ``None`` if it holds none."""
    return _ASIDE_KEEPERS.get(step["card"] if step["do"] == "choose" else step["do"])


def _check_keepers_end(game: DominionGame) -> None:
    """Refuse pending steps that would leave cards set aside once every effect has ended
    (DM 3.3): a pass with no delivery to run after it, which alone hands the passed cards on
    (DM 4.9), and two steps that each hold one player's set-aside cards and each put them all
    away when it ends (the second would find them gone). The steps run from the last one
    written, so a step runs after every step written after it."""
    owners: dict[int, int] = {}
    for index, step in enumerate(game.steps):
        path = format_path(["steps", index])
        if step["do"] == "pass" and not any(s["do"] == "deliver" for s in game.steps[:index]):
            raise refuse(path, "a card passed with Masquerade would stay set aside: no delivery "
                         "runs after this pass to hand it on (DM 3.3, DM 4.9)")  # fmt: skip
        if _keeps(step) == "own":
            earlier = owners.setdefault(step["player"], index)
            if earlier != index:
                whose = f"player {step['player']}'s set-aside cards"
                held = f"as steps[{earlier}] does: one effect holds them at a time (DM 3.3)"
                raise refuse(path, f"holds {whose}, {held}")


def _check_aside(game: DominionGame, player: int) -> None:
    aside = game.table.zones[zone_name("aside", player)]
    if not aside:
        return
    keepers = []
    for step in game.steps:
        keeps = _keeps(step)
        if keeps == "everyone" or (keeps and step["player"] == player):
            keepers.append((keeps, step))
    path = format_path(["zones", zone_name("aside", player)])
    if not keepers:
        raise refuse(path, "cards are set aside only while the effect that set them aside is "
                     "under way (DM 3.3)")  # fmt: skip
    if all(keeps in ("target", "looked") for keeps, _ in keepers):
        held = sorted(card for keeps, step in keepers for card in _held(keeps, step))
        if sorted(aside) != held:
            raise refuse(path, f"holds {sorted(aside)}, not the cards {held} that the "
                         "pending choices are about (DM 3.3, DM 4.10)")  # fmt: skip


def _held(keeps: str, step: dict[str, Any]) -> list[int]:
    """The set-aside cards a step that holds exactly its own cards holds: a choice's target, or
    the cards a Sentry looks at and keeps."""
    if keeps == "looked":
        return [*step["looking"], *step["kept"]]
    return [step["target"]] if "target" in step else []


# The cards a card looks at (DM 4.10), kept in its pending step: checked here, on their own.


def _upgrade_step(step: dict[str, Any], cards: list[str]) -> dict[str, Any]:
    """A step as older saves wrote it, as it is now: a Sentry step from before DM R4 let the
    order be chosen (one ``choose`` step per card, its ID as ``target``) as the ``sentry`` step
    for that card; a Vassal choice offered as ``play`` or ``no`` with the options that name
    its card (DM 4.10)."""
    if step.get("do") != "choose" or "target" not in step:
        return step
    player, target = step["player"], step["target"]
    if step.get("card") == "Sentry":
        return {"do": "sentry", "player": player, "card": "Sentry", "looking": [target], "kept": []}
    named = isinstance(target, int) and 0 <= target < len(cards)
    if step.get("card") == "Vassal" and step["options"] == ["play", "no"] and named:
        from rulekeeper.dominion.kingdom import vassal_options

        return {**step, "options": vassal_options(cards[target])}
    return step


def _check_looked_at(game: DominionGame) -> None:
    """Every card a pending Sentry step looks at or keeps is set aside by that step's player,
    and is looked at by no other step (DM 4.10)."""
    seen: set[int] = set()
    for index, step in enumerate(game.steps):
        if step["do"] != "sentry":
            continue
        path = format_path(["steps", index])
        if not isinstance(step.get("looking"), list) or not isinstance(step.get("kept"), list):
            raise refuse(path, "a Sentry step needs the lists looking and kept (DM 4.10)")
        looked = step["looking"] + step["kept"]
        aside = game.table.zones[f"aside:{step['player']}"]
        if not 1 <= len(looked) <= 2 or any(card not in aside or card in seen for card in looked):
            raise refuse(path, "its cards are not two or fewer of its player's set aside (DM 4.10)")
        seen.update(looked)
