"""Helpers for the Inheritors card-data tests.

Rules sources: ``../shared/rules/inheritors.rulebook.en.txt`` (the English rulebook, North
Star Games 2023) and ``../shared/rules/COMPONENTS.md`` (Inheritors section). The helpers are
exposed through the session-scoped ``inh`` fixture (a namespace), so test modules need no
import-path tricks.
"""

from __future__ import annotations

import copy
import random
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

import regalia
from regalia.games.inheritors.components import DEFAULT_DATA, load_cards
from regalia.games.inheritors.positions import position as set_up
from regalia.games.inheritors.positions import swap_with_deck

import data_files
from data_files import dump_toml, write_toml

#: The rulebook, when the shared folder sits beside the repository (as in the workspace).
RULEBOOK = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / \
    "inheritors.rulebook.en.txt"


def bundled_data() -> dict:
    """A fresh copy of the bundled cards file as plain TOML data (to break in a test)."""
    with open(DEFAULT_DATA, "rb") as fh:
        return tomllib.load(fh)


def error_lines(path: Path, data: dict) -> list[str]:
    """Write ``data`` to ``path``, load it as a cards file, and return the DataError's lines
    (which must all name the file; :func:`data_files.error_lines`)."""
    return data_files.error_lines(path, data, load_cards)


def record(data: dict, section: str, **match) -> dict:
    """The first record of ``section`` whose fields equal ``match``."""
    for rec in data[section]:
        if all(rec.get(k) == v for k, v in match.items()):
            return rec
    raise KeyError(f"no {section} record with {match}")


def index(data: dict, section: str, **match) -> int:
    return data[section].index(record(data, section, **match))


def position(players: int = 3, seed: int = 0, data=None, **described):
    """A hand-made position (:func:`regalia.games.inheritors.positions.position`, the set-up
    API) in a game of ``players`` (cards from ``data``), set up with dealer seed ``seed``:
    ``hands``, ``market``, ``stacks``, ``honors``, ``clans``, ``quests``,
    ``quests_in_row``, ``turn``, ``over``."""
    g = regalia.load_game("inheritors", players=players, data=data)
    return set_up(g, seed=seed, **described)


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
        bundled_data=bundled_data, dump_toml=dump_toml, write_cards=write_toml,
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


def _swap_hidden_card(s, owner: int, rng):
    """A twin of ``s`` (:func:`regalia.games.inheritors.positions.swap_with_deck`): one card of
    ``owner``'s hand that the table does not know of exchanged with a different card of the
    deck that the public bounds allow there, so that only ``owner`` can tell the two
    apart; None when there is no such pair."""
    g = s.game
    T = g.T
    o = owner * T

    def allowed(b: int) -> bool:   # no bound the table knows (a Spy's miss) forbids it
        cap = s.capc[o + b]
        return cap >= 10 ** 6 or s.hand[o + b] + 1 <= cap + s.pdraws[owner]
    mine = [t for t in range(T) if s.hand[o + t] > s.known[o + t]]
    deck = [t for t in range(T) if s.deck[t] and allowed(t)]
    pairs = [(a, b) for a in mine for b in deck if a != b]
    if pairs:
        a, b = rng.choice(pairs)
        return swap_with_deck(s, owner, g.tname[a], g.tname[b])
    return None


@pytest.fixture(scope="session")
def swap_hidden_card():
    """:func:`_swap_hidden_card` for the hidden-information tests: ``swap(s, owner, rng)``
    gives a twin state or None."""
    return _swap_hidden_card


def _compare_choices_with_a_hidden_card_swapped(policy, states, rng) -> int:
    """At each decision state of ``states`` (chance and terminal states are passed over),
    ``policy`` must choose the same action as in the twin where the next player's hand
    differs by one card the acting player cannot see (:func:`_swap_hidden_card`; states
    without a twin are passed over), both called with the same generator seed drawn from
    ``rng``. Returns how many decisions were compared."""
    checked = 0
    for s in states:
        if s.is_chance_node() or s.is_terminal():
            continue
        p = s.current_player()
        other = _swap_hidden_card(s, (p + 1) % s.game.num_players, rng)
        if other is None:
            continue
        seed = rng.random()
        assert policy(s, random.Random(seed)) == policy(other, random.Random(seed))
        checked += 1
    return checked


@pytest.fixture(scope="session")
def compare_choices_with_a_hidden_card_swapped():
    """:func:`_compare_choices_with_a_hidden_card_swapped` for the tests that a policy decides
    only from what its player sees: ``compare(policy, states, rng)`` gives the number of
    decisions compared."""
    return _compare_choices_with_a_hidden_card_swapped
