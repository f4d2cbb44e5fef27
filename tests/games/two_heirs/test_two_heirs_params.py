"""Two Heirs parameters: players, sets, roads, level, data; each bad value refused with a
ParameterError naming what is allowed (Setup: "Select 3 of these sets")."""

from __future__ import annotations

import pytest

from regalia import DataError, IllegalActionError, ParameterError, load_game

from two_heirs_tiles import EXAMPLE_2


def test_defaults_are_the_first_game_sets_with_roads():
    game = load_game("two-heirs")
    assert game.params == {"players": 2, "sets": ["travel", "land-industry", "trade-church"],
                           "roads": True}
    assert len(game.tables.used) == 27
    assert game.num_players == 2 and not game.solo


def test_sets_by_name_title_or_string_and_in_canonical_order():
    a = load_game("two-heirs", sets="Crafts, War, patrol")
    b = load_game("two-heirs", sets=["war", "patrol", "crafts"])
    assert a == b and a.sets == ("war", "patrol", "crafts")
    c = load_game("two-heirs", sets=["Land & Industry", "trade and church", "travel"])
    assert c.sets == ("travel", "land-industry", "trade-church")
    used = {c.tiles.tiles[i].set for i in c.tables.used}
    assert used == set(c.sets)


@pytest.mark.parametrize("sets, words", [
    (["travel", "war"], "exactly 3"),
    (["travel", "war", "crafts", "patrol"], "exactly 3"),
    (["travel", "travel", "war"], "named twice"),
    (["travel", "war", "magic"], "unknown Two Heirs set 'magic'"),
    (42, "sets must be a list"),
])
def test_bad_set_choices(sets, words):
    with pytest.raises(ParameterError) as exc:
        load_game("two-heirs", sets=sets)
    assert words in str(exc.value)
    assert "travel" in str(exc.value)


def test_players_level_roads_and_variants():
    for bad in (0, 3, "two"):
        with pytest.raises(ParameterError) as exc:
            load_game("two-heirs", players=bad)
        assert "1 or 2" in str(exc.value)
    assert load_game("two-heirs", players=1).level == 2
    assert load_game("two-heirs", players="1", level="3").level == 3
    with pytest.raises(ParameterError, match="level must be 1"):
        load_game("two-heirs", players=1, level=0)
    with pytest.raises(ParameterError, match="solo parameter"):
        load_game("two-heirs", players=2, level=2)
    assert load_game("two-heirs", roads="false").roads is False
    with pytest.raises(ParameterError, match="roads must be True"):
        load_game("two-heirs", roads="maybe")
    with pytest.raises(ParameterError, match="no variants"):
        load_game("two-heirs", variants=["dynasty"])


def test_a_broken_data_file_is_a_data_error(tmp_path):
    bad = tmp_path / "tiles.toml"
    bad.write_text('provenance = "reconstructed"\n[[tiles]]\nid = "x"\n')
    with pytest.raises(DataError) as exc:
        load_game("two-heirs", data=str(bad))
    assert str(bad) in str(exc.value)
    with pytest.raises(ParameterError):
        load_game("two-heirs", data=42)


def test_an_unaffordable_build_is_refused_with_the_reason_and_changes_nothing():
    game = load_game("two-heirs")
    s = game.new_initial_state(0)
    s.set_position(**EXAMPLE_2, hands=(["travel-9"], []), taken=1)
    before = s.to_json()
    action = s.T.build0 + 24 * 0 + 0                     # Robber Barony north of troop 0
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(action)
    assert "lack 1 resource(s) for the Robber Barony (2 wood + 1 stone + 1 wheat)" in \
        str(exc.value)
    assert s.to_json() == before


def test_a_bad_hand_set_position_is_refused_and_changes_nothing():
    from regalia import RecordError
    s = load_game("two-heirs").new_initial_state(3)
    before = s.to_json()
    with pytest.raises(RecordError, match="named twice"):
        s.set_position(landscape=[(0, 0, "land-6", "open")],
                       troops=[[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
                       reserve=["land-6"])
    with pytest.raises(RecordError, match="not a tile of the chosen sets"):
        s.set_position(landscape=[(0, 0, "war-1", "open")],
                       troops=[[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
                       reserve=[])
    assert s.to_json() == before
