"""The Cascadito drawing (games/cascadito/svg.py, board protocol v2): the SVG parses, is
deterministic and carries hover help with provenance; every legal action of many random
positions (solo and 2-4 players, every sheet) is reachable by clicks from ``[]`` through
targets and choices, and no click sequence yields an illegal action; hostile clicks give
errors; the score table agrees with the engine."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

import regalia.games.cascadito  # noqa: F401  (registers the game and its drawing)
from regalia.core.registry import game_drawing, load_game
from regalia.core.svgkit import canonical
from regalia.games.cascadito import svg

NAMES = ["Ann", "Bob", "Cleo", "Dev"]
#: (players, sheet, variants): solo and 2-4 players on every sheet, the harder solo start.
CONFIGS = [(1, k, ()) for k in (1, 2, 3, 4)] + [(1, 2, ("harder-start",))] + [
    (n, k, ()) for n in (2, 3, 4) for k in (1, 2, 3, 4)]


def _positions(players, sheet, variants, seed, every=3, limit=400):
    """States of one random game (uniform legal moves), one decision in ``every``, up to
    ``limit`` plies, and the final state."""
    g = load_game("cascadito", players=players, sheet=sheet, variants=list(variants))
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    out = []
    for ply in range(limit):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        if ply % every == 0:
            out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    out.append(s)
    return out


def _walk(obs, legal, draw=True):
    """Every action reachable by clicking from ``[]`` (targets and choices), checking that
    each answer is legal and each offered click leads somewhere; ``draw``: also check that
    every target is drawn (an element of the SVG with the move so far pending)."""
    found = set()
    todo = [[]]
    seen = 0
    while todo:
        clicks = todo.pop()
        seen += 1
        assert seen < 5000, "the click tree does not end"
        ans = svg.click(obs, legal, clicks)
        assert set(ans) <= {"action", "next", "error"} and len(ans) == 1, ans
        if "action" in ans:
            assert ans["action"] in legal, (clicks, ans)
            found.add(ans["action"])
            continue
        assert "next" in ans, (clicks, ans)
        nxt = ans["next"]
        assert isinstance(nxt["prompt"], str) and nxt["prompt"]
        offered = [json.loads(x) for x in nxt["targets"]] + [c["click"] for c in nxt["choices"]]
        assert offered, (clicks, ans)
        for c in nxt["choices"]:
            assert isinstance(c["label"], str) and c["label"]
        # every target is drawn: an element of the SVG carries it
        if draw:
            doc = svg.render(obs, legal, NAMES[:len(obs["sheets"])], clicks)
            missing = set(nxt["targets"]) - set(_clicks_in(doc))
            assert not missing, (clicks, missing)
        for c in {canonical(o): o for o in offered}.values():
            todo.append(clicks + [c])
    return found


def _clicks_in(doc):
    root = ET.fromstring(doc)
    for el in root.iter():
        v = el.get("data-click")
        if v is not None:
            assert "target" in (el.get("class") or "").split(), v
            assert v == canonical(json.loads(v))
            yield v


@pytest.mark.parametrize("players,sheet,variants", CONFIGS)
def test_every_legal_action_is_reachable_by_clicks(players, sheet, variants):
    n_checked = 0
    for seed in (1, 2):
        for s in _positions(players, sheet, variants, seed, every=2 + 2 * players):
            if s.is_terminal() or s.is_chance_node():
                continue
            p = s.current_player()
            legal = s.legal_actions()
            assert _walk(s.observation(p), legal, draw=n_checked % 4 == 0) == set(legal)
            n_checked += 1
    assert n_checked >= 10


@pytest.mark.parametrize("players,sheet", [(1, 1), (2, 3), (4, 4), (3, 2)])
def test_random_clicks_never_yield_an_illegal_action(players, sheet):
    """Clicks built from every click object the sheet knows, in random order: an answer
    is always an error, a next step, or a legal action."""
    rng = random.Random(players * 10 + sheet)
    g = load_game("cascadito", players=players, sheet=sheet)
    t = g.tables
    vocab = ([{"die": c} for c in ("blue", "yellow", "orange", "pink", "white", "black")]
             + [{"field": n} for n in t.names] + [{"river": r} for r in range(3)]
             + [{"track": c} for c in ("blue", "white", "pink")]
             + [{"claim": f"{row} {k}"} for row in ("top", "bottom") for k in range(1, 7)]
             + [{"pass": True}, {"decline": True}])
    actions = 0
    for s in _positions(players, sheet, (), 5, every=2):
        if s.is_terminal() or s.is_chance_node():
            continue
        obs, legal = s.observation(s.current_player()), s.legal_actions()
        for _ in range(60):
            clicks = [rng.choice(vocab) for _ in range(rng.randint(1, 2))]
            ans = svg.click(obs, legal, clicks)
            if "action" in ans:
                assert ans["action"] in legal
                actions += 1
            else:
                assert "next" in ans or ans["error"]
    assert actions > 0


HOSTILE = [
    "not a list", None, 5, [1], [[]], ["die"], [{}], [{"die": "pink", "field": "c5"}],
    [{"bogus": 1}], [{"die": 3}], [{"die": "x" * 10_000}], [{"river": True}],
    [{"river": 10 ** 30}], [{"river": -1}], [{"river": "0"}], [{"pass": 1}],
    [{"pass": "yes"}], [{"decline": False}], [{"field": ["c5"]}], [{"claim": {"top": 1}}],
    [{"die": "pink"}] * 3, [{"die": "pink"}] * 10_000, [{"die": "black"}],
    [{"field": "z99"}], [{"claim": "top 99"}], [{"track": "purple"}],
    [{"die": "pink"}, {"die": "pink"}], [{"decline": True}, {"decline": True}],
]


@pytest.mark.parametrize("clicks", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_clicks_give_errors(clicks):
    for phase_wanted in ("die", "task", "claim"):
        s = _state_in_phase(phase_wanted)
        obs, legal = s.observation(s.current_player()), s.legal_actions()
        ans = svg.click(obs, legal, clicks)
        assert list(ans) == ["error"], (phase_wanted, clicks, ans)
        assert isinstance(ans["error"], str) and len(ans["error"]) < 400


def test_clicks_without_a_move_or_with_a_broken_observation_give_errors():
    s = _state_in_phase("die")
    obs = s.observation(s.current_player())
    assert "error" in svg.click(obs, [], [])
    assert "error" in svg.click(obs, "nonsense", [])  # type: ignore[arg-type]
    assert "error" in svg.click(obs, [10 ** 9, -3, "x"], [])  # type: ignore[list-item]
    assert "error" in svg.click({"params": "x"}, s.legal_actions(), [])
    assert "error" in svg.click({}, s.legal_actions(), [])


_PHASES: dict[str, object] = {}


def _state_in_phase(phase):
    if phase not in _PHASES:
        for seed in range(40):
            for s in _positions(2, 3, (), seed, every=1):
                if s.phase_name == phase and phase not in _PHASES:
                    _PHASES[phase] = s
            if phase in _PHASES:
                break
    return _PHASES[phase]


def test_a_move_by_clicks_die_then_field():
    """A die, then a highlighted field: the action 'pink c5' of the notation."""
    s = _state_in_phase("die")
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    field = next(a for a in legal if s.decode(a).kind == "field")
    act = s.decode(field)
    first = svg.click(obs, legal, [])
    assert canonical({"die": act.colour}) in first["next"]["targets"]
    second = svg.click(obs, legal, [{"die": act.colour}])
    assert canonical({"field": act.cell}) in second["next"]["targets"]
    assert {"label": "Pass (use the die for nothing)", "click": {"pass": True}} in \
        second["next"]["choices"]
    assert svg.click(obs, legal, [{"die": act.colour}, {"field": act.cell}]) == {"action": field}
    # a field the die cannot mark is refused, naming the allowed ones
    bad = svg.click(obs, legal, [{"die": act.colour}, {"field": "a99"}])
    assert "cannot mark" in bad["error"] and act.cell in bad["error"]


def test_claim_buttons_and_decline():
    s = _state_in_phase("claim")
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    nxt = svg.click(obs, legal, [])["next"]
    labels = [c["label"] for c in nxt["choices"]]
    assert labels[-1] == "Decline (claim later)"
    decline = next(a for a in legal if s.decode(a).kind == "decline")
    assert svg.click(obs, legal, [{"decline": True}]) == {"action": decline}
    claim = next(a for a in legal if s.decode(a).kind == "claim")
    name = s.decode(claim).achievement
    assert svg.click(obs, legal, [{"claim": name}]) == {"action": claim}


# ------------------------------------------------------------------ the picture
@pytest.mark.parametrize("players,sheet,variants", CONFIGS[:9])
def test_svg_parses_is_deterministic_and_shows_every_seat(players, sheet, variants):
    for s in _positions(players, sheet, variants, 3, every=25)[-3:]:
        seat = max(s.current_player(), 0)
        obs = s.observation(seat)
        legal = [] if s.is_terminal() or s.is_chance_node() else s.legal_actions()
        names = NAMES[:players]
        doc = svg.render(obs, legal, names)
        root = ET.fromstring(doc)
        assert root.get("viewBox") == "0 0 960 800"
        assert doc == svg.render(json.loads(json.dumps(obs)), list(legal), names)
        seats = {int(e.get("data-seat")) for e in root.iter() if
                 "sheet" in (e.get("class") or "").split()}
        assert seats == set(range(players))
        scores = {int(e.get("data-seat")): int(e.text) for e in root.iter()
                  if "score" in (e.get("class") or "").split()}
        assert scores == {p: int(v) for p, v in enumerate(s.scores())}


def test_names_are_escaped_and_spectators_see_every_sheet():
    s = _positions(3, 2, (), 4, every=50)[1]
    d = game_drawing("cascadito")
    assert d is svg
    pub = svg.public_observation(s.observation(1))
    assert pub["player"] is None and pub["sheets"] == s.observation(0)["sheets"]
    doc = svg.render(pub, (), ["<b>&amp;", "Bob", "x\"y"])
    root = ET.fromstring(doc)
    text = "".join(root.itertext())
    assert "<b>&amp;" in text and "(you)" not in text
    assert not list(_clicks_in(doc))  # a spectator gets nothing to click


def test_hover_help_says_reconstructed_where_the_data_is():
    """Sheet 4's map and achievements are reconstructions: their hover text says so; sheet
    2's top-row achievements are rulebook text and do not claim to be reconstructed."""
    s = load_game("cascadito", players=2, sheet=4).new_initial_state(1)
    while s.is_chance_node():
        s.apply_action(s.sample_chance_outcome(random.Random(1)))
    root = ET.fromstring(svg.render(s.observation(0), s.legal_actions(), NAMES[:2]))
    titles = {e.text or "" for e in root.iter("{http://www.w3.org/2000/svg}title")}
    ach = [x for x in titles if x.startswith("Top 1")]
    assert ach and "reconstructed" in ach[0] and "8 VP (5 later)" in ach[0]
    crown = [x for x in titles if "Crown (" in x]
    assert crown and all("reconstructed" in x for x in crown)
    s2 = load_game("cascadito", players=2, sheet=2).new_initial_state(1)
    while s2.is_chance_node():
        s2.apply_action(s2.sample_chance_outcome(random.Random(1)))
    root = ET.fromstring(svg.render(s2.observation(0), (), NAMES[:2]))
    titles = [e.text or "" for e in root.iter("{http://www.w3.org/2000/svg}title")]
    top1 = next(x for x in titles if x.startswith("Top 1"))
    assert "rulebook" in top1 and "reconstructed" not in top1


