"""The phases of a Cascadito turn (:mod:`.state` describes each): codes and names.

``roll`` (chance: the dice are rolled), ``die`` (the player to move selects a die),
``task`` (an action, star or achievement asks where it applies), ``end``, ``claim`` (the
player may claim an achievement met, ruling R12).
"""

PH_ROLL, PH_DIE, PH_TASK, PH_END, PH_CLAIM = range(5)
#: Names by phase code, as :attr:`.state.CascaditoState.phase_name` gives them.
PHASE_NAMES = ("roll", "die", "task", "end", "claim")
