"""Where the engine's objects are defined."""

from rulekeeper.rules import enforces


class Table:
    """A table of players."""

    @enforces("LV 1.1")
    def __init__(self) -> None:
        self.life = 30


def setup() -> Table:
    """Set up a table."""
    return Table()