def test_pending_die_is_shown_lifted_and_fields_highlighted():
    s = _state_in_phase("die")
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    colour = s.decode(next(a for a in legal if s.decode(a).kind == "field")).colour
    doc = svg.render(obs, legal, NAMES[:2], [{"die": colour}])
    root = ET.fromstring(doc)
    chosen = [e for e in root.iter() if "chosen" in (e.get("class") or "").split()]
    assert len(chosen) == 1 and json.loads(chosen[0].get("data-click")) == {"die": colour}
    assert "Your turn: With the " + colour + " die" in "".join(root.itertext())


# ------------------------------------------------------------------ scores and help
@pytest.mark.parametrize("players,sheet", [(1, 1), (2, 2), (3, 3), (4, 4), (2, 4), (2, 1)])
def test_score_table_agrees_with_the_engine(players, sheet):
    for seed in (1, 2, 3):
        states = _positions(players, sheet, (), seed, every=30, limit=3000)
        for s in states[-2:]:
            obs = s.observation(0)
            table = svg.score_table(obs)
            assert len(table["headings"]) == players + 1
            labels = [r["label"] for r in table["rows"]]
            assert len(labels) == len(set(labels)) and labels[0] == "Top-row achievements"
            assert all(len(r["cells"]) == players for r in table["rows"])
            total = table["rows"][-1]
            assert total["label"] == "Total"
            assert total["cells"] == [int(x) for x in s.scores()]
            for p in range(players):
                assert sum(r["cells"][p] for r in table["rows"][:-1]) == s.breakdown(p).total


