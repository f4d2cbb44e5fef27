"""Inheritors R1 (covered cards for the number Honors), R8 (the Spy's Honor later),
R12 (a Conspirator held, an opponent ahead, no card to play with it)."""
import sys
import regalia.games  # noqa: F401
from regalia.core.registry import load_game
from regalia.arena.match import play_match

N = int(sys.argv[1]); agent = sys.argv[2]; n = int(sys.argv[3])
G = load_game("inheritors", players=n)
NUM = {h: G.honor_req[h] for h in range(len(G.honors)) if G.honor_req[h][0] == 1}
SPY = [h for h in range(len(G.honors)) if G.honor_req[h][0] == 6]
CONSP = G.tname.index("Conspirator")
r1 = r8 = r12 = 0
for g in range(N):
    f = {"r1": False, "r8": False, "r12": False}
    def on_step(s, a):
        if s.is_chance_node():
            return
        p = s.current_player()
        taken = 0
        for q in range(n):
            taken |= s.honors[q]
        for h in s.hrow:
            if h in NUM and not taken >> h & 1:
                _, cnt, mn = NUM[h]
                top = sum(1 for c in range(5) if s.mask[p * 5 + c].bit_length() >= mn)
                lit = sum(bin(s.mask[p * 5 + c] >> (mn - 1)).count("1") for c in range(5))
                if lit >= cnt > top:
                    f["r1"] = True
            if h in SPY and not taken >> h & 1 and s.condition(p, G.honor_req[h]):
                if s.action_to_string(a) == "end turn":
                    f["r8"] = True   # met this turn, turn ended without the claim
        if CONSP is not None and not f["r12"]:
            hand_has = s.hand[p * G.T + CONSP]
            legal = [s.action_to_string(b) for b in s.legal_actions()]
            if hand_has and any(x.startswith("play ") for x in legal) is not None:
                tops = [s.mask[p * 5 + c].bit_length() for c in range(5)]
                ahead = any(s.mask[q * 5 + c].bit_length() > tops[c] for q in range(n) if q != p for c in range(5))
                if ahead and not any(x.startswith("use Conspirator") for x in legal) and any(x.startswith("play ") or x.startswith("use ") for x in legal):
                    f["r12"] = True
    play_match(G, [agent] * n, seed=g, on_step=on_step)
    r1 += f["r1"]; r8 += f["r8"]; r12 += f["r12"]
print(f"{n}p {agent}, {N} games: R1 a number Honor in the row met only by counting covered cards "
      f"in {r1}; R8 the Spy's Honor met and the turn ended unclaimed in {r8}; R12 a Conspirator "
      f"held with an opponent ahead but no card to play with it in {r12}")
