"""Setup by player count, the first-line king draw, turn order and game length.

Rulebook (COMPONENTS.md, "Setup by player count"):

  | players | kings each | dominoes used | dominoes per line | rounds |
  | 2       | 2          | 24 (24 removed at random, unseen) | 4 | 6 |
  | 3       | 1          | 36 (12 removed) | 3 | 12 |
  | 4       | 1          | 48 | 4 | 12 |

(the quick reference's "4 tiles" per line is wrong for 3 players). The Mighty Duel: 2 players,
all 48 dominoes, 7x7. "First line: kings are drawn at random one at a time, and the owner of
each drawn king places it on a free domino of the line (the last king has no choice)."
"A round: a new line is drawn ... in the order of the kings on the current line (lowest number
first), each king's owner (1) places that domino ... and (2) moves that king to a free domino
of the new line. On the last line there is no new line: players only place."
"""

from __future__ import annotations

import random

import pytest

from regalia.core.errors import IllegalActionError, RegaliaError
from regalia.core.game import CHANCE, TERMINAL
from regalia.games.kingdomino import KingdominoGame

CONFIGS = {
    # name: (players, variants, kings each, per line, dominoes used, lines, side,
    #        history length = draws + king draws + placements/discards + picks)
    "2p": (2, (), 2, 4, 24, 6, 5, 24 + 3 + 24 + 24),        # 75
    "3p": (3, (), 1, 3, 36, 12, 5, 36 + 2 + 36 + 36),       # 110
    "4p": (4, (), 1, 4, 48, 12, 5, 48 + 3 + 48 + 48),       # 147
    "duel": (2, ("mighty-duel",), 2, 4, 48, 12, 7, 48 + 3 + 48 + 48),  # 147
}


def classify(game, action: int) -> str:
    g = game.geo
    if action <= g.discard:
        return "place"
    if action < g.draw_base:
        return "pick"
    if action < g.king_base:
        return "draw"
    return "king"


@pytest.mark.parametrize("name", CONFIGS)
def test_setup_table__rulebook_setup_by_player_count(name):
    players, variants, each, per, used, lines, side, _ = CONFIGS[name]
    g = KingdominoGame(players=players, variants=variants)
    assert g.kings_each == each
    assert g.num_kings == players * each
    assert g.per_line == per
    assert g.dominoes_used == used
    assert g.num_lines == lines
    assert g.geo.n == side
    # king k (0-based) belongs to seat k % players: 2 players -> 0, 1, 0, 1
    assert g.owner == tuple(k % players for k in range(players * each))


def test_three_players_use_lines_of_three__components_md_overrides_quick_reference():
    assert KingdominoGame(players=3).per_line == 3
    s = KingdominoGame(players=3).new_initial_state(5)
    for _ in range(3):
        s.apply_random_chance()
    assert s.phase_name == "king-draw"  # the first line is complete after 3 draws
    assert len(s.observation(0)["next_line"]) == 3


