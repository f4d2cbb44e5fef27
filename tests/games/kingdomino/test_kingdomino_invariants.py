"""Invariants over many random games, and property tests (Hypothesis).

Rules checked (COMPONENTS.md): each domino is drawn at most once ("Each line is drawn from the
shuffled box"); every domino taken is placed or discarded ("A domino that cannot be placed
legally is discarded"); the kingdom fits in 5x5 (7x7 duel); a placed domino adds exactly its
two squares and its crowns; legal placements are exactly those the placement rule allows
(checked against an independent naive enumerator, ``naive_placements`` in conftest); scores
equal squares x crowns per property (checked against an independent flood fill).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regalia.games.kingdomino import KingdominoGame, parse_kingdom
from regalia.games.kingdomino.scoring import crown_count, game_points, properties_of

CONFIGS = [(2, ()), (3, ()), (4, ()), (2, ("mighty-duel",)), (4, ("middle-kingdom", "harmony"))]


def naive_score(rows: list[str], middle_kingdom: bool, harmony: bool, discarded: int,
                n: int) -> int:
    """Score a rendered kingdom by flood fill, from the rules text alone."""
    grid = [r.split() for r in rows]
    b = len(grid)
    seen = set()
    total = 0
    for r in range(b):
        for c in range(b):
            t = grid[r][c]
            if t in (".", "C") or (r, c) in seen:
                continue
            stack, squares, crowns = [(r, c)], 0, 0
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                squares += 1
                crowns += grid[y][x].count("*")
                for dy, dx in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                    yy, xx = y + dy, x + dx
                    if (0 <= yy < b and 0 <= xx < b and (yy, xx) not in seen
                            and grid[yy][xx] not in (".", "C") and grid[yy][xx][0] == t[0]):
                        seen.add((yy, xx))
                        stack.append((yy, xx))
            total += squares * crowns
    occ = [(r, c) for r in range(b) for c in range(b) if grid[r][c] != "."]
    rows_, cols_ = [r for r, _ in occ], [c for _, c in occ]
    centre = b // 2
    h = n // 2
    if middle_kingdom and (min(rows_), max(rows_), min(cols_), max(cols_)) == \
            (centre - h, centre + h, centre - h, centre + h):
        total += 10
    if harmony and discarded == 0 and len(occ) == n * n:
        total += 5
    return total


def check_game(kd, players: int, variants, seed: int, oracle: bool = True,
               choose=None) -> None:
    """Play one random game, asserting every invariant along the way."""
    game = KingdominoGame(players=players, variants=variants)
    n = game.geo.n
    s = game.new_initial_state(seed)
    rng = random.Random(seed ^ 0x5EED)
    draws: list[int] = []
    taken = [[] for _ in range(players)]       # dominoes each seat placed or discarded
    picks = [0] * players
    crowns_placed = [0] * players
    placements = [0] * players  # counted here, independently of the engine
    while not s.is_terminal():
        if s.is_chance_node():
            a = s.apply_random_chance()
            if s.action_to_string(a).startswith("draw"):
                draws.append(a)
            continue
        p = s.current_player()
        legal = s.legal_actions()
        if s.phase_name == "pick":
            picks[p] += 1
            s.apply_action(rng.choice(legal) if choose is None else choose(legal))
            continue
        domino = s.current_domino
        if oracle:
            engine = {s.action_to_string(a) for a in legal} - {"discard"}
            assert engine == kd.naive_placements(s), (seed, s.history_strings()[-3:])
            assert (legal == [game.geo.discard]) == (not engine)
        a = rng.choice(legal) if choose is None else choose(legal)
        s.apply_action(a)
        taken[p].append(domino)
        if a != game.geo.discard:
            placements[p] += 1
            (_, c1), (_, c2) = kd.domino_code(domino)
            crowns_placed[p] += c1 + c2
        squares, crowns = kd.count_tokens(s, p)
        assert squares == 1 + 2 * s.placed[p] == 1 + 2 * placements[p]
        assert crowns == crowns_placed[p]
        minr, maxr, minc, maxc = s.kingdom_extent(p)
        assert maxr - minr < n and maxc - minc < n
        assert minr <= n - 1 <= maxr and minc <= n - 1 <= maxc  # castle inside
        assert s.scores()[p] == naive_score(s.kingdom_rows(p), game.middle_kingdom,
                                            game.harmony, s.discarded[p], n)
    # each domino drawn at most once; exactly dominoes_used drawn
    assert len(draws) == len(set(draws)) == game.dominoes_used
    all_taken = [d for t in taken for d in t]
    assert len(all_taken) == len(set(all_taken)) == game.dominoes_used
    assert sorted(all_taken) == sorted(a - game.geo.draw_base + 1 for a in draws)
    for p in range(players):
        assert s.placed[p] + s.discarded[p] == len(taken[p]) == picks[p]
        assert len(taken[p]) == game.dominoes_used // players
    assert sum(s.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("players, variants", CONFIGS)
def test_invariants_over_random_games(kd, players, variants):
    for seed in range(4):  # 5 configs x 4 games = 20 games, naive oracle at every placement
        check_game(kd, players, variants, seed)


def test_invariants_with_greedy_first_action_play(kd):
    # "always the first legal action" packs kingdoms towards the top-left corner, which
    # reaches the 5x5 limit and the discard case more often than random play.
    for players, variants in CONFIGS[:4]:
        check_game(kd, players, variants, 7, choose=lambda legal: legal[0])
        check_game(kd, players, variants, 8, choose=lambda legal: legal[-1])


@pytest.mark.slow
@pytest.mark.parametrize("players, variants", CONFIGS)
def test_invariants_over_thousands_of_random_games(kd, players, variants):
    for seed in range(600):  # 5 x 600 = 3000 games
        check_game(kd, players, variants, 1000 + seed, oracle=(seed % 3 == 0))


# ------------------------------------------------------------------ Hypothesis
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), cfg=st.sampled_from(CONFIGS))
def test_property_random_seeds_keep_invariants(kd, seed, cfg):
    check_game(kd, cfg[0], cfg[1], seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.sampled_from([2, 3, 4]))
def test_property_any_placement_sequence_stays_within_5x5(kd, data, players):
    # Hypothesis chooses every player decision (placements and picks) and the draws.
    g = KingdominoGame(players=players)
    s = g.new_initial_state(0)
    while not s.is_terminal():
        legal = s.legal_actions()
        a = data.draw(st.sampled_from(legal))
        s.apply_action(a)
        for p in range(players):
            minr, maxr, minc, maxc = s.kingdom_extent(p)
            assert maxr - minr <= 4 and maxc - minc <= 4
    assert len(s.box) == 48 - g.dominoes_used


TOKEN = st.sampled_from([".", ".", "W", "F", "L", "G", "S", "M", "W*", "F*", "L*", "G**",
                         "S**", "M***", "M**"])


@settings(max_examples=60, deadline=None)
@given(cells=st.lists(st.lists(TOKEN, min_size=5, max_size=5), min_size=5, max_size=5),
       castle=st.tuples(st.integers(0, 4), st.integers(0, 4)))
def test_property_parse_kingdom_scores_like_a_flood_fill(cells, castle):
    cells = [row[:] for row in cells]
    cells[castle[0]][castle[1]] = "C"
    text = "\n".join(" ".join(row) for row in cells)
    bd = parse_kingdom(text).breakdown()
    # pad into a 9x9 rendering with the castle at the centre for naive_score
    grid = [["."] * 9 for _ in range(9)]
    for r in range(5):
        for c in range(5):
            grid[r - castle[0] + 4][c - castle[1] + 4] = cells[r][c]
    rows = [" ".join(r) for r in grid]
    assert game_points(bd) == naive_score(rows, False, False, 0, 5)
    terrain_squares = sum(1 for row in cells for t in row if t not in (".", "C"))
    assert sum(p.squares for p in properties_of(bd)) == terrain_squares
    assert crown_count(bd) == sum(t.count("*") for row in cells for t in row)
