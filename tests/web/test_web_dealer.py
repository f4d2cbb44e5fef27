"""A web table keeps the generator that dealt it (regalia.core.dealers): a table names its
dealer at creation, and a table stored before dealers were named (dealt by the Mersenne
Twister) goes on dealing the Mersenne Twister's future after a restart, whichever engine
(and so whichever engine's own dealer) the server runs now."""

from __future__ import annotations

import pytest

pytest.importorskip("sqlalchemy")

import regalia  # noqa: E402
from regalia.core.dealers import initial_state  # noqa: E402
from regalia.web.rooms import Rooms  # noqa: E402
from regalia.web.settings import Settings  # noqa: E402
from regalia.web.store import SeatRow, Store  # noqa: E402

HOT = [{"kind": "here"}, {"kind": "here"}]


def _play(rooms, tid, tokens, moves):
    """Play ``moves`` first-legal moves at a hot-seat table; returns its state."""
    for _ in range(moves):
        t = rooms.get(tid)
        seat = t.state.current_player()
        rooms.act(tid, tokens[seat], t.state.legal_actions()[0])
    return rooms.get(tid).state


def _reference(game, seed, dealer, actions, more):
    """The game's state after ``actions`` dealt by ``dealer`` from ``seed``, then ``more``
    moves (first legal) with the dealer's own draws: what the table must deal."""
    ref = initial_state(game, seed, dealer)
    for a in actions:
        if ref.is_chance_node():
            ref.sample_chance_outcome(ref.dealer())
        ref.apply_action(a)
    assert not ref.is_chance_node()
    for _ in range(more):
        ref.apply_action(ref.legal_actions()[0])
        while ref.is_chance_node():
            ref.apply_action(ref.sample_chance_outcome(ref.dealer()))
    return ref


def test_a_new_table_names_its_engines_dealer(tmp_path):
    rooms = Rooms(Store(f"sqlite:///{tmp_path / 't.sqlite'}"), Settings(pace=0))
    try:
        tid, _ = rooms.create("kingdomino", 2, None, HOT)
        row = rooms.store.load(tid)
        game = regalia.load_game("kingdomino", players=2)
        assert row.options["dealer"] == game.new_initial_state(1).dealer_name
        assert rooms.get(tid).state.dealer_name == row.options["dealer"]
    finally:
        rooms.close()


def test_a_table_stored_before_dealers_were_named_deals_the_mersenne_twisters_future(tmp_path):
    url = f"sqlite:///{tmp_path / 't.sqlite'}"
    store = Store(url)
    game = regalia.load_game("kingdomino", players=2)
    seed = 2 ** 100 + 12345
    tokens = ["tok-a", "tok-b"]
    from regalia.web.identity import token_hash
    store.create_table("old", "kingdomino", game.params, seed,
                       [SeatRow(i, "here", None, f"P{i + 1}", token_hash(tok))
                        for i, tok in enumerate(tokens)],
                       {"hints": False, "pace": 0.0})       # no "dealer": an old table
    rooms = Rooms(store, Settings(pace=0))
    try:
        rooms.computer.advance(rooms.get("old"))             # the first deal
        _play(rooms, "old", tokens, 6)
        played = store.load("old").actions
    finally:
        rooms.close()
    rooms = Rooms(Store(url), Settings(pace=0))              # the server restarted
    try:
        state = rooms.get("old").state
        assert state.dealer_name == "mt19937"
        after = _play(rooms, "old", tokens, 10)
        ref = _reference(game, seed, "mt19937", played, 10)
        assert after.history() == ref.history()
        assert len(ref.history()) > len(played) + 10          # something was dealt
        # the draws after the restart are the Mersenne Twister's, not another generator's
        other = _reference(game, seed, "pcg64", played, 10)
        assert other.history() != ref.history()
    finally:
        rooms.close()
