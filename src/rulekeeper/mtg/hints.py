"""The "did you mean" for card names the card index does not know, as list checks give it.

``deck check`` and ``cube check`` both report every unknown name of a list, and suggest the
closest real name for the first :data:`SUGGESTED_NAMES` distinct ones. Each search compares
the name with every card name (:meth:`~rulekeeper.mtg.carddb.CardIndex.suggest`), so a list
of nothing but unknown names, at the size limit, would take minutes if each got one; the cap
keeps such a list to seconds, and every name is still reported.

>>> from rulekeeper.mtg.carddb import card_index
>>> from rulekeeper.mtg.hints import NameHints
>>> hints = NameHints(card_index())
>>> hints.hint("Lightning Blot"), hints.hint("lightning  blot"), hints.searched
("; did you mean 'Lightning Bolt'?", "; did you mean 'Lightning Bolt'?", 1)
>>> NameHints(card_index(), limit=0).hint("Lightning Blot")
''
"""

from __future__ import annotations

from typing import Final

from rulekeeper.mtg.carddb import CardIndex, name_key

SUGGESTED_NAMES: Final[int] = 20
"""How many distinct unknown names of one list get a "did you mean" suggestion. A list with a
few typos gets one for each; a list with more unknown names than this is most likely not a list
for the format at all (another format's, or the wrong file), where a guess per line would bury
the other problems and, at the size limit, take minutes. Later unknown names are still
reported."""


class NameHints:
    """The "did you mean" of one list's unknown names: each distinct name (as the card index
    spells names alike) is searched for once, and only the first ``limit`` are searched."""

    def __init__(self, cards: CardIndex, limit: int = SUGGESTED_NAMES) -> None:
        self.cards = cards
        self.limit = limit
        self._hints: dict[str, str] = {}

    @property
    def searched(self) -> int:
        """How many names have been searched for so far (at most ``limit``)."""
        return len(self._hints)

    def hint(self, name: str) -> str:
        """``"; did you mean 'Name'?"`` for an unknown ``name``, or ``""`` if no card name is
        close or the list has used up its searches."""
        key = name_key(name)
        if key not in self._hints and len(self._hints) < self.limit:
            suggestions = self.cards.suggest(name, limit=1)
            self._hints[key] = f"; did you mean {either(suggestions)}?" if suggestions else ""
        return self._hints.get(key, "")


def either(names: list[str]) -> str:
    """Quoted names for a message: ``'A'``, or ``'A', 'B' or 'C'``."""
    quoted = [quote(name) for name in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def quote(name: str) -> str:
    """Quote a card name for a message; names with control characters are escaped."""
    return f"'{name}'" if name.isprintable() else repr(name)
