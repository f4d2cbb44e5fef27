"""What a seat reads at the table besides the drawing: what happened since its last move,
the move log folded into turns, whether Undo can work, the end of the game, refusals in
words.

Everything here is built from the per-seat move log (:mod:`.movelog`: a ply's notation
only where the seat saw it, a redacted line elsewhere) and from the drawing's optional
words function (board protocol v2, ``docs/web.md``):

``narrate(observation, plies, names) -> [{"ply", "last", "seat", "text"}]``
    ``plies``: the log as the viewer saw it, one ``{"seat", "text", "seen"}`` per ply
    (``seat`` None for chance; ``text`` the notation where ``seen``, else the redacted
    line). The answer folds the plies into entries (a turn, a round's draws...), each
    naming its first and last ply and the seat that made it; ``text`` is plain words
    without the seat's name (the page puts it before).

A drawing receives recent moves (``render(..., recent=...)``) only as the notation of
plies the viewer saw: :func:`recent` never hands it anything the seat's log redacted.

Nothing here imports a game: the drawing module is passed in.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from regalia.core.errors import IllegalActionError
from regalia.core.i18n import _, format_list, ngettext

from .movelog import MoveLog, Viewer

#: The kind of a seat played by the computer (``table.COMPUTER``; not imported, the
#: table module imports this one).
COMPUTER = "computer"


# ---------------------------------------------------------------------------- undo
def undo_refusal(kinds: Sequence[str], seat: int | None, movers: Sequence[int]) -> str | None:
    """Why ``seat`` cannot take back its last move now, or None when it can.

    The rule of :meth:`.table.Table.undo`, written once for the undo itself and for the view
    (the page shows *Undo* only when this is None): a person alone against computer
    players, a move of the seat's own to take back, and nothing drawn or dealt since it
    (a draw reveals hidden information).

    Args:
        kinds: each seat's kind (``here``, ``invited``, ``computer``).
        seat: the asking seat (None: a spectator).
        movers: who made each ply of the game (a seat, or -1 for chance).
    """
    if seat is None:
        return _("a spectator has no move to take back")
    if any(k != COMPUTER and i != seat for i, k in enumerate(kinds)):
        return _("undo is only for a person playing alone against computer players")
    mine = [i for i, p in enumerate(movers) if p == seat]
    if not mine:
        return _("you have no move to take back")
    if any(p < 0 for p in movers[mine[-1]:]):
        return _("something was drawn or dealt since your last move, so it cannot be "
                 "taken back")
    return None


# ---------------------------------------------------------------------------- the story
def since(movers: Sequence[int | None], viewer: Viewer) -> int:
    """The first ply of "what happened since your last move" for ``viewer``.

    A seat: the ply after its last completed turn (a run of its moves followed by another
    seat's move); while it is in the middle of a turn of several moves, the turn before
    stays the reference. Alone at the table (no other seat moved since its last move):
    the ply after its last move. A spectator: the first ply of the last turn.
    ``movers``: who made each ply (a seat; None or -1 for chance)."""
    def chance(p: int | None) -> bool:
        return p is None or p < 0

    i = len(movers) - 1
    if viewer is None:
        while i >= 0 and chance(movers[i]):
            i -= 1
        if i < 0:
            return 0
        who = movers[i]
        while i >= 0 and (movers[i] == who or chance(movers[i])):
            i -= 1
        return i + 1
    while i >= 0 and (chance(movers[i]) or movers[i] == viewer):
        i -= 1
    if i < 0:   # no other seat moved since the viewer's moves: since its last one
        own = [k for k, p in enumerate(movers) if p == viewer]
        return own[-1] + 1 if own else 0
    while i >= 0 and movers[i] != viewer:
        i -= 1
    return i + 1


def plies(movelog: MoveLog, viewer: Viewer, upto: int | None = None) -> list[dict[str, Any]]:
    """The log as ``viewer`` saw it: ``[{"seat", "text", "seen"}]`` per ply (the first
    ``upto``)."""
    return [{"seat": s, "text": t, "seen": k} for s, t, k in
            zip(movelog.seats(upto), movelog.log(viewer, upto), movelog.saw(viewer, upto))]


def recent(movelog: MoveLog, viewer: Viewer, folded: Sequence[dict[str, Any]],
           upto: int | None = None) -> list[dict[str, Any]]:
    """Each other seat's last turn since ``viewer``'s last move (:func:`since`), the plies
    the viewer saw, for the drawing to mark: ``[{"ply", "seat", "notation"}]``.

    A seat's last turn is its last entries of the folded log (``folded``, :func:`entries`:
    the game's own idea of a turn, chance told within it) with no other entry between them
    (Kingdomino's two kings of one seat playing in a row are one turn; a round's new line
    between them makes two). A ply whose log line the viewer got redacted is left out: the
    drawing learns nothing the log did not say."""
    movers = movelog.seats(upto)
    saw = movelog.saw(viewer, upto)
    lines = movelog.log(viewer, upto)
    first = since(movers, viewer)
    turns: dict[int, list[dict[str, Any]]] = {}    # seat -> its last entries in a row
    prev = None
    for e in folded:
        if e["last"] < first:
            continue
        seat = e["seat"]
        if seat is not None and seat == prev:
            turns[seat].append(e)
        elif seat is not None:
            turns[seat] = [e]
        prev = seat
    plies = sorted(i for seat, run in turns.items() if seat != viewer for e in run
                   for i in range(max(e["ply"], first), e["last"] + 1)
                   if i < len(movers) and movers[i] == seat)
    return [{"ply": i, "seat": movers[i], "notation": lines[i]} for i in plies if saw[i]]


def entries(drawing: Any, observation: dict[str, Any], movelog: MoveLog, viewer: Viewer,
            names: Sequence[str], upto: int | None = None) -> list[dict[str, Any]]:
    """The log folded into entries ``[{"ply", "last", "seat", "text"}]`` by the drawing's
    ``narrate`` (see the module docstring); without one, each run of plies by one seat
    (or of chance) is one entry, its lines joined."""
    seen = plies(movelog, viewer, upto)
    narrate = getattr(drawing, "narrate", None)
    if narrate is not None:
        return [dict(e) for e in narrate(observation, seen, list(names))]
    out: list[dict[str, Any]] = []
    for i, p in enumerate(seen):
        if out and out[-1]["seat"] == p["seat"]:
            out[-1]["last"] = i
            out[-1]["text"] += "; " + p["text"]
        else:
            out.append({"ply": i, "last": i, "seat": p["seat"], "text": p["text"]})
    return out


def story(folded: Sequence[dict[str, Any]], movers: Sequence[int | None],
          viewer: Viewer) -> dict[str, Any]:
    """What happened since ``viewer``'s last move: ``{"since": ply, "entries": [...]}``,
    the folded entries that start at or after :func:`since` and are not the viewer's own."""
    first = since(movers, viewer)
    return {"since": first,
            "entries": [e for e in folded if e["ply"] >= first
                        and (viewer is None or e["seat"] != viewer)]}


def told(drawing: Any, observation: dict[str, Any], movelog: MoveLog, viewer: Viewer,
         names: Sequence[str], upto: int | None = None) -> dict[str, Any]:
    """What a view (or a replayed ply, its first ``upto`` plies) tells ``viewer`` beside
    the drawing: ``entries`` (the folded log, :func:`entries`), ``story`` (:func:`story`)
    and ``recent`` (the moves for the drawing to mark, :func:`recent`)."""
    folded = entries(drawing, observation, movelog, viewer, names, upto)
    return {"entries": folded, "story": story(folded, movelog.seats(upto), viewer),
            "recent": recent(movelog, viewer, folded, upto)}


# ---------------------------------------------------------------------------- the end
def result(score_table: dict[str, Any] | None, returns: Sequence[float],
           names: Sequence[str], viewer: Viewer, drawing: Any,
           observation: dict[str, Any]) -> dict[str, Any]:
    """The result screen of a finished game: ``{"banner", "ranking": [{"seat", "name",
    "score", "place"}], "notes"}``.

    The banner and notes come from the drawing's optional ``outcome(observation, names)``
    (a solo game's own words: "You beat Heinrich by 8"); otherwise the banner names the
    winner(s) by the game's returns, and the ranking orders the seats by their returns,
    then their total (the score table's ``Total`` row)."""
    total = _total_row(score_table)
    n = len(returns)
    best = max(returns) if returns else 0.0
    winners = [p for p in range(n) if returns[p] == best]

    def score(p: int) -> Any:
        return total[p] if total is not None and p < len(total) else None

    order = sorted(range(n), key=lambda p: (-returns[p], -_number(score(p)), p))
    ranking, place = [], 0
    for k, p in enumerate(order):
        if k == 0 or (returns[p], score(p)) != (returns[order[k - 1]], score(order[k - 1])):
            place = k + 1
        ranking.append({"seat": p, "name": names[p], "score": score(p), "place": place})
    outcome = getattr(drawing, "outcome", None)
    told = outcome(observation, list(names)) if outcome is not None else None
    if told:
        return {"banner": told["banner"], "notes": list(told.get("notes") or ()),
                "ranking": ranking}
    if len(winners) > 1:
        shared = format_list([_("You") if p == viewer else names[p] for p in winners])
        banner = _("Shared victory: {names}").format(names=shared)
    else:
        w, points = winners[0], score(winners[0])
        if points is None:
            banner = _("You win") if w == viewer else _("{name} wins").format(name=names[w])
        elif w == viewer:
            banner = ngettext("You win with {n} point", "You win with {n} points",
                              _count(points)).format(n=points)
        else:
            banner = ngettext("{name} wins with {n} point", "{name} wins with {n} points",
                              _count(points)).format(name=names[w], n=points)
    return {"banner": banner, "notes": [], "ranking": ranking}


def _total_row(table: dict[str, Any] | None) -> list[Any] | None:
    """The cells of the score table's total row: labelled ``Total`` (or the word in the
    language in force), or marked ``"total": true`` by the drawing."""
    names = {"total", _("Total").lower()}
    for row in (table or {}).get("rows", ()):
        if row.get("total") is True or str(row.get("label", "")).lower() in names:
            return list(row.get("cells") or ())
    return None


def _count(value: Any) -> int:
    """A score as the count choosing a plural form (a non-integer: the plural)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


def _number(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def rematch(game: str, params: dict[str, Any], seats: Sequence[Any], options: dict[str, Any],
            pace: float, strengths: dict[str, str]) -> dict[str, Any]:
    """The body of ``POST /api/tables`` for a new table with the same game, settings and
    seats (the *Play again* button): the game's parameters, each seat's kind and label,
    a computer seat's strength (or its agent, when it is none of the friendly ones)."""
    by_spec = {spec: name for name, spec in strengths.items()}
    rest = {k: v for k, v in params.items() if k not in ("players", "variants")}
    out_seats = []
    for s in seats:
        seat: dict[str, Any] = {"kind": s.kind, "label": s.label}
        if s.kind == COMPUTER:
            seat.pop("label")   # a new table numbers and names its computer seats itself
            if s.agent in by_spec:
                seat["strength"] = by_spec[s.agent]
            else:
                seat["agent"] = s.agent
        out_seats.append(seat)
    return {"game": game, "players": len(seats), "variants": list(params.get("variants") or ()),
            "params": rest, "seats": out_seats, "hints": bool(options.get("hints")),
            "pace": pace}


# ---------------------------------------------------------------------------- hints
def hint_answer(drawing: Any, observation: dict[str, Any], legal: Sequence[int] | None,
                names: Sequence[str], marks: Sequence[dict[str, Any]], h: Any,
                seat: int) -> dict[str, Any]:
    """The answer to a hint request: ``{action, notation, text (plain words: the move in
    the game's words, what it brings, or that the search could not rank the moves),
    details (the agent, the playouts and the runners-up, for a details toggle), ranked,
    svg (the board with the suggestion marked, or None when the table moved on: ``legal``
    None)}``. ``h``: the :class:`regalia.agents.Hint`; the move's words come from the
    drawing's optional ``describe(observation, notation)``."""
    describe = getattr(drawing, "describe", None)

    def words(notation: str) -> str:
        return str(describe(observation, notation)) if describe is not None else notation

    svg = None
    if legal is not None:
        mark = {"ply": None, "seat": seat, "notation": h.notation, "hint": True}
        svg = drawing.render(observation, legal, list(names), recent=[*marks, mark])
    return {"action": h.action, "notation": h.notation, "text": h.plain(words),
            "details": h.summary(), "ranked": h.ranked, "svg": svg, "summary": h.summary()}


# ---------------------------------------------------------------------------- refusals
_ID = re.compile(r"\baction (?:id )?\d+\b")


def refusal(exc: Exception) -> str:
    """A refused move in words: the move as the player wrote or clicked it and the rule's
    reason, never an action id (``"a1-a2 is not allowed: the domino must touch..."``)."""
    if isinstance(exc, IllegalActionError):
        move = exc.notation or (exc.action if isinstance(exc.action, str) else None)
        reason = exc.reason.rstrip(".")
        return (_("{move} is not allowed: {reason}").format(move=move, reason=reason) if move
                else _("Not allowed: {reason}").format(reason=reason))
    return _ID.sub(_("that move"), str(exc))
