"""Inheritors' scoring pad (``/score``; the contract is :mod:`regalia.core.pad`).

Each player's holdings at the end: the top card of each stack in the play area, the Clan,
Quests and Honors, and the hand (Influence Cards by colour, Tomes, Relics, Epics,
Advocates). The position is the score text of :mod:`.textformat` (``regalia score
inheritors FILE``): every edit is read back by :func:`.textformat.parse_text`, so the pad
refuses what it refuses (a Clan without a 3 or higher, ruling R20; a second Clan of a
colour; a Quest or Honor held twice; more copies of a card than the game has).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from regalia.core import pad as P
from regalia.core.errors import NotationError, ParameterError
from regalia.core.i18n import N_, _

from . import labels
from .codes import K_INF
from .help import book
from .paddraw import HAND_ROWS, area_svg
from .rules import InheritorsGame
from .textformat import PlayerArea, game_for, parse_text, result, score_text

TITLE = "Inheritors"
OPS = ("top", "hand", "quest", "honor", "clan", "name", "add_player", "remove_player")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: Most copies of one card a hand may hold in an edit (the parser checks the game's copies).
MAX_COUNT = 20
#: The rulebook section of each scoring step (shown cited: :func:`sections`).
SECTIONS = {"influence": N_("V. Scoring, step 1"), "tomes": N_("V. Scoring, step 2"),
            "relics": N_("V. Scoring, step 3"), "quests": N_("V. Scoring, step 4"),
            "honors": N_("V. Scoring, step 5"),
            "clan": N_("V. Scoring (\"some Clans affect end-game scoring\")"),
            "epics": N_("V. Scoring (an Epic's end-of-game text)")}
TIE_BREAK = N_("The most VPs wins; if tied, the player with more Tomes in hand; if tied "
               "again, more cards in hand; if still tied, the tied players share the victory.")


def sections() -> dict[str, str]:
    """:data:`SECTIONS` cited in the language in force (``"<book>, <section>"``)."""
    return {key: book(_(where)) for key, where in SECTIONS.items()}


@dataclass
class _Pad:
    game: InheritorsGame
    players: list[PlayerArea]


def setup() -> list[dict[str, Any]]:
    """The players (2 to 4)."""
    return [{"name": "players", "label": _("Players"), "default": 3,
             "options": [{"value": n, "label": str(n)}
                         for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]}]


def new(choices: Mapping[str, Any]) -> str:
    """Empty holdings of ``players`` players (2 to 4).

    Raises:
        ParameterError: another count.
    """
    n = choices.get("players", 3)
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ParameterError(f"players: {MIN_PLAYERS} to {MAX_PLAYERS}")
    return _write(_Pad(game_for(4), [PlayerArea(_("Player {n}").format(n=k + 1), 0)
                                     for k in range(n)]))


def _read(text: str) -> _Pad:
    return _Pad(game_for(4), parse_text(text, game_for(4), source=P.SOURCE))


def _write(pad: _Pad) -> str:
    G = pad.game
    out = ["# Inheritors: the end of the game, entered on the scoring pad"]  # i18n: no
    for pa in pad.players:
        out.append(f"player {pa.name}")
        tops = [f"{G.colours[c]} {pa.tops[c]}" for c in sorted(pa.tops) if pa.tops[c]]
        if tops:
            out.append("area " + ", ".join(tops))
        hand = [G.tname[t] + (f" x{k}" if k > 1 else "")
                for t in sorted(pa.hand) if (k := pa.hand[t])]
        if hand:
            out.append("hand " + ", ".join(hand))
        if pa.quests:
            out.append("quests " + ", ".join(G.quests[q].name for q in pa.quests))
        if pa.honors:
            out.append("honors " + ", ".join(G.honors[h].name for h in pa.honors))
        if pa.clan >= 0:
            out.append(f"clan {G.clans[pa.clan].name}")
        out.append("")
    return "\n".join(out)


def _checked(pad: _Pad) -> str:
    text = _write(pad)
    try:
        parse_text(text, pad.game, source=P.SOURCE)
    except NotationError as exc:
        raise NotationError(P.refusal(exc)) from None
    return text


def _named(G: InheritorsGame, change: Mapping[str, Any], key: str, records: Any) -> int:
    names = [r.name for r in records]
    return names.index(P.choice(change, key, names))


def edit(text: str, change: Mapping[str, Any]) -> str:
    """The text after one edit (``op``: ``top`` {player, colour, value 0-6: the top card,
    0 no stack}; ``hand`` {player, card: a card's name, value: copies in hand};
    ``quest`` / ``honor`` {player, name, on}; ``clan`` {player, name, "" for none};
    ``name``; ``add_player``; ``remove_player``).

    Raises:
        NotationError: a malformed edit or one the score format refuses.
    """
    op = P.op_of(change, OPS)
    pad = _read(text)
    G = pad.game
    n = len(pad.players)
    if op == "add_player":
        if n >= MAX_PLAYERS:
            raise NotationError(_("Inheritors is for {low} to {high} players").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS))
        taken = {p.name for p in pad.players}
        name = next(_("Player {n}").format(n=k) for k in range(n + 1, n + 6)
                    if _("Player {n}").format(n=k) not in taken)
        pad.players.append(PlayerArea(name, 0))
        return _checked(pad)
    pa = pad.players[P.player_index(change, n)]
    if op == "top":
        c = G.colours.index(P.choice(change, "colour", G.colours))
        value = P.number(change, "value", 0, 6)
        if value:
            pa.tops[c] = value
        else:
            pa.tops.pop(c, None)
    elif op == "hand":
        t = G.tname.index(P.choice(change, "card", G.tname))
        k = P.number(change, "value", 0, MAX_COUNT)
        if k:
            pa.hand[t] = k
        else:
            pa.hand.pop(t, None)
    elif op in ("quest", "honor"):
        records = G.quests if op == "quest" else G.honors
        x = _named(G, change, "name", records)
        held = pa.quests if op == "quest" else pa.honors
        if P.field(change, "on", bool, _("true or false")):
            if x not in held:
                held.append(x)
        elif x in held:
            held.remove(x)
    elif op == "clan":
        pa.clan = -1 if change.get("name") == "" else _named(G, change, "name", G.clans)
    elif op == "name":
        pa.name = P.player_name(change, [p.name for p in pad.players if p is not pa])
    else:
        if n <= MIN_PLAYERS:
            raise NotationError(_("Inheritors is for {low} to {high} players, and every "
                                  "player's hand counts: keep at least two").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS))
        pad.players.remove(pa)
    return _checked(pad)


# ---------------------------------------------------------------------- menus
def _prov(record: Any) -> str:
    return "reconstructed" if getattr(record, "provenance", "") == "reconstructed" else ""


def _menu(pad: _Pad, focus: str) -> dict[str, Any]:
    G = pad.game
    parts = focus.split(":")
    bad = NotationError(_("{focus} is nothing of this pad to choose").format(
        focus=repr(focus[:40])))
    if len(parts) not in (2, 3) or not parts[1].isdigit() or int(parts[1]) >= len(pad.players):
        raise bad
    i = int(parts[1])
    pa = pad.players[i]
    base = {"player": i}
    if parts[0] == "stack" and len(parts) == 3 and parts[2].isdigit() and int(parts[2]) < 5:
        c = int(parts[2])
        top = pa.tops.get(c, 0)
        opts = [P.option(str(v) if v else _("no stack"),
                         {"op": "top", **base, "colour": G.colours[c], "value": v},
                         selected=v == top) for v in range(7)]
        return {"focus": focus,
                "title": _("{player}: the top card of the {colour} stack").format(
                    player=pa.name, colour=labels.colour(G.colours[c])),
                "groups": [P.group(_("Top card"), opts)]}
    if parts[0] == "clan" and len(parts) == 2:
        opts = [P.option(_("none"), {"op": "clan", **base, "name": ""}, selected=pa.clan < 0)]
        opts += [P.option(f"{labels.card(c.name)} ({labels.colour(c.colour)})",
                          {"op": "clan", **base, "name": c.name},
                          selected=k == pa.clan, note=_prov(c))
                 for k, c in enumerate(G.clans)]
        return {"focus": focus,
                "title": _("{player}: the Clan claimed (it needs a 3 or higher of its colour)"
                           ).format(player=pa.name),
                "groups": [P.group(_("Clan"), opts)]}
    if parts[0] in ("quests", "honors") and len(parts) == 2:
        op, held = ("quest", pa.quests) if parts[0] == "quests" else ("honor", pa.honors)
        names = [r.name for r in (G.quests if op == "quest" else G.honors)]
        records = G.quests if op == "quest" else G.honors
        opts = [P.option(labels.card(nm), {"op": op, **base, "name": nm, "on": k not in held},
                         selected=k in held, note=_prov(records[k]))
                for k, nm in enumerate(names)]
        heading = _("Quests") if op == "quest" else _("Honors")
        title = (_("{player}: the Quests held") if op == "quest" else
                 _("{player}: the Honors held")).format(player=pa.name)
        return {"focus": focus, "title": title,
                "groups": [P.group(heading, opts, kind="toggle")]}
    if parts[0] == "hand" and len(parts) == 3:
        if parts[2] in G.colours:
            c = G.colours.index(parts[2])
            types = [t for t in range(G.T) if G.tkind[t] == K_INF and G.tcol[t] == c]
            title = _("{player}: {colour} Influence Cards in hand").format(
                player=pa.name, colour=labels.colour(parts[2]))
        elif parts[2] in ("other", "advocates"):
            label, kinds = HAND_ROWS[0 if parts[2] == "other" else 1]
            types = [t for t in range(G.T) if G.tkind[t] in kinds]
            title = _("{player}: {cards} in hand").format(player=pa.name, cards=_(label))
        else:
            raise bad
        groups = [P.stepper(labels.card(G.tname[t]), pa.hand.get(t, 0), 0, G.tcopies[t],
                            {"op": "hand", **base, "card": G.tname[t]},
                            unit=labels.card(G.tname[t]))
                  for t in types]
        return {"focus": focus, "title": title, "groups": groups}
    raise bad


def view(text: str, focus: str | None = None) -> dict[str, Any]:
    """The pad's view of ``text`` (:mod:`regalia.core.pad`): each player's holdings, the
    menu of the tapped stack, Clan, Quests, Honors or hand row, and the scores with the
    tie-break (Tomes, then cards in hand).

    Raises:
        NotationError: a text the score format refuses, or an unknown focus.
    """
    pad = _read(text)
    G = pad.game
    menu = _menu(pad, focus) if focus is not None else None
    table = score_text(text, source=P.SOURCE)
    n = len(pad.players)
    parts = []
    for i, pa in enumerate(pad.players):
        own = [P.group(_("Name"), [P.option(_("Rename"), {"op": "name", "player": i})],
                       kind="name", value=pa.name)]
        if n > MIN_PLAYERS:
            own.append(P.group("", [P.option(_("Remove {player}").format(player=pa.name),
                                             {"op": "remove_player", "player": i})],
                               kind="buttons"))
        parts.append({"id": f"p{i}", "title": pa.name, "controls": own,
                      "boards": [area_svg(G, i, pa)]})
    controls = []
    if n < MAX_PLAYERS:
        controls.append(P.group(_("Players"), [P.option(_("Add a player"),
                                                        {"op": "add_player"})],
                                kind="buttons"))
    sc = table.scores
    keys = [(s.total, s.tomes, s.cards) for s in sc]
    players = [P.player_score(s.name, s.breakdown, sections(), keys[k], s.warnings)
               for k, s in enumerate(sc)]
    return {"text": text, "title": _("Inheritors, {n} players").format(n=n),
            "notes": [_("Card texts: the Honors and one Quest are the rulebook's; the other "
                        "Quests' requirements and the Clans' and Epics' texts are not public, "
                        "so regalia scores them by its reconstruction (marked 'reconstructed' "
                        "where you choose them).")],
            "controls": controls, "parts": parts, "menu": menu,
            "score": P.score(players, P.ranks(keys), result(table) + ".",
                             (_("points"), _("Tomes in hand"), _("cards in hand")), _(TIE_BREAK),
                             book(_("V. Scoring")))}


__all__ = ["TITLE", "setup", "new", "view", "edit"]