def test_sheet4_top_row_bonus_and_later_claims_are_scored():
    """Play Sheet 4: a later claimant of a top-row achievement scores 5, the first 8; the
    whole top row ends the game with a 5-point bonus (rulebook, Play Sheet 4)."""
    g = load_game("cascadito", players=2, sheet=4)
    s = g.new_initial_state(1)
    s.set_claims(0, ["top 1"])
    s.set_claims(1, ["top 1"])
    table = svg.score_table(s.observation(0))
    row = next(r for r in table["rows"] if r["label"] == "Top-row achievements")
    assert row["cells"] == [8, 5]
    assert table["headings"] == ["Scoring item", "Player 1", "Player 2"]
    assert table["rows"][-1]["cells"] == [int(x) for x in s.scores()]


def test_scoring_help_comes_from_the_game_with_sources():
    for sheet in (1, 2, 3, 4):
        s = load_game("cascadito", players=2, sheet=sheet).new_initial_state(1)
        items = svg.scoring_help(s.observation(0))
        assert items[0]["heading"] == "Scoring"
        assert all(i["source"] and i["text"] and i["heading"] for i in items)
        assert all(i["source"].startswith("Cascadito rulebook (English), ") for i in items)
        heads = {i["heading"] for i in items}
        assert "Blue track" in heads
        assert ("Raiding bandit" in heads) == (sheet == 2)
        assert any(h.startswith("Achievement top") for h in heads)


