"""Moves in plain words: every action has one canonical text, and the engine reads it back.

The notation is to the formats here what SAN is to chess. Each format supplies its
:class:`Vocabulary`, which words one action ("casts Sparkshot targeting Mire Lurker"); the
kernel adds the player's name, tells apart actions that would read alike, and parses a text
back into the legal action it names:

- the **canonical text** is what the engine writes: the acting player's name and the
  format's words, with a card written ``Name #ID`` only where two legal actions would
  otherwise read alike (two Ember Scouts in hand), as SAN adds a file only where two knights
  could reach the square;
- a **short form** is accepted where it names one legal action: case does not matter, the
  deciding player's name may be left out, and every word may be cut to a prefix
  ("cast spark" for "Alice casts Sparkshot targeting Mire Lurker"), trailing words
  included; copies of one card that differ only by their ``#ID`` are interchangeable, so the
  first is taken;
- a text that names no legal action raises :class:`IllegalMoveError` with the rule it would
  break, where the format can name one, or :class:`UnknownMoveError` with what it may have
  meant (scored with rapidfuzz); one that fits several raises :class:`AmbiguousMoveError`.

The notation only reads the game: it never changes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from rulekeeper.engine.events import Event
from rulekeeper.engine.game import Action, Game, PlayerId
from rulekeeper.errors import IllegalActionError, RulekeeperError

CardNamer = Callable[[int], str]
"""How a vocabulary writes a card given its ID: by name, or by name and ``#ID``."""

SUGGESTIONS = 3  # how many near misses an unknown move lists: enough to spot a typo
SUGGESTION_CUTOFF = 60  # rapidfuzz WRatio, 0 to 100; below it a guess helps nobody


class Vocabulary(Protocol):
    """A format's words for its actions."""

    def words(self, game: Game, action: Action, card: CardNamer) -> tuple[PlayerId, str]:
        """Who takes ``action`` and what they do, without their name ("buys Smithy"), with
        every card written by ``card``.

        :raises KeyError: if the action is not one of this format's.
        """
        ...

    def card_name(self, game: Game, card: int) -> str:
        """A card's name as the notation writes it."""
        ...

    def refusable(self, game: Game) -> Iterable[Action]:
        """Actions a person may well name now that the format does not weigh (a card they
        cannot afford, say), so that naming one is refused with the rule it breaks rather
        than as a text that names nothing."""
        ...


class MoveError(RulekeeperError):
    """A text names no single legal action. ``text`` is the text as given."""

    def __init__(self, text: str, message: str) -> None:
        self.text = text
        super().__init__(message)


class UnknownMoveError(MoveError):
    """A text names no action at all; ``suggestions`` are the legal moves it is closest to."""

    def __init__(self, text: str, suggestions: Iterable[str], *, whose: str = "") -> None:
        self.suggestions = list(suggestions)
        hint = f"; did you mean {_or(self.suggestions)}?" if self.suggestions else ""
        reason = f" ({whose})" if whose else ""
        super().__init__(text, f"no legal move reads {text!r}{reason}{hint}")


class AmbiguousMoveError(MoveError):
    """A text fits several legal actions; ``candidates`` are their canonical texts."""

    def __init__(self, text: str, candidates: Iterable[str]) -> None:
        self.candidates = list(candidates)
        super().__init__(text, f"{text!r} is ambiguous: it could be {_or(self.candidates)}")


class IllegalMoveError(IllegalActionError):
    """A text names an action that breaks a rule now. ``text`` is its canonical text."""

    def __init__(self, text: str, error: IllegalActionError) -> None:
        self.text = text
        super().__init__(error.rule, error.reason, action=text)


def _or(texts: list[str]) -> str:
    quoted = [repr(t) for t in texts]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """``text`` as the parser compares it: case folded, spaces collapsed, no final full stop.

    >>> normalise("  Alice   CASTS Sparkshot. ")
    'alice casts sparkshot'
    """
    return _SPACES.sub(" ", text.strip().rstrip(".")).strip().casefold()


def _fits(words: list[str], text: list[str]) -> bool:
    """Whether each of ``words`` starts the word of ``text`` in the same place; a card's
    ``#ID`` must be given whole, so that ``#1`` does not stand for ``#12``."""
    if len(words) > len(text):
        return False
    for given, full in zip(words, text, strict=False):
        if given.startswith("#") or full.startswith("#"):
            if given != full:
                return False
        elif not full.startswith(given):
            return False
    return True


_ID = re.compile(r" #\d+")


@dataclass(frozen=True)
class Move:
    """A legal action with its canonical text."""

    action: Action
    text: str


