"""What a worker process runs for the web table: one computer move (:func:`think`), one
hint (:func:`suggest`), on a position the server sends, or a slice of a game review
(:func:`review`), on the record the reviewed seat may download.

A job gets only what the agent may use: the game's name and parameters, the position as
``State.to_json`` of a copy without the seed (in a game with hidden information a state the
server resampled from the seat's information state, so no other seat's hidden card nor a
face-down tile reaches the worker), the seat, the agent's spec, its time budget and a seed
for its generator drawn from the server's entropy. It answers with an action id (or the
hint's fields). A review gets the finished game's record as the table hands it to the
reviewed seat: a game with hidden information as that seat's seat record (what it saw,
nothing of another seat's hand), one of perfect information as the record without the seed.
The worker imports no web module.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from regalia.agents import Hint, hint, make_agent
from regalia.core.errors import ParameterError, RegaliaError
from regalia.core.game import Game
from regalia.core.registry import load_game
from regalia.core.state import State


def warm() -> None:
    """Import the games and agents before the first job (the pool's initializer)."""
    import regalia  # noqa: F401  (registers the games)


@lru_cache(maxsize=64)
def _game(name: str, params_json: str) -> Game:
    import json
    return load_game(name, **json.loads(params_json))


def _position(game: str, params_json: str, position: dict[str, Any], seat: int) -> State:
    state = _game(game, params_json).state_from_json(position)
    if state.is_terminal() or state.current_player() != seat:
        raise RegaliaError(f"the position sent is not seat {seat + 1}'s turn")  # i18n: no (a worker's internal check: the server sends only such positions and records)
    return state


def think(game: str, params_json: str, position: dict[str, Any], seat: int, spec: str,
          seconds: float, seed: int) -> int:
    """The action ``spec``'s agent chooses for ``seat`` in ``position``, thinking at most
    ``seconds`` (search agents; others are bounded by the pool's timeout)."""
    agent = make_agent(spec, seed=seed)
    agent.limit_time(seconds)
    return int(agent.step(_position(game, params_json, position, seat)))


def suggest(game: str, params_json: str, position: dict[str, Any], seat: int, spec: str,
            seconds: float, seed: int) -> Hint:
    """The hint agent's suggestion for ``seat`` (the server words it: web/story.py)."""
    agent = make_agent(spec, seed=seed)
    agent.limit_time(seconds)
    return hint(_position(game, params_json, position, seat), agent.spec(), seed=seed)


def review(game: str, params_json: str, record_json: str, seat: int,
           iterations: int | None, slice_seconds: float, total_seconds: float, seed: int,
           partial: dict[str, Any] | None) -> dict[str, Any]:
    """One slice of the review of ``seat`` (:func:`regalia.review.review_game`): the
    decisions after those of ``partial`` (a review returned by an earlier slice, or None),
    judged until ``slice_seconds`` have passed (at least one decision), each capped at
    ``slice_seconds``, the whole review sharing ``total_seconds``. ``iterations``: per
    decision (None: the game's documented budget). Returns ``{"review", "seconds"}``: the
    review (``complete`` False while decisions are left) and the seconds this slice took."""
    import json
    import time

    from regalia.core.record import GameRecord
    from regalia.core.seat_record import SEAT_RECORD_FORMAT, SeatRecord
    from regalia.review import Budget, ReviewStopped, review_game, settings_for

    started = time.monotonic()
    data = json.loads(record_json)
    record = (SeatRecord.from_data(data, "the table's seat record")  # i18n: no (a worker's internal check: the server sends only such positions and records)
              if data.get("format") == SEAT_RECORD_FORMAT
              else GameRecord.from_json_string(record_json, source="the table's record"))  # i18n: no (a worker's internal check: the server sends only such positions and records)
    first: list[int] = []

    def progress(done: int, total: int) -> None:
        if not first:
            first.append(done)
        elif first[0] < done < total and time.monotonic() - started >= slice_seconds:
            raise ReviewStopped

    budget = Budget(iterations or settings_for(_game(game, params_json)).iterations,
                    seconds=slice_seconds, total_seconds=total_seconds)
    try:
        out = review_game(record, seat, budget, progress, seed, resume=partial)
    except ParameterError:
        if partial is None:
            raise
        # stored by a server with another search or budget: the review starts again
        first.clear()
        out = review_game(record, seat, budget, progress, seed)
    return {"review": out, "seconds": time.monotonic() - started}
