"""The base classes the API reference names, with their type arguments linked.

A variant's base is written ``Variant["DominionGame"]``: the game class is only imported for
type checking (importing it would make a cycle), so at run time autodoc sees a forward
reference, a bare name, and writes a link no page answers. Once the API reference's modules
are imported, the name is found in the package: the one class of that name it defines.
"""

from __future__ import annotations

import sys
from typing import Any, ForwardRef, get_args, get_origin

from sphinx.application import Sphinx

PACKAGE = "rulekeeper"
"""Forward references are looked up among this package's modules only."""


def defining_class(name: str) -> type | None:
    """The class named ``name`` that exactly one imported module of the package defines, or
    ``None`` if there is none or more than one."""
    found = {
        value
        for module_name, module in list(sys.modules.items())
        if module_name.split(".")[0] == PACKAGE and module is not None
        for value in [getattr(module, name, None)]
        if isinstance(value, type) and value.__module__ == module_name
    }
    return found.pop() if len(found) == 1 else None


def resolve_bases(app: Sphinx, name: str, obj: object, options: object, bases: list[Any]) -> None:
    """``autodoc-process-bases``: put the class a base's forward-referenced type argument
    names in its place, where the package defines exactly one of that name."""
    for index, base in enumerate(bases):
        origin, arguments = get_origin(base), get_args(base)
        if origin is None or not any(isinstance(a, ForwardRef) for a in arguments):
            continue
        resolved = [
            (defining_class(a.__forward_arg__) or a) if isinstance(a, ForwardRef) else a
            for a in arguments
        ]
        try:
            bases[index] = origin[tuple(resolved)]
        except TypeError:  # the origin takes no arguments again: the base stays as written
            continue


def connect_bases(app: Sphinx) -> None:
    """``builder-inited``: resolve bases when the build documents code with autodoc."""
    if "sphinx.ext.autodoc" in app.extensions:
        app.connect("autodoc-process-bases", resolve_bases)
