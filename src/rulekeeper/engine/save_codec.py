"""A game's save written and read back by its declaration (:mod:`rulekeeper.engine.save_records`)
rather than by hand: the record that checks a user's save and publishes its JSON Schema also
says what a game writes and how it reads it back.

Each field of a record is saved from the attribute of its name on the object it describes,
and converted by its declared type:

- a number, a string, true or false, null, or a ``Literal`` or union of these: as it is;
- an array (``list[...]`` or ``tuple[...]``): item by item, read back as a list, or as a tuple
  for a ``tuple[X, Y]`` or ``tuple[X, ...]``;
- an object (``dict[str, ...]``): value by value;
- a record bound to a class of the state (``classes``): field by field, each from the
  attribute of its name, and read back as an instance of that class, made with each field as
  the keyword argument of its name; a ``NamedTuple`` record is saved as an array, in the order
  of its fields;
- a ``TypedDict`` not bound to a class: the state keeps it as a dict, converted key by key;
- ``Any``: the state keeps it as JSON data, copied whole (:func:`copy_data`);
- a ``Literal`` of one value (a save's version): that value, which no attribute holds;
- a key declared ``NotRequired`` in the record: left out of the save while its attribute is
  None, and read back as None where the save has no such key.

What is not plain, the game says where it makes its :class:`Codec`:

- ``at``: where a field lives when it is not the attribute of its name: an attribute path
  (``table.players``), several attributes saved as one array, or a :class:`Computed` field;
- ``convert``: how the values of a type convert (a target that the state holds as a player
  object, say), or one field of a record, keyed ``(record, field name)``; every game's
  chance, log and outcome convert the same way (:data:`KERNEL_CONVERSIONS`);
- ``pairs``: the dicts that a save writes as arrays of ``[key, value]`` pairs, because their
  keys are numbers and a JSON object's keys are strings;
- ``built``: the fields read when the game is made (its chance, its players' names), which
  loading then leaves alone.

The functions are generated once for each record, as :mod:`dataclasses` generates a class's
``__init__``: a game is saved and read back each time it is copied
(:meth:`Game.after <rulekeeper.engine.game.Game.after>`), so what runs is what a hand-written
save would be, with nothing looked up field by field.

>>> from dataclasses import dataclass
>>> from typing_extensions import TypedDict
>>> class SpotRecord(TypedDict):
...     x: int
...     marks: list[tuple[int, int]]
>>> @dataclass
... class Spot:
...     x: int
...     marks: list[tuple[int, int]]
>>> codec = Codec(SpotRecord, classes={SpotRecord: Spot})
>>> codec.dump(Spot(1, [(2, 3)]))
{'x': 1, 'marks': [[2, 3]]}
>>> spot = Spot(0, [])
>>> codec.load_into(spot, {"x": 4, "marks": [[5, 6]]})
>>> spot
Spot(x=4, marks=[(5, 6)])
"""

from __future__ import annotations

import itertools
import re
import types
import typing
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, fields, is_dataclass
from functools import cached_property
from typing import Annotated, Any, Final, Literal, get_args, get_origin, get_type_hints

from typing_extensions import is_typeddict

from rulekeeper.engine.chance import Chance
from rulekeeper.engine.events import EventLog
from rulekeeper.engine.game import Outcome
from rulekeeper.engine.save_records import ChanceRecord, Log, OutcomeRecord


@dataclass(frozen=True)
class Conversion:
    """How the values of one declared type go into a save (``dump``) and come back out of it
    (``load``)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def copy_data(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and tuples as lists, and plain values).

    >>> copy_data({"a": [1, (2, 3)]})
    {'a': [1, [2, 3]]}
    """
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_data(v) for v in value]
    return value


def _outcome_json(outcome: Outcome | None) -> list[Any] | None:
    if outcome is None:
        return None
    winners, causes = list(outcome.winners), list(outcome.causes)
    return [outcome.result, winners, outcome.reason_rule, outcome.reason, causes]


def _outcome(data: list[Any] | None) -> Outcome | None:
    if data is None:
        return None
    # Games saved before outcomes recorded their causes have four fields.
    result, winners, reason_rule, reason, *causes = data
    return Outcome(result, tuple(winners), reason_rule, reason, tuple(causes[0]) if causes else ())


def _log(data: list[list[Any]]) -> EventLog:
    # Looked up when called, not when the codec is made, so that a test can watch the log
    # being read back.
    return EventLog.from_json(data)


KERNEL_CONVERSIONS: Final[Mapping[Any, Conversion]] = {
    ChanceRecord: Conversion(Chance.to_json, Chance.from_json),
    Log: Conversion(EventLog.to_json, _log),
    OutcomeRecord: Conversion(_outcome_json, _outcome),
}
"""How every game saves its chance, its log and its outcome."""


