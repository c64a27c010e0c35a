"""The shared save-loading kernel (rulekeeper.engine.saves) and each format's checks on load."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulekeeper.engine.game import Game
from rulekeeper.engine.saves import (
    MAX_DEPTH,
    check_card_ids,
    check_card_zones,
    check_index,
    check_invariants,
    format_path,
    guard,
    read_save,
)
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.mtg.actions import Attack, Cast, Pass, Player
from rulekeeper.mtg.game import MagicGame
from rulekeeper.mtg.scenario import Scenario

# read_save: text to an object, never anything but a SerializationError.


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000, "nested more than"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ('{"a":' * 40 + "1" + "}" * 40, "nested more than 32 deep"),
        ('{"seed": NaN}', "NaN is not a JSON number"),
        ('{"seed": Infinity}', "Infinity is not a JSON number"),
        ('{"seed": -Infinity}', "-Infinity is not a JSON number"),
        ('{"seed": 1e999}', "too large for a number"),
        ('{"seed": ' + "9" * 5000 + "}", "not usable JSON"),
        ('{"a": 1, "a": 2}', "'a' appears twice"),
        ('{"a": "\\ud800"}', "lone surrogate"),
        ("[]", "expected a JSON object, not an array"),
        ("3", "expected a JSON object, not a number"),
        ("null", "expected a JSON object, not null"),
        ('"save"', "expected a JSON object, not a string"),
        ("", "not JSON"),
        ('{"a": 1', "not JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
    ],
)
def test_read_save_refuses_unusable_text(text: str | bytes, reason: str) -> None:
    with pytest.raises(SerializationError, match=reason):
        read_save(text)


def test_read_save_names_the_source_and_refuses_absurd_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("rulekeeper.engine.saves.MAX_SAVE_BYTES", 10)
    with pytest.raises(SerializationError, match=r"^game\.json: not a saved game: larger than"):
        read_save(b'{"a": "0123456789"}', source="game.json")
    with pytest.raises(SerializationError, match="larger than 10 characters"):
        read_save('{"a": "0123456789"}')


def test_read_save_accepts_a_save_and_bytes() -> None:
    assert read_save(b'{"turn": 1, "name": "\xc3\xa9"}') == {"turn": 1, "name": "é"}
    nested = '{"a":' * (MAX_DEPTH - 1) + "1" + "}" * (MAX_DEPTH - 1)
    assert read_save(nested)["a"]["a"]


def test_format_path() -> None:
    assert format_path([]) == ""
    assert format_path(["players", 1, "life"]) == "players[1].life"
    assert format_path(["zones", "hand:0"]) == 'zones["hand:0"]'


# The shared meaning checks.


def test_check_index() -> None:
    check_index(1, 2, "priority")
    with pytest.raises(SerializationError, match=r"priority: 7 is not a player: there are 2 \(MG"):
        check_index(7, 2, "priority", rule="MG 1.1")
    with pytest.raises(SerializationError, match="-1 is not a player"):
        check_index(-1, 2, "active")


def test_check_card_zones() -> None:
    check_card_zones(3, {"hand:0": [0, 2], "library:0": [1]})
    with pytest.raises(SerializationError, match=r'zones\["library:0"\]\[0\]: card 2 is also in'):
        check_card_zones(3, {"hand:0": [0, 2], "library:0": [2, 1]})
    with pytest.raises(SerializationError, match=r"cards\[1\]: card 1 is in no zone"):
        check_card_zones(3, {"hand": [0, 2]})
    with pytest.raises(SerializationError, match=r"card 999 is not a card of this game"):
        check_card_zones(3, {"hand": [0, 2, 1, 999]})


def test_check_card_ids() -> None:
    check_card_ids([{}, {}], [0, 1])
    with pytest.raises(SerializationError, match=r"cards\[0\]: has ID 1 at position 0"):
        check_card_ids([{}, {}], [1, 0])


def test_check_invariants_turns_a_crash_into_an_error() -> None:
    def crashes(game: dict[str, int]) -> list[str]:
        return [str(game["missing"])]

    with pytest.raises(SerializationError, match=r"invariants cannot hold \(KeyError\)"):
        check_invariants({}, crashes)
    with pytest.raises(SerializationError, match="impossible state: broken"):
        check_invariants({}, lambda game: ["broken"])
    check_invariants({}, lambda game: [])


def test_guard_turns_any_failure_into_an_error() -> None:
    assert guard(lambda: 3) == 3
    with pytest.raises(SerializationError, match="IndexError"):
        guard(lambda: [][1])

    def refused() -> None:
        raise SerializationError("already refused")

    with pytest.raises(SerializationError, match=r"^already refused$"):
        guard(refused)


# Each format's checks on load, on real saves edited one field at a time.


def _save(key: str, players: int = 2) -> tuple[type[Game], dict[str, Any]]:
    game = FORMATS[key].new_game(3, players)
    return type(game), json.loads(game.dumps())


def _refused(cls: type[Game], data: dict[str, Any], message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        cls.loads(json.dumps(data))


@pytest.mark.rule("RR R63")
def test_rr_refuses_a_seat_beyond_the_table() -> None:
    cls, data = _save("rr")
    data["priority"][0] = 4
    _refused(cls, data, r"priority\[0\]: 4 is not a player: there are 2 \(RR R63\)")
    cls, data = _save("rr")
    data["cards"][0][2] = 5
    _refused(cls, data, r"cards\[0\]\[2\]: 5 is not a player")


@pytest.mark.rule("RR R63")
def test_rr_refuses_too_many_players() -> None:
    cls, data = _save("rr")
    data["players"] *= 4
    _refused(cls, data, r"players: Risk & Resource is played by 2 to 6 players, not 8 \(RR R63\)")


def test_rr_refuses_an_unknown_card_and_a_card_out_of_its_zone() -> None:
    cls, data = _save("rr")
    data["cards"][0][1] = "No Such Card"
    _refused(cls, data, r"cards\[0\]\[1\]: no Risk & Resource card named 'No Such Card'")
    cls, data = _save("rr")
    data["cards"][0][4] = "exile:1"
    _refused(cls, data, r"cards\[0\]\[4\]: card 0 is not listed in exile:1")


def test_rr_refuses_a_stack_that_disagrees_with_its_zone() -> None:
    cls, data = _save("rr")
    card = data["zones"]["hand:0"].pop()
    data["zones"]["stack"].append(card)
    data["cards"][card][4] = "stack"
    _refused(cls, data, "stack: its spells and the stack zone disagree")


def test_rr_refuses_passes_out_of_range_and_a_bad_trigger_entry() -> None:
    cls, data = _save("rr")
    data["priority"][1] = 2
    _refused(cls, data, r"priority\[1\]: 2 passes in a row, with 2 players")
    cls, data = _save("rr")
    data["triggers"] = [[0, 0, 0], [0]]
    _refused(cls, data, r"triggers\[0\]\[2\]: 0 is not a trigger of the card")


def test_rr_refuses_a_state_its_invariants_reject() -> None:
    cls, data = _save("rr")
    card = data["zones"]["hand:0"][0]
    data["cards"][card][5] = True  # tapped in a hand
    _refused(cls, data, "impossible state: .* is tapped or damaged off the battlefield")


@pytest.mark.rule("MG 1.1")
def test_magic_refuses_a_seat_beyond_the_table() -> None:
    cls, data = _save("leveler")
    data["active"] = 2
    _refused(cls, data, r"active: 2 is not a player: there are 2 \(LV R9\)")


@pytest.mark.rule("VX 1.2")
def test_vortex_refuses_a_seat_beyond_the_table_in_its_bookkeeping() -> None:
    cls, data = _save("vortex")
    data["variant_state"]["drafts"] = [3]
    _refused(cls, data, r"variant_state\.drafts\[0\]: 3 is not a player: there are 2 \(VX 1.2\)")


def test_magic_refuses_a_zone_no_game_has_and_an_unknown_decision() -> None:
    cls, data = _save("leveler")
    data["zones"]["outside:7:2"] = data["zones"].pop("outside:1:2")
    _refused(cls, data, r"zones\[\"outside:1:2\"\]: not a zone of this Leveler game")
    cls, data = _save("leveler")
    data["decision"] = "pick"
    _refused(cls, data, "decision: 'pick' is not a decision of Leveler")


def test_magic_refuses_a_card_id_out_of_place_and_a_bad_target() -> None:
    cls, data = _save("vortex")
    data["cards"][1]["id"] = 0
    _refused(cls, data, r"cards\[1\]: has ID 0 at position 1")
    cls, data = _save("vortex")
    data["cards"][0]["target"] = 10**4 - 1
    _refused(cls, data, r"cards\[0\]\.target: 9999 is not a card")


def _attack_on_ben() -> MagicGame:
    """A three-player Vortex game in which Ann's Grizzly Bears attack Ben, who has 2 life, and
    Ann holds a Shock with priority in the declare attackers step; Cat holds one too."""
    game = (
        Scenario("vortex", names=["Ann", "Ben", "Cat"])
        .player(0, battlefield=["Grizzly Bears", "Mountain"], hand=["Shock"])
        .player(1, life=2)
        .player(2, battlefield=["Giant Spider", "Mountain"], hand=["Shock"])
        .zone("shoe", ["Island"] * 10)
        .at("beginning_of_combat")
        .build()
    )
    while game.step == "beginning_of_combat":
        game.apply(Pass())
    game.apply(Attack(game.find("Grizzly Bears")))
    return game


@pytest.mark.rule("MG R6", "MG R8")
def test_magic_saves_the_player_each_attacker_attacks() -> None:
    game = _attack_on_ben()
    bears = game.find("Grizzly Bears")
    data = json.loads(game.dumps())
    assert data["cards"][bears]["target"] == {"player": 1}
    game.apply(Cast(game.find("Shock"), Player(1)))
    game.apply(Pass())  # Cat lets the Shock resolve: Ben leaves, and the Bears still attack him
    assert game.table.players[1].left
    assert (game.step, game.priority, game.table.cards[bears].attacking) == (
        "declare_attackers",
        2,
        True,
    )
    restored = MagicGame.loads(game.dumps())
    assert restored.table.cards[bears].target == Player(1)
    assert restored.dumps() == game.dumps()


@pytest.mark.rule("MG R6")
def test_magic_loads_an_older_save_whose_attackers_name_no_player() -> None:
    # Saves made before every attacker kept the player it attacks named none outside a
    # free-for-all; such a creature attacks the defending player, as it did then.
    game = _attack_on_ben()
    bears = game.find("Grizzly Bears")
    data = json.loads(game.dumps())
    data["cards"][bears]["target"] = None
    restored = MagicGame.loads(json.dumps(data))
    assert restored.table.cards[bears].target == Player(1)
    assert restored.dumps() == game.dumps()


@pytest.mark.rule("MG 4.1", "MG R6")
def test_magic_refuses_an_attacker_that_attacks_no_opponent_or_not_the_next() -> None:
    game = _attack_on_ben()
    bears = game.find("Grizzly Bears")
    cases = [
        (game.find("Mountain"), "attacks a player, not card"),
        ({"player": 0}, "attacks an opponent, not its controller"),
        ({"player": 2}, r"attacks player 2, but player 1 is next in turn order \(MG R6\)"),
    ]
    for target, message in cases:
        data = json.loads(game.dumps())
        data["cards"][bears]["target"] = target
        _refused(MagicGame, data, rf"cards\[{bears}\]\.target: .*{message}")


@pytest.mark.rule("MG 1.2")
def test_magic_refuses_a_card_in_another_players_zone_or_in_play_unowned() -> None:
    cls, data = _save("leveler")
    card = data["zones"]["hand:0"][0]
    data["zones"]["hand:0"].remove(card)
    data["zones"]["hand:1"].append(card)
    _refused(cls, data, rf"card {card} is owned by 0, not by player 1 \(MG 1.2\)")
    cls, data = _save("vortex")
    card = data["zones"]["shoe"].pop()
    data["zones"]["stack"].append(card)
    _refused(cls, data, rf"zones.stack\[0\]: card {card} is in stack but owned by no one")


def test_magic_refuses_a_variant_state_of_another_format() -> None:
    cls, data = _save("leveler")
    data["variant_state"] = {"drafts": []}
    _refused(cls, data, "variant_state: .* has too many properties|variant_state: .*")


def test_a_loaded_save_names_its_file() -> None:
    cls, data = _save("leveler")
    with pytest.raises(SerializationError, match=r"^game\.json: not a saved game: turn"):
        cls.loads(json.dumps({**data, "turn": -1}), source="game.json")


def test_after_copies_without_the_checks_but_the_same_state() -> None:
    for key in FORMATS:
        game = FORMATS[key].new_game(2, FORMATS[key].players[0])
        action = game.legal_actions()[0]
        copy = game.after(action)
        game.apply(action)
        assert copy.dumps() == game.dumps()


@pytest.mark.rule("LV 1.2")
def test_leveler_refuses_a_sub_deck_partly_outside_the_game() -> None:
    cls, data = _save("leveler")
    card = data["zones"]["outside:0:3"].pop()
    data["zones"]["outside:0:2"].append(card)
    _refused(cls, data, r'zones\["outside:0:2"\]: holds 31 cards, not 0 or 30 \(LV 1.2\)')


def test_the_schemas_agree_with_the_engines_constants() -> None:
    """The declarations repeat these facts of the code (a ``Literal`` must be written out)."""
    from rulekeeper.dominion.draft.drafting import STAGES as DRAFT_STAGES
    from rulekeeper.mtg.game import STEPS as MAGIC_STEPS
    from rulekeeper.mtg.game import TURN_LIMIT as MAGIC_TURN_LIMIT
    from rulekeeper.riskres import PLAYERS
    from rulekeeper.riskres.game import MULLIGANS
    from rulekeeper.riskres.turn import STEPS as RR_STEPS
    from rulekeeper.riskres.variants import VARIANTS

    rr = published("rr.schema.json")
    assert rr["properties"]["turn"]["prefixItems"][3]["enum"] == ["setup", *RR_STEPS]
    options = rr["properties"]["options"]["prefixItems"]
    assert options[0]["enum"] == list(MULLIGANS)
    assert options[3]["enum"] == ["", *VARIANTS]
    assert rr["properties"]["turn"]["prefixItems"][1]["maximum"] == PLAYERS[1] - 1
    assert rr["properties"]["players"]["maxItems"] == PLAYERS[1]
    magic = published("magic.schema.json")
    assert magic["properties"]["step"]["enum"] == list(MAGIC_STEPS)
    assert magic["properties"]["turn"]["maximum"] == MAGIC_TURN_LIMIT
    largest = max(FORMATS[key].players[1] for key in ("leveler", "vortex", "stockpile"))
    assert magic["properties"]["players"]["maxItems"] == largest
    assert magic["properties"]["active"]["maximum"] == largest - 1
    draft = published("dominion-draft-variant-state.schema.json")["$defs"]["DraftRecord"]
    assert draft["properties"]["stage"]["enum"] == list(DRAFT_STAGES)


def published(filename: str) -> dict[str, Any]:
    """The published schema of that name, as generated from its declaration."""
    from rulekeeper.save_schemas import SCHEMAS

    (found,) = [s for s in SCHEMAS if s.filename == filename]
    return found.schema()