@pytest.mark.parametrize("name", CONFIGS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_played_game_shape__rulebook_setup_and_rounds_ruling_R1(kd, name, seed):
    players, variants, each, per, used, lines, side, length = CONFIGS[name]
    g = KingdominoGame(players=players, variants=variants)
    s = g.new_initial_state(seed)
    rng = random.Random(seed)
    seen_lines = []
    picks = [0] * players
    turns = [0] * players
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        p = s.current_player()
        if s.phase_name == "place":
            obs = s.observation(p)
            line = [x["domino"] for x in obs["current_line"]]
            if not seen_lines or seen_lines[-1] != line:
                seen_lines.append(line)
            turns[p] += 1
        else:
            picks[p] += 1
        s.apply_action(rng.choice(s.legal_actions()))
    h = s.history()
    kinds = [classify(g, a) for a in h]
    assert len(h) == length
    assert len(h) <= g.max_game_length
    assert kinds.count("draw") == used
    assert kinds.count("king") == players * each - 1   # the last king is not drawn
    assert kinds.count("place") == used
    assert kinds.count("pick") == used
    # lines: `lines` of them, each `per` dominoes, sorted by number, all distinct
    assert len(seen_lines) == lines
    assert all(len(line) == per and line == sorted(line) for line in seen_lines)
    drawn = [n for line in seen_lines for n in line]
    assert len(set(drawn)) == used
    assert sorted(drawn) == sorted(a - g.geo.draw_base + 1 for a in h if classify(g, a) == "draw")
    # the other 48 - used dominoes never appear (2p: 24, 3p: 12)
    assert len(s.box) == 48 - used
    assert set(s.box).isdisjoint(drawn)
    # every seat places/discards and picks the same number of dominoes (kings each x lines)
    assert turns == [each * lines] * players
    assert picks == [each * lines] * players
    assert [s.placed[p] + s.discarded[p] for p in range(players)] == [each * lines] * players
    assert s.current_player() == TERMINAL
    assert s.legal_actions() == []


def test_first_line_king_draw_and_turn_order__rulebook_first_line_and_round_order_ruling_R2(kd):
    g = KingdominoGame(players=4)
    s = g.new_initial_state(0)
    assert s.current_player() == CHANCE and s.phase_name == "draw"
    assert len(s.chance_outcomes()) == 48
    assert all(abs(p - 1 / 48) < 1e-12 for _, p in s.chance_outcomes())
    for n in (30, 10, 40, 20):  # drawn in any order, laid out sorted
        kd.act(s, f"draw {n}")
    assert [x["domino"] for x in s.observation(0)["next_line"]] == [10, 20, 30, 40]
    # king draw: chance over the 4 undrawn kings, uniformly
    assert s.phase_name == "king-draw" and s.current_player() == CHANCE
    assert [s.action_to_string(a) for a, _ in s.chance_outcomes()] == \
        ["king 1", "king 2", "king 3", "king 4"]
    assert all(abs(p - 0.25) < 1e-12 for _, p in s.chance_outcomes())
    kd.act(s, "king 3")
    assert s.current_player() == 2
    assert kd.legal_strings(s) == {"pick 10", "pick 20", "pick 30", "pick 40"}
    kd.act(s, "pick 40")
    assert [s.action_to_string(a) for a, _ in s.chance_outcomes()] == \
        ["king 1", "king 2", "king 4"]
    with pytest.raises(IllegalActionError):
        kd.act(s, "king 3")  # already drawn
    kd.act(s, "king 1")
    kd.act(s, "pick 10")
    assert len(s.chance_outcomes()) == 2
    assert all(abs(p - 0.5) < 1e-12 for _, p in s.chance_outcomes())
    kd.act(s, "king 4")
    with pytest.raises(IllegalActionError, match="already has king"):
        kd.act(s, "pick 10")
    kd.act(s, "pick 30")
    # king 2 is the last: not drawn, no choice
    assert s.phase_name == "pick" and s.current_player() == 1
    assert kd.legal_strings(s) == {"pick 20"}
    kd.act(s, "pick 20")
    assert s.phase_name == "draw"
    for n in (35, 5, 25, 15):
        kd.act(s, f"draw {n}")
    # round 1: order of the current line 10 (king 1), 20 (king 2), 30 (king 4), 40 (king 3)
    order = []
    for pick in ("pick 35", "pick 5", "pick 25", "pick 15"):
        assert s.phase_name == "place"
        order.append((s.current_domino, s.current_player(), s.observation(0)["king"]))
        s.apply_action(s.legal_actions()[0])
        assert s.phase_name == "pick"
        kd.act(s, pick)
    assert order == [(10, 0, 1), (20, 1, 2), (30, 3, 4), (40, 2, 3)]
    # round 2: the new line 5 (P1), 15 (P2), 25 (P3), 35 (P0)
    for n in (1, 2, 3, 4):
        kd.act(s, f"draw {n}")
    order = []
    for _ in range(4):
        order.append((s.current_domino, s.current_player()))
        s.apply_action(s.legal_actions()[0])
        s.apply_action(s.legal_actions()[0])
    assert order == [(5, 1), (15, 2), (25, 3), (35, 0)]
    assert s.history_strings()[:13] == [
        "draw 30", "draw 10", "draw 40", "draw 20", "king 3", "pick 40", "king 1",
        "pick 10", "king 4", "pick 30", "pick 20", "draw 35", "draw 5"]


def test_two_player_kings_alternate_seats__rulebook_2_kings_each(kd):
    s = KingdominoGame(players=2).new_initial_state(0)
    for n in (1, 2, 3, 4):
        kd.act(s, f"draw {n}")
    seats = []
    for k in (3, 2, 1):
        kd.act(s, f"king {k}")
        seats.append(s.current_player())
        s.apply_action(s.legal_actions()[0])
    seats.append(s.current_player())  # king 4, automatic
    assert seats == [0, 1, 0, 1]


def test_draw_twice_is_illegal__rulebook_each_domino_once(kd):
    s = KingdominoGame(players=4).new_initial_state(0)
    kd.act(s, "draw 7")
    assert len(s.chance_outcomes()) == 47
    assert s.string_to_action("draw 7") not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="not in the box"):
        kd.act(s, "draw 7")


def test_wrong_kind_of_action_is_illegal__core_contract(kd):
    s = KingdominoGame(players=4).new_initial_state(0)
    with pytest.raises(IllegalActionError, match="now a domino is drawn from the box"):
        kd.act(s, "pick 3")
    with pytest.raises(IllegalActionError):
        s.apply_action(-1)
    with pytest.raises(IllegalActionError):
        s.apply_action(10_000)
    with pytest.raises(RegaliaError):
        kd.state_to_place(5).chance_outcomes()  # not a chance node


def test_pick_a_domino_not_on_the_line_is_illegal(kd):
    s = kd.state_to_place(5, player=0)
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name == "pick"
    with pytest.raises(IllegalActionError, match="not on the next line"):
        kd.act(s, "pick 47")


@pytest.mark.parametrize("name", CONFIGS)
def test_last_line_is_place_only__rulebook_last_round(kd, name):
    players, variants, each, per, used, lines, side, _ = CONFIGS[name]
    g = KingdominoGame(players=players, variants=variants)
    s = g.new_initial_state(11)
    kd.play_out(s, random.Random(11), until=kd.at_last_line)
    assert s.observation(0)["dominoes_left_to_draw"] == 0
    phases = []
    while not s.is_terminal():
        phases.append(s.phase_name)
        s.apply_action(s.legal_actions()[0])
    assert phases == ["place"] * per  # no pick, no draw on the last line
    # and on the line before, each placement was followed by a pick
    h = [classify(g, a) for a in s.history()]
    before_last = h[-per - 2 * per:-per]
    assert before_last == ["place", "pick"] * per


def test_game_is_deterministic_given_seed__core_dealer(kd):
    g = KingdominoGame(players=3)
    a, b = g.new_initial_state(99), g.new_initial_state(99)
    for s in (a, b):
        kd.play_out(s, random.Random(0))
    assert a.history() == b.history()
    assert a.scores() == b.scores()
