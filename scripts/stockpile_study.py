"""Play seeded Stockpile Draft bot games and write what the design study plots.

The study page (``docs/rules/stockpile-study.md``) draws its plots from the file this writes,
so the docs build never plays a game. ``nox -s stockpile-study`` runs it::

    python scripts/stockpile_study.py --games 100 --out docs/rules/stockpile_study.json

It reads only what every version of the format logs and shows, so the same script measured
the rules before the redesign (the ``old`` entry of the results file, kept as measured).
For each table size from two to eight players it plays ``--games`` games from seeds 0 up with
the heuristic bots, on every core, and keeps per game: how the game ended (the rule), its
rounds, the acquisitions, draws and empty draws, the Junk that left and joined decks, at the
start of every round each standing player's deck (the cards they own still in the game) and
draw pile (their library), and who played first and who won, by seat.

Win rates by seat need more games than the rest to mean anything (at eight players, 100 games
leave a seat's share uncertain by about three points), so ``--seat-games`` games are played at
each table size, and only the first ``--games`` are kept whole; the others keep only the table
size, the first player and the winners (the ``seats`` list: ``[players, first, [winners]]``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rulekeeper.cli.rounds import RoundCounter
from rulekeeper.engine.agents import play
from rulekeeper.games import FORMATS

PLAYERS = range(2, 9)
PAID = re.compile(r"pays \{(\d+)\}")


def play_one(job: tuple[int, int]) -> dict[str, Any]:
    """Play the game of ``seed`` at ``players`` and measure it."""
    players, seed = job
    entry = FORMATS["stockpile"]
    game: Any = entry.new_game(seed, players)
    agents = [entry.agents["heuristic"](seed * 101 + seat) for seat in range(players)]
    first = game.first_player
    counter = RoundCounter()
    samples: dict[int, list[tuple[int, int]]] = {}

    def watch(game: Any, action: Any) -> None:
        counter(game)
        if game.turn not in samples:
            samples[game.turn] = _sample(game)

    outcome = play(game, agents, on_action=watch)
    rounds = counter.round_of
    last_round = counter.rounds
    per_round: dict[str, list[int]] = {
        "acquisitions": [0] * last_round,
        "junk_returned": [0] * last_round,
        "junk_taken": [0] * last_round,
    }
    draws = empty = paid_for_junk = 0
    trigger = ""
    for event in game.log:
        round_index = rounds.get(event.turn, last_round) - 1
        text = event.text
        if "acquires" in text:
            per_round["acquisitions"][round_index] += 1
        if "returns a Junk" in text or "Junk card leaves" in text:
            per_round["junk_returned"][round_index] += 1
            match = PAID.search(text)
            paid_for_junk += int(match.group(1)) if match else 0
        if "takes a Junk" in text:
            per_round["junk_taken"][round_index] += 1
        if "draws for the turn" in text or "draws a card" in text:
            draws += 1
        if "draws nothing" in text:
            empty += 1
        if "this round is the last" in text:
            trigger = "landpile" if "landpile" in text else "stockpiles"
    deck: list[float] = []
    library: list[float] = []
    seen_rounds: set[int] = set()
    for turn in sorted(samples):
        if turn not in rounds or rounds[turn] in seen_rounds or not samples[turn]:
            continue
        seen_rounds.add(rounds[turn])
        deck.append(statistics.fmean(d for d, _ in samples[turn]))
        library.append(statistics.fmean(lib for _, lib in samples[turn]))
    return {
        "players": players,
        "seed": seed,
        "ending": outcome.reason_rule,
        "trigger": trigger,
        "winners": len(outcome.winners),
        "first": first,
        "won": list(outcome.winners),
        "turns": game.turn,
        "rounds": last_round,
        "draws": draws,
        "empty_draws": empty,
        "junk_paid": paid_for_junk,
        "deck": deck,
        "library": library,
        **per_round,
    }


def _sample(game: Any) -> list[tuple[int, int]]:
    """Each standing player's deck size (the cards they own still in the game) and library."""
    owned: Counter[int] = Counter(
        c.owner for c in game.table.cards if c.owner >= 0 and game.table.where[c.id] != "left"
    )
    return [
        (owned[p.index], len(game.table.zones[f"library:{p.index}"]))
        for p in game.table.players
        if not p.lost
    ]


def study(games: int, workers: int) -> list[dict[str, Any]]:
    """Every game of the study, in the order of the jobs (the same on any number of cores)."""
    jobs = [(players, seed) for players in PLAYERS for seed in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_one, jobs, chunksize=4))


def seats_of(played: list[dict[str, Any]]) -> list[list[Any]]:
    """Each game's table size, first player and winners, by seat: all the win rates by seat
    and by turn order need."""
    return [[game["players"], game["first"], game["won"]] for game in played]


def main() -> None:
    """Measure, and write or extend the results file under the key ``--label``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per table size")
    parser.add_argument(
        "--seat-games", type=int, default=400, help="games per table size for the win rates by seat"
    )
    parser.add_argument("--label", default="new", help="the entry to write: old or new")
    parser.add_argument("--out", type=Path, required=True, help="the results file")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    results = json.loads(args.out.read_text()) if args.out.exists() else {}
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    played = study(max(args.games, args.seat_games), args.workers)
    results[args.label] = {
        "commit": commit,
        "games_per_table": args.games,
        "seeds": f"0 to {args.games - 1}",
        "games": [game for game in played if game["seed"] < args.games],
        "seat_games_per_table": args.seat_games,
        "seats": seats_of([game for game in played if game["seed"] < args.seat_games]),
    }
    args.out.write_text(json.dumps(results, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
