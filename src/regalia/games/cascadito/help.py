"""Cascadito rules at hand: ``help <achievement>`` / ``help <feature>`` from the play
sheet's data (each record's provenance), and ``rules`` for the decision at hand (rulebook
sections cited). Plain strings only; front ends print them.

Achievements are named by row and position as the notation claims them (``top 2``,
``bottom 1``, also ``t2`` / ``b1``); sheet features by kind (``bandit``, ``star``, ``trade
good``, ``crown``, ``action field``, ``river``, ``blue track`` ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.provenance import STRENGTH

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .state import CascaditoState

BOOK = "Cascadito rulebook (English)"

#: What each special field does (rulebook, by the sheet that introduces it).
SPECIAL_EFFECTS: dict[str, tuple[str, str, str]] = {
    "bandit": ("raiding bandit", "When you mark a field with a raiding bandit, also cross off "
               "the next space of the raiding bandit track; at the end you score the points "
               "next to its highest marked space.", "Play Sheet 2, Raiding bandits"),
    "star": ("star", "When you mark a field showing a star, immediately mark another field "
             "neighbouring it (a small cascade of town scorings and actions).",
             "Play Sheet 4, Stars"),
    "trade_good": ("trade good", "Six trade goods, each on 2 fields with no neighbouring "
                   "town: marked only after a star or an action that marks any field; a "
                   "bottom-row achievement asks for both fields of one good.",
                   "Play Sheet 4, Trade Goods"),
    "crown": ("crown", "Crowns in 5 colours, each on 2 fields; a top-row achievement asks for "
              "a group containing both crowns of a colour.", "Play Sheet 4, Crowns"),
    "action": ("action field", "When you mark a field showing an action, immediately take it: "
               "mark a space in any 1 success track.", "Play Sheet 3, 2 Rivers"),
}
ACTION_WORDS = {"advance_track": "mark the next space of any 1 success track",
                "mark_field": "mark any 1 empty field (or the next river space)",
                "advance_river": "mark the next river space"}


def _weakest(records: Iterable[Any]) -> str:
    return min((r.provenance for r in records), key=STRENGTH.__getitem__, default="rulebook")


def _better(rec: Any) -> tuple[str, ...]:
    fp = getattr(rec, "field_provenance", {}) or {}
    return (f"Better established fields: {', '.join(f'{k} {v}' for k, v in sorted(fp.items()))}",
            ) if fp else ()


def achievement_name(row: str, k: int) -> str:
    """``top 2``: the notation's name of the ``k``-th (1-based) achievement of ``row``."""
    return f"{row} {k}"


