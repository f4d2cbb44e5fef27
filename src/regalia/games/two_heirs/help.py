"""Two Heirs rules at hand: ``help <building>`` and ``rules`` for the decision at hand.

A building's effect is the rulebook's ("Tile effects by set", English rulebook); the tiles of
that type come from the game's tile data (``data/tiles.toml``, or the player's ``--data``
file), each with its provenance: the bundled tiles are ``reconstructed`` (the printed
manifest is not public). Plain strings only; front ends print them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.provenance import STRENGTH

from regalia.core.i18n import N_, _, ngettext

from .components import (SET_OF_TYPE, colour_name, direction_name, provenance_name,
                         set_name, type_name)

if TYPE_CHECKING:
    from .rules import TwoHeirsGame
    from .state import TwoHeirsState

#: Sources as a person reads them (shown translated: ``_(EFFECTS_CITE)``); the German
#: catalogue cites the German rulebook, whose words its texts are.
BOOK = N_("Two Heirs rulebook (English)")
EFFECTS_CITE = N_("Two Heirs rulebook (English), 'Tile effects by set'")
SCORING_CITE = N_("Two Heirs rulebook (English), 'Scoring'")
ROADS_CITE = N_("Two Heirs rulebook (English), 'Scoring: Roads'")
SOLO_SCORING_CITE = N_("Two Heirs solo rules (two-heirs.solo.en.md, from the German "
                       "SOLOMODUS), 'Scoring'")

#: The effect of each building type, in the rulebook's words (shortened where marked ...).
TYPE_EFFECTS: dict[str, str] = {
    "inn": N_("Score 1 point for each tile in the same row or column (as depicted on the tile) "
           "as the Inn, with a maximum of 3 tiles in both directions. The Inn itself is also "
           "worth 1 point (at most 7 points)."),
    "market": N_("Score 1 point for each tile orthogonally adjacent to the Market. The Market "
              "itself is also worth 1 point (at most 5 points)."),
    "pilgrimage-site": N_("Score a number of points equal to the number of tiles of the longest "
                       "continuous road connected to the Pilgrimage Site, regardless of who "
                       "owns the buildings on the road. The Pilgrimage Site itself also counts "
                       "as a road (at least 1 point); it does not connect roads, it ends each "
                       "road connected to it."),
    "robber-barony": N_("Score 2 points for each of your opponent's buildings orthogonally "
                     "adjacent to the Robber Barony. The Robber Barony itself is also worth 2 "
                     "points (at most 10 points)."),
    "mill": N_("Score 1 point for every yellow tile within a contiguous area of yellow tiles "
            "orthogonally connected to the Mill, including your opponent's yellow tiles and "
            "yellow open terrain. The Mill itself is also worth 1 point."),
    "mine": N_("Score 1 point for every grey tile within a contiguous area of grey tiles "
            "orthogonally connected to the Mine, including your opponent's grey tiles and "
            "grey open terrain. The Mine itself is also worth 1 point."),
    "cowshed": N_("Score 1 point for every green tile within a contiguous area of green tiles "
               "orthogonally connected to the Cowshed, including your opponent's green tiles "
               "and green open terrain. The Cowshed itself is also worth 1 point."),
    "bakery": N_("Score 1 point for each of your buildings on yellow tiles. The Bakery itself is "
              "also worth 1 point."),
    "encampment": N_("At any point during your turn, if you have already taken a tile from the "
                  "royal reserve, you may flip the Encampment face down to take another tile "
                  "this turn ('flip Encampment @ x,y'). Unused at the end of the game, it "
                  "scores 2 points. Each Encampment can only be used once per game."),
    "smithy": N_("Score 1 point for each of your buildings on grey tiles. The Smithy itself is "
              "also worth 1 point."),
    "lodge": N_("Score 1 point for each of your buildings on green tiles. The Lodge itself is "
             "also worth 1 point."),
    "farm": N_("Each Farm you own gives you access to 1 extra wheat per turn (it need not be "
            "occupied); with a troop on it, 2 wheat."),
    "sawmill": N_("Each Sawmill you own gives you access to 1 extra wood per turn (it need not "
               "be occupied); with a troop on it, 2 wood."),
    "quarry": N_("Each Quarry you own gives you access to 1 extra stone per turn (it need not be "
              "occupied); with a troop on it, 2 stone."),
    "trading-post": N_("Score 3 points for each of your buildings of the type depicted on the "
                    "Trading Post: Farms, Sawmills, or Quarries."),
    "cathedral": N_("Score 5 points."),
    "siege-tower": N_("If 2 of your Siege Towers are orthogonally adjacent to 1 of your "
                   "opponent's buildings, you may destroy that building (flip it face down: "
                   "open terrain), when the second Siege Tower is placed. Destroying is "
                   "voluntary. Siege Towers themselves score no points."),
    "stronghold": N_("Score 1 point for each of your Siege Towers and Strongholds anywhere on "
                  "the play area, including this one."),
    "watchtower": N_("Score 1 point per tile of the same type as the Watchtower located in its "
                  "column or row (as depicted on the tile), yours, your opponent's and open "
                  "terrain. The Watchtower itself is also worth 1 point."),
    "garrison": N_("Score 2 points per Watchtower (yours or your opponent's) diagonally in line "
                "with your Garrison, regardless of distance."),
    "basket-shop": N_("Score 3 points per pair of green and yellow tiles in the formation "
                   "depicted on the tile (your opponent's tiles and open terrain count too); "
                   "no pair, no points."),
    "pottery": N_("Score 3 points per pair of grey and yellow tiles in the formation depicted on "
               "the tile (your opponent's tiles and open terrain count too); no pair, no "
               "points."),
    "cooperage": N_("Score 3 points per pair of grey and green tiles in the formation depicted "
                 "on the tile (your opponent's tiles and open terrain count too); no pair, no "
                 "points."),
    "guildhall": N_("The craft building depicted (Basket Shop, Pottery or Cooperage) scores 4 "
                    "points per pair instead of 3. Guildhalls themselves score no points."),
}


SOLO_BOOK = N_("Two Heirs solo rules (two-heirs.solo.en.md, from the German SOLOMODUS)")

#: The rulebook's scoring rules: ``(heading, text, source, applies)``; ``applies`` is
#: ``all``, ``roads`` (only when roads are scored), ``no-roads``, ``two`` (2 players) or
#: ``solo``. Building effects are :data:`TYPE_EFFECTS`. The texts are messages: show them
#: with ``_()`` (:func:`scoring_rules`).
SCORING_RULES: tuple[tuple[str, str, str, str], ...] = (
    (N_("Your buildings"),
     N_("Add up the points for buildings you constructed: the building tiles in the play area "
        "with their bottom edges facing towards you. Each tile is assessed individually, "
        "according to the scoring condition on it (hover a building for its effect)."),
     SCORING_CITE, "all"),
    (N_("Troop placement"),
     N_("If you have troops located on any of your buildings at the end of the game, you "
        "score double the usual amount of points for that building. If your opponent has "
        "troops located on any of your buildings, it doesn't affect scoring in any way."),
     N_("Two Heirs rulebook (English), 'Scoring: Troop placement'"), "all"),
    (N_("Roads"),
     N_("A road is only considered for scoring if it connects buildings on at least 2 tiles. "
        "Each road is scored separately: both players count how many of their buildings the "
        "road connects; the player who connected the most subtracts the opponent's number and "
        "scores the difference. A tie scores nothing. Open terrain does not count as a road "
        "section and does not connect roads; a tile with 4 separate road sections ends each "
        "of its 4 roads."),
     ROADS_CITE, "roads"),
    (N_("Roads (not scored in this game)"),
     N_("'For your first game, we recommend not scoring roads at all': this game was set up "
        "without road scoring (the Pilgrimage Site still counts its road)."),
     N_("Two Heirs rulebook (English), 'Scoring: Roads' (note)"), "no-roads"),
    (N_("Winner"),
     N_("The player with the most points wins. If there's a tie, the player with the most "
        "troops in the royal reserve wins. If they are still tied, the victory is shared."),
     SCORING_CITE, "two"),
    (N_("Heinrich's score"),
     N_("You score normally. Heinrich scores: 1. his buildings score normally, and his 3 "
        "highest-scoring buildings score double; Heinrich's troops are ignored. 2. Roads "
        "score normally. 3. 5 points for each treasure left (in the pile and in the play "
        "area)."),
     SOLO_SCORING_CITE, "solo"),
    (N_("Treasures"),
     N_("You remove one of Heinrich's treasures when you meet the condition shown on it "
        "(vertical or horizontal: at least 2 tiles of the colour shown in its column or row, "
        "its own building not counted; formation: the tiles shown around it; brown means any "
        "colour). A condition already met when the treasure is placed removes it at once."),
     N_("Two Heirs solo rules (two-heirs.solo.en.md, from the German SOLOMODUS), "
        "'Treasures and how to remove them'"), "solo"),
    (N_("Winner (solo)"),
     N_("You win with more points than Heinrich. With fewer points, or a tie, you lose."),
     SOLO_SCORING_CITE, "solo"),
)


def effect(typ: str) -> str:
    """A building type's effect in the language in force (English: the English rulebook's
    words; German: the German rulebook's, "Effekte der Plättchen")."""
    return _(TYPE_EFFECTS[typ])


