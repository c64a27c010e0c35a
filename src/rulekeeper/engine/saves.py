"""Reading saved games safely: JSON text to data, the data against a declared schema, then the
game's meaning. Every format's loader goes through here, so a save from a user can only ever
give back a game or a :class:`~rulekeeper.errors.SerializationError`.

Loading a save takes three steps, each refusing what the next could not survive:

1. :func:`read_save` turns text into a JSON object: no ``NaN``/``Infinity``, no duplicate keys,
   no absurd size or depth, valid UTF-8 only.
2. :func:`~rulekeeper.engine.save_records.check_record` checks the object against the
   format's declaration of its save (typed records, from which its published JSON Schema is
   generated too), so every field has its type and every number its static range.
3. The format checks the meaning with the helpers below: every card in exactly one zone
   (:func:`check_card_zones`), player indices in range (:func:`check_index`), and its own
   invariants, guarded so that one crashing on a strange state is an error too
   (:func:`check_invariants`).
4. Every format ends with :func:`check_playable`: a game that is not over has a legal action,
   and every legal action it offers is accepted and leads to a game that can go on.

A format's ``from_json`` first asks :func:`check_object`, so that a value that is not even a
JSON object (a list, a number) is refused the same way.

>>> from rulekeeper.engine.saves import read_save
>>> from rulekeeper.errors import SerializationError
>>> read_save('{"turn": 3}')
{'turn': 3}
>>> read_save('{"turn": NaN}')
Traceback (most recent call last):
...
rulekeeper.errors.SerializationError: not a saved game: NaN is not a JSON number
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from rulekeeper.errors import RulekeeperError, SerializationError
from rulekeeper.jsondata import NotJson, loads_strict

if TYPE_CHECKING:
    from rulekeeper.engine.game import Game

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save accepted, in bytes of UTF-8 (a long multiplayer game saves well under 1 MB)."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted. Real saves nest about six deep; the limit
keeps every later step (validation, copying) far from Python's recursion limit."""

G = TypeVar("G")


def refuse(path: str, reason: str, *, source: str = "") -> SerializationError:
    """The error for a save whose field at ``path`` breaks ``reason`` (to be raised).

    >>> from rulekeeper.engine.saves import refuse
    >>> print(refuse("players[1].life", "must be positive (RR 2.1)"))
    not a saved game: players[1].life: must be positive (RR 2.1)
    """
    where = f"{path}: " if path else ""
    return SerializationError(f"not a saved game: {where}{reason}", source=source)


# Step 1: text to data.


def read_save(text: str | bytes, *, source: str = "") -> dict[str, Any]:
    """Parse a saved game's JSON text into an object, refusing anything a loader could choke on.

    ``source`` names the file in the error, where there is one.

    :raises SerializationError: if the text is not valid UTF-8, not JSON, too large or too
        deeply nested, uses ``NaN``/``Infinity`` or a number too large for a float, repeats a
        key, holds a lone surrogate, or is not a JSON object at the top level.
    """
    data = read_json_value(text, source=source)
    if not isinstance(data, dict):
        raise refuse("", f"expected a JSON object, not {_json_type(data)}", source=source)
    return data


