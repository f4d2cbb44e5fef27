"""Cascadito R1 (sheet 1 all colours), R12 (a lapsed criterion), R16 (solo sheet 4 +5)."""
import sys, collections
import regalia.games  # noqa: F401
from regalia.core.registry import load_game
from regalia.arena.match import play_match

N = int(sys.argv[1]); agent = sys.argv[2]
# R1
G = load_game("cascadito", players=2, sheet=1); t = G.tables; A = t.num_achievements
claimed = ends = 0
for g in range(N):
    st = play_match(G, [agent] * 2, seed=g).state
    claimed += st.first[3] >= 0
    ends += st.end_reason.startswith("every top-row")
print(f"R1 sheet 1, 2p {agent}: 'all colours' claimed in {claimed}/{N} games; game ended by the whole top row in {ends}/{N}")
# R12
G = load_game("cascadito", players=2, sheet=2); t = G.tables; A = t.num_achievements
lapsed = claims = 0; games = 0
for g in range(N):
    hit = [False]
    def on_step(s, a):
        if not s.is_chance_node() and a == G.claim_base + 3:
            if not s._met(s.current_player(), t.ach_spec[3]):
                hit[0] = True
    play_match(G, [agent] * 2, seed=g, on_step=on_step)
    games += hit[0]
print(f"R12 sheet 2, 2p {agent}: '4 separate groups' claimed after its groups joined in {games}/{N} games")
# R16
G = load_game("cascadito", players=1, sheet=4); t = G.tables; A = t.num_achievements
top = [a for a in range(A) if t.ach_top[a]]
whole = 0; topn = collections.Counter()
for g in range(N):
    st = play_match(G, [agent], seed=g).state
    k = sum(st.claimed[a] for a in top); topn[k] += 1
    whole += k == len(top)
print(f"R16 sheet 4 solo {agent}: whole top row claimed in {whole}/{N} games; top-row claims per game {sorted(topn.items())}")
