"""review_game's progress, early stop and resume (a web server runs a review in slices,
issue 26): a review stopped after some decisions and resumed is the review made at once."""

from __future__ import annotations

import json

import pytest

from regalia.arena import play_match
from regalia.core.errors import ParameterError
from regalia.core.registry import load_game
from regalia.core.seat_record import SeatRecord
from regalia.review import Budget, ReviewStopped, review_game

BUDGET = Budget(iterations=8)


@pytest.fixture(scope="module")
def inheritors_seat_record():
    game = load_game("inheritors", players=2)
    state = play_match(game, ["greedy", "greedy"], seed=5).state
    return SeatRecord.from_state(state, 1)


def stop_after(k: int, calls: list[tuple[int, int]]):
    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        if done >= k:
            raise ReviewStopped
    return progress


def test_a_review_made_in_slices_is_the_review_made_at_once(inheritors_seat_record):
    rec = inheritors_seat_record
    whole = review_game(rec, None, BUDGET, seed=4)
    n = whole["decision_count"]
    assert whole["complete"] and n == len(whole["decisions"]) > 6
    calls: list[tuple[int, int]] = []
    part = review_game(rec, None, BUDGET, stop_after(3, calls), seed=4)
    assert not part["complete"] and len(part["decisions"]) == 3
    assert part["decision_count"] == n
    assert calls == [(0, n), (1, n), (2, n), (3, n)]
    calls.clear()
    more = review_game(rec, None, BUDGET, stop_after(5, calls), seed=4, resume=part)
    assert calls[0] == (3, n) and len(more["decisions"]) == 5 and not more["complete"]
    rest = review_game(rec, None, BUDGET, seed=4, resume=more)
    assert json.dumps(rest, sort_keys=True) == json.dumps(whole, sort_keys=True)


def test_a_resume_of_another_review_is_refused(inheritors_seat_record):
    rec = inheritors_seat_record
    part = review_game(rec, None, BUDGET, stop_after(2, []), seed=4)
    for seed, budget in ((5, BUDGET), (4, Budget(iterations=9))):
        with pytest.raises(ParameterError, match="another game, seat, seed or search"):
            review_game(rec, None, budget, seed=seed, resume=part)
    forged = json.loads(json.dumps(part))
    forged["decisions"][1]["ply"] += 1
    with pytest.raises(ParameterError, match="another game"):
        review_game(rec, None, BUDGET, seed=4, resume=forged)
    with pytest.raises(ParameterError, match="resume is not a review"):
        review_game(rec, None, BUDGET, seed=4, resume={"format": "nothing"})
