"""A study's plan: the question, the game settings it plays (its *arms*), the lineup and the
deals, expanded into the games to play; and the function the executors run per game.

The design, per question:

* ``seats``, ``scores``: one arm, the game as given.
* ``components``: the arms are the settings the game cycles through (Cascadito: its four
  sheets; Two Heirs: the 20 choices of 3 sets of 6; one arm elsewhere); deal ``i`` is played
  in arm ``i mod A``.
* ``variants``, ``compare``: every deal is played in every arm (the base and each option;
  the data files A and B), so the arms are compared on the same shuffles and the same agent
  seeds (a paired design).

Seeds are the tournament's (:func:`regalia.arena.deal_seeds`): deal ``i`` has the dealer's
seed ``derive_seed(seed, "deal", i)`` and the agent in seat ``s`` the seed
``derive_seed(deal_seed, "seat", s)``. A lineup of one agent repeated is played once per
deal; a mixed lineup once per seat rotation (:func:`regalia.arena.rotate`), as in a
tournament. Every game depends only on its task, so serial, process-pool and Ray runs give
the same games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from regalia.arena.tournament import GameResult, GameTask, deal_seeds, play_task, rotate
from regalia.core.balance import (ComponentKind, GameComponents, game_components,
                                  turn_order)
from regalia.core.errors import ParameterError
from regalia.core.i18n import N_, _
from regalia.core import i18n

#: question -> what it answers (the command's help and the report's heading; in English,
#: shown translated with ``_(QUESTIONS[q])``).
QUESTIONS: dict[str, str] = {
    "seats": N_("Does the turn order favour a seat? Win rate and mean score by seat, the "
                "first player first."),
    "components": N_("Which components win? Win rate and score of a seat when it took a "
                     "component, against when the component was in play but the seat did "
                     "not take it; game-wide components (sheets, sets) game against game."),
    "variants": N_("What does each variant or ruling option change? The same deals played "
                   "with and without it: scores, win rates by seat, how often the winner "
                   "changes."),
    "compare": N_("What does a changed component file change? The same deals played with "
                  "data A and data B: scores, win rates by seat, components taken and won "
                  "with."),
    "scores": N_("How do games end? Distributions of final scores, winning margins and game "
                 "length."),
}
#: The questions whose arms are played on the same deals (paired).
PAIRED = ("variants", "compare")
#: The most games one study may play (deals x arms x rotations), kept in memory.
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Arm:
    """One setting of the game: a name for the report and its ``load_game`` parameters."""

    name: str
    params: Mapping[str, Any] = field(hash=False)
    description: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "params": dict(self.params), "description": self.description}


@dataclass(frozen=True)
class StudyTask:
    """One game of a study: the tournament task, its arm, and whether to read components."""

    task: GameTask
    arm: int
    components: bool


@dataclass(frozen=True)
class StudyGame:
    """One finished game of a study.

    Attributes:
        result: the game (scores, returns, actions...), as a tournament records it.
        arm: the index of its arm.
        order: the seats in the order of their first turn (``order[0]`` played first).
        components: what was in play and taken, when the study reads components.
    """

    result: GameResult
    arm: int
    order: tuple[int, ...]
    components: GameComponents | None = None

    @property
    def index(self) -> int:
        return self.result.index

    def position(self, seat: int) -> int:
        """``seat``'s place in the turn order, 0 for the first player."""
        return self.order.index(seat)

    def to_json(self) -> dict[str, Any]:
        out = self.result.to_json()
        out.update(arm=self.arm, order=list(self.order),
                   components=self.components.to_json() if self.components else None)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "StudyGame":
        comps = data.get("components")
        return cls(result=GameResult.from_json(data), arm=int(data["arm"]),
                   order=tuple(int(s) for s in data["order"]),
                   components=GameComponents.from_json(comps) if comps else None)

    def without_actions(self) -> "StudyGame":
        """The same game without its action list (what the analysis keeps in memory)."""
        r = self.result
        slim = GameResult(index=r.index, deal=r.deal, rotation=r.rotation, seed=r.seed,
                          agents=r.agents, scores=r.scores, returns=r.returns,
                          length=r.length, moves=r.moves, seat_moves=r.seat_moves,
                          seconds=r.seconds, seat_seconds=r.seat_seconds)
        return StudyGame(slim, self.arm, self.order, self.components)


