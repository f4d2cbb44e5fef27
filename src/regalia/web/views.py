"""What a seat sees: its view of a live table (:func:`view`, :func:`view_json`), a
finished game's replay and record, and the drawing's answer to a move in progress.

Everything here is built from ``observation(seat)`` only (a spectator: the drawing's
``public_observation`` of it) and the per-seat move log; the seed never appears. A view is
built once per (seat, table version) and encoded once (orjson when installed), then sent to
every request and socket of that seat until the table moves on.
"""

from __future__ import annotations

import json
from typing import Any

from regalia.core import i18n, svgkit
from regalia.core.i18n import _
from regalia.core.record import GameRecord
from regalia.core.registry import game_drawing
from regalia.core.seat_record import SeatRecord
from regalia.core.state import State

from . import story
from .catalogue import strengths_of, title_words
from .clocks import forfeit_notes, standing
from .players import people_view
from .errors import WebError
from .movelog import MoveLog
from .table import Table

_orjson: Any
try:
    import orjson as _orjson
except ImportError:  # pragma: no cover - orjson is in the web extra
    _orjson = None

#: the drawing module of each game, looked up once (the registry imports on every lookup)
_drawings: dict[str, Any] = {}


def _dumps(value: Any) -> str:
    """JSON text of a view (orjson when installed: about 5 times faster than json)."""
    if _orjson is not None:
        text: str = _orjson.dumps(value, option=_orjson.OPT_NON_STR_KEYS).decode()
        return text
    return json.dumps(value, separators=(",", ":"))


def drawing_of(t: Table) -> Any:
    """The drawing module of the table's game (tables are only created for games that
    have one).

    Raises:
        WebError(409): the game's drawing is gone (its package no longer offers one).
    """
    name = t.game.info.name
    drawing = _drawings.get(name)
    if drawing is None:
        drawing = _drawings[name] = game_drawing(name)
    if drawing is None:
        raise WebError(409, _('{title} cannot be drawn at the web table').format(title=t.game.info.title))
    return drawing


def observe(t: Table, state: State, seat: int | None) -> dict[str, Any]:
    """``observation(seat)``; for a spectator (None) the drawing's public part of
    ``observation(0)``."""
    obs: dict[str, Any] = state.observation(seat if seat is not None else 0)
    if seat is None:
        obs = dict(drawing_of(t).public_observation(obs))
    return obs


def movelog_of(t: Table) -> MoveLog:
    """The table's per-seat move log, brought up to its history (new plies only; the
    caller holds ``t.lock``)."""
    if t.movelog is None:
        t.movelog = MoveLog(t.game, [x.label for x in t.seats],
                            drawing_of(t).public_observation)
    t.movelog.update(t.state.history())
    return t.movelog


def extras(drawing: Any, obs: dict[str, Any],
           names: list[str] | None = None) -> dict[str, Any]:
    """The optional drawing functions' answers: ``score_table`` (its columns headed by
    the seats' ``names``) and ``scoring_help`` (None when the drawing has none)."""
    table = getattr(drawing, "score_table", None)
    helps = getattr(drawing, "scoring_help", None)
    return {"score_table": table(obs, names=names) if table is not None else None,
            "scoring_help": helps(obs) if helps is not None else None}


