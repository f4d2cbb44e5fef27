"""Helpers for the Inheritors card-data tests.

Rules sources: ``../shared/rules/inheritors.rulebook.en.txt`` (the English rulebook, North
Star Games 2023) and ``../shared/rules/COMPONENTS.md`` (Inheritors section). The helpers are
exposed through the session-scoped ``inh`` fixture (a namespace), so test modules need no
import-path tricks.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from regalia.core.errors import DataError, RegaliaError
from regalia.games.inheritors.components import DEFAULT_DATA, load_cards

#: The rulebook, when the shared folder sits beside the repository (as in the workspace).
RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / \
    "inheritors.rulebook.en.txt"


def bundled_data() -> dict:
    """A fresh copy of the bundled cards file as plain TOML data (to break in a test)."""
    with open(DEFAULT_DATA, "rb") as fh:
        return tomllib.load(fh)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)          # a JSON string is a valid TOML basic string
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()
                                if x is not None) + " }"
    raise TypeError(f"cannot write {v!r} as TOML")


def dump_toml(data: dict) -> str:
    """TOML text for a cards file: scalars, then tables, then arrays of tables (inline values)."""
    lines = [f"{k} = {toml_value(v)}" for k, v in data.items()
             if v is not None and not isinstance(v, (dict, list, tuple))]
    for k, v in data.items():
        if isinstance(v, dict):
            lines += ["", f"[{k}]"] + [f"{kk} = {toml_value(x)}" for kk, x in v.items()
                                       if x is not None]
    for k, v in data.items():
        if isinstance(v, (list, tuple)):
            for rec in v:
                lines += ["", f"[[{k}]]"] + [f"{kk} = {toml_value(x)}" for kk, x in rec.items()
                                             if x is not None]
    return "\n".join(lines) + "\n"


def write_cards(path: Path, data: dict) -> Path:
    path.write_text(dump_toml(data), encoding="utf-8")
    return path


def error_lines(path: Path, data: dict) -> list[str]:
    """Write ``data`` to ``path``, load it, and return the DataError's lines (which must all
    name the file)."""
    write_cards(path, data)
    with pytest.raises(DataError) as exc:
        load_cards(path)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, RegaliaError)
    lines = str(exc.value).splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines), lines
    return [line[len(f"{path}: "):] for line in lines]


def record(data: dict, section: str, **match) -> dict:
    """The first record of ``section`` whose fields equal ``match``."""
    for rec in data[section]:
        if all(rec.get(k) == v for k, v in match.items()):
            return rec
    raise KeyError(f"no {section} record with {match}")


def index(data: dict, section: str, **match) -> int:
    return data[section].index(record(data, section, **match))


def position(players: int = 3, seed: int = 0, hands: dict | None = None,
             market: list | None = None, stacks: dict | None = None, turn: int = 0,
             honors: list | None = None, clans: list | None = None, quests_in_row=None,
             data=None):
    """A hand-made position at the start of seat ``turn``'s turn: a real setup (seeded
    dealer), then every hand and the Market put back into the deck and the given cards
    taken out of it. ``hands``: {seat: [card names]}; ``market``: 3 rows of card names
    (bottom first); ``stacks``: {seat: {colour: [numbers]}}; ``honors``: Honor names for
    the row; ``clans``: Clan names for the row (their cards placed with them)."""
    import regalia
    from regalia.games.inheritors.state import PH_START, ST_BEFORE
    g = regalia.load_game("inheritors", players=players, data=data)
    s = g.new_initial_state(seed)
    while s.is_chance_node():
        s.apply_random_chance()
    T = g.T
    for p in range(players):
        for t in range(T):
            s.deck[t] += s.hand[p * T + t]
            s.hand[p * T + t] = 0
        s.hsize[p] = 0
    for r in s.rows:
        for t in r:
            s.deck[t] += 1
    s.rows = [[], [], []]
    s.known = [0] * len(s.known)
    s.pdraws = [0] * players

    def take(name: str) -> int:
        t = g.lookup[name.casefold()]
        assert s.deck[t] > 0, f"no {name} left in the deck"
        s.deck[t] -= 1
        return t
    for p, names in (hands or {}).items():
        for name in names:
            t = take(name)
            s.hand[p * T + t] += 1
            s.hsize[p] += 1
    for r, names in enumerate(market or []):
        s.rows[r] = [take(name) for name in names]
    for p, by_colour in (stacks or {}).items():
        for colour, numbers in by_colour.items():
            c = g.colours.index(colour)
            for n in numbers:
                take(f"{colour} {n}")
                s.mask[p * 5 + c] |= 1 << (n - 1)
    if honors is not None:
        s.hrow = sorted(next(i for i, h in enumerate(g.honors) if h.name == name)
                        for name in honors)
    if clans is not None:
        for c in range(5):
            old = s.clan_row[c]
            if old >= 0:
                for t in range(T):
                    if g.tclan[t] == old:
                        s.box[t] += s.side[t]
                        s.side[t] = 0
            s.clan_row[c] = -1
        s.box = list(s.box)
        for name in clans:
            i = next(i for i, cl in enumerate(g.clans) if cl.name == name)
            s.clan_row[g.clan_colour[i]] = i
            for t in range(T):
                if g.tclan[t] == i:
                    s.side[t] += s.box[t]
                    s.box[t] = 0
    if quests_in_row is not None:
        s.qrow = quests_in_row
    s.dsize = sum(s.deck)
    s.cur = s.first = turn
    s.stage = ST_BEFORE
    s.phase = PH_START
    s._legal = None   # the position was edited by hand
    assert s.card_places() == list(g.tcopies)
    return s


def play(state, *moves: str) -> None:
    """Apply moves in notation; chance nodes on the way are sampled with a fixed generator
    unless the next move names their outcome."""
    import random
    rng = random.Random(0)
    for text in moves:
        while state.is_chance_node():
            try:
                a = state.string_to_action(text)
            except ValueError:
                a = None
            if a is not None and a in state.legal_actions():
                break
            state.apply_random_chance(rng)
        state.apply_action(state.string_to_action(text))


def moves(state) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


@pytest.fixture(scope="session")
def inh():
    return SimpleNamespace(
        bundled_data=bundled_data, dump_toml=dump_toml, write_cards=write_cards,
        error_lines=error_lines, record=record, index=index, RULEBOOK=RULEBOOK,
        deepcopy=copy.deepcopy, position=position, play=play, moves=moves,
    )


@pytest.fixture
def data() -> dict:
    """A fresh, valid copy of the bundled data to break."""
    return bundled_data()


@pytest.fixture(scope="session")
def cards():
    return load_cards()


def _swap_hidden_card(s, owner: int, rng) -> bool:
    """Exchange one card of ``owner``'s hand with a different card of the deck (a state that
    differs from ``s`` only in cards other seats cannot see); False when no such pair."""
    T = s.game.T
    mine = [t for t in range(T) if s.hand[owner * T + t]]
    deck = [t for t in range(T) if s.deck[t]]
    pairs = [(a, b) for a in mine for b in deck if a != b]
    if not pairs:
        return False
    a, b = rng.choice(pairs)
    s.hand[owner * T + a] -= 1
    s.hand[owner * T + b] += 1
    s.deck[a] += 1
    s.deck[b] -= 1
    return True


@pytest.fixture(scope="session")
def swap_hidden_card():
    """:func:`_swap_hidden_card` for the hidden-information tests."""
    return _swap_hidden_card