class Notation:
    """The notation of one game as it stands now; make a new one after every action.

    ``vocabulary`` is the format's words (see :func:`rulekeeper.notation.notation`, which
    finds it from the registry of formats).
    """

    def __init__(self, game: Game, vocabulary: Vocabulary) -> None:
        self.game = game
        self.vocabulary = vocabulary
        self._moves: list[Move] | None = None
        self._exact: dict[str, Action] | None = None

    # Writing.

    def _plain(self, card: int) -> str:
        return self.vocabulary.card_name(self.game, card)

    def _qualified(self, card: int) -> str:
        return f"{self.vocabulary.card_name(self.game, card)} #{card}"

    def _write(self, action: Action, card: CardNamer) -> str:
        player, words = self.vocabulary.words(self.game, action, card)
        return f"{self.game.player_names()[player]} {words}"

    def moves(self) -> list[Move]:
        """Every legal action with its canonical text, in the engine's order."""
        if self._moves is None:
            actions = self.game.legal_actions()
            texts = [self._write(a, self._plain) for a in actions]
            seen: dict[str, int] = {}
            for text in texts:
                seen[text] = seen.get(text, 0) + 1
            texts = [
                self._write(a, self._qualified) if seen[t] > 1 else t
                for a, t in zip(actions, texts, strict=True)
            ]
            self._moves = [Move(a, t) for a, t in zip(actions, texts, strict=True)]
        return self._moves

    def text(self, action: Action) -> str:
        """The canonical text of ``action``: as the legal moves write it if it is one of them,
        else with every card named plainly."""
        for move in self.moves():
            if move.action == action:
                return move.text
        return self._write(action, self._plain)

    # Reading.

    def parse(self, text: str) -> Action:
        """The legal action ``text`` names (see the module's description for short forms).

        :raises IllegalMoveError: if it names an action that breaks a rule now.
        :raises AmbiguousMoveError: if it fits several legal actions.
        :raises UnknownMoveError: if it names no action.
        """
        given = normalise(text)
        moves = self.moves()
        exact = self._exact
        if exact is None:
            exact = self._exact = {normalise(m.text): m.action for m in moves}
        names = [normalise(n) for n in self.game.player_names()]
        decider = names[self.game.current_player()] if self.game.outcome is None else ""
        readings = [given.split(" ")]
        if decider and not any(given.startswith(n + " ") for n in names):
            readings.append(f"{decider} {given}".split(" "))
        # A whole text wins over the longer ones it starts ("plays Copper" is not short for
        # "plays Copper using Way of the Ox").
        for reading in readings:
            whole = exact.get(" ".join(reading))
            if whole is not None:
                return whole
        found = [m for m in moves if any(_fits(r, normalise(m.text).split(" ")) for r in readings)]
        if found:
            plain = {_ID.sub("", m.text) for m in found}
            if len(found) == 1 or len(plain) == 1:  # one move, or copies of one card
                return found[0].action
            raise AmbiguousMoveError(text, [m.text for m in found])
        self._refuse(text, readings, names, decider)
        raise AssertionError("unreachable")  # pragma: no cover - _refuse always raises

    def _refuse(self, text: str, readings: list[list[str]], names: list[str], decider: str) -> None:
        """Raise the most useful error for a text that fits no legal move."""
        game = self.game
        if game.outcome is not None:
            raise IllegalMoveError(text, IllegalActionError(game.over_rule(), "the game is over"))
        # An action the format weighs now, or one a person may well name, that breaks a rule:
        # say which. A whole text is taken first, else the one action a short form fits.
        refused: dict[str, IllegalActionError] = {}
        for action in [*_considered(game), *self.vocabulary.refusable(game)]:
            try:
                game.check(action)
                continue  # legal after all (a move the texts above did not fit)
            except IllegalActionError as error:
                reason = error
            except (KeyError, IndexError, AttributeError):
                continue  # an action that means nothing here
            for card in (self._plain, self._qualified):
                try:
                    written = self._write(action, card)
                except (KeyError, IndexError, AttributeError):
                    break  # a candidate this vocabulary cannot word: skip it
                words = normalise(written).split(" ")
                if any(r == words for r in readings):
                    raise IllegalMoveError(written, reason)
                if any(_fits(r, words) for r in readings):
                    refused.setdefault(written, reason)
        if len({_ID.sub("", t) for t in refused}) == 1:
            written, reason = next(iter(refused.items()))
            raise IllegalMoveError(written, reason)
        # A move written for someone else: say whose decision it is.
        whose = ""
        shown = game.player_names()
        for index, name in enumerate(names):
            if name != decider and readings[0][: len(name.split(" "))] == name.split(" "):
                deciding = shown[game.current_player()]
                whose = f"it is {deciding}'s decision, not {shown[index]}'s"
        texts = [m.text for m in self.moves()]
        # Imported only here, where "did you mean" is asked: rapidfuzz is compiled, and the
        # engine imports and plays without compiled extensions.
        from rapidfuzz import fuzz, process

        near = process.extract(
            text, texts, scorer=fuzz.WRatio, limit=SUGGESTIONS, score_cutoff=SUGGESTION_CUTOFF
        )
        raise UnknownMoveError(text, [t for t, _, _ in near], whose=whose)


def _considered(game: Game) -> list[Action]:
    """The actions the format weighs now, legal or not (its candidates)."""
    try:
        return list(game._candidates())
    except Exception:
        return []


class Played(list[Event]):
    """The events one move caused; printed, they read as the log does."""

    def __repr__(self) -> str:
        return "\n".join(str(e) for e in self)


def push(game: Game, vocabulary: Vocabulary, text: str) -> Played:
    """Parse ``text`` and apply the action it names; return the events it caused.

    :raises MoveError: if the text names no single legal action.
    :raises IllegalMoveError: if it names one that breaks a rule.
    """
    action = Notation(game, vocabulary).parse(text)
    before = len(game.log)
    game.apply(action)
    return Played(game.log.since(before))


def round_trip_problems(game: Game, vocabulary: Vocabulary) -> list[str]:
    """What breaks the notation's round trip here: every legal action must have its own text,
    and that text must parse back to the action (the conformance suite asks at every step)."""
    notation = Notation(game, vocabulary)
    try:
        moves = notation.moves()
    except (KeyError, IndexError, AttributeError) as error:
        return [f"the notation cannot write a legal action: {error!r}"]
    problems = []
    texts = [normalise(m.text) for m in moves]
    if len(set(texts)) != len(texts):
        doubled = sorted({t for t in texts if texts.count(t) > 1})
        problems.append(f"two legal actions read alike: {doubled[0]!r}")
    for move in moves:
        try:
            parsed = notation.parse(move.text)
        except RulekeeperError as error:
            problems.append(f"{move.text!r} does not parse back: {error}")
            continue
        if parsed != move.action:
            problems.append(f"{move.text!r} parses to {parsed!r}, not {move.action!r}")
    return problems
