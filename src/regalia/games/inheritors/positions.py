"""Set up an Inheritors position by description: the hands, the Market, the play areas, the
Honor and Clan rows, the Quests, whose turn it is; validated, every card in one place.

For hand-worked rule tests, puzzles and teaching positions ("P1 holds a Spy and red 1, P2
purple 2; P1's purple stack shows 1: what may P1 do?"), without editing a state's fields::

    from regalia.games.inheritors.positions import position
    s = position(game, hands={0: ["Spy", "red 1"], 1: ["purple 2"]},
                 stacks={0: {"purple": [1]}}, honors=["Spy's Success", "A Six"])

How it is made: a real setup (II. Setup; 2-Player Variant) is played with the state's
dealer (``seed``), which fixes the removed colour (2 players), the face-up rows, the Quest
pool and the cards placed with the Clans; then every hand and the Market go back to the
deck and the described cards are taken out of it. The state has its dealer (later draws
come from it) but its history holds only the setup's chance outcomes, not the edits: a
record of it does not replay to this position.

:func:`swap_with_deck` and :func:`swap_quest` make a *twin* of a position: the same public
information, another hidden deal (what a seat cannot tell apart); :func:`with_bounds` adds
what the table knows of a hand (as after a Spy's miss).

Each is made on the pure engine's fields and handed back in the engine of the game (the
compiled one converts it), the made position keeping its dealer and seed, a twin without
them like every copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from regalia.core.errors import ParameterError, RegaliaError

from .codes import NOCAP, PH_END, PH_START, ST_BEFORE
from .state import InheritorsState, PureInheritorsState

if TYPE_CHECKING:
    from .rules import InheritorsGame


def position(game: "InheritorsGame", *, seed: int | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             market: Sequence[Sequence[str]] | None = None,
             stacks: Mapping[int, Mapping[str, Sequence[int]]] | None = None,
             honors: Sequence[str] | None = None, clans: Sequence[str] | None = None,
             quests: Mapping[int, Sequence[str]] | None = None,
             quests_in_row: int | None = None, turn: int = 0,
             over: bool = False) -> InheritorsState:
    """A position at the start of seat ``turn``'s turn (before its action), or at the end.

    Args:
        game: an Inheritors game (its player count and cards).
        seed: the dealer's seed for the setup (None: a fresh one).
        hands: ``{seat: [card names]}`` (``"purple 2"``, ``"Spy"``, ``"Tome"``, ``"purple
            relic"``; any case); seats not named hold no card.
        market: up to 3 rows of card names, each bottom first (the last is the top card);
            rows not given are empty.
        stacks: ``{seat: {colour: [numbers 1-6]}}``, the Influence Cards in each play area.
        honors: the Honors face up in the row (default: those of the setup).
        clans: the Clans of the row, at most one per colour (default: those of the setup);
            each Clan's Special Advocates and Epics are placed with it (setup step 3).
        quests: ``{seat: [Quest names]}`` held, taken from the face-down pool.
        quests_in_row: face-down Quests left in the row (default: the setup's).
        turn: the seat to act (it is also the first player).
        over: the game is over (IV. End of the Game): hands are shown and scored.

    Returns:
        The state, every card in exactly one place (deck, hands, Market, play areas, with
        the Clans, the box), no card known to the other seats.

    Raises:
        ParameterError: naming the seat, card, colour, number, Honor, Clan or Quest that is
            not one of this game, or a card with no copy left to place.
    """
    n = game.num_players
    s = PureInheritorsState(game, seed)
    while s.is_chance_node():
        s.apply_random_chance()
    T = game.T
    for p in range(n):
        for t in range(T):
            s.deck[t] += s.hand[p * T + t]
            s.hand[p * T + t] = 0
        s.hsize[p] = 0
    for cards in s.rows:
        for t in cards:
            s.deck[t] += 1
    s.rows = [[], [], []]
    s.known = [0] * len(s.known)
    s.pdraws = [0] * n

    def seat(p: object, what: str) -> int:
        return _seat(n, p, what)

    def take(name: object, what: str) -> int:
        t = game.lookup.get(str(name).casefold())
        if t is None:
            raise ParameterError(f"{what}: no card named {name!r}; cards are named like "
                                 f"'purple 2', 'Spy', 'Tome', 'purple relic'")
        if s.deck[t] <= 0:
            raise ParameterError(f"{what}: no {game.tname[t]} left to place (the game has "
                                 f"{game.tcopies[t]}; the others are placed already, with "
                                 f"a Clan, or out of this game)")
        s.deck[t] -= 1
        return t

    def named(records: Sequence[Any], name: object, what: str) -> int:
        for i, rec in enumerate(records):
            if rec.name.casefold() == str(name).casefold():
                return i
        raise ParameterError(f"{what}: no such name {name!r}; names: "
                             f"{', '.join(r.name for r in records)}")

    for p, names in (hands or {}).items():
        p = seat(p, "hands")
        for name in names:
            t = take(name, f"hand of seat {p}")
            s.hand[p * T + t] += 1
            s.hsize[p] += 1
    market = list(market or [])
    if len(market) > 3:
        raise ParameterError(f"market: the Market has 3 rows, not {len(market)}")
    for r, names in enumerate(market):
        s.rows[r] = [take(name, f"Market row {r + 1}") for name in names]
    for p, by_colour in (stacks or {}).items():
        p = seat(p, "stacks")
        for colour, numbers in by_colour.items():
            if colour not in game.colours:
                raise ParameterError(f"stacks of seat {p}: unknown colour {colour!r}; "
                                     f"colours: {', '.join(game.colours)}")
            c = game.colours.index(colour)
            for k in numbers:
                if type(k) is not int or not 1 <= k <= 6 or s.mask[p * 5 + c] >> (k - 1) & 1:
                    raise ParameterError(f"stacks of seat {p}, {colour}: {k!r}; Influence "
                                         f"Cards are numbered 1 to 6, each once per stack")
                take(f"{colour} {k}", f"stacks of seat {p}")
                s.mask[p * 5 + c] |= 1 << (k - 1)
    if honors is not None:
        row = [named(game.honors, name, "honors") for name in honors]
        if len(set(row)) != len(row):
            raise ParameterError("honors: an Honor is in the row once")
        s.hrow = sorted(row)
    if clans is not None:
        _clans(s, game, [named(game.clans, name, "clans") for name in clans])
    for p, names in (quests or {}).items():
        p = seat(p, "quests")
        for name in names:
            q = named(game.quests, name, f"quests of seat {p}")
            if q not in s.qpool:
                raise ParameterError(f"quests of seat {p}: {game.quests[q].name!r} is not "
                                     f"in the face-down pool (taken already, or of the "
                                     f"colour removed)")
            s.qpool.remove(q)
            s.quests[p].append(q)
    if quests_in_row is not None:
        if type(quests_in_row) is not int or not 0 <= quests_in_row <= len(s.qpool):
            raise ParameterError(f"quests_in_row: {quests_in_row!r}; from 0 to the "
                                 f"{len(s.qpool)} Quests of the face-down pool")
        s.qrow = quests_in_row
    s.dsize = sum(s.deck)
    s.cur = s.first = seat(turn, "turn")
    s.stage = ST_BEFORE
    s.phase = PH_END if over else PH_START
    s._legal = None   # the position was set by hand
    if s.card_places() != list(game.tcopies):   # pragma: no cover - take() keeps it
        raise RegaliaError("the position set up lost or duplicated a card")
    out = game._state_class._from_pure(s)
    # the made position keeps its dealer (the slots are the engine's class's, which mypy
    # cannot see from the shared base)
    setattr(out, "_seed", s._seed)
    setattr(out, "_dealer", s._dealer)
    return out


def _seat(n: int, p: object, what: str) -> int:
    """``p`` if it is a seat of ``n`` players; else ParameterError naming ``what``."""
    if type(p) is not int or not 0 <= p < n:
        raise ParameterError(f"{what}: {p!r} is not a seat (seats are 0 to {n - 1})")
    return p


def _clans(s: PureInheritorsState, game: "InheritorsGame", row: list[int]) -> None:
    """The Clan row ``row`` (indices): the setup's Clans put their cards back in the box,
    the new ones take theirs (setup step 3; in a 2-player game the marked cards stay in
    the box, ruling R4)."""
    colours = [game.clan_colour[i] for i in row]
    if len(set(colours)) != len(colours):
        raise ParameterError("clans: one Clan per colour")
    if s.rcol in colours:
        raise ParameterError(f"clans: the {game.colours[s.rcol]} colour is removed from this "
                             f"2-player game")
    T = game.T
    s.box = list(s.box)
    for c in range(5):
        old = s.clan_row[c]
        if old >= 0:
            for t in range(T):
                if game.tclan[t] == old:
                    s.box[t] += s.side[t]
                    s.side[t] = 0
        s.clan_row[c] = -1
    for i in row:
        s.clan_row[game.clan_colour[i]] = i
        for t in range(T):
            if game.tclan[t] == i:
                keep = game.tmarked[t] if game.two_player else 0   # marked: ruling R4
                s.side[t] += s.box[t] - keep
                s.box[t] = keep


def swap_with_deck(state: InheritorsState, seat: int, have: str,
                   instead: str) -> InheritorsState:
    """A copy of ``state`` (without dealer or seed, like every copy) in which ``seat`` holds
    ``instead``, taken from the deck, in place of one ``have``, put back in the deck: the
    same public information with another hidden deal, a twin that no other seat can tell
    apart (tests of hidden information; "what if P2 held ...").

    Raises:
        ParameterError: ``seat`` is not a seat; ``have`` is not in that hand, or every copy
            of it there is known to the table (seen entering, shown); ``instead`` has no
            copy in the deck, or the table knows the hand holds no more of it (a Spy's
            miss, a skipped play).
    """
    G = state.game
    T = G.T
    _seat(G.num_players, seat, "seat")
    a, b = (G.lookup.get(str(x).casefold()) for x in (have, instead))
    for name, t in ((have, a), (instead, b)):
        if t is None:
            raise ParameterError(f"no card named {name!r}")
    assert a is not None and b is not None
    o = seat * T
    if state.hand[o + a] <= state.known[o + a]:
        raise ParameterError(f"seat {seat} holds no {G.tname[a]} that the table does not "
                             f"know of")
    if state.deck[b] <= 0:
        raise ParameterError(f"no {G.tname[b]} left in the deck")
    cap = state.capc[o + b]
    if cap != NOCAP and state.hand[o + b] + 1 > cap + state.pdraws[seat]:
        raise ParameterError(f"the table knows seat {seat} holds no more {G.tname[b]}")
    twin = state._to_pure()
    twin.hand[o + a] -= 1
    twin.hand[o + b] += 1
    twin.deck[a] += 1
    twin.deck[b] -= 1
    twin._legal = None
    return type(state)._from_pure(twin)


def swap_quest(state: InheritorsState, seat: int, held: str, pooled: str) -> InheritorsState:
    """A copy of ``state`` in which ``seat`` holds the face-down Quest ``pooled`` in place
    of its Quest ``held`` (which goes back to the pool): another hidden deal of the Quests.

    Raises:
        ParameterError: ``seat`` is not a seat, ``held`` is not among its Quests, or
            ``pooled`` is not in the face-down pool.
    """
    G = state.game
    _seat(G.num_players, seat, "seat")
    names = [q.name.casefold() for q in G.quests]
    q_held = names.index(held.casefold()) if held.casefold() in names else -1
    q_pool = names.index(pooled.casefold()) if pooled.casefold() in names else -1
    if q_held not in state.quests[seat]:
        raise ParameterError(f"seat {seat} holds no Quest {held!r}")
    if q_pool not in state.qpool:
        raise ParameterError(f"the Quest {pooled!r} is not in the face-down pool")
    twin = state._to_pure()
    i, j = twin.quests[seat].index(q_held), twin.qpool.index(q_pool)
    twin.quests[seat][i], twin.qpool[j] = q_pool, q_held
    twin.qpool.sort()
    twin._legal = None
    return type(state)._from_pure(twin)


def with_bounds(state: InheritorsState, seat: int,
                at_most: Mapping[str, int]) -> InheritorsState:
    """A copy of ``state`` in which the table knows that ``seat`` holds at most
    ``at_most[card]`` copies of each card named, now: what a Spy's miss tells (III. Gameplay,
    Spy: "If they do not have it": 0) or a play skipped (ruling R12). As in a game, each card
    the seat draws later raises the bound by one. For positions with public knowledge of a
    hand (tests of resampling, puzzles).

    Raises:
        ParameterError: ``seat`` is not a seat, a name is no card, or a bound is not a whole
            number at least the copies the seat holds (the table cannot know a falsehood).
    """
    G = state.game
    T = G.T
    _seat(G.num_players, seat, "seat")
    twin = state._to_pure()
    o = seat * T
    for name, k in at_most.items():
        t = G.lookup.get(str(name).casefold())
        if t is None:
            raise ParameterError(f"no card named {name!r}")
        held = state.hand[o + t]
        if type(k) is not int or k < held:
            raise ParameterError(f"at most {k!r} {G.tname[t]}: seat {seat} holds {held}; a "
                                 f"bound is a whole number at least that")
        twin.capc[o + t] = k - state.pdraws[seat]
    twin._legal = None
    return type(state)._from_pure(twin)


__all__ = ["position", "swap_with_deck", "swap_quest", "with_bounds"]
