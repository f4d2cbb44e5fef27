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
from regalia.core.i18n import N_, _, pgettext
from regalia.core.provenance import STRENGTH

from .wording import colour_stem, text as data_text, vp

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .state import CascaditoState

BOOK = N_("Cascadito rulebook (English)")


def book() -> str:
    """The rulebook cited (``Cascadito rulebook (English)``), in the language in force."""
    return _(BOOK)


#: What each special field does (rulebook, by the sheet that introduces it): the word, the
#: effect (both translated where shown: :func:`special_effect`) and the rulebook section.
SPECIAL_EFFECTS: dict[str, tuple[str, str, str]] = {
    "bandit": (N_("raiding bandit"), N_("When you mark a field with a raiding bandit, also "
               "cross off the next space of the raiding bandit track; at the end you score "
               "the points next to its highest marked space."),
               "Play Sheet 2, Raiding bandits"),  # i18n: no (the English rulebook's section)
    "star": (N_("star"), N_("When you mark a field showing a star, immediately mark another "
             "field neighbouring it (a small cascade of town scorings and actions)."),
             "Play Sheet 4, Stars"),
    "trade_good": (N_("trade good"), N_("Six trade goods, each on 2 fields with no "
                   "neighbouring town: marked only after a star or an action that marks any "
                   "field; a bottom-row achievement asks for both fields of one good."),
                   "Play Sheet 4, Trade Goods"),
    "crown": (N_("crown"), N_("Crowns in 5 colours, each on 2 fields; a top-row achievement "
              "asks for a group containing both crowns of a colour."), "Play Sheet 4, Crowns"),
    "action": (N_("action field"), N_("When you mark a field showing an action, immediately "
               "take it: mark a space in any 1 success track."), "Play Sheet 3, 2 Rivers"),
}
ACTION_WORDS = {"advance_track": N_("mark the next space of any 1 success track"),
                "mark_field": N_("mark any 1 empty field (or the next river space)"),
                "advance_river": N_("mark the next river space")}


def special_effect(kind: str) -> tuple[str, str, str]:
    """``(word, effect, section)`` of a special field, the first two translated."""
    word, effect, where = SPECIAL_EFFECTS[kind]
    return _(word), _(effect), where


def _weakest(records: Iterable[Any]) -> str:
    return min((r.provenance for r in records), key=STRENGTH.__getitem__, default="rulebook")


