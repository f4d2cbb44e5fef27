"""What the web table's views cost, in process: the server CPU a move costs besides the
network (issue 23: "views must get about 3x cheaper").

Plays the tables of ``bench_web.py``'s four-game mix (the same setups: Kingdomino 2-4,
Two Heirs solo levels 1-3 and 2 players, Cascadito 1-4 on sheets 1-4, Inheritors 2-4)
through :class:`regalia.web.rooms.Rooms` over a SQLite store in a temporary directory,
each move as a page makes it with click input: the drawing's click walk
(:func:`regalia.web.views.click`, one offered target or button at random until an
action, as ``bench_web.py --input click``), the move (:meth:`Rooms.act`, committed to
the store), then the view of every seat, encoded (:func:`regalia.web.views.view_json`,
what each seat's socket is sent). Times each part in CPU seconds of this process
(``time.process_time``) and prints, per game and overall, milliseconds a move: clicks,
act (move and store), views (all seats), and their total.

Compare two versions in one run on the same machine (the machine is shared and noisy)::

    PYTHONPATH=/path/to/old/src python benchmarks/bench_views.py --seed 1
    python benchmarks/bench_views.py --seed 1

Usage: python benchmarks/bench_views.py [--tables 24] [--moves 30] [--seed 1]
                                        [--games kingdomino,...] [--profile FILE]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from regalia.web import views
from regalia.web.catalogue import games_catalogue
from regalia.web.rooms import Rooms
from regalia.web.settings import Settings
from regalia.web.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_web import GAMES, MAX_CLICKS, setups  # noqa: E402

PARTS = ("clicks", "act", "views")


def click_walk(rooms: Rooms, tid: str, seat: int, rng: random.Random) -> tuple[int, int]:
    """The move a page's person makes by clicking (see ``bench_web.choose_by_clicks``):
    returns (action, clicks sent)."""
    t = rooms.get(tid)
    sent: list[Any] = []
    answer = views.click(t, seat, sent)
    count = 1
    while "action" not in answer and "error" not in answer and len(sent) < MAX_CLICKS:
        nxt = answer["next"]
        offered = [json.loads(x) for x in nxt.get("targets", [])]
        offered += [c["click"] for c in nxt.get("choices", [])]
        if not offered:
            break
        sent = [*sent, rng.choice(offered)]
        answer = views.click(t, seat, sent)
        count += 1
    if "action" in answer:
        return int(answer["action"]), count
    return rng.choice(t.state.legal_actions()), count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=24, help="tables of the mix")
    ap.add_argument("--moves", type=int, default=30, help="moves per table at most")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--seed", type=int, default=1, help="seed of the moves chosen")
    ap.add_argument("--profile", metavar="FILE", help="write a cProfile of the run")
    args = ap.parse_args()
    games = args.games.split(",")
    cpu: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(PARTS, 0.0))
    moves: dict[str, int] = defaultdict(int)
    clicks: dict[str, int] = defaultdict(int)
    rng = random.Random(args.seed)
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{Path(tmp) / 'views.sqlite'}")
        rooms = Rooms(store, Settings(pace=0, max_open_tables=10_000))
        try:
            plan = setups(games_catalogue(), games, args.tables)
            open_tables = []
            for setup in plan:
                tid, seats = rooms.create(setup.game, setup.players, None,
                                          [{"kind": "here"}] * setup.players,
                                          params=setup.params or None, pace=0)
                open_tables.append((setup, tid, [s.get("token") for s in seats]))
            if profile is not None:
                profile.enable()
            for _ in range(args.moves):   # round-robin, as tables play side by side
                for setup, tid, tokens in open_tables:
                    t = rooms.get(tid)
                    s = t.state
                    if s.is_terminal():
                        continue
                    seat = s.current_player()
                    part = cpu[setup.game]
                    start = time.process_time()
                    action, n = click_walk(rooms, tid, seat, rng)
                    mid = time.process_time()
                    rooms.act(tid, tokens[seat], action, ply=len(s.history()))
                    done = time.process_time()
                    for viewer in range(setup.players):
                        views.view_json(t, viewer)
                    end = time.process_time()
                    part["clicks"] += mid - start
                    part["act"] += done - mid
                    part["views"] += end - done
                    moves[setup.game] += 1
                    clicks[setup.game] += n
            if profile is not None:
                profile.disable()
                profile.dump_stats(args.profile)
        finally:
            rooms.close()
            store.close()
    print(f"{args.tables} tables of {', '.join(games)}, at most {args.moves} moves each, "
          "click input; CPU milliseconds a move:")
    total = dict.fromkeys(PARTS, 0.0)
    for game in games:
        n = moves[game]
        if not n:
            continue
        part = cpu[game]
        for k in PARTS:
            total[k] += part[k]
        print(f"  {game:<11} {n:5d} moves ({clicks[game] / n:.1f} clicks a move): "
              + ", ".join(f"{k} {1000 * part[k] / n:6.2f}" for k in PARTS)
              + f", total {1000 * sum(part.values()) / n:6.2f}")
    n = sum(moves.values())
    print(f"  {'overall':<11} {n:5d} moves: "
          + ", ".join(f"{k} {1000 * total[k] / n:6.2f}" for k in PARTS)
          + f", total {1000 * sum(total.values()) / n:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
