"""Seeded chance with outcomes that examples and tests can script.

Every shuffle, die roll and random pick in a game goes through the game's own :class:`Chance`,
never through the global :mod:`random`, so the same seed and the same actions give the same
game. A worked example can decide the next outcome in the open:

>>> from rulekeeper.engine.chance import Chance
>>> chance = Chance(seed=7)
>>> chance.script("d20", 20)
>>> chance.roll(20, kind="d20")
20
>>> cards = ["a", "b", "c"]
>>> chance.script("shuffle", "keep")
>>> chance.shuffle(cards)
>>> cards
['a', 'b', 'c']
"""

from __future__ import annotations

import _random
import random
from collections import deque
from collections.abc import MutableSequence
from typing import Any, Final, TypeVar

from rulekeeper.errors import InputError, SerializationError

T = TypeVar("T")
Outcome = int | str | list[int]
"""A scripted outcome: a number, ``"keep"`` for a shuffle that keeps the order, or a permutation."""


def shuffle_as_random_does(rng: random.Random, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would, draw for draw.

    A game shuffles hundreds of times, and the standard library's shuffle is Python code the
    compiled engine cannot speed up (speed guide). This is the same algorithm (Fisher and Yates',
    each swap's index below ``i + 1`` drawn from ``getrandbits`` with as many bits as ``i + 1``
    has, a draw too large drawn again), so a seed gives the same order as ever;
    ``tests/test_chance.py`` checks it.
    """
    # A list is shuffled where it is, anything else in a copy that is put back at the end (the
    # same order either way).
    order = items if isinstance(items, list) else list(items)
    getrandbits = rng.getrandbits
    bits = len(order).bit_length()
    half = 1 << (bits - 1) if bits else 0  # the least number with as many bits as bound
    for i in range(len(order) - 1, 0, -1):
        bound = i + 1
        if bound < half:  # keeps bits == bound.bit_length() as the bound shrinks
            bits -= 1
            half >>= 1
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]
    if order is not items:
        items[:] = order


def seeded_random(seed: int) -> random.Random:
    """``random.Random(seed)``, in the same state, made without running Python code.

    ``random.Random(seed)`` runs ``Random.__init__`` and ``Random.seed``, written in Python,
    which cost a game that is over in a few million instructions more than the seeding itself.
    For an int seed they come down to the generator's own ``seed`` (in C) and clearing
    ``gauss_next``, which is all this does; ``tests/test_chance.py`` checks the two draw alike.
    """
    rng = random.Random.__new__(random.Random)  # not seeded yet: __init__ would seed it
    _random.Random.seed(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


MAX_SEED: Final[int] = 2**64 - 1
"""The largest seed: a seed is a whole number from 0 to 2**64 - 1, the range a save records
(the chance schema). Python's generator would take any integer, but it seeds with the absolute
value, so ``-7`` would deal as ``7`` does; a seed outside the range is refused instead."""


def check_seed(seed: int) -> int:
    """Return ``seed`` if a game may start from it (0 to :data:`MAX_SEED`).

    >>> from rulekeeper.engine.chance import check_seed
    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    rulekeeper.errors.InputError: a seed is a whole number from 0 to 18446744073709551615, not -1

    :raises InputError: if it is negative or larger than :data:`MAX_SEED`.
    """
    if not 0 <= seed <= MAX_SEED:
        raise InputError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    return seed


class Chance:
    """A game's source of randomness: a private seeded RNG plus a queue of scripted outcomes.

    :raises InputError: if ``seed`` is not from 0 to :data:`MAX_SEED` (:func:`check_seed`).
    """

    def __init__(self, seed: int) -> None:
        self.seed = check_seed(seed)
        self._rng = seeded_random(seed)
        self._scripted: dict[str, deque[Outcome]] = {}

    def __repr__(self) -> str:
        pending = sum(len(queue) for queue in self._scripted.values())
        return f"<Chance seed={self.seed} scripted={pending}>"

    def script(self, kind: str, *outcomes: Outcome) -> None:
        """Queue outcomes for the next random events of ``kind`` (``"shuffle"``, ``"d20"``, ...)."""
        self._scripted.setdefault(kind, deque()).extend(outcomes)

    def _next_scripted(self, kind: str) -> Outcome | None:
        queue = self._scripted.get(kind)
        if not queue:
            return None
        outcome = queue.popleft()
        if not queue:
            del self._scripted[kind]
        return outcome

    def shuffle(self, items: MutableSequence[T], kind: str = "shuffle") -> None:
        """Shuffle ``items`` in place.

        A scripted ``"keep"`` leaves the order alone; a scripted permutation ``[2, 0, 1]`` puts
        the item at index 2 first, then 0, then 1.

        :raises ValueError: if a scripted permutation does not fit ``items``.
        """
        outcome = self._next_scripted(kind)
        if outcome is None:
            shuffle_as_random_does(self._rng, items)
        elif outcome == "keep":
            return
        elif isinstance(outcome, list) and sorted(outcome) == list(range(len(items))):
            items[:] = [items[i] for i in outcome]
        else:
            raise ValueError(
                f"scripted {kind} outcome {outcome!r} is not a permutation of {len(items)} items"
            )

    def roll(self, sides: int, kind: str = "die") -> int:
        """Roll a die with ``sides`` faces, returning 1..sides.

        :raises ValueError: if a scripted outcome is not a face of the die.
        """
        outcome = self._next_scripted(kind)
        if outcome is None:
            return self._rng.randint(1, sides)
        if not isinstance(outcome, int) or not 1 <= outcome <= sides:
            raise ValueError(f"scripted {kind} outcome {outcome!r} is not between 1 and {sides}")
        return outcome

    def pick(self, count: int, kind: str = "pick") -> int:
        """Pick an index in ``range(count)`` uniformly, e.g. for a random discard.

        :raises ValueError: if ``count`` is not positive or a scripted index is out of range.
        """
        if count <= 0:
            raise ValueError("cannot pick from nothing")
        outcome = self._next_scripted(kind)
        if outcome is None:
            return self._rng.randrange(count)
        if not isinstance(outcome, int) or not 0 <= outcome < count:
            raise ValueError(f"scripted {kind} outcome {outcome!r} is not an index below {count}")
        return outcome

    def to_json(self) -> dict[str, Any]:
        """The RNG's full state and any scripted outcomes, as JSON-ready data."""
        version, internal, gauss = self._rng.getstate()
        return {
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "scripted": {kind: list(queue) for kind, queue in sorted(self._scripted.items())},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chance:
        """Restore a :class:`Chance` saved by :meth:`to_json`.

        :raises SerializationError: if the data is not a saved RNG state.
        """
        try:
            chance = cls(int(data["seed"]))
            version, internal, gauss = data["rng"]
            chance._rng.setstate((version, tuple(map(int, internal)), gauss))
            chance._scripted = {str(k): deque(v) for k, v in data["scripted"].items()}
        except (KeyError, TypeError, ValueError) as error:
            raise SerializationError(f"bad chance state: {error}") from None
        return chance
