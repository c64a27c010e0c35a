"""JSON from users, decoded safely and read field by field.

Card data files and banned lists are JSON that a user may edit, so nothing in them is trusted.
:func:`parse_json` turns every way the text can fail to decode (bad syntax, bytes that are not
UTF-8, nesting deep enough to exhaust Python's stack, ``NaN`` and ``Infinity``, which are not
JSON, a key repeated in one object) into an :class:`~rulekeeper.errors.InputError` naming the
file; a :class:`Where` reads one field at a time, checking its JSON type and naming the file,
the record and the field path when it is wrong.

>>> from rulekeeper.jsondata import Where, parse_json
>>> parse_json('{"cost": NaN}', source="cards.json")
Traceback (most recent call last):
...
rulekeeper.errors.InputError: cards.json:1: the file is not valid: NaN is not a JSON number
>>> card = parse_json('{"name": "Ember Scout", "abilities": [{"effects": 1}]}', source="x")
>>> where = Where(source="x.json", record="card 'Ember Scout'")
>>> ability = where.item(where.required(card, "abilities", list), 0, dict, "abilities")
>>> (where / "abilities" / 0).required(ability, "effects", list)
Traceback (most recent call last):
...
rulekeeper.errors.InputError: x.json: card 'Ember Scout': abilities[0].effects must be a list, not 1
"""

from __future__ import annotations

import json
import math
import reprlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from rulekeeper.errors import InputError

T = TypeVar("T")

_KIND_NAMES: Final[Mapping[type, str]] = {
    str: "text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list",
    dict: "an object",
}

# A short, bounded repr for messages: reprlib stops at a fixed depth, so a value nested a
# thousand levels deep cannot exhaust the stack while its error message is being written.
_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlevel = 3


def show(value: object) -> str:
    """A short, safe ``repr`` of an untrusted value, for an error message."""
    return _SHORT.repr(value)


class NotJson(ValueError):
    """What Python's decoder accepts but JSON has not (raised by :func:`loads_strict`): the
    constants ``NaN`` and ``Infinity``, a number too large for a float, or a key repeated in
    one object. The message starts with the offending token."""


def loads_strict(text: str) -> Any:
    """Decode JSON text as the standard defines it, where :func:`json.loads` is lenient.

    Every reader of untrusted JSON goes through here: :func:`parse_json` for card data and
    banned lists, and :func:`rulekeeper.engine.saves.read_save` for saved games, each turning
    the failures into its own error.

    >>> from rulekeeper.jsondata import loads_strict
    >>> loads_strict('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    rulekeeper.jsondata.NotJson: 'a' appears twice in one object

    :raises NotJson: for ``NaN``, ``Infinity``, a number too large for a float, or a repeated
        key.
    :raises json.JSONDecodeError: if the text is not JSON.
    :raises RecursionError: if it nests deeper than Python's decoder can follow.
    :raises ValueError: for an integer with more digits than Python converts.
    """
    return json.loads(
        text,
        parse_constant=_refuse_constant,
        parse_float=_finite_float,
        object_pairs_hook=_unique_keys,
    )


def _refuse_constant(name: str) -> Any:
    raise NotJson(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 decodes to infinity
        raise NotJson(f"{text[:20]} is too large for a number")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):  # the decoder would keep the last value without a word
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise NotJson(f"{show(key)} appears twice in one object")
            seen.add(key)
    return data


