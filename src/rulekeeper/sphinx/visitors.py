"""What the builders that do not write HTML do with the extension's own nodes.

Sphinx looks a node's visitor up by the builder's name, then by its format. The builders that
write HTML (``html``, ``dirhtml``, ``singlehtml``, ``epub``, ``json``, ...) share the ``html``
visitors; the XML builders show any node as it is; every other writer Sphinx has needs a visitor
for each node, or it stops (``man``) or warns (``texinfo``) at the first one it does not know.
So each node the extension leaves in a document registers, beside its HTML visitor, what every
one of :data:`OTHER_WRITERS` does with it (:func:`add_node`): :data:`SKIPPED` or
:data:`CONTENTS_ONLY`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

OTHER_WRITERS = ("text", "latex", "man", "texinfo")
"""The formats of Sphinx's builders whose writers need a visitor for every node."""


def _skip(self: Any, node: nodes.Node) -> None:
    """Leave the node and what it holds out."""
    raise nodes.SkipNode


def _contents(self: Any, node: nodes.Node) -> None:
    """Write what the node holds, as the writer writes it, and nothing of the node itself."""


Visitor = Callable[..., None]
"""A visitor or departure: a function of the writer and the node."""


SKIPPED: tuple[Visitor, Visitor | None] = (_skip, None)
"""Every other writer leaves the node out (a button, a folded list)."""

CONTENTS_ONLY: tuple[Visitor, Visitor | None] = (_contents, _contents)
"""Every other writer writes what the node holds."""


def add_node(
    app: Sphinx,
    node: type[nodes.Element],
    html: tuple[Visitor, Visitor | None],
    others: tuple[Visitor, Visitor | None],
) -> None:
    """Register ``node`` with its HTML visitor and with ``others`` for each of
    :data:`OTHER_WRITERS`."""
    app.add_node(node, html=html, text=others, latex=others, man=others, texinfo=others)
