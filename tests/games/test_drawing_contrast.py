"""Text contrast of the drawings (issue 24: "the yellow player's label is 1.8:1"): every text
colour a drawing puts on a coloured ground meets WCAG AA, 4.5:1 (WCAG 2.1, 1.4.3; relative
luminance and contrast ratio as WCAG defines them). The pairs are read from the drawings'
own palettes, so a colour changed there is checked here."""

from __future__ import annotations

import pytest

from regalia.games.cascadito import svg as cascadito
from regalia.games.inheritors import svg as inheritors
from regalia.games.kingdomino import svg as kingdomino
from regalia.games.two_heirs import svg as two_heirs

#: the page's background, under every drawing's transparent parts
PAGE = "#faf7f0"


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(h[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_of_known_pairs():
    assert contrast("#000", "#fff") == pytest.approx(21.0)
    assert contrast("#e3b51f", PAGE) < 2.0      # the yellow label the issue found


PAIRS = (
    # Kingdomino: each seat's name and score, and the status line, in its ink
    [(f"Kingdomino seat {i + 1} ink", ink, PAGE) for i, ink in enumerate(kingdomino.SEAT_INKS)]
    # Inheritors: white (or the realm's ink) on a realm's card, white on a seat's header
    + [(f"Inheritors {c} card", inheritors.INK_ON.get(c, "#fff"), fill)
       for c, fill in inheritors.REALM_COLOURS.items()]
    + [(f"Inheritors seat {i + 1} header", "#fff", fill)
       for i, fill in enumerate(inheritors.SEAT_COLOURS)]
    # Cascadito: each colour's ink on the sheet's paper (track labels, notes)
    + [(f"Cascadito {c} ink", ink, cascadito.PAPER) for c, ink in cascadito.INKS.items()
       if c not in ("white", "black")]
    # Two Heirs: the seats' inks on their light fill and on the landscape's ground
    + [("Two Heirs seat 1 ink", two_heirs.SEAT_INK[0], two_heirs.SEAT_FILL[0]),
       ("Two Heirs blue seat's white text", "#fff", two_heirs.SEAT_FILL[1])]
)


@pytest.mark.parametrize("what,ink,ground", PAIRS, ids=[p[0] for p in PAIRS])
def test_text_colours_meet_wcag_aa(what, ink, ground):
    assert contrast(ink, ground) >= 4.5, f"{what}: {contrast(ink, ground):.2f}:1"
