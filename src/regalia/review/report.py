"""The review of a game for one seat, as JSON-able data (pydantic models).

:class:`Review` is what :func:`regalia.review.review_game` returns (as a dict) and what
``regalia review --out review.json`` writes; the HTML report, the terminal table and the
web table's Review tab read it. Everything in it was seen by the reviewed seat: its own
observations (its hand included) and its own moves; nothing of another seat's hidden
cards, no seed. Show a review to its seat only (or to anyone, for a game of perfect
information).
"""

from __future__ import annotations

import re
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict

from regalia.core.i18n import _, pgettext

REVIEW_FORMAT: Final = "regalia-review"


class Move(BaseModel):
    """A move of a decision.

    Attributes:
        action: its action id in the position (as the seat's legal actions number it).
        notation: the game's notation.
        value: the review's value of the move (see :attr:`Review.measure`), or None
            (forced: not searched).
        clicks: the drawing's click objects that make the move (canonical JSON, board
            protocol v2, docs/web.md): the elements to outline on the board drawn with
            ``render(observation, [played, better], names)`` (elements whose ``data-click``
            is one of these). Empty for a move made by a button only (``end turn``).
    """

    model_config = ConfigDict(extra="forbid")

    action: int
    notation: str
    value: float | None = None
    clicks: list[str] = []


class Decision(BaseModel):
    """One decision of the seat.

    Attributes:
        index: its number among the seat's decisions; ply: its place in the game's history
            (chance outcomes count); turn: the seat's turn (several decisions share a turn
            of several steps).
        observation: ``observation(seat)`` before the decision: what the seat saw, and
            what the game's drawing draws the board from.
        legal: how many legal actions the seat had; forced: only one.
        played: the move played; best: the search's choice; better: the move shown as
            better (None when the played move is labelled best).
        value_before: the position's value (the better of the best and the played move);
            value_after: the played move's; cost: their difference (>= 0), in the review's
            unit. None for a forced decision.
        label: best, good, inaccuracy, mistake or blunder.
        key: one of the review's key moments.
        iterations: search iterations spent on it.
    """

    model_config = ConfigDict(extra="forbid")

    index: int
    ply: int
    turn: int
    seat: int
    observation: dict[str, Any]
    legal: int
    forced: bool
    played: Move
    best: Move
    better: Move | None = None
    value_before: float | None = None
    value_after: float | None = None
    cost: float
    label: Literal["best", "good", "inaccuracy", "mistake", "blunder"]
    key: bool = False
    iterations: int = 0


class Point(BaseModel):
    """A point of the value curve: the value after decision ``index`` (at ``ply``)."""

    model_config = ConfigDict(extra="forbid")

    index: int
    ply: int
    value: float


class Search(BaseModel):
    """How the review searched: ``spec`` (an ismcts spec), ``iterations`` of the first
    search per decision (the checks of a move run up to three searches of ``iterations //
    2``; None: as many as the time allows), ``seconds`` (a time cap per decision, or
    None), ``total_seconds`` (a time cap for the whole review, or None), ``seed``."""

    model_config = ConfigDict(extra="forbid")

    spec: str
    iterations: int | None
    seconds: float | None = None
    total_seconds: float | None = None
    seed: int


class Review(BaseModel):
    """A game reviewed for one seat (JSON: ``Review.model_dump(mode="json")``).

    Attributes:
        format, version: ``"regalia-review"``, 1.
        game, title, params: the game; players: one label per seat; seat: the reviewed
            seat (0-based).
        measure: what values are: ``"win"`` (a victory share in [0, 1], the chance to
            win), ``"margin"`` (expected final margin over the automated opponent, game
            points) or ``"score"`` (expected final score, game points; a solo game).
        unit: ``"win chance"`` or ``"points"``: the unit of costs and thresholds.
        thresholds: the label thresholds ``{"best", "inaccuracy", "mistake",
            "blunder"}`` in that unit; evidence: where they were measured.
        search: the search and budget.
        decisions: every decision of the seat, in order.
        curve: the value after each searched decision (forced ones have none).
        key_moments: indices of the key decisions (up to 5 costliest labelled
            inaccuracy or worse), in game order.
        counts: decisions per label; total_cost: the sum of the costs.
        decision_count: the seat's decisions in the game (more than ``decisions`` holds
            when the review was stopped early).
        scores, returns: the final result, or None (an unfinished game).
        complete: False when the review was stopped early (its decisions so far).
    """

    model_config = ConfigDict(extra="forbid")

    format: Literal["regalia-review"] = REVIEW_FORMAT
    version: Literal[1] = 1
    game: str
    title: str
    params: dict[str, Any]
    players: list[str]
    seat: int
    measure: Literal["win", "margin", "score"]
    unit: Literal["win chance", "points"]  # i18n: no (keys)
    thresholds: dict[str, float]
    evidence: str
    search: Search
    decisions: list[Decision]
    curve: list[Point]
    key_moments: list[int]
    counts: dict[str, int]
    total_cost: float
    decision_count: int = 0
    scores: list[float] | None = None
    returns: list[float] | None = None
    complete: bool = True


def label_name(label: str) -> str:
    """A verdict (``best``, ``good``, ``inaccuracy``, ``mistake``, ``blunder``, the
    review's language-free keys) as a reader sees it, in the language in force."""
    names = {"best": pgettext("review verdict", "best"),
             "good": pgettext("review verdict", "good"),
             "inaccuracy": pgettext("review verdict", "inaccuracy"),
             "mistake": pgettext("review verdict", "mistake"),
             "blunder": pgettext("review verdict", "blunder")}
    return names.get(label, label)


def player_label(label: str) -> str:
    """A player's label in the review: ``Seat N`` (the review's stand-in for a record
    without names, kept in English in the JSON) shown in the language in force."""
    m = re.fullmatch(r"Seat (\d+)", label)  # i18n: no (matches the stored stand-in)
    return _("Seat {n}").format(n=m.group(1)) if m else label


#: Key moments: at most this many decisions.
MAX_KEY_MOMENTS = 5


def key_moments(decisions: list[Decision]) -> list[int]:
    """The indices of the (at most :data:`MAX_KEY_MOMENTS`) costliest decisions labelled
    inaccuracy, mistake or blunder, in game order."""
    bad = [d for d in decisions if d.label in ("inaccuracy", "mistake", "blunder")]
    bad.sort(key=lambda d: (-d.cost, d.index))
    return sorted(d.index for d in bad[:MAX_KEY_MOMENTS])
