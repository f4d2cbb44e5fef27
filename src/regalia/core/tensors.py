"""Observation tensors: fixed-shape float32 arrays built from a seat's observation.

OpenSpiel's vocabulary: ``Game.observation_tensor_shape()`` and
``State.observation_tensor(player)``. Each game describes its tensor as a
:class:`TensorLayout`, an ordered list of named segments (planes), each with its own
shape and a sentence saying what it holds; the tensor is the segments flattened and
concatenated in that order, so ``layout.view(tensor, name)`` gives a segment back in its
shape. The game's docs list the segments (``layout.markdown()``).

A game's encoder reads only ``state.observation(player)`` (a JSON-able dict of what the
seat may see), never the state, so a tensor cannot carry what the seat does not see.
Seats inside a tensor are *relative*: the observing seat first, then the next seats in
turn order, so one policy can play any seat.

numpy is imported here only; ``import regalia`` does not import this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Sequence

import numpy as np
import numpy.typing as npt

#: A tensor as games return it.
Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Segment:
    """One named part of a tensor: ``shape`` (dims in order) and what it holds."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return prod(self.shape)


class TensorLayout:
    """The segments of one game's tensor (for fixed parameters), in order.

    Args:
        segments: ``(name, shape, doc)`` triples; names distinct, every dim positive.

    Raises:
        ValueError: a repeated name or a dim below 1.
    """

    def __init__(self, segments: Sequence[tuple[str, tuple[int, ...], str]]):
        self.segments = tuple(Segment(n, tuple(s), d) for n, s, d in segments)
        self.offsets: dict[str, int] = {}
        off = 0
        for seg in self.segments:
            if seg.name in self.offsets:
                raise ValueError(f"segment {seg.name!r} appears twice")
            if any(d < 1 for d in seg.shape):
                raise ValueError(f"segment {seg.name!r} has a dim below 1: {seg.shape}")
            self.offsets[seg.name] = off
            off += seg.size
        self.size = off
        self._by_name = {s.name: s for s in self.segments}

    @property
    def shape(self) -> tuple[int]:
        """The tensor's shape: ``(size,)``, every segment flattened."""
        return (self.size,)

    def zeros(self) -> Tensor:
        """A zero tensor of this layout (float32)."""
        return np.zeros(self.size, dtype=np.float32)

    def view(self, tensor: Tensor, name: str) -> Tensor:
        """Segment ``name`` of ``tensor`` in its own shape (a view: writes go through).

        Raises:
            KeyError: no segment of that name.
        """
        seg = self._by_name[name]
        off = self.offsets[name]
        return tensor[off:off + seg.size].reshape(seg.shape)

    def markdown(self) -> str:
        """The layout as a Markdown table: segment, shape, offset, what it holds."""
        rows = ["| segment | shape | offset | holds |", "|---|---|---|---|"]
        for seg in self.segments:
            dims = " × ".join(str(d) for d in seg.shape)
            rows.append(f"| `{seg.name}` | {dims} | {self.offsets[seg.name]} | {seg.doc} |")
        rows.append(f"\nTotal: {self.size} float32 values.")
        return "\n".join(rows)


def relative_seat(seat: int | None, player: int, n: int) -> int | None:
    """``seat`` counted from ``player`` (0: the player, 1: the next seat, ...); None stays
    None, as does a negative seat (chance, terminal)."""
    if seat is None or seat < 0:
        return None
    return (seat - player) % n


def one_hot(out: Any, index: int | None) -> None:
    """Set ``out[index] = 1`` unless index is None (``out`` a 1-D view)."""
    if index is not None:
        out[index] = 1.0


def legal_actions_mask(legal: Sequence[int], num_actions: int) -> npt.NDArray[np.int8]:
    """A 0/1 int8 vector of length ``num_actions``, 1 at each id of ``legal``."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if legal:
        mask[np.asarray(legal, dtype=np.int64)] = 1
    return mask
