"""The card-gallery directive renders a game's cards from its data, grouped by type."""

from __future__ import annotations

import pytest
from sphinx.testing.util import SphinxTestApp

from rulekeeper.galleries import magic_cards, risk_and_resource_cards

pytestmark = pytest.mark.sphinx("html", testroot="gallery")


def test_each_group_is_a_section_with_a_row_per_card(app: SphinxTestApp) -> None:
    app.build()
    page = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "Creature (1)" in page
    assert "Instant (1)" in page
    assert page.index("Ember Test") < page.index("Test Spark")
    assert "Deal 2 damage." in page
    assert 'href="https://example.org/ember-test"' in page  # a card with a reference page


@pytest.mark.sphinx("html", testroot="gallery", srcdir="gallery-broken")
def test_an_unknown_provider_is_a_warning_not_a_crash(app: SphinxTestApp) -> None:
    app.build()
    assert "card-gallery: cannot load 'gallery_cards.nothing_here'" in app.warning.getvalue()


def test_the_real_galleries_list_every_card_once() -> None:
    from rulekeeper.mtg.cards import card_pool as magic_pool
    from rulekeeper.riskres.cards import card_pool as risk_pool

    assert sorted(c.name for c in magic_cards()) == sorted(magic_pool())
    assert sorted(c.name for c in risk_and_resource_cards()) == sorted(risk_pool())


def test_drawn_cards_show_their_faces_and_the_rules_that_name_them(app: SphinxTestApp) -> None:
    """With ``:layout: cards`` each card is a card: name, cost, type, text, stats, and a folded
    list of the rules whose words (not their examples' code) name it."""
    app.build()
    assert not app.warning.getvalue().count("drawn.md"), app.warning.getvalue()
    page = (app.outdir / "drawn.html").read_text(encoding="utf-8")
    faces = page.split('<li class="card-face">')[1:]
    assert len(faces) == 2
    ember, spark = faces
    assert 'id="card-ember-test"' in ember
    assert '<span class="card-face-cost">1 EP</span>' in ember
    assert "Creature — Goblin" in ember
    assert "2/1" in ember
    # Named in LV 9.2's lead-in; the fenced mention does not count, and LV 9.1 names Spark.
    assert "1 rule names it" in ember
    assert "LV 9.2" in ember
    assert "LV 9.1" not in ember
    assert "1 rule names it" in spark
    assert "LV 9.1" in spark
    assert "LV 9.2" not in spark
