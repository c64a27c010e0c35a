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
  included; a card's ``#ID`` may be left out anywhere, and where the moves a text fits differ
  only in which copy of a card they use, the first is taken;
- short forms stop at a text that is the whole of an action the rules forbid now: it is refused
  with that action's rule, not read as a longer legal action that only starts with it, unless
  those legal actions merely make a choice it leaves open (a target);
- an action the rules allow at any time but never offer as a move (a player conceding while
  another decides) is read from its whole canonical text, the player's name included, when the
  vocabulary offers it among :meth:`Vocabulary.refusable`;
- a text that names no legal action raises :class:`IllegalMoveError` with the rule it would
  break, where the format can name one (the actions it weighs, and those its vocabulary
  offers as :meth:`Vocabulary.refusable`, aimed at the cards and players the text names), or
  :class:`UnknownMoveError` with what it may have meant (scored by
  :mod:`rulekeeper.engine.fuzzy`); one that fits several raises :class:`AmbiguousMoveError`.

The notation only reads the game: it never changes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, is_dataclass
from typing import Protocol

from rulekeeper.engine.events import Event
from rulekeeper.engine.fuzzy import extract
from rulekeeper.engine.game import Action, Game, PlayerId, player_names
from rulekeeper.errors import IllegalActionError, RulekeeperError

CardNamer = Callable[[int], str]
"""How a vocabulary writes a card given its ID: by name, or by name and ``#ID``."""

SUGGESTIONS = 3  # how many near misses an unknown move lists: enough to spot a typo
SUGGESTION_CUTOFF = 60  # rapidfuzz WRatio, 0 to 100; below it a guess helps nobody


