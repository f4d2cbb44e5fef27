"""The end of an Inheritors game as text, for ``regalia score inheritors FILE`` (the
scoring assistant).

The format is documented in ``docs/games/inheritors-score-format.md``. In short, one
statement per line, lists separated by commas, ``#`` starts a comment; every player of
the game has a block (the Tomes majority and the Relics compare all players):

.. code-block:: text

    player Anna
    area purple 4, blue 2, yellow 6        # the top card of each stack in the play area
    hand purple 3, purple 3, Tome x2, purple relic, Spy
    quests Two Threes
    honors A Six, Two Quests
    clan Wolf

Scoring is the engine's (:mod:`.scoring`): V. Scoring's five steps in order, the claimed
Clan's and the Epics' end-of-game texts, then the tie-break (more Tomes in hand, then
more cards in hand, else a shared victory). A bad text raises
:class:`~regalia.core.errors.NotationError` listing every problem as
``SOURCE:LINE:COLUMN: message``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from regalia.core.breakdown import Breakdown
from regalia.core.i18n import _
from regalia.core.textlines import Problems, Statement, check_size, digits, statements

from .codes import E_REMOVE
from .labels import notation_colour, notation_name
from .scoring import Holdings, breakdown, tie_break_keys, winners

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

KEYWORDS = {"player": "player", "area": "area", "play": "area", "stacks": "area",
            "hand": "hand", "quests": "quests", "quest": "quests", "honors": "honors",
            "honor": "honors", "honours": "honors", "clan": "clan", "tomes": "tomes",
            "relics": "relics", "relic": "relics", "epics": "epics", "epic": "epics",
            # German (issue 30): accepted in addition, with German card names
            "spieler": "player", "auslage": "area", "stapel": "area",
            "ehrungen": "honors", "ehrung": "honors", "folianten": "tomes",
            "relikte": "relics", "relikt": "relics", "epen": "epics", "epos": "epics"}


def _norm(text: str) -> str:
    return " ".join(text.strip().casefold().split())


@dataclass
class PlayerArea:
    """One player's block as written: ``tops`` (colour index -> top card), ``hand``
    (type -> copies), ``quests``, ``honors`` and ``clan`` (indices; clan -1: none), and
    where each was written (``at``: item -> (line, column)) for messages."""

    name: str
    line: int
    tops: dict[int, int] = field(default_factory=dict)
    hand: dict[int, int] = field(default_factory=dict)
    quests: list[int] = field(default_factory=list)
    honors: list[int] = field(default_factory=list)
    clan: int = -1
    at: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    """One player's scoring: ``breakdown`` (:func:`.scoring.breakdown`, the steps in the
    rulebook's order) and its ``total``, the tie-break counts ``tomes`` (Tomes in hand)
    and ``cards`` (cards in hand), and ``warnings`` (the score stands; :func:`clan_support`)."""

    name: str
    breakdown: Breakdown
    tomes: int
    cards: int
    warnings: tuple[str, ...] = ()

    @property
    def total(self) -> float:
        return self.breakdown.total


@dataclass(frozen=True)
class ScoredTable:
    """Every player scored, in file order, and the winners (several share a victory)."""

    scores: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    holdings: Holdings


def _items(st: Statement, source_line: str) -> list[tuple[int, str]]:
    """The comma-separated items after the keyword, with their columns."""
    raw = source_line.split("#", 1)[0]
    start = st.words[1].col - 1 if len(st.words) > 1 else len(raw)
    out = []
    pos = start
    for part in raw[start:].split(","):
        text = part.strip()
        if text:
            out.append((pos + part.index(text) + 1, text))
        pos += len(part) + 1
    return out


def _count(text: str) -> tuple[int, str]:
    """``Tome x2`` / ``2x Tome`` / ``2 x Tome`` -> (2, ``Tome``); else (1, text); a count
    that is too long to be one is -1."""
    words = text.split()
    if len(words) >= 2 and words[-1].lower().startswith("x") and words[-1][1:].isdigit():
        return digits(words[-1][1:]) or -1, " ".join(words[:-1])
    if len(words) >= 2 and words[0].lower().endswith("x") and words[0][:-1].isdigit():
        return digits(words[0][:-1]) or -1, " ".join(words[1:])
    if len(words) >= 3 and words[0].isdigit() and words[1].lower() == "x":
        return digits(words[0]) or -1, " ".join(words[2:])
    return 1, text


def parse_text(text: str, G: InheritorsGame, *, source: str = "<text>") -> list[PlayerArea]:
    """Parse a score text for the game ``G`` (its cards; any player count): every
    player's block, checked (known names, numbers 1-6, each colour, Quest, Honor and Clan
    once, no more copies of a card than the game has, 2 to 4 players, a Clan only over a
    stack that can have held a 3 or higher: :func:`clan_support`).

    Raises:
        NotationError: every problem, one per line, ``SOURCE:LINE:COLUMN: message``.
    """
    check_size(text, source)
    p = Problems(source)
    lines = text.splitlines()
    players: list[PlayerArea] = []
    seen: dict[str, int] = {}
    cur: PlayerArea | None = None
    colours = {c: i for i, c in enumerate(G.colours)}
    quests = {_norm(q.name): i for i, q in enumerate(G.quests)}
    honors = {_norm(h.name): i for i, h in enumerate(G.honors)}
    clans = {_norm(c.name): i for i, c in enumerate(G.clans)}
    for st in statements(text):
        key = KEYWORDS.get(st.head)
        if key is None:
            p.add(st.line, st.col, _("unknown statement {word}; expected one of: player, "
                                     "area, hand, tomes, relics, epics, quests, honors, "
                                     "clan").format(word=repr(st.words[0].text)))
            continue
        if key == "player":
            cur = PlayerArea(st.rest_text() or _("player {n}").format(n=len(players) + 1),
                             st.line)
            players.append(cur)
            seen = {}
            continue
        if cur is None:
            p.add(st.line, st.col, _("{word} before the first 'player NAME' line: start each "
                                     "player's block with 'player NAME'").format(
                word=repr(st.words[0].text)))
            continue
        if key in seen:
            p.add(st.line, st.col, _("a second {key} line for {player} (the first is line "
                                     "{line}); write one list").format(
                key=repr(key), player=cur.name, line=seen[key]))
            continue
        seen[key] = st.line
        items = _items(st, lines[st.line - 1])
        if key == "clan":
            if len(items) != 1:
                p.add(st.line, st.col, _("expected 'clan NAME': the one Clan you claimed "
                                         "({clans})").format(
                    clans=", ".join(c.name for c in G.clans)))
            elif _norm(notation_name(G, items[0][1])) not in clans:
                p.add(st.line, items[0][0], _("unknown Clan {name}; the Clans are {clans}"
                                              ).format(name=repr(items[0][1]),
                                                       clans=", ".join(c.name for c in G.clans)))
            else:
                cur.clan = clans[_norm(notation_name(G, items[0][1]))]
                cur.at["clan"] = (st.line, items[0][0])
            continue
        if key in ("tomes", "relics", "epics"):   # shorthands: cards added to the hand
            items = _hand_items(G, key, items, st.line, p)
            key = "hand"
        for col, item in items:
            if key == "area":
                words = item.split()
                c = colours.get(notation_colour(words[0])) if len(words) == 2 else None
                n = (digits(words[1]) or 0) if len(words) == 2 else 0
                if c is None or not 1 <= n <= 6:
                    p.add(st.line, col, _("{item}: expected COLOUR N, the top card of a stack "
                                          "({colours}; 1 to 6)").format(
                        item=repr(item), colours=", ".join(G.colours)))
                elif c in cur.tops:
                    p.add(st.line, col, _("a second {colour} stack; a player has one stack per "
                                          "colour (write its top card)").format(
                        colour=G.colours[c]))
                else:
                    cur.tops[c] = n
                    cur.at[f"top {c}"] = (st.line, col)
            elif key == "hand":
                k, name = _count(item)
                t = G.lookup.get(_norm(notation_name(G, name)))
                if t is None:
                    p.add(st.line, col, _("unknown card {name}; cards are written 'purple 3', "
                                          "'Tome', 'purple relic', 'Spy', an Epic's name ..., "
                                          "optionally with a count ('Tome x2')").format(
                        name=repr(name)))
                elif not 1 <= k <= 20:
                    p.add(st.line, col, _("{item}: a count from 1 to 20").format(
                        item=repr(item)))
                else:
                    cur.hand[t] = cur.hand.get(t, 0) + k
                    cur.at.setdefault(f"hand {t}", (st.line, col))
            else:   # quests, honors: names of the game's records, each once
                kind, table, records = (("Quest", quests, G.quests) if key == "quests"
                                        else ("Honor", honors, G.honors))
                held = getattr(cur, key)
                x = table.get(_norm(notation_name(G, item)))
                names = ", ".join(r.name for r in records)
                if x is None:
                    p.add(st.line, col, (_("unknown Quest {name}; the Quests are {names}")
                                         if kind == "Quest" else
                                         _("unknown Honor {name}; the Honors are {names}")
                                         ).format(name=repr(item), names=names))
                elif x in held:
                    p.add(st.line, col, (_("the Quest {name} is listed twice for {player}")
                                         if kind == "Quest" else
                                         _("the Honor {name} is listed twice for {player}")
                                         ).format(name=repr(records[x].name), player=cur.name))
                else:
                    held.append(x)
                    cur.at[f"{kind.lower()} {x}"] = (st.line, col)
    if not players and not p:
        p.add(1, 1, _("no players: write a block per player, starting 'player NAME'"))
    elif players and not 2 <= len(players) <= 4 and not p:
        p.add(players[-1].line, 1, _(
            "{n} player(s): Inheritors is for 2 to 4 players, and every player's hand counts "
            "(the Tomes majority compares them)").format(n=len(players)))
    _check_between(G, players, p)
    p.raise_if_any()
    return players


def _hand_items(G: InheritorsGame, key: str, items: list[tuple[int, str]], line: int,
                p: Problems) -> list[tuple[int, str]]:
    """``tomes N`` / ``relics COLOUR, ...`` / ``epics NAME, ...`` as hand items (``Tome
    x2``, ``purple relic``, an Epic's name); a wrong item is a problem and left out."""
    out = []
    for col, item in items:
        if key == "tomes":
            n = digits(item) or 0
            if len(items) == 1 and 0 < n <= 20 and G.tome_types:
                out.append((col, f"{G.tname[G.tome_types[0]]} x{n}"))
            else:
                p.add(line, col, _("{item}: expected 'tomes N', the number of Tomes in hand "
                                   "(1 to 20)").format(item=repr(item)))
        elif key == "relics":
            t = G.lookup.get(f"{notation_colour(item)} relic")
            if t is None:
                p.add(line, col, _("{item}: expected the colour of a Relic in hand "
                                   "({colours})").format(item=repr(item),
                                                         colours=", ".join(G.colours)))
            else:
                out.append((col, G.tname[t]))
        else:
            t = G.lookup.get(_norm(notation_name(G, item)))
            epics = [G.tname[x] for x in G.epic_scoring]
            if t is None or t not in G.epic_scoring:
                p.add(line, col, _("unknown Epic {name}; the Epics are {names}").format(
                    name=repr(item), names=", ".join(epics)))
            else:
                out.append((col, G.tname[t]))
    return out


def _check_between(G: InheritorsGame, players: list[PlayerArea], p: Problems) -> None:
    """Each Quest, Honor and Clan held once; one Clan per colour ("one random Clan of
    each color"); no more copies of a card than the game has."""
    for kind, attr, records in (("Quest", "quests", G.quests), ("Honor", "honors", G.honors)):
        owner: dict[int, str] = {}
        for pa in players:
            for x in getattr(pa, attr):
                line, col = pa.at[f"{kind.lower()} {x}"]
                if x in owner:
                    p.add(line, col, (_("the Quest {name} is also {owner}'s; each Quest is held "
                                        "by one player") if kind == "Quest" else
                                      _("the Honor {name} is also {owner}'s; each Honor is held "
                                        "by one player")).format(name=repr(records[x].name),
                                                                 owner=owner[x]))
                owner[x] = pa.name
    clan_colour: dict[int, PlayerArea] = {}
    for pa in players:
        if pa.clan < 0:
            continue
        c = G.clan_colour[pa.clan]
        if c in clan_colour:
            line, col = pa.at["clan"]
            o = clan_colour[c]
            same = o.clan == pa.clan
            p.add(line, col, (_("{clan}: {player} has that Clan already") if same else
                              _("{clan}: {player} has the {colour} Clan {other}; only one Clan "
                                "of each colour is in the game")).format(
                clan=G.clans[pa.clan].name, player=o.name, colour=G.colours[c],
                other=G.clans[o.clan].name))
        clan_colour.setdefault(c, pa)
        refused, _warning = clan_support(G, pa)
        if refused:
            line, col = pa.at["clan"]
            p.add(line, col, refused)
    used = [0] * G.T
    where: dict[int, tuple[int, int]] = {}
    for pa in players:
        for c, n in pa.tops.items():
            t = c * 6 + n - 1
            used[t] += 1
            where.setdefault(t, pa.at[f"top {c}"])
        for t, k in pa.hand.items():
            used[t] += k
            where.setdefault(t, pa.at[f"hand {t}"])
    for t in range(G.T):
        if used[t] > G.tcopies[t]:
            line, col = where[t]
            p.add(line, col, _("{card}: {n} written in play areas (top cards) and hands, but "
                               "the game has {copies}").format(card=G.tname[t], n=used[t],
                                                               copies=G.tcopies[t]))


#: "To do so, you must have played an Influence Card numbered 3 or higher of that Clan's
#: color" (III. Claiming Clans and Honors).
CLAN_NEEDS = 3


def removals(G: InheritorsGame) -> int:
    """How many top cards the game's cards can remove from play areas in all (the copies
    of the Advocates whose effect removes a top card; the bundled cards: the Saboteur, a
    reconstructed text). Stacks shrink in no other way: "Influence Cards are placed in your
    play area in order from 1 to 6, covering the previous card"."""
    return sum(G.tcopies[t] * sum(1 for e in effects if e[0] == E_REMOVE)
               for t, effects in G.adv_effects.items())


def clan_support(G: InheritorsGame, pa: PlayerArea) -> tuple[str, str]:
    """``(refusal, warning)`` for the Clan of ``pa``, each "" when there is none.

    Claiming a Clan needs a 3 or higher on top of that colour's stack (ruling R16); only a
    card that removes top cards (:func:`removals`) lowers a stack after the claim, one card
    each. So a stack below ``3 - removals`` is refused (the Clan cannot have been claimed),
    and a stack lowered within what those cards allow is a warning: it holds only if such
    a card was played on it after the claim.
    """
    if pa.clan < 0:
        return "", ""
    c = G.clan_colour[pa.clan]
    top = pa.tops.get(c, 0)
    if top >= CLAN_NEEDS:
        return "", ""
    clan, colour = G.clans[pa.clan].name, G.colours[c]
    stack = (_("{player}'s {colour} stack shows a {top}") if top else
             _("{player}'s {colour} stack is empty")).format(player=pa.name, colour=colour,
                                                             top=top)
    rule = _("claiming the {clan} needs 'an Influence Card numbered {n} or higher of that "
             "Clan's color' in the play area").format(clan=clan, n=CLAN_NEEDS)
    k = removals(G)
    if top < CLAN_NEEDS - k:
        if k:
            return _("{clan}: {stack}; {rule}; cards can lower a stack by {k} at most after "
                     "the claim").format(clan=clan, stack=stack, rule=rule, k=k), ""
        return _("{clan}: {stack}; {rule}").format(clan=clan, stack=stack, rule=rule), ""
    return "", _("{clan}: {stack}; {rule}: this holds only if a card removed the top of that "
                 "stack after the claim (the bundled Saboteur's text is reconstructed)").format(
        clan=clan, stack=stack, rule=rule)


def holdings(G: InheritorsGame, players: list[PlayerArea]) -> Holdings:
    """The position the engine's scoring reads (:class:`.scoring.Holdings`)."""
    n = len(players)
    T = G.T
    mask = [0] * (5 * n)
    hand = [0] * (T * n)
    for p, pa in enumerate(players):
        for c, top in pa.tops.items():
            mask[p * 5 + c] = (1 << top) - 1   # only the top card counts
        for t, k in pa.hand.items():
            hand[p * T + t] = k
    honors = tuple(sum(1 << h for h in pa.honors) for pa in players)
    return Holdings(n, tuple(mask), tuple(hand), tuple(sum(pa.hand.values()) for pa in players),
                    tuple(tuple(pa.quests) for pa in players), honors,
                    tuple(pa.clan for pa in players))


def game_for(players: int, data: str | Path | None = None) -> InheritorsGame:
    """The game whose cards the text names (the bundled cards or a cards file)."""
    from .rules import InheritorsGame
    return InheritorsGame(players=players, data=data)


def score_text(text: str, *, source: str = "<text>",
               data: str | Path | None = None) -> ScoredTable:
    """Parse and score a score text: every player's steps, total and tie-break counts, and
    the winners (V. Scoring).

    Raises:
        NotationError: as :func:`parse_text`.
        DataError: a cards file (``data``) that does not validate.
    """
    players = parse_text(text, game_for(4, data), source=source)
    G = game_for(len(players), data)
    pos = holdings(G, players)
    keys = tie_break_keys(G, pos)
    scores = []
    for p, pa in enumerate(players):
        warning = clan_support(G, pa)[1]
        scores.append(PlayerScore(pa.name, breakdown(G, pos, p), keys[p][1], keys[p][2],
                                  (warning,) if warning else ()))
    return ScoredTable(tuple(scores), tuple(winners(G, pos)), pos)


def result(table: ScoredTable) -> str:
    """The result as a sentence, naming the tie-break that decided it."""
    sc = table.scores
    win = table.winners
    best = sc[win[0]]
    names = _(" and ").join(sc[w].name for w in win)
    tied = [s for s in sc if s.total == best.total]
    if len(win) > 1:
        return _("{names} share the victory: {points} points, {tomes} Tomes and {cards} cards "
                 "in hand each").format(names=names, points=best.total, tomes=best.tomes,
                                        cards=best.cards)
    if len(tied) == 1:
        second = max((s.total for s in sc if s is not best), default=0)
        return _("{names} wins with {points} points (next: {second})").format(
            names=names, points=best.total, second=second)
    same_tomes = [s for s in tied if s.tomes == best.tomes]
    if len(same_tomes) == 1:
        return _("tie at {points} points; {names} wins with more Tomes in hand ({tomes})"
                 ).format(points=best.total, names=names, tomes=best.tomes)
    return _("tie at {points} points and {tomes} Tomes; {names} wins with more cards in hand "
             "({cards})").format(points=best.total, tomes=best.tomes, names=names,
                                 cards=best.cards)


def format_report(table: ScoredTable) -> str:
    """The scoring as plain text: every player's steps and total, then the result."""
    out = []
    for s in table.scores:
        out.append(_("{player}: {points} points (Tomes in hand {tomes}, cards in hand "
                     "{cards})").format(player=s.name, points=s.total, tomes=s.tomes,
                                        cards=s.cards))
        for st in s.breakdown:
            out.append(f"  {st.label}: {st.points}   ({st.detail})")
    out.append(_("Result: {result}").format(result=result(table)))
    return "\n".join(out) + "\n"


def to_text(state: InheritorsState) -> str:
    """Every seat's final holdings in the score format (what :func:`parse_text` reads
    back), e.g. to score a finished game with the assistant. Hands are shown: use it once
    the game is over."""
    G = state.game
    T = G.T
    out = ["# Inheritors: the end of the game (area: top cards; hand: cards in hand)"]  # i18n: no
    for p in range(G.num_players):
        out.append(f"player seat {p + 1}")  # i18n: no
        tops = [f"{G.colours[c]} {state.top(p, c)}" for c in range(5) if state.top(p, c)]
        if tops:
            out.append("area " + ", ".join(tops))
        hand = [G.tname[t] + (f" x{k}" if k > 1 else "")
                for t in range(T) if (k := state.hand[p * T + t])]
        if hand:
            out.append("hand " + ", ".join(hand))
        if state.quests[p]:
            out.append("quests " + ", ".join(G.quests[q].name for q in state.quests[p]))
        hs = [G.honors[h].name for h in range(len(G.honors)) if state.honors[p] >> h & 1]
        if hs:
            out.append("honors " + ", ".join(hs))
        if state.pclan[p] >= 0:
            out.append(f"clan {G.clans[state.pclan[p]].name}")
        out.append("")
    return "\n".join(out)


__all__ = ["PlayerArea", "PlayerScore", "ScoredTable", "parse_text", "holdings", "game_for",
           "score_text", "result", "format_report", "to_text", "clan_support", "removals"]
