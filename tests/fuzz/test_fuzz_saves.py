"""Saved games from users, as an attacker would write them: real saves of every format,
mutated, must either be refused with a SerializationError or load into a game that passes the
conformance checks and plays to its end.

The saves come from seeded random games of every registered format, taken at several points of
a game. Each example applies a few mutations: a field set to a value of another type, a key
deleted or repeated, card IDs moved, repeated or dropped between zones, a list reversed, an
extreme number, the text cut short, or a value nested very deep. Structure-aware mutations keep
the save's shape and break its meaning: a card moved into another player's hidden zone or
between piles, a pending step or decision edited, a format's own state (a draft, the piles)
made inconsistent, a seat out of range, the table made a seat larger or smaller, and one
format's save loaded as another's. A game that loads must offer legal actions that all apply.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections import Counter
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rulekeeper.engine.agents import RandomAgent
from rulekeeper.engine.game import Game, player_names
from rulekeeper.engine.saves import read_save
from rulekeeper.errors import SerializationError
from rulekeeper.games import FORMATS
from rulekeeper.notation import push
from rulekeeper.position import from_position

KEYS = sorted(FORMATS)
MARKS = (0, 40)  # steps at which a save is taken, and one shortly before the end
BEFORE_END = 25
MAX_PLAY = 5000  # actions played on from a loaded save; a finished game needs far fewer


@cache
def real_saves(key: str) -> tuple[type[Game], tuple[str, ...]]:
    """Saves of a seeded random game of ``key`` at several points, with the game's class."""
    entry = FORMATS[key]
    game = entry.new_game(1, entry.players[0])
    agents = [RandomAgent(seat) for seat in range(entry.players[0])]
    texts, recent, step = [], [], 0
    while game.outcome is None:
        if step in MARKS:
            texts.append(game.dumps())
        recent = [*recent[-BEFORE_END:], game.dumps()]
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
        step += 1
    texts.append(recent[0])
    return type(game), tuple(texts)


def paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data``."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*path, index))
    return found


def at(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


ODD_VALUES = st.sampled_from(
    [None, True, "x", "", 0, -1, 1, 7, 999, 2**64, -(10**18), 10**30, 0.5, [], {}, [0], {"a": 1}]
)
EXTREMES = st.sampled_from(
    [-(10**18), 10**18, -1, 2**64, 10**6, 1e300, float("inf"), float("nan"), -7]
)


def mutate(draw: st.DrawFn, text: str) -> str:
    """One mutation of a save's text."""
    data = json.loads(text)
    every = paths(data)[1:]
    kind = draw(
        st.sampled_from(
            ["set", "delete", "duplicate key", "zones", "reverse", "extreme", "truncate", "nest"]
        )
    )
    if kind == "set":
        path = draw(st.sampled_from(every))
        at(data, path[:-1])[path[-1]] = copy.deepcopy(draw(ODD_VALUES))
    elif kind == "delete":
        objects = [p for p in every if isinstance(at(data, p), dict) and at(data, p)]
        target = at(data, draw(st.sampled_from([(), *objects])))
        del target[draw(st.sampled_from(sorted(target)))]
    elif kind == "duplicate key":
        key = draw(st.sampled_from(sorted(data)))
        quoted = json.dumps(key) + ":"
        return text.replace(quoted, quoted + json.dumps(draw(ODD_VALUES)) + "," + quoted, 1)
    elif kind == "zones":
        zones = _zones(data)
        names = sorted(zones)
        source = draw(st.sampled_from(names))
        destination = draw(st.sampled_from(names))
        how = draw(st.sampled_from(["move", "duplicate", "drop", "unknown"]))
        if how == "unknown" or not zones[source]:
            zones[destination].append(draw(st.sampled_from([999, -1, len(data["cards"])])))
        else:
            position = draw(st.integers(0, len(zones[source]) - 1))
            card = zones[source][position]
            if how != "duplicate":
                del zones[source][position]
            if how != "drop":
                zones[destination].append(card)
    elif kind == "reverse":
        lists = [p for p in every if isinstance(at(data, p), list) and len(at(data, p)) > 1]
        at(data, draw(st.sampled_from(lists))).reverse()
    elif kind == "extreme":
        numbers = [p for p in every if type(at(data, p)) is int]
        path = draw(st.sampled_from(numbers))
        at(data, path[:-1])[path[-1]] = draw(EXTREMES)
    elif kind == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    else:
        depth = draw(st.sampled_from([40, 900, 100_000]))
        path = draw(st.sampled_from(every))
        at(data, path[:-1])[path[-1]] = "NEST"
        return json.dumps(data).replace('"NEST"', "[" * depth + "]" * depth, 1)
    return json.dumps(data)


@st.composite
def mutated_saves(draw: st.DrawFn, key: str) -> str:
    """A real save of ``key`` with one to three mutations."""
    _, texts = real_saves(key)
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 3))):
        try:
            json.loads(text)
        except (ValueError, RecursionError):
            break  # already not JSON: mutate no further
        text = mutate(draw, text)
    return text


