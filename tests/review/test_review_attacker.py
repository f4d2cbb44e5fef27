"""The review judges each decision from the seat's information only (issue 26), tested as
an attacker would: two games that differ only in what the reviewed seat never saw (another
seat's hidden card, a face-down tile, a draw still to come) get byte-for-byte the same
review for that seat, while the hidden things really differ."""

from __future__ import annotations

import json

import pytest

from hidden_cards import played, twins
from regalia.core.record import GameRecord
from regalia.core.seat_record import SeatRecord
from regalia.review import Budget, review_game

BUDGET = Budget(iterations=6)


def review_text(record, seat: int) -> str:
    return json.dumps(review_game(record, seat, BUDGET, seed=3), sort_keys=True)


@pytest.mark.parametrize("name,params,plies,seat,wanted", [
    ("inheritors", {"players": 2}, 70, 0, 2),
    ("inheritors", {"players": 3}, 80, 1, 1),
    ("two-heirs", {}, 40, 1, 1)])   # its one hidden thing: the face-down starting tile
def test_games_a_seat_cannot_tell_apart_get_the_same_review(name, params, plies, seat,
                                                            wanted):
    state = played(name, 11, plies, **params)
    assert not state.is_terminal()
    n = state.game.num_players
    text = review_text(GameRecord.from_state(state), seat)
    found = 0
    for ply, twin in twins(state, seat):
        # the truth differs where the seat cannot look...
        assert any(twin.observation(q) != state.observation(q) for q in range(n)
                   if q != seat) or twin.to_json() != state.to_json()
        # ... and the seat's review does not
        assert review_text(GameRecord.from_state(twin), seat) == text, ply
        found += 1
        if found >= wanted:
            break
    assert found == wanted
    review = json.loads(text)
    assert review["decisions"] and review["seat"] == seat
    # a full record and the seat's own seat record give the same review
    seen = SeatRecord.from_state(state, seat)
    assert json.dumps(review_game(SeatRecord.from_json_string(seen.to_json_string()),
                                  seat, BUDGET, seed=3), sort_keys=True) == text


def test_draws_still_to_come_do_not_change_the_review_of_a_perfect_information_game():
    """Kingdomino: the same game up to ply 40, then other dominoes drawn: the decisions
    before the draws differ are judged the same (the search cannot read the dealer)."""
    a = played("kingdomino", 21, None, players=2)
    game = a.game
    b = game.new_initial_state(99)
    for action in a.history()[:40]:
        b.apply_action(action)
    while not b.is_terminal():
        b.apply_action(b.sample_chance_outcome(b.dealer()) if b.is_chance_node()
                       else b.legal_actions()[0])
    ra = review_game(GameRecord.from_state(a), 0, BUDGET, seed=2)
    rb = review_game(GameRecord.from_state(b), 0, BUDGET, seed=2)
    # 'key' is left out: the key moments are the costliest of the whole game, so the
    # later decisions decide which of the early ones are key
    def judged(d):
        return {k: v for k, v in d.items() if k != "key"}
    early = [judged(d) for d in ra["decisions"] if d["ply"] < 40]
    assert early and early == [judged(d) for d in rb["decisions"][:len(early)]]
    assert ra["decisions"] != rb["decisions"]   # the games did go apart