@dataclass(frozen=True)
class Named:
    """The cards (by ID) and players (by seat) a move's text names by their whole names."""

    cards: tuple[int, ...]
    players: tuple[PlayerId, ...]


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

    def refusable(self, game: Game, named: Named) -> Iterable[Action]:
        """Actions a person may well name now that the format does not weigh (a card they
        cannot afford, say, or a spell aimed at a creature in a graveyard), so that naming
        one is refused with the rule it breaks rather than as a text that names nothing.
        ``named`` holds the cards and players the text names: an action with a target is
        offered aimed at those only."""
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
    """Whether each of ``words`` starts the word of ``text`` in the same place, a card's
    ``#ID`` in ``text`` being skippable: ``casts shock targeting bob`` fits ``casts shock #3
    targeting bob``. An ``#ID`` that is given must be given whole, so that ``#1`` does not
    stand for ``#12``."""
    given = iter(words)
    word = next(given, None)
    for full in text:
        if word is None:
            return True
        if full.startswith("#"):
            if word == full:
                word = next(given, None)
            elif word.startswith("#"):
                return False
            continue  # the ID left out: any copy will do
        if word.startswith("#") or not full.startswith(word):
            return False
        word = next(given, None)
    return word is None


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
        return f"{player_names(self.game)[player]} {words}"

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
            # Each canonical text, then each text with the IDs left out (the first copy).
            exact = {normalise(m.text): m.action for m in moves}
            for move in moves:
                exact.setdefault(normalise(_ID.sub("", move.text)), move.action)
            self._exact = exact
        names = [normalise(n) for n in player_names(self.game)]
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
        if self.game.outcome is not None:
            raise IllegalMoveError(
                text, IllegalActionError(self.game.outcome.reason_rule, "the game is over")
            )
        unoffered = self._unoffered(readings[0])
        if unoffered is not None:
            return unoffered
        found = [m for m in moves if any(_fits(r, normalise(m.text).split(" ")) for r in readings)]
        refused = self._refused(readings)
        # Where short forms stop: a text that is the whole of a move the rules forbid now is
        # refused with that move's rule, unless the legal moves it fits only make a choice it
        # leaves open (its target). It is never read as another kind of move: "casts Barrow
        # Wight" is not short for "casts Barrow Wight face down".
        wholes = [r for r in refused if r.whole]
        if wholes and not any(_completes(m.action, r.action) for m in found for r in wholes):
            raise IllegalMoveError(wholes[0].text, wholes[0].error)
        if found:
            plain = {_ID.sub("", m.text) for m in found}
            if len(found) == 1 or len(plain) == 1:  # one move, or copies of one card
                return found[0].action
            raise AmbiguousMoveError(text, [m.text for m in found])
        # A short form of one move the rules forbid (or of copies of one card): say which.
        if len({_ID.sub("", r.text) for r in refused}) == 1:
            raise IllegalMoveError(refused[0].text, refused[0].error)
        self._unknown(text, readings, names, decider)
        raise AssertionError("unreachable")  # pragma: no cover - _unknown always raises

    def _named(self, readings: list[list[str]]) -> Named:
        """The cards and players ``readings`` name by their whole names, so that a
        vocabulary can offer for refusal the actions aimed at them and no others."""
        texts = [f" {' '.join(r)} " for r in readings]
        cards = []
        for zone in self.game._zones().values():
            for card in zone:
                try:
                    name = f" {normalise(self._plain(card))} "
                except (KeyError, IndexError, AttributeError):
                    continue
                if any(name in t for t in texts):
                    cards.append(card)
        players = [
            index
            for index, name in enumerate(player_names(self.game))
            if any(f" {normalise(name)} " in t for t in texts)
        ]
        return Named(tuple(cards), tuple(players))

    def _unoffered(self, reading: list[str]) -> Action | None:
        """The action the whole text ``reading`` names, written out with the player's name,
        among those the vocabulary offers for refusal that the rules allow now though they are
        never offered as moves (a player conceding while another decides), or None."""
        for action in self.vocabulary.refusable(self.game, self._named([reading])):
            try:
                written = normalise(self._write(action, self._plain)).split(" ")
            except (KeyError, IndexError, AttributeError):
                continue
            if written == reading and _violation(self.game, action) is None:
                return action
        return None

    def _refused(self, readings: list[list[str]]) -> list[_Refusal]:
        """The actions the format weighs now, or that a person may well name (see
        :meth:`Vocabulary.refusable`), that ``readings`` fit and that break a rule: a
        reading's whole text first, then the ones it is a short form of."""
        game = self.game
        refused: list[_Refusal] = []
        named = self._named(readings)
        for action in [*_considered(game), *self.vocabulary.refusable(game, named)]:
            for card in (self._plain, self._qualified):
                try:
                    written = self._write(action, card)
                except (KeyError, IndexError, AttributeError):
                    break  # a candidate this vocabulary cannot word: skip it
                words = normalise(written).split(" ")
                whole = any(r == words for r in readings)
                if whole or any(_fits(r, words) for r in readings):
                    error = _violation(game, action)
                    if error is not None:
                        refused.append(_Refusal(action, written, error, whole))
                    break
        refused.sort(key=lambda r: not r.whole)  # stable: the format's order otherwise
        return refused

    def _unknown(
        self, text: str, readings: list[list[str]], names: list[str], decider: str
    ) -> None:
        """Raise :class:`UnknownMoveError` for a text that fits no move, with the moves it is
        closest to and, for a move written for someone else, whose decision it is."""
        game = self.game
        whose = ""
        shown = player_names(game)
        for index, name in enumerate(names):
            if name != decider and readings[0][: len(name.split(" "))] == name.split(" "):
                deciding = shown[game.current_player()]
                whose = f"it is {deciding}'s decision, not {shown[index]}'s"
        texts = [m.text for m in self.moves()]
        near = extract(text, texts, scorer="wratio", limit=SUGGESTIONS, cutoff=SUGGESTION_CUTOFF)
        raise UnknownMoveError(text, near, whose=whose)


@dataclass(frozen=True)
class _Refusal:
    """An action a text fits that breaks a rule: its text, the error, and whether the text is
    the whole of it rather than a short form."""

    action: Action
    text: str
    error: IllegalActionError
    whole: bool


def _violation(game: Game, action: Action) -> IllegalActionError | None:
    """The error ``action`` meets now, or ``None`` if it is legal or means nothing here."""
    try:
        game.check(action)
    except IllegalActionError as error:
        return error
    except (KeyError, IndexError, AttributeError):
        return None  # an action that means nothing here
    return None


def _completes(legal: Action, refused: Action) -> bool:
    """Whether ``legal`` is ``refused`` with a choice it left open made: the same kind of
    action, alike in every field but those ``refused`` leaves empty (``None``)."""
    if type(legal) is not type(refused) or not is_dataclass(refused):
        return False
    return all(
        getattr(refused, f.name) is None or getattr(refused, f.name) == getattr(legal, f.name)
        for f in fields(refused)
    )


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