@dataclass(frozen=True)
class Computed:
    """A field that no attribute holds as it is saved: ``get`` works out its saved value from
    the object, and ``put`` sets the object from it."""

    get: Callable[[Any], Any]
    put: Callable[[Any, Any], None]


def _variant_state_json(game: Any) -> dict[str, Any]:
    saved: dict[str, Any] = game.variant.save_state()
    return saved


def _put_variant_state(game: Any, saved: dict[str, Any]) -> None:
    game.variant.restore_state(saved)


VARIANT_STATE: Final = Computed(_variant_state_json, _put_variant_state)
"""A save's ``variant_state``: the bookkeeping the game's variant keeps on itself, written and
taken up by the variant's own hooks (:meth:`~rulekeeper.engine.variants.Variant.save_state`,
:meth:`~rulekeeper.engine.variants.Variant.restore_state`)."""


def player_or_card(player: type[Any]) -> Conversion:
    """How a game saves what is aimed at or attacked: a card by its ID, a player (an instance
    of the game's ``player`` class, made from a seat and holding it as ``index``) as
    ``{"player": seat}``, or nothing as null.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Seat:
    ...     index: int
    >>> target = player_or_card(Seat)
    >>> target.dump(Seat(1)), target.dump(7), target.load({"player": 1})
    ({'player': 1}, 7, Seat(index=1))
    """

    def dump(target: Any) -> Any:
        return {"player": target.index} if isinstance(target, player) else target

    def load(data: Any) -> Any:
        return player(data["player"]) if isinstance(data, dict) else data

    return Conversion(dump, load)


Where = str | tuple[str, ...] | Computed
"""Where a field lives: an attribute path (``table.players``), the attributes a fixed array
holds, in order, or how it is worked out (:class:`Computed`)."""


class Codec:
    """Writes an object as the save ``record`` declares and reads a save back into one (see
    the module's description for what ``at``, ``classes``, ``convert``, ``pairs`` and
    ``built`` say).

    :raises TypeError: on first use, naming a field whose type says nothing of how it converts
        (a union of records, say) and that no conversion covers.
    """

    def __init__(
        self,
        record: Any,
        *,
        at: Mapping[str, Where] | None = None,
        classes: Mapping[Any, type] | None = None,
        convert: Mapping[Any, Conversion] | None = None,
        pairs: Collection[str] = (),
        built: Collection[str] = (),
    ) -> None:
        self.record = record
        self._at = dict(at or {})
        self.classes: Mapping[Any, type] = dict(classes or {})
        """The records this codec makes objects of, and the class of each."""
        self._given = dict(convert or {})
        self._convert = {**KERNEL_CONVERSIONS, **self._given}
        self._pairs = frozenset(pairs)
        self._built = frozenset(built)
        unknown = (self._at.keys() | self._pairs | self._built) - dict(_fields(record)).keys()
        if unknown:
            raise TypeError(f"{record.__name__} has no field {sorted(unknown)[0]!r}")

    def dump(self, obj: Any) -> dict[str, Any]:
        """``obj`` as its save: JSON data sharing nothing with it."""
        result: dict[str, Any] = self._functions["dump"](obj)
        return result

    def load_into(self, obj: Any, data: Mapping[str, Any]) -> None:
        """Set every field of ``obj`` but the built ones from its save ``data``, which it then
        shares nothing with."""
        self._functions["load_into"](obj, data)

    @cached_property
    def _functions(self) -> dict[str, Any]:
        writer = _Writer(self.classes, self._convert)
        entries, left_out, loaded = [], [], []
        for name, kind in _fields(self.record):
            if get_origin(kind) is typing.NotRequired:
                # A key the save may leave out: left out while the attribute is None.
                dumped, lines = self._optional_field(writer, name, get_args(kind)[0])
                left_out.append(f"    if o.{name} is not None:\n        r[{name!r}] = {dumped}\n")
                loaded.extend(lines)
                continue
            dumped, lines = self._field(writer, name, kind)
            entries.append(f"{name!r}: {dumped}")
            if name not in self._built:  # a built field, the object was made with
                loaded.extend(lines)
        writer.source.append(
            f"def dump(o):\n    r = {{{', '.join(entries)}}}\n{''.join(left_out)}    return r"
        )
        body = "".join(f"    {line}\n" for line in loaded) or "    pass\n"
        writer.source.append(f"def load_into(o, d):\n{body}")
        # A conversion no field asked for is a mistake (a type or a field named wrongly): the
        # fields it was meant for would be saved without it.
        unused = [key for key in self._given if id(self._given[key]) not in writer.used]
        if unused:
            raise TypeError(f"{self.record.__name__}: no field converts by {unused[0]!r}")
        return writer.run(f"save of {self.record.__name__}")

    @property
    def source(self) -> str:
        """The Python source of the functions this codec runs, to read when a save is not what
        was expected."""
        source: str = self._functions["__source__"]
        return source

    def _optional_field(self, writer: _Writer, name: str, kind: Any) -> tuple[str, list[str]]:
        """The expression that saves the field ``name`` a save may leave out, and the line that
        sets ``o`` from the save ``d``: None where the save has no such key."""
        if name in self._at or name in self._pairs or name in self._built:
            raise TypeError(f"{self.record.__name__}.{name}: a key a save may leave out is kept "
                            "in the attribute of its name")  # fmt: skip
        saved = f"d[{name!r}]"
        loaded = f"o.{name} = {writer.load(kind, saved)} if {name!r} in d else None"
        return writer.dump(kind, f"o.{name}"), [loaded]

    def _field(self, writer: _Writer, name: str, kind: Any) -> tuple[str, list[str]]:
        """The expression that saves field ``name`` of the object ``o``, and the lines that
        set ``o`` from the save ``d``."""
        where, saved = self._at.get(name, name), f"d[{name!r}]"
        constant = get_args(_bare(kind))
        if get_origin(_bare(kind)) is Literal and len(constant) == 1 and name not in self._at:
            return repr(constant[0]), []  # the one value the save may hold
        if isinstance(where, Computed):
            return f"{writer.name(where.get)}(o)", [f"{writer.name(where.put)}(o, {saved})"]
        if isinstance(where, tuple):  # several attributes, saved as one array
            items = list(zip(get_args(_bare(kind)), where, strict=True))
            dumped = ", ".join(writer.dump(item, f"o.{w}") for item, w in items)
            lines = [f"o.{w} = {writer.load(t, f'{saved}[{i}]')}" for i, (t, w) in enumerate(items)]
            return f"[{dumped}]", lines
        if name in self._pairs:  # a dict keyed by numbers, saved as [key, value] pairs
            key, value = get_args(get_args(_bare(kind))[0])
            k, v = writer.var(), writer.var()
            pair = f"[{writer.dump(key, k)}, {writer.dump(value, v)}]"
            entry = f"{writer.load(key, k)}: {writer.load(value, v)}"
            return (
                f"[{pair} for {k}, {v} in o.{where}.items()]",
                [f"o.{where} = {{{entry} for {k}, {v} in {saved}}}"],
            )
        return writer.dump(kind, f"o.{where}"), [f"o.{where} = {writer.load(kind, saved)}"]


