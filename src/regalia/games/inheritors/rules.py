"""The Inheritors game: parameters, the card tables and the action layout.

Source: the English rulebook (North Star Games 2023, ``../shared/rules/
inheritors.rulebook.en.txt``); the card data is ``data/cards.toml`` (or a user's file given
as ``data``), validated by :mod:`.components`, abilities written in the vocabulary of
:mod:`.effects`. Rulings on ambiguous sentences: ``docs/rulings/inheritors.md``.

Cards are handled by *type* (``purple 2``, ``Spy``, ``Tome``, ``purple relic``, a Special
Advocate, an Epic): identical copies are interchangeable, so a hand or the deck is a count
per type. Type order: the 30 Influence Cards (colour-major, numbers 1-6), the Basic
Advocates, the Tomes, the Relics (colour order), the Special Advocates, the Epics.

Player counts: 2, 3 or 4. With 2 players the rulebook's 2-Player Variant applies (one
random colour removed, 4 Quests and 4 Honors, marked Advocates removed); it is not an
option: "If you are playing a 2-player game, refer to page 18 for setup changes."
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from regalia.core.i18n import N_, _
from regalia.core.errors import ParameterError
from regalia.core.game import Game, GameInfo
from regalia.core.params import data_path, normalise_variants, whole_number
from regalia.core.registry import register_game

from .codes import (ANY, C_AHEAD, C_CARDS, C_HAND, C_HIGH, C_INF, C_QUESTS, C_STACKS, C_USED,
                    E_CARDS, E_DEMAND, E_DRAW, E_IF, E_MAJORITY, E_PLAY, E_REMOVE, E_SCORE, E_TAKE,
                    K_ADV, K_EPIC, K_INF, K_RELIC, K_SPEC, K_TOME, KIND_NAMES, MAX_DEPTH,
                    MAX_SEATS, WHITE)
from .components import CardSet, load_cards
from . import serialize
from .compiled import state_class
from .state import InheritorsState, PureInheritorsState

VARIANTS = {
    "honors-count-covered-cards": N_("Honors count covered cards: the Honors that count "
                                     "cards in your play area (a 6; two 4s, three 3s or four "
                                     "2s or higher) count the covered cards of a stack too, "
                                     "not only the top cards. The rulebook can be read both "
                                     "ways; without this option only top cards count."),
}


class InheritorsGame(Game):
    """Inheritors for 2, 3 or 4 players.

    Args:
        players: 2, 3 or 4 (default 4). 2 players use the rulebook's 2-Player Variant.
        variants: ``honors-count-covered-cards`` (the Honors "Two number 4 (or above)
            cards in your play area" and the like count covered cards too; ruling R1's
            other reading). The 2-Player Variant applies by itself with ``players=2``.
        data: path of a cards TOML file (default: the bundled ``data/cards.toml``).
        engine: ``compiled`` or ``pure`` (default: the compiled engine when it is built,
            holds the card data and ``REGALIA_PURE=1`` is not set; see :mod:`.compiled`).
            Both play the same game; the engine is not a parameter of the game (not in
            :attr:`params`, so records and JSON do not depend on it).

    Raises:
        ParameterError: a player count or variant the rules do not allow; an unknown
            engine, or ``compiled`` where it is not built or cannot hold the card data.
        DataError: a cards file that does not validate.
    """

    info = GameInfo(
        name="inheritors",
        title="Inheritors",
        min_players=2,
        max_players=4,
        variants=VARIANTS,
        perfect_information=False,
        rulebook="inheritors.rulebook.en.txt",
    )

    def __init__(self, players: int = 4, variants: Iterable[str] | str | None = None,
                 data: str | Path | None = None, *, engine: str | None = None):
        players = whole_number(players, "players", "2, 3 or 4")
        if players not in (2, 3, 4):
            raise ParameterError(_("Inheritors is for 2, 3 or 4 players, not {n}").format(
                n=players))
        self._variants = normalise_variants(variants, VARIANTS, "Inheritors")
        #: Ruling R1's other reading: covered cards count for the number Honors.
        self.covered_cards = "honors-count-covered-cards" in self._variants
        self._data = data_path(data, "cards")
        self._players = players
        self.cards: CardSet = load_cards(self._data)
        self._build_tables()
        self._state_class = state_class(engine, self)

    # ------------------------------------------------------------------ tables
    def _build_tables(self) -> None:
        cs = self.cards
        self.colours = cs.colour_names
        col = {c: i for i, c in enumerate(self.colours)}
        names: list[str] = []
        kind: list[int] = []
        colour: list[int] = []
        number: list[int] = []
        copies: list[int] = []
        marked: list[int] = []
        match_name: list[str] = []
        record: list[Any] = []

        def add(name: str, k: int, c: int, n: int, count: int, mark: int, match: str,
                rec: Any) -> None:
            """One card type: its row of each table above (name, kind, colour, number,
            copies, marked for 2 players, market-match name, data record)."""
            names.append(name); kind.append(k); colour.append(c); number.append(n)
            copies.append(count); marked.append(mark); match_name.append(match)
            record.append(rec)

        for c in self.colours:
            for n in range(1, 7):
                add(f"{c} {n}", K_INF, col[c], n, cs.influence_copies(c, n), 0, "", None)
        for a in cs.advocates:
            add(a.name, K_ADV, WHITE, 0, a.copies, a.marked, a.name.casefold(), a)
        for tome in cs.tomes:
            add(tome.name, K_TOME, ANY, 0, tome.copies, 0, tome.name.casefold(), tome)
        for r in cs.relics:
            add(f"{r.colour} relic", K_RELIC, col[r.colour], 0, 1, 0, "relic", r)
        for a in cs.special_advocates:
            add(a.name, K_SPEC, WHITE, 0, a.copies, a.marked, a.name.casefold(), a)
        for e in cs.epics:
            add(e.name, K_EPIC, ANY, 0, 1, 0, e.name.casefold(), e)
        T = len(names)
        self.T = T
        self.tname = tuple(names)
        self.tkind = tuple(kind)
        self.tcol = tuple(colour)
        self.tnum = tuple(number)
        self.tcopies = tuple(copies)
        self.tmarked = tuple(marked)
        self.lookup = {n.casefold(): t for t, n in enumerate(names)}
        self.in_deck = tuple(k in (K_INF, K_ADV, K_TOME, K_RELIC) for k in kind)
        self.is_advocate = tuple(k in (K_ADV, K_SPEC) for k in kind)
        # Market match (action 3): same colour (advocates white; Tomes and Epics any
        # colour), same number, or same name (all Relics are called Relic: ruling 9).
        m = []
        for d in range(T):
            row = []
            for x in range(T):
                ok = (colour[d] == ANY or colour[x] == ANY or colour[d] == colour[x]
                      or (number[d] and number[d] == number[x])
                      or (match_name[d] != "" and match_name[d] == match_name[x]))
                row.append(ok)
            m.append(tuple(row))
        self.match = tuple(m)
        # named records
        self.quests = cs.quests
        self.honors = cs.honors
        self.clans = cs.clans
        self.clan_colour = tuple(col[c.colour] for c in cs.clans)
        self.quest_colour = tuple(-1 if q.realm is None else col[q.realm] for q in cs.quests)
        self.clans_of_colour = tuple(tuple(i for i, c in enumerate(cs.clans)
                                           if c.colour == colour_name)
                                     for colour_name in self.colours)
        # cards sitting with each clan (setup step 3)
        clan_index = {c.name: i for i, c in enumerate(cs.clans)}
        self.tclan = tuple(clan_index[record[t].clan] if kind[t] in (K_SPEC, K_EPIC) else -1
                           for t in range(T))
        # compiled texts
        self.honor_req = tuple(self._honor_condition(self.compile_condition(h.requirement))
                               for h in cs.honors)
        self.quest_req = tuple(self.compile_condition(q.requirement) for q in cs.quests)
        self.relic_req = {t: self.compile_condition(record[t].requirement)
                          for t in range(T) if kind[t] == K_RELIC}
        self.relic_points: dict[int, tuple[int, int]] = {
            t: (record[t].points_met, record[t].points_unmet)
            for t in range(T) if kind[t] == K_RELIC}
        self.adv_req: dict[int, tuple[Any, ...] | None] = {}
        self.adv_effects: dict[int, tuple[Any, ...]] = {}
        #: (advocate type, ability index) -> compiled requirement of a later ability
        self.ability_req: dict[tuple[int, int], tuple[Any, ...]] = {}
        for t in range(T):
            if kind[t] in (K_ADV, K_SPEC):
                ab = record[t].abilities[0]
                req = ab.requirement
                ahead = req is not None and req.kind == "opponent_ahead"
                self.adv_req[t] = None if req is None or ahead else self.compile_condition(req)
                effs: list[tuple[Any, ...]] = []
                for i, a in enumerate(record[t].abilities):
                    r = a.requirement
                    a_ahead = r is not None and r.kind == "opponent_ahead"
                    more = self.compile_effects(a.effects, source=t, ahead=a_ahead)
                    if i and r is not None and not a_ahead:   # a later ability's condition
                        self.ability_req[(t, i)] = self.compile_condition(r)
                        effs.append((E_IF, t, i, len(more)))
                    effs += more
                self.adv_effects[t] = tuple(effs)
        clan_claim: list[tuple[Any, ...]] = []
        clan_scoring: list[tuple[Any, ...]] = []
        for clan in cs.clans:
            claim, scoring = [], []
            for ability in clan.abilities:
                req = (None if ability.requirement is None
                       else self.compile_condition(ability.requirement))
                if ability.trigger == "claim":
                    claim.append((req, tuple(self.compile_effects(ability.effects, source=-1))))
                else:
                    scoring.append(self._compile_scoring(ability))
            clan_claim.append(tuple(claim))
            clan_scoring.append(tuple(scoring))
        self.clan_claim = tuple(clan_claim)
        self.clan_scoring = tuple(clan_scoring)
        self.epic_scoring = {t: tuple(self._compile_scoring(a) for a in record[t].abilities)
                             for t in range(T) if kind[t] == K_EPIC}
        maj = cs.tome_majority
        self.majority_types = tuple(t for t in range(T) if KIND_NAMES[kind[t]] in
                                    maj.card_kinds)
        self.majority_points = tuple(maj.points)
        self.tome_types = tuple(t for t in range(T) if kind[t] == K_TOME)
        # the action layout
        np_ = MAX_SEATS
        base = 0

        def block(size: int) -> int:
            nonlocal base
            start = base
            base += size
            return start
        self.A_PLAY = block(30)
        self.A_ADV = block(T)
        self.A_DDRAW = block(3 * T)
        self.A_MARKET = block(9 * T)
        self.A_QUEST = block(6)
        self.A_DISC = block(3 * T)
        self.A_ASK = block(np_ * 30)
        self.A_TAKE = block(3 * MAX_DEPTH)
        self.A_SABO = block(np_ * 5)
        self.A_CLAN = block(len(cs.clans))
        self.A_HONOR = block(len(cs.honors))
        self.A_END = block(1)
        self.A_PASS = block(1)
        self.C_CARD = block(T)
        self.C_QUEST = block(len(cs.quests))
        self.C_COLOUR = block(5)
        self.C_HONOR = block(len(cs.honors))
        self.C_CLAN = block(len(cs.clans))
        self.C_FIRST = block(np_)
        self.A_HIDDEN = block(1)
        self.num_actions = base

    def _honor_condition(self, cond: tuple[Any, ...]) -> tuple[Any, ...]:
        """An Honor's compiled requirement; with ``honors-count-covered-cards`` a count of
        stacks ("Two number 4 (or above) cards in your play area") counts every card of
        the stacks, covered ones too (ruling R1)."""
        if self.covered_cards and cond[0] == C_STACKS:
            return (C_CARDS, *cond[1:])
        return cond

    def compile_condition(self, cond: Any) -> tuple[Any, ...]:
        """A condition of :mod:`.effects` as a tuple the state evaluates quickly."""
        k = cond.kind
        if k == "cards_in_hand":
            col = {c: i for i, c in enumerate(self.colours)}
            kinds = set(cond.card_kinds)
            types = []
            for t in range(self.T):
                if KIND_NAMES[self.tkind[t]] not in kinds:
                    continue
                if cond.number is not None and self.tnum[t] != cond.number:
                    continue
                if cond.min_number is not None and self.tnum[t] < cond.min_number:
                    continue
                if cond.colour is not None and self.tcol[t] != col[cond.colour]:
                    continue
                types.append(t)
            return (C_HAND, cond.count, tuple(types))
        if k == "stacks_at_least":
            return (C_STACKS, cond.count, cond.min_number)
        if k == "influence_at_least":
            return (C_INF, self.colours.index(cond.colour), cond.number)
        if k == "highest_influence":
            return (C_HIGH, self.colours.index(cond.colour))
        if k == "quests_at_least":
            return (C_QUESTS, cond.count)
        if k == "opponent_ahead":
            return (C_AHEAD,)
        if k == "used_advocate":
            used = tuple(t for t in range(self.T) if self.is_advocate[t]
                         and self.tname[t].casefold() == cond.advocate.casefold())
            return (C_USED, used, cond.min_number)
        raise ValueError(f"unknown condition kind {k!r}")  # pragma: no cover  # i18n: no

    def compile_effects(self, effects: Iterable[Any], source: int,
                        ahead: bool = False) -> list[tuple[Any, ...]]:
        """Turn effects as pending-effect tuples (``play_influence{count}`` -> count plays)."""
        out: list[tuple[Any, ...]] = []
        for e in effects:
            k = e.kind
            if k == "draw":
                out.append((E_DRAW, e.n))
            elif k == "take_from_market":
                out.append((E_TAKE, e.count))
            elif k == "play_influence":
                out += [(E_PLAY, e.skip, 1 if ahead else 0, source)] * e.count
            elif k == "demand_card":
                out.append((E_DEMAND, e.otherwise_draw, source))
            elif k == "remove_top_card":
                out.append((E_REMOVE, e.max_number))
            elif k == "take_cards":
                types = tuple(t for t in range(self.T) if self.tname[t] in e.names)
                out.append((E_CARDS, types))
            else:  # pragma: no cover - the data validation keeps scoring effects out
                raise ValueError(f"effect {k!r} cannot be used during a turn")  # i18n: no
        return out

    def _compile_scoring(self, ability: Any) -> tuple[Any, ...]:
        """A scoring ability as ``(requirement or None, effects if met, effects otherwise)``;
        each effect list holds ``(E_SCORE, points)`` and ``(E_MAJORITY, types, points)``."""
        req = None if ability.requirement is None else self.compile_condition(ability.requirement)

        def effects(items: Iterable[Any]) -> tuple[Any, ...]:
            out: list[tuple[Any, ...]] = []
            for e in items:
                if e.kind == "score":
                    out.append((E_SCORE, e.points))
                else:   # majority: the holder's place among all players
                    types = tuple(t for t in range(self.T)
                                  if KIND_NAMES[self.tkind[t]] in e.card_kinds)
                    out.append((E_MAJORITY, types, tuple(e.points)))
            return tuple(out)
        return (req, effects(ability.effects), effects(ability.otherwise))

    # ------------------------------------------------------------------ contract
    def _game_params(self) -> dict[str, Any]:
        """``variants`` only when one is played, so that records and digests of games without
        a variant stay as they were before Inheritors had one (issue 17)."""
        return {"variants": list(self._variants)} if self._variants else {}

    @property
    def two_player(self) -> bool:
        """True when the 2-Player Variant's setup changes apply."""
        return self._players == 2

    @property
    def num_distinct_actions(self) -> int:
        return self.num_actions

    @property
    def max_game_length(self) -> int:
        """A bound on the plies of one game (see ``docs/games/inheritors.md``)."""
        return self.length_bound()

    def length_bound(self) -> int:
        """An upper bound on the plies of a game, counted from the rules (a proof, not a
        measurement; ``docs/games/inheritors.md``, "Game length").

        Chance plies: the setup reveals (the removed colour with 2 players, the Honors, one
        Clan per colour, the first player), every card taken from the deck (at most the
        deck: the deal, the Market, every draw and restock) and every Quest taken.

        Turns. Until the end is triggered the deck is not empty, and every turn uses up at
        least one *unit*: a card drawn from the deck (actions 2, 3 and 4 draw or restock; a
        pass draws at the end of the turn), an Influence Card placed (action 1), or an
        Advocate played (action 5). Units never come back: the deck only shrinks, an
        Advocate goes to the removed area, and an Influence Card placed never returns to a
        hand. Influence placements are at most the Influence Cards in play, and at most the
        *slots*: a player's stack holds one card of each number, so colour ``c`` takes at
        most ``sum over k of min(copies of c k, players)`` cards, plus one per top card an
        effect can remove (the Saboteur). An Advocate whose first effect places a card or
        draws (Spy, Conspirator, Knight...) uses a second unit in the same turn (its card
        placed, or the Spy's miss drawn; an Advocate is playable only if its first effect
        can be carried out, R12), so only the other Advocates (Advisor, Saboteur) add a
        turn of their own. After the trigger the round is completed: at most
        ``players - 1`` more turns. So::

            turns <= (deck - dealt - 3) + placements + one-unit Advocates + players - 1

        Decisions: 2 per turn (the action, then 'end turn'; or 'pass' and 'end turn'), 3
        discards per Quest, one choice per step of each Advocate's effects (an Advisor's
        two takes...), each Clan claim (one per player) with its effects' choices, each
        Honor claim.
        """
        n = self._players
        two = self.two_player
        T = self.T
        colours = 4 if two else 5
        marked = (lambda t: self.tmarked[t]) if two else (lambda t: 0)

        def per_colour(c: int) -> tuple[int, int, int]:
            """(deck cards, Influence Cards, influence slots) of colour ``c``."""
            deck = sum(self.tcopies[t] for t in range(T) if self.in_deck[t]
                       and self.tcol[t] == c and self.tkind[t] in (K_INF, K_RELIC))
            inf = sum(self.tcopies[6 * c:6 * c + 6])
            slots = sum(min(k, n) for k in self.tcopies[6 * c:6 * c + 6])
            return deck, inf, slots
        cols = [per_colour(c) for c in range(5)]
        deck = sum(self.tcopies[t] - marked(t) for t in range(T) if self.in_deck[t])
        influence = sum(x[1] for x in cols)
        slots = sum(x[2] for x in cols)
        if two:   # the removed colour: the one that shortens the game least
            deck -= min(x[0] for x in cols)
            influence -= min(x[1] for x in cols)
            slots -= min(x[2] for x in cols)

        def steps(effects: Iterable[tuple[Any, ...]]) -> int:
            return sum(e[1] if e[0] == E_TAKE else 1 for e in effects
                       if e[0] in (E_TAKE, E_PLAY, E_DEMAND, E_REMOVE))

        def removals(effects: Iterable[tuple[Any, ...]]) -> int:
            return sum(1 for e in effects if e[0] == E_REMOVE)
        advocates = [t for t in range(T) if self.is_advocate[t]]
        copies = {t: self.tcopies[t] - marked(t) for t in advocates}
        removable = (sum(copies[t] * removals(self.adv_effects[t]) for t in advocates)
                     + min(n, colours) * max((sum(removals(e) for _, e in claim)
                                              for claim in self.clan_claim), default=0))
        placements = min(influence, slots + removable)

        def two_units(t: int) -> bool:
            first = self.adv_effects[t][0] if self.adv_effects[t] else None
            return first is not None and (first[0] in (E_PLAY, E_DRAW) or (
                first[0] == E_DEMAND and first[1] > 0))
        one_unit = sum(copies[t] for t in advocates if not two_units(t))
        turns = (deck - 10 * n - 3) + placements + one_unit + n - 1
        quests = min(4 if two else 5, len(self.quests))
        honors = min(4 if two else 5, len(self.honors))
        advocate_steps = sum(copies[t] * steps(self.adv_effects[t]) for t in advocates)
        clan_steps = max((sum(steps(effs) for _, effs in claim) for claim in self.clan_claim),
                         default=0)
        setup = (1 if two else 0) + honors + colours + 1
        return (setup + deck + quests + 2 * turns + 3 * quests + advocate_steps
                + min(n, colours) * (1 + clan_steps) + honors)

    @property
    def engine(self) -> str:
        """The engine this game's states use: ``compiled`` or ``pure``."""
        return "pure" if self._state_class is PureInheritorsState else "compiled"

    def new_initial_state(self, seed: int | None = None) -> InheritorsState:
        return self._state_class(self, seed)  # type: ignore[call-arg]

    def _state_from_json(self, data: dict[str, Any]) -> InheritorsState:
        # read and checked by the pure engine, then held in this game's engine
        return self._state_class._from_pure(
            serialize.from_json(PureInheritorsState, self, data))

    def data_provenance(self) -> dict[str, int]:
        return self.cards.provenance_summary()

    def data_digest(self) -> str | None:
        """SHA-256 of the cards' content (so a record notices a changed data file)."""
        return self.cards.digest()


register_game(InheritorsGame)
