"""Engine actions per CPU-second: random games through the public contract
(``legal_actions`` / ``apply_action``, chance sampled with the benchmark's own generator),
timed with ``time.process_time`` (best of 5), so that two source trees can be compared in
one run on a shared machine (run it alternately from each tree, same arguments).

Usage: python benchmarks/bench_actions_cpu.py GAME PLAYERS [GAMES]
Prints one number: actions per CPU-second.
"""

from __future__ import annotations

import random
import sys
import time

import regalia


def actions_per_cpu_second(game_name: str, players: int, games: int = 50,
                           repeats: int = 5) -> float:
    """Best of ``repeats`` rates over ``games`` random games (deal seeds 1..games)."""
    game = regalia.load_game(game_name, players=players)
    best = float("inf")
    actions = 0
    for _ in range(repeats):
        start = time.process_time()
        actions = 0
        for seed in range(games):
            state = game.new_initial_state(seed + 1)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    action = state.sample_chance_outcome(rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
                state.apply_action(action)
                actions += 1
        best = min(best, time.process_time() - start)
    return actions / best


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    print(f"{actions_per_cpu_second(sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:])):.0f}")
