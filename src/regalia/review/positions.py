"""The decisions of one seat in a recorded game, as that seat saw them.

A *decision* is every ply at which the reviewed seat chose an action: each step of a turn
made of several steps (Two Heirs: take a tile, build, move troops, ``end``; Inheritors: a
claim, the action, ``end turn``) is a decision of its own, judged against the best step
from the same point, as the search agents play it. A ply with a single legal action is a
*forced* decision (labelled best, not searched). Chance outcomes and the other seats'
plies are not decisions.

What the review may read is only what the seat knew (ARCHITECTURE.md, "Hidden information
stays hidden"):

* a game of perfect information (Kingdomino, Cascadito) is replayed from its record: every
  seat sees every position;
* a game with hidden information (Inheritors' hands, Quests and deck; Two Heirs' face-down
  starting tile) is first cut down to the seat's :class:`~regalia.core.seat_record.SeatRecord`
  (the moves it saw and its observation after each ply, no hidden outcome), and the
  positions are rebuilt from that alone: at each ply the review keeps a state consistent
  with everything the seat had seen (a determinization), plays the recorded move in it
  (an outcome the seat did not see is drawn with the review's own generator) and checks
  that the seat's observation after it is the recorded one; when the move does not fit
  (another seat plays a card the determinization did not give it, a card is shown), the
  hidden part is dealt again (``resample_from_infostate``) until it does. The search later
  samples the hidden cards again from these states, so a review depends on the seat
  record and the review's seed only: two games in which the seat saw the same things get
  the same review.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regalia.core.errors import RecordError, RegaliaError
from regalia.core.game import Game
from regalia.core.i18n import _, pgettext
from regalia.core.record import GameRecord
from regalia.core.seat_record import SeatRecord
from regalia.core.state import State

#: Deals of the hidden cards tried per ply when a seat record's position is rebuilt (the
#: longest search measured on 108 Inheritors seat records of 2-4 players took 147).
MAX_DEALS = 20_000


@dataclass
class Moment:
    """One decision of the reviewed seat.

    Attributes:
        index: the decision's number among the seat's decisions (0-based).
        ply: its place in the game's history (0-based; chance outcomes count).
        turn: the seat's turn number (0-based): consecutive decisions of the seat with no
            other seat's decision between them share a turn.
        state: a state consistent with what the seat knew (the real one in a game of
            perfect information), for the search only; never shown.
        observation: ``observation(seat)`` before the decision (what the seat saw).
        legal: the seat's legal actions.
        played: the action played, and ``notation`` its text.
    """

    index: int
    ply: int
    turn: int
    state: State
    observation: dict[str, Any]
    legal: list[int]
    played: int
    notation: str


@dataclass
class SeatGame:
    """A recorded game reduced to one seat's decisions.

    Attributes:
        game: the game; seat: the reviewed seat (0-based); players: one label per seat.
        moments: the seat's decisions in order.
        scores, returns: the final result (public at the end), or None for an unfinished
            game.
    """

    game: Game
    seat: int
    players: list[str]
    moments: list[Moment] = field(default_factory=list)
    scores: list[float] | None = None
    returns: list[float] | None = None


def seat_game(record: GameRecord | SeatRecord, seat: int | None, seed: int = 0,
              data: str | Path | None = None) -> SeatGame:
    """The decisions of ``seat`` in ``record``, each as the seat saw it.

    Args:
        record: a full game record, or a seat record (its own seat only, when the game
            hides information).
        seat: the seat to review (0-based); None: a seat record's own seat.
        seed: the review's seed (the hidden outcomes drawn when positions are rebuilt).
        data: the component data file of a game played with one (checked against the
            record's digest; a path in a record is never opened).

    Raises:
        RecordError: the record fails its check (as ``regalia replay`` refuses it), or a
            seat record's moves do not fit what it says its seat saw.
        ParameterError: ``seat`` is not a seat of the game, or a seat record is asked for
            another seat than its own in a game with hidden information.
    """
    from regalia.core.errors import ParameterError

    if isinstance(record, SeatRecord):
        game = record.check(data)
        if seat is None:
            seat = record.seat
        if seat is None:
            raise ParameterError(_("this seat record is a spectator's: choose the seat to "
                                   "review"))
        _check_seat(game, seat)
        if record.seat != seat and not game.info.perfect_information:
            if record.seat is None:
                raise ParameterError(_("this is the seat record of a spectator: it holds only "
                                       "what that viewer saw of a game with hidden "
                                       "information, so it can be reviewed for no seat"))
            raise ParameterError(_("this is the seat record of seat {n}: it holds only what "
                                   "that viewer saw of a game with hidden information, so it "
                                   "can be reviewed for seat {n} only").format(
                n=record.seat + 1))
        return _rebuilt(game, record, seat, seed)
    try:
        final = record.replay(data=data)
        game = record.build_game(data)
    except RecordError:
        raise
    except RegaliaError as exc:   # a game or parameter regalia does not know
        raise RecordError(str(exc)) from None
    if seat is None:
        raise ParameterError(_("choose the seat to review"))
    _check_seat(game, seat)
    if not game.info.perfect_information:
        seen = SeatRecord.from_state(final, seat, list(record.players))
        return _rebuilt(game, seen, seat, seed)
    out = _empty(game, seat, list(record.players), final)
    state = game.new_initial_state(record.seed)
    mover: int | None = None   # the seat of the last decision
    for ply, action in enumerate(record.actions):
        if not state.is_chance_node():
            cur = state.current_player()
            if cur == seat:
                _add(out, ply, state.clone(), action, new_turn=mover != seat)
            mover = cur
        state.apply_action(action)
    return out


def _rebuilt(game: Game, record: SeatRecord, seat: int, seed: int) -> SeatGame:
    """The decisions of ``seat`` rebuilt from ``record`` (checked) alone: see the module
    docstring. Nothing after the seat's last decision is rebuilt (the final result is in
    the record; the last observation shows every hand).

    Raises:
        RecordError: a ply whose move fits no position consistent with what the record's
            viewer saw (a damaged or forged seat record).
    """
    from regalia.agents import derive_seed

    out = SeatGame(game, seat, list(record.players), scores=record.scores,
                   returns=record.returns)
    plies = record.plies
    last = max((i for i, p in enumerate(plies) if p.mover == seat), default=-1)
    rng = random.Random(derive_seed("review positions", seed))
    viewer = record.seat
    deals = 1 if game.info.perfect_information else MAX_DEALS
    state = game.new_initial_state(0)   # every outcome comes from the record or rng
    mover: int | None = None
    for ply, step in enumerate(plies[:last + 1]):
        if (step.mover is None) != state.is_chance_node() or (
                step.mover is not None and step.mover != state.current_player()):
            raise RecordError(_("plies[{ply}]: {who} moves where {expected} is to move").format(
                ply=ply, who=_mover(step.mover),
                expected=_mover(None if state.is_chance_node() else state.current_player())))
        if step.mover == seat:
            if step.notation is None:
                raise RecordError(_("plies[{ply}]: the seat's own move has no notation").format(
                    ply=ply))
            action = _read(state, step.notation, ply)
            _add(out, ply, state.clone(), action, new_turn=mover != seat)
        if step.mover is not None:
            mover = step.mover
        if ply == last:
            break
        want = _plain(step.observation) if viewer is not None else None
        for attempt in range(deals):
            trial = state.clone() if attempt == 0 else state.resample_from_infostate(seat, rng)
            if _played(trial, step.notation, rng) and (
                    viewer is None or _plain(trial.observation(viewer)) == want):
                state = trial
                break
        else:
            shown = (repr(step.notation) if step.notation is not None
                     else _("an unseen outcome"))
            raise RecordError(_("plies[{ply}]: {move} fits no position consistent with what "
                                "the record's viewer saw before it (the seat record is "
                                "damaged or forged)").format(ply=ply, move=shown))
    return out


def _read(state: State, notation: str, ply: int) -> int:
    try:
        return state.string_to_action(notation)
    except RegaliaError as exc:
        raise RecordError(_("plies[{ply}]: {move} is not a legal move here: {error}").format(
            ply=ply, move=repr(notation), error=exc)) from None


def _played(state: State, notation: str | None, rng: random.Random) -> bool:
    """Play the ply ``notation`` (None: a chance outcome the viewer did not see, drawn
    with ``rng``) in ``state``; False when it is not legal there."""
    try:
        if notation is None:
            if not state.is_chance_node():
                return False
            action = state.sample_chance_outcome(rng)
        else:
            action = state.string_to_action(notation)
        state.apply_action(action)
    except RegaliaError:
        return False
    return True


def _check_seat(game: Game, seat: int) -> None:
    from regalia.core.errors import ParameterError

    n = game.num_players
    if type(seat) is not int or not 0 <= seat < n:
        raise ParameterError(_("seat {seat} is not a seat of this {n}-player game (0 to "
                               "{last})").format(seat=repr(seat), n=n, last=n - 1))


def _mover(seat: int | None) -> str:
    """Who moves at a ply: chance, or a seat (numbered from 1)."""
    return pgettext("review: who moves", "chance") if seat is None else \
        _("seat {n}").format(n=seat + 1)


def _empty(game: Game, seat: int, players: list[str], final: State) -> SeatGame:
    over = final.is_terminal()
    return SeatGame(game, seat, players,
                    scores=[float(x) for x in final.scores()] if over else None,
                    returns=[float(x) for x in final.returns()] if over else None)


def _add(out: SeatGame, ply: int, state: State, action: int, new_turn: bool) -> None:
    """Append the decision ``action`` of the seat to move in ``state``."""
    moments = out.moments
    turn = moments[-1].turn + new_turn if moments else 0
    moments.append(Moment(len(moments), ply, turn, state, _plain(state.observation(out.seat)),
                          state.legal_actions(), action, state.action_to_string(action)))


def _plain(obj: Any) -> Any:
    """``obj`` as JSON gives it back (tuples as lists), so observations compare equal
    whichever way they were built."""
    return json.loads(json.dumps(obj))
