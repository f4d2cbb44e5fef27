"""The Two Heirs board drawn from remembered parts (issue 23, ``svgkit.fragment``) is the
board drawn afresh: at every decision of random games of every kind (two players, solo at
each level, other sets, roads not scored), for both seats and a spectator, with the last
move and a suggestion marked, with moves in progress (valid and not), in English and
German. A part whose key misses something it draws shows up as a difference."""

from __future__ import annotations

import json
import random

import pytest

import regalia
from regalia.core import i18n, svgkit
from regalia.games.two_heirs import svg

from click_walks import click_walk  # noqa: E402

SETUPS = ({"players": 2}, {"players": 2, "sets": ["travel", "war", "crafts"], "roads": False},
          {"players": 1, "level": 1}, {"players": 1, "level": 2, "roads": False},
          {"players": 1, "level": 3, "sets": ["land-industry", "patrol", "trade-church"]})


def _walks(obs, legal, rng):
    """Moves in progress a page could send: prefixes of random click walks along the
    offered targets and buttons, and clicks that begin no move (drawn as none)."""
    out = [[{"cell": "99,99"}], [{"hand": "nope"}, {"end": True}]]
    for _ in range(3):
        out += click_walk(lambda clicks: svg.click(obs, legal, clicks), rng, 3)
    return out


@pytest.mark.parametrize("params", SETUPS, ids=lambda p: "-".join(f"{k}={v}" for k, v in p.items()))
def test_remembered_parts_draw_the_board_drawn_afresh(params):
    rng = random.Random(json.dumps(params, sort_keys=True))
    game = regalia.load_game("two-heirs", **params)
    s = game.new_initial_state(rng.randrange(1 << 30))
    memo = svgkit.Fragments()
    names = ["Ada", "Bo <&> \"Long Name Here\""][:2]
    recent: list = []
    boards = 0
    for ply in range(70):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        memo.turn()
        mover = s.current_player()
        legal = s.legal_actions()
        with i18n.using("de" if ply % 4 == 3 else "en"):
            for seat in (0, 1, None):
                if seat == 1 and params["players"] == 1:
                    continue
                obs = (s.observation(seat) if seat is not None
                       else svg.public_observation(s.observation(0)))
                mine = legal if seat == mover else []
                marked = recent if seat != mover else [
                    *recent, {"ply": None, "seat": mover, "hint": True,
                              "notation": s.action_to_string(rng.choice(legal))}]
                for pending in [[], *(_walks(obs, mine, rng) if mine else [])]:
                    with svgkit.remembering(memo):
                        remembered = svg.render(obs, mine, names, pending=pending,
                                                recent=marked)
                    with svgkit.remembering(None):
                        fresh = svg.render(obs, mine, names, pending=pending, recent=marked)
                    assert remembered == fresh, (params, ply, seat, pending)
                    boards += 1
        action = rng.choice(legal)
        recent = [{"ply": len(s.history()), "seat": mover,
                   "notation": s.action_to_string(action)}]
        s.apply_action(action)
    assert boards > 100
    assert memo.hits > memo.misses      # the parts are remembered, not only drawn


@pytest.mark.parametrize("players", (1, 2))
def test_a_story_told_a_ply_at_a_time_is_the_story_told_at_once(players, monkeypatch):
    """:func:`narrate` goes on from the fold it kept of a shorter log: at every length of
    a random game's log (a seat's plies and chance, and a log with a seat given as True),
    the story is the one told from an empty memory."""
    from regalia.games.two_heirs import narration
    from regalia.games.two_heirs.recent import Recent

    rng = random.Random(players)
    s = regalia.load_game("two-heirs", players=players).new_initial_state(7)
    plies: list = []
    while not s.is_terminal() and len(plies) < 160:
        if s.is_chance_node():
            a = s.sample_chance_outcome(rng)
            plies.append({"seat": None, "text": s.action_to_string(a)})
        else:
            a = rng.choice(s.legal_actions())
            plies.append({"seat": s.current_player(), "text": s.action_to_string(a)})
        s.apply_action(a)
    names = ["Ada", "Bo"][:players]
    for lang in ("en", "de"):
        with i18n.using(lang):
            for n in range(len(plies) + 1):
                obs = s.observation(0)
                told = svg.narrate(obs, plies[:n], names)
                with monkeypatch.context() as m:
                    m.setattr(narration, "_FOLDS", Recent(512))
                    assert told == svg.narrate(obs, plies[:n], names), (lang, n)
    if players == 2:     # a seat given as True (== 1): not told from the fold of seat 1's
        odd = [dict(p, seat=True) if p["seat"] == 1 else p for p in plies]
        told = svg.narrate(s.observation(0), odd, names)
        assert True in [e["seat"] for e in told if e["seat"] is True]
        with monkeypatch.context() as m:
            m.setattr(narration, "_FOLDS", Recent(512))
            assert repr(told) == repr(svg.narrate(s.observation(0), odd, names))
