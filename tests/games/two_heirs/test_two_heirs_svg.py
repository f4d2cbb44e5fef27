"""The Two Heirs board for the web table (board protocol v2, issue 13): the SVG drawing of a
seat's observation, clicks -> actions, the score table and the scoring help."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest

import regalia
from regalia.core.registry import game_drawing
from regalia.games.two_heirs import svg

NS = "{http://www.w3.org/2000/svg}"
CONFIGS = ({"players": 2}, {"players": 2, "sets": ["travel", "war", "crafts"], "roads": False},
           {"players": 2, "sets": ["land-industry", "patrol", "war"]},
           {"players": 1, "level": 1}, {"players": 1, "level": 3,
                                        "sets": ["war", "patrol", "crafts"]})


def _decision_states(params: dict, seed: int, every: int = 3, limit: int = 14):
    """Decision positions of one random game (every ``every``-th decision, at most
    ``limit``), random legal actions with a bias towards building so landscapes grow."""
    g = regalia.load_game("two-heirs", **params)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    n = 0
    while not s.is_terminal() and len(out) < limit:
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        n += 1
        if n % every == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        kinds = {a: s.decode(a).kind for a in legal}
        pref = [a for a in legal if kinds[a] in ("take", "build", "destroy")]
        a = rng.choice(pref) if pref and rng.random() < .7 else rng.choice(legal)
        if kinds[a] == "end" and rng.random() < .3 and len(legal) > 1:
            a = rng.choice(legal)
        s.apply_action(a)
    if s.is_terminal():
        out.append(s)
    return out


def _siege():
    """The rules test's siege (test_two_heirs_rules.py): white's second Siege Tower flanks
    blue's Robber Barony."""
    params = {"players": 2, "sets": ["travel", "trade-church", "war"]}
    s = regalia.load_game("two-heirs", **params).new_initial_state(0)
    s.set_position(landscape=[(0, 0, "trade-2", "open"), (1, 0, "travel-8", "blue"),
                              (1, 1, "war-1", "white")],
                   troops=[[(0, 0), "reserve", "reserve"], [(1, 0), "reserve", "reserve"]],
                   reserve=["travel-5", "travel-4", "travel-6", "trade-3", "trade-4",
                            "trade-6"],
                   hands=(["war-3", "war-5"], []), taken=1)
    s.apply_action(s.string_to_action("build Siege Tower (war-3) @ 1,-1"))
    assert s.phase_name == "siege"
    return params, s


def _hoarder(params: dict, seed: int):
    """A game where the player to move only takes tiles until the hand limit bites."""
    s = regalia.load_game("two-heirs", **params).new_initial_state(seed)
    rng = random.Random(seed)
    while s.phase_name != "discard":
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        kinds = {a: s.decode(a).kind for a in s.legal_actions()}
        take = [a for a, k in kinds.items() if k == "take"]
        s.apply_action(take[0] if take else next(a for a, k in kinds.items() if k == "end"))
    return params, s


def _to_the_end(params: dict, seed: int):
    s = regalia.load_game("two-heirs", **params).new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(s.sample_chance_outcome(rng) if s.is_chance_node()
                       else rng.choice(s.legal_actions()))
    return params, s


@lru_cache(maxsize=None)
def _positions():
    out = []
    for i, params in enumerate(CONFIGS):
        for seed in (11 + i, 29 + i):
            out += [(params, s) for s in _decision_states(params, seed)]
    out += [_siege(), _hoarder({"players": 2}, 3), _hoarder({"players": 1, "level": 2}, 4),
            _to_the_end({"players": 2}, 5), _to_the_end({"players": 1, "level": 1}, 6)]
    return out


def _ids(text: str) -> list[str]:
    root = ET.fromstring(text)
    return [e.get("data-click") for e in root.iter() if e.get("data-click") is not None]