def assert_loads_safely(key: str, text: str) -> str:
    """Load ``text`` as a save of ``key``: refused, or a game that passes the conformance
    checks, whose every legal action applies, and that plays to its end. Returns which of the
    two."""
    cls, _ = real_saves(key)
    try:
        game = cls.loads(text)
    except SerializationError:
        return "refused"
    entry = FORMATS[key]
    cards = sorted(i for ids in game._zones().values() for i in ids)
    assert cards == list(range(len(cards))), "a loaded game has cards out of place"
    assert entry.invariants(game) == []
    for action in game.legal_actions():
        successor = game.after(action)  # raises if an action offered is refused or fails
        assert successor.outcome is not None or successor.legal_actions(), "play stops"
    agents = [RandomAgent(seat) for seat in range(len(player_names(game)))]
    for played in range(MAX_PLAY):
        if game.outcome is not None:
            break
        actions = game.legal_actions()
        assert actions, "no legal action in a game that is not over"
        game.apply(agents[game.current_player()].choose({}, actions))
        if played % 50 == 0:
            assert entry.invariants(game) == []
    else:
        pytest.fail(f"the game did not end within {MAX_PLAY} actions")
    return "loaded"


# Each example may load a save and play its game to the end: a tenth of the profile's
# examples (15 in the default profile, 500 in a fuzzing campaign).
PLAYED = settings(
    max_examples=max(10, settings.default.max_examples // 10),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("key", KEYS)
@PLAYED
@given(data=st.data())
def test_a_mutated_save_is_refused_or_plays_safely(key: str, data: st.DataObject) -> None:
    assert_loads_safely(key, data.draw(mutated_saves(key)))


# Structure-aware mutations: edits that keep a save well-formed JSON of the right shape, so
# that they reach the checks of the game's meaning rather than stopping at the schema.

SEAT_KEYS = frozenset(
    {"player", "active", "priority", "first_player", "landscape_holder", "attacker", "victim"}
)
"""Keys whose integer values are seats, wherever they are in a save."""
PENDING = ("steps", "triggers", "stack", "resume", "decision", "step", "scry_pending")
"""The parts of a save that say what is under way: the effects and decisions pending."""
BOOKKEEPING = ("variant_state", "variant_state", "piles", "projects", "turn_flags")
"""A format's own state beside its zones: a draft, the Supply piles, what a turn counts."""
HIDDEN = ("hand", "deck", "library", "traps", "pack", "outside")
"""Kinds of zone only their owner may see."""


def _seat_of(zone: str) -> str:
    parts = zone.split(":")
    return parts[1] if len(parts) > 1 and parts[1].isdigit() else ""


def _same_type_elsewhere(draw: st.DrawFn, data: Any, value: Any) -> Any:
    """A value of ``value``'s JSON type found elsewhere in the save, or a near one."""
    kind = type(value)
    found = [v for v in (at(data, p) for p in paths(data)) if type(v) is kind and v != value]
    if kind is int:
        found += [value + 1, value - 1, 0]
    return copy.deepcopy(draw(st.sampled_from(found))) if found else value


def restructure(draw: st.DrawFn, data: Any, players: int) -> None:
    """One structure-aware edit of a save, in place."""
    zones = _zones(data)
    kind = draw(
        st.sampled_from(["hidden", "piles", "pending", "bookkeeping", "seat", "table size"])
    )
    if kind == "hidden":  # a card moved into another player's hidden zone
        sources = [z for z in sorted(zones) if zones[z]]
        source = draw(st.sampled_from(sources))
        targets = [
            z
            for z in sorted(zones)
            if z.split(":")[0] in HIDDEN and _seat_of(z) and _seat_of(z) != _seat_of(source)
        ]
        if targets:
            zones[draw(st.sampled_from(targets))].append(zones[source].pop())
    elif kind == "piles":  # a card moved between two shared piles, or a pile emptied
        shared = [z for z in sorted(zones) if not _seat_of(z) or z.startswith("stockpile")]
        source, target = draw(st.sampled_from(shared)), draw(st.sampled_from(shared))
        if zones[source]:
            moved = [zones[source].pop() for _ in range(draw(st.integers(1, len(zones[source]))))]
            zones[target].extend(moved)
    elif kind in ("pending", "bookkeeping"):
        names = [k for k in (PENDING if kind == "pending" else BOOKKEEPING) if k in data]
        if not names:
            return
        name = draw(st.sampled_from(names))
        inner = [(name, *p) for p in paths(data[name])]
        path = draw(st.sampled_from(inner))
        target = at(data, path)
        how = draw(st.sampled_from(["retype", "drop", "add", "move"]))
        if how == "drop" and isinstance(target, dict | list) and target:
            del target[draw(st.sampled_from(sorted(target) if isinstance(target, dict) else
                                            list(range(len(target)))))]  # fmt: skip
        elif how == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(["colour", "up_to", "target", "card", "player"]))] = draw(
                ODD_VALUES
            )
        elif how == "move":  # an entry moved between two sibling lists (draft piles, ...)
            lists = [p for p in inner if isinstance(at(data, p), list) and at(data, p)]
            if len(lists) > 1:
                source, target_path = draw(st.sampled_from(lists)), draw(st.sampled_from(lists))
                at(data, target_path).append(at(data, source).pop())
        elif len(path) > 1:
            at(data, path[:-1])[path[-1]] = _same_type_elsewhere(draw, data, target)
    elif kind == "seat":  # a seat out of range, or another seat
        seats = [p for p in paths(data) if p and p[-1] in SEAT_KEYS and type(at(data, p)) is int]
        if seats:
            path = draw(st.sampled_from(seats))
            at(data, path[:-1])[path[-1]] = draw(st.sampled_from([players, players + 1, 0, 1]))
    else:  # the save edited to another table size: a seat dropped or repeated
        entries = data["players"]
        if draw(st.booleans()) and len(entries) > 1:
            entries.pop()
        else:
            entries.append(copy.deepcopy(entries[-1]))


