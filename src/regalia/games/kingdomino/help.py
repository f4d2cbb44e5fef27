"""Kingdomino rules at hand: ``help <terrain>`` (its dominoes and crowns from the dominoes
data, with provenance), ``help <variant>``, ``help <domino number>``, and ``rules`` for the
decision at hand (quick reference sections cited). Plain strings only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.provenance import STRENGTH

from .rules import VARIANTS

if TYPE_CHECKING:
    from .rules import KingdominoGame
    from .state import KingdominoState

BOOK = "Kingdomino quick reference (English)"
TERRAINS = ("wheat", "forest", "lake", "grassland", "swamp", "mine")
#: Where each variant's rule comes from (COMPONENTS.md, Kingdomino; the printed rules).
VARIANT_SOURCE = "Kingdomino rules, variants (COMPONENTS.md, Kingdomino)"


def help_entries(game: "KingdominoGame") -> list[HelpEntry]:
    """The six terrains (squares, crowns, dominoes in the game's data), the castle, the
    variants and each domino by number."""
    ds = game.dominoes
    file_prov = ds.provenance
    out: list[HelpEntry] = []
    for terrain in TERRAINS:
        squares = crowns = 0
        numbers = []
        provs = []
        for d in ds.dominoes:
            for half in (d.first, d.second):
                if half.terrain == terrain:
                    squares += 1
                    crowns += half.crowns
                    if d.number not in numbers:
                        numbers.append(d.number)
                        provs.append(d.provenance)
        prov = min(provs, key=STRENGTH.__getitem__, default=file_prov)
        out.append(HelpEntry(
            name=terrain, kind="terrain",
            effect=(f"A property is a group of {terrain} squares connected horizontally or "
                    f"vertically; it scores its squares x its crowns (no crown: 0). A "
                    f"domino must touch a matching terrain or the castle."),
            provenance=prov, source=ds.source,
            details=(f"In the dominoes data: {squares} squares, {crowns} crowns, on dominoes "
                     + ", ".join(map(str, numbers)),),
            aliases=(terrain[0],)))
    out.append(HelpEntry(
        name="castle", kind="starting tile",
        effect="Your starting tile is wild: any terrain may connect to it. The kingdom must "
               "fit in a 5x5 grid (7x7 in The Mighty Duel).",
        provenance="rulebook", source=f"{BOOK}, 'When placing tiles' rules 1 and 3",
        aliases=("c", "starting tile")))
    for name, text in VARIANTS.items():
        out.append(HelpEntry(name=name, kind="variant", effect=text.split(": ", 1)[-1],
                             provenance="rulebook", source=VARIANT_SOURCE,
                             details=("Played in this game" if name in game.variants else
                                      "Not played in this game",),
                             aliases=(name.replace("-", " "),)))
    for d in ds.dominoes:
        a, b = d.first, d.second
        out.append(HelpEntry(
            name=str(d.number), kind="domino",
            effect=f"{a.terrain}{' ' + '*' * a.crowns if a.crowns else ''} / "
                   f"{b.terrain}{' ' + '*' * b.crowns if b.crowns else ''} (crowns as *)",
            provenance=d.provenance, source=getattr(d, "source", "") or ds.source,
            note=getattr(d, "note", "") or "", aliases=(f"domino {d.number}",)))
    return out


def rules_summary(state: "KingdominoState") -> RulesSummary:
    """The rules of the decision at hand: place the domino, or pick one of the next line."""
    if state.phase_name == "place":
        size = 7 if state.game.duel else 5
        return RulesSummary(
            "Place your domino",
            (f"Your kingdom must not exceed a {size}x{size} grid.",
             "The domino must match terrain with at least one square touching it "
             "(horizontally or vertically); the castle is wild.",
             "If you can legally place it, you must; if not, it is discarded.",
             "Type the squares of its first and second half: 'd5-e5'."),
            f"{BOOK}, 'When placing tiles you must follow the following rules'")
    return RulesSummary(
        "Pick a domino",
        ("Put your king on a free domino of the next line: you place it next round.",
         "Turn order follows the line: the king on the lowest-numbered domino goes first "
         "next round.", "Type its number: '23'."),
        f"{BOOK}, 'On your turn' and 'Turn order'")


__all__ = ["help_entries", "rules_summary", "TERRAINS"]
