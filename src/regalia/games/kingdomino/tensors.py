"""Kingdomino's observation tensor (see :mod:`regalia.core.tensors`), built from
:func:`.information.observation` only.

Seats are relative to the observing seat (0: itself, 1: the next seat, ...). A domino half
is 7 values: a one-hot of its terrain in the order ``W F L G S M`` (wheat field, forest,
lake, grassland, swamp, mine) and its crowns divided by 3. Kingdoms use the padded B x B
board of the observation (B = 9, or 13 in the Mighty Duel), castle where the observation
puts it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from regalia.core.tensors import Tensor, TensorLayout, one_hot, relative_seat

from .components import TERRAIN_LETTERS
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .rules import KingdominoGame

#: Values per line slot before the owner one-hot: present, number/48, two halves of 7,
#: king on it, king acting.
SLOT_FIXED = 18


@lru_cache(maxsize=64)
def layout(game: "KingdominoGame") -> TensorLayout:
    """The segments for ``game``'s player count and board size."""
    n = game.num_players
    b = game.geo.b
    line = game.per_line
    slot = ("per slot, lowest number first: present; number / 48; first half (terrain "
            "one-hot W F L G S M, crowns / 3); second half (same); a king on it; that "
            "king acts now; then its owner (relative seat one-hot)")
    return TensorLayout([
        ("kingdoms", (n, 8, b, b),
         "per relative seat, B x B planes: castle; wheat field; forest; lake; grassland; "
         "swamp; mine; crowns / 3"),
        ("current_line", (line, SLOT_FIXED + n), "the current line (being placed); " + slot),
        ("next_line", (line, SLOT_FIXED + n), "the next line (drawn so far); " + slot),
        ("phase", (len(PHASE_NAMES),), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("to_move", (n,), "relative seat to act (all zero at chance or the end)"),
        ("progress", (2,), "dominoes left to draw / dominoes used; games finished / games "
                           "(Dynasty)"),
        ("discarded", (n,), "per relative seat: dominoes discarded this game / 12"),
        ("scores", (n,), "per relative seat: points so far / 100"),
    ])


def _half(out: Any, token: str) -> None:
    """Write a half (``"W**"``) as terrain one-hot and crowns / 3 into 7 values."""
    out[TERRAIN_LETTERS.index(token[0])] = 1.0
    out[6] = token.count("*") / 3.0


def _line(out: Any, slots: list[Mapping[str, Any]], acting_king: int | None,
          player: int, n: int) -> None:
    for i, slot in enumerate(slots):
        row = out[i]
        row[0] = 1.0
        row[1] = slot["domino"] / 48.0
        first, second = slot["code"].split("/")
        _half(row[2:9], first)
        _half(row[9:16], second)
        if slot["king"] is not None:
            row[16] = 1.0
            row[17] = 1.0 if slot["king"] == acting_king else 0.0
            one_hot(row[SLOT_FIXED:], relative_seat(slot["player"], player, n))


def encode(game: "KingdominoGame", obs: Mapping[str, Any]) -> Tensor:
    """The tensor of observation ``obs`` (shape ``layout(game).shape``)."""
    lay = layout(game)
    t = lay.zeros()
    n = game.num_players
    p = obs["player"]
    kingdoms = lay.view(t, "kingdoms")
    for seat, rows in enumerate(obs["kingdoms"]):
        planes = kingdoms[relative_seat(seat, p, n)]
        for r, row in enumerate(rows):
            for c, token in enumerate(row.split()):
                if token == "C":
                    planes[0, r, c] = 1.0
                elif token != ".":
                    planes[1 + TERRAIN_LETTERS.index(token[0]), r, c] = 1.0
                    planes[7, r, c] = token.count("*") / 3.0
    acting = obs["king"] if obs["phase"] in ("pick", "place") else None
    _line(lay.view(t, "current_line"), obs["current_line"], acting, p, n)
    _line(lay.view(t, "next_line"), obs["next_line"], None, p, n)
    one_hot(lay.view(t, "phase"), PHASE_NAMES.index(obs["phase"]))
    one_hot(lay.view(t, "to_move"), relative_seat(obs["current_player"], p, n))
    prog = lay.view(t, "progress")
    prog[0] = obs["dominoes_left_to_draw"] / game.dominoes_used
    prog[1] = (obs["game_number"] - 1) / obs["games"]
    disc = lay.view(t, "discarded")
    sc = lay.view(t, "scores")
    for seat in range(n):
        rs = relative_seat(seat, p, n)
        disc[rs] = obs["discarded"][seat] / 12.0
        sc[rs] = obs["scores"][seat] / 100.0
    return t