@st.composite
def restructured_saves(draw: st.DrawFn, key: str) -> str:
    """A real save of ``key`` with one to three structure-aware edits."""
    _, texts = real_saves(key)
    data = json.loads(draw(st.sampled_from(texts)))
    players = len(data["players"])
    for _ in range(draw(st.integers(1, 3))):
        restructure(draw, data, players)
    return json.dumps(data)


@pytest.mark.parametrize("key", KEYS)
@PLAYED
@given(data=st.data())
def test_a_save_edited_in_its_structure_is_refused_or_plays_safely(
    key: str, data: st.DataObject
) -> None:
    assert_loads_safely(key, data.draw(restructured_saves(key)))


@PLAYED
@given(source=st.sampled_from(KEYS), target=st.sampled_from(KEYS), relabel=st.booleans())
def test_a_save_loaded_as_another_format_is_refused_or_plays_safely(
    source: str, target: str, relabel: bool
) -> None:
    _, texts = real_saves(source)
    for text in texts:
        data = json.loads(text)
        if relabel:  # and made to say it is of the other format
            data["format"] = json.loads(real_saves(target)[1][0])["format"]
            if "variant" in data:
                data["variant"] = data["format"]
        assert_loads_safely(target, json.dumps(data))


@pytest.mark.parametrize("key", KEYS)
def test_every_real_save_loads(key: str) -> None:
    _, texts = real_saves(key)
    assert Counter(assert_loads_safely(key, text) for text in texts) == {"loaded": len(texts)}


# JSON's own characters, and a few that JSON text may not hold raw (a lone surrogate, an
# unpaired escape): far likelier to reach the parser's corners than arbitrary text.
JSONISH = st.sampled_from(list('[]{}",:0123456789.-+eE aNInfinityrue\\u\ud800\x00\xe9'))


@given(text=st.one_of(st.text(JSONISH, max_size=200), st.binary(max_size=200)))
@example(text="[" * 5000)
@example(text='{"a": NaN}')
@example(text=b"\xc3\x28")
def test_read_save_raises_nothing_but_serialization_errors(text: str | bytes) -> None:
    with contextlib.suppress(SerializationError):
        assert isinstance(read_save(text), dict)


