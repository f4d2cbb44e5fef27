"""Two Heirs rules at hand, chance as a seat sees it, and the landscape at 80 columns.

Sources: English rulebook, 'Tile effects by set', 'How to play' (Actions A, B, C); the
face-down starting tile (Setup) is hidden from both players: only its colour shows.
"""

from __future__ import annotations

import random
import re

import pytest

import regalia
from regalia.core.help import find_entry
from regalia.games.two_heirs import help as th_help
from regalia.games.two_heirs import view


def _game(**kw):
    return regalia.load_game("two-heirs", **kw)


def _first_turn(seed):
    state = _game().new_initial_state(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance_outcome(state.dealer()))
    return state


def test_building_help_has_the_rulebook_effect_and_the_tiles_with_provenance():
    entries = th_help.help_entries(_game())
    inn = find_entry(entries, "inn")
    assert "maximum of 3 tiles in both directions" in inn.effect
    text = inn.text()
    # tiles.toml: travel-1 is a grey Inn costing 2 stone + 1 wheat, its cost from the rulebook
    assert "Tile travel-1: grey, cost 2 stone + 1 wheat" in text
    assert "(reconstructed; cost rulebook)" in text
    assert inn.provenance == "reconstructed" and "NOT the printed component" in text
    assert "'Tile effects by set'" in text


def test_a_tile_id_finds_its_building():
    entries = th_help.help_entries(_game())
    assert find_entry(entries, "land-7").name == "Encampment"
    assert find_entry(entries, "cathedral").effect == "Score 5 points."


def test_every_building_type_has_an_effect():
    entries = th_help.help_entries(_game(sets="war,patrol,crafts"))
    assert len(entries) == 24 and all(e.effect for e in entries)
    assert "(not in this game)" not in find_entry(entries, "guildhall").text()
    default = th_help.help_entries(_game())
    assert "(not in this game)" in find_entry(default, "guildhall").text()


def test_rules_summary_follows_the_turn():
    state = _first_turn(3)
    before = th_help.rules_summary(state)
    assert before.lines[0].startswith("A. Take 1 building tile")
    assert "How to play" in before.cite
    take = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("take"))
    state.apply_action(take)
    after = th_help.rules_summary(state)
    assert after.lines[0].startswith("A. Done")


@pytest.mark.parametrize("seed", range(12))
def test_chance_notes_never_name_the_face_down_starting_tile(seed):
    """Attack: the seat's narration of every setup draw; the starting tile's id (which the
    state knows) never appears, its colour does."""
    state = _game().new_initial_state(seed)
    notes = []
    start_note = None
    while state.is_chance_node():
        action = state.sample_chance_outcome(state.dealer())
        for viewer in (0, 1, -1):
            note = view.chance_note(state, action, viewer)
            notes.append(note.text)
            if note.kind == "start":
                start_note = note
        state.apply_action(action)
    hidden = state.to_json()["start_tile"]
    start = next(t for t in state.observation(0)["landscape"] if (t["x"], t["y"]) == (0, 0))
    assert start_note is not None and f"a {start['colour']} tile" in start_note.text
    assert all(hidden not in text for text in notes)
    # a spectator (no seat) sees the whole table: the test can tell a leak
    spectator = _game().new_initial_state(seed)
    while spectator.is_chance_node():
        a = spectator.sample_chance_outcome(spectator.dealer())
        n = view.chance_note(spectator, a, None)
        spectator.apply_action(a)
        if n.kind == "start":
            assert hidden in n.text


def test_setup_is_summarised_in_one_line():
    state = _game().new_initial_state(5)
    notes = []
    while state.is_chance_node():
        a = state.sample_chance_outcome(state.dealer())
        notes.append(view.chance_note(state, a, 0))
        state.apply_action(a)
    # the toss, 6 reserve tiles and the starting tile, each draw after its top colour, and
    # the next top colour
    assert len(notes) == 1 + 2 * 7 + 1 and all(n.setup for n in notes)
    line = view.setup_summary(notes)
    assert "\n" not in line and line.startswith("Setup: the royal shield shows")
    assert "6 tiles are drawn into the royal reserve" in line
    assert "the starting tile lies face down at 0,0: a" in line


