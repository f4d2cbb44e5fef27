"""Ratings (issue 25): each player key's skill at each game, with openskill's
Plackett-Luce model (a Bayesian rating for games of any number of players; Weng and Lin,
"A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011), its defaults
(``mu`` 25, ``sigma`` 25/3, ``beta`` 25/6, ``tau`` 25/300). A rating is shown as the
model's ordinal, ``mu - 3 sigma`` (0 for a new player, growing as games confirm a skill),
with the number of games it rests on.

Which games count (:func:`rated_seats`):

* every finished game whose people are at least two different players (each seat of a
  person held by a key; one player holding two seats, a hot seat played alone, counts
  for nobody);
* with the table option ``rate_computers``, a game of one or more players against the
  computer too: each computer seat at one of the three strengths is a fixed anchor
  (:data:`ANCHORS`: it takes part in the update, its own rating never moves).

The ranking is the game's returns, a forfeit ranked last (:func:`.clocks.standing`); ties
share a rank. The update runs in the transaction that stores the game's last move
(:func:`finish`): a game is rated once, and only if that move is stored.
"""

from __future__ import annotations

from typing import Any, Sequence

from openskill.models import PlackettLuce

from regalia.core.i18n import N_

from .catalogue import table_strengths
from .errors import Later
from .clocks import standing
from .settings import Settings

#: the model (openskill's defaults)
MODEL = PlackettLuce()
#: the computer strengths' fixed ratings ``(mu, sigma)`` as anchors: chosen, not measured
#: (``normal`` at a new player's mean, ``easy`` and ``strong`` one new player's sigma
#: below and above it), with a small sigma: an anchor is a known opponent
ANCHORS = {"easy": (25.0 - 25.0 / 3.0, 1.0), "normal": (25.0, 1.0),
           "strong": (25.0 + 25.0 / 3.0, 1.0)}


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: openskill's ordinal, ``mu - 3 sigma``."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def ranks_of(values: Sequence[float]) -> list[int]:
    """Ranks from the values to rank by (higher is better): 1 for the best; ties share the
    better rank (``[3, 7, 7, 1]`` -> ``[3, 1, 1, 4]``)."""
    return [1 + sum(1 for w in values if w > v) for v in values]


def update(prior: Sequence[tuple[float, float]], ranks: Sequence[int],
           fixed: frozenset[int] = frozenset()) -> list[tuple[float, float]]:
    """The ratings ``(mu, sigma)`` after one game: ``prior`` per seat (each seat a team of
    one), ``ranks`` (1 the best, ties equal), seats in ``fixed`` (anchors) keeping theirs.
    This is openskill's own ``PlackettLuce().rate``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in prior]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [prior[i] if i in fixed else (after[i][0].mu, after[i][0].sigma)
            for i in range(len(prior))]


def rated_seats(t: Any, folk: Any, settings: Settings
                ) -> tuple[dict[int, str], dict[int, tuple[float, float]]] | Later:
    """``(seat -> player, seat -> anchor)`` of a table's seats that a finished game would
    rate, or why it would not be rated (a sentence, said in the reader's language)."""
    people = {x.seat for x in t.seats if x.kind != "computer"}
    computers = {x.seat for x in t.seats if x.kind == "computer"}
    held = {s: p for s, p in folk.holders.items() if s in people}
    if people - set(held):
        return Later.of(N_("not rated: a seat is not held by a player key"))
    if len(set(held.values())) != len(held):
        return Later.of(N_("not rated: one player holds several seats"))
    anchors: dict[int, tuple[float, float]] = {}
    if computers:
        if not t.options.get("rate_computers"):
            return Later.of(N_("not rated: a computer plays (the table did not ask for rated games "
                   "against the computer)"))
        by_spec = {spec: name for name, spec in table_strengths(t.game, settings).items()}
        for x in t.seats:
            if x.seat in computers:
                name = by_spec.get(x.agent or "")
                if name not in ANCHORS:
                    return Later.of(N_("not rated: a computer seat plays none of the strengths easy, "
                           "normal, strong"))
                anchors[x.seat] = ANCHORS[name]
    elif len(held) < 2:
        return Later.of(N_("not rated: a game alone"))
    if not held:
        return Later.of(N_("not rated: no person plays"))
    return held, anchors


def unrated_reason(t: Any, folk: Any, settings: Settings) -> Later | None:
    """None when a finished game of the table would be rated, else why not (said in the
    reader's language: ``str()``)."""
    found = rated_seats(t, folk, settings)
    return found if isinstance(found, Later) else None


def finish(db: Any, conn: Any, t: Any, folk: Any, settings: Settings
           ) -> dict[int, tuple[float, int]]:
    """Rate the finished game of ``t`` in the transaction ``conn`` (its last move's): read
    the players' ratings (locked on PostgreSQL), update them (:func:`update`) and write
    them. Returns each rated person's seat -> ``(ordinal, games)`` after it."""
    found = rated_seats(t, folk, settings)
    if isinstance(found, Later):
        return {}
    held, anchors = found
    game = t.game.info.name
    before = db.ratings_in(conn, game, sorted(held.values()))
    seats = sorted(held) + sorted(anchors)
    prior = [(before[held[s]][0], before[held[s]][1]) if s in held and held[s] in before
             else anchors[s] if s in anchors else (MODEL.mu, MODEL.sigma) for s in seats]
    values = standing(t.state.returns(), folk.forfeits)
    ranks = ranks_of([values[s] for s in seats])
    fixed = frozenset(i for i, s in enumerate(seats) if s in anchors)
    after = update(prior, ranks, fixed)
    new = {held[s]: (mu, sigma, ordinal(mu, sigma))
           for s, (mu, sigma) in zip(seats, after) if s in held}
    db.put_ratings(conn, game, new, before)
    return {s: (new[p][2], (before[p][2] if p in before else 0) + 1) for s, p in held.items()}