def _walk(obs, legal):
    """Every action reachable by clicking targets and choices from ``[]``; and every
    (prefix, target) pair met, to check that the drawing offers each target."""
    reached = set()
    seen_targets = []
    stack = [[]]
    while stack:
        clicks = stack.pop()
        r = svg.click(obs, legal, clicks)
        if "action" in r:
            reached.add(r["action"])
            continue
        assert "next" in r, (clicks, r)
        nxt = r["next"]
        assert nxt["prompt"]
        for t in nxt["targets"]:
            seen_targets.append((tuple(json.dumps(c) for c in clicks), t))
            stack.append(clicks + [json.loads(t)])
        for c in nxt["choices"]:
            assert c["label"]
            stack.append(clicks + [c["click"]])
        assert len(clicks) <= svg.MAX_CLICKS
    return reached, seen_targets


def test_registered_as_the_games_drawing():
    assert game_drawing("two-heirs") is svg


def test_every_legal_action_is_reachable_and_only_legal_ones():
    checked = 0
    for params, s in _positions():
        if s.is_terminal():
            continue
        seat = s.current_player()
        obs = s.observation(seat)
        legal = s.legal_actions()
        reached, targets = _walk(obs, legal)
        assert reached == set(legal), (params, sorted(set(legal) - reached))
        # every target of every step is an element of the drawing with that move pending
        drawn: dict[tuple, set] = {}
        for prefix, t in targets[:60]:
            if prefix not in drawn:
                pend = [json.loads(c) for c in prefix]
                drawn[prefix] = set(_ids(svg.render(obs, legal, pending=pend)))
            assert t in drawn[prefix], (prefix, t)
        checked += 1
    assert checked >= 40


def test_decoding_from_the_observation_matches_the_engine():
    for params, s in _positions()[::2]:
        if s.is_terminal():
            continue
        obs = s.observation(s.current_player())
        for a in s.legal_actions():
            mine = svg.decode(obs, a)
            theirs = s.decode(a)
            assert mine is not None and mine.kind == theirs.kind, (a, theirs)
            assert mine.at == theirs.at and mine.tile == theirs.tile
            assert mine.position == theirs.position


def test_the_click_paths_of_a_hand_worked_turn():
    s = next(s for p, s in _positions() if p == {"players": 2} and not s.is_terminal()
             and s.decode(s.legal_actions()[0]).kind == "take")
    obs = s.observation(s.current_player())
    legal = s.legal_actions()
    take1 = next(a for a in legal if s.decode(a).kind == "take" and s.decode(a).position == 1)
    assert svg.click(obs, legal, [{"reserve": 1}]) == {"action": take1}
    r = svg.click(obs, legal, [])["next"]
    assert '{"reserve":1}' in r["targets"]
    assert "take a tile" in r["prompt"]
    # the retinue troop: its moves are the highlighted tiles
    moves = {s.decode(a).at: a for a in legal if s.decode(a).kind == "move"
             and s.decode(a).troop == 0}
    if moves:
        nxt = svg.click(obs, legal, [{"troop": 0}])["next"]
        assert sorted(nxt["targets"]) == sorted(json.dumps({"cell": f"{x},{y}"},
                                                           separators=(",", ":"))
                                                for x, y in moves)
        (x, y), a = sorted(moves.items())[0]
        assert svg.click(obs, legal, [{"troop": 0}, {"cell": f"{x},{y}"}]) == {"action": a}


def test_build_expand_and_the_dialogs():
    found = {"build": 0, "expand": 0, "discard": 0, "siege": 0}
    for params, s in _positions():
        if s.is_terminal():
            continue
        obs = s.observation(s.current_player())
        legal = s.legal_actions()
        kinds = {a: s.decode(a) for a in legal}
        for a, d in kinds.items():
            at = f"{d.at[0]},{d.at[1]}" if d.at else None
            if d.kind == "build":
                assert svg.click(obs, legal, [{"hand": d.tile}, {"cell": at}]) == {"action": a}
                found["build"] += 1
            elif d.kind == "expand":
                assert svg.click(obs, legal, [{"hand": d.tile}, {"mode": "expand"},
                                              {"cell": at}]) == {"action": a}
                found["expand"] += 1
            elif d.kind == "discard":
                r = svg.click(obs, legal, [])["next"]
                assert {"label": f"Return {d.label} to the box",
                        "click": {"discard": d.tile}} in r["choices"]
                found["discard"] += 1
            elif d.kind == "spare":
                r = svg.click(obs, legal, [])["next"]
                assert {"label": "Spare it (no destruction)", "click": {"spare": True}} in \
                    r["choices"]
                found["siege"] += 1
    assert all(found.values()), found


