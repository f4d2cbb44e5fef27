"""Cascadito R12/R13: bottom-row claims of sheets 1-2 optional (default) or immediate
(the default since issue 17) against the variant deferred-bottom-row (the old reading).
N games per reading with the same seeds; usage: casc.py N AGENT SHEET [PLAYERS]."""
import sys, collections, statistics
import regalia.games  # noqa: F401
from regalia.core.registry import load_game
from regalia.arena.match import play_match

N = int(sys.argv[1]); agent = sys.argv[2]; sheet = int(sys.argv[3]); players = int(sys.argv[4]) if len(sys.argv) > 4 else 2
res = {}
for var in (["deferred-bottom-row"], []):
    G = load_game("cascadito", players=players, sheet=sheet, variants=var)
    A = G.tables.num_achievements
    bottom = [a for a in range(A) if not G.tables.ach_top[a]]
    reasons = collections.Counter(); lengths = []; winners = []; declined_games = 0
    for g in range(N):
        declined = [False]
        def on_step(s, a):
            if s.phase_name == "claim" and not s.is_chance_node():
                op = s.claimable[s.current_player()]
                if any(op >> b & 1 for b in bottom) and not (a - G.claim_base) in bottom:
                    declined[0] = True
        r = play_match(G, [agent] * players, seed=g, on_step=on_step)
        st = r.state
        reasons[st.end_reason.split(" (")[0].replace("seat 1 ", "seat ").replace("seat 2 ", "seat ")] += 1
        lengths.append(st.turns)
        winners.append(tuple(st.returns()))
        declined_games += declined[0]
    res[tuple(var)] = winners
    print(f"sheet {sheet}, {players}p, {agent}, variants={var or 'none'}: {N} games, mean turns "
          f"{statistics.mean(lengths):.1f}, max {max(lengths)} (cap {G.max_turns}); games where an "
          f"open bottom-row claim was put off: {declined_games}")
    for k, v in reasons.most_common():
        print(f"    {v:5d}  {k}")
a, b = res.values()
print(f"  same seed, different returns: {sum(x != y for x, y in zip(a, b))} of {N}")
