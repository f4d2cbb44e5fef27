"""Helpers for the Kingdomino engine tests.

Rules source for every test in this folder: ``shared/rules/COMPONENTS.md`` (Kingdomino
section) and ``shared/rules/kingdomino.quick-reference.en.txt`` (whose "4 tiles per line"
is wrong for 3 players, per COMPONENTS.md).

The helpers are exposed through the session-scoped ``kd`` fixture (a namespace), so the test
modules need no import path tricks and Hypothesis tests can use them too.

Vocabulary: squares are named like a spreadsheet (column letter, row number from the top);
on the 9x9 board the castle is e5 (g7 on the 13x13 board of The Mighty Duel). A kingdom text
grid is re-centred so that its ``C`` lands on the castle square.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from regalia.games.kingdomino import KingdominoGame, load_dominoes

from random_play import play_out

TERRAIN_LETTERS = "WFLGSM"
DOMINOES = load_dominoes()


def domino_code(n: int) -> tuple[tuple[str, int], tuple[str, int]]:
    """((letter, crowns), (letter, crowns)) of domino ``n`` from the bundled data."""
    d = DOMINOES.by_number(n)
    return ((TERRAIN_LETTERS[d.first.terrain_index], d.first.crowns),
            (TERRAIN_LETTERS[d.second.terrain_index], d.second.crowns))


def act(state, text: str) -> None:
    """Apply an action written in the game's notation."""
    state.apply_action(state.string_to_action(text))


def legal_strings(state) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def state_to_place(domino: int, player: int = 0, kingdom: str | None = None,
                   players: int = 4, variants=(), seed: int = 0):
    """A state in phase ``place`` where ``player`` must place ``domino`` now.

    Built with explicit chance actions: the first line holds ``domino`` and the next higher
    numbers (so its king acts first when possible); king ``player + 1`` (owned by seat ``player``: kings k -> seat k % players) is
    drawn first and picks ``domino``; the other kings take the first free domino; the next
    line is drawn; earlier kings place/pick their first legal action. Then, if given,
    ``kingdom`` replaces the player's kingdom (``set_kingdom``); if not given and an earlier
    king of the same player already placed (``domino`` >= 46), the kingdom is reset to the
    lone castle so callers always start from a known kingdom.
    """
    game = KingdominoGame(players=players, variants=variants)
    s = game.new_initial_state(seed)
    per = game.per_line
    pool = sorted((n for n in range(1, 49) if n != domino), key=lambda n: (n < domino, n))
    first, nxt = [domino] + pool[:per - 1], pool[per - 1:2 * per - 1]
    for n in first:
        act(s, f"draw {n}")
    act(s, f"king {player + 1}")
    act(s, f"pick {domino}")
    while s.phase_name != "draw":
        s.apply_action(s.legal_actions()[0])
    for n in nxt:
        act(s, f"draw {n}")
    while not (s.phase_name == "place" and s.current_domino == domino):
        s.apply_action(s.legal_actions()[0])
    assert s.current_player() == player
    if kingdom is None and any(t != "." and t != "C" for row in s.kingdom_rows(player)
                               for t in row.split()):
        kingdom = "C"
    if kingdom is not None:
        s.set_kingdom(player, kingdom)
    return s


def at_last_line(state) -> bool:
    """Phase place on the last line of the last game (no next line, nothing left to draw)."""
    obs = state.observation(0)
    return (state.phase_name == "place" and not obs["next_line"]
            and obs["dominoes_left_to_draw"] == 0 and obs["game_number"] == obs["games"]
            and state.game_no == state.game.num_games - 1)


def finish_with_kingdoms(players: int, kingdoms: list[str], variants=(), seed: int = 1):
    """A *terminal* state whose final kingdoms are exactly ``kingdoms`` (full 5x5 grids).

    Plays a random game up to the first placement of the last line, replaces every kingdom
    (full kingdoms, so every remaining domino must be discarded), then discards to the end.
    """
    game = KingdominoGame(players=players, variants=variants)
    s = game.new_initial_state(seed)
    play_out(s, random.Random(seed), until=at_last_line)
    for p, text in enumerate(kingdoms):
        s.set_kingdom(p, text)
    while not s.is_terminal():
        assert s.legal_actions() == [game.geo.discard]
        act(s, "discard")
    return s


# ---------------------------------------------------------------------- naive oracle
def naive_placements(state) -> set[str]:
    """Legal placements of the current domino, re-derived from the rules text only (see
    :func:`naive_placements_on`), in the game's notation (``d5-e5``)."""
    game = state.game
    grid = [row.split() for row in state.kingdom_rows(state.current_player())]
    d = DOMINOES.by_number(state.current_domino)

    def name(r, c):
        return f"{chr(97 + c)}{r + 1}"

    return {f"{name(*a)}-{name(*b)}"
            for a, b in naive_placements_on(grid, game.geo.n, domino_code(d.number),
                                            d.first == d.second)}


def naive_placements_on(grid, n_side: int, code, symmetric: bool):
    """Legal placements of a domino ``code`` (``((letter, crowns), (letter, crowns))``) on a
    kingdom drawn as a B x B grid of tokens, re-derived from the rules text only:
    ``[((row, col) of the first half, (row, col) of the second half), ...]``.

    Rulebook "Placement": both squares empty; at least one half touches (orthogonally) the
    castle or a square of its own terrain; the kingdom stays within N x N. Engine ruling:
    a domino with two identical halves lists only its east/south forms. Independent of the
    engine's bitboards.
    """
    b = len(grid)
    (t1, _), (t2, _) = code
    occupied = [(r, c) for r in range(b) for c in range(b) if grid[r][c] != "."]
    minr = min(r for r, _ in occupied)
    maxr = max(r for r, _ in occupied)
    minc = min(c for _, c in occupied)
    maxc = max(c for _, c in occupied)

    def touches(r, c, letter):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < b and 0 <= cc < b and grid[rr][cc][0] in ("C", letter):
                return True
        return False

    out = []
    dirs = ((0, 1), (1, 0)) if symmetric else ((0, 1), (1, 0), (0, -1), (-1, 0))
    for r in range(b):
        for c in range(b):
            for dr, dc in dirs:
                r2, c2 = r + dr, c + dc
                if not (0 <= r2 < b and 0 <= c2 < b):
                    continue
                if grid[r][c] != "." or grid[r2][c2] != ".":
                    continue
                if (max(maxr, r, r2) - min(minr, r, r2) >= n_side
                        or max(maxc, c, c2) - min(minc, c, c2) >= n_side):
                    continue
                if touches(r, c, t1) or touches(r2, c2, t2):
                    out.append(((r, c), (r2, c2)))
    return out


def count_tokens(state, player: int) -> tuple[int, int]:
    """(occupied squares including the castle, crowns) of a rendered kingdom."""
    toks = [t for row in state.kingdom_rows(player) for t in row.split() if t != "."]
    return len(toks), sum(t.count("*") for t in toks)


@pytest.fixture(scope="session")
def kd():
    return SimpleNamespace(
        act=act, legal_strings=legal_strings, state_to_place=state_to_place,
        play_out=play_out, at_last_line=at_last_line,
        finish_with_kingdoms=finish_with_kingdoms, naive_placements=naive_placements,
        naive_placements_on=naive_placements_on,
        count_tokens=count_tokens, domino_code=domino_code, DOMINOES=DOMINOES,
    )
