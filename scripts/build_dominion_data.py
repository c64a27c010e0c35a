"""Build or cross-check ``src/rulekeeper/dominion/data/cards.json`` (``nox -s dominion-carddata``).

The card list, each card's kind and the summary of its effect are this project's own (below).
Costs, types and sets are read from the MIT-licensed ``domdiv`` package's
``card_db/cards_db.json.gz``, which holds facts only. domdiv's language folders (card text) are
under a non-commercial permission and are never read.

    python scripts/build_dominion_data.py           # rewrite cards.json
    python scripts/build_dominion_data.py --check   # exit 1 if cards.json disagrees with domdiv
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "src/rulekeeper/dominion/data/cards.json"
WIKI = "https://wiki.dominionstrategy.com/index.php/"

# (name, kind, summary in this project's words). Kinds: base, kingdom, landscape.
CARDS: list[tuple[str, str, str]] = [
    ("Copper", "base", "Worth $1."),
    ("Silver", "base", "Worth $2."),
    ("Gold", "base", "Worth $3."),
    ("Estate", "base", "1 VP."),
    ("Duchy", "base", "3 VP."),
    ("Province", "base", "6 VP."),
    ("Curse", "base", "-1 VP."),
    # Base, second edition: all 26 kingdom cards.
    ("Cellar", "kingdom", "+1 Action; discard any cards, then draw as many."),
    ("Chapel", "kingdom", "Trash up to 4 cards from your hand."),
    ("Moat", "kingdom", "+2 Cards. Reveal it from hand when attacked to be unaffected."),
    ("Harbinger", "kingdom", "+1 Card, +1 Action; may put a card from your discard on your deck."),
    ("Merchant", "kingdom", "+1 Card, +1 Action; your first Silver this turn makes $1 more."),
    ("Vassal", "kingdom", "+$2; discard your top card and you may play it if it is an Action."),
    ("Village", "kingdom", "+1 Card, +2 Actions."),
    ("Workshop", "kingdom", "Gain a card costing up to $4."),
    (
        "Bureaucrat",
        "kingdom",
        "Gain a Silver onto your deck; others put a Victory card from hand on their deck.",
    ),
    ("Gardens", "kingdom", "1 VP for every 10 cards you have (rounded down)."),
    ("Militia", "kingdom", "+$2; every other player discards down to 3 cards."),
    ("Moneylender", "kingdom", "You may trash a Copper from your hand for +$3."),
    ("Poacher", "kingdom", "+1 Card, +1 Action, +$1; discard a card per empty Supply pile."),
    ("Remodel", "kingdom", "Trash a card from your hand; gain one costing up to $2 more."),
    ("Smithy", "kingdom", "+3 Cards."),
    ("Throne Room", "kingdom", "You may play an Action card from your hand twice."),
    (
        "Bandit",
        "kingdom",
        "Gain a Gold; others reveal 2 cards and trash a non-Copper Treasure among them.",
    ),
    ("Council Room", "kingdom", "+4 Cards, +1 Buy; every other player draws a card."),
    ("Festival", "kingdom", "+2 Actions, +1 Buy, +$2."),
    ("Laboratory", "kingdom", "+2 Cards, +1 Action."),
    ("Library", "kingdom", "Draw to 7 cards in hand, setting aside Actions you choose to skip."),
    ("Market", "kingdom", "+1 Card, +1 Action, +1 Buy, +$1."),
    (
        "Mine",
        "kingdom",
        "You may trash a Treasure from hand and gain one costing up to $3 more into your hand.",
    ),
    (
        "Sentry",
        "kingdom",
        "+1 Card, +1 Action; look at your top 2 cards and trash, discard or keep each.",
    ),
    ("Witch", "kingdom", "+2 Cards; every other player gains a Curse."),
    (
        "Artisan",
        "kingdom",
        "Gain a card costing up to $5 to your hand, then put a card from hand on your deck.",
    ),
    # The four the Draft's source names.
    (
        "Masquerade",
        "kingdom",
        "+2 Cards; everyone with cards passes one to the left; you may trash a card from hand.",
    ),
    (
        "Lurker",
        "kingdom",
        "+1 Action; trash an Action card from the Supply, or gain an Action card from the trash.",
    ),
    (
        "Smugglers",
        "kingdom",
        "Gain a copy of a card costing up to $6 that the player on your right gained"
        " on their last turn.",
    ),
    (
        "Jester",
        "kingdom",
        "+$2; others discard their top card: for a Victory card they gain a Curse,"
        " else you choose whether they or you gain a copy.",
    ),
    # Six more so that every kind of interaction is present.
    (
        "Ironworks",
        "kingdom",
        "Gain a card costing up to $4; its types give +1 Action, +$1 or +1 Card.",
    ),
    (
        "Swindler",
        "kingdom",
        "+$2; others trash their top card and gain a card of the same cost that you choose.",
    ),
    ("Nobles", "kingdom", "2 VP; when played, choose +3 Cards or +2 Actions."),
    ("Duke", "kingdom", "1 VP per Duchy you have."),
    ("Courtyard", "kingdom", "+3 Cards; put a card from your hand on your deck."),
    (
        "Shanty Town",
        "kingdom",
        "+2 Actions; reveal your hand and draw 2 cards if it has no Action cards.",
    ),
    # Landscapes: two of each kind.
    ("Populate", "landscape", "Event: gain one card from each Action Supply pile."),
    ("Delve", "landscape", "Event: +1 Buy; gain a Silver."),
    (
        "Bandit Fort",
        "landscape",
        "Landmark: at the end, -2 VP for each Silver and each Gold you have.",
    ),
    ("Fountain", "landscape", "Landmark: at the end, 15 VP if you have at least 10 Coppers."),
    ("Fair", "landscape", "Project: at the start of your turns, +1 Buy."),
    ("Cathedral", "landscape", "Project: at the start of your turns, trash a card from your hand."),
    ("Way of the Ox", "landscape", "Way: instead of an Action card's own effect, +2 Actions."),
    ("Way of the Sheep", "landscape", "Way: instead of an Action card's own effect, +$2."),
]

SETS = {
    "dominion": "Dominion",
    "intrigue": "Intrigue",
    "seaside": "Seaside",
    "cornucopia": "Cornucopia",
    "cornucopiaAndGuilds": "Cornucopia & Guilds",
    "empires": "Empires",
    "renaissance": "Renaissance",
    "menagerie": "Menagerie",
}
# The base cards' pile sizes depend on the number of players (DM 1.2); these name the rule.
BASE_PILES = {
    "Copper": "copper",
    "Silver": 40,
    "Gold": 30,
    "Estate": "victory",
    "Duchy": "victory",
    "Province": "province",
    "Curse": "curse",
}


def domdiv_cards() -> dict[str, dict[str, Any]]:
    """domdiv's card facts by name (the first entry of each name)."""
    db = resources.files("domdiv") / "card_db" / "cards_db.json.gz"
    with db.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as text:
        entries = json.load(text)
    found: dict[str, dict[str, Any]] = {}
    for entry in entries:
        found.setdefault(entry["card_tag"], entry)
    return found


