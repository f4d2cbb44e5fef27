"""The SVG drawing of a Kingdomino observation and the click-to-action mapping (issue 12)."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings, strategies as st

import regalia
from regalia.games.kingdomino import svg
from regalia.games.kingdomino.scoring import largest_property

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


def _halves(text: str) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of the dominoes' halves on the lines, in the drawing's frame
    (a domino's group is placed by a CSS translation, ``transform:translate(Xpx,Ypx)``)."""
    out = []
    for g in _elements(text, "data-domino"):
        dx, dy = (float(v) for v in re.findall(r"(-?[\d.]+)px", g.get("style")))
        out += [(dx + float(e.get("x")), dy + float(e.get("y")), float(e.get("width")),
                 float(e.get("height"))) for e in g.iter() if "data-half" in e.attrib]
    return out


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
    assert not _elements(text, "data-click")   # no legal actions given: nothing to click


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
    # a king that has played its domino of the current line is drawn on the next line only
    gone = svg.played_dominoes(obs)[1]
    placed = [d for d in obs["current_line"] if d["king"] is not None
              and d["domino"] not in gone] + [d for d in obs["next_line"] if d["king"]]
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


def _targets(text: str) -> dict[str, ET.Element]:
    """data-click value -> element, for every clickable element of a drawing."""
    out = {}
    for e in _elements(text, "data-click"):
        assert "target" in e.get("class").split(), e.attrib
        out[e.get("data-click")] = e
    return out


def _walk(obs, legal, limit=4000):
    """Every action reachable from ``[]`` through ``click`` by following targets and
    choices (breadth first, bounded); checks on the way that every target is drawn as a
    clickable element of the board re-drawn with the pending clicks."""
    reached, seen = set(), 0
    queue = [[]]
    while queue and seen < limit:
        clicks = queue.pop(0)
        seen += 1
        res = svg.click(obs, legal, clicks)
        if "action" in res:
            assert res["action"] in legal
            reached.add(res["action"])
            continue
        assert "next" in res, (clicks, res)
        nxt = res["next"]
        assert isinstance(nxt["prompt"], str) and nxt["prompt"]
        drawn = _targets(svg.render(obs, legal, pending=clicks))
        for t in nxt["targets"]:
            assert t in drawn, (clicks, t)
            queue.append(clicks + [json.loads(t)])
        for ch in nxt["choices"]:
            if ch["click"] == {"choice": "rotate"} and clicks.count(ch["click"]) >= 3:
                continue
            queue.append(clicks + [ch["click"]])
    return reached


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), plies=st.integers(0, 90), seed=st.integers(0, 10**6))
def test_clicks_reach_exactly_the_legal_actions(players, plies, seed):
    s = _play(players, plies, seed)
    if s.is_terminal():
        return
    legal = s.legal_actions()
    assert _walk(s.observation(s.current_player()), legal) == set(legal)