def view(t: Table, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` as a dict (a copy; see :func:`_view` for its keys)."""
    return dict(_view(t, seat)[1])


def view_json(t: Table, seat: int | None) -> str:
    """:func:`view` encoded as JSON text, encoded once per seat and table change
    (the same text answers the move's request and goes to every socket of the seat)."""
    key, out = _view(t, seat)
    with t.lock:
        text = t.encoded.get(key)
        if text is None:
            text = _dumps(out)
            if key in t.views:   # not stale meanwhile
                t.encoded[key] = text
    return text


def _view(t: Table, seat: int | None) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """What ``seat`` (None: a spectator) sees, built from ``observation(seat)`` only
    (spectators: the drawing's ``public_observation`` of it).

    Keys: table, version (grows with every change: a client drops a view older than
    the one it shows), game, title, params, perfect_information, ply, seat, seats,
    current_player, terminal, thinking (the seat of the computer player thinking, or None), error, hints, pace,
    observation, legal (``[{id, notation}]`` when the seat is to play),
    notation_example (the game's example move in notation), log (one line per ply:
    its notation where the viewer saw it, else a redacted line, :mod:`.movelog`),
    log_seats (who made each ply; None for chance), last (the last entry of the log,
    or None),
    svg, scores, score_table and scoring_help (from the drawing, or None), entries,
    story and recent (what the seat reads besides the board and the moves marked on it,
    :func:`.story.told`), undo (None when the seat's last move can be taken back, else
    why not: :func:`.story.undo_refusal`), people (names held, ratings, the move clock,
    chat, rematch: :func:`.players.people_view`), and once the game is over returns,
    winners and result (:func:`.story.result`, a seat that forfeited ranked last:
    :func:`.clocks.standing`) and again (the body of a new table with the same settings
    and seats, :func:`.story.rematch`)."""
    drawing = drawing_of(t)
    with t.lock:
        s = t.state
        # by seat and language (the words are the viewer's language's: issue 30)
        lang = i18n.language()
        key = (seat, t.version, len(s.history()), t.generation, t.thinking, t.error, lang)
        cached = t.views.get(key)
        if cached is not None:
            return key, cached
        if any(k[1:-1] != key[1:-1] for k in t.views):
            t.views.clear()   # the table moved on: older views are stale
            t.encoded.clear()
        drawn_key = (seat, len(s.history()), t.generation, lang)
        if any(k[1:-1] != drawn_key[1:-1] for k in t.drawings):
            t.drawings.clear()   # a move was made or taken back: draw again
            t.fragments.turn()   # and forget the parts not drawn since the ply before
        obs = observe(t, s, seat)
        cur = s.current_player()
        legal = s.legal_actions() if seat is not None and cur == seat else []
        moves = [{"id": a, "notation": s.action_to_string(a)} for a in legal]
        movelog = movelog_of(t)
        log = movelog.log(seat)
        names = [x.label for x in t.seats]
        drawn = t.drawings.get(drawn_key)
        if drawn is None:   # drawn once per (seat, ply): the board, its marks, the story
            told = story.told(drawing, obs, movelog, seat, names)
            with svgkit.remembering(t.fragments):
                svg = drawing.render(obs, legal, names, recent=told["recent"])
            drawn = t.drawings[drawn_key] = {"svg": svg, **extras(drawing, obs, names),
                                             **told}
        out = {
            "table": t.id, "version": t.version,
            "game": t.game.info.name, "title": title_words(t.game.info.title),
            "params": t.game.params, "ply": len(s.history()), "seat": seat,
            "seats": [{"seat": x.seat, "kind": x.kind, "label": x.label} for x in t.seats],
            "current_player": cur if cur >= 0 else None,
            "terminal": s.is_terminal(), "thinking": t.thinking,
            "error": str(t.error) if t.error is not None else None,
            "hints": bool(t.options.get("hints")), "pace": t.paced,
            "perfect_information": t.game.info.perfect_information,
            "observation": obs, "legal": moves, "log": log,
            "log_seats": movelog.seats(),
            "last": log[-1] if log else None,
            "scores": obs.get("scores"),
            "notation_example": t.notation_example(),
            **drawn,
            "undo": story.undo_refusal([x.kind for x in t.seats], seat, t.movers),
            "people": people_view(t, seat),
        }
        if s.is_terminal():
            forfeits = t.people.forfeits if t.people is not None else {}
            ranked = standing(s.returns(), forfeits)   # a forfeit ranks last
            out["returns"] = s.returns()
            out["winners"] = [p for p, r in enumerate(ranked) if r == max(ranked)]
            out["result"] = story.result(out["score_table"], ranked, names, seat,
                                         drawing, obs)
            out["result"]["notes"] += forfeit_notes(forfeits, names)
            out["again"] = story.rematch(t.game.info.name, t.game.params, t.seats,
                                         t.options, t.pace, strengths_of(t.game))
        t.views[key] = out
    return key, out


def click(t: Table, seat: int, clicks: Any, max_clicks: int = 32) -> dict[str, Any]:
    """The game drawing's answer to the click sequence of a move in progress of
    ``seat`` (board protocol v2, ``docs/web.md``): ``{"action": id, "notation"}`` for a
    complete legal action (not played: the client posts it), ``{"next": {"prompt",
    "targets", "choices", "svg"}}`` with the board re-drawn showing the pending move,
    or ``{"error": message}``.

    Raises:
        WebError(422): ``clicks`` is not a list of at most ``max_clicks`` objects.
    """
    if (not isinstance(clicks, list) or len(clicks) > max_clicks
            or not all(isinstance(c, dict) for c in clicks)):
        raise WebError(422, _("clicks must be a list of at most {max_clicks} objects (the clicked elements' data-click values)").format(max_clicks=max_clicks))
    drawing = drawing_of(t)
    with t.lock:
        s = t.state
        if s.is_terminal():
            return {"error": _("the game is over")}
        if s.current_player() != seat:
            return {"error": _("it is not your turn")}
        legal = s.legal_actions()
        obs = s.observation(seat)
        try:
            answer = drawing.click(obs, legal, clicks)
        except Exception:   # a drawing must not raise; if it does, nothing changes
            return {"error": _("these clicks could not be read; start the move again")}
        if not isinstance(answer, dict):
            return {"error": _("these clicks could not be read; start the move again")}
        if "action" in answer:
            a = answer["action"]
            if type(a) is not int or a not in legal:
                return {"error": _("these clicks lead to no legal move now")}
            return {"action": a, "notation": s.action_to_string(a)}
        if "next" in answer and isinstance(answer["next"], dict):
            nxt = dict(answer["next"])
            nxt.setdefault("prompt", "")
            nxt.setdefault("targets", [])
            nxt.setdefault("choices", [])
            if clicks:
                recent = _view(t, seat)[1]["recent"]
                with svgkit.remembering(t.fragments):
                    nxt["svg"] = drawing.render(obs, legal, [x.label for x in t.seats],
                                                pending=clicks, recent=recent)
            else:
                nxt["svg"] = None
            return {"next": nxt}
        return {"error": str(answer.get("error") or _("these clicks lead to no legal move"))}


def record(t: Table, seat: int | None = None) -> str:
    """The finished game as a record (JSON text) that ``regalia replay`` reads.

    Perfect information: the full regalia record, without the seed (every chance
    outcome is in it; the dealer's seed stays here). Hidden information: the seat
    record of what ``seat`` saw (:class:`~regalia.core.seat_record.SeatRecord`: the
    moves it could see, its observation after each, the final scores); a spectator
    (None) gets the public one, built from the drawing's public observation.

    Raises:
        WebError(409): the game is not over.
    """
    with t.lock:
        if not t.state.is_terminal():
            raise WebError(409, _("the record can be downloaded once the game is over"))
        state = t.state.clone()   # a clone carries no seed
        labels = [x.label for x in t.seats]
    if t.game.info.perfect_information:
        return GameRecord.from_state(state, labels).to_json_string()
    return SeatRecord.from_state(state, seat, labels,
                                 observe=lambda s: observe(t, s, seat)
                                 ).to_json_string()


def replay_view(t: Table, ply: Any, seat: int | None = None) -> dict[str, Any]:
    """A finished game after its first ``ply`` moves (step-by-step replay), as ``seat``
    saw it then (``observation(seat)``; None: a spectator, the public view):
    ``{ply, plies, move (the log entry of move ply as the viewer may see it, or None),
    svg (the moves since the viewer's last one marked, as live: ``recent``), scores,
    score_table, current_player, terminal, recent, entries and story (the folded log and
    the story at that ply, :func:`.story.told`)}``.

    Raises:
        WebError: 409 the game is not over; 422 a ply outside 0..plies.
    """
    with t.lock:
        if not t.state.is_terminal():
            raise WebError(409, _("a game can be replayed once it is over"))
        plies = len(t.state.history())
    if type(ply) is not int or not 0 <= ply <= plies:
        raise WebError(422, _('ply must be a whole number 0 to {plies}').format(plies=plies))
    drawing = drawing_of(t)
    state = t.replay_state(ply)
    obs = observe(t, state, seat)
    names = [x.label for x in t.seats]
    with t.lock:
        movelog = movelog_of(t)
        move = movelog.log(seat)[ply] if ply < plies else None
        told = story.told(drawing, obs, movelog, seat, names, ply)
    cur = state.current_player()
    return {"ply": ply, "plies": plies, "move": move, "scores": obs.get("scores"),
            "svg": drawing.render(obs, (), names, recent=told["recent"]),
            "score_table": extras(drawing, obs, names)["score_table"],
            "current_player": cur if cur >= 0 else None,
            "terminal": state.is_terminal(), **told}
