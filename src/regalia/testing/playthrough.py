"""Golden playthroughs: the fixed-seed transcript of one game, as OpenSpiel's playthroughs.

A transcript is plain text, one fact per line, the same on every run, platform and hash
seed (observations as canonical JSON: sorted keys, no spaces; notation and information
states as JSON strings; probabilities as exact fractions). It starts with a header::

    game: kingdomino
    parameters: {"players":2,"variants":[]}
    seed: 1
    ...

then, for each ply ``k``::

    ply k
    player: 0                  (a seat, "chance" or "terminal")
    observation 0: {...}       (every seat, while plies are recorded in detail)
    information state 0: "…"   (in full; or +"…": the seat's previous one followed by …)
    legal: 12 "pick 3" | ...   (at a chance node, outcomes: 12 "roll B" 3/728 | ...,
                                or "as at ply j" when the same outcomes were listed there)
    action: 12 "pick 3"        (at a chance node, chance: ...)

and at the end the returns and scores. Decisions are drawn uniformly from the legal
actions with ``random.Random("playthrough-<seed>")`` (or a policy given), independent of
the game's dealer, which deals every chance outcome from the seed: the pure engines'
Mersenne Twister (``mt19937``, :mod:`regalia.core.dealers`) on every engine, so that a
compiled engine, which deals with PCG64, writes the same transcript.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any, Callable

from regalia.core import CHANCE, TERMINAL, Game, State
from regalia.core.dealers import initial_state

#: ``policy(state, rng) -> action``: a legal action of the current player.
Policy = Callable[[State, random.Random], int]


def uniform_policy(state: State, rng: random.Random) -> int:
    """A legal action drawn uniformly with ``rng``."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same text for equal values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _probability(p: float) -> str:
    return str(Fraction(p).limit_denominator(10**6))


def _player(cp: int) -> str:
    return {CHANCE: "chance", TERMINAL: "terminal"}.get(cp, str(cp))


def playthrough(game: Game, seed: int, policy: Policy | None = None, *,
                policy_name: str = "uniform", detail_plies: int | None = None,
                max_plies: int | None = None) -> str:
    """The transcript of one game dealt from ``seed`` (see the module for the format).

    Args:
        game: the game with its parameters.
        seed: the dealer's seed (``game.new_initial_state(seed)``, dealt by ``mt19937``
            whatever the engine), also seeding the
            decisions' generator ``random.Random(f"playthrough-{seed}")``.
        policy: chooses each decision (default: uniformly at random); ``policy_name``
            names it in the header.
        detail_plies: observations and information states are written at plies below this
            (and at the end); ``None``: at every ply. Legal actions, chance outcomes and
            actions are written at every ply either way.
        max_plies: stop after this many plies (the transcript then has no end); ``None``:
            play to the end.

    Returns:
        The transcript, lines ending in ``\\n``.
    """
    choose = policy or uniform_policy
    rng = random.Random(f"playthrough-{seed}")
    state = initial_state(game, seed, "mt19937")
    n = game.num_players
    lines = [
        "# regalia golden playthrough; rewrite on purpose only: "
        "python -m regalia.testing.golden --write",
        f"game: {game.info.name}",
        f"parameters: {canonical_json(game.params)}",
        f"seed: {seed}",
        f"policy: {policy_name}, random.Random(\"playthrough-{seed}\")",
        f"num_players: {n}",
        f"num_distinct_actions: {game.num_distinct_actions}",
        f"max_game_length: {game.max_game_length}",
        "detail: observations and information states at every ply" if detail_plies is None
        else f"detail: observations and information states at plies 0-{detail_plies - 1} "
             f"and at the end",
        "length: to the end" if max_plies is None else f"length: at most {max_plies} plies",
    ]
    previous_info: dict[int, str] = {}
    outcomes_seen: dict[str, int] = {}
    ply = 0
    while True:
        lines.append("")
        lines.append(f"ply {ply}")
        cp = state.current_player()
        lines.append(f"player: {_player(cp)}")
        if detail_plies is None or ply < detail_plies or state.is_terminal():
            for p in range(n):
                lines.append(f"observation {p}: {canonical_json(state.observation(p))}")
                info = state.information_state_string(p)
                before = previous_info.get(p)
                if before is not None and info.startswith(before):
                    shown = "+" + canonical_json(info[len(before):])
                else:
                    shown = canonical_json(info)
                lines.append(f"information state {p}: {shown}")
                previous_info[p] = info
        if state.is_terminal():
            lines.append(f"returns: {canonical_json(state.returns())}")
            lines.append(f"scores: {canonical_json(state.scores())}")
            break
        if max_plies is not None and ply >= max_plies:
            lines.append("stopped: the length limit")
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            texts = {a: canonical_json(state.action_to_string(a)) for a, _ in outcomes}
            listed = " | ".join(f"{a} {texts[a]} {_probability(p)}" for a, p in outcomes)
            if listed in outcomes_seen:
                lines.append(f"outcomes: as at ply {outcomes_seen[listed]}")
            else:
                outcomes_seen[listed] = ply
                lines.append(f"outcomes: {listed}")
            action = state.apply_random_chance()  # the game's own dealer
            lines.append(f"chance: {action} {texts[action]}")
        else:
            legal = state.legal_actions()
            lines.append("legal: " + " | ".join(
                f"{a} {canonical_json(state.action_to_string(a))}" for a in legal))
            action = choose(state, rng)
            lines.append(f"action: {action} {canonical_json(state.action_to_string(action))}")
            state.apply_action(action)
        ply += 1
    return "\n".join(lines) + "\n"
