"""Break the enforcing check of ten rules, one at a time, and show that a test marked with each
rule fails.

A rule counts as tested when a marked test reaches its code (the rule gate); this shows, on ten
rules across every prefix, that reaching it also means noticing when the check is gone. Each
mutation deletes or inverts one check in a copy of the repository, then runs only the tests
marked with that rule (not its worked examples, not the gate) against the copy::

    python scripts/mutations.py               # all ten, about a minute on two cores
    python scripts/mutations.py "SD 6.4"      # one
    python scripts/mutations.py --list        # what each one changes

It exits 0 when every mutation made a marked test of its rule fail, and 1 naming those that
did not (a rule whose tests would not notice its check was gone), or 2 when a mutation no
longer applies because the code it edits changed: update its ``before`` text.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from rulekeeper.rules import parse_rule_id  # noqa: E402
from rulekeeper.traceability import find_rule_tests  # noqa: E402


@dataclass(frozen=True)
class Mutation:
    """One check deleted or inverted: ``before`` (found exactly once in ``path``) becomes
    ``after``."""

    rule: str
    path: str
    before: str
    after: str
    what: str


MUTATIONS = (
    Mutation(
        "SD 6.4",
        "src/rulekeeper/mtg/formats/stockpile/piles.py",
        '        game.chance.shuffle(zones[library], kind="reshuffle")\n',
        "",
        "the graveyard becomes the library without being shuffled",
    ),
    Mutation(
        "DD 2.1",
        "src/rulekeeper/dominion/draft/drafting.py",
        "        if action.card not in self.piles[self.current_player()]:\n",
        "        if False:\n",
        "a randomizer may be set aside from a pile the player does not hold",
    ),
    Mutation(
        "RR 13.2b",
        "src/rulekeeper/riskres/effects.py",
        "        state.tapped = True  # RR R31",
        "        pass  # RR R31",
        "a face-down permanent enters untapped",
    ),
    Mutation(
        "RR 13.4a",
        "src/rulekeeper/riskres/morph.py",
        '    if state.zone != zone_name("battlefield", player) or not state.face_down:\n',
        '    if state.zone != zone_name("battlefield", player):\n',
        "a permanent that is already face up may be turned face up again",
    ),
    Mutation(
        "MG 5.3",
        "src/rulekeeper/mtg/sba.py",
        "    return game.table.players[player].drew_from_empty\n",
        "    return False\n",
        "drawing from an empty library no longer loses the game",
    ),
    Mutation(
        "DM 1.1",
        "src/rulekeeper/dominion/game.py",
        "        variant.facts.check_players(count)\n",
        "",
        "a game of Dominion may be set up for one player or for seven",
    ),
    Mutation(
        "DM 2.3",
        "src/rulekeeper/dominion/game.py",
        "        if cost > self.coins:\n",
        "        if False:\n",
        "a card may be bought whatever it costs",
    ),
    Mutation(
        "LV 1.1",
        "src/rulekeeper/mtg/formats/leveler/deck.py",
        "    if decklist.size == DECK_SIZE:\n",
        "    if decklist.size >= DECK_SIZE:\n",
        "a deck of more than 100 cards is legal",
    ),
    Mutation(
        "LV 3.1",
        "src/rulekeeper/mtg/formats/leveler/play.py",
        "        not game.table.zones[game.table.libraries[player]]\n        and ",
        "        False\n        and ",
        "an empty library never brings in the next sub-deck",
    ),
    Mutation(
        "VX 7.1",
        "src/rulekeeper/mtg/formats/vortex/draft.py",
        "    return basics >= MULLIGAN_BASICS\n",
        "    return basics >= MULLIGAN_BASICS - 1\n",
        "a pack of four basic lands may be exiled",
    ),
)
"""The ten, at least one per rule prefix (RR, LV, VX, SD, DD, MG, DM)."""

COPIED = ("src", "tests", "rules", "conftest.py", "pyproject.toml")
"""What the marked tests need of the repository (the rules text: the engine reads it)."""

FAILED = re.compile(r"^FAILED (\S+)", re.MULTILINE)
"""A failed test in pytest's short summary (``-rf``): ``FAILED path::Class::name[param] - why``."""


