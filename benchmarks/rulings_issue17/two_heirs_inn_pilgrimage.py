"""Two Heirs S2 (Inn gaps) and S4 (Pilgrimage Site network vs path): the other reading
scored on the final positions of N games between two agents (same positions, so any
difference is the reading's alone)."""
import sys
import regalia.games  # noqa: F401  (registers)
from regalia.core.registry import load_game
from regalia.arena.match import play_match
from regalia.games.two_heirs import scoring as S
from regalia.games.two_heirs.landscape import DIRECTIONS

N = int(sys.argv[1]); agent = sys.argv[2]
sets = sys.argv[3].split(",")
G = load_game("two-heirs", players=2, sets=sets)
orig_line, orig_base = S._line_tiles, S._base

def line_contig(ctx, pos, step, limit, colour):
    if not (limit == S.INN_REACH and colour is None):
        return orig_line(ctx, pos, step, limit, colour)
    x, y = pos; n = 0
    while n < limit:
        x += step[0]; y += step[1]
        if (x, y) not in ctx.land:
            return n
        n += 1
    return n

def line_spaces(ctx, pos, step, limit, colour):
    if not (limit == S.INN_REACH and colour is None):
        return orig_line(ctx, pos, step, limit, colour)
    x, y = pos; n = 0
    for _ in range(limit):
        x += step[0]; y += step[1]
        n += (x, y) in ctx.land
    return n

def base_path(ctx, pos, tile, owner, detail):
    tt = ctx.tt
    if tt.type[tile] != "pilgrimage-site":
        return orig_base(ctx, pos, tile, owner, detail)
    land = ctx.land
    best = 1
    def walk(p, mask, came, seen):
        nonlocal best
        best = max(best, len(seen))
        for d in range(4):
            if not mask >> d & 1 or d == came:
                continue
            q = (p[0] + DIRECTIONS[d][0], p[1] + DIRECTIONS[d][1])
            pt = land.get(q)
            if pt is None or pt.owner is None or q in seen:
                continue
            if tt.type[pt.tile] == "pilgrimage-site":
                secs = tt.sections[pt.owner][pt.tile]
                if any(m >> ((d + 2) % 4) & 1 for m in secs):
                    best = max(best, len(seen) + 1)  # another site ends the road
                continue
            for m in tt.sections[pt.owner][pt.tile]:
                if m >> ((d + 2) % 4) & 1:
                    walk(q, m, (d + 2) % 4, seen | {q})
    for m in tt.sections[owner][tile]:
        walk(pos, m, -1, {pos})
    return best, ""

diff = {"inn": [0, 0], "inn3": [0, 0], "pilgrim": [0, 0]}
have = {"inn": 0, "pilgrim": 0}
for g in range(N):
    st = play_match(G, [agent, agent], seed=g).state
    land, troops = st.landscape(), st.troop_map()
    base = S.score_totals(G.tiles, land, troops)
    w0 = (base[0] > base[1]) - (base[0] < base[1])
    for key, patch in (("inn", ("_line_tiles", line_contig)), ("inn3", ("_line_tiles", line_spaces)), ("pilgrim", ("_base", base_path))):
        setattr(S, *patch)
        try:
            alt = S.score_totals(G.tiles, land, troops)
        finally:
            S._line_tiles, S._base = orig_line, orig_base
        if alt != base:
            diff[key][0] += 1
            w1 = (alt[0] > alt[1]) - (alt[0] < alt[1])
            if w1 != w0:
                diff[key][1] += 1
print(f"{N} games, {agent} vs {agent}, sets {sets}: scores differ / winner (by points) differs")
for k, (a, b) in diff.items():
    print(f"  {k}: {a} ({100*a/N:.1f}%) / {b} ({100*b/N:.1f}%)")