def help_entries(game: "CascaditoGame") -> list[HelpEntry]:
    """The sheet's achievements, special fields, rivers, success tracks and bonuses."""
    sheet = game.sheet
    out: list[HelpEntry] = []
    count = {"top": 0, "bottom": 0}
    for a in sheet.achievements:
        count[a.row] += 1
        name = achievement_name(a.row, count[a.row])
        reward = []
        if a.points:
            reward.append(f"{a.points} VP" + (f" ({a.later_points} VP for later players)"
                                               if a.later_points is not None else ""))
        if a.actions:
            reward.append("then " + "; ".join(ACTION_WORDS.get(x, x) for x in a.actions))
        who = ("only 1 player can claim it" if a.row == "top" and a.later_points is None
               else "every player can claim it")
        out.append(HelpEntry(
            name=name, kind=f"achievement, {a.row} row", effect=a.text,
            provenance=a.provenance, source=a.source, note=a.note,
            details=(f"Reward: {', '.join(reward) or 'none'}; {who}",
                     f"Claim it with 'claim {name}'", *_better(a)),
            aliases=(f"{a.row[0]}{count[a.row]}", f"{a.row[0]} {count[a.row]}",
                     f"{a.row}{count[a.row]}")))
    kinds: dict[str, list[Any]] = {}
    for s in sheet.specials:
        kinds.setdefault(s.kind, []).append(s)
    for kind, recs in kinds.items():
        word, effect, where = SPECIAL_EFFECTS[kind]
        prov = _weakest(recs)
        notes = sorted({r.note for r in recs if r.note})
        out.append(HelpEntry(
            name=word, kind="sheet feature", effect=effect, provenance=prov,
            source=f"{BOOK}, {where}", note=" ".join(notes[:2]),
            details=(f"{len(recs)} on this sheet",),
            aliases=(kind, kind.replace("_", " ") + "s", word + "s")))
    for r in sheet.rivers:
        scoring = (f"you score the highest points your marked spaces reach" if
                   r.scoring == "highest" else f"a ship reaching the end scores "
                   f"{r.ship_points} VP")
        out.append(HelpEntry(
            name=(r.name if "river" in r.name.lower() else f"{r.name} river".strip()),
            kind="sheet feature",
            effect=(f"Any die may mark the next river space instead of a field (flows "
                    f"{r.flows}, {len(r.spaces)} spaces); a space with an action icon "
                    f"triggers it; {scoring}."
                    + (" Marked river spaces join groups like fields." if r.joins_groups
                       else "")),
            provenance=r.provenance, source=r.source, note=r.note, details=_better(r),
            aliases=("river", f"river {r.name.lower().replace(' river', '')}".strip())))
    for t in sheet.tracks:
        acts = sum(1 for s in t.spaces if s.action)
        out.append(HelpEntry(
            name=f"{t.colour} track", kind="success track",
            effect=(f"{t.theme}: each town scoring of a {t.colour} town marks its next space; "
                    f"you score the points of the highest marked space"
                    + (f" ({t.home_points} with your home castle here)" if t.home_points
                       else "") + (f"; {acts} spaces trigger an action" if acts else "")
                    + "."),
            provenance=t.provenance, source=t.source, note=t.note,
            details=(f"{len(t.spaces)} spaces", *_better(t)),
            aliases=(t.colour, t.theme)))
    if sheet.all_tracks_bonus is not None:
        b = sheet.all_tracks_bonus
        out.append(HelpEntry(
            name="all tracks bonus", kind="bonus",
            effect=f"{b.points} VP at the end if every success track has at least "
                   f"{b.min_spaces} marked spaces.",
            provenance=b.provenance, source=b.source, note=b.note, aliases=("bonus",)))
    return out


def rules_summary(state: "CascaditoState") -> RulesSummary:
    """The rules of the decision at hand: select a die, an action's target, a claim."""
    ph = state.phase_name
    if ph == "claim":
        return RulesSummary(
            "Claim achievements",
            ("On your turn you may claim any achievements whose criteria you have met: "
             "'claim top 2' or 'claim bottom 1'; 'decline' leaves the claim open.",
             "The top row can be claimed by only 1 player (the others mark its lock); the "
             "bottom row by every player.",
             "The game ends when the top row is all claimed (between all players) or 1 player "
             "has claimed the whole bottom row."
             + ("" if state.game.deferred_bottom else
                " On sheets 1-2 a bottom-row achievement is claimed the moment it is met "
                "(variant deferred-bottom-row: when you choose).")),
            f"{BOOK}, Achievements; Game End")
    if ph != "die":
        return RulesSummary(
            "An action",
            ("A success track space, a river space or a field with an action icon triggers "
             "it at once: mark the next space of any 1 success track ('track blue'), mark "
             "any 1 empty field ('mark c5', or the next river space), or mark the next river "
             "space ('river'). It may trigger a town scoring or another action.",),
            f"{BOOK}, Actions")
    solo = state.game.num_players == 1
    return RulesSummary(
        "Select a die",
        ("Select 1 die from the pool and mark 1 empty field next to a town of the die's "
         "colour ('pink c5'), or mark the next river space with a die of any colour ('pink "
         "river'), or pass ('pink pass').",
         "Town scoring: when the field you mark joins a group of 2+ marked fields that now "
         "neighbours a town it did not touch before, mark the next space of that town's "
         "success track (once per town and group).",
         ("Solo: select 2 dice per round; then mark the next dice box (the timer)." if solo
          else "When the pool is empty at the start of a turn, that player rolls all the "
          "dice again.")),
        f"{BOOK}, Gameplay; Town scoring" + ("; Solo game" if solo else ""))


__all__ = ["SPECIAL_EFFECTS", "help_entries", "rules_summary", "achievement_name"]
