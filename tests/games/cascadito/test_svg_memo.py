"""The Cascadito drawing's remembered parts (issue 23; :func:`regalia.core.svgkit.fragment`):
a board drawn with a table's memo in force is the board drawn afresh, at every ply of
random games on every sheet (solo and 2-4 players), for every seat and the spectator,
with the moves since the viewer's last turn marked, a suggestion marked, and a move in
progress (a die chosen), in English and German. A part whose key misses something it
draws shows up here as a stale board."""

from __future__ import annotations

import json
import random

import pytest

from regalia.core import i18n, svgkit
from regalia.core.registry import load_game
from regalia.games.cascadito import svg

NAMES = ["Ann", "Bob <&>", "", "Dev"]
#: (players, sheet, variants)
CONFIGS = [(1, 1, ()), (1, 3, ("harder-start",)), (2, 2, ()), (2, 1, ("deferred-bottom-row",)),
           (3, 3, ()), (3, 4, ()), (4, 2, ()), (4, 4, ())]


def _fresh(obs, legal, names, pending, recent):
    with svgkit.remembering(None):
        return svg.render(obs, legal, names, pending=pending, recent=recent)


@pytest.mark.parametrize("players,sheet,variants", CONFIGS,
                         ids=[f"{n}p-sheet{k}{'-' + v[0] if v else ''}" for n, k, v in CONFIGS])
def test_a_board_drawn_with_the_memo_is_the_board_drawn_afresh(players, sheet, variants):
    game = load_game("cascadito", players=players, sheet=sheet, variants=list(variants))
    rng = random.Random(f"{players}{sheet}{variants}")
    state = game.new_initial_state(rng.randrange(1 << 30))
    names = NAMES[:players]
    memo = svgkit.Fragments()
    log: list[dict] = []          # the moves made: ply, seat, notation
    last_turn = [-1] * players    # each seat's last move, by index in log
    boards = 0
    for ply in range(90):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        memo.turn()
        mover = state.current_player()
        legal = state.legal_actions()
        lang = "de" if ply % 4 == 3 else "en"
        with i18n.using(lang), svgkit.remembering(memo):
            for seat in [*range(players), None]:
                obs = state.observation(seat if seat is not None else 0)
                if seat is None:
                    obs = svg.public_observation(obs)
                since = last_turn[seat] if seat is not None else len(log) - 3
                recent = [m for m in log[since + 1:] if m["seat"] != seat]
                mine = legal if seat == mover else []
                if seat == mover and rng.random() < 0.3:   # a suggestion marked
                    hint = state.action_to_string(rng.choice(legal))
                    recent = [*recent, {"ply": None, "seat": mover, "notation": hint,
                                        "hint": True}]
                board = svg.render(obs, mine, names, recent=recent)
                assert board == _fresh(obs, mine, names, (), recent), (ply, seat, lang)
                boards += 1
                if seat == mover:   # a move in progress: one offered click
                    step = svg.click(obs, legal, [])
                    offered = [json.loads(x) for x in step.get("next", {}).get("targets", [])]
                    if offered:
                        pending = [rng.choice(offered)]
                        board = svg.render(obs, legal, names, pending=pending, recent=recent)
                        assert board == _fresh(obs, legal, names, pending, recent), (
                            ply, seat, lang, pending)
                        boards += 1
        action = rng.choice(legal)
        log.append({"ply": ply, "seat": mover, "notation": state.action_to_string(action)})
        last_turn[mover] = len(log) - 1
        state.apply_action(action)
    assert boards > 40
    assert memo.hits > 0
    if players > 1:   # the sheets nobody wrote on are drawn once and reused
        assert memo.hits > memo.misses
