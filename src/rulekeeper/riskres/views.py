"""What one player may see of a game: the view agents decide from (DESIGN: hidden information).

>>> from rulekeeper.riskres.scenario import Scenario
>>> from rulekeeper.riskres.views import view
>>> game = Scenario().player(0, hand=["Sparkshot"]).player(1, hand=["Brace"]).build()
>>> seen = view(game, 0)
>>> seen["hand"], seen["players"][1]["hand"]
([(0, 'Sparkshot')], 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rulekeeper.riskres.state import HIDDEN_ZONES, CardState, PlayerState, zone_name

if TYPE_CHECKING:
    from rulekeeper.riskres.game import RiskGame


PUBLIC: Final = (
    "id",
    "name",
    "controller",
    "tapped",
    "damage",
    "attached_to",
    "arrived_turn",
    "face_down",
)
"""What everyone sees of a permanent, besides its counters and whether it attacks. A face-down
permanent shows only that it is face down (RR 13.1c); its name is "a face-down creature"."""


CARDS: Final = "cards"
"""The viewer sees the zone's cards (a face-down one as face down, unless it is theirs)."""
COUNT: Final = "count"
"""The viewer sees how many cards the zone holds, not which."""
TOP: Final = "top"
"""The viewer sees how many cards the zone holds and its top card."""


def sight(game: RiskGame, kind: str, owner: int, viewer: int | None) -> str:
    """What ``viewer`` sees of ``owner``'s zone of ``kind``: :data:`CARDS`, :data:`COUNT` or
    :data:`TOP`; ``None`` is the referee, who sees every card. The view and a position
    written for a player both follow it.

    Nobody sees into a library, except the top card a player looks at while they scry
    (RR R30); hands and traps are their owner's; the other zones are public, a face-down
    card in them showing only that it is face down to all but its controller (RR 13.1d).

    :enforces: RR 13.1d, RR R30
    """
    if viewer is None or kind not in HIDDEN_ZONES:
        return CARDS
    if kind == "library":
        return TOP if owner == viewer and _looks_at_top(game, viewer) else COUNT
    return CARDS if owner == viewer else COUNT


def seen(game: RiskGame, kind: str, owner: int, viewer: int | None) -> list[int] | None:
    """The cards of ``owner``'s zone of ``kind`` that ``viewer`` sees, as :func:`sight` says:
    every card, top card first for a library (:data:`CARDS`); the top card alone
    (:data:`TOP`); or ``None`` when the viewer sees only how many (:data:`COUNT`)."""
    ids = game.table.zones[zone_name(kind, owner)]
    shown = sight(game, kind, owner, viewer)
    if shown == CARDS:
        return list(reversed(ids)) if kind == "library" else list(ids)
    if shown == TOP:
        return [ids[-1]]
    return None


def view(game: RiskGame, player: int) -> dict[str, Any]:
    """What ``player`` may see, every zone as :func:`sight` says (:func:`seen`): their own
    hand, traps and face-down cards, and the top card of their library while they scry; of
    every player, what all may see (the cards of public zones, the size of hidden ones);
    everything else on the table, which is public."""
    table = game.table

    def public(state: CardState) -> dict[str, Any]:
        shown = {key: getattr(state, key) for key in PUBLIC}
        shown["counters"] = state.plus - state.minus
        shown["attacking"] = state.id in game.attacks
        return shown

    def own(kind: str) -> list[tuple[int, str]]:
        return [(i, table.cards[i].name) for i in seen(game, kind, player, player) or ()]

    # RR R30: a player who scries looks at the top card of their library first.
    top = seen(game, "library", player, player)
    shown = {
        "you": player,
        **{key: getattr(game, key) for key in ("turn", "step", "active", "decision", "priority")},
        "players": [_seat(game, seat) for seat in table.players],
        "hand": own("hand"),
        # Only their owner sees traps: the others see how many (RR 2.7c), not which cards,
        # nor the cards' IDs, which another zone may have shown before.
        "traps": own("traps"),
        # RR 13.1d: only the controller knows what their face-down cards are.
        "face_down_mine": {
            i: table.cards[i].printed.name
            for i in (*table.zones[zone_name("battlefield", player)], *table.zones["stack"])
            if table.cards[i].face_down and table.cards[i].controller == player
        },
        "battlefield": [public(c) for c in table.permanents()],
        "stack": [dict(item, target=game.describe_target(item["target"])) for item in game.stack],
        "attacks": {a: game.describe_target(t) for a, t in game.attacks.items()},
        "waiting_triggers": [list(t) for t in game.pending_triggers],
        "blocks": dict(game.blocks),
        "damage_order": {a: list(b) for a, b in game.damage_order.items()},
        "scrying": (top[0], table.cards[top[0]].name) if top else None,
        "variant": game.variant.option,
    }
    game.variant.adjust_view(game, player, shown)
    return shown


def _seat(game: RiskGame, seat: PlayerState) -> dict[str, Any]:
    """What every player sees of ``seat``: each zone but the battlefield (the table's) as
    :func:`sight` shows it to a player other than its owner, the cards of a public zone in
    order, the size of a hidden one (every count is public)."""
    shown: dict[str, Any] = {"index": seat.index, "name": seat.name}
    shown |= {"ep": seat.ep, "intel": seat.intel, "left": seat.left}
    other = (seat.index + 1) % len(game.table.players)
    for kind in (*HIDDEN_ZONES, "graveyard", "exile"):
        cards = seen(game, kind, seat.index, other)
        if cards is None:
            shown[kind] = len(game.table.zones[zone_name(kind, seat.index)])
        else:
            shown[kind] = [game.table.cards[i].name for i in cards]
    return shown


def _looks_at_top(game: RiskGame, player: int) -> bool:
    """Whether ``player`` is looking at the top card of their library, as while they scry."""
    return (
        game.decision == "scry"
        and game.priority == player
        and bool(game.table.zones[zone_name("library", player)])
    )
