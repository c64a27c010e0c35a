"""Two cards for the gallery test, in two groups."""

from rulekeeper.galleries import GalleryCard


def cards() -> list[GalleryCard]:
    return [
        GalleryCard(
            "Ember Test",
            "Creature",
            "1 EP",
            "Creature — Goblin",
            "2/1",
            "Fast.",
            link="https://example.org/ember-test",
        ),
        GalleryCard("Test Spark", "Instant", "1 EP", "Instant", "", "Deal 2 damage."),
    ]
