"""Plain-text views of a Cascadito position: a player's sheet, tracks, achievements, the
decision to make. Nothing here knows about terminals or colours (front ends colour the
tokens; the layer rule: a game never imports a UI library).

Every view is built from an observation (``state.observation(seat)``, a JSON-able dict)
and the game's printed sheet (``game.tables``), never from the state's fields: what a
front end shows is what a seat may see. (Cascadito is a game of perfect information:
every seat's observation holds every sheet.) The few views of the decision to make
(:func:`describe_decision`, :func:`target_hexes`, :func:`explain`) take the state and use
its public contract only: its observation, legal actions, ``decode`` and ``die_used``.

A sheet is drawn hex by hex: hex ``(x, y)`` at text column ``2 * x`` of line ``y`` (so odd
rows sit half a hex to the right), each hex a token of up to 3 characters:

======  ==============================================================
token   meaning
======  ==============================================================
``B``   a town (``B Y O P W`` by colour)
``.``   an empty field; ``x`` bandit, ``*`` star, ``$`` trade good,
        ``^`` crown, ``!`` action field (sheet 3)
``~``   an unmarked river space; ``=`` the low bridge
``#``   a marked field or river space
======  ==============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import TYPE_CHECKING, Any, Sequence

from regalia.core.i18n import N_, _, ngettext, pgettext

from .components import TOWN_COLOURS
from .notation import achievement_name
from .scoring import bandit_points
from .tables import ACTION_NAMES
from .wording import points, river_word, text as data_text, vp

if TYPE_CHECKING:
    from .rules import CascaditoGame
    from .state import CascaditoState

#: An observation (:meth:`.state.CascaditoState.observation`).
Observation = dict[str, Any]

SPECIAL_TOKENS = {"bandit": "x", "star": "*", "trade_good": "$", "crown": "^", "action": "!"}
ACTION_ICONS = {"advance_track": "+T", "mark_field": "+F", "advance_river": "+R"}
ACTION_WORDS = {"advance_track": N_("mark the next space of any track"),
                "mark_field": N_("mark any empty field (or the next river space)"),
                "advance_river": N_("mark the next river space")}

_NOTATION_HELP = N_("""\
How to write moves (fields are named by row letter, a = top row, and position in the
row, 1 = leftmost, as printed around the sheet; odd rows sit half a hex to the right)
  pink c5          select a pink die and mark field c5 (next to a pink town)
  pink river       select a pink die (any colour) and mark the next river space;
                   on sheet 3: 'pink river west' or 'pink river east'
  pink pass        select a pink die and do nothing with it
Letters work for colours: 'p c5', 'b river', 'w pass'.
When an action asks where it applies:
  track blue       mark the next space of the blue success track ('blue' works too)
  mark c5          mark field c5 ('c5' works too)
  river            mark the next river space ('river west' / 'river east' on sheet 3)
When you have met an achievement (asked at the start of your turn and after each step):
  claim top 2      claim the 2nd achievement of the top row ('claim b1': bottom row, 1st)
  decline          claim nothing now ('done' works too); the claim stays open
A town scores (its track advances) when the field you mark joins a group of 2+ marked
fields that did not touch that town before. Commands: 'moves' or '?' lists the legal moves, 'board' shows every sheet,
'hint' suggests a move (with --hints), 'help' shows this text, 'quit' ends the game.""")


def notation_help() -> str:
    """How to write moves, in the language in force (also ``view.NOTATION_HELP``)."""
    return _(_NOTATION_HELP)


def __getattr__(name: str) -> str:
    # ``view.NOTATION_HELP`` is read at call time, so it is in the language in force.
    if name == "NOTATION_HELP":
        return notation_help()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: no (developers)


@dataclass(frozen=True)
class Hex:
    """One hex of a drawn sheet: ``token`` (see the module docstring) and ``kind``
    (``town``, ``field``, ``river``, ``bridge``), ``colour`` (a town's or crown's colour,
    else ""), ``marked``."""

    x: int
    y: int
    token: str
    kind: str
    colour: str = ""
    marked: bool = False


def _sheet(obs: Observation, player: int) -> dict[str, Any]:
    sheet: dict[str, Any] = obs["sheets"][player]
    return sheet


def sheet_hexes(game: CascaditoGame, obs: Observation, player: int) -> list[Hex]:
    """Every hex of ``player``'s sheet (the kingdom and the rivers), in reading order."""
    t = game.tables
    sheet = t.sheet
    out: dict[tuple[int, int], Hex] = {}
    for h in sheet.kingdom.hexes:
        out[h] = Hex(h[0], h[1], ".", "field")
    for s in sheet.specials:
        out[s.at] = Hex(s.at[0], s.at[1], SPECIAL_TOKENS[s.kind], "field", s.colour or "")
    for r in sheet.rivers:
        for sp in r.spaces:
            out[sp.at] = Hex(sp.at[0], sp.at[1], "~", "river")
    if sheet.bridge is not None:
        b = sheet.bridge.at
        out[b] = Hex(b[0], b[1], "=", "bridge")
    for town in sheet.towns:
        out[town.at] = Hex(town.at[0], town.at[1], town.colour[0].upper(), "town", town.colour)
    for name in _sheet(obs, player)["marked"]:
        h = t.cells[t.name_index[name]]
        old = out[h]
        out[h] = Hex(h[0], h[1], "#", old.kind, old.colour, True)
    return [out[h] for h in sorted(out, key=lambda h: (h[1], h[0]))]