def play_study_game(task: StudyTask) -> StudyGame:
    """Play one game of a study (the function the executors run in their workers)."""
    result, state = play_task(task.task)
    return StudyGame(result, task.arm, turn_order(state),
                     game_components(state) if task.components else None)


@dataclass(frozen=True)
class StudyPlan:
    """Everything that fixes a study's games; two runs with equal plans play equal games.

    Attributes:
        question: one of :data:`QUESTIONS`.
        game: the registry name.
        arms: the settings played (see the module doc).
        lineup: one agent spec per seat (rotation 0).
        deals: how many deals; seed: the base seed of their seeds.
        kinds: the component kinds read from each game (empty: none read).
    """

    question: str
    game: str
    arms: tuple[Arm, ...]
    lineup: tuple[str, ...]
    deals: int
    seed: int
    kinds: tuple[ComponentKind, ...] = ()

    @property
    def players(self) -> int:
        return len(self.lineup)

    @property
    def paired(self) -> bool:
        return self.question in PAIRED

    @property
    def rotations(self) -> int:
        """1 for a lineup of one agent (every rotation is the same game), else P."""
        return 1 if len(set(self.lineup)) == 1 else len(self.lineup)

    @property
    def total(self) -> int:
        """The number of games."""
        return self.deals * self.rotations * (len(self.arms) if self.paired else 1)

    def tasks(self) -> list[StudyTask]:
        """Every game in index order."""
        seeds = deal_seeds(self.seed, self.deals)
        r_count, a_count = self.rotations, len(self.arms)
        read = bool(self.kinds)
        out: list[StudyTask] = []
        for deal, ds in enumerate(seeds):
            arms = range(a_count) if self.paired else [deal % a_count]
            for arm in arms:
                params = dict(self.arms[arm].params)
                for r in range(r_count):
                    index = len(out)
                    task = GameTask(index=index, deal=deal, rotation=r, seed=ds,
                                    agents=tuple(rotate(self.lineup, r)), game=self.game,
                                    params=params)
                    out.append(StudyTask(task, arm, read))
        return out

    def identity(self) -> dict[str, Any]:
        """The JSON-able settings that fix the games (what a resumed run must match)."""
        return {"question": self.question, "game": self.game,
                "arms": [a.to_json() for a in self.arms], "lineup": list(self.lineup),
                "deals": self.deals, "seed": self.seed,
                "kinds": [k.name for k in self.kinds]}


def check_total(deals: int, arms: int, rotations: int, paired: bool) -> int:
    """The number of games, refused above :data:`MAX_GAMES`."""
    total = deals * rotations * (arms if paired else 1)
    if total > MAX_GAMES:
        raise ParameterError(_("{deals} deals x {arms} setting(s) x {rotations} seat "
                               "rotation(s) = {total} games; a study plays at most {most}: "
                               "choose --games up to {games}").format(
            deals=i18n.format_number(deals), arms=arms if paired else 1, rotations=rotations,
            total=i18n.format_number(total), most=i18n.format_number(MAX_GAMES),
            games=i18n.format_number(MAX_GAMES // (rotations * (arms if paired else 1)))))
    return total


def lineup_label(lineup: Sequence[str]) -> str:
    """``greedy in every seat`` or ``mcts:..., greedy``."""
    if len(set(lineup)) == 1:
        return (_("{agent} in every seat").format(agent=lineup[0]) if len(lineup) > 1
                else lineup[0])
    return ", ".join(lineup)


__all__ = ["QUESTIONS", "PAIRED", "MAX_GAMES", "Arm", "StudyTask", "StudyGame", "StudyPlan",
           "play_study_game", "check_total", "lineup_label"]
