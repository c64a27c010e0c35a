"""The picture a shared link shows: the site's card for ``og:image``.

Chat apps and social sites show a link's ``og:image`` beside its title and description; most
of them read PNG or JPEG only, not the site's SVG icon. So the build draws one card, 1200 by
630 pixels (the size they crop to), with the site's mark (the icon: a blue card with three rule
lines) and its name, and writes it as ``_static/rulekeeper-card.png``. It is drawn, not kept
as a file, so that it follows the icon and the project's name; matplotlib is already a
dependency of the docs build, and the PNG carries no date or version, so the same build writes
the same bytes.
"""

from __future__ import annotations

from pathlib import Path

CARD_FILE = "_static/rulekeeper-card.png"
"""Where the card is written, relative to the site's root."""

CARD_ALT = "rulekeeper: comprehensive rules for five card-game formats, each enforced by code"
"""What the card shows, for readers who cannot see it (``og:image:alt``)."""

BLUE = "#2757dd"
"""The icon's blue (``docs/_static/favicon.svg``)."""

WIDTH, HEIGHT, DPI = 1200, 630, 100


def draw_card(path: Path, title: str, subtitle: str) -> None:
    """Draw the card into ``path``: the mark on the left, ``title`` and ``subtitle`` beside it."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.patches import FancyBboxPatch

    figure = pyplot.figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, WIDTH)
    axes.set_ylim(0, HEIGHT)
    axes.axis("off")
    # The mark: a card 22 by 28 units with three rule lines, as in the SVG icon, scaled by 12.
    scale, left, bottom = 12, 90, (HEIGHT - 28 * 12) / 2
    axes.add_patch(
        FancyBboxPatch(
            (left, bottom),
            22 * scale,
            28 * scale,
            boxstyle=f"round,pad=0,rounding_size={3 * scale}",
            color=BLUE,
        )
    )
    for y, length in ((10, 12), (15, 12), (20, 8)):
        top = bottom + (30 - y - 2) * scale
        axes.plot(
            (left + 5 * scale, left + (5 + length) * scale),
            (top, top),
            color="white",
            linewidth=2.5 * scale * 0.72,
            solid_capstyle="round",
        )
    axes.text(460, 360, title, fontsize=64, fontweight="bold", color="#1a1a1a", va="bottom")
    axes.text(462, 300, subtitle, fontsize=26, color="#444444", va="top", linespacing=1.4)
    path.parent.mkdir(parents=True, exist_ok=True)
    # No metadata: matplotlib would otherwise stamp its version into the file.
    figure.savefig(path, dpi=DPI, metadata={"Software": None})
    pyplot.close(figure)
