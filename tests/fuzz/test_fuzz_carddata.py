"""Fuzzing the card data parsers with the real data files, mutated.

Each parser is given its own shipped file (the Risk & Resource cards, the Magic pool, the Legacy
banned list) or, for the card index, the small fixture copied from it, changed in one of three
ways: a value anywhere in the structure replaced by another JSON value (of the wrong type, out
of range, nested deep), a field or item removed or added; or the text itself damaged (cut, a
character replaced or inserted); or, for the card index, its gzip bytes damaged. The property:
the parser returns a valid result, or raises an error of the project's family whose message
starts with the name of the file.

The inputs the issue named are explicit examples, so every run checks them.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rulekeeper.errors import RulekeeperError
from rulekeeper.mtg.banlist import BannedList
from rulekeeper.mtg.carddb import CardIndex
from rulekeeper.mtg.cards import parse_pool
from rulekeeper.riskres.cards import TYPES, parse_card, parse_cards

SOURCE = "fuzzed.json"
REPO = Path(__file__).resolve().parents[2]


def shipped(package: str, name: str) -> Any:
    """A data file that ships with the package, decoded."""
    return json.loads((resources.files(package) / "data" / name).read_text("utf-8"))


RR_CARDS = shipped("rulekeeper.riskres", "cards.json")
MAGIC_POOL = shipped("rulekeeper.mtg", "pool.json")
BANNED = shipped("rulekeeper.mtg", "legacy_banned.json")
SMALL_INDEX = json.loads((REPO / "tests" / "fixtures" / "cards_small.json").read_text("utf-8"))

# Any JSON value, small: what a mutation puts in place of a real one. Deep nesting and NaN
# come from the text mutations and the named examples.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**6), max_value=10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "Creature", "risk", "low", "+1/+1", "target", "{R}", "2025-11-10"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)


@st.composite
def mutated(draw: st.DrawFn, document: Any) -> str:
    """``document`` with one value somewhere inside it replaced, removed or added, as text."""
    copy = json.loads(json.dumps(document))
    parent: Any = None
    key: Any = None
    node = copy
    # Walk down from the top, stopping at a random depth.
    while isinstance(node, dict | list) and node and draw(st.integers(0, 4)) > 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    action = draw(st.sampled_from(["replace", "remove", "add"]))
    if parent is None:
        return json.dumps(draw(JSON_VALUES) if action == "replace" else copy)
    if action == "replace":
        parent[key] = draw(JSON_VALUES)
    elif action == "remove":
        del parent[key]
    elif isinstance(node, dict):
        node[draw(st.text(max_size=8))] = draw(JSON_VALUES)
    elif isinstance(node, list):
        node.insert(draw(st.integers(0, len(node))), draw(JSON_VALUES))
    else:
        parent[key] = [node, draw(JSON_VALUES)]
    return json.dumps(copy)


@st.composite
def damaged(draw: st.DrawFn, document: Any) -> str:
    """The text of ``document`` cut short, or with a character replaced or inserted."""
    text = json.dumps(document)
    at = draw(st.integers(0, len(text)))
    how = draw(st.sampled_from(["cut", "replace", "insert"]))
    if how == "cut":
        return text[:at]
    extra = draw(st.sampled_from(list('[]{}",:0-.eE\\ nNaI')) | st.characters())
    return text[:at] + extra + text[at + (how == "replace") :]


def inputs(document: Any) -> st.SearchStrategy[str]:
    """Mutated and damaged versions of ``document``."""
    return mutated(document) | damaged(document)


def holds(parse: Callable[[], object]) -> object:
    """Run ``parse``: it must return, or raise an error of the family naming the file."""
    try:
        return parse()
    except RulekeeperError as error:
        refused = error
    assert str(refused).startswith(SOURCE), refused
    return None


# The inputs the issue named: each parser once met them with a TypeError, an AttributeError or
# a RecursionError.
DEEP = "[" * 100_000
NAN = '{"cards": [{"name": "X", "cost": NaN}]}'


def with_rr_card(**fields: object) -> str:
    card = {**RR_CARDS["cards"][0], **fields}
    return json.dumps({**RR_CARDS, "cards": [card]})


@pytest.mark.rule("RR 1.2b", "RR R3")
@given(text=inputs(RR_CARDS))
@example(text=DEEP)
@example(text=NAN)
@example(text=with_rr_card(triggers=[0]))
@example(text=with_rr_card(triggers=1))
@example(text=with_rr_card(abilities=[{"effects": 1}]))
@example(text=with_rr_card(risk={"level": []}))
@example(text=with_rr_card(keywords=[[]]))
@example(text=with_rr_card(effects=[{"kind": "damage", "who": 7}]))
def test_risk_and_resource_cards(text: str) -> None:
    cards = holds(lambda: parse_cards(text, source=SOURCE))
    if isinstance(cards, dict):
        for card in cards.values():
            assert 1 <= card.pitch <= 3  # RR 1.2b
            assert set(card.types) <= set(TYPES)  # RR R3


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"triggers": [0]}, "triggers[0] must be an object, not 0"),
        ({"triggers": 1}, "triggers must be a list, not 1"),
        ({"abilities": [{"effects": 1}]}, "abilities[0].effects must be a list, not 1"),
        ({"risk": {"level": []}}, "risk: risk level must be one of"),
        ({"keywords": [[]]}, "keywords[0] must be text, not []"),
        ({"effects": [{"kind": "damage", "who": 7}]}, "effects[0].who is not a field"),
        ({"effects": [{"kind": "pump", "power": "2", "defense": 1}]}, "effects[0].power must be"),
        ({"static": {"aura": {"power": []}}}, "static.aura.power must be a whole number"),
        ({"keyword": ["Fast"]}, "keyword is not a field"),
    ],
)
def test_a_bad_risk_and_resource_field_is_named(fields: dict[str, object], where: str) -> None:
    name = RR_CARDS["cards"][0]["name"]
    with pytest.raises(RulekeeperError) as raised:
        parse_cards(with_rr_card(**fields), source=SOURCE)
    assert str(raised.value).startswith(f"{SOURCE}: card {name!r}: {where}")


def test_parse_card_alone_refuses_what_is_not_a_card() -> None:
    with pytest.raises(RulekeeperError, match="a card must be an object"):
        parse_card([])  # type: ignore[arg-type]


@given(text=inputs(MAGIC_POOL))
@example(text=DEEP)
@example(text=NAN)
@example(text=json.dumps({"cards": [{**MAGIC_POOL["cards"][0], "keywords": [[]]}]}))
@example(
    text=json.dumps(
        {"cards": [{**MAGIC_POOL["cards"][0], "effects": [{"kind": "damage", "who": 7}]}]}
    )
)
def test_magic_pool(text: str) -> None:
    holds(lambda: parse_pool(text, source=SOURCE))


@given(text=inputs(BANNED))
@example(text=DEEP)
@example(text=json.dumps({**BANNED, "changes": [{"date": [[[]]]}]}))
def test_banned_list(text: str) -> None:
    holds(lambda: BannedList.from_json(text, source=SOURCE))


@given(text=inputs(SMALL_INDEX))
@example(text=DEEP)
@example(text=NAN)
def test_card_index(text: str) -> None:
    holds(lambda: CardIndex.from_bytes(text.encode("utf-8"), source=SOURCE))


GZIPPED_INDEX = gzip.compress(json.dumps(SMALL_INDEX).encode("utf-8"), mtime=0)


@given(at=st.integers(0, len(GZIPPED_INDEX)), byte=st.integers(0, 255), cut=st.booleans())
@example(at=len(GZIPPED_INDEX) // 2, byte=0, cut=True)
@example(at=12, byte=0xFF, cut=False)  # inside the deflate stream
def test_card_index_gzip_damaged(at: int, byte: int, cut: bool) -> None:
    raw = (
        GZIPPED_INDEX[:at] if cut else GZIPPED_INDEX[:at] + bytes([byte]) + GZIPPED_INDEX[at + 1 :]
    )
    holds(lambda: CardIndex.from_bytes(raw, source=SOURCE))


def test_a_gzip_bomb_is_refused() -> None:
    bomb = gzip.compress(b" " * 70_000_000)  # 70 MB of spaces, 70 kB compressed
    with pytest.raises(RulekeeperError, match="larger than 64,000,000 bytes once decompressed"):
        CardIndex.from_bytes(bomb, source=SOURCE)