def _better(rec: Any) -> tuple[str, ...]:
    fp = getattr(rec, "field_provenance", {}) or {}
    return (_("Better established fields: {fields}").format(
        fields=", ".join(f"{k} {v}" for k, v in sorted(fp.items()))),) if fp else ()


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
            reward.append(vp(a.points) + (_(" ({n} VP for later players)").format(
                n=a.later_points) if a.later_points is not None else ""))
        if a.actions:
            reward.append(_("then {actions}").format(
                actions="; ".join(_(ACTION_WORDS[x]) if x in ACTION_WORDS else x
                                  for x in a.actions)))
        who = (_("only 1 player can claim it") if a.row == "top" and a.later_points is None
               else _("every player can claim it"))
        out.append(HelpEntry(
            name=name, kind=(_("achievement, top row") if a.row == "top" else
                             _("achievement, bottom row")), effect=data_text(a.text),
            provenance=a.provenance, source=a.source, note=a.note,
            details=(_("Reward: {reward}; {who}").format(reward=", ".join(reward) or pgettext("cascadito", "none"),
                                                         who=who),
                     _("Claim it with 'claim {name}'").format(name=name), *_better(a)),
            aliases=(f"{a.row[0]}{count[a.row]}", f"{a.row[0]} {count[a.row]}",
                     f"{a.row}{count[a.row]}")))
    kinds: dict[str, list[Any]] = {}
    for s in sheet.specials:
        kinds.setdefault(s.kind, []).append(s)
    for kind, recs in kinds.items():
        english, _e, where = SPECIAL_EFFECTS[kind]
        word, effect, where = special_effect(kind)
        prov = _weakest(recs)
        notes = sorted({r.note for r in recs if r.note})
        out.append(HelpEntry(
            name=word, kind=_("sheet feature"), effect=effect, provenance=prov,
            source=f"{book()}, {where}", note=" ".join(notes[:2]),
            details=(_("{n} on this sheet").format(n=len(recs)),),
            aliases=_unique(kind, kind.replace("_", " ") + "s", english + "s", english,
                            word.lower() + "s")))
    for r in sheet.rivers:
        scoring = (_("you score the highest points your marked spaces reach") if
                   r.scoring == "highest" else _("a ship reaching the end scores {n} VP").format(
                       n=r.ship_points))
        english = r.name if "river" in r.name.lower() else f"{r.name} river".strip()
        flows = pgettext("direction", "right") if r.flows == "right" else pgettext("direction", "left")
        out.append(HelpEntry(
            name=data_text(english),
            kind=_("sheet feature"),
            effect=(_("Any die may mark the next river space instead of a field (flows "
                      "{flows}, {n} spaces); a space with an action icon triggers it; "
                      "{scoring}.").format(flows=flows, n=len(r.spaces), scoring=scoring)
                    + (_(" Marked river spaces join groups like fields.") if r.joins_groups
                       else "")),
            provenance=r.provenance, source=r.source, note=r.note, details=_better(r),
            aliases=_unique("river", f"river {r.name.lower().replace(' river', '')}".strip(),
                            english.lower(), data_text(english).lower())))
    for t in sheet.tracks:
        acts = sum(1 for s in t.spaces if s.action)
        stem = colour_stem(t.colour)
        out.append(HelpEntry(
            name=_("{colour} track").format(colour=stem), kind=_("success track"),
            effect=(_("{theme}: each town scoring of a {colour} town marks its next space; "
                      "you score the points of the highest marked space").format(
                        theme=data_text(t.theme), colour=stem)
                    + (_(" ({n} with your home castle here)").format(n=t.home_points)
                       if t.home_points else "")
                    + (_("; {n} spaces trigger an action").format(n=acts) if acts else "")
                    + "."),
            provenance=t.provenance, source=t.source, note=t.note,
            details=(_("{n} spaces").format(n=len(t.spaces)), *_better(t)),
            aliases=_unique(t.colour, t.theme, f"{t.colour} track",
                            data_text(t.theme).lower())))
    if sheet.all_tracks_bonus is not None:
        b = sheet.all_tracks_bonus
        out.append(HelpEntry(
            name=_("all tracks bonus"), kind=_("bonus"),
            effect=_("{n} VP at the end if every success track has at least {min} marked "
                     "spaces.").format(n=b.points, min=b.min_spaces),
            provenance=b.provenance, source=b.source, note=b.note,
            aliases=_unique("bonus", "all tracks bonus", _("bonus").lower())))  # i18n: no (alias)
    return out


def _unique(*names: str) -> tuple[str, ...]:
    """Aliases without repeats, in order (an English alias always finds the entry)."""
    return tuple(dict.fromkeys(n for n in names if n))


def rules_summary(state: "CascaditoState") -> RulesSummary:
    """The rules of the decision at hand: select a die, an action's target, a claim."""
    ph = state.phase_name
    if ph == "claim":
        return RulesSummary(
            _("Claim achievements"),
            (_("On your turn you may claim any achievements whose criteria you have met: "
               "'claim top 2' or 'claim bottom 1'; 'decline' leaves the claim open."),
             _("The top row can be claimed by only 1 player (the others mark its lock); the "
               "bottom row by every player."),
             _("The game ends when the top row is all claimed (between all players) or 1 "
               "player has claimed the whole bottom row.")
             + ("" if state.game.deferred_bottom else
                _(" On sheets 1-2 a bottom-row achievement is claimed the moment it is met "
                  "(variant deferred-bottom-row: when you choose)."))),
            f"{book()}, Achievements; Game End")
    if ph != "die":
        return RulesSummary(
            _("An action"),
            (_("A success track space, a river space or a field with an action icon triggers "
               "it at once: mark the next space of any 1 success track ('track blue'), mark "
               "any 1 empty field ('mark c5', or the next river space), or mark the next "
               "river space ('river'). It may trigger a town scoring or another action."),),
            f"{book()}, Actions")
    solo = state.game.num_players == 1
    return RulesSummary(
        _("Select a die"),
        (_("Select 1 die from the pool and mark 1 empty field next to a town of the die's "
           "colour ('pink c5'), or mark the next river space with a die of any colour ('pink "
           "river'), or pass ('pink pass')."),
         _("Town scoring: when the field you mark joins a group of 2+ marked fields that now "
           "neighbours a town it did not touch before, mark the next space of that town's "
           "success track (once per town and group)."),
         (_("Solo: select 2 dice per round; then mark the next dice box (the timer).") if solo
          else _("When the pool is empty at the start of a turn, that player rolls all the "
                 "dice again."))),
        # the English rulebook's sections
        f"{book()}, Gameplay; Town scoring" + ("; Solo game" if solo else ""))  # i18n: no


__all__ = ["SPECIAL_EFFECTS", "help_entries", "rules_summary", "achievement_name", "book",
           "special_effect"]
