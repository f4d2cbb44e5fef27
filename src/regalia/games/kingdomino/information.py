"""What a seat may see of a Kingdomino position: the observation and its parts.

Kingdomino has perfect information: every kingdom, line, king and discard is public; only
future draws are hidden, and they are not yet decided (the box is shuffled by chance nodes,
never stored in order). So the information state is the history (the core's default) and
a resample is a clone; this module builds the observation, from which every front end
draws (:mod:`.view`).

Kingdoms are written as rows of tokens: ``C`` (castle), ``.`` (empty) or a terrain letter
``W F L G S M`` followed by one ``*`` per crown (the format of ``scoring.parse_kingdom``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .components import TERRAIN_LETTERS
from .phases import PH_PICK, PH_PLACE

if TYPE_CHECKING:
    from .board import Geometry
    from .state import KingdominoState


def kingdom_rows(state: "KingdominoState", player: int) -> list[str]:
    """The whole B x B board of ``player`` as rows of space-separated tokens."""
    p = player
    return rows_from_masks(state.game.geo, state.terr[6 * p:6 * p + 6],
                           state.crown[3 * p:3 * p + 3])


def rows_from_masks(g: "Geometry", terr: Sequence[int], crown: Sequence[int]) -> list[str]:
    """A kingdom given as bitboards (six terrain masks, three crown masks: squares with 1,
    2, 3 crowns) as rows of tokens, the castle at the centre."""
    tokens = ["."] * (g.w * g.b)
    tokens[g.castle] = "C"
    for t in range(6):
        m = terr[t]
        letter = TERRAIN_LETTERS[t]
        while m:
            low = m & -m
            tokens[low.bit_length() - 1] = letter
            m ^= low
    for k in range(3):
        m = crown[k]
        while m:
            low = m & -m
            tokens[low.bit_length() - 1] += "*" * (k + 1)
            m ^= low
    return [" ".join(tokens[r * g.w:r * g.w + g.b]) for r in range(g.b)]


def line_view(state: "KingdominoState", which: str) -> list[dict[str, Any]]:
    """The ``"current"`` or ``"next"`` line: ``[{domino, code, king (1-based) or None,
    player or None}, ...]`` lowest number first. Raises ValueError for another name."""
    if which not in ("current", "next"):
        raise ValueError(f"which must be 'current' or 'next', not {which!r}")
    nums, kings = ((state.cur_nums, state.cur_kings) if which == "current"
                   else (state.nxt_nums, state.nxt_kings))
    G = state.game
    return [{"domino": n, "code": G.code[n], "king": (k + 1) if k >= 0 else None,
             "player": G.owner[k] if k >= 0 else None} for n, k in zip(nums, kings)]


def observation(state: "KingdominoState", player: int) -> dict[str, Any]:
    """Everything is public in Kingdomino except future draws, which are not yet decided.

    Keys: game, params, player, current_player, phase, game_number, games, king (1-based
    king to act, or None), domino (to place, or None), current_line, next_line (lists
    of ``{domino, code, king, player}``), dominoes_left_to_draw, kingdoms (per player,
    rows of tokens), discarded, scores.
    """
    G = state.game
    state.check_seat(player)
    return {
        "game": G.info.name,
        "params": G.params,
        "player": player,
        "current_player": state.current_player(),
        "phase": state.phase_name,
        "game_number": min(state.game_no + 1, G.num_games),
        "games": G.num_games,
        "king": state.king + 1 if state.phase in (PH_PICK, PH_PLACE) else None,
        "domino": state.current_domino,
        "current_line": line_view(state, "current"),
        "next_line": line_view(state, "next"),
        "dominoes_left_to_draw": G.dominoes_used - state.drawn,
        "kingdoms": [kingdom_rows(state, p) for p in range(G.num_players)],
        "discarded": list(state.discarded),
        "scores": state.scores(),
    }
