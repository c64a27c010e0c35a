"""The plots and tables of the Stockpile Draft design study, made from its results file.

``docs/conf.py`` calls :func:`write_study` before every build: it reads
``rules/stockpile_study.json`` (written by ``nox -s stockpile-study``; the build plays no game)
and writes SVG plots and a Markdown table into ``rules/_generated/``, which the study page
includes. The old rulings' results were measured once and are kept in the file as measured.

Drawing the plots (and importing matplotlib to do it) took about two seconds, most of an
incremental build, so the files are drawn again only when what they are made from changed:
the results file, this module or matplotlib's version (a stamp beside the files records them).
"""

from __future__ import annotations

import hashlib
import io
import json
import statistics
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from typing import Any

RESULTS = "stockpile_study.json"
OUT = "_generated"
PLAYERS = range(2, 9)
LABELS = {"old": "old rulings", "new": "new rulings"}
COLOURS = {"old": "#9e9e9e", "new": "#1f6fb2", "biased": "#c0504d"}
FILES = (
    "stockpile-endings.svg",
    "stockpile-length.svg",
    "stockpile-acquisitions.svg",
    "stockpile-deck.svg",
    "stockpile-junk.svg",
    "stockpile-seats.svg",
    "stockpile-study-table.md",
    "stockpile-seats-table.md",
)
"""What :func:`write_study` writes into ``rules/_generated/``."""
STAMP = ".stockpile-study.stamp"


def write_study(rules_dir: Path) -> bool:
    """Write the study's plots and table beside the results file in ``rules_dir``, unless the
    files there were made from the same inputs; return whether they were drawn."""
    source = (rules_dir / RESULTS).read_bytes()
    out = rules_dir / OUT
    stamp = out / STAMP
    inputs = hashlib.sha256(
        source + Path(__file__).read_bytes() + version("matplotlib").encode()
    ).hexdigest()
    made = all((out / name).is_file() for name in FILES)
    if made and stamp.is_file() and stamp.read_text(encoding="utf-8") == inputs:
        return False
    _draw(json.loads(source), out)
    stamp.write_text(inputs, encoding="utf-8")
    return True


