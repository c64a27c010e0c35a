"""The typed records a save is declared by: one declaration per game, from which both the check
of a user's save and its published JSON Schema come.

A format declares its save as plain standard-library records (dataclasses, ``TypedDict``,
fixed tuples), each field's type bounded with :mod:`annotated_types`, which is pure Python.
The engine neither imports nor builds them in play: a game saves itself as plain JSON data,
and only a save read from a user (:func:`check_record`) or the schema's generation
(:func:`json_schema`) imports pydantic, which does both from the declaration. pydantic's core
is compiled, so it is imported on those paths alone: the engine plays without compiled
extensions (see ``tests/test_pure_python.py``).

This module declares the parts every save shares: the game's chance, its event log and its
outcome.

>>> from rulekeeper.engine.save_records import check_record, Event
>>> check_record([[1, "RR 2.1", "Player 1 draws a card"]], list[Event])
>>> from rulekeeper.errors import SerializationError
>>> try:
...     check_record([[1, "RR 2.1", 3]], list[Event])
... except SerializationError as error:
...     print(error)
not a saved game: [0][2]: 3 is not of type 'string'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from annotated_types import Ge, Le, Len, MaxLen, MinLen

from rulekeeper.engine.saves import MAX_DEPTH, format_path, refuse
from rulekeeper.errors import SerializationError

if TYPE_CHECKING:
    from pydantic import TypeAdapter

# Constraints beyond annotated_types': each is a plain marker here, which tells pydantic what it
# means only when pydantic asks (its ``__get_pydantic_core_schema__`` hook), importing it then.


class Tagged:
    """On a union of records: the field whose value names the member (a tagged union), so that
    a save is checked against the member it names and the error speaks of that member."""

    # A plain class, not a dataclass: the API pages show a dataclass in an alias as
    # Tagged(field=do), and take the field's name for a class.
    __slots__ = ("field",)

    def __init__(self, field: str) -> None:
        self.field = field

    def __repr__(self) -> str:
        return f"Tagged({self.field!r})"

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import Discriminator

        return handler(Annotated[source, Discriminator(self.field)])


@dataclass(frozen=True)
class Matches:
    """On a string: it must match this regular expression (searched, as JSON Schema does)."""

    pattern: str

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic import StringConstraints

        return handler(Annotated[source, StringConstraints(pattern=self.pattern)])


@dataclass(frozen=True)
class Distinct:
    """On an array: no item appears twice (JSON Schema's ``uniqueItems``)."""

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import PydanticCustomError, core_schema

        def distinct(items: list[Any]) -> list[Any]:
            if len({json.dumps(item, sort_keys=True) for item in items}) != len(items):
                raise PydanticCustomError("distinct", "an item appears twice")
            return items

        return core_schema.no_info_after_validator_function(distinct, handler(source))

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> Any:
        return {**handler(schema), "uniqueItems": True}


# Bounded scalars shared by every save.

Count = Annotated[int, Ge(0), Le(1_000_000)]
"""A count or a turn number: never negative, and never absurdly large."""

Word = Annotated[int, Ge(0), Le(2**32 - 1)]
"""One 32-bit word of the Mersenne Twister's state."""

RuleId = Annotated[str, MaxLen(40)]
"""A rule's ID, as ``RR 2.1``."""

Text = Annotated[str, MaxLen(10_000)]
"""Words for a reader: an event, a reason."""

Scripted = Count | Literal["keep"] | Annotated[list[Count], MaxLen(10_000)]
"""A scripted random outcome: a number, ``keep`` for a shuffle that keeps the order, or a
permutation."""


@dataclass
class ChanceRecord:
    """A game's seeded source of randomness: the seed, the full state of its Mersenne Twister,
    and any outcomes scripted for the next random events."""

    seed: Annotated[int, Ge(0), Le(2**64 - 1)]
    """The seed the game started from."""
    rng: tuple[Literal[3], Annotated[list[Word], Len(625, 625)], float | None]
    """The generator's state as Python's ``random.getstate()`` gives it: version 3, 624 words
    and a position, and the cached Gaussian (null when none)."""
    scripted: Annotated[dict[str, Annotated[list[Scripted], MaxLen(10_000)]], MaxLen(64)]
    """Outcomes queued for the next random events of each kind."""


SeenBy = Annotated[int, Ge(-2), Le(63)] | Annotated[int, Ge(-1063), Le(-1000)]
"""Who may see an event not everyone sees: a player's index, ``NOBODY`` (-2), or everyone but
one player (``all_but``, -1000 less that player's index); see :mod:`rulekeeper.engine.events`."""

Event = tuple[Count, RuleId, Text] | tuple[Count, RuleId, Text, SeenBy]
"""One event of the log: the turn it happened in, the rule that caused it, what happened, and
who may see it if not everyone."""

Log = Annotated[list[Event], MaxLen(1_000_000)]
"""Everything that happened, in order."""

Winners = Annotated[list[Annotated[int, Ge(0), Le(63)]], MaxLen(64), Distinct()]
Result = Literal["win", "draw"]
EndingRule = Annotated[str, MinLen(1), MaxLen(40)]

OutcomeRecord = (
    tuple[Result, Winners, EndingRule, Text, Annotated[list[RuleId], MaxLen(64)]]
    | tuple[Result, Winners, EndingRule, Text]
    | None
)
"""How the game ended, or null while it goes on: the result, the winners' seats, the rule that
ended it, the reason in words, and (where the game ended because others lost) the rule each of
them lost by. Saves written before the causes were recorded have four fields."""


class Described:
    """On a field of a record made from a state (:func:`record_of`): the words the published
    schema says of it, as a field's docstring says them in a record declared as a class (a
    record made when its module is imported has no source to read its fields' docstrings
    from)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Described({self.text!r})"

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> Any:
        return {**handler(schema), "description": self.text}


class SavedAs:
    """On a field of a state that a save writes as other fields (a seat's one ``status``,
    saved as the flags ``lost`` and ``left`` that saves held before): those fields' names and
    saved types, in order, and the field of the state they follow in the record
    (:func:`record_of`). Each is read from the state's attribute of its name (a property) and
    given back to the state's constructor by keyword, which makes the field from them."""

    __slots__ = ("after", "fields")

    def __init__(self, *, after: str, **fields: Any) -> None:
        self.after = after
        self.fields = fields

    def __repr__(self) -> str:
        named = "".join(f", {name}={kind!r}" for name, kind in self.fields.items())
        return f"SavedAs(after={self.after!r}{named})"


def record_of(state: type, module: str, name: str, doc: str, /, **saved: Any) -> Any:
    """The record of a state class (a dataclass) as a save keeps it: a ``TypedDict`` called
    ``name``, of the records' ``module``, with one field for each field of ``state``, in its
    order, so that the state is declared once and its save follows it. Each field is of the
    type ``saved`` gives it, with its bounds (and, for the published schema, its
    :class:`Described` words); a flag (a ``bool``) may be left to the state's own declaration.
    A field the state works out itself (declared ``field(init=False)``, as a Magic card's
    definition) is not saved; a field saved as others is given as :class:`SavedAs`.

    Only the fields' names and order, which are flags and which its constructor takes, and the
    attributes a :class:`SavedAs` names, are read from the state: a class the compiled build
    compiles keeps its fields' types without their parameters or bounds
    (``dict[str, int]`` becomes ``dict``, a ``Literal`` its ``str``) and drops docstrings, so a
    save is checked, and its schema written, the same in both builds only by what is given
    here.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Seat:
    ...     index: int
    ...     left: bool = False
    >>> SeatRecord = record_of(Seat, __name__, "SeatRecord", "A seat.", index=Annotated[int, Ge(0)])
    >>> list(SeatRecord.__annotations__)
    ['index', 'left']
    >>> record_of(Seat, __name__, "SeatRecord", "A seat.")
    Traceback (most recent call last):
    ...
    TypeError: SeatRecord: Seat.index is not a flag: say how it is saved

    :raises TypeError: naming a field of the state that is neither a flag nor given a type, a
        type given for a field the state does not save, or a field saved as others that are
        not attributes of the state.
    """
    from typing_extensions import TypedDict

    make: Any = TypedDict  # its functional form, with a name known only when called
    return _named(make(name, dict(_saved_fields(state, name, saved))), state, module, doc)


def array_record_of(state: type, module: str, name: str, doc: str, /, **saved: Any) -> Any:
    """The record of a state class that a save keeps as an array: a ``NamedTuple`` of the
    fields :func:`record_of` would make an object of, in the same order.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Spot:
    ...     x: int
    ...     lit: bool = False
    >>> SpotRecord = array_record_of(Spot, __name__, "SpotRecord", "A spot.", x=int)
    >>> SpotRecord._fields, SpotRecord(3, True)
    (('x', 'lit'), SpotRecord(x=3, lit=True))

    :raises TypeError: as :func:`record_of` does.
    """
    from typing import NamedTuple

    make: Any = NamedTuple  # its functional form, with a name known only when called
    return _named(make(name, _saved_fields(state, name, saved)), state, module, doc)


def _named(record: Any, state: type, module: str, doc: str) -> Any:
    """A record made at run time from ``state``, documented, placed in its records' module, and
    saying what it was made from (:func:`made_from`)."""
    record.__doc__, record.__module__, record.__made_from__ = doc, module, state
    return record


def made_from(record: Any) -> type | None:
    """The state class ``record`` was made from by :func:`record_of` or
    :func:`array_record_of`, or None for a record declared by hand.

    >>> from rulekeeper.riskres.save_records import PlayerRecord
    >>> made_from(PlayerRecord).__name__, made_from(ChanceRecord)
    ('PlayerState', None)
    """
    # Its own attribute, not one a subclass of a made record would inherit.
    state: type | None = getattr(record, "__dict__", {}).get("__made_from__")
    return state


def _saved_fields(state: type, name: str, saved: dict[str, Any]) -> list[tuple[str, Any]]:
    """The fields of the record ``name`` of ``state``, in order, each with its saved type (see
    :func:`record_of`)."""
    from dataclasses import fields

    own = [field for field in fields(state) if field.init]
    unknown = saved.keys() - {field.name for field in own}
    if unknown:
        raise TypeError(f"{name}: {state.__name__} has no saved field {sorted(unknown)[0]!r}")
    placed: dict[str, list[tuple[str, Any]]] = {}
    for held, kind in saved.items():
        if isinstance(kind, SavedAs):
            if kind.after not in {field.name for field in own} - {held}:
                raise TypeError(f"{name}: {state.__name__}.{held} is saved after "
                                f"{kind.after!r}, which it does not save")  # fmt: skip
            missing = [flag for flag in kind.fields if not hasattr(state, flag)]
            if missing:
                raise TypeError(f"{name}: {state.__name__}.{held} is saved as "
                                f"{missing[0]!r}, which it has no attribute of")  # fmt: skip
            placed.setdefault(kind.after, []).extend(kind.fields.items())
    declared: list[tuple[str, Any]] = []
    for field in own:
        kind = saved.get(field.name, field.type)
        # A flag: annotated bool, the class itself or (annotations postponed) its name.
        if kind is bool or kind == "bool":
            declared.append((field.name, bool))
        elif not isinstance(kind, SavedAs) and field.name in saved:
            declared.append((field.name, kind))
        elif not isinstance(kind, SavedAs):
            raise TypeError(f"{name}: {state.__name__}.{field.name} is not a flag: say how it "
                            "is saved")  # fmt: skip
        declared.extend(placed.get(field.name, ()))
    names = [field for field, _ in declared]
    twice = sorted({field for field in names if names.count(field) > 1})
    if twice:
        raise TypeError(f"{name}: {twice[0]!r} is saved twice")
    return declared


NoBookkeeping = Annotated[dict[str, Any], MaxLen(0)]
"""The ``variant_state`` of a game that keeps no bookkeeping of its own (plain Magic, Leveler,
plain Dominion): an empty object."""


# Checking a save against its declaration, and publishing the declaration.


@cache
def _adapter(record: Any, *, documented: bool = False) -> TypeAdapter[Any]:
    from pydantic import ConfigDict, TypeAdapter

    # pydantic takes a configuration only for a type that cannot carry its own, and the
    # records stay plain standard-library declarations: so the record is declared as the one
    # item of a tuple, and the configuration (no coercion, no unknown fields) reaches it. Only
    # the schema needs the fields' docstrings, which pydantic reads from the source: slowly.
    config = ConfigDict(strict=True, extra="forbid", use_attribute_docstrings=documented)
    return TypeAdapter(tuple[record], config=config)


class SaveCheckUnavailable(SerializationError):
    """A save cannot be checked here: pydantic, which checks it, cannot be imported (its core is
    compiled, and a reader's browser has no build of it)."""

    def __init__(self) -> None:
        super().__init__(
            "checking saves is not offered in the browser: pydantic, which checks them, "
            "cannot be imported here"
        )


def _require_pydantic() -> None:
    """Refuse plainly, before anything else, where pydantic cannot be imported.

    :raises SaveCheckUnavailable: if it cannot.
    """
    try:
        import pydantic  # noqa: F401
        import pydantic_core  # noqa: F401
    except ImportError:
        raise SaveCheckUnavailable from None


_ENGINE_MADE: ContextVar[bool] = ContextVar("engine_made", default=False)


@contextmanager
def engine_made() -> Iterator[None]:
    """Within it, a save is one this engine has just written from a game it built (a
    position's): where pydantic cannot be imported (a reader's browser), :func:`check_record`
    lets it through rather than refusing to check it. Its fields are of their declared types
    by construction; only the declared bounds (a pack of at most seven cards, say) go unchecked
    there, and every check of a save's meaning (the invariants, a game that can go on) still
    runs."""
    token = _ENGINE_MADE.set(True)
    try:
        yield
    finally:
        _ENGINE_MADE.reset(token)


def check_record(data: object, record: Any, *, at: Sequence[str | int] = ()) -> None:
    """Refuse ``data`` (a save, or a part of one, as JSON data) unless it is what ``record``
    declares: every field present and no other, each of its type and within its bounds.
    ``at`` is where ``data`` is in the save, for the error's path (``("variant_state",)``).

    Of several problems, the one reported is the deepest in the data (the most precise), ties
    going to the first found; pydantic finds them in the same order every time.

    :raises SerializationError: naming the field's path (``players[1].life``) and the reason.
    :raises SaveCheckUnavailable: where pydantic cannot be imported (a reader's browser),
        unless within :func:`engine_made`.
    """
    try:
        _require_pydantic()
    except SaveCheckUnavailable:
        if _ENGINE_MADE.get():
            return
        raise
    from pydantic import ValidationError

    try:
        # From JSON text in strict mode: an array is read as a tuple and an object as a record,
        # but nothing is coerced (no "1" for 1, no 1.0 for 1, no true for 1).
        _adapter(record).validate_json(json.dumps([data]), strict=True)
    except RecursionError:
        raise refuse("", f"nested more than {MAX_DEPTH} deep") from None
    except ValidationError as error:
        problems = [_problem(data, e["loc"][1:], e) for e in error.errors(include_url=False)]
        path, reason = max(problems, key=lambda problem: len(problem[0]))
        raise refuse(format_path([*at, *path]), reason) from None


def _problem(data: object, loc: Sequence[str | int], error: Any) -> tuple[list[str | int], str]:
    """The path in ``data`` of one of pydantic's errors and the reason in words.

    pydantic's location also names the member of a union it tried (``tuple[int, str]``) or the
    tag of a tagged one; those are no place in the data, so the path follows the data alone.
    """
    path: list[str | int] = []
    value = data
    for part in loc:
        if _holds(value, part):
            value = value[part]  # type: ignore[index]
            path.append(part)
    kind, name = error["type"], loc[-1] if loc else ""
    if kind in ("missing", "missing_keyword_only_argument") and isinstance(name, int):
        return path, f"item {name} is missing"
    if kind in ("missing", "missing_keyword_only_argument"):
        return path, f"{name!r} is a required property"
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return path[:-1] if path and path[-1] == name else path, (
            f"Additional properties are not allowed ({name!r} was unexpected)"
        )
    shown, context = _shown(error.get("input")), error.get("ctx") or {}
    if kind == "greater_than_equal":
        return path, f"{shown} is less than the minimum of {context['ge']}"
    if kind == "less_than_equal":
        return path, f"{shown} is greater than the maximum of {context['le']}"
    if kind == "too_long":  # an array: pydantic would name the Python type (a NamedTuple)
        return (
            path,
            f"{context['actual_length']} items, more than the {context['max_length']} allowed",
        )
    if kind == "literal_error":
        return path, f"{shown} is not one of {context['expected']}"
    if kind in _JSON_TYPES:
        return path, f"{shown} is not of type {_JSON_TYPES[kind]!r}"
    return path, f"{shown} is not valid: {error['msg']}"


_JSON_TYPES = {
    "int_type": "integer",
    "float_type": "number",
    "string_type": "string",
    "bool_type": "boolean",
    "none_required": "null",
    "list_type": "array",
    "tuple_type": "array",
    "dict_type": "object",
    "dataclass_type": "object",
}
"""pydantic's errors for a value of the wrong type, by the JSON type that was expected."""


def _holds(value: object, part: str | int) -> bool:
    """True if ``part`` is a key of the object or an index of the array ``value``."""
    if isinstance(value, dict):
        return isinstance(part, str) and part in value
    return isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value)


