"""Positions from users, as an attacker would write them: real positions of every format with a
notation, mutated line by line and word by word, must either be refused with a PositionError or
build a game that can go on (a legal action unless it is over) and whose save loads.

The positions come from seeded random games of each format at several points. Each example
applies a few mutations: a line dropped, repeated or swapped with another, a number made huge
or written in other digits ('²', '٣'), a card count made absurd, a card renamed, a field or a
header key misspelt, a State line nested deep or not JSON, the text cut short.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.position import PositionError
from rulekeeper.games import FORMATS
from rulekeeper.position import FORMS, from_position, position

KEYS = sorted(FORMS)
MARKS = (0, 15, 40, 90)  # steps at which a position is taken


@cache
def real_positions(key: str) -> tuple[str, ...]:
    """Positions of a seeded random game of ``key`` at several points: at each mark, or at the
    first step after it whose position the notation carries in full (nothing half done)."""
    entry = FORMATS[key]
    game = entry.new_game(1, entry.players[0])
    agents = [RandomAgent(seat) for seat in range(entry.players[0])]
    texts: list[str] = []
    step = 0
    while game.outcome is None and len(texts) < len(MARKS):
        if step >= MARKS[len(texts)] and FORMS[key].covers(game):
            texts.append(position(game))
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
        step += 1
    return tuple(texts)


BAD_JSON = ("NaN", "{", "[1, 2", "null", "{}", "[]", '"x"', "1e999", '{"a": 1, "a": 2}')
NUMBER = re.compile(r"\b\d+\b")
ODD_NUMBERS = st.sampled_from(
    ["9" * 5000, "99999999999", "²", "٣", "-1", "0", "1e9", "3.5", "", "10000", "5024"]
)
ODD_WORDS = st.sampled_from(
    ["", ";", ":", "(", ")", "(tapped", "Zone", "State", "Format: rr", "Shock", "Copper", "#1",
     "\x00", "\u202e", "é", "of Nobody", "attacks", "blocks"]
)  # fmt: skip


def mutate(draw: st.DrawFn, text: str) -> str:
    """One mutation of a position's text."""
    lines = text.split("\n")
    kind = draw(
        st.sampled_from(
            ["drop", "repeat", "swap", "number", "count", "word", "nest", "json", "truncate"]
        )
    )
    index = draw(st.integers(0, len(lines) - 1))
    if kind == "drop":
        del lines[index]
    elif kind == "repeat":
        lines.insert(index, lines[index])
    elif kind == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    elif kind in ("number", "count"):
        numbers = list(NUMBER.finditer(text))
        if numbers:
            found = draw(st.sampled_from(numbers))
            value = (
                draw(ODD_NUMBERS) if kind == "number" else draw(st.integers(0, 10**12)).__str__()
            )
            return text[: found.start()] + value + text[found.end() :]
    elif kind == "word":
        words = lines[index].split(" ")
        at = draw(st.integers(0, len(words) - 1))
        words[at] = draw(ODD_WORDS)
        lines[index] = " ".join(words)
    elif kind == "nest":
        depth = draw(st.sampled_from([40, 1000, 100_000]))
        lines.insert(1, f"State x: {'[' * depth}{']' * depth}")
    elif kind == "json":
        states = [i for i, line in enumerate(lines) if line.startswith("State ")]
        if states:
            at = draw(st.sampled_from(states))
            key = lines[at].partition(":")[0]
            value = draw(st.sampled_from(BAD_JSON))
            lines[at] = f"{key}: {value}"
    else:
        return text[: draw(st.integers(0, len(text)))]
    return "\n".join(lines)


@st.composite
def mutated_positions(draw: st.DrawFn, key: str) -> str:
    """A real position of ``key`` with one to three mutations."""
    text = draw(st.sampled_from(real_positions(key)))
    for _ in range(draw(st.integers(1, 3))):
        text = mutate(draw, text)
    return text


def assert_builds_safely(text: str) -> str:
    """Build ``text``: refused with a PositionError, or a game that can go on and whose save
    loads. Returns which of the two."""
    try:
        game = from_position(text)
    except PositionError:
        return "refused"
    assert game.outcome is not None or game.legal_actions(), "no legal action, and not over"
    again = type(game).loads(game.dumps())  # raises if its save does not load
    assert again.dumps() == game.dumps(), "the save does not round-trip"
    return "built"


# Each example builds a game and loads its save, which tries every legal action: a tenth of the
# profile's examples (15 in the default profile, 500 in a fuzzing campaign).
BUILT = settings(
    max_examples=max(10, settings.default.max_examples // 10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("key", KEYS)
@BUILT
@given(data=st.data())
def test_a_mutated_position_is_refused_or_builds_a_game_that_goes_on(
    key: str, data: st.DataObject
) -> None:
    assert_builds_safely(data.draw(mutated_positions(key)))


@pytest.mark.parametrize("key", KEYS)
def test_every_real_position_builds(key: str) -> None:
    assert {assert_builds_safely(text) for text in real_positions(key)} == {"built"}


# Text from a small alphabet of the notation's own characters: far likelier to reach the
# reader's corners than arbitrary text.
NOTATIONISH = st.sampled_from(list('Format: leveler rr vortex\n;,()0123456789²٣-#ZoneState[]{}"x'))


@given(text=st.text(NOTATIONISH, max_size=300))
@example(text="Format: leveler\nTurn: ²\n\nA: life 1\nB: life 2\n")
@example(text="Format: dominion\nKingdom: Village\n\nA: hand 99999999999 Copper\nB:\n")
def test_any_text_is_refused_or_builds_a_game_that_goes_on(text: str) -> None:
    assert_builds_safely(text)
