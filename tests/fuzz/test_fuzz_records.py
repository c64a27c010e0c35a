"""Game records from users, as an attacker would write them: real records of every format,
mutated, must replay to their end, or stop with the project's error naming the line: never
another exception, and ``rulekeeper replay`` only with its documented exit codes.

The records come from seeded random games of every registered format, written as ``rulekeeper
play --record`` writes them. Each example applies a few mutations: a move dropped, repeated,
swapped or cut short, the record cut off, a header value replaced (a table size, a seed, a
format, a variant, a cube, a result), a header line repeated or misspelt, a line made long.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulekeeper.cli import main
from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.game import player_names
from rulekeeper.games import FORMATS
from rulekeeper.notation import describe
from rulekeeper.records import HeaderError, Record, ReplayError, replay

KEYS = sorted(FORMATS)
MOVES = 60  # moves recorded: enough to reach every kind of decision, few enough to replay fast


@cache
def real_records(key: str) -> tuple[str, ...]:
    """The record of a seeded random game of ``key``, finished and cut short."""
    entry = FORMATS[key]
    players = entry.players[0]
    game = entry.new_game(1, players)
    record = Record(key, players=players, seed=1)
    agents = [RandomAgent(seat) for seat in range(players)]
    while game.outcome is None and len(record.moves) < MOVES:
        action = agents[game.current_player()].choose({}, game.legal_actions())
        record.moves.append(describe(game, action))
        game.apply(action)
    outcome = game.outcome
    record.result = outcome.describe(player_names(game)) if outcome else "unfinished"
    return (record.text(),)


ODD_VALUES = st.sampled_from(
    ["3", "0", "-1", "9" * 5000, "²", "x", "", "nope", "LV", "rr", "first-game", "[]",
     '["Shock"]', "[" * 10_000, "unfinished", "Player 1 won: by decree (XX 1.1)", "\x00"]
)  # fmt: skip


def mutate(draw: st.DrawFn, text: str) -> str:
    """One mutation of a record's text."""
    head, _, body = text.partition("\n\n")
    header, moves = head.split("\n"), body.split("\n")
    kind = draw(st.sampled_from(["drop", "repeat", "swap", "cut", "value", "key", "long", "end"]))
    index = draw(st.integers(0, max(0, len(moves) - 1)))
    if kind == "drop" and moves:
        del moves[index]
    elif kind == "repeat" and moves:
        moves.insert(index, moves[index])
    elif kind == "swap" and moves:
        other = draw(st.integers(0, len(moves) - 1))
        moves[index], moves[other] = moves[other], moves[index]
    elif kind == "cut" and moves and moves[index]:
        moves[index] = moves[index][: draw(st.integers(0, len(moves[index]) - 1))]
    elif kind == "value":
        key = draw(st.sampled_from(["Format", "Players", "Seed", "Variant", "Cube", "Result"]))
        header = [line for line in header if not line.startswith(f"{key}:")]
        header.insert(draw(st.integers(0, len(header))), f"{key}: {draw(ODD_VALUES)}")
    elif kind == "key":
        line = draw(st.integers(0, len(header) - 1))
        header.insert(line, draw(st.sampled_from([header[line], "Colour: red", "Seed 1", ":"])))
    elif kind == "long":
        moves.insert(index, draw(st.sampled_from(["Player 1 casts ", "x", ";"])) * 100_000)
    else:
        return text[: draw(st.integers(0, len(text)))]
    return "\n".join(header) + "\n\n" + "\n".join(moves)


@st.composite
def mutated_records(draw: st.DrawFn, key: str) -> str:
    """A real record of ``key`` with one to three mutations."""
    text = draw(st.sampled_from(real_records(key)))
    for _ in range(draw(st.integers(1, 3))):
        text = mutate(draw, text)
    return text


def assert_replays_safely(text: str) -> str:
    """Replay ``text``: it replays, or stops with a HeaderError or ReplayError naming its line.
    Returns which."""
    stopped: HeaderError | ReplayError | None = None
    try:
        record = Record.parse(text, source="game.record")
        game = replay(record, source="game.record")
    except (HeaderError, ReplayError) as error:
        stopped = error
    if isinstance(stopped, HeaderError):
        assert stopped.source == "game.record"
        return "unusable"
    if isinstance(stopped, ReplayError):
        assert stopped.line > 0, "a refused move names its line"
        return "refused"
    record.check_result(game)  # says what disagrees, or nothing; never raises
    return "replayed"


# Each example replays up to a game's worth of moves: a fifth of the profile's examples.
REPLAYED = settings(
    max_examples=max(10, settings.default.max_examples // 5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("key", KEYS)
@REPLAYED
@given(data=st.data())
def test_a_mutated_record_replays_or_stops_with_its_line(key: str, data: st.DataObject) -> None:
    assert_replays_safely(data.draw(mutated_records(key)))


@pytest.mark.parametrize("key", KEYS)
def test_every_real_record_replays_to_its_result(key: str) -> None:
    for text in real_records(key):
        record = Record.parse(text)
        assert record.check_result(replay(record)) == ""


@settings(max_examples=max(10, settings.default.max_examples // 15), deadline=None)
@given(data=st.data())
@example(data=None)
def test_the_command_exits_with_a_documented_code(
    data: st.DataObject | None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    key = data.draw(st.sampled_from(KEYS)) if data is not None else "leveler"
    text = data.draw(mutated_records(key)) if data is not None else real_records(key)[0]
    path: Path = tmp_path_factory.mktemp("records") / "game.record"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert main(["replay", str(path)]) in (0, 1, 2)