def target_hexes(state: CascaditoState) -> set[tuple[int, int]]:
    """The fields the player to act may mark with this decision (a die of the pool on a
    field next to a town of its colour, or the field an action or a star asks for); empty
    at chance and terminal states."""
    if state.is_chance_node() or state.is_terminal():
        return set()
    out = set()
    for a in state.legal_actions():
        act = state.decode(a)
        if act.hex is not None:
            out.add(act.hex)
    return out


def sheet_lines(game: CascaditoGame, obs: Observation, player: int) -> list[str]:
    """``player``'s sheet as plain text with row letters and positions."""
    hexes = sheet_hexes(game, obs, player)
    height = max(h.y for h in hexes) + 1
    width = max(h.x for h in hexes) + 1
    grid = [[" "] * (2 * width + 2) for _ in range(height)]
    for h in hexes:
        grid[h.y][2 * h.x] = h.token
    head = "   " + "".join(f"{k + 1:<4}" for k in range((width + 1) // 2)).rstrip()
    lines = [head]
    for y in range(height):
        row = "".join(grid[y]).rstrip()
        if row:
            lines.append(f"{chr(ord('a') + y)}  {row}")
    return lines


def track_columns(game: CascaditoGame, obs: Observation, player: int) -> list[dict[str, Any]]:
    """Per success track (left to right): ``colour``, ``height`` (spaces marked),
    ``spaces`` (bottom-up: points, icon, banner fleurs or 0, highlight), ``home`` (the
    home-castle value when it is ``player``'s castle track, else None)."""
    t = game.tables
    heights = _sheet(obs, player)["tracks"]
    banners = {h: f for f, h in t.banner_height.items()}
    out = []
    for k, track in enumerate(t.tracks):
        out.append({
            "colour": track.colour,
            "height": heights[track.colour],
            "spaces": [(s.points, ACTION_ICONS.get(s.action or "", ""), banners.get(j + 1, 0),
                        s.highlight) for j, s in enumerate(track.spaces)],
            "home": track.home_points if t.castle_track[player] == k else None,
        })
    return out


def achievement_rows(game: CascaditoGame, obs: Observation,
                     player: int) -> list[tuple[str, str, str, str]]:
    """``(row, text, reward, status)`` per achievement: row ``top 1`` (row and position
    from the left, as in ``claim top 1``); status ``claimed``, ``met: claim it`` (met, not
    yet claimed), ``locked (seat N)`` (a top-row achievement another player took first,
    seats numbered from 1), ``open``; the text, reward and status in the language in force
    (:func:`achievement_status` gives the status's English key)."""
    return [(row, data_text(text), reward, _status_words(status))
            for row, text, reward, status in _achievement_rows(game, obs, player)]


def achievement_status(game: CascaditoGame, obs: Observation, player: int) -> dict[str, str]:
    """``{"top 1": "claimed", ...}``: each achievement's status as an English key
    (``claimed``, ``met: claim it``, ``locked (seat N)``, ``open``), whatever the language
    (for front ends that style a row by its status)."""
    return {row: status for row, _t, _r, status in _achievement_rows(game, obs, player)}


def _status_words(status: str) -> str:
    if status.startswith("locked"):
        return _("locked (seat {n})").format(n=status.split()[-1].rstrip(")"))
    return {"claimed": pgettext("achievement", "claimed"), "met: claim it": _("met: claim it"),  # i18n: no (status key)
            "open": pgettext("achievement", "open")}.get(status, status)


def _achievement_rows(game: CascaditoGame, obs: Observation,
                      player: int) -> list[tuple[str, str, str, str]]:
    t = game.tables
    sheet = _sheet(obs, player)
    claimed, claimable = set(sheet["claimed"]), set(sheet["claimable"])
    first = obs["top_row_first"]
    out = []
    for a, ach in enumerate(t.achievements):
        row = achievement_name(t, a).removeprefix("claim ")
        reward = []
        if ach.points:
            reward.append(vp(ach.points) + (_(" ({n} later)").format(n=ach.later_points)
                                            if ach.later_points is not None else ""))
        reward += [ACTION_ICONS[x] for x in ach.actions]
        if a in claimed:
            status = "claimed"
        elif a in claimable:
            status = "met: claim it"  # i18n: no (status key)
        elif ach.row == "top" and first[a] >= 0 and ach.later_points is None:
            status = f"locked (seat {first[a] + 1})"
        else:
            status = "open"
        out.append((row, ach.text, ", ".join(reward), status))
    return out


def river_line(game: CascaditoGame, obs: Observation, player: int) -> list[str]:
    """Per river: ``name: 3/8 marked; next: 4 points, +F`` (empty on sheet 4)."""
    t = game.tables
    progress = _sheet(obs, player)["rivers"]
    out = []
    for r, riv in enumerate(t.rivers):
        n = progress[r]
        text = _("{river}: {n}/{total} marked").format(river=data_text(riv.name), n=n,
                                                       total=t.river_len[r])
        if n < t.river_len[r]:
            sp = riv.spaces[n]
            bits = ([points(sp.points)] if sp.points else []) + (
                [ACTION_ICONS[sp.action]] if sp.action else [])
            text += _("; next space: ") + (", ".join(bits) or _("nothing shown"))
        if riv.scoring == "ship":
            text += _(" (ship at the bridge: {n} points)").format(n=riv.ship_points)
        out.append(text)
    return out


def bandit_line(game: CascaditoGame, obs: Observation, player: int) -> str:
    """``Bandits marked: 3 (bandit track 6 points)`` on a sheet with a bandit track
    (Play Sheet 2), else ""."""
    t = game.tables
    if not t.bandit_points:
        return ""
    n = _sheet(obs, player)["bandits"]
    return _("Bandits marked: {n} (bandit track {points} points)").format(
        n=n, points=bandit_points(t, n))


def title(game: CascaditoGame, obs: Observation) -> str:
    """``Turn 7``; solo: ``Round 3 of 9 (dice boxes marked: 2) · turn 1 of 2``; once the
    game is over: ``Game over after 40 turns``, solo ``All 9 rounds played``."""
    over = obs.get("phase") == "end"
    if game.num_players == 1:
        solo = obs["solo"]
        if over:
            return _("All {n} rounds played").format(n=solo["boxes"])
        return _("Round {n} of {total} (dice boxes marked: {boxes}) · turn {turn} of 2").format(
            n=solo["boxes"] + 1, total=game.tables.solo_boxes, boxes=solo["boxes"],
            turn=solo["turn"] + 1)
    if over:
        return _("Game over after {n} turns").format(n=obs["turns"])
    return _("Turn {n}").format(n=obs["turns"] + 1)


def end_reason(game: CascaditoGame, obs: Observation,
               labels: Sequence[str] | None = None) -> str:
    """Why the game ended, read off an observation of the final position (empty before
    the end): ``seat 1 claimed the whole bottom row``, seats numbered from 1 as at the
    table, or named by ``labels`` (one per seat) where given.

    The ends checked, in this order (rulebook: Game End; ruling R11 for the engine's
    own limits): solo, the last dice box; every top-row achievement claimed; then per
    seat, the whole bottom row, the whole top row, ``k`` spaces in every track (as the
    sheet's end conditions say); the turn limit; else no player can mark or claim
    anything any more.
    """
    if obs["phase"] != "end":
        return ""
    t = game.tables
    if game.num_players == 1:
        return _("the last dice box is marked (Solo Play)")
    e = t.end
    first = obs["top_row_first"]
    if e.top_row_claimed and t.top and all(first[a] >= 0 for a in t.top):
        return _("every top-row achievement is claimed")
    for p, sheet in enumerate(obs["sheets"]):
        who = labels[p] if labels is not None else _("seat {n}").format(n=p + 1)
        claimed = set(sheet["claimed"])
        if e.bottom_row_by_one and t.bottom and claimed.issuperset(t.bottom):
            return _("{who} claimed the whole bottom row").format(who=who)
        if e.top_row_by_one and t.top and claimed.issuperset(t.top):
            return _("{who} claimed the whole top row").format(who=who)
        k = e.spaces_in_every_track
        if k and all(h >= k for h in sheet["tracks"].values()):
            return _("{who} has {k} spaces in every track").format(who=who, k=k)
    if obs["turns"] >= game.max_turns:
        return _("the engine's limit of {n} turns (R11)").format(n=game.max_turns)
    return _("no player can mark or claim anything any more (R11)")


def summary_line(game: CascaditoGame, obs: Observation, player: int, label: str) -> str:
    """One line on ``player``'s sheet: ``Ann: 12 points · tracks B2 Y0 O1 P3 · river 3/8 ·
    2 achievements`` (bandits on sheet 2)."""
    t = game.tables
    sheet = _sheet(obs, player)
    heights = " ".join(f"{c[0].upper()}{h}" for c, h in sheet["tracks"].items())
    rivers = ", ".join(f"{(river_word(t.river_names[r]) + ' ') if t.river_names[r] else ''}{n}/"
                       f"{t.river_len[r]}" for r, n in enumerate(sheet["rivers"]))
    claimed = len(sheet["claimed"])
    return (_("{label}: {points} · tracks {heights}").format(
                label=label, points=points(obs["scores"][player]), heights=heights)
            + (_(" · river {rivers}").format(rivers=rivers) if rivers else "")
            + (_(" · bandits {n}").format(n=sheet["bandits"]) if t.bandit_points else "")
            + ngettext(" · {n} achievement", " · {n} achievements", claimed).format(n=claimed))


def describe_decision(state: CascaditoState) -> str:
    """What the player to act must do, one sentence."""
    obs = state.observation(max(state.current_player(), 0))
    phase: str = obs["phase"]
    if phase == "die":
        turn = ""
        if state.game.num_players == 1:
            turn = _(" (turn {n} of 2 this round)").format(n=obs["solo"]["turn"] + 1)
        return _("select a die of the pool {pool} and mark a field next to a town of its "
                 "colour, the next river space, or pass{turn}").format(pool=obs["pool"],
                                                                     turn=turn)
    if phase == "claim":
        t = state.game.tables
        names = [achievement_name(t, a).removeprefix("claim ")
                 for a in _sheet(obs, obs["current_player"])["claimable"]]
        when = (_("before your die") if not state.die_used else
                _("before the actions waiting") if obs["tasks"] else
                _("before your turn ends"))
        return ngettext("you have met achievement {names}: 'claim {first}' or 'decline' (the "
                        "claim stays open), {when}",
                        "you have met achievements {names}: 'claim {first}' or 'decline' "
                        "(the claim stays open), {when}", len(names)).format(
            names=", ".join(names), first=names[0], when=when)
    if phase == "task":
        task = obs["tasks"][0]
        if task.startswith("star"):
            return _("the star on {field}: mark an empty field next to it (mark c5)").format(
                field=task.split()[1])
        word = _(ACTION_WORDS[task])
        example = {"advance_track": "track blue", "mark_field": "mark c5",  # i18n: no (notation)
                   "advance_river": "river"}[task]
        more = len(obs["tasks"]) - 1
        return (_("{what} (e.g. '{example}')").format(what=word, example=example)
                + (_("; {n} more action(s) waiting").format(n=more) if more else ""))
    return phase


def colour_of(letter: str) -> str:
    """``B`` -> ``blue``."""
    return next(c for c in TOWN_COLOURS if c[0].upper() == letter)


def explain(state: CascaditoState, text: str) -> str | None:
    """Why ``text`` is not a legal move now, for the achievements (``claim top 2``): not on
    this sheet, already claimed, taken by another player, not met yet (with its criterion),
    or met but asked for outside a claim step; None when the engine's message says enough.
    Source: rulebook, Achievements."""
    m = re.match(r"^claim\s+(top|bottom|t|b)\s*(\d+)$", " ".join(text.casefold().split()))
    player = state.current_player()
    if m is None or player < 0:
        return None
    row = "top" if m.group(1).startswith("t") else "bottom"
    key = f"{row} {int(m.group(2))}"
    rows = {r[0]: r for r in _achievement_rows(state.game, state.observation(player), player)}
    if key not in rows:
        names = ", ".join(r for r in rows if r.startswith(row)) or pgettext("cascadito", "none")
        if row == "top":
            return _("this sheet has no achievement {key}; its top row: {names}").format(
                key=key, names=names)
        return _("this sheet has no achievement {key}; its bottom row: {names}").format(
            key=key, names=names)
    _r, desc, _w, status = rows[key]
    desc = data_text(desc).rstrip(".")
    if status == "claimed":
        return _("you have already claimed {key} ('{text}')").format(key=key, text=desc)
    if status.startswith("locked"):
        return _("{key} ('{text}') was claimed first by another player: the top row can be "
                 "claimed by only 1 player (rulebook, Achievements)").format(key=key, text=desc)
    if status == "open":
        return _("{key} is not met yet ({text})").format(key=key, text=desc)
    return _("{key} is met: claim it when you are asked (at the start of your turn and after "
             "each step), not in the middle of this decision").format(key=key)


__all__ = [
    "ACTION_ICONS",
    "ACTION_NAMES",
    "NOTATION_HELP",
    "achievement_status",
    "notation_help",
    "Hex",
    "Observation",
    "achievement_rows",
    "bandit_line",
    "colour_of",
    "describe_decision",
    "explain",
    "river_line",
    "sheet_hexes",
    "sheet_lines",
    "summary_line",
    "target_hexes",
    "title",
    "track_columns",
]
