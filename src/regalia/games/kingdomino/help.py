"""Kingdomino rules at hand: ``help <terrain>`` (its dominoes and crowns from the dominoes
data, with provenance), ``help <variant>``, ``help <domino number>``, and ``rules`` for the
decision at hand (quick reference sections cited). Plain strings only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.i18n import N_, _
from regalia.core.provenance import STRENGTH

from .components import terrain_word
from .rules import VARIANTS, variant_text

if TYPE_CHECKING:
    from .rules import KingdominoGame
    from .state import KingdominoState

#: The book cited (translated where shown: ``_(BOOK)``; its section titles stay as printed).
BOOK = N_("Kingdomino quick reference (English)")
TERRAINS = ("wheat", "forest", "lake", "grassland", "swamp", "mine")
#: Where each variant's rule comes from (COMPONENTS.md, Kingdomino; the printed rules);
#: translated where shown.
VARIANT_SOURCE = N_("Kingdomino rules, variants (COMPONENTS.md, Kingdomino)")


def book_section(section: str) -> str:
    """``Kingdomino quick reference (English), 'End of the Game'`` in the language in
    force (the section's title stays as printed in the English book)."""
    return _("{book}, '{section}'").format(book=_(BOOK), section=section)


def _named(name: str, english: str, *aliases: str) -> tuple[str, tuple[str, ...]]:
    """An entry's shown name and its aliases: the English name stays an alias of a
    translated one, so ``help forest`` finds ``Wald``."""
    extra = (english,) if name.casefold() != english.casefold() else ()
    return name, tuple(a for a in (*aliases, *extra) if a)


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
        word = terrain_word(terrain)
        name, aliases = _named(word, terrain, terrain[0])
        out.append(HelpEntry(
            name=name, kind=_("terrain"),
            effect=_("A property is a group of {terrain} squares connected horizontally or "
                     "vertically; it scores its squares x its crowns (no crown: 0). A "
                     "domino must touch a matching terrain or the castle.").format(
                         terrain=word),
            provenance=prov, source=ds.source,
            details=(_("In the dominoes data: {squares} squares, {crowns} crowns, on "
                       "dominoes {numbers}").format(squares=squares, crowns=crowns,
                                                   numbers=", ".join(map(str, numbers))),),
            aliases=aliases))
    name, aliases = _named(_("castle"), "castle", "c",
                           "starting tile",  # i18n: no (the English name stays an alias)
                           _("starting tile"))
    out.append(HelpEntry(
        name=name, kind=_("starting tile"),
        effect=_("Your starting tile is wild: any terrain may connect to it. The kingdom must "
                 "fit in a 5x5 grid (7x7 in The Mighty Duel)."),
        provenance="rulebook",
        source=_("{book}, 'When placing tiles' rules 1 and 3").format(book=_(BOOK)),
        aliases=aliases))
    for key in VARIANTS:
        title, _sep, rule = variant_text(key).partition(": ")
        # the entry is named by the variant's key, or by its title where it is translated
        shown = key if variant_text(key) == VARIANTS[key] else title
        name, aliases = _named(shown, key, key.replace("-", " "))
        out.append(HelpEntry(name=name, kind=_("variant"), effect=rule or title,
                             provenance="rulebook", source=_(VARIANT_SOURCE),
                             details=(_("Played in this game") if key in game.variants else
                                      _("Not played in this game"),),
                             aliases=aliases))
    for d in ds.dominoes:
        a, b = d.first, d.second
        out.append(HelpEntry(
            name=str(d.number), kind=_("domino"),
            effect=_("{first} / {second} (crowns as *)").format(
                first=terrain_word(a.terrain) + (" " + "*" * a.crowns if a.crowns else ""),
                second=terrain_word(b.terrain) + (" " + "*" * b.crowns if b.crowns else "")),
            provenance=d.provenance, source=getattr(d, "source", "") or ds.source,
            note=getattr(d, "note", "") or "",
            aliases=tuple(dict.fromkeys((f"domino {d.number}",  # i18n: no
                                         _("domino {number}").format(number=d.number)
                                         .lower())))))
    return out


def rules_summary(state: "KingdominoState") -> RulesSummary:
    """The rules of the decision at hand: place the domino, or pick one of the next line."""
    if state.phase_name == "place":
        size = 7 if state.game.duel else 5
        return RulesSummary(
            _("Place your domino"),
            (_("Your kingdom must not exceed a {size}x{size} grid.").format(size=size),
             _("The domino must match terrain with at least one square touching it "
               "(horizontally or vertically); the castle is wild."),
             _("If you can legally place it, you must; if not, it is discarded."),
             _("Type the squares of its first and second half: 'd5-e5'.")),
            book_section(
                "When placing tiles you must follow the following rules"))  # i18n: no (printed)
    return RulesSummary(
        _("Pick a domino"),
        (_("Put your king on a free domino of the next line: you place it next round."),
         _("Turn order follows the line: the king on the lowest-numbered domino goes first "
           "next round."), _("Type its number: '23'.")),
        _("{book}, 'On your turn' and 'Turn order'").format(book=_(BOOK)))


__all__ = ["help_entries", "rules_summary", "book_section", "TERRAINS"]