def read_json_value(text: str | bytes, *, source: str = "") -> Any:
    """Parse JSON text that is part of a save or stands for one (a position's ``State`` line)
    with every check of :func:`read_save` but the last: the value may be of any JSON type.

    >>> from rulekeeper.engine.saves import read_json_value
    >>> read_json_value('[1, {"a": 2}]')
    [1, {'a': 2}]
    >>> read_json_value("[NaN]")
    Traceback (most recent call last):
    ...
    rulekeeper.errors.SerializationError: not a saved game: NaN is not a JSON number

    :raises SerializationError: as :func:`read_save` does, but for the value's type.
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_BYTES:
            raise refuse("", f"larger than {MAX_SAVE_BYTES} bytes", source=source)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise refuse("", f"not UTF-8 text ({error.reason})", source=source) from None
    else:
        if len(text) > MAX_SAVE_BYTES:
            raise refuse("", f"larger than {MAX_SAVE_BYTES} characters", source=source)
        reason = _surrogate_problem(text)
        if reason:
            raise refuse("", reason, source=source)
    try:
        data = loads_strict(text)
    except RecursionError:
        raise refuse("", f"nested more than {MAX_DEPTH} deep", source=source) from None
    except json.JSONDecodeError as error:
        raise refuse("", f"not JSON ({error})", source=source) from None
    except NotJson as error:
        raise refuse("", str(error), source=source) from None
    except ValueError as error:  # e.g. an integer with more digits than Python converts
        raise refuse("", f"not usable JSON ({error})", source=source) from None
    problem = _nesting_problem(data)
    if problem:
        raise refuse(problem[0], problem[1], source=source)
    # A surrogate escape (\ud800) may stand alone in JSON text; only then look at the strings.
    if _SURROGATE_ESCAPE.search(text):
        reason = _surrogate_problem(json.dumps(data, ensure_ascii=False))
        if reason:
            raise refuse("", reason, source=source)
    return data


def restore_read(restore: Callable[[dict[str, Any]], G], data: dict[str, Any], source: str) -> G:
    """``restore(data)`` for a save :func:`read_save` has read from ``source``: the steps after
    the text, with the file named in any error they raise (as in the text's own errors).

    :raises SerializationError: what ``restore`` raises, naming ``source``.
    """
    try:
        return restore(data)
    except SerializationError as error:
        if source and not error.source:
            raise SerializationError(error.message, source=source) from None
        raise


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _nesting_problem(data: object) -> tuple[str, str] | None:
    """The first place ``data`` nests more than :data:`MAX_DEPTH` deep, if any.

    Iterative, so that it cannot itself run out of stack; lists of plain values (most of a
    save) are passed over whole.
    """
    if not isinstance(data, dict | list):
        return None
    stack: list[tuple[object, int, tuple[str | int, ...]]] = [(data, 0, ())]
    while stack:
        value, depth, path = stack.pop()
        if depth >= MAX_DEPTH:
            return format_path(path), f"nested more than {MAX_DEPTH} deep"
        items = value.items() if isinstance(value, dict) else enumerate(value)  # type: ignore[arg-type]
        for key, item in items:
            if isinstance(item, dict | list) and item:
                stack.append((item, depth + 1, (*path, key)))
    return None


def _surrogate_problem(text: str) -> str | None:
    """Why ``text`` cannot be written back as UTF-8 (a lone surrogate), if it cannot."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "it holds a lone surrogate"
    return None


def _json_type(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


# Step 2: the declared structure is checked by rulekeeper.engine.save_records.check_record,
# against the format's declaration of its save; it needs the path format below.


def format_path(path: Iterable[str | int]) -> str:
    """A field's path as a reader writes it: ``players[1].life``.

    >>> from rulekeeper.engine.saves import format_path
    >>> format_path(["players", 1, "life"])
    'players[1].life'
    >>> format_path(["zones", "hand:0", 2])
    'zones["hand:0"][2]'
    """
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part)}]"
    return text


# Step 3: the game's meaning, in checks every format shares.


def check_object(data: object, what: str) -> dict[str, Any]:
    """Return ``data`` if it is a JSON object, the only thing a save can be; refuse anything
    else (a list, a number) as not a saved ``what`` game.

    >>> from rulekeeper.engine.saves import check_object
    >>> try:
    ...     check_object([1, 2], "Leveler")
    ... except SerializationError as error:
    ...     print(error)
    not a saved game: a saved Leveler game is a JSON object, not an array

    :raises SerializationError: if ``data`` is not a ``dict``.
    """
    if not isinstance(data, dict):
        raise refuse("", f"a saved {what} game is a JSON object, not {_json_type(data)}")
    return data


def upgrade(data: dict[str, Any], renamed: Mapping[str, str]) -> dict[str, Any]:
    """A save written by an earlier release, in today's form: each field named by a key of
    ``renamed`` takes the name it maps to (a format's bookkeeping was ``format_state`` or
    ``variant`` before every game called it ``variant_state``). A save in today's form comes
    back as it is; ``data`` itself is never changed, so nothing the caller holds is lost.

    >>> from rulekeeper.engine.saves import upgrade
    >>> upgrade({"turn": 3, "format_state": {}}, {"format_state": "variant_state"})
    {'turn': 3, 'variant_state': {}}

    A save that holds both names is left alone, for its declaration to refuse the old one.
    """
    if not any(old in data and new not in data for old, new in renamed.items()):
        return data
    upgraded: dict[str, Any] = {}
    for key, value in data.items():
        new = renamed.get(key)
        upgraded[new if new is not None and new not in data else key] = value
    return upgraded


def check_index(value: int, count: int, path: str, *, what: str = "player", rule: str = "") -> None:
    """Refuse ``value`` unless it indexes one of ``count`` things (``0 <= value < count``).

    :raises SerializationError: naming ``path`` and, where given, the ``rule``.
    """
    if not 0 <= value < count:
        cite = f" ({rule})" if rule else ""
        raise refuse(path, f"{value} is not a {what}: there are {count}{cite}")


