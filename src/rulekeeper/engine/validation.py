"""Validating a save's structure against its JSON Schema, with jsonschema.

:func:`rulekeeper.engine.saves.check_structure` imports this module when a save is read, so
that jsonschema and its compiled dependency (``rpds-py``) are imported only on that path: the
engine itself imports and plays without compiled extensions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from rulekeeper.engine.saves import (
    MAX_DEPTH,
    SCHEMA_PACKAGE,
    SHARED_SCHEMAS,
    format_path,
    load_schema,
    refuse,
)


@cache
def _shared_registry() -> Registry[Any]:
    """The kernel's shared schemas, so a format's schema can ``$ref`` them by ``$id``."""
    resources_ = [
        Resource.from_contents(dict(load_schema(SCHEMA_PACKAGE, name)), DRAFT202012)
        for name in SHARED_SCHEMAS
    ]
    return Registry().with_resources((r.id() or "", r) for r in resources_)


# Validating a save visits thousands of small values (log entries, card fields, the RNG's 624
# words), and jsonschema's general machinery costs tens of microseconds for each: a long game
# took a third of a second. So each value is first given a quick check here, which knows the
# few keywords the save schemas use and answers "certainly valid" or "not sure". Only a value
# it is not sure of goes through jsonschema, which then reports the error exactly as it would
# have, so the result is the same, only sooner (a fuzz test compares the two).
_QUICK_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,),
    "number": (int, float),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
}
_NOTES = frozenset({"description", "title", "$schema", "$id", "$defs"})


@cache
def _pattern(regex: str) -> re.Pattern[str]:
    return re.compile(regex)


def _certainly_valid(value: object, schema: Any) -> bool:
    """True if ``value`` is valid under ``schema`` by a quick check; False if unsure."""
    if not isinstance(schema, dict):
        return False
    for keyword, rule in schema.items():
        if keyword in _NOTES:
            continue
        if keyword == "type":
            kinds = _QUICK_TYPES.get(rule) if isinstance(rule, str) else None
            if kinds is None or type(value) not in kinds:
                return False
        elif keyword in ("minimum", "maximum"):
            if type(value) not in (int, float):
                return False
            if (value < rule) if keyword == "minimum" else (value > rule):
                return False
        elif keyword in ("minLength", "maxLength", "minItems", "maxItems"):
            if not isinstance(value, str | list):
                return False
            if (len(value) < rule) if keyword.startswith("min") else (len(value) > rule):
                return False
        elif keyword in ("enum", "const"):
            # Only strings are compared quickly: in Python, True == 1 and 1 == 1.0.
            options = rule if keyword == "enum" else [rule]
            if not (isinstance(value, str) and value in options):
                return False
        elif keyword == "pattern":
            if not (isinstance(value, str) and _pattern(rule).search(value)):
                return False
        elif keyword in ("minProperties", "maxProperties"):
            if not isinstance(value, dict):
                return False
            if (len(value) < rule) if keyword.startswith("min") else (len(value) > rule):
                return False
        elif keyword == "propertyNames":
            if not (isinstance(value, dict) and all(_certainly_valid(k, rule) for k in value)):
                return False
        elif keyword == "uniqueItems":
            if not isinstance(value, list):
                return False
            if rule and not (
                all(type(v) in (int, str) for v in value) and len(set(value)) == len(value)
            ):
                return False
        elif keyword == "anyOf":
            if not any(_certainly_valid(value, option) for option in rule):
                return False
        elif keyword == "prefixItems":
            if not isinstance(value, list):
                return False
            if not all(_certainly_valid(v, r) for v, r in zip(value, rule, strict=False)):
                return False
        elif keyword == "items":
            if not isinstance(value, list) or rule is False:
                return False
            rest = value[len(schema.get("prefixItems", ())) :]
            if not all(_certainly_valid(v, rule) for v in rest):
                return False
        elif keyword == "properties":
            if not isinstance(value, dict):
                return False
            if not all(k not in value or _certainly_valid(value[k], r) for k, r in rule.items()):
                return False
        elif keyword == "required":
            if not (isinstance(value, dict) and all(k in value for k in rule)):
                return False
        elif keyword == "additionalProperties":
            if not isinstance(value, dict):
                return False
            known = schema.get("properties", {})
            extra = [k for k in value if k not in known]
            if rule is False:
                if extra or "patternProperties" in schema:
                    return False
            elif not all(_certainly_valid(value[k], rule) for k in extra):
                return False
        else:
            return False  # a keyword the quick check does not know: ask jsonschema
    return True


def _quick_items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if items is False or not isinstance(instance, list):
        yield from _STANDARD["items"](validator, items, instance, schema)
        return
    for index in range(len(schema.get("prefixItems", ())), len(instance)):
        if not _certainly_valid(instance[index], items):
            yield from validator.descend(instance[index], items, path=index)


def _quick_prefix_items(validator: Any, prefix: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not isinstance(instance, list):
        return
    for (index, item), subschema in zip(enumerate(instance), prefix, strict=False):
        if not _certainly_valid(item, subschema):
            yield from validator.descend(item, subschema, schema_path=index, path=index)


def _quick_properties(validator: Any, properties: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not isinstance(instance, dict):
        return
    for name, subschema in properties.items():
        if name in instance and not _certainly_valid(instance[name], subschema):
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def _inline(node: Any, root: Any, shared: Mapping[str, Any], depth: int) -> Any:
    """``node`` with each ``$ref`` to a definition of ``root`` or to a shared schema replaced
    by what it refers to, so that the quick check sees plain schemas. The meaning is the same;
    a reference it cannot replace is left for jsonschema to resolve."""
    if depth > MAX_DEPTH:
        return node
    if isinstance(node, list):
        return [_inline(item, root, shared, depth + 1) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    target, target_root = None, root
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = root.get("$defs", {}).get(ref[len("#/$defs/") :])
    elif isinstance(ref, str) and ref in shared:
        target = target_root = shared[ref]
    if isinstance(target, dict):
        rest = {k: v for k, v in node.items() if k != "$ref"}
        body = {k: v for k, v in target.items() if k not in ("$id", "$schema", "$defs")}
        if not (rest.keys() - _NOTES) & (body.keys() - _NOTES):
            merged = {**_inline(body, target_root, shared, depth + 1), **rest}
            return _inline(merged, root, shared, depth + 1) if "$ref" in merged else merged
    return {
        k: v if k in ("enum", "const") else _inline(v, root, shared, depth + 1)
        for k, v in node.items()
    }


_STANDARD = Draft202012Validator.VALIDATORS
_QuickValidator = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    {"items": _quick_items, "prefixItems": _quick_prefix_items, "properties": _quick_properties},
)


# Validators are costly to build; schemas come from load_schema (cached, never mutated), so
# they are kept by identity. The schema itself is kept too, so its id cannot be reused.
_VALIDATORS: dict[int, tuple[Mapping[str, Any], Any]] = {}


def _validator(schema: Mapping[str, Any]) -> Any:
    entry = _VALIDATORS.get(id(schema))
    if entry is None or entry[0] is not schema:
        shared = {s["$id"]: s for s in (load_schema(SCHEMA_PACKAGE, n) for n in SHARED_SCHEMAS)}
        inlined = _inline(schema, schema, shared, 0)
        entry = (schema, _QuickValidator(inlined, registry=_shared_registry()))
        _VALIDATORS[id(schema)] = entry
    return entry[1]


def validate(data: object, schema: Mapping[str, Any]) -> None:
    """Validate ``data`` against ``schema``, as
    :func:`rulekeeper.engine.saves.check_structure` describes.

    :raises SerializationError: naming the field's path and the reason.
    """
    try:
        errors = list(_validator(schema).iter_errors(data))
    except RecursionError:
        raise refuse("", f"nested more than {MAX_DEPTH} deep") from None
    if not errors:
        return
    errors.sort(key=lambda e: (_path_key(e.absolute_path), e.message))
    error = best_match(errors)
    assert error is not None
    raise refuse(format_path(error.absolute_path), _reason(error))


def _path_key(path: Iterable[str | int]) -> tuple[tuple[int, str], ...]:
    return tuple((0, f"{p:012d}") if isinstance(p, int) else (1, p) for p in path)


def _reason(error: ValidationError) -> str:
    message = error.message
    if len(message) > 200:  # a whole object quoted back is no help to the reader
        message = f"{message[:160]} ... {message[-36:]}"
    return message