def _fields(record: Any) -> list[tuple[str, Any]]:
    """A record's fields and their declared types, in the order declared."""
    hints = get_type_hints(record, include_extras=True)
    if is_dataclass(record):
        return [(f.name, hints[f.name]) for f in fields(record)]
    return list(hints.items())


_WRAPPERS: Final = (Annotated, typing.NotRequired, typing.Required)


def _bare(kind: Any) -> Any:
    """A type without its ``Annotated`` bounds, or the ``NotRequired`` of a key."""
    while get_origin(kind) in _WRAPPERS:
        kind = get_args(kind)[0]
    return kind


def _optional(record: Any) -> bool:
    """True for a ``TypedDict`` that a key may be missing from."""
    # A module that postpones its annotations leaves __optional_keys__ empty.
    return bool(record.__optional_keys__) or any(
        get_origin(kind) is typing.NotRequired for _, kind in _fields(record)
    )


def _is_named_tuple(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields")


def _plain(kind: Any) -> bool:
    """True for a type whose values are saved as they are: JSON's plain values."""
    kind = _bare(kind)
    if kind in (int, str, bool, float, type(None)) or get_origin(kind) is Literal:
        return True
    if get_origin(kind) in (types.UnionType, typing.Union):
        return all(_plain(member) for member in get_args(kind))
    return False


def _lookup(table: Mapping[Any, Any], kind: Any) -> Any:
    try:
        return table.get(kind)
    except TypeError:  # a type with an unhashable part cannot be a key
        return None


class _Writer:
    """The source of a record's functions, and the objects that source names."""

    def __init__(self, classes: Mapping[Any, type], convert: Mapping[Any, Conversion]) -> None:
        self.classes, self.convert = classes, convert
        self.used: set[int] = set()
        """The conversions the source calls, by identity."""
        self.source: list[str] = []
        self.namespace: dict[str, Any] = {"copy_data": copy_data}
        self._names: dict[int, str] = {}
        self._records: dict[tuple[str, Any], str] = {}
        self._count = itertools.count()

    def var(self) -> str:
        """A fresh local name."""
        return f"v{next(self._count)}"

    def name(self, value: Any) -> str:
        """The name the generated source calls ``value`` by: its own, where it has one."""
        if id(value) not in self._names:
            own = re.sub(r"\W", "_", getattr(value, "__qualname__", "value"))
            self._names[id(value)] = f"{own.strip('_')}_{len(self._names)}"
            self.namespace[self._names[id(value)]] = value
        return self._names[id(value)]

    def dump(self, kind: Any, src: str) -> str:
        """An expression for the saved form of ``src``, a value of type ``kind``."""
        return self._expression("dump", kind, src)

    def load(self, kind: Any, src: str) -> str:
        """An expression for the value that the saved ``src`` of type ``kind`` stands for."""
        return self._expression("load", kind, src)

    def _expression(self, way: str, kind: Any, src: str) -> str:
        conversion = _lookup(self.convert, kind) or _lookup(self.convert, _bare(kind))
        if conversion is not None:
            self.used.add(id(conversion))
            return f"{self.name(getattr(conversion, way))}({src})"
        if _plain(kind):
            return src
        kind = _bare(kind)
        if kind is Any:
            return f"copy_data({src})"
        origin, args = get_origin(kind), get_args(kind)
        if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
            # Saved as a list; read back as what it is declared (a tuple[X, ...] as a tuple).
            made = "tuple" if origin is tuple and way == "load" else "list"
            if _plain(args[0]):
                return f"{made}({src})"
            v = self.var()
            each = f"{self._expression(way, args[0], v)} for {v} in {src}"
            return f"tuple({each})" if made == "tuple" else f"[{each}]"
        if origin is tuple:
            if all(_plain(item) for item in args):
                return f"{'list' if way == 'dump' else 'tuple'}({src})"
            items = [self._expression(way, item, f"{src}[{i}]") for i, item in enumerate(args)]
            return f"[{', '.join(items)}]" if way == "dump" else f"({', '.join(items)},)"
        if origin is dict:
            if _plain(args[1]):
                return f"dict({src})"
            k, v = self.var(), self.var()
            return f"{{{k}: {self._expression(way, args[1], v)} for {k}, {v} in {src}.items()}}"
        if is_dataclass(kind) or is_typeddict(kind) or _is_named_tuple(kind):
            return f"{self._record(way, kind)}({src})"
        raise TypeError(f"the save's {kind!r} does not say how it converts: give a conversion")

    def _record(self, way: str, record: Any) -> str:
        """The name of the generated function that converts one ``record``."""
        if (way, record) in self._records:
            return self._records[way, record]
        name = self._records[way, record] = f"{way}_{record.__name__}_{len(self._records)}"
        cls = self.classes.get(record)
        if cls is None and (not is_typeddict(record) or _optional(record)):
            raise TypeError(f"the save's {record.__name__} is bound to no class of the state")
        fields_of = _fields(record)
        if _is_named_tuple(record) and way == "dump":  # saved as an array, in field order
            items = [self._item(way, record, f, kind, f"r.{f}") for f, kind in fields_of]
            body = f"    return [{', '.join(items)}]"
        elif _is_named_tuple(record):
            args = [(f, self._item(way, record, f, kind, f"r[{i}]"))
                    for i, (f, kind) in enumerate(fields_of)]  # fmt: skip
            body = f"    return {self.name(cls)}({', '.join(f'{f}={e}' for f, e in args)})"
        elif way == "load":
            args = [(f, self._item(way, record, f, kind, f"r[{f!r}]")) for f, kind in fields_of]
            made = (
                f"{self.name(cls)}({', '.join(f'{f}={e}' for f, e in args)})"
                if cls is not None
                else "{" + ", ".join(f"{f!r}: {e}" for f, e in args) + "}"
            )
            body = f"    return {made}"
        else:
            # An object of the class has attributes; a dict the state keeps has keys.
            read = "r.{}" if cls is not None else "r[{!r}]"
            entries = [
                f"{f!r}: {self._item(way, record, f, kind, read.format(f))}"
                for f, kind in fields_of
            ]
            body = "    return {" + ", ".join(entries) + "}"
        self.source.append(f"def {name}(r):\n{body}")
        return name

    def _item(self, way: str, record: Any, field: str, kind: Any, src: str) -> str:
        """The expression for one field of a record: converted as that field says, where the
        codec was given a conversion for ``(record, field)``, or else by its type."""
        conversion = self.convert.get((record, field))
        if conversion is not None:
            self.used.add(id(conversion))
            return f"{self.name(getattr(conversion, way))}({src})"
        return self._expression(way, kind, src)

    def run(self, what: str) -> dict[str, Any]:
        """Compile the source and give back the functions it defines."""
        self.namespace["__source__"] = text = "\n\n".join(self.source)
        code = compile(text, f"<{what}>", "exec")
        exec(code, self.namespace)
        return self.namespace