def test_wide_cells_when_the_landscape_fits_and_a_key_of_shortened_names():
    rng = random.Random(4)
    state = _first_turn(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(state.dealer()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    n = len(view.landscape_grid(state, False).xs)
    assert view.fit_cell_width(state, view.MARGIN + n * view.WIDE_CELL, False) == view.WIDE_CELL
    assert view.fit_cell_width(state, view.MARGIN + n * view.WIDE_CELL - 1, False) == \
        view.CELL_WIDTH
    for width in (view.CELL_WIDTH, view.WIDE_CELL):
        grid = view.landscape_grid(state, False, cell_width=width)
        key = dict(view.names_key(grid, width))
        for row in grid.cells:
            for c in row:
                assert len(c.top) <= width - 1 and len(c.middle) <= width - 1
                if c.type:
                    short = view.short_name(c.type, width)
                    assert c.top.startswith(short)
                    assert short in key or short == c.top[:-1]


def test_solo_treasure_draws_are_narrated_with_their_treasure():
    """Solo (Heinrich): a drawn treasure lies face up on his building, or is removed at
    once when its condition is met; either way the note names it."""
    rng = random.Random(2)
    state = _game(players=1, level=3).new_initial_state(3)
    treasures = []
    while not state.is_terminal():
        if state.is_chance_node():
            a = state.sample_chance_outcome(state.dealer())
            note = view.chance_note(state, a, 0)
            if note.kind == "treasure":
                treasures.append(note.text)
            state.apply_action(a)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert treasures
    assert all(re.match(r"treasure treasure-\d+ is (placed on|drawn for) Heinrich's", t)
               for t in treasures), treasures


def test_moves_are_grouped_by_kind_and_builds_by_tile():
    """The rulebook's Example 1 with an Inn in hand after the take: take is spent, so the
    groups are the Inn's expansions (and builds, when affordable) on the 8 spaces around
    the retinue troop, then the troop moves / deployments and the end of the turn."""
    state = _game().new_initial_state(0)
    state.set_position(landscape=[(0, 0, "land-5", "open")],
                       troops=[[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
                       reserve=["travel-5", "travel-4", "travel-6", "land-1"],
                       hands=(["travel-1"], []), taken=1)
    groups = view.move_groups(state)
    expand = next(g for g in groups if g.kind == "expand")
    assert expand.label == "Inn (travel-1)"
    assert sorted(expand.moves) == sorted(f"{x},{y}" for x in (-1, 0, 1) for y in (-1, 0, 1)
                                          if (x, y) != (0, 0))
    assert [g.kind for g in groups][-1] == "end"
    assert next(g for g in groups if g.kind == "end").moves == ("end",)
    texts = [f"{g.kind} {g.label} @ {m}" if g.label else m for g in groups for m in g.moves]
    assert sorted(texts) == sorted(state.action_to_string(a) for a in state.legal_actions())


def test_the_grid_is_drawn_from_each_seats_observation():
    """A hand-set table: the face-down starting tile (Setup: only its colour shows) at 0,0
    with both retinue troops; white's Inn travel-1 (a road along its row: EW) at 1,0 with
    white's troop, moved this turn; blue's Inn travel-2 (road top-bottom, turned: NS) at
    0,1. Both seats see the same table, built from their observations."""
    state = _game().new_initial_state(0)
    state.set_position(landscape=[(0, 0, "land-5", "open"), (1, 0, "travel-1", "white"),
                                  (0, 1, "travel-2", "blue")],
                       troops=[[(0, 0), (1, 0), "reserve"], [(0, 0), "reserve", "reserve"]],
                       reserve=["travel-5", "travel-4"])
    state.apply_action(state.string_to_action("move 1,0->0,1"))
    grids = [view.landscape_grid(state, cell_width=view.WIDE_CELL, viewer=seat)
             for seat in (0, 1)]
    assert grids[0] == grids[1]
    grid = grids[0]
    at = {(x, y): c for y, row in zip(grid.ys, grid.cells) for x, c in zip(grid.xs, row)}
    assert (at[0, 0].top, at[0, 0].bottom, at[0, 0].owner) == ("start", "W*B*", None)
    assert (at[1, 0].top, at[1, 0].middle, at[1, 0].bottom, at[1, 0].owner) == (
        "Inn^", "EW", "", 0)
    assert (at[0, 1].top, at[0, 1].middle, at[0, 1].bottom, at[0, 1].owner) == (
        "Innv", "NS", "w", 1)
    spots = {xy for xy, c in at.items() if c.placeable}
    assert spots == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1, 2)} - {(0, 0), (1, 0),
                                                                           (0, 1)}
    assert all(at[xy].top == "+" for xy in spots) and at[2, 2].top == "."
    assert grid.xs == (-2, -1, 0, 1, 2) and grid.ys == (3, 2, 1, 0, -1, -2)


@pytest.mark.parametrize("seed", range(3))
def test_troops_in_reserve_read_from_any_seats_observation(seed):
    """The tie-break count ("the most troops in the royal reserve") as a front end reads it
    from an observation equals the engine's, at every ply of a random game."""
    s = regalia.load_game("two-heirs", players=2).new_initial_state(seed)
    rng = random.Random(seed)
    seen = set()
    while not s.is_terminal():
        for viewer in (0, 1):
            obs = s.observation(viewer)
            counts = [view.troops_in_reserve(obs, p) for p in (0, 1)]
            assert counts == [s.troops_in_reserve(0), s.troops_in_reserve(1)]
            seen.update(counts)
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert len(seen) > 1  # the count changed during the game: the check saw both kinds


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 2, "roads": False},
                                    {"players": 1, "level": 1}, {"players": 1, "level": 3}])
def test_breakdowns_read_off_any_seats_observation_equal_the_states(params):
    """The final score screen's breakdowns (Heinrich's solo scoring included) come from a
    seat's observation: at every tenth ply and at the end of random games they equal the
    state's own, for each seat and for a spectator."""
    g = _game(**params)
    viewers = [None, 0, 1] if params["players"] == 2 else [None, 0]
    for seed in range(3):
        rng = random.Random(seed)
        state = g.new_initial_state(seed)
        ply = 0
        while True:
            if ply % 10 == 0 or state.is_terminal():
                for v in viewers:
                    got = view.breakdowns(view.seat_observation(state, v))
                    assert got == state.breakdowns()
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            ply += 1
        assert sum(bd.total for bd in state.breakdowns()) > 0