def _shown(value: object) -> str:
    """A value as the error quotes it, shortened: a whole object is no help to the reader."""
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else f"{text[:40]} ... {text[-12:]}"


def json_schema(record: Any, *, schema_id: str, title: str) -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) of a save declared by ``record``, as published."""
    schema = _adapter(record, documented=True).json_schema()
    body = schema["prefixItems"][0]
    defs = schema.get("$defs", {})
    if "$ref" in body:  # the record itself, rather than a reference to it
        body = defs.pop(body["$ref"].rsplit("/", 1)[1])
    head = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": schema_id}
    schema = {**head, "title": title, **{k: v for k, v in body.items() if k != "title"}}
    if defs:
        schema["$defs"] = defs
    _tidy(schema)
    return schema


def _tidy(node: object) -> None:
    """Each description as one paragraph, and without the titles pydantic makes of field names
    ("Turn Flags" for ``turn_flags``): the name says it already."""
    if isinstance(node, list):
        for item in node:
            _tidy(item)
    elif isinstance(node, dict):
        if isinstance(node.get("description"), str):  # a docstring's lines, as one paragraph
            node["description"] = " ".join(node["description"].split())
        for field in (node.get("properties") or {}).values():
            if isinstance(field, dict):
                field.pop("title", None)
        for value in node.values():
            _tidy(value)


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as its file holds it: indented, its fields in the order they are declared."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
