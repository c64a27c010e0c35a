"""Close matches for "did you mean": rapidfuzz where it is installed, the standard library where
it is not.

rapidfuzz is compiled, and a reader's browser (Pyodide) has no build of it; the engine must
still say what a mistyped card or move may have meant there. Both scorers give 0 to 100:
``"ratio"`` the share of the two texts' letters that line up in order, ``"wratio"`` the best of
that and of comparisons that forgive word order and a text that is part of the other
(rapidfuzz's ``WRatio``). Without rapidfuzz they are worked out with ``difflib``'s
``SequenceMatcher``, by rapidfuzz's own recipe, and differ from it only where difflib's
matching does.

>>> from rulekeeper.engine.fuzzy import extract
>>> extract("Lightning Blot", ["Lightning Bolt", "Island", "Lightning Blow"], limit=1)
['Lightning Bolt']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from typing import Literal

Scorer = Literal["ratio", "wratio"]

_UNBASE_SCALE = 0.95
_PARTIAL_SCALE = 0.9


def _has_rapidfuzz() -> bool:
    try:
        import rapidfuzz  # noqa: F401
    except ImportError:
        return False
    return True


def ratio(first: str | Sequence[str], second: str | Sequence[str]) -> float:
    """How alike two texts (or sequences) are, 0 to 100, as rapidfuzz's ``fuzz.ratio``."""
    if _has_rapidfuzz():
        from rapidfuzz import fuzz

        return float(fuzz.ratio(first, second))
    return _ratio(first, second)


def _ratio(first: str | Sequence[str], second: str | Sequence[str]) -> float:
    if not first and not second:
        return 100.0
    return SequenceMatcher(None, first, second, autojunk=False).ratio() * 100


def _partial(short: str, long: str) -> float:
    """The best ratio of the shorter text against a stretch of the longer of its length."""
    if len(short) > len(long):
        short, long = long, short
    if not short:
        return 0.0
    width = len(short)
    return max(_ratio(short, long[i : i + width]) for i in range(len(long) - width + 1))


def _sorted_words(text: str) -> str:
    return " ".join(sorted(text.split()))


def _token_set(first: str, second: str) -> float:
    one, two = set(first.split()), set(second.split())
    common = " ".join(sorted(one & two))
    left = " ".join(filter(None, [common, " ".join(sorted(one - two))]))
    right = " ".join(filter(None, [common, " ".join(sorted(two - one))]))
    scores = [_ratio(left, right)]
    if common:
        scores += [_ratio(common, left), _ratio(common, right)]
    return max(scores)


def _partial_words(first: str, second: str) -> float:
    """rapidfuzz's ``partial_token_ratio``: a word in common is a whole match of a part."""
    one, two = set(first.split()), set(second.split())
    if one & two:
        return 100.0
    return max(
        _partial(_sorted_words(first), _sorted_words(second)),
        _partial(" ".join(sorted(one - two)), " ".join(sorted(two - one))),
    )


def _wratio(first: str, second: str) -> float:
    """rapidfuzz's ``WRatio`` recipe, on difflib's ratio."""
    if not first or not second:
        return 0.0
    length_ratio = max(len(first), len(second)) / min(len(first), len(second))
    best = _ratio(first, second)
    words = max(_ratio(_sorted_words(first), _sorted_words(second)), _token_set(first, second))
    if length_ratio < 1.5:
        return max(best, words * _UNBASE_SCALE)
    scale = _PARTIAL_SCALE if length_ratio < 8 else 0.6
    best = max(best, _partial(first, second) * scale)
    return max(best, _partial_words(first, second) * _UNBASE_SCALE * scale)


def extract(
    query: str,
    choices: Sequence[str],
    *,
    scorer: Scorer = "wratio",
    limit: int = 3,
    cutoff: float = 0,
) -> list[str]:
    """The ``choices`` closest to ``query``, best first, scoring at least ``cutoff``.

    Equal scores keep the order of ``choices``.
    """
    return [choice for choice, _score, _index in scored(query, choices, scorer, limit, cutoff)]


def scored(
    query: str, choices: Sequence[str], scorer: Scorer, limit: int, cutoff: float
) -> list[tuple[str, float, int]]:
    """As :func:`extract`, with each choice's score and its index in ``choices``."""
    if _has_rapidfuzz():
        from rapidfuzz import fuzz, process

        fast = fuzz.WRatio if scorer == "wratio" else fuzz.ratio
        found = process.extract(query, choices, scorer=fast, limit=limit, score_cutoff=cutoff)
        return [(str(c), float(s), int(i)) for c, s, i in found]
    score: Callable[[str, str], float] = _wratio if scorer == "wratio" else _ratio
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(query)
    results = []
    candidates = _within_reach(query, choices, cutoff) if scorer == "ratio" else range(len(choices))
    for index in candidates:
        choice = choices[index]
        if scorer == "ratio":
            # difflib's cheap upper bounds first, as get_close_matches does: most of a long
            # list (34,000 card names) is ruled out without the full comparison.
            matcher.set_seq1(choice)
            if matcher.real_quick_ratio() * 100 < cutoff or matcher.quick_ratio() * 100 < cutoff:
                continue
        value = score(query, choice)
        if value >= cutoff:
            results.append((choice, value, index))
    results.sort(key=lambda found: (-found[1], found[2]))
    return results[:limit]


def _within_reach(query: str, choices: Sequence[str], cutoff: float) -> Sequence[int]:
    """The indices of the ``choices`` whose ratio with ``query`` may reach ``cutoff``.

    Only a letter the query holds can line up with one of the query's, so the ratio is at
    most twice the number of such letters (or of the query's, if fewer) over the two lengths:
    a bound no lower than difflib's ``quick_ratio``, so no choice it lets through is left
    out. It is counted for every choice at once in compiled code (one ``bytes.translate`` of
    them all, joined), where ``quick_ratio`` counts in Python; over 34,000 card names it
    leaves about a thousand for ``quick_ratio``.
    """
    joined = "\n".join(choices)
    if "\n" in query or joined.count("\n") != len(choices) - 1:
        return range(len(choices))  # a line break in a text: no bound, every choice is tried
    # One byte a letter: a letter outside ASCII becomes "?", which counts as one the query
    # holds if the query holds any letter outside ASCII (counting too many keeps a bound).
    letters = {ch for ch in query if ch.isascii()}
    if len(letters) < len(set(query)):
        letters.add("?")
    ascii_text = joined.encode("ascii", errors="replace")
    others = ascii_text.translate(None, "".join(letters).encode("ascii")).split(b"\n")
    lengths = list(map(len, choices))
    # The fewest letters in common a choice of each length needs (more than the query has:
    # out of reach), found with the formula difflib's bounds use, so rounding agrees.
    size = len(query)
    need = [size + 1] * (max(lengths, default=0) + 1)
    for length in range(len(need)):
        total = size + length
        need[length] = next(
            (n for n in range(size + 1) if not total or 2.0 * n / total * 100 >= cutoff), size + 1
        )
    return [
        index
        for index, (length, rest) in enumerate(zip(lengths, map(len, others), strict=True))
        if length - rest >= need[length]
    ]