# The issue's named examples, each a regression test.


def edited(key: str, edit: Any, *, index: int = 1) -> str:
    """A real save of ``key`` (taken mid-game) after ``edit(data)``."""
    _, texts = real_saves(key)
    data = json.loads(texts[index])
    edit(data)
    return json.dumps(data)


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def edit(data: Any) -> None:
        at(data, path[:-1])[path[-1]] = value

    return edit


# The issue's examples name the fields of the Magic and Risk & Resource saves; a Dominion save
# keeps its deciding seat as "active" and no pass count, so each edit finds the field that plays
# the same part in the save at hand. Every save keeps its zones by name under "zones".


def _zones(data: Any) -> Any:
    return data["zones"]


def _zones_as_list(data: Any) -> None:
    data["zones"] = list(data["zones"].values())


def _card_in_two_zones(data: Any) -> None:
    zones = [z for z in _zones(data).values() if z]
    zones[1].append(zones[0][0])


def _card_in_no_zone(data: Any) -> None:
    next(z for z in _zones(data).values() if z).pop()


def _cards_reversed(data: Any) -> None:
    data["cards"].reverse()


def _card_999(data: Any) -> None:
    next(iter(_zones(data).values())).append(999)


def _unknown_name(data: Any) -> None:
    card = data["cards"][0]
    if isinstance(card, dict):
        card["name"] = "No Such Card"
    elif isinstance(card, list):
        card[1] = "No Such Card"
    else:
        data["cards"][0] = "No Such Card"


def _priority_7(data: Any) -> None:
    if "priority" not in data:
        data["active"] = 7
    elif isinstance(data["priority"], list):
        data["priority"][0] = 7
    else:
        data["priority"] = 7


def _passes_negative(data: Any) -> None:
    if "priority" not in data:
        data["actions"] = -(10**18)  # a Dominion turn's counter: it has no passes
    elif isinstance(data["priority"], list):
        data["priority"][1] = -(10**18)
    else:
        data["passes"] = -(10**18)


def _one_element_resume(data: Any) -> None:
    if "resume" in data:
        data["resume"] = ["priority"]
    elif "triggers" in data:
        data["triggers"] = [[]]
    else:
        data["steps"] = [[]]


def _one_element_card(data: Any) -> None:
    data["cards"][0] = [0] if isinstance(data["cards"][0], list) else {"id": 0}


def _seed_inf(data: Any) -> None:
    data["chance"]["seed"] = float("inf")


def _invariant_crash(data: Any) -> None:
    # A zone no game has: invariants that index zones by name crash on it.
    zones = _zones(data)
    name = next(n for n in zones if n.startswith("hand:"))
    zones["hand:9"] = zones.pop(name)


NAMED = {
    "zones given as a list": _zones_as_list,
    "a chance seed of inf": _seed_inf,
    "a one-element resume or trigger entry": _one_element_resume,
    "a one-element cards entry": _one_element_card,
    "a card in two zones": _card_in_two_zones,
    "a card in no zone": _card_in_no_zone,
    "the cards list reversed": _cards_reversed,
    "an unknown card name": _unknown_name,
    "a zone holding card 999": _card_999,
    "a priority of 7 in a two-player game": _priority_7,
    "passes hugely negative": _passes_negative,
    "a zone no game has": _invariant_crash,
}


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("name", sorted(NAMED))
def test_the_issues_examples_are_refused(key: str, name: str) -> None:
    cls, _ = real_saves(key)
    with pytest.raises(SerializationError):
        cls.loads(edited(key, NAMED[name]))


@pytest.mark.parametrize("key", KEYS)
def test_a_whole_save_of_brackets_is_refused(key: str) -> None:
    cls, _ = real_saves(key)
    with pytest.raises(SerializationError, match="nested"):
        cls.loads("[" * 100_000)


@pytest.mark.parametrize("key", ["leveler", "vortex"])
def test_a_hugely_negative_pass_count_cannot_hang_play(key: str) -> None:
    """Defence in depth: even a game given such a count (not through a save) passes on and
    plays to its end rather than taking forced passes for ever."""
    cls, texts = real_saves(key)
    game = cls.loads(texts[1])
    game.passes = -(10**18)  # type: ignore[attr-defined]
    for _ in range(MAX_PLAY):
        if game.outcome is not None:
            break
        game.apply(game.legal_actions()[-1])
    assert game.outcome is not None
    assert game.passes >= 0  # type: ignore[attr-defined]