def _test_of(node_id: str) -> str:
    """``path::function`` of a node ID, as the rule marks name tests."""
    path, _, rest = node_id.partition("::")
    return f"{path}::{rest.rpartition('::')[2].partition('[')[0]}"


@dataclass(frozen=True)
class Outcome:
    """What a mutation did to its rule's marked tests."""

    mutation: Mutation
    failed: tuple[str, ...]
    output: str

    @property
    def caught(self) -> bool:
        """True if a test marked with the rule failed."""
        return bool(self.failed)


class NoLongerApplies(Exception):
    """The text a mutation edits is not in its file exactly once."""


def apply(mutation: Mutation, root: Path) -> None:
    """Make ``mutation`` in the copy at ``root``.

    :raises NoLongerApplies: if ``before`` is not in the file exactly once.
    """
    path = root / mutation.path
    text = path.read_text(encoding="utf-8")
    count = text.count(mutation.before)
    if count != 1:
        raise NoLongerApplies(
            f"{mutation.rule}: the text to change is in {mutation.path} {count} times, not once"
        )
    path.write_text(text.replace(mutation.before, mutation.after), encoding="utf-8")


def marked_tests(rule: str) -> list[str]:
    """The tests marked with ``rule``, as ``path::function``."""
    return sorted(set(find_rule_tests(REPO / "tests").get(parse_rule_id(rule), [])))


def run(mutation: Mutation, scratch: Path) -> Outcome:
    """Copy the repository, make the mutation and run the rule's marked tests there."""
    root = scratch / mutation.rule.replace(" ", "-")
    for name in COPIED:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, root / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, root / name)
    apply(mutation, root)
    tests = marked_tests(mutation.rule)
    files = sorted({test.split("::")[0] for test in tests})
    names = " or ".join(sorted({test.split("::")[1] for test in tests}))
    # The copy's source comes before the installed (editable) package on the path.
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-rf",
            "-k",
            names,
            *files,
        ],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    output = done.stdout + done.stderr
    failed = tuple(dict.fromkeys(t for t in map(_test_of, FAILED.findall(output)) if t in tests))
    return Outcome(mutation, failed, output)


def main(argv: list[str] | None = None) -> int:
    """Run the mutations named (all by default) and say which a marked test caught."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules", nargs="*", metavar="ID", help="only these rules' mutations")
    parser.add_argument("--list", action="store_true", help="print the mutations and stop")
    args = parser.parse_args(argv)
    wanted = {parse_rule_id(r) for r in args.rules}
    chosen = [m for m in MUTATIONS if not wanted or m.rule in wanted]
    if wanted - {m.rule for m in chosen}:
        parser.error(f"no mutation of {', '.join(sorted(wanted - {m.rule for m in chosen}))}")
    if args.list:
        for m in chosen:
            print(f"{m.rule}: {m.what} ({m.path})")
        return 0
    missed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="rulekeeper-mutations-") as scratch:
        for mutation in chosen:
            try:
                outcome = run(mutation, Path(scratch))
            except NoLongerApplies as error:
                print(f"{error}: update the mutation in scripts/mutations.py", file=sys.stderr)
                return 2
            if outcome.caught:
                print(
                    f"caught  {mutation.rule}: {mutation.what}; failed {', '.join(outcome.failed)}"
                )
            else:
                print(f"MISSED  {mutation.rule}: {mutation.what}; its marked tests all passed")
                print(outcome.output[-2000:], file=sys.stderr)
                missed.append(mutation.rule)
    if missed:
        print(f"{len(missed)} mutation(s) no marked test noticed: {', '.join(missed)}")
        return 1
    print(f"all {len(chosen)} mutations made a test marked with their rule fail")
    return 0


if __name__ == "__main__":
    sys.exit(main())
