"""A tiny engine for the ``basic`` test project."""

from rulekeeper.rules import enforces

STARTING_LIFE = 30  # LV 2.1


@enforces("LV 2.1")
def starting_life() -> int:
    """Return the life total each player starts with."""
    return STARTING_LIFE


class Life:
    """A player's life total."""

    @enforces("LV 2.1")  # on a constructor: the class is what the API reference documents
    def __init__(self) -> None:
        self.total = STARTING_LIFE

    @enforces("LV 2.2", "lv 3.1")
    def lose(self, amount: int) -> None:
        """Lose ``amount`` life."""
        self.total -= amount