HOSTILE = [
    "not a list", 5, None, [{"cell": "0,0"}] * 4, [[]], [None], [{}], [{"x": 1}],
    [{"cell": "0,0", "hand": "travel-1"}], [{"reserve": 10 ** 30}], [{"reserve": 99}],
    [{"reserve": -1}], [{"reserve": 1.5}], [{"hand": "x" * 10_000}], [{"hand": ["a"]}],
    [{"hand": "no-such-tile"}], [{"cell": "1e9,2"}], [{"troop": 7}], [{"troop": True}],
    [{"end": False}], [{"end": True}, {"end": True}], [{"spare": True}],
    [{"mode": "expand"}], [{"discard": "travel-1"}], [{"flip": "0,0"}],
    [{"destroy": "0,0"}], [{"cell": "9,9"}], [{"reserve": "1"}],
]


@pytest.mark.parametrize("clicks", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_clicks_give_errors(clicks):
    params, s = next((p, s) for p, s in _positions() if not s.is_terminal()
                     and s.phase_name == "play" and s.actions_this_turn == 0)
    obs = s.observation(s.current_player())
    legal = s.legal_actions()
    before = json.dumps(obs, sort_keys=True)
    r = svg.click(obs, legal, clicks)
    assert set(r) == {"error"} and isinstance(r["error"], str) and r["error"]
    assert json.dumps(obs, sort_keys=True) == before


def test_not_your_turn_and_bad_legal_lists_give_errors():
    params, s = _positions()[0]
    obs = s.observation(1 - s.current_player())
    assert "error" in svg.click(obs, [], [])
    assert "error" in svg.click(obs, "abc", [])
    assert "error" in svg.click(obs, [10 ** 9, -3, "x"], [])


def test_a_wrong_step_names_what_is_allowed():
    params, s = next((p, s) for p, s in _positions() if not s.is_terminal()
                     and s.phase_name == "play" and any(s.decode(a).kind == "take"
                                                        for a in s.legal_actions()))
    obs = s.observation(s.current_player())
    r = svg.click(obs, s.legal_actions(), [{"reserve": 6}])
    reach = obs["reach"][s.current_player()]
    if reach < 6:
        assert "reserve tile 6 is not a legal step here; allowed:" in r["error"]
        assert "reserve tile 1" in r["error"]


def test_svg_parses_is_deterministic_and_every_clickable_element_is_a_target():
    for params, s in _positions()[::3]:
        seat = s.current_player() if s.current_player() >= 0 else 0
        obs = s.observation(seat)
        legal = s.legal_actions() if not s.is_terminal() else []
        text = svg.render(obs, legal, names=["Ada <&>", "Bob"])
        root = ET.fromstring(text)
        assert root.tag == NS + "svg"
        assert text == svg.render(json.loads(json.dumps(obs)), list(legal),
                                  names=["Ada <&>", "Bob"])
        for e in root.iter():
            if e.get("data-click") is not None:
                assert "target" in e.get("class").split()
                json.loads(e.get("data-click"))
        if not legal:
            assert not _ids(text)
        # every building's hover text names its effect and its provenance
        titles = [t.text for t in root.iter(NS + "title")]
        for tile in obs["landscape"]:
            if tile["owner"] is not None:
                assert any(f"({tile['tile']})" in t and "Effect:" in t and
                           "reconstructed" in t for t in titles)


def test_the_starting_tile_stays_hidden():
    for params, s in _positions()[::4]:
        hidden = s.game.tables.ids[s.start_tile]
        for seat in range(s.game.num_players):
            obs = s.observation(seat)
            for o in (obs, svg.public_observation(obs)):
                text = svg.render(o, [])
                assert not re.search(rf"\b{re.escape(hidden)}\b", text)
                assert re.search(rf"\b{re.escape(hidden)}\b", json.dumps(svg.score_table(o))) \
                    is None


def test_spectators_see_no_viewer_and_the_board_from_whites_side():
    params, s = _positions()[5]
    pub = svg.public_observation(s.observation(1))
    assert pub["player"] is None
    root = ET.fromstring(svg.render(pub))
    assert root.get("data-viewer") == ""
    assert not _ids(svg.render(pub))


def test_each_seat_sees_its_own_buildings_upright():
    """A building's owner band lies at the screen bottom for its owner's view and at the
    top for the other seat (the table turned: "Your buildings will be upside down for your
    opponent")."""
    params, s = next((p, s) for p, s in reversed(_positions()) if p.get("players") == 2
                     and any(t["owner"] is not None
                             for t in s.observation(0)["landscape"]))
    checked = 0
    for seat in (0, 1):
        root = ET.fromstring(svg.render(s.observation(seat)))
        for g in root.iter(NS + "g"):
            if "tile" not in (g.get("class") or "").split():
                continue
            rects = [r for r in g.iter(NS + "rect")]
            band = [r for r in rects if r.get("fill") in svg.SEAT_FILL]
            if not band:
                continue
            tile, b = rects[0], band[0]
            owner = svg.SEAT_FILL.index(b.get("fill"))
            at_bottom = float(b.get("y")) > float(tile.get("y")) + 1
            assert at_bottom == (owner == seat)
            checked += 1
    assert checked >= 2


def test_score_table_matches_the_engine():
    for params, s in _positions()[::2]:
        obs = s.observation(0)
        table = svg.score_table(obs)
        assert table["headings"] == ["Scoring item"] + (["White", "Heinrich"] if s.game.solo
                                                        else ["White", "Blue"])
        named = svg.score_table(obs, names=["Ann"] if s.game.solo else ["Ann", "Bo"])
        assert named["headings"] == ["Scoring item", "Ann",
                                     "Heinrich" if s.game.solo else "Bo"]
        assert all(len(r["cells"]) == 2 for r in table["rows"])
        total = table["rows"][-1]
        assert total["label"] == "Total"
        expect = ([s.scores()[0], s.heinrich_score] if s.game.solo else s.scores())
        assert total["cells"] == [int(v) for v in expect]
        b0, b1 = s.breakdowns()
        assert len([r for r in table["rows"] if " at " in r["label"]]) == \
            len(b0.of("building")) + len(b1.of("building"))


def test_scoring_help_follows_the_game():
    two = regalia.load_game("two-heirs", players=2, roads=False,
                            sets=["travel", "war", "crafts"]).new_initial_state(1)
    solo = regalia.load_game("two-heirs", players=1, level=1).new_initial_state(1)
    h2 = svg.scoring_help(two.observation(0))
    hs = svg.scoring_help(solo.observation(0))
    for h in h2 + hs:
        assert h["heading"] and h["text"] and "rule" in h["source"]
    heads2 = [h["heading"] for h in h2]
    assert "Roads (not scored in this game)" in heads2 and "Roads" not in heads2
    assert "Siege Tower (War)" in heads2 and "Mill (Land & Industry)" not in heads2
    assert "Heinrich's score" in [h["heading"] for h in hs]
    assert "Heinrich's score" not in heads2


def test_heinrichs_last_turn_is_drawn():
    params, s = next((p, s) for p, s in _positions() if p.get("players") == 1
                     and s.observation(0).get("heinrich", "").startswith("Heinrich builds"))
    obs = s.observation(0)
    steps, pos = svg._heinrich_steps(obs, svg.tiles_of(obs))
    assert steps[0].startswith("1. Takes ") and steps[1].startswith("2. Builds it at ")
    text = svg.render(obs, s.legal_actions() if s.current_player() == 0 else [])
    assert "Heinrich&apos;s last turn:" in text or "Heinrich's last turn:" in text
    if pos is not None:
        assert "Heinrich's last" in text