def check_card_zones(
    card_count: int, zones: Mapping[str, Sequence[int]], *, rule: str = ""
) -> None:
    """Refuse zones unless every card ID ``0 .. card_count - 1`` is in exactly one zone.

    :raises SerializationError: naming the zone and position of a card that is unknown or
        repeated, or the first card that is in no zone.
    """
    cite = f" ({rule})" if rule else ""
    seen: dict[int, str] = {}
    for name, ids in zones.items():
        for position, card in enumerate(ids):
            path = format_path(["zones", name, position])
            if not 0 <= card < card_count:
                raise refuse(path, f"card {card} is not a card of this game{cite}")
            if card in seen:
                raise refuse(path, f"card {card} is also in {seen[card]}{cite}")
            seen[card] = name
    if len(seen) != card_count:
        missing = min(set(range(card_count)) - set(seen))
        raise refuse(format_path(["cards", missing]), f"card {missing} is in no zone{cite}")


def check_card_ids(
    cards: Sequence[Mapping[str, Any]] | Sequence[Sequence[Any]], ids: Sequence[int]
) -> None:
    """Refuse cards whose saved IDs do not match their positions in the ``cards`` list.

    ``ids`` is each card's saved ID in list order.

    :raises SerializationError: naming the first card out of place.
    """
    for position, card_id in enumerate(ids):
        if card_id != position:
            raise refuse(
                format_path(["cards", position]), f"has ID {card_id} at position {position}"
            )
    if len(ids) != len(cards):
        raise refuse("cards", "some cards have no ID")


def check_invariants(game: G, invariants: Callable[[G], list[str]], *, path: str = "") -> None:
    """Refuse a restored ``game`` that breaks one of ``invariants`` (the format's facts that
    hold after every action), or on which they cannot even be evaluated.

    A strange but well-typed state can make an invariant itself fail (a ``KeyError`` on a zone
    no game has); that state is refused just the same, never let through to crash in play.

    :raises SerializationError: with the first broken invariant, or the failure.
    """
    try:
        problems = invariants(game)
    except RulekeeperError as error:
        raise refuse(path, f"the game's invariants cannot hold: {error}") from None
    except Exception as error:  # any failure on a state no game reaches: refuse the state
        raise refuse(path, f"the game's invariants cannot hold ({type(error).__name__})") from None
    if problems:
        raise refuse(path, f"impossible state: {problems[0]}")


def guard(restore: Callable[[], G], *, path: str = "") -> G:
    """Run ``restore`` (building a game from checked data), turning any failure into a
    :class:`~rulekeeper.errors.SerializationError`.

    The schema and the meaning checks should leave nothing for this to catch; it is the last
    line, so a gap in them shows as a clear error rather than a traceback.

    :raises SerializationError: if ``restore`` fails.
    """
    try:
        return restore()
    except SerializationError:
        raise
    except RecursionError:
        raise refuse(path, "nested too deep") from None
    except Exception as error:
        raise refuse(path, f"cannot be restored ({type(error).__name__}: {error})") from None


# Step 4: the game can go on.


def check_playable(game: Game) -> None:
    """Refuse a restored ``game`` that could not be played on: while it is not over, it must
    offer a legal action, and every legal action it offers must be accepted (applied to a
    copy, it must not be refused nor fail) and leave a game that is over or offers an action
    in turn.

    Every format's loader ends with this check, after its own: a save that passes them all
    but leaves, say, a choice nobody can answer is refused here rather than failing in play.

    :raises SerializationError: naming the action that cannot be taken, or saying that none
        can.
    """
    from rulekeeper.errors import IllegalActionError

    if game.outcome is not None:
        return
    actions = guard(game._legal_list, path="")
    if not actions:
        raise refuse("", "the game cannot go on: no legal action, and the game is not over")
    # Saved once; each action is tried on a fresh copy. The copies start with an empty log:
    # the log records what happened and no rule reads what happened before an action to decide
    # whether it is legal or what it does, while reading back and copying the log of a long
    # game cost more than all the rest of a copy.
    saved = game.to_json()
    saved["log"] = []
    text = json.dumps(saved)
    for action in actions:
        try:
            successor = type(game)._from_trusted_json(json.loads(text))
            successor.apply(action)
            going_on = successor.outcome is not None or bool(successor.legal_actions())
        except IllegalActionError as error:
            raise refuse("", f"the game cannot go on: {action!r} is offered but refused "
                         f"({error})") from None  # fmt: skip
        except RecursionError:
            raise refuse("", f"the game cannot go on: {action!r} does not end") from None
        except Exception as error:  # any failure of a state no game reaches: refuse it
            raise refuse("", f"the game cannot go on: {action!r} fails "
                         f"({type(error).__name__})") from None  # fmt: skip
        if not going_on:
            raise refuse("", f"the game cannot go on: after {action!r} no action is legal")
