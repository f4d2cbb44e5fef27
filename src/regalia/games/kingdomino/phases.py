"""The phases of a Kingdomino game (see :mod:`.state` for the order of play).

A state's ``phase`` is one of these ints; :data:`PHASE_NAMES` gives the name the contract
shows (``state.phase_name``, observations, JSON).
"""

from __future__ import annotations

#: ``draw`` (chance: a domino from the box), ``king-draw`` (chance: a king for the first
#: line), ``pick`` (a king's owner takes a free domino of the next line), ``place`` (place
#: or discard the domino of the current line), ``end``.
PH_DRAW, PH_KING, PH_PICK, PH_PLACE, PH_END = range(5)
PHASE_NAMES = ("draw", "king-draw", "pick", "place", "end")