def scoring_rules(applies: set[str]) -> list[tuple[str, str, str]]:
    """``(heading, text, source)`` of :data:`SCORING_RULES` whose ``applies`` is in
    ``applies``, in the language in force."""
    return [(_(h), _(t), _(src)) for h, t, src, a in SCORING_RULES if a in applies]


def help_entries(game: "TwoHeirsGame") -> list[HelpEntry]:
    """One entry per building type: the rulebook's effect, then every tile of the type in
    the game's tile data (colour, cost, roads, parameters, provenance); a tile id finds its
    type's entry."""
    sets = set(getattr(game, "sets", ()))
    by_type: dict[str, list[Any]] = {}
    for tile in game.tiles.tiles:
        by_type.setdefault(tile.type, []).append(tile)
    out = []
    for typ in TYPE_EFFECTS:
        tiles = by_type.get(typ, [])
        details = [_("Set: {set}").format(set=set_name(SET_OF_TYPE[typ]))
                   + ("" if not sets or SET_OF_TYPE[typ] in sets else _(" (not in this game)"))]
        worst = min((t.provenance for t in tiles), key=STRENGTH.__getitem__, default="rulebook")
        for t in tiles:
            bits = [colour_name(t.colour), _("cost {cost}").format(cost=t.cost)]
            if t.direction:
                bits.append(direction_name(t.direction))
            if t.target:
                bits.append(_("target {building}").format(
                    building=type_name(t.target) if t.target in SET_OF_TYPE else t.target))
            if t.formation:
                bits.append(_("pairs {pairs}").format(
                    pairs=" ".join(str(p) for p in t.formation)))
            bits.append(_("roads {roads}").format(roads="|".join(str(s) for s in t.roads))
                        if t.roads else _("no road"))
            better = "".join(f"; {k} {provenance_name(v)}"
                             for k, v in sorted(t.field_provenance.items()))
            details.append(_("Tile {tile}: {facts} ({provenance})").format(
                tile=t.id, facts=", ".join(bits),
                provenance=f"{provenance_name(t.provenance)}{better}"))
        data = game.params.get("data")
        details.append(_("Effect from the {source} ('rulebook'); tile data from {data}").format(
            source=_(EFFECTS_CITE), data=data if data else _("the bundled tiles.toml")))
        note = (_("The bundled tiles are reconstructed: the printed tile manifest is not "
                  "public, so colours, costs and roads above are the project's design (use "
                  "--data for your own transcription).")
                if worst == "reconstructed" and tiles else "")
        out.append(HelpEntry(name=type_name(typ), kind="building", effect=effect(typ),
                             provenance=worst,
                             source=_(EFFECTS_CITE), note=note, details=tuple(details),
                             aliases=(typ, *(t.id for t in tiles))))
    return out


