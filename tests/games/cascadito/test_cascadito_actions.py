"""The typed action layer: ``state.decode(action)`` gives a frozen :class:`Action` with
its kind, fields and notation, for every action id of every sheet."""

from __future__ import annotations

import dataclasses

import pytest

from regalia import load_game
from regalia.core.errors import NotationError
from regalia.games.cascadito.notation import ACTION_KINDS, Action


@pytest.mark.parametrize("sheet", [1, 2, 3, 4])
def test_every_id_decodes_to_its_notation_and_back(sheet):
    g = load_game("cascadito", players=2, sheet=sheet)
    s = g.new_initial_state(0)
    kinds = set()
    for a in range(g.num_distinct_actions):
        act = s.decode(a)
        assert act.id == a and act.kind in ACTION_KINDS
        assert act.notation == s.action_to_string(a)
        river_space = act.cell and g.tables.river_of[g.tables.name_index[act.cell]] >= 0
        if not (act.kind == "field" and river_space):  # a die never marks a river space
            assert s.string_to_action(act.notation) == a  # by name ('pink river' does)
        assert act.uses_die == (act.kind in ("field", "river", "pass"))
        kinds.add(act.kind)
    assert kinds == set(ACTION_KINDS) - ({"river", "river_space"} if sheet == 4 else set())


def test_decoded_fields_by_kind_on_sheet_3():
    """Sheet 3 has two rivers (west, east) and action fields; c5 is hex (8, 2)."""
    g = load_game("cascadito", players=2, sheet=3)
    s = g.new_initial_state(0)

    def dec(text):
        return s.decode(s.string_to_action(text))

    act = dec("pink c5")
    assert (act.kind, act.colour, act.cell, act.hex, act.target) == ("field", "pink", "c5",
                                                                     (8, 2), "c5")
    act = dec("blue river east")
    assert (act.kind, act.colour, act.river, act.target, act.cell) == ("river", "blue",
                                                                       "river east",
                                                                       "river east", "")
    act = dec("white pass")
    assert (act.kind, act.colour, act.target) == ("pass", "white", "pass")
    act = dec("mark c5")
    assert (act.kind, act.cell, act.hex, act.colour) == ("mark", "c5", (8, 2), "")
    act = dec("river west")
    assert (act.kind, act.river) == ("river_space", "river west")
    act = dec("track orange")
    assert (act.kind, act.colour) == ("track", "orange")
    act = dec("roll BBYP")
    assert (act.kind, act.pool, act.notation) == ("roll", "BBYP", "roll BBYP")
    act = dec("claim bottom 2")
    top = len(g.tables.top)
    assert (act.kind, act.achievement, act.achievement_index) == ("claim", "bottom 2",
                                                                  g.tables.bottom[1])
    assert act.achievement_index >= top - 1
    act = dec("decline")
    assert (act.kind, act.achievement_index, act.notation) == ("decline", -1, "decline")


def test_actions_are_frozen_values_and_bad_ids_are_refused():
    g = load_game("cascadito", players=1, sheet=1)
    s = g.new_initial_state(0)
    act = s.decode(0)
    assert isinstance(act, Action) and act == s.decode(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        act.kind = "pass"  # type: ignore[misc]
    for bad in (-1, g.num_distinct_actions, "pink c5", True, 2.0):
        with pytest.raises(NotationError, match="action ids are whole numbers"):
            s.decode(bad)
