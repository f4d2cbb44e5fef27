"""The SVG drawing of a Kingdomino observation and the click-to-action mapping (issue 12)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

import regalia
from regalia.games.kingdomino import svg

NS = "{http://www.w3.org/2000/svg}"


def _play(players: int, plies: int, seed: int, variants=()) -> "regalia.core.state.State":
    g = regalia.load_game("kingdomino", players=players, variants=list(variants))
    s = g.new_initial_state(12345)
    rng = random.Random(seed)
    while not s.is_terminal() and (len(s.history()) < plies or s.current_player() < 0):
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def _elements(text: str, attr: str) -> list[ET.Element]:
    root = ET.fromstring(text)
    return [e for e in root.iter() if attr in e.attrib]


def _draw(s):
    seat = s.current_player() if s.current_player() >= 0 else 0
    legal = s.legal_actions() if s.current_player() >= 0 else []
    return svg.render(s.observation(seat), legal), seat, legal


def test_initial_position_draws_every_square_and_the_castles():
    s = _play(2, 0, 0)
    text = svg.render(s.observation(0))
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    kingdoms = [e for e in root.iter() if e.get("class") == "kingdom"]
    assert [k.get("data-seat") for k in kingdoms] == ["0", "1"]
    squares = [e for e in root.iter() if (e.get("class") or "").startswith("sq")
               and e.get("data-half") is None]
    assert len(squares) == 2 * 81            # two 9 x 9 boards
    assert sum(e.get("class") == "sq castle" for e in squares) == 2
    assert not _elements(text, "data-action")   # no legal actions given: nothing to click


def test_mighty_duel_boards_are_13_by_13():
    s = _play(2, 0, 0, ["mighty-duel"])
    root = ET.fromstring(svg.render(s.observation(1)))
    squares = [e for e in root.iter() if (e.get("class") or "").startswith("sq")
               and e.get("data-half") is None]
    assert len(squares) == 2 * 169


def test_lines_kings_and_scores_of_a_known_position():
    s = _play(4, 40, 3)
    obs = s.observation(0)
    text = svg.render(obs)
    dominoes = _elements(text, "data-domino")
    want = [d["domino"] for d in obs["current_line"]] + [d["domino"] for d in obs["next_line"]]
    assert [int(e.get("data-domino")) for e in dominoes] == want
    kings = [e for e in _elements(text, "data-king")]
    placed = [d for d in obs["current_line"] + obs["next_line"] if d["king"] is not None]
    assert sorted(int(k.get("data-king")) for k in kings) == sorted(d["king"] for d in placed)
    scores = [e for e in ET.fromstring(text).iter() if e.get("class") == "score"]
    assert [int(e.text) for e in scores] == s.scores()
    # crowns drawn = crowns in the kingdoms' tokens
    crowns = [e for e in ET.fromstring(text).iter() if e.get("class") == "crown"]
    in_kingdoms = sum(row.count("*") for k in obs["kingdoms"] for row in k)
    in_lines = sum(d["code"].count("*") for d in obs["current_line"] + obs["next_line"])
    assert len(crowns) == in_kingdoms + in_lines


def test_names_are_escaped():
    s = _play(2, 0, 0)
    text = svg.render(s.observation(0), names=["<b>&", "x\"y"])
    ET.fromstring(text)
    assert "<b>" not in text


def _all_clicks(s, legal):
    """Every action reachable by clicking, and every click pair tried (first, second)."""
    obs = s.observation(s.current_player())
    g = svg.geometry_of(obs)
    text = svg.render(obs, legal)
    reached = set()
    for e in _elements(text, "data-action"):
        res = svg.click(obs, legal, [{"action": e.get("data-action")}])
        assert "action" in res, res
        reached.add(res["action"])
    targets = [e.get("data-square") for e in _elements(text, "data-square")]
    for first in targets:
        step = svg.click(obs, legal, [{"square": first}])
        if "error" in step:
            continue
        assert step["next"]["first"] == first
        for second in targets:
            res = svg.click(obs, legal, [{"square": first}, {"square": second}])
            if second in step["next"]["squares"]:
                assert res["action"] in legal
                reached.add(res["action"])
            else:
                assert "error" in res
    start = svg.click(obs, legal, [])
    assert set(start["next"]["squares"]) <= set(targets)
    return reached, g


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), plies=st.integers(0, 90), seed=st.integers(0, 10**6))
def test_clicks_reach_exactly_the_legal_actions(players, plies, seed):
    s = _play(players, plies, seed)
    if s.is_terminal():
        return
    legal = s.legal_actions()
    reached, g = _all_clicks(s, legal)
    assert reached == set(legal)


def test_symmetric_domino_clicked_either_way_is_one_placement():
    # find a position placing a domino with two identical halves
    def symmetric_placement():
        for seed in range(50):
            s = _play(2, 0, seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                if s.phase_name == "place" and s.num_placements():
                    obs = s.observation(s.current_player())
                    code = next(d["code"] for d in obs["current_line"]
                                if d["domino"] == obs["domino"])
                    a, _, b = code.partition("/")
                    if a == b:
                        return s, obs
                s.apply_action(rng.choice(s.legal_actions()))
        raise AssertionError("no symmetric placement in 50 games")

    s, obs = symmetric_placement()
    legal = s.legal_actions()
    g = svg.geometry_of(obs)
    act = legal[0]
    i1, i2 = g.place_squares[act]
    one = svg.click(obs, legal, [{"square": g.names[i1]}, {"square": g.names[i2]}])
    other = svg.click(obs, legal, [{"square": g.names[i2]}, {"square": g.names[i1]}])
    assert one == other == {"action": act}


def test_bad_clicks_are_refused_with_a_reason():
    s = _play(2, 8, 1)
    while s.phase_name != "place":
        s.apply_action(random.Random(0).choice(s.legal_actions()))
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    assert "error" in svg.click(obs, legal, [{"square": "z99"}])
    assert "error" in svg.click(obs, legal, [{"square": "a1"}])   # far from the castle
    assert "error" in svg.click(obs, legal, [{"action": "x"}])
    assert "error" in svg.click(obs, legal, [{"domino": 99}])
    assert "error" in svg.click(obs, legal, [{"square": "e5"}] * 3)
    assert "error" in svg.click(obs, legal, [{"action": 9999}])


def test_the_drawing_uses_only_the_observation():
    # the same observation always gives the same drawing, whatever the state behind it
    a = _play(2, 30, 7)
    b = regalia.load_game("kingdomino", players=2).state_from_json(a.to_json())
    assert svg.render(a.observation(0)) == svg.render(b.observation(0))
    text = svg.render(a.observation(0))
    assert "box" not in text and str(12345) not in text