def _draw(results: dict[str, Any], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # no display: files only
    # Reproducible SVGs: the same results file makes the same files, byte for byte.
    matplotlib.rcParams.update(
        {"svg.hashsalt": "rulekeeper", "svg.fonttype": "none", "font.size": 9, "figure.dpi": 100}
    )
    out.mkdir(exist_ok=True)
    by_size = {
        label: {n: [g for g in entry["games"] if g["players"] == n] for n in PLAYERS}
        for label, entry in results.items()
        if "games" in entry  # the bots before the seat fix left only their seats
    }
    _endings(by_size, out / "stockpile-endings.svg")
    _length(by_size, out / "stockpile-length.svg")
    _acquisitions(by_size, out / "stockpile-acquisitions.svg")
    _deck(by_size, out / "stockpile-deck.svg")
    _junk(by_size, out / "stockpile-junk.svg")
    _seats(results, out / "stockpile-seats.svg")
    _write_if_changed(out / "stockpile-study-table.md", _table(results, by_size).encode())
    _write_if_changed(out / "stockpile-seats-table.md", _seats_table(results).encode())


def _save(figure: Any, path: Path) -> None:
    figure.tight_layout()
    drawn = io.BytesIO()
    figure.savefig(drawn, format="svg", metadata={"Date": None})
    _plt().close(figure)
    _write_if_changed(path, drawn.getvalue())


def _plt() -> Any:
    """matplotlib's plotting module, imported only when the plots are drawn: it alone took
    half a second of every build."""
    import matplotlib.pyplot as plt

    return plt


def _write_if_changed(path: Path, content: bytes) -> None:
    """Write ``content`` unless the file already holds it: an unchanged file keeps its time, so
    that an incremental build does not read the study page again for nothing."""
    if not path.exists() or path.read_bytes() != content:
        path.write_bytes(content)


def _own_end_share(games: list[dict[str, Any]]) -> float:
    return 100 * sum(g["ending"].startswith("SD") for g in games) / len(games)


def _endings(by_size: dict[str, dict[int, list[dict[str, Any]]]], path: Path) -> None:
    figure, axes = _plt().subplots(figsize=(6.4, 3.2))
    width = 0.38
    for shift, label in ((-width / 2, "old"), (width / 2, "new")):
        shares = [_own_end_share(by_size[label][n]) for n in PLAYERS]
        axes.bar(
            [n + shift for n in PLAYERS], shares, width, label=LABELS[label], color=COLOURS[label]
        )
    axes.axhline(50, color="black", linewidth=0.8, linestyle="--", label="the target: half")
    axes.set_xlabel("players")
    axes.set_ylabel("games ended by SD 6.5 (%)")
    axes.set_ylim(0, 105)
    axes.legend(loc="center left", frameon=False)
    _save(figure, path)


def _length(by_size: dict[str, dict[int, list[dict[str, Any]]]], path: Path) -> None:
    figure, axes = _plt().subplots(figsize=(6.4, 3.2))
    for label in ("old", "new"):
        means = [statistics.fmean(g["rounds"] for g in by_size[label][n]) for n in PLAYERS]
        axes.plot(list(PLAYERS), means, marker="o", label=LABELS[label], color=COLOURS[label])
    axes.set_xlabel("players")
    axes.set_ylabel("mean rounds")
    axes.set_ylim(bottom=0)
    axes.legend(frameon=False)
    _save(figure, path)


def _mean_by_round(games: list[dict[str, Any]], key: str, divide: int = 1) -> list[float]:
    """The mean of ``key`` in each round over the games that reached it."""
    longest = max(len(g[key]) for g in games)
    means = []
    for index in range(longest):
        values = [g[key][index] / divide for g in games if len(g[key]) > index]
        if len(values) < len(games) / 4:
            break  # too few games this long to say anything
        means.append(statistics.fmean(values))
    return means


def _acquisitions(by_size: dict[str, dict[int, list[dict[str, Any]]]], path: Path) -> None:
    figure, axes = _plt().subplots(1, 2, figsize=(6.4, 3.0), sharey=True)
    for side, players in zip(axes, (4, 8), strict=True):
        for label in ("old", "new"):
            means = _mean_by_round(by_size[label][players], "acquisitions", players)
            side.plot(range(1, len(means) + 1), means, label=LABELS[label], color=COLOURS[label])
        side.set_title(f"{players} players")
        side.set_xlabel("round")
    axes[0].set_ylabel("acquisitions a player makes, per round")
    axes[0].legend(frameon=False)
    _save(figure, path)


def _deck(by_size: dict[str, dict[int, list[dict[str, Any]]]], path: Path) -> None:
    _two_series(
        by_size, ("deck", "deck"), ("library", "draw pile"), "cards, at the start of a round", path
    )


def _junk(by_size: dict[str, dict[int, list[dict[str, Any]]]], path: Path) -> None:
    _two_series(
        by_size,
        ("junk_returned", "returned"),
        ("junk_taken", "taken"),
        "Junk cards, per round, whole table",
        path,
    )


def _two_series(
    by_size: dict[str, dict[int, list[dict[str, Any]]]],
    solid: tuple[str, str],
    dashed: tuple[str, str],
    ylabel: str,
    path: Path,
) -> None:
    """Two measures by round (key and legend word each), solid and dashed, old and new, at four
    and at eight players."""
    figure, axes = _plt().subplots(1, 2, figsize=(6.4, 3.0), sharey=True)
    for side, players in zip(axes, (4, 8), strict=True):
        for label in ("old", "new"):
            games = by_size[label][players]
            for (key, word), style in ((solid, "-"), (dashed, "--")):
                means = _mean_by_round(games, key)
                side.plot(
                    range(1, len(means) + 1),
                    means,
                    color=COLOURS[label],
                    linestyle=style,
                    label=f"{word}, {LABELS[label]}",
                )
        side.set_title(f"{players} players")
        side.set_xlabel("round")
    axes[0].set_ylabel(ylabel)
    axes[0].legend(frameon=False, fontsize=7)
    _save(figure, path)


def _table(results: dict[str, Any], by_size: dict[str, dict[int, list[dict[str, Any]]]]) -> str:
    """The study's numbers, one row per table size, old and new side by side."""
    # Two narrow tables rather than one wide one, so that each fits a phone's column.
    rows = [
        "| players | ended by SD 6.5, old / new | mean rounds, old / new |",
        "|---|---|---|",
    ]
    for n in PLAYERS:
        old, new = by_size["old"][n], by_size["new"][n]
        rows.append(
            f"| {n} | {_own_end_share(old):.0f}% / {_own_end_share(new):.0f}% "
            f"| {_mean(old, 'rounds'):.1f} / {_mean(new, 'rounds'):.1f} |"
        )
    rows += [
        "",
        "| players | empty draws, old / new | Junk returned / taken, new | paid for Junk, new |",
        "|---|---|---|---|",
    ]
    for n in PLAYERS:
        old, new = by_size["old"][n], by_size["new"][n]
        rows.append(
            f"| {n} | {_empty(old):.1f}% / {_empty(new):.1f}% "
            f"| {_sum_mean(new, 'junk_returned'):.1f} / {_sum_mean(new, 'junk_taken'):.1f} "
            f"| {_mean(new, 'junk_paid'):.1f} mana |"
        )
    rows += ["", *_targets(by_size)]
    triggers = Counter(g.get("trigger") or "elimination" for g in results["new"]["games"])
    ended = ", ".join(f"{cause} {count}" for cause, count in triggers.most_common())
    games = len(results["new"]["games"])
    return (
        "\n".join(rows)
        + f"\n\nWhat began the end of the {games} games under the new rulings: {ended}.\n"
        + f"\nOld rulings measured at commit `{results['old']['commit']}`, new at "
        f"`{results['new']['commit']}`; seeds {results['new']['seeds']} at each table size.\n"
    )


def _mean(games: list[dict[str, Any]], key: str) -> float:
    return statistics.fmean(g[key] for g in games)


def _sum_mean(games: list[dict[str, Any]], key: str) -> float:
    return statistics.fmean(sum(g[key]) for g in games)


def _empty(games: list[dict[str, Any]]) -> float:
    return 100 * sum(g["empty_draws"] for g in games) / max(1, sum(g["draws"] for g in games))


def _targets(by_size: dict[str, dict[int, list[dict[str, Any]]]]) -> list[str]:
    """The redesign's targets, each with the measurement that answers it."""
    new, old = by_size["new"], by_size["old"]
    own = min(_own_end_share(new[n]) for n in PLAYERS if n >= 3)
    empty = max(_empty(new[n]) for n in PLAYERS)
    four, eight = _mean(new[4], "rounds"), _mean(new[8], "rounds")
    before = _mean(old[4], "rounds")
    return [
        "The targets of the redesign, and what the games measured:",
        "",
        f"- the format's own end decides at least half the games at every table size from three "
        f"players up: at least {own:.0f}% of them;",
        f"- a draw rarely comes up empty: at most {empty:.1f}% of the draws for the turn, at any "
        "table size;",
        f"- a game of four lasts no more rounds than before: {four:.1f} rounds, against "
        f"{before:.1f};",
        f"- a game of eight is not much longer than a game of four: {eight:.1f} rounds, against "
        f"{four:.1f}.",
    ]


# Seats.

SEAT_LABELS = {"biased": "bots before the seat fix", "new": "after the fix"}
"""The entries whose win rates by seat are compared: the bots before and after the fix."""


def win_shares(results: dict[str, Any], label: str, players: int, by: str) -> list[float]:
    """Each position's share of the games won (%), by ``seat`` (Player 1 first) or by
    ``order`` (the first player first), at ``players``; a shared win counts a part to each
    winner, and a game nobody won counts to nobody."""
    games = [(first, won) for size, first, won in results[label]["seats"] if size == players]
    shares = [0.0] * players
    for first, won in games:
        for seat in won:
            position = seat if by == "seat" else (seat - first) % players
            shares[position] += 1 / len(won)
    return [100 * share / max(1, len(games)) for share in shares]


def _seats(results: dict[str, Any], path: Path) -> None:
    """Win rates by seat and by turn order, at four and at eight players, before and after
    the bots' fix, with the fair share marked."""
    figure, axes = _plt().subplots(2, 2, figsize=(6.4, 5.0), sharey=True)
    width = 0.38
    for row, (by, word) in enumerate((("seat", "seat"), ("order", "place in turn order"))):
        for column, players in enumerate((4, 8)):
            side = axes[row][column]
            places = range(1, players + 1)
            for shift, label in zip((-width / 2, width / 2), SEAT_LABELS, strict=True):
                shares = win_shares(results, label, players, by)
                side.bar(
                    [n + shift for n in places],
                    shares,
                    width,
                    label=SEAT_LABELS[label],
                    color=COLOURS[label],
                )
            side.axhline(100 / players, color="black", linewidth=0.8, linestyle="--")
            side.set_xticks(list(places))
            side.set_title(f"{players} players, by {word}")
    for side in axes[:, 0]:
        side.set_ylabel("games won (%)")
    axes[0][0].legend(frameon=False, fontsize=7)
    _save(figure, path)


def _seats_table(results: dict[str, Any]) -> str:
    """At each table size: the lowest and the highest seat's win rate, before and after the
    fix, and the first and the last player's in turn order, after it."""
    # Four narrow columns, so that the table fits a phone's column.
    rows = [
        "| players (fair share) | by seat, lowest to highest, before the fix "
        "| by seat, after | first to last in turn order, after |",
        "|---|---|---|---|",
    ]
    for n in PLAYERS:
        before = win_shares(results, "biased", n, "seat")
        after = win_shares(results, "new", n, "seat")
        order = win_shares(results, "new", n, "order")
        rows.append(
            f"| {n} ({100 / n:.1f}%) | {min(before):.1f} to {max(before):.1f}% "
            f"| {min(after):.1f} to {max(after):.1f}% | {order[0]:.1f} to {order[-1]:.1f}% |"
        )
    before, after = results["biased"], results["new"]
    return (
        "\n".join(rows)
        + f"\n\n{after['seat_games_per_table']} games at each table size, seeds 0 to "
        f"{after['seat_games_per_table'] - 1}: the bots before the fix at commit "
        f"`{before['commit']}`, after it at `{after['commit']}`.\n"
    )
