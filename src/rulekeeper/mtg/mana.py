"""Mana costs and paying them from basic lands (MG 3.2, MG 3.3).

>>> from rulekeeper.mtg.mana import ManaCost
>>> cost = ManaCost.parse("{2}{R}{R}")
>>> cost
ManaCost(generic=2, colored='RR')
>>> cost.mana_value
4
>>> cost.payment(["R", "G", "R", "W"])  # one mana-producing land each, in order
[0, 2, 1, 3]
>>> ManaCost.parse("{U}").payment(["R", "G"]) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

_SYMBOL = re.compile(r"\{([^}]*)\}")


@dataclass(frozen=True)
class ManaCost:
    """A mana cost of generic mana plus coloured symbols (``W``, ``U``, ``B``, ``R``, ``G``)."""

    generic: int = 0
    colored: str = ""

    # Spelled out (speed guide, "A compiled engine").
    def __init__(self, generic: int = 0, colored: str = "") -> None:
        object.__setattr__(self, "generic", generic)
        object.__setattr__(self, "colored", colored)

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse a cost such as ``"{3}{W}{W}"``; the empty string is a cost of nothing.

        :raises ValueError: for symbols the compact model does not support (hybrid, X, ...).
        """
        generic, colored = 0, []
        leftover = _SYMBOL.sub("", text).strip()
        if leftover:
            raise ValueError(f"not a mana cost: {text!r}")
        for symbol in _SYMBOL.findall(text):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol in ("W", "U", "B", "R", "G"):
                colored.append(symbol)
            else:
                raise ValueError(f"unsupported mana symbol {{{symbol}}} in {text!r}")
        return cls(generic, "".join(sorted(colored, key="WUBRG".index)))

    @property
    def mana_value(self) -> int:
        """The total amount of mana the cost asks for."""
        return self.generic + len(self.colored)

    def is_paid_by(self, colours: str, sources: int) -> bool:
        """Whether ``sources`` sources can pay this cost, where ``colours`` has a letter for
        each of them that makes a colour (``"RRG"``: two make red, one green): what
        ``payment(...) is not None`` answers for them, found by counting instead of choosing.

        Each coloured symbol needs a source of its colour, and generic mana takes any source
        left over (MG R2), so the counts settle it.

        >>> ManaCost.parse("{1}{R}{R}").is_paid_by("RRG", 3)
        True
        >>> ManaCost.parse("{1}{R}{R}").is_paid_by("RGG", 3)
        False

        :enforces: MG 3.3, MG R2
        """
        colored = self.colored
        if sources < self.generic + len(colored):
            return False
        return all(colored.count(symbol) <= colours.count(symbol) for symbol in colored)

    def payment(
        self, sources: list[str], wanted: Mapping[str, int] | None = None
    ) -> list[int] | None:
        """Choose which sources pay this cost, or return ``None`` if they cannot.

        ``sources`` lists the colour each untapped land makes; ``wanted`` says, for a colour,
        how many lands of it the player wants to keep for later (MG R2: the most symbols of
        that colour any other spell in their hand asks for). Coloured symbols are paid first,
        each from the first source of its colour. Generic mana is then paid one source at a
        time from the colour with the most lands to spare (its sources left minus ``wanted``),
        a colour this cost does not use first on a tie, then the first such source, so the
        choice is deterministic and strands no colour the hand needs that it could keep.

        >>> ManaCost.parse("{2}{U}").payment(["U", "U", "U", "R"])  # nothing kept
        [0, 1, 3]
        >>> ManaCost.parse("{2}{U}").payment(["U", "U", "U", "R"], {"R": 1})  # one R kept
        [0, 1, 2]

        :enforces: MG 3.2, MG R2
        """
        if len(sources) < self.generic + len(self.colored):
            return None  # too few sources for any choice: the common answer, found at once
        used: list[int] = []
        free = list(range(len(sources)))  # in order, and it stays so as sources are used
        colored = self.colored
        for symbol in colored:
            for i in free:
                if sources[i] == symbol:
                    free.remove(i)
                    used.append(i)
                    break
            else:
                return None
        generic = self.generic
        if generic > len(free):
            return None
        if generic == len(free):
            return used + free  # every source left pays: nothing to choose
        spare: dict[str, int] = {}
        for i in free:
            spare[sources[i]] = spare.get(sources[i], 0) + 1
        if wanted:
            for colour, count in wanted.items():
                if colour in spare:
                    spare[colour] -= count
        for _ in range(generic):
            # The colour with most to spare; a tie goes to one this cost does not use, then to
            # the colour whose first source comes first.
            best = max(free, key=lambda i: (spare[sources[i]], sources[i] not in colored, -i))
            free.remove(best)
            used.append(best)
            spare[sources[best]] -= 1
        return used
