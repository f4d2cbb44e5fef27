"""Property test: the engine's incremental groups and town scorings agree with a
brute-force recomputation from the marked cells (``hexgrid.components``), for any order of
marks, on every sheet (sheet 3 with its rivers and the low bridge, ruling R6)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from regalia import load_game
from regalia.games.cascadito import hexgrid

# the pure engine's incremental groups (the compiled engine is compared with them in
# test_cascadito_compiled.py)
GAMES = {n: load_game("cascadito", players=1, sheet=n, engine="pure") for n in (1, 2, 3, 4)}


def _expected(sheet, tables, marked_hexes, h):
    """Towns scoring when ``h`` is marked after ``marked_hexes`` (Town Scoring)."""
    grouping = {tables.cells[i] for i in range(tables.num_cells) if tables.groups_cell[i]}
    cells = {x for x in marked_hexes | {h} if x in grouping}
    if h not in grouping:
        return set(), cells
    ends = [tables.cells[i] for i in tables.bridge_ends]
    extra = [(ends[0], ends[1])] if len(ends) == 2 else []
    group = hexgrid.group_of(cells, h, extra)
    if len(group) < 2:
        return set(), cells
    towns = {t.at for t in sheet.neighbouring_towns(h)}
    touched_before = {t.at for x in group - {h} for t in sheet.neighbouring_towns(x)}
    return towns - touched_before, cells


@settings(max_examples=80, deadline=None, derandomize=True)
@given(sheet_no=st.sampled_from([1, 2, 3, 4]), data=st.data())
def test_incremental_groups_match_brute_force(sheet_no, data):
    game = GAMES[sheet_no]
    t = game.tables
    sheet = game.sheet
    order = data.draw(st.permutations(range(t.num_cells)))
    if t.num_rivers and data.draw(st.booleans()):  # the rivers early (to reach a bridge)
        rivers = [i for i in order if t.river_of[i] >= 0]
        order = rivers + [i for i in order if t.river_of[i] < 0]
    count = data.draw(st.integers(1, t.num_cells))
    s = game.new_initial_state(0)
    marked: set = set()
    rivers_done = [0] * t.num_rivers
    for i in order[:count]:
        r = t.river_of[i]
        if r >= 0:  # rivers are marked in order: take the river's next space instead
            if rivers_done[r] >= t.river_len[r]:
                continue
            i = t.river_cells[r][rivers_done[r]]
            rivers_done[r] += 1
        h = t.cells[i]
        expect, grouped = _expected(sheet, t, marked, h)
        s.marked[0] |= 1 << i
        got = set()
        if t.groups_cell[i]:
            got = {t.towns[k].at for k in s._join(0, i)}
        assert got == expect, (sheet_no, h)
        marked.add(h)
        ends = [t.cells[j] for j in t.bridge_ends]
        extra = [(ends[0], ends[1])] if len(ends) == 2 else []
        comps = [sorted(t.names[t.index[x]] for x in c)
                 for c in hexgrid.components(grouped, extra) if len(c) >= 2]
        assert sorted(comps) == sorted(sorted(g) for g in s.groups(0))


@given(st.integers(min_value=0, max_value=2 ** 300))
@settings(max_examples=300, deadline=None)
def test_bits_lists_the_set_bits_ascending(mask):
    """``tables.bits`` (the byte-table walk the engine's hot paths use) against the plain
    definition, for masks wider than any sheet's (its table grows with them)."""
    from regalia.games.cascadito.tables import bits

    assert bits(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
