"""Two Heirs E3: constructions that use 2 or more expansion discounts (one building)."""
import sys
import regalia.games  # noqa: F401
from regalia.core.registry import load_game
from regalia.arena.match import play_match

N = int(sys.argv[1]); agent = sys.argv[2]
G = load_game("two-heirs", players=2)
hits = {"two": 0}
games = 0
for g in range(N):
    two = [False]
    def on_step(s, a):
        before = s.discounts
        t = s.clone(); t.apply_action(a)
        used = before - t.discounts
        if used >= 2 and s.action_to_string(a).startswith("build"):
            two[0] = True
            hits["two"] += 1
    play_match(G, [agent, agent], seed=g, on_step=on_step)
    games += two[0]
print(f"{N} games {agent}: a building took 2+ expansion discounts in {games} games ({hits['two']} constructions)")
