"""Games per second for every registered format: ``python -m rulekeeper.bench``.

Run through ``nox -s bench``, which also times the docs build. Each format plays random
against random from consecutive seeds for a fixed wall-clock budget on one core; the figure is
complete games divided by elapsed time. It is a measurement, not a test: nothing fails on a
slow machine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from rulekeeper.engine.agents import RandomAgent, play
from rulekeeper.games import FORMATS, GameFormat


def games_per_second(entry: GameFormat, seconds: float, players: int) -> tuple[int, float]:
    """Play random games of ``entry`` for about ``seconds``; return (games, games per second)."""
    games, seed = 0, 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds or games == 0:
        game = entry.new_game(seed, players)
        play(game, [RandomAgent(seed * 7 + seat) for seat in range(players)])
        games, seed = games + 1, seed + 1
    return games, games / elapsed


def main(argv: Sequence[str] | None = None) -> int:
    """Print games per second for each format and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per measurement")
    args = parser.parse_args(argv)
    for entry in FORMATS.values():
        low, high = entry.players
        for players in range(low, high + 1):
            games, rate = games_per_second(entry, args.seconds, players)
            print(
                f"{entry.name}: {rate:.1f} games/s ({games} random-vs-random games, "
                f"{players} players)",
                flush=True,
            )
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
