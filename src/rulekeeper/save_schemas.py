"""The published JSON Schemas of the saves, generated from each game's declaration.

Each format declares its save once, as typed records (:mod:`rulekeeper.engine.save_records`);
the schema files in ``docs/schemas`` are made from those declarations by this command and never
written by hand::

    python -m rulekeeper.save_schemas          # write docs/schemas/*.schema.json
    python -m rulekeeper.save_schemas --check  # exit 1 if a file differs from its declaration

A test runs the check, so a declaration cannot change without its published schema.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class PublishedSchema:
    """One save's schema as published: its file, its ``$id`` and title, the record it is
    generated from (``module:name``), and a description where the record is a type alias,
    which has no docstring of its own."""

    filename: str
    schema_id: str
    title: str
    record: str
    description: str = ""

    def schema(self) -> dict[str, Any]:
        """The schema, generated from the record."""
        from rulekeeper.engine.save_records import json_schema

        module, name = self.record.split(":")
        record = getattr(importlib.import_module(module), name)
        schema = json_schema(record, schema_id=self.schema_id, title=self.title)
        return {**schema, "description": self.description} if self.description else schema

    def text(self) -> str:
        """The schema file's text."""
        from rulekeeper.engine.save_records import schema_text

        return schema_text(self.schema())


SCHEMAS = (
    PublishedSchema(
        "magic.schema.json",
        "urn:rulekeeper:save:magic",
        "Saved game of a Magic format",
        "rulekeeper.mtg.save_records:MagicSave",
    ),
    PublishedSchema(
        "magic-variant-state.schema.json",
        "urn:rulekeeper:save:magic:variant-state",
        "Variant state of plain Magic and Leveler",
        "rulekeeper.engine.save_records:NoBookkeeping",
        "These formats keep no bookkeeping of their own: an empty object.",
    ),
    PublishedSchema(
        "vortex-variant-state.schema.json",
        "urn:rulekeeper:save:vortex:variant-state",
        "Variant state of Vortex Based Magic",
        "rulekeeper.mtg.formats.vortex.save_records:VortexRecord",
    ),
    PublishedSchema(
        "stockpile-variant-state.schema.json",
        "urn:rulekeeper:save:stockpile:variant-state",
        "Stockpile Draft bookkeeping",
        "rulekeeper.mtg.formats.stockpile.save_records:StockpileRecord",
    ),
    PublishedSchema(
        "rr.schema.json",
        "urn:rulekeeper:save:rr",
        "Saved game of Risk & Resource",
        "rulekeeper.riskres.save_records:RiskSave",
    ),
    PublishedSchema(
        "dominion.schema.json",
        "urn:rulekeeper:dominion",
        "A saved game of Dominion",
        "rulekeeper.dominion.save_records:DominionSave",
    ),
    PublishedSchema(
        "dominion-draft-variant-state.schema.json",
        "urn:rulekeeper:save:dominion-draft:variant-state",
        "Dominion Draft bookkeeping",
        "rulekeeper.dominion.draft.save_records:DraftState",
    ),
)
"""Every save's published schema."""

OUT = Path(__file__).resolve().parents[2] / "docs" / "schemas"
"""Where the schema files are written, in a checkout (the site publishes them)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Write the schema files, or with ``--check`` say which differ; exit 1 if any does."""
    parser = argparse.ArgumentParser(prog="python -m rulekeeper.save_schemas")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder of the files")
    args = parser.parse_args(argv)
    stale = []
    for published in SCHEMAS:
        path = args.out / published.filename
        text = published.text()
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            continue
        stale.append(path.name)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print(f"generated from the declarations, these differ: {', '.join(stale)}; "
              "run python -m rulekeeper.save_schemas", file=sys.stderr)  # fmt: skip
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