def _placing_position(symmetric=None):
    """A position where a domino is to be placed with several placements (and, when
    ``symmetric`` is given, whose halves are identical or not)."""
    for seed in range(80):
        s = _play(2, 0, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.phase_name == "place" and s.num_placements() > 3:
                obs = s.observation(s.current_player())
                code = next(d["code"] for d in obs["current_line"]
                            if d["domino"] == obs["domino"])
                a, _, b = code.partition("/")
                if symmetric is None or (a == b) == symmetric:
                    return s, obs
            s.apply_action(rng.choice(s.legal_actions()))
    raise AssertionError("no such position in 80 games")


def test_symmetric_domino_clicked_either_way_is_one_placement():
    s, obs = _placing_position(symmetric=True)
    legal = s.legal_actions()
    g = svg.geometry_of(obs)
    act = legal[0]
    i1, i2 = g.place_squares[act]
    one = svg.click(obs, legal, [{"square": g.names[i1]}, {"square": g.names[i2]}])
    other = svg.click(obs, legal, [{"square": g.names[i2]}, {"square": g.names[i1]}])
    assert one == other == {"action": act}


def _ghost_squares(text):
    """(square names under the preview's two halves) read back from the drawing."""
    root = ET.fromstring(text)
    previews = [e for e in root.iter() if e.get("class") == "preview"]
    if not previews:
        return None
    rects = [e for e in previews[0].iter(NS + "rect") if (e.get("class") or "").startswith("sq")]
    squares = {(e.get("x"), e.get("y")): e.get("data-square") for e in root.iter(NS + "rect")
               if e.get("data-square") and e.get("data-seat") is not None}
    return [squares[(r.get("x"), r.get("y"))] for r in rects]


def test_preview_rotate_and_place():
    s, obs = _placing_position(symmetric=False)
    legal = s.legal_actions()
    g = svg.geometry_of(obs)
    start = svg.click(obs, legal, [])
    assert "first half" in start["next"]["prompt"] and start["next"]["choices"] == []
    # a first square with at least two legal second halves
    first = next(json.loads(t)["square"] for t in start["next"]["targets"]
                 if len(svg.click(obs, legal, [json.loads(t)])["next"]["targets"]) > 1)
    clicks = [{"square": first}]
    step = svg.click(obs, legal, clicks)["next"]
    seconds = [json.loads(t)["square"] for t in step["targets"]]
    labels = [c["label"] for c in step["choices"]]
    assert labels == ["Rotate", "Place"]
    assert f"first half on {first}, second half on {seconds[0]}" in step["prompt"]
    # the ghost lies on the first square and the first legal second square, then turns
    # through every legal second square and back
    assert _ghost_squares(svg.render(obs, legal)) is None
    for k in range(len(seconds) + 1):
        pending = clicks + [{"choice": "rotate"}] * k
        assert _ghost_squares(svg.render(obs, legal, pending=pending)) == \
            [first, seconds[k % len(seconds)]]
        placed = svg.click(obs, legal, pending + [{"choice": "place"}])
        want = g.placement_from_squares(g.by_name[first], g.by_name[seconds[k % len(seconds)]])
        assert placed == {"action": want} and want in legal
    # clicking the first square again turns the preview too; a highlighted square places
    assert _ghost_squares(svg.render(obs, legal, pending=clicks * 2)) == [first, seconds[1]]
    direct = svg.click(obs, legal, clicks + [{"square": seconds[-1]}])
    assert direct["action"] == g.placement_from_squares(g.by_name[first],
                                                        g.by_name[seconds[-1]])
    # hostile pending clicks draw no ghost and raise nothing
    for bad in ([{"square": "z99"}], [{"x": 1}], "e5", [{"square": first}] * 99, [None]):
        assert _ghost_squares(svg.render(obs, legal, pending=bad)) is None


def test_pick_and_discard_by_click():
    s = _play(2, 0, 0)
    while s.phase_name != "pick":
        s.apply_action(s.legal_actions()[0])
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    start = svg.click(obs, legal, [])["next"]
    doms = [json.loads(t)["domino"] for t in start["targets"]]
    assert sorted(svg.pick_action(obs, d) for d in doms) == sorted(legal)
    assert svg.click(obs, legal, [{"domino": doms[0]}]) == {"action": svg.pick_action(obs, doms[0])}
    # a domino of the current line is drawn but not clickable
    drawn = _targets(svg.render(obs, legal))
    assert set(drawn) == set(start["targets"])
    # discard: a full kingdom cannot take the domino
    for seed in range(200):
        s = _play(2, 0, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if s.current_player() >= 0 and legal == [svg.geometry_of(
                    s.observation(0)).discard]:
                obs = s.observation(s.current_player())
                nxt = svg.click(obs, legal, [])["next"]
                assert nxt["choices"] == [{"label": "Discard", "click": {"choice": "discard"}}]
                assert svg.click(obs, legal, [{"choice": "discard"}]) == {"action": legal[0]}
                assert '"choice"' in svg.render(obs, legal).replace("&quot;", '"')
                return
            s.apply_action(rng.choice(legal))
    raise AssertionError("no discard in 200 random games")


@pytest.mark.parametrize("clicks", [
    [{"square": "z99"}], [{"square": "a1"}], [{"action": "x"}], [{"domino": 99}],
    [{"action": 9999}], [{"action": True}], [{"domino": 1.5}], [{"square": 5}],
    [{"square": "e5", "domino": 3}], [{}], [None], ["e5"], [[1]], [{"choice": "fly"}],
    [{"choice": "rotate"}], [{"choice": "place"}], [{"choice": "discard"}],
    [{"action": 10**30}], [{"square": "e5" * 1000}], [{"square": "e5"}] * 40,
    [{"huge": "x" * 10**5}], "e5", None, 17, [{"domino": -1}],
])
def test_hostile_clicks_are_refused_with_a_reason(clicks):
    s, obs = _placing_position()
    legal = s.legal_actions()
    res = svg.click(obs, legal, clicks)
    assert set(res) == {"error"} and isinstance(res["error"], str) and res["error"]
    assert len(res["error"]) < 300
    # the same clicks when it is not the seat's turn
    assert "error" in svg.click(obs, [], clicks)


def test_a_second_square_that_is_not_legal_names_the_allowed_ones():
    s, obs = _placing_position(symmetric=False)
    legal = s.legal_actions()
    first = json.loads(svg.click(obs, legal, [])["next"]["targets"][0])["square"]
    seconds = [json.loads(t)["square"] for t in
               svg.click(obs, legal, [{"square": first}])["next"]["targets"]]
    res = svg.click(obs, legal, [{"square": first}, {"square": "a1"}])
    assert "is not a legal placement" in res["error"]
    assert all(x in res["error"] for x in seconds)
    res = svg.click(obs, legal, [{"square": first}, {"choice": "place"}, {"choice": "place"}])
    assert "error" in res


def _kingdom_position():
    g = regalia.load_game("kingdomino", players=2, variants=["middle-kingdom", "harmony"])
    s = g.new_initial_state(5)
    # hand-worked kingdoms: seat 0 has a forest of 3 squares with 2 crowns (6), a lake of
    # 2 squares with 1 crown (2) and a crownless wheat square; castle in the centre of a
    # kingdom not spanning 5x5 (no Middle Kingdom)
    s.set_kingdom(0, "F* F* F\nL* C W\nL . .")
    s.set_kingdom(1, "M*** M G\nW C S\n")
    return s


def test_score_table_of_a_hand_worked_position():
    s = _kingdom_position()
    t = svg.score_table(s.observation(0))
    rows = {r["label"]: r["cells"] for r in t["rows"]}
    assert t["headings"] == ["Scoring item", "Player 1", "Player 2"]
    assert rows["Properties"] == [6 + 2, 2 * 3]
    assert rows["Crowns"] == [3, 3]
    assert rows["Middle Kingdom (+10)"] == [0, 0] and rows["Harmony (+5)"] == [0, 0]
    assert rows["Total"] == [int(x) for x in s.scores()] == [8, 6]
    assert "Wheat" not in rows               # the per-terrain rows come at the end


@settings(max_examples=15, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6),
       variants=st.sampled_from([(), ("middle-kingdom", "harmony"), ("dynasty",)]))
def test_score_table_total_is_the_games_score_to_the_end(players, seed, variants):
    s = _play(players, 10**6, seed, variants)
    t = svg.score_table(s.observation(0))
    rows = {r["label"]: r["cells"] for r in t["rows"]}
    assert rows["Total"] == [int(x) for x in s.scores()]
    for p in range(players):
        bd = s.breakdown(p)
        assert rows["Properties"][p] == bd.points("property")
        assert rows["Largest property (tie-break)"][p] == largest_property(bd)
        terrain_points = [r["cells"][p] for r in t["rows"] if r["label"] in
                          ("Wheat", "Forest", "Lake", "Grassland", "Swamp", "Mine")]
        assert sum(int(str(c).rsplit("= ", 1)[-1]) for c in terrain_points) == \
            bd.points("property")


def test_scoring_help_cites_its_sources():
    s = _kingdom_position()
    helps = svg.scoring_help(s.observation(0))
    headings = [h["heading"] for h in helps]
    assert headings == ["Properties", "Harmony", "Middle Kingdom", "Tie-break"]
    assert all(h["text"] and h["source"] for h in helps)
    assert "End of the Game" in helps[0]["source"]
    assert svg.scoring_help(_play(2, 0, 0).observation(0))[1]["heading"] == "Tie-break"


def test_the_drawing_uses_only_the_observation():
    # the same observation always gives the same drawing, whatever the state behind it
    a = _play(2, 30, 7)
    b = regalia.load_game("kingdomino", players=2).state_from_json(a.to_json())
    assert svg.render(a.observation(0)) == svg.render(b.observation(0))
    text = svg.render(a.observation(0))
    assert "box" not in text and str(12345) not in text


def _line_entries(text: str, line: str) -> list[ET.Element]:
    root = ET.fromstring(text)
    group = next(e for e in root.iter() if e.get("data-line") == line)
    return [e for e in group if e.get("data-domino")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_king_is_drawn_once_and_none_once_the_game_is_over(players):
    """A king that played its domino of the current line stands on the next line only
    (quick reference, 'On your turn'); the dominoes played are faded; at the end every
    domino was played and no king is left on a line."""
    g = regalia.load_game("kingdomino", players=players)
    kings_per_seat = 2 if players == 2 else 1
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        seen_played = 0
        while not s.is_terminal():
            if s.current_player() >= 0 and s.observation(0)["current_line"]:
                text = svg.render(s.observation(0))
                kings = [int(e.get("data-king")) for e in _elements(text, "data-king")]
                assert len(kings) == len(set(kings)), (s.history(), kings)
                assert len(kings) <= players * kings_per_seat
                current = _line_entries(text, "current")
                faded = [e for e in current if "played" in e.get("class").split()]
                assert all(e.get("opacity") == "0.35" for e in faded)
                # the acting king's own domino is played once it picks, not before
                obs = s.observation(0)
                line = [d["domino"] for d in obs["current_line"]]
                acting = [d["domino"] for d in obs["current_line"] if d["king"] == obs["king"]]
                if obs["phase"] == "place" and acting:
                    assert len(faded) == line.index(acting[0])
                    assert not any(e.get("data-domino") == str(acting[0]) for e in faded)
                seen_played += len(faded)
            s.apply_action(rng.choice(s.legal_actions()))
        assert seen_played > 0
        text = svg.render(s.observation(0))
        assert not _elements(text, "data-king")
        current = _line_entries(text, "current")
        assert current and all("played" in e.get("class").split() for e in current)


def _kingdom_boxes(text: str) -> list[tuple[float, float, float, float]]:
    """(left, top, right, bottom) of each kingdom's squares, in drawing order."""
    root = ET.fromstring(text)
    out = []
    for k in (e for e in root.iter() if e.get("class") == "kingdom"):
        sq = [e for e in k.iter() if e.get("data-square")]
        xs = [float(e.get("x")) for e in sq] + [float(e.get("x")) + float(e.get("width"))
                                                for e in sq]
        ys = [float(e.get("y")) for e in sq] + [float(e.get("y")) + float(e.get("height"))
                                                for e in sq]
        out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_kingdoms_leave_no_empty_half_under_the_viewers(players):
    """The opponents' kingdoms go in a row under the viewer's large one (a column of three
    beside it left the space under it empty); nothing overlaps, and the drawing ends
    under the last row of kingdoms."""
    s = _play(players, 30, 1)
    text = svg.render(s.observation(1))
    root = ET.fromstring(text)
    own, *others = _kingdom_boxes(text)
    assert all(o[1] > own[3] for o in others)                     # below the viewer's
    assert all(a[2] < b[0] for a, b in zip(others, others[1:]))   # side by side
    assert float(root.get("height")) - max(o[3] for o in others) <= 12
    lines = [x for x, _, _, _ in _halves(text)]
    assert min(lines) > own[2]                                     # the lines beside it
    assert float(root.get("width")) >= max(lines) + svg.CELL


@pytest.mark.parametrize("variants", [(), ("mighty-duel",)])
def test_two_kingdoms_the_opponents_under_the_lines(variants):
    """Two seats: the opponent's kingdom beside the viewer's, under the lines of dominoes
    and the Discard button (the page's board is then about as high as wide, no empty
    space under the kingdoms)."""
    s = _play(2, 30, 1, variants)
    text = svg.render(s.observation(0), s.legal_actions() if s.current_player() == 0 else [])
    root = ET.fromstring(text)
    own, other = _kingdom_boxes(text)
    halves = _halves(text)
    lines_bottom = max(y + h for _, y, _, h in halves)
    assert other[0] > own[2] and other[1] > lines_bottom + 40
    assert min(x for x, _, _, _ in halves) > own[2]
    assert float(root.get("height")) - other[3] <= 12
    assert 1.0 <= float(root.get("width")) / float(root.get("height")) <= 1.4
