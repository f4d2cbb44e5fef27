"""What the table tells a seat (issue 24, ``regalia.web.story``): "since your last move",
the moves handed to a drawing to mark, the log folded into turns, Undo's rule, the end of
a game, refusals in words. Hand-worked cases, then random games of every game checked as
an attacker would: a drawing and a panel never get a ply the seat's log redacted, and the
marks are drawn for every move a seat saw."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("fastapi")

from regalia.core.errors import IllegalActionError  # noqa: E402
from regalia.core.registry import game_drawing, load_game  # noqa: E402
from regalia.web import story  # noqa: E402
from regalia.web.movelog import MoveLog  # noqa: E402

from hidden_cards import hidden_names  # noqa: E402

C = None   # a chance ply


@pytest.mark.parametrize("movers,viewer,first", [
    ([C, C, 0, 1, 1, C, 0], 0, 3),        # the other seat's turn and the chance after it
    ([C, C, 0, 1, 1, C, 0, 0], 0, 3),     # mid-turn: the turn before stays the reference
    ([C, 0, 1, 0, 1], 1, 3),
    ([C, C, 1, 1], 0, 0),                 # not moved yet: everything so far
    ([C, 0, 0, C, 0, C], 0, 5),           # alone: since its own last move
    ([C, 0, 1, 1, C], None, 2),           # a spectator: the last turn
    ([C, C], None, 0),
    ([0, -1, 1, -1], 0, 1),               # -1 is chance too (the tables' movers)
])
def test_since_your_last_move(movers, viewer, first):
    assert story.since(movers, viewer) == first


@pytest.mark.parametrize("kinds,seat,movers,why", [
    (["here", "computer"], 0, [-1, 0, 1], None),
    (["here", "computer"], 0, [-1, 0, 1, -1], "drawn or dealt"),
    (["here", "computer"], 0, [-1, 1], "no move"),
    (["here", "here"], 0, [-1, 0], "alone against computer"),
    (["invited", "computer"], None, [-1, 0], "spectator"),
])
def test_undo_is_offered_by_one_rule(kinds, seat, movers, why):
    got = story.undo_refusal(kinds, seat, movers)
    assert (got is None) if why is None else (why in got)


def test_a_refusal_names_the_move_and_the_rule_never_an_action_id():
    exc = IllegalActionError(81, "the domino must touch your castle or a square of its "
                                 "terrain.", "a1-a2")
    assert str(exc).startswith("illegal action 81")
    said = story.refusal(exc)
    assert said == ("a1-a2 is not allowed: the domino must touch your castle or a square "
                    "of its terrain")
    assert "81" not in said and "action" not in said
    assert story.refusal(IllegalActionError(5, "not now")) == "Not allowed: not now"


def test_the_result_of_a_solo_game_never_names_a_winning_player():
    obs = {"params": {"players": 1, "level": 2}, "scores": [58.0], "heinrich_score": 50}
    table = {"headings": ["Scoring item", "Ann", "Heinrich"],
             "rows": [{"label": "Total", "cells": [58, 50]}]}
    r = story.result(table, [1.0], ["Ann"], 0, game_drawing("two-heirs"), obs)
    assert r["banner"] == "You beat Heinrich by 8 (58 to 50)"
    obs = {"params": {"players": 1, "sheet": 1}, "scores": [37]}
    r = story.result({"headings": ["Scoring item", "Ann"],
                      "rows": [{"label": "Total", "cells": [37]}]}, [1.0], ["Player 1"], 0,
                     game_drawing("cascadito"), obs)
    assert r["banner"] == "Your score: 37 points" and "Winner" not in r["banner"]
    assert r["ranking"] == [{"seat": 0, "name": "Player 1", "score": 37, "place": 1}]


def test_the_result_ranks_by_returns_then_points_and_shares_a_tie():
    table = {"headings": ["x", "A", "B", "C"], "rows": [{"label": "Total", "cells": [30, 41, 41]}]}
    k = game_drawing("kingdomino")
    r = story.result(table, [0.0, 1.0, 0.0], ["A", "B", "C"], 0, k, {})
    assert r["banner"] == "B wins with 41 points"
    assert [(x["name"], x["place"]) for x in r["ranking"]] == [("B", 1), ("C", 2), ("A", 3)]
    r = story.result(table, [0.0, 0.5, 0.5], ["A", "B", "C"], 1, k, {})
    assert r["banner"] == "Shared victory: You and C"
    assert [x["place"] for x in r["ranking"]] == [1, 1, 3]


# ---------------------------------------------------------------- random games, attacked
def _play(name, players, seed, plies):
    game = load_game(name, players=players)
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and len(s.history()) < plies:
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return game, s


#: moves no drawing marks (nothing on the board to show: ending a turn, passing...)
UNMARKED = re.compile(r"^(end|end turn|pass|spare|discard [A-Z].*)$")


@pytest.mark.parametrize("name,players", [("kingdomino", 2), ("kingdomino", 4),
                                          ("two-heirs", 2), ("two-heirs", 1),
                                          ("cascadito", 3), ("inheritors", 3)])
def test_the_drawing_marks_what_the_seat_saw_and_nothing_else(name, players):
    """At many plies of random games: the moves handed to a seat's drawing are other
    seats' plies since its last turn, each one it saw, with the notation its log shows;
    each is marked on the board (an element of class ``recent`` naming its ply and seat);
    the folded log and the story say only what the log said (no card hidden from the seat
    in them, for Inheritors); the marks stay off the board of a spectator's hidden
    cards."""
    drawing = game_drawing(name)
    checked = marked = 0
    for seed in range(3):
        game, s = _play(name, players, seed, 10_000)
        log = MoveLog(game, [f"P{i}" for i in range(players)], drawing.public_observation)
        log.update(s.history())
        replay = game.new_initial_state(0)
        vis = s.visibility() if hasattr(s, "visibility") else None
        for ply, action in enumerate([*s.history(), None]):
            # the positions a page shows: a seat's turn or the end (the server deals every
            # chance outcome before anyone sees the table)
            if (ply % 7 == 3 or action is None) and not replay.is_chance_node():
                for viewer in [*range(players), None]:
                    obs = replay.observation(0 if viewer is None else viewer)
                    if viewer is None:
                        obs = drawing.public_observation(obs)
                    told = story.told(drawing, obs, log, viewer, log.names, ply)
                    recent = told["recent"]
                    lines = log.log(viewer, ply)
                    for item in recent:
                        assert item["seat"] not in (None, viewer)
                        assert log.saw(viewer)[item["ply"]]
                        assert item["notation"] == lines[item["ply"]]
                        if vis is not None:
                            assert vis[item["ply"]] in (-1, viewer)
                    svg = drawing.render(obs, (), recent=recent)
                    found = {(e.get("data-seat"), e.get("data-ply"))
                             for e in ET.fromstring(svg).iter()
                             if "recent" in (e.get("class") or "").split()}
                    for item in recent:
                        if not UNMARKED.match(item["notation"]):
                            assert (str(item["seat"]), str(item["ply"])) in found, item
                            marked += 1
                    if name == "inheritors":
                        text = " ".join(e["text"] for e in told["entries"])
                        for card in hidden_names(replay, viewer):
                            if card not in "\n".join(lines):
                                assert not re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])",
                                                     text), (viewer, card)
                    checked += 1
            if action is not None:
                replay.apply_action(action)
    assert checked > 20 and marked > 10, (checked, marked)


def test_a_drawing_ignores_recent_items_it_cannot_read():
    """Hostile ``recent`` items (wrong types, unknown moves, squares off the board) change
    nothing and raise nothing."""
    for name, players in (("kingdomino", 2), ("two-heirs", 2), ("cascadito", 2),
                          ("inheritors", 2)):
        drawing = game_drawing(name)
        _, s = _play(name, players, 1, 40)
        obs = s.observation(0)
        plain = drawing.render(obs, ())
        bad = [None, 5, "x", {"seat": "1", "notation": "pick 3"}, {"seat": 1},
               {"seat": 1, "notation": "z99-z98", "ply": 1}, {"seat": 1, "notation": "x" * 500},
               {"seat": 9, "notation": "move 0,0->1,1", "ply": 2},
               {"seat": 1, "notation": "play nothing 9", "ply": 3}]
        svg = drawing.render(obs, (), recent=bad)
        ET.fromstring(svg)    # still well-formed
        assert 'class="recent"' not in plain
