"""Chance: seeded, scriptable, and restorable (DESIGN: "Chance is explicit")."""

from __future__ import annotations

import json
import random

import pytest

from rulekeeper.cli import main
from rulekeeper.engine.chance import MAX_SEED, Chance, seeded_random, shuffle_as_random_does
from rulekeeper.errors import InputError, SerializationError
from rulekeeper.games import FORMATS


def test_same_seed_same_outcomes() -> None:
    first, second = Chance(42), Chance(42)
    deck_a, deck_b = list(range(30)), list(range(30))
    first.shuffle(deck_a)
    second.shuffle(deck_b)
    assert deck_a == deck_b
    assert [first.roll(20) for _ in range(10)] == [second.roll(20) for _ in range(10)]


def test_a_shuffle_is_the_standard_library_s_draw_for_draw() -> None:
    # Chance shuffles with its own copy of random.Random.shuffle (which the compiled engine
    # runs faster); every seed must still give the order it always gave.
    for seed in range(200):
        for size in (*range(20), 31, 32, 33, 63, 64, 65, 100):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, expected = list(range(size)), list(range(size))
            shuffle_as_random_does(ours, mine)
            theirs.shuffle(expected)
            assert mine == expected
            assert ours.getstate() == theirs.getstate()


def test_a_generator_seeded_once_is_random_random_s() -> None:
    # Chance seeds its generator once (random.Random(seed) seeds it twice); the state, and
    # so every draw, must be the same.
    for seed in (0, 1, 7, 2**31, 2**70 + 5, -3, -(2**40)):
        ours, theirs = seeded_random(seed), random.Random(seed)
        assert type(ours) is random.Random
        assert ours.getstate() == theirs.getstate()
        assert [ours.gauss(0, 1) for _ in range(3)] == [theirs.gauss(0, 1) for _ in range(3)]
        assert ours.getstate() == theirs.getstate()


def test_different_seeds_differ() -> None:
    a, b = list(range(30)), list(range(30))
    Chance(1).shuffle(a)
    Chance(2).shuffle(b)
    assert a != b


def test_scripted_outcomes_come_first_then_randomness_resumes() -> None:
    chance, twin = Chance(5), Chance(5)
    chance.script("d20", 20, 1)
    assert [chance.roll(20, kind="d20"), chance.roll(20, kind="d20")] == [20, 1]
    # Scripted outcomes do not consume the RNG, so the stream continues as if unscripted.
    assert chance.roll(20, kind="d20") == twin.roll(20, kind="d20")


def test_scripted_permutation_and_keep() -> None:
    chance = Chance(0)
    items = ["a", "b", "c"]
    chance.script("shuffle", [2, 0, 1], "keep")
    chance.shuffle(items)
    assert items == ["c", "a", "b"]
    chance.shuffle(items)
    assert items == ["c", "a", "b"]


@pytest.mark.parametrize("outcome", [21, 0])
def test_impossible_scripted_rolls_are_refused(outcome: int) -> None:
    chance = Chance(0)
    chance.script("d20", outcome)
    with pytest.raises(ValueError, match="scripted"):
        chance.roll(20, kind="d20")


def test_impossible_scripted_picks_are_refused() -> None:
    chance = Chance(0)
    chance.script("pick", 5)
    with pytest.raises(ValueError, match="scripted"):
        chance.pick(3, kind="pick")


def test_bad_permutation_is_refused() -> None:
    chance = Chance(0)
    chance.script("shuffle", [0, 0, 1])
    with pytest.raises(ValueError, match="permutation"):
        chance.shuffle([1, 2, 3])


def test_json_round_trip_continues_identically() -> None:
    chance = Chance(9)
    chance.roll(6)
    chance.script("pick", 1)
    restored = Chance.from_json(json.loads(json.dumps(chance.to_json())))
    assert restored.pick(4) == chance.pick(4) == 1
    assert [restored.roll(100) for _ in range(20)] == [chance.roll(100) for _ in range(20)]


def test_corrupt_state_is_a_clear_error() -> None:
    with pytest.raises(SerializationError, match="bad chance state"):
        Chance.from_json({"seed": 1})


@pytest.mark.parametrize("seed", [-1, -7, 2**64, 10**30])
def test_a_seed_outside_what_a_save_records_is_refused(seed: int) -> None:
    # Python's generator seeds with the absolute value, so -7 used to deal as 7 does, and a
    # game started from it could not be loaded back (the chance schema's range).
    with pytest.raises(InputError, match="a seed is a whole number from 0 to"):
        Chance(seed)


@pytest.mark.parametrize("key", sorted(FORMATS))
def test_a_game_from_the_largest_seed_loads_back(key: str) -> None:
    entry = FORMATS[key]
    game = entry.new_game(MAX_SEED, entry.players[0])
    assert type(game).loads(game.dumps()).dumps() == game.dumps()


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "leveler", "--seed", "-1"],
        ["deal", "dominion-draft", "--seed", str(2**64)],
        ["simulate", "leveler", "-n", "2", "--seed", str(MAX_SEED), "--no-progress"],
    ],
)
def test_the_command_line_refuses_a_seed_out_of_range(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "a seed is a whole number from 0 to 18446744073709551615" in capsys.readouterr().err
