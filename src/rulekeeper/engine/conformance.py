"""The conformance suite: many seeded random playouts of a format, checked at every step.

Modelled on OpenSpiel's random-simulation tests. At every step of every game it checks that
the legal actions are non-empty, deterministic and unique, and are the list that applying the
previous action returned where it returned one (what
:func:`~rulekeeper.engine.agents.play` hands the next agent); that every legal action has a
text of its own in the format's notation, which parses back to it
(:func:`~rulekeeper.engine.notation.round_trip_problems`); that every card is in exactly
one zone and none appears or vanishes; that the lazy legal actions answer as their list
(whether an action is among them, and which is the only one); and that the format's own
invariants hold. Given the
format's position notation, it checks at sampled steps (every step in the soak run) that a
position's text builds a game that writes the same text and offers the same legal moves
(:func:`~rulekeeper.engine.position.round_trip_problems`). Every few
steps it saves the game to JSON and carries on with the restored copy, and tries an action that
is not legal now, which must be rejected with a rule ID and leave the state unchanged. At the
end it replays the same seed and actions and requires the identical log.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rulekeeper.engine.game import Action, Game
from rulekeeper.engine.notation import Notation, Vocabulary, round_trip_problems
from rulekeeper.engine.position import PositionForm
from rulekeeper.engine.position import round_trip_problems as position_problems
from rulekeeper.engine.table import GONE
from rulekeeper.errors import IllegalActionError
from rulekeeper.rules import parse_rule_id

PROBE_EVERY = 17  # a prime, so probes fall on every kind of step over a game


@dataclass
class GameRun:
    """One checked playout."""

    seed: int
    players: int
    actions: list[Action] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    result: str = ""


@dataclass
class Report:
    """The totals of a conformance run over one format."""

    format: str
    games: int = 0
    actions: int = 0
    violations: list[str] = field(default_factory=list)
    results: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        """True if no invariant was broken."""
        return not self.violations


def check_game(
    new_game: Callable[[int, int], Game],
    invariants: Callable[[Game], list[str]],
    seed: int,
    players: int,
    vocabulary: Vocabulary | None = None,
    positions: PositionForm | None = None,
    position_every: int = 1,
) -> GameRun:
    """Play one random game from ``seed`` and check it at every step; with the format's
    ``vocabulary``, check the notation's round trip at every step too (every legal action
    has its own text, which parses back to it); with its ``positions`` too, check the
    position's round trip at the first step the form covers once ``position_every`` steps
    have gone by since the last check (1: at every step it covers)."""
    run = GameRun(seed, players)
    since_position = position_every
    rng = random.Random(seed)
    game = new_game(seed, players)
    all_cards = sorted(i for ids in game._zones().values() for i in ids)
    seen: list[Action] = []
    listed: list[Action] | None = None  # what applying the last action said comes next
    step = 0
    while game.outcome is None:
        step += 1
        actions = list(game.legal_actions())
        problems = _check_step(game, actions, all_cards) + invariants(game)
        if vocabulary is not None:
            problems += round_trip_problems(game, vocabulary)
        since_position += 1
        if positions is not None and since_position >= position_every and positions.covers(game):
            since_position = 0
            problems += position_problems(game, positions, _move_texts(vocabulary))
        if listed is not None and listed != actions:
            problems.append("the legal actions applying the last action gave are not the list")
        run.violations += [f"seed {seed} step {step}: {p}" for p in problems]
        if problems or not actions:
            return run
        if step % PROBE_EVERY == 0:
            problems = _lazy_problems(game, actions, seen[-PROBE_EVERY:])
            run.violations += [f"seed {seed} step {step}: {p}" for p in problems]
            game = _round_trip(game, run, step)
            run.violations += _probe_illegal(game, actions, seen, rng, seed, step)
        action = actions[rng.randrange(len(actions))]
        seen.append(action)
        run.actions.append(action)
        listed = game._apply_listing(action)
    run.result = str(game.outcome)
    replay = new_game(seed, players)
    for action in run.actions:
        replay.apply(action)
    if list(replay.log) != list(game.log):
        run.violations.append(f"seed {seed}: replaying the same actions gave a different log")
    return run


def _move_texts(vocabulary: Vocabulary | None) -> Callable[[Game], list[str]]:
    """How the position check reads a game's legal moves: in the notation, or without one
    only by how many there are."""
    if vocabulary is None:
        return lambda game: [str(len(game.legal_actions()))]
    return lambda game: [move.text for move in Notation(game, vocabulary).moves()]


def _check_step(game: Game, actions: list[Action], all_cards: list[int]) -> list[str]:
    problems = []
    if not actions:
        problems.append("no legal action while the game is not over")
    if actions != game.legal_actions():
        problems.append("legal actions differ between two calls")
    if len(set(actions)) != len(actions):
        problems.append("legal actions contain duplicates")
    zones = game._zones()
    placed = sorted(i for ids in zones.values() for i in ids)
    # A card that became a new object left its old ID in GONE and took the next one unused
    # (Table.renumber): each new ID follows every other, one for each ID gone.
    fresh = min(max(len(placed) - len(all_cards), 0), len(zones.get(GONE, ())))
    top = all_cards[-1] + 1 if all_cards else 0
    if placed != all_cards + list(range(top, top + fresh)):
        counts = Counter(placed)
        doubled = sorted(i for i, n in counts.items() if n > 1)
        missing = sorted(set(all_cards) - set(placed))
        problems.append(f"cards out of place: in two zones {doubled}, missing {missing}")
    return problems


def _lazy_problems(game: Game, actions: list[Action], earlier: list[Action]) -> list[str]:
    """Where the lazy legal actions, asked before they are listed, answer otherwise than
    their list ``actions``: whether each of them and each ``earlier`` action is among them, and
    which is the only one."""
    problems = []
    for action in [*actions, *earlier]:
        if (action in game.legal_actions()) != (action in actions):
            problems.append(f"the legal actions disagree with their list about {action!r}")
    only = game.legal_actions().only
    if only != (actions[0] if len(actions) == 1 else None):
        problems.append(f"the only legal action is {only!r}, not what the list says")
    return problems


def _round_trip(game: Game, run: GameRun, step: int) -> Game:
    text = json.dumps(game.to_json(), sort_keys=True)
    restored = type(game).from_json(json.loads(text))
    if json.dumps(restored.to_json(), sort_keys=True) != text:
        run.violations.append(f"seed {run.seed} step {step}: JSON round trip changed the state")
    return restored


def _probe_illegal(
    game: Game, legal: list[Action], seen: list[Action], rng: random.Random, seed: int, step: int
) -> list[str]:
    candidates = [a for a in seen if a not in legal]
    if not candidates:
        return []
    action = candidates[rng.randrange(len(candidates))]
    before = game.dumps()
    try:
        game.apply(action)
    except IllegalActionError as error:
        problems = []
        try:
            parse_rule_id(error.rule)
        except ValueError:
            problems.append(f"seed {seed} step {step}: {action!r} rejected without a rule ID")
        if game.dumps() != before:
            problems.append(f"seed {seed} step {step}: rejecting {action!r} changed the state")
        return problems
    return [f"seed {seed} step {step}: illegal {action!r} was accepted"]


def check_format(
    new_game: Callable[[int, int], Game],
    invariants: Callable[[Game], list[str]],
    *,
    name: str,
    games: int,
    players: tuple[int, ...],
    first_seed: int = 0,
    progress: Callable[[int], None] | None = None,
    vocabulary: Vocabulary | None = None,
    positions: PositionForm | None = None,
    position_every: int = 1,
) -> Report:
    """Run ``games`` checked playouts from ``first_seed`` on, cycling through the player counts
    ``players``.

    The seed picks the table size, so a run split into blocks plays the same games as one run.
    """
    report = Report(name)
    for seed in range(first_seed, first_seed + games):
        number = seed - first_seed
        run = check_game(
            new_game,
            invariants,
            seed,
            players[seed % len(players)],
            vocabulary,
            positions,
            position_every,
        )
        report.games += 1
        report.actions += len(run.actions)
        report.violations += run.violations
        report.results[run.result.split(":")[0]] += 1
        if progress is not None:
            progress(number + 1)
    return report