def test_whole_top_row_bonus_read_off_the_final_observation():
    """Play Sheet 4, Game End: "If the player completed all of the top row achievements,
    then they also gain 5 bonus points" (a game, seed 1, where seat 2 does so)."""
    s = _positions(2, 4, (), 1, every=10 ** 6, limit=10 ** 6)[-1]
    assert s.is_terminal() and s.breakdown(1).points("top_row_bonus") == 5
    table = svg.score_table(s.observation(0))
    row = next(r for r in table["rows"] if r["label"] == "Whole top row")
    assert row["cells"] == [0, 5]
    assert table["rows"][-1]["cells"] == [int(x) for x in s.scores()]


def test_states_draw_themselves_in_jupyter():
    s = load_game("cascadito", players=3, sheet=3).new_initial_state(2)
    root = ET.fromstring(s._repr_svg_())
    assert root.get("data-game") == "cascadito" and root.get("data-viewer") == ""


@pytest.mark.parametrize("players,sheet,variants", [(1, 2, ()), (2, 3, ()), (1, 4, ("harder-start",))])
def test_a_complete_game_played_by_clicks_only(players, sheet, variants):
    """Solo on sheet 2 and 2 players on sheet 3 (issue 13's games), every decision taken
    by clicking a random offered target or button until the game ends; the final score
    table is the engine's."""
    rng = random.Random(sheet)
    g = load_game("cascadito", players=players, sheet=sheet, variants=list(variants))
    s = g.new_initial_state(sheet)
    moves = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(s.sample_chance_outcome(rng))
            continue
        obs, legal = s.observation(s.current_player()), s.legal_actions()
        clicks: list = []
        while True:
            ans = svg.click(obs, legal, clicks)
            if "action" in ans:
                break
            nxt = ans["next"]
            offered = [json.loads(x) for x in nxt["targets"]] + [c["click"] for c in nxt["choices"]]
            clicks.append(rng.choice(offered))
        s.apply_action(ans["action"])
        moves += 1
        assert moves < 5000
    table = svg.score_table(s.observation(0))
    assert table["rows"][-1]["cells"] == [int(x) for x in s.scores()]
    ET.fromstring(svg.render(s.observation(0), (), NAMES[:players]))


def test_render_ignores_a_malformed_pending_move():
    s = _state_in_phase("die")
    obs, legal = s.observation(s.current_player()), s.legal_actions()
    plain = svg.render(obs, legal, NAMES[:2])
    for bad in ([{"x": 1}], "die", [[1]], [{"die": "pink"}] * 5, None):
        assert svg.render(obs, legal, NAMES[:2], bad) == plain  # drawn as no move yet
    doc = svg.render(obs, legal, NAMES[:2], [{"die": "purple"}])  # no such die: none lifted
    assert "chosen" not in doc and ET.fromstring(doc) is not None