# Dominion saves holding cards set aside by an effect still under way (issue #34: a save whose
# pending effect was edited loaded, then left cards set aside after every effect had ended).

ASIDE_POSITIONS = {
    "Library": (
        "Library, Village",
        "hand Library, 4 Copper; deck Village, Village, Gold, Smithy, Copper",
        "hand 2 Copper, 3 Estate; deck 5 Copper",
        ("Alice plays Library", "Alice chooses set aside"),
    ),
    "Masquerade": (
        "Masquerade",
        "hand Masquerade, Gold, 3 Copper; deck 5 Estate",
        "hand Duchy, 4 Copper; deck 5 Copper",
        ("Alice plays Masquerade",),
    ),
    "Bandit": (
        "Bandit",
        "hand Bandit, 4 Copper; deck 5 Estate",
        "hand 5 Copper; deck Gold, Silver, Copper",
        ("Alice plays Bandit",),
    ),
    "Sentry": (
        "Sentry",
        "hand Sentry, 4 Copper; deck Estate, Gold, Province",
        "hand 2 Copper, 3 Estate; deck 5 Copper",
        ("Alice plays Sentry",),
    ),
}
"""Every card of the model that sets cards aside, played up to a choice it asks."""


@cache
def set_aside_saves() -> tuple[str, ...]:
    """A save of each of :data:`ASIDE_POSITIONS`, and of Masquerade after Alice's pass."""
    texts = []
    for kingdom, alice, bob, moves in ASIDE_POSITIONS.values():
        game = from_position(
            f"Format: dominion\nSeed: 1\nActions: 1\nBuys: 1\nKingdom: {kingdom}\n\n"
            f"Alice: turns 1; {alice}\nBob: {bob}\n"
        )
        for move in moves:
            push(game, move)
        texts.append(game.dumps())
        if kingdom == "Masquerade":
            push(game, "Alice chooses Gold")
            texts.append(game.dumps())
    return tuple(texts)


@st.composite
def edited_set_aside_saves(draw: st.DrawFn) -> str:
    """One of :func:`set_aside_saves` with one to three edits of its pending steps: a step
    dropped, repeated or moved, a field of one step given another step's value or a seat, or
    a card moved between a hand and the cards set aside."""
    data = json.loads(draw(st.sampled_from(set_aside_saves())))
    steps, zones = data["steps"], data["zones"]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["drop", "repeat", "move", "field", "card"]))
        if how == "card":
            seat = draw(st.sampled_from(["0", "1"]))
            source, target = draw(st.permutations([f"hand:{seat}", f"aside:{seat}"]))
            if zones[source]:
                zones[target].append(
                    zones[source].pop(draw(st.integers(0, len(zones[source]) - 1)))
                )
            continue
        if not steps:
            continue
        index = draw(st.integers(0, len(steps) - 1))
        if how == "drop":
            del steps[index]
        elif how == "repeat":
            steps.insert(draw(st.integers(0, len(steps))), copy.deepcopy(steps[index]))
        elif how == "move":
            steps.insert(draw(st.integers(0, len(steps) - 1)), steps.pop(index))
        else:
            step = steps[index]
            field = draw(st.sampled_from(sorted(step)))
            values = [s[field] for s in steps if field in s and s[field] != step[field]]
            values += [0, 1] if field in ("player", "pending", "target") else []
            values += ["pass", "deliver", "library", "trash"] if field == "do" else []
            if values:
                step[field] = copy.deepcopy(draw(st.sampled_from(values)))
    return json.dumps(data)


@PLAYED
@given(text=edited_set_aside_saves())
def test_a_dominion_save_with_its_set_aside_effect_edited_is_refused_or_ends_it_cleanly(
    text: str,
) -> None:
    cls, _ = real_saves("dominion")
    try:
        game = cls.loads(text)
    except SerializationError:
        return
    agents = [RandomAgent(seat) for seat in range(len(player_names(game)))]
    for _ in range(30):  # the effect under way ends within a few actions
        assert FORMATS["dominion"].invariants(game) == []
        if game.outcome is not None:
            return
        game.apply(agents[game.current_player()].choose({}, game.legal_actions()))
    assert_loads_safely("dominion", text)