def rules_summary(state: "TwoHeirsState") -> RulesSummary:
    """The rules of the decision at hand (play a turn, a siege, the hand limit)."""
    ph = state.phase_name
    if ph == "siege":
        return RulesSummary(
            _("Siege Tower: destroy or spare"),
            (_("Your second Siege Tower is orthogonally adjacent to an opponent's building "
               "that another of your Siege Towers also touches."),
             _("'destroy x,y' flips that building face down (open terrain); 'spare' leaves "
               "it. Destroying is voluntary.")),
            _("Two Heirs rulebook (English), 'Tile effects by set', War: Siege Tower"))
    if ph == "discard":
        return RulesSummary(
            _("Hand size limit"),
            (_("You may have at most 3 building tiles in your hand at the end of your turn; "
               "excess tiles are returned to the box: 'discard <tile>'."),),
            _("Two Heirs rulebook (English), How to play, Action A (hand size limit)"))
    lines = []
    if state.taken == 0:
        lines.append(_("A. Take 1 building tile within your reach from the royal reserve "
                       "(mandatory, once per turn): 'take N'. Your reach is 1 + your troops "
                       "in the reserve (at least 1). The shield moves to the open slot and "
                       "flips."))
    elif state.takes_left:
        lines.append(_("A. Done: you took a tile this turn (an Encampment gives another "
                       "take)."))
    else:
        lines.append(_("A. Done: you took a tile this turn."))
    lines += [
        _("B. Play tiles from your hand, next (orthogonally or diagonally) to a tile with one "
          "of your troops: B.1 construct ('build <tile> @ x,y') with access to all its "
          "resources (reserve tiles within reach, tiles your troops stand on, Farm/Sawmill/"
          "Quarry); B.2 expand ('expand <tile> @ x,y'): face down, free, and 1 building this "
          "turn costs 1 resource less."),
        _("C. Move each troop once: to an adjacent unoccupied tile ('move x,y->x,y'), deploy "
          "from the reserve next to another of your troops ('deploy x,y'), or withdraw to the "
          "reserve ('withdraw x,y'; never the retinue)."),
        _("A, B and C in any order; 'end' ends the turn (hand limit 3)."),
    ]
    if state.final_left > 0:
        lines.append(ngettext("Final round: {n} turn(s) left, the reserve is not replenished.",
                              "Final round: {n} turn(s) left, the reserve is not replenished.",
                              state.final_left).format(n=state.final_left))
    return RulesSummary(_("Your turn"), tuple(lines),
                        _("Two Heirs rulebook (English), How to play: Actions A, B, C; "
                          "Resources"))


__all__ = ["BOOK", "EFFECTS_CITE", "ROADS_CITE", "SCORING_CITE", "SCORING_RULES", "SOLO_BOOK",
           "SOLO_SCORING_CITE", "TYPE_EFFECTS", "effect", "help_entries", "rules_summary",
           "scoring_rules"]