def parse_json(text: str | bytes, *, source: str, what: str = "the file") -> Any:
    """Decode untrusted JSON text (or UTF-8 bytes) and return the value.

    ``source`` names the file in error messages and ``what`` says what it should have been.

    :raises InputError: naming ``source`` (and the line, where known) if the bytes are not
        UTF-8, the text is not JSON, it holds ``NaN``, ``Infinity`` or a number too large to
        use, an object repeats a key, or it is nested too deeply to decode.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return loads_strict(text)
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 text (byte {error.start})", source=source) from None
    except json.JSONDecodeError as error:
        raise InputError(
            f"{what} is not valid JSON: {error.msg}", source=source, line=error.lineno
        ) from None
    except NotJson as error:
        line = _line_of(text, str(error).split()[0])
        raise InputError(f"{what} is not valid: {error}", source=source, line=line) from None
    except RecursionError:
        raise InputError(f"{what} is nested too deeply to be read", source=source) from None
    except ValueError as error:  # an integer of more digits than Python converts
        raise InputError(
            f"{what} holds a number that cannot be used: {error}", source=source
        ) from None


def _line_of(text: str | bytes, token: str) -> int:
    """The line ``token`` first appears on, or 0."""
    if isinstance(text, bytes):
        return 0
    at = text.find(token)
    return text.count("\n", 0, at) + 1 if at >= 0 else 0


@dataclass(frozen=True)
class Where:
    """A place in a JSON document: the file (``source``), the record it belongs to (such as
    ``"card 'Ember Scout'"``) and the field path inside that record (``"abilities[0]"``).

    Its methods read a field of an object there and check its JSON type; each raises an
    :class:`~rulekeeper.errors.InputError` that names all three. A ``bool`` is never taken for
    a whole number, and a whole number is a number.
    """

    source: str = ""
    record: str = ""
    path: str = ""

    def __truediv__(self, step: str | int) -> Where:
        """The place one field (a key) or one item (an index) further in."""
        if isinstance(step, int):
            return Where(self.source, self.record, f"{self.path}[{step}]")
        return Where(self.source, self.record, f"{self.path}.{step}" if self.path else step)

    def error(self, problem: str) -> InputError:
        """An :class:`~rulekeeper.errors.InputError` saying ``problem`` about this place:
        ``"card 'Ember Scout': abilities[0]: problem"``."""
        subject = ": ".join(part for part in (self.record, self.path) if part)
        return InputError(f"{subject}: {problem}" if subject else problem, source=self.source)

    def field_error(self, problem: str) -> InputError:
        """An :class:`~rulekeeper.errors.InputError` whose subject is this field, so that
        ``problem`` completes the sentence: ``"card 'Ember Scout': abilities[0].ep is missing"``."""
        if not self.path:
            return self.error(problem)
        record = f"{self.record}: " if self.record else ""
        return InputError(f"{record}{self.path} {problem}", source=self.source)

    def expect(self, value: object, kind: type[T]) -> T:
        """Return ``value``, the value at this place, if it is of JSON type ``kind``.

        :raises InputError: if it is not.
        """
        if not has_kind(value, kind):
            raise self.field_error(
                f"must be {_KIND_NAMES.get(kind, kind.__name__)}, not {show(value)}"
            )
        return value  # type: ignore[return-value]  # has_kind checked it

    def required(self, data: Mapping[str, Any], key: str, kind: type[T]) -> T:
        """The field ``key`` of the object ``data`` here, which must be present and a ``kind``.

        :raises InputError: if it is missing or of another type.
        """
        if key not in data:
            raise (self / key).field_error("is missing")
        return (self / key).expect(data[key], kind)

    def optional(self, data: Mapping[str, Any], key: str, kind: type[T], default: T) -> T:
        """The field ``key`` of ``data`` here if present (it must be a ``kind``), else
        ``default``.

        :raises InputError: if it is present and of another type.
        """
        return (self / key).expect(data[key], kind) if key in data else default

    def item(self, items: list[Any], index: int, kind: type[T], key: str = "") -> T:
        """Item ``index`` of the list ``items`` (the field ``key`` here), which must be a
        ``kind``.

        :raises InputError: if it is of another type.
        """
        place = self / key if key else self
        return (place / index).expect(items[index], kind)

    def items(self, data: Mapping[str, Any], key: str, kind: type[T]) -> list[T]:
        """The optional list field ``key`` of ``data`` here (empty if absent), every item a
        ``kind``.

        :raises InputError: if it is not a list, or an item is of another type.
        """
        values = self.optional(data, key, list, [])
        return [self.item(values, index, kind, key) for index in range(len(values))]

    def only(self, data: Mapping[str, Any], known: Collection[str]) -> None:
        """Check that the object ``data`` here has no field outside ``known``: a misspelt
        field would otherwise be ignored without a word.

        :raises InputError: naming the first unknown field.
        """
        for key in data:
            if key not in known:
                raise (self / key).field_error("is not a field this data can have")


def has_kind(value: object, kind: type) -> bool:
    """Whether ``value``, decoded from JSON, is of the JSON type ``kind`` (``str``, ``int``,
    ``float``, ``bool``, ``list`` or ``dict``): exactly, except that an ``int`` is a ``float``."""
    if kind is float:
        return type(value) in (int, float)
    return type(value) is kind