def set_and_edition(tags: list[str]) -> tuple[str, int | None]:
    """The card's set and edition: the second edition where the set has one."""
    for tag in tags:
        if tag.endswith("2ndEdition"):
            return SETS[tag.removesuffix("2ndEdition")], 2
    for tag in tags:
        if tag.endswith("1stEdition"):
            return SETS[tag.removesuffix("1stEdition")], 1
        if tag in SETS:
            return SETS[tag], None
    raise ValueError(f"no known set among {tags}")


def build() -> list[dict[str, Any]]:
    """Every card's facts, in the order of :data:`CARDS`."""
    facts = domdiv_cards()
    cards = []
    for name, kind, summary in CARDS:
        entry = facts[name]
        types = list(entry["types"])
        tags = [t for t in entry["cardset_tags"] if t != "base"]
        card_set, edition = set_and_edition(tags)
        card: dict[str, Any] = {"name": name, "kind": kind, "types": types}
        if entry["cost"] != "":
            card["cost"] = int(entry["cost"].rstrip("*+"))
        card["set"] = card_set
        if edition is not None:
            card["edition"] = edition
        if kind == "base":
            card["pile"] = BASE_PILES[name]
        elif kind == "kingdom" and "Victory" in types:
            card["pile"] = "victory"  # DM 1.4: a Victory kingdom pile uses the Victory size
        card["summary"] = summary
        card["wiki"] = WIKI + name.replace(" ", "_")
        cards.append(card)
    return cards


def render(cards: list[dict[str, Any]]) -> str:
    """One card per line, so the file diffs well."""
    lines = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in cards)
    return "[\n" + lines + "\n]\n"


def main(argv: list[str] | None = None) -> int:
    """Write cards.json, or with --check compare it with what domdiv says."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = render(build())
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.name} disagrees with domdiv's facts; rerun without --check")
            return 1
        print(f"{OUT.name} agrees with domdiv ({len(CARDS)} cards)")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(CARDS)} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
