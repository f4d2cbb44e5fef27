"""The notation functions of every game take only what they are documented to take:
``action_to_string`` an int action id (a bool is not one), ``string_to_action`` text;
anything else is refused with regalia's :class:`NotationError` (a ``ValueError``) naming
what was given, never read as something else (``True`` as action 1, ``5`` as ``"5"``)."""

from __future__ import annotations

import pytest

import regalia
from regalia.core.errors import NotationError
from regalia.core.state import MAX_NOTATION_LENGTH


def first_decision(game):
    state = game.new_initial_state(5)
    while state.is_chance_node():
        state.apply_random_chance()
    return state


def test_action_to_string_takes_int_ids_only(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    state = first_decision(game)
    action = state.legal_actions()[0]
    assert isinstance(state.action_to_string(action), str)
    n = game.num_distinct_actions
    for bad in (True, False, float(action), str(action), None, [action], -1, n):
        with pytest.raises(NotationError, match="action ids") as err:
            state.action_to_string(bad)
        assert isinstance(err.value, ValueError)


def test_string_to_action_takes_text_only(game_config):
    name, params = game_config
    game = regalia.load_game(name, **params)
    state = first_decision(game)
    action = state.legal_actions()[0]
    text = state.action_to_string(action)
    assert state.string_to_action(text) == action
    for bad in (action, True, None, text.encode(), [text], 1.0):
        with pytest.raises(NotationError, match="text") as err:
            state.string_to_action(bad)
        assert isinstance(err.value, ValueError)
    with pytest.raises(NotationError, match=str(MAX_NOTATION_LENGTH)):
        state.string_to_action(text + " " * MAX_NOTATION_LENGTH)
