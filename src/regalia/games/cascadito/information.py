"""What a seat of a Cascadito game sees: its observation.

Everything is public in Cascadito (every sheet and the dice pool); only future rolls are
unknown, so the information state and the resampling are the core's defaults for perfect
information (the history; a clone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import CascaditoState


def observation(s: CascaditoState, player: int) -> dict[str, Any]:
    """Seat ``player``'s observation. Keys: game, params, player, current_player, phase,
    pool, tasks, turns, solo (boxes marked, turn in round), sheets (per seat: marked,
    tracks, rivers, bandits, claimed, claimable: met, not claimed, still available),
    top_row_first (the first claimant per achievement, -1: none), scores.

    Raises:
        ParameterError: ``player`` is not a seat.
    """
    s.check_seat(player)
    G = s.game
    return {
        "game": G.info.name,
        "params": G.params,
        "player": player,
        "current_player": s.current_player(),
        "phase": s.phase_name,
        "pool": s.dice_pool,
        "tasks": s.pending_tasks(),
        "turns": s.turns,
        "solo": {"boxes": s.boxes, "turn": s.solo_turn},
        "sheets": [sheet_json(s, p) for p in range(G.num_players)],
        "top_row_first": list(s.first),
        "scores": s.scores(),
    }


def sheet_json(s: CascaditoState, p: int) -> dict[str, Any]:
    """Seat ``p``'s sheet as the observation shows it."""
    return {"marked": s.marked_cells(p), "tracks": s.track_heights(p),
            "rivers": s.river_progress(p), "bandits": s.bandits[p],
            "claimed": s.claimed_achievements(p),
            "claimable": s.claimable_achievements(p)}
