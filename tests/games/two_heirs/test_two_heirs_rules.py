"""Two Heirs rules: the rulebook's worked examples as hand-set positions, each action and
effect, the end of the game, tie-breaks and random-game invariants.

Sources: ``shared/rules/two-heirs.rulebook.en.txt`` (EN), the German rulebook (DE) for
Example 3 and "Nur zu Beginn einer Partie liegen 2 Truppen auf dem selben Plättchen".
Rulings: ``docs/rulings/two-heirs.md``, "Engine rulings" (E1...).
Tiles named here are records of the bundled (reconstructed) manifest; the costs the
examples print are the rulebook's (``field_provenance = { cost = "rulebook" }``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regalia import IllegalActionError, NotationError, load_game
from regalia.games.two_heirs.geometry import ORIGIN, cell_of, xy_of
from regalia.games.two_heirs.actions import tile_label
from regalia.games.two_heirs.tables import PH_END

from random_play import play_out

WHITE, BLUE = 0, 1
FIRST_GAME = ["travel", "land-industry", "trade-church"]


def position(sets=None, players=2, **kw):
    game = load_game("two-heirs", players=players, **({"sets": sets} if sets else {}))
    s = game.new_initial_state(0)
    s.set_position(**kw)
    return s


def legal_texts(s) -> set[str]:
    return {s.action_to_string(a) for a in s.legal_actions()}


def do(s, text: str) -> None:
    s.apply_action(s.string_to_action(text))


def ids(s, tiles) -> list[str]:
    return [s.T.ids[t] for t in tiles]


START_GREY_OPEN = (0, 0, "land-5", "open")           # Smithy tile face down: grey terrain
FRESH_TROOPS = [[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]]


# ============================================================== royal protocol
def test_example_1_reach_is_troops_in_reserve_plus_one():
    """EN Example 1: "The white player can currently reach 3 tiles in a clockwise direction,
    because of the 2 white troops still present in the reserve. The 4th, 5th, and 6th tiles
    marked X are unavailable", and "has a reach of 3 and can access 1 stone, 1 wheat and 1
    wood"."""
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"])
    assert s.reach(WHITE) == 3
    assert ids(s, s.tiles_within_reach(WHITE)) == ["travel-5", "travel-4", "travel-6"]
    takes = {t for t in legal_texts(s) if t.startswith("take")}
    assert takes == {"take 1", "take 2", "take 3"}
    colours = [s.T.colour[t] for t in s.tiles_within_reach(WHITE)]
    assert sorted(colours) == [0, 1, 2]                  # 1 wood, 1 stone, 1 wheat
    # plus the retinue troop's grey starting tile
    assert s.resources(WHITE) == [1, 2, 1]
    with pytest.raises(IllegalActionError) as exc:
        do(s, "take 4")
    assert "beyond your reach of 3" in str(exc.value)


def test_taking_moves_and_flips_the_shield_and_refills_its_old_slot():
    """Action A: "Move the royal shield to this open slot and flip it ... Replenish the slot
    previously occupied by the royal shield by placing the top building tile from the shared
    supply face up in the slot"."""
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
                 supply_top="green")
    do(s, "take 2")                                      # travel-4, slot 2
    assert ids(s, s.hands[WHITE]) == ["travel-4"]
    assert s.shield == 2 and s.takes_left == 0
    assert s.phase_name == "draw"                        # the refill is a chance node
    outcomes = s.chance_outcomes()
    assert {s.action_to_string(a) for a, _ in outcomes} == {
        f"draw {t}" for t in ids(s, s.supply) if s.game.tiles.by_id(t).colour == "green"}
    do(s, "draw land-6")                                 # a green tile: the top was green
    assert s.slots[0] == s.T.ids.index("land-6")
    assert s.phase_name == "top"                         # the next top tile shows its back
    s.apply_action(s.legal_actions()[0])
    assert s.phase_name == "play" and s.current_player() == WHITE
    assert "take 1" not in legal_texts(s)                # Action A only once per turn
    # blue now counts clockwise from the shield's new slot 2: slots 3, 4, 5
    assert ids(s, s.tiles_within_reach(BLUE)) == ["travel-6", "land-1", "land-2"]
    # the refilled old shield slot is 5th clockwise from the new shield position
    assert [r["tile"] for r in s.reserve_view()][4] == "land-6"


def test_a_wrong_draw_is_refused():
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
                 supply_top="green")
    do(s, "take 1")
    before = s.to_json()
    yellow = next(t for t in s.supply if s.T.colour[t] == 2)
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(s.T.draw0 + yellow)
    assert "top tile of the supply is green" in str(exc.value)
    assert s.to_json() == before


def test_ending_the_turn_needs_a_take():
    """Action A: "During your turn, you must take 1 building tile"."""
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"])
    assert "end" not in legal_texts(s)
    with pytest.raises(IllegalActionError) as exc:
        do(s, "end")
    assert "must take 1 building tile" in str(exc.value)


# ============================================================== resources and building
EXAMPLE_2 = dict(
    landscape=[(0, 0, "land-6", "open"),                 # green start tile (blue's retinue)
               (0, 1, "land-4", "white"),                # a yellow building (white troop)
               (1, 0, "land-2", "open"),                 # grey open terrain (white troop)
               (-1, 0, "trade-1", "white")],             # white's Farm
    troops=[[(0, 1), (1, 0), "reserve"], [(0, 0), "reserve", "reserve"]],
    reserve=["travel-5", "travel-6", "land-1", "land-3", "land-7", "land-8"],
    hands=(["travel-1", "trade-6", "travel-9"], []), taken=1)


def test_example_2_accessible_resources():
    """EN Example 2: reach 2 ("they still have 1 troop token in the royal reserve") gives 1
    stone and 1 wood; troops on a yellow building and on grey open terrain give 1 wheat and
    1 stone; the Farm 1 more wheat: "In total, the white player has access to 2 wheat, 2
    stone and 1 wood", so the Inn (2 stone + 1 wheat) and the Trading Post (2 wheat + 1
    wood) can both be constructed."""
    s = position(**EXAMPLE_2)
    assert s.reach(WHITE) == 2
    assert ids(s, s.tiles_within_reach(WHITE)) == ["travel-5", "travel-6"]
    assert s.resources(WHITE) == [1, 2, 2]               # wood, stone, wheat
    builds = {t for t in legal_texts(s) if t.startswith("build")}
    cells = ["0,2", "1,2", "1,1", "-1,1", "-1,2", "2,1", "2,0", "2,-1", "1,-1", "0,-1"]
    assert builds == ({f"build Inn (travel-1) @ {c}" for c in cells}
                      | {f"build Trading Post (trade-6) @ {c}" for c in cells})
    # the Robber Barony (2 wood + 1 stone + 1 wheat) lacks a wood: expand only
    assert not any("Robber Barony" in t for t in builds)
    assert s.shortfall(s.T.ids.index("travel-9"), WHITE) == 1


def test_resources_are_never_spent():
    """"Resources are never spent ... Resources can be used repeatedly to construct multiple
    buildings in a single turn"."""
    s = position(**EXAMPLE_2)
    do(s, "build Inn (travel-1) @ 0,2")
    assert s.resources(WHITE) == [1, 2, 2]
    assert "build Trading Post (trade-6) @ 1,1" in legal_texts(s)
    do(s, "build Trading Post (trade-6) @ 1,1")
    assert s.board[cell_of(1, 1)] == s.T.ids.index("trade-6") * 4 + WHITE


def test_farm_gives_one_wheat_and_a_troop_on_it_another():
    """Farm: "Each Farm you own gives you access to 1 extra wheat per turn"; "If you have a
    troop located on your Farm ... you have access to 2 resources of the corresponding
    type"."""
    s = position(**EXAMPLE_2)
    do(s, "move 0,1->-1,0")              # off the yellow building, onto the (yellow) Farm
    assert s.resources(WHITE) == [1, 2, 2]               # wheat: Farm 1 + troop on it 1
    s2 = position(**{**EXAMPLE_2, "landscape": [*EXAMPLE_2["landscape"][:3],
                                                (-1, 0, "trade-1", "blue")]})
    assert s2.resources(WHITE) == [1, 2, 1]              # the opponent's Farm gives nothing


def test_example_3_german_expansion_discounts_the_bakery():
    """DE Example 3: "Weiß will die Bäckerei aus der Hand spielen (Kosten: 2 Getreide und 1
    Holz). Allerdings verfügt Weiß derzeit nur über 1 Getreide und 1 Holz. Weiß spielt ein
    graues Plättchen als offenes Terrain, wodurch Weiß die Baukosten 1 Gebäudes in diesem Zug
    um 1 Ressource reduziert. Somit darf Weiß die Bäckerei bauen." (EN B.2: "Expanding the
    landscape reduces the construction cost of 1 building by any 1 resource during the same
    turn.")"""
    s = position(landscape=[(0, 0, "land-1", "open"),   # yellow start tile: 1 wheat
                            (1, 0, "trade-5", "open"),  # grey
                            (-1, 0, "land-8", "open")],  # grey
                 troops=[[(0, 0), (1, 0), (-1, 0)], [(0, 0), "reserve", "reserve"]],
                 reserve=["travel-6", "travel-4", "travel-5", "land-2", "land-3", "land-6"],
                 hands=(["land-4", "land-5"], []), taken=1)
    assert s.reach(WHITE) == 1                           # the green travel-6: 1 wood
    wood, _, wheat = s.resources(WHITE)
    assert (wood, wheat) == (1, 1)
    assert not any(t.startswith("build Bakery") for t in legal_texts(s))
    do(s, "expand Smithy (land-5) @ 0,1")                # a grey tile as open terrain
    assert s.discounts == 1
    assert s.board[cell_of(0, 1)] == s.T.ids.index("land-5") * 4 + 2
    assert "build Bakery (land-4) @ 1,1" in legal_texts(s)
    do(s, "build Bakery (land-4) @ 1,1")
    assert s.discounts == 0


def test_expansion_discounts_stack_on_one_building_and_lapse_at_the_end_of_the_turn():
    """Engine ruling E3: each expansion reduces the cost of one building by one resource;
    two expansions may both reduce the same building. Unused discounts lapse ("during the
    same turn")."""
    s = position(landscape=[(0, 0, "land-1", "open")],   # yellow: 1 wheat
                 troops=[[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
                 reserve=["travel-5", "travel-7", "land-8", "land-2", "land-3", "land-6"],
                 hands=(["trade-9", "land-4", "travel-3"], []), taken=1)
    # Cathedral 1 wood + 2 stone + 1 wheat; access: 3 grey tiles (3 stone) + 1 wheat
    cathedral = s.T.ids.index("trade-9")
    assert s.resources(WHITE) == [0, 3, 1]
    assert s.shortfall(cathedral, WHITE) == 1
    do(s, "expand Bakery (land-4) @ 1,0")
    assert "build Cathedral (trade-9) @ 0,1" in legal_texts(s)
    s2 = s.clone()
    do(s2, "expand Inn (travel-3) @ -1,0")
    assert s2.discounts == 2
    do(s2, "build Cathedral (trade-9) @ 0,1")
    assert s2.discounts == 1                             # one discount used, one left
    do(s, "build Cathedral (trade-9) @ 0,1")
    assert s.discounts == 0
    # lapse: the turn ends with a discount unused
    do(s2, "end")
    assert s2.discounts == 0 and s2.current_player() == BLUE


def test_a_building_that_costs_two_more_needs_two_expansions():
    s = position(landscape=[(0, 0, "land-1", "open")],
                 troops=[[(0, 0), "reserve", "reserve"], [(0, 0), "reserve", "reserve"]],
                 reserve=["travel-5", "travel-7", "land-8", "land-2", "land-3", "land-6"],
                 hands=(["travel-9", "land-4", "travel-3"], []), taken=1)
    barony = s.T.ids.index("travel-9")                   # 2 wood + 1 stone + 1 wheat
    assert s.shortfall(barony, WHITE) == 2
    do(s, "expand Bakery (land-4) @ 1,0")
    assert not any("Robber Barony" in t and t.startswith("build") for t in legal_texts(s))
    do(s, "expand Inn (travel-3) @ -1,0")
    assert "build Robber Barony (travel-9) @ 0,1" in legal_texts(s)


def test_placement_must_touch_a_tile_occupied_by_an_own_troop():
    """B.1: "Place the building on an unoccupied space of the play area, orthogonally or
    diagonally adjacent to a tile occupied by one of your troops" (B.2 the same)."""
    s = position(**EXAMPLE_2)
    before = s.to_json()
    with pytest.raises(NotationError):
        s.string_to_action("build Inn (travel-1) @ 5,5")
    with pytest.raises(NotationError):                   # occupied space
        s.string_to_action("expand Inn (travel-1) @ 0,0")
    assert s.to_json() == before
    expands = {t for t in legal_texts(s) if t.startswith("expand")}
    assert len(expands) == 3 * 10                        # 3 tiles x the 10 spaces


# ============================================================== troops
EXAMPLE_4 = dict(
    sets=["travel", "land-industry", "patrol"],
    landscape=[(0, 0, "land-2", "open"),                 # grey start tile (white retinue)
               (1, 0, "land-6", "open"),                 # green open terrain
               (2, 0, "land-1", "white"),                # yellow building (white troop)
               (0, -1, "travel-3", "blue")],             # blue's Inn (blue retinue)
    troops=[[(0, 0), (2, 0), "reserve"], [(0, -1), "reserve", "reserve"]],
    reserve=["travel-5", "travel-4", "travel-6", "land-3", "land-4", "land-5"],
    hands=(["patrol-1"], []), taken=1)


def test_example_4_deploying_is_the_only_way_to_the_watchtower():
    """EN Example 4: white has taken a tile and wants the Watchtower (1 wheat, 1 wood, 1
    stone) but has no wood: moving the troop from the yellow building to the green open
    terrain or withdrawing it ("to increase their reach") loses the adjacency the spot
    needs; deploying the reserve troop to the green open terrain works."""
    s = position(**EXAMPLE_4)
    spot = "build Watchtower (patrol-1) @ 3,0"
    assert s.resources(WHITE) == [0, 2, 2]
    assert spot not in legal_texts(s)
    options = {"move 2,0->1,0", "withdraw 2,0", "deploy 1,0"}
    assert options <= legal_texts(s)
    moved = s.clone()
    do(moved, "move 2,0->1,0")
    assert moved.resources(WHITE)[0] == 1                # wood now, but no adjacency
    assert spot not in legal_texts(moved)
    withdrawn = s.clone()
    do(withdrawn, "withdraw 2,0")
    assert withdrawn.reach(WHITE) == 3 and withdrawn.resources(WHITE)[0] == 1
    assert spot not in legal_texts(withdrawn)
    do(s, "deploy 1,0")
    assert s.reach(WHITE) == 1
    assert spot in legal_texts(s)
    assert s.moved >> 2 & 1                               # "flipping the troop token"


def test_each_troop_moves_once_per_turn_and_is_fresh_next_turn():
    """C: "you may move each of your troop tokens once"; "At the end of your turn, flip all
    your troop tokens face up again"."""
    s = position(**EXAMPLE_4)
    assert {"move 2,0->1,0", "withdraw 2,0"} <= \
        legal_texts(s)
    do(s, "move 2,0->1,0")
    assert not any(t.startswith("move 1,0->") or t == "withdraw 1,0" for t in legal_texts(s))
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(s.T.move0 + 8 * 1 + 2)            # troop 1 east again
    assert "only move once per turn" in str(exc.value)
    do(s, "end")
    assert s.moved == 0 and s.current_player() == BLUE


def test_the_retinue_troop_is_never_withdrawn():
    """C.3: "you cannot withdraw your retinue troop, which must always stay in the play
    area"."""
    s = position(**EXAMPLE_4)
    assert "withdraw 0,0" not in legal_texts(s)
    with pytest.raises(IllegalActionError) as exc:
        s.apply_action(s.T.withdraw0 + 0)
    assert "retinue" in str(exc.value)


def test_no_two_troops_share_a_tile_after_the_start():
    """DE: "Nur zu Beginn einer Partie liegen 2 Truppen auf dem selben Plättchen. Sobald die
    zwei Erben getrennte Wege gehen, können Truppen niemals auf demselben Plättchen sein";
    C.1: "provided the tile isn't occupied by another troop"."""
    s = position(**EXAMPLE_4)
    assert "move 0,0->0,-1" not in legal_texts(s)        # blue's retinue stands there
    assert "deploy 0,-1" not in legal_texts(s)
    s2 = position(landscape=[START_GREY_OPEN, (1, 0, "land-6", "open")],
                  troops=FRESH_TROOPS,
                  reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"])
    assert s2.troops[0] == s2.troops[3] == ORIGIN         # both retinues at the start
    do(s2, "move 0,0->1,0")
    do(s2, "take 1")
    while s2.is_chance_node():
        s2.apply_action(s2.legal_actions()[0])
    do(s2, "end")
    assert s2.current_player() == BLUE
    assert "move 0,0->1,0" not in legal_texts(s2)        # white's retinue is there now


def test_deploy_needs_an_own_troop_next_to_the_tile():
    """C.2: "deploy the troop on an unoccupied tile, orthogonally or diagonally adjacent to
    one occupied by another of your troops already in the play area"."""
    s = position(**EXAMPLE_4)
    deploys = {t for t in legal_texts(s) if t.startswith("deploy")}
    assert deploys == {"deploy 1,0"}                     # 0,-1 is occupied by blue


# ============================================================== effects
def test_encampment_flip_gives_another_take_and_leaves_open_terrain():
    """Encampment: "if you have already taken a tile from the royal reserve, you may flip
    the Encampment tile face down to flip the royal shield back to your colour. This means
    you get to take another tile ... Each Encampment tile can only be used once per game."
    Engine ruling E5: the flipped tile is face down, i.e. open terrain (no longer a
    building, scores nothing)."""
    kw = dict(landscape=[START_GREY_OPEN, (1, 0, "land-7", "white"),
                         (-1, 0, "land-9", "blue")],
              troops=FRESH_TROOPS,
              reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"])
    s = position(**kw)
    assert not any(t.startswith("flip") for t in legal_texts(s))   # not before a take
    camp_points = s.player_score(WHITE)
    assert camp_points == 2                               # unused: "it scores 2 points"
    do(s, "take 1")
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    flips = {t for t in legal_texts(s) if t.startswith("flip")}
    assert flips == {"flip Encampment (land-7) @ 1,0"}    # not blue's Encampment
    do(s, "flip Encampment (land-7) @ 1,0")
    assert s.takes_left == 1
    assert s.board[cell_of(1, 0)] & 3 == 2                # face down: open terrain
    assert s.player_score(WHITE) == 0
    assert {"take 1", "take 2", "take 3"} <= legal_texts(s)
    assert not any(t.startswith("flip") for t in legal_texts(s))
    do(s, "take 1")
    assert len(s.hands[WHITE]) == 2


SIEGE = dict(
    sets=["travel", "war", "trade-church"],
    landscape=[(0, 0, "trade-5", "open"),                # grey start
               (1, 0, "travel-8", "blue"),               # blue's Robber Barony
               (1, 1, "war-1", "white")],                # white's first Siege Tower
    troops=[[(0, 0), "reserve", "reserve"], [(1, 0), "reserve", "reserve"]],
    reserve=["travel-5", "travel-4", "travel-6", "trade-3", "trade-4", "trade-6"],
    hands=(["war-3", "war-5"], []), taken=1)


def test_second_siege_tower_may_destroy_the_flanked_building():
    """Siege Tower: "If 2 of your Siege Towers are orthogonally adjacent to 1 of your
    opponent's buildings, you may destroy that building. If you do, flip it face down: the
    tile is now considered open terrain. The effect is triggered when the second Siege tower
    is placed. Destroying is voluntary." """
    s = position(**SIEGE)
    do(s, "build Siege Tower (war-3) @ 1,-1")             # south of the Robber Barony
    assert s.phase_name == "siege" and s.current_player() == WHITE
    assert legal_texts(s) == {"destroy 1,0", "spare"}
    spared = s.clone()
    do(spared, "spare")
    assert spared.phase_name == "play"
    assert spared.board[cell_of(1, 0)] & 3 == BLUE
    blue_before = s.player_score(BLUE)
    assert blue_before > 0
    do(s, "destroy 1,0")
    assert s.phase_name == "play"
    assert s.board[cell_of(1, 0)] == s.T.ids.index("travel-8") * 4 + 2
    assert s.player_score(BLUE) == 0
    assert s.troops[3] == cell_of(1, 0)                   # the troop stays on the terrain


def test_a_single_siege_tower_has_no_effect():
    s = position(**{**SIEGE, "landscape": [SIEGE["landscape"][0], SIEGE["landscape"][1]]})
    do(s, "build Siege Tower (war-3) @ 1,-1")
    assert s.phase_name == "play"


# ============================================================== hand limit, end of turn
def test_hand_limit_the_player_chooses_the_discards():
    """A: "You may have a maximum of 3 building tiles in your hand at the end of your turn.
    Excess tiles ... are removed from the game"."""
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
                 hands=(["travel-1", "travel-2", "travel-3", "trade-1"], []), taken=1)
    do(s, "end")
    assert s.phase_name == "discard" and s.current_player() == WHITE
    assert legal_texts(s) == {"discard Inn (travel-1)", "discard Inn (travel-2)",
                              "discard Inn (travel-3)", "discard Farm (trade-1)"}
    do(s, "discard Inn (travel-2)")
    assert ids(s, s.box) == ["travel-2"]
    assert s.current_player() == BLUE and s.phase_name == "play"
    assert ids(s, s.hands[WHITE]) == ["travel-1", "travel-3", "trade-1"]


# ============================================================== end of the game
def _play_random(game, seed, on_state=None):
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        if on_state:
            on_state(s)
        if s.is_chance_node():
            s.apply_random_chance()
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
    return s


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_last_supply_tile_then_one_final_turn_each(players, seed):
    """"When one of the players replenishes the royal reserve with the final building tile
    from the shared supply, the active player finishes their turn as normal. Both players
    may then carry out one final turn, without replenishing missing tiles in the royal
    reserve. Empty slots in the reserve are skipped"."""
    game = load_game("two-heirs", players=players)
    log = {"trigger": None, "turns": [], "empty_seen": False}

    def watch(s):
        if s.turn and (not log["turns"] or log["turns"][-1] != s.turn):
            log["turns"].append(s.turn)
        if s.phase_name == "draw" and len(s.supply) == 1 and s.start_tile >= 0:
            log["trigger"] = s.turn                       # the last supply tile is drawn
        if not s.supply and s.phase_name == "play":
            empty = [i for i in range(7) if s.slots[i] < 0 and i != s.shield]
            if empty:
                log["empty_seen"] = True
                order = s.reserve_order()
                assert all(s.slots[i] >= 0 for i in order)
                assert len(order) == 6 - len(empty)
                assert s.tiles_within_reach(s.cur) == [s.slots[i] for i in
                                                       order[:s.reach(s.cur)]]

    final = _play_random(game, seed, watch)
    assert log["trigger"] is not None
    assert final.turn == log["trigger"] + 2              # exactly two more turns
    assert final.phase == PH_END
    assert log["empty_seen"]


# ============================================================== tie-breaks and returns
def test_tie_broken_by_troops_in_the_reserve():
    """"If there's a tie, the player with the most troops in the royal reserve wins. If they
    are still tied, the two heirs will need to face off again"."""
    base = dict(landscape=[START_GREY_OPEN, (1, 0, "land-6", "open"), (2, 0, "trade-4", "open")],
                reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
                taken=1, final_turns_left=1)
    s = position(troops=[[(0, 0), "reserve", "reserve"], [(1, 0), (2, 0), "reserve"]], **base)
    assert s.scores() == [0.0, 0.0]
    do(s, "end")
    assert s.is_terminal() and s.returns() == [1.0, 0.0]
    s = position(troops=[[(0, 0), "reserve", "reserve"], [(1, 0), "reserve", "reserve"]],
                 **base)
    do(s, "end")
    assert s.returns() == [0.5, 0.5]                     # still tied: shared


def test_solo_tie_is_a_loss_and_more_points_a_win():
    """Solo scoring: "With fewer points, or a tie, you lose"."""
    kw = dict(players=1, landscape=[START_GREY_OPEN, (1, 0, "trade-9", "white")],
              troops=[[(0, 0), "reserve", "reserve"], ["aside", "aside", "aside"]],
              reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
              taken=1, final_turns_left=1)
    s = position(**kw)
    # every treasure already drawn and removed: Heinrich has 0 points, the human 5
    s.tre_drawn = list(range(s.game.treasures_used))
    s.tre_removed = list(s.tre_drawn)
    assert s.scores() == [5.0] and s.heinrich_score == 0
    do(s, "end")
    assert s.is_terminal() and s.returns() == [1.0]
    s = position(**{**kw, "landscape": [START_GREY_OPEN]})
    s.tre_drawn = list(range(s.game.treasures_used))
    s.tre_removed = list(s.tre_drawn)
    assert s.scores() == [0.0] and s.heinrich_score == 0
    do(s, "end")
    assert s.is_terminal() and s.returns() == [0.0]


# ============================================================== notation
def test_notation_round_trips_and_reads_type_names():
    s = position(**EXAMPLE_2)
    for text in ("build Inn (travel-1) @ 1,1", "expand Robber Barony (travel-9) @ 0,2",
                 "move 0,1->-1,0", "withdraw 1,0", "deploy -1,0", "end"):
        assert s.action_to_string(s.string_to_action(text)) == text
        assert s.string_to_action(text) in s.legal_actions()
    assert s.string_to_action("build inn @ 1,1") == s.string_to_action(
        "build Inn (travel-1) @ 1,1")
    assert s.string_to_action("build travel-1 @ 1,1") == s.string_to_action(
        "build Inn (travel-1) @ 1,1")
    with pytest.raises(NotationError):
        s.string_to_action("build cathedral @ 1,1")       # not in hand
    with pytest.raises(NotationError):
        s.string_to_action("fly away")


# ============================================================== invariants
def _invariants(s):
    T = s.T
    places = (s.supply + [t for t in s.slots if t >= 0]
              + [code >> 2 for code in s.board.values()] + s.hands[0] + s.hands[1] + s.box
              + ([s.h_tile] if s.h_step == 2 else []))
    assert sorted(places) == sorted(T.used)              # every tile in exactly one place
    assert len(s.troops) == 6
    on = [p for p in s.troops if p >= 0]
    if len(set(on)) != len(on):                           # only the two retinues, at 0,0
        assert s.troops[0] == s.troops[3] == ORIGIN
        rest = [p for i, p in enumerate(s.troops) if p >= 0 and i not in (0, 3)]
        assert ORIGIN not in rest and len(set(rest)) == len(rest)
    assert all(p in s.board for p in on) or s.start_tile < 0
    assert s.troops[0] >= 0
    if not s.game.solo:
        assert s.troops[3] >= 0
    assert 1 <= s.reach(s.cur) <= 3
    if s.phase_name == "play" and s.taken == 0 and s.turn > 0:
        assert len(s.hands[s.cur]) <= 3


def _sweep(game, seeds):
    for seed in seeds:
        final = _play_random(game, seed, _invariants)
        _invariants(final)
        assert final.is_terminal()


@pytest.mark.parametrize("params", [{"players": 2}, {"players": 1, "level": 3},
                                    {"players": 2, "sets": ["war", "patrol", "crafts"]}])
def test_random_games_keep_the_invariants(params):
    _sweep(load_game("two-heirs", **params), range(8))


@pytest.mark.slow
@pytest.mark.parametrize("params", [{"players": 2}, {"players": 1, "level": 1},
                                    {"players": 2, "sets": ["war", "patrol", "crafts"]},
                                    {"players": 2, "sets": ["travel", "land-industry", "war"]}])
def test_random_games_keep_the_invariants_long_sweep(params):
    _sweep(load_game("two-heirs", **params), range(100, 400))


# ============================================================== engine rulings
def test_the_face_down_starting_tile_is_hidden_but_its_colour_shows():
    """Setup 2: "place it face down in the middle of the table" (ruling E2): observations
    show its colour, never which tile it is; a resample redraws it among the tiles it could
    be (itself and the supply's tiles of its colour)."""
    game = load_game("two-heirs")
    s = game.new_initial_state(7)
    while s.is_chance_node():
        s.apply_random_chance()
    start = s.start_tile
    obs = s.observation(0)
    origin = next(t for t in obs["landscape"] if (t["x"], t["y"]) == (0, 0))
    assert origin["tile"] is None and origin["colour"] == ["green", "grey", "yellow"][
        s.T.colour[start]]
    assert f"{s.T.draw0 + start}" not in s.information_state_string(0).split()
    seen = set()
    rng = random.Random(1)
    for _ in range(200):
        r = s.resample_from_infostate(0, rng)
        assert r.observation(0) == obs
        assert r.information_state_string(0) == s.information_state_string(0)
        seen.add(r.start_tile)
    same = {start} | {t for t in s.supply if s.T.colour[t] == s.T.colour[start]}
    assert seen == same


def test_after_an_encampment_flip_the_extra_take_is_optional():
    """Ruling E5: "you get to take another tile" is a right, not a duty."""
    s = position(landscape=[START_GREY_OPEN, (1, 0, "land-7", "white")], troops=FRESH_TROOPS,
                 reserve=["travel-5", "travel-4", "travel-6", "land-1", "land-2", "land-3"],
                 taken=1)
    do(s, "flip Encampment (land-7) @ 1,0")
    assert "end" in legal_texts(s)


def test_an_empty_reserve_lets_the_turn_end_without_a_take():
    """Ruling E9: in the final round the reserve can run empty (Encampment takes); with no
    tile to take, Action A cannot be carried out and the turn may end without it."""
    s = position(landscape=[START_GREY_OPEN], troops=FRESH_TROOPS, reserve=[None] * 6,
                 final_turns_left=2)
    assert legal_texts(s) >= {"end"} and not any(t.startswith("take") for t in legal_texts(s))
    do(s, "end")
    assert s.current_player() == BLUE


def test_a_withdrawn_troop_is_not_deployed_again_the_same_turn():
    """Ruling E12: "each individual troop may only move once per turn": withdrawing is its
    move, so it cannot be deployed again this turn; another reserve troop can."""
    s = position(**EXAMPLE_4)
    do(s, "deploy 1,0")                                  # the reserve troop
    do(s, "withdraw 2,0")
    assert not any(t.startswith("deploy") for t in legal_texts(s))
    s = position(**EXAMPLE_4)
    do(s, "withdraw 2,0")
    assert any(t.startswith("deploy") for t in legal_texts(s))   # the unmoved one


# ============================================================== scoring through the score format
@pytest.mark.parametrize("params", [{"players": 2}, {"players": 1, "level": 2},
                                    {"players": 2, "sets": ["war", "patrol", "crafts"],
                                     "roads": False}])
def test_final_scores_agree_with_the_score_file_of_the_landscape(params):
    """The engine's final scores equal what ``regalia score`` computes for the same final
    landscape written in the score format (the engine's adapter to :mod:`.scoring` and the
    text format agree)."""
    from regalia.core.registry import game_policy
    from regalia.games.two_heirs.textformat import format_landscape, score_text
    game = load_game("two-heirs", **params)
    greedy = game_policy("two-heirs", "greedy")
    for seed in range(3):
        s = play_out(game.new_initial_state(seed), random.Random(seed), greedy)
        kw = {}
        if game.solo:
            on = tuple(xy_of(c) for c in s.tre_board if s.board[c] & 3 == 1)
            kw = {"treasures_on_landscape": on,
                  "treasures_in_pile": s.treasures_left - len(on)}
        text = format_landscape(game.tiles, s.landscape(), s.troop_map(), roads=game.roads,
                                **kw)
        sheet, (b0, b1) = score_text(text, game.tiles)
        expected = [s.scores()[0], s.heinrich_score] if game.solo else s.scores()
        assert [b0.total, b1.total] == expected


# ============================================================== property: legal moves from first principles
def _expected_moves(s) -> set[str]:
    """The legal moves of the player to move in phase ``play``, computed from the rulebook
    in table coordinates, independently of the engine's grid and action encoding."""
    T = s.T
    p = s.cur
    tiles = {xy_of(c): code for c, code in s.board.items()}
    troops = [xy_of(c) if c >= 0 else None for c in s.troops]
    mine = [troops[3 * p + k] for k in range(3)]
    occupied = {t for t in troops if t is not None}
    near = lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1  # noqa: E731
    out = set()
    order = [t for t in (s.slots[(s.shield + i) % 7] for i in range(1, 7)) if t >= 0]
    reach = 1 + sum(1 for k in (1, 2) if s.troops[3 * p + k] == -1)
    if s.takes_left:
        out |= {f"take {i + 1}" for i in range(min(reach, len(order)))}
    avail = [0, 0, 0]
    for t in order[:reach]:
        avail[T.colour[t]] += 1
    for pos in mine:
        if pos is not None:
            avail[T.colour[tiles[pos] >> 2]] += 1
    for code in tiles.values():
        if code & 3 == p and T.producer[code >> 2] >= 0:
            avail[T.producer[code >> 2]] += 1
    spaces = {(x + dx, y + dy) for pos in mine if pos is not None for x, y in [pos]
              for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - set(tiles)
    for t in s.hands[p]:
        label = tile_label(s.T, t)
        short = sum(max(0, c - a) for c, a in zip(T.cost[t], avail))
        for x, y in spaces:
            out.add(f"expand {label} @ {x},{y}")
            if short <= s.discounts:
                out.add(f"build {label} @ {x},{y}")
    for k in range(3):
        pos = mine[k]
        moved = s.moved >> (3 * p + k) & 1
        if pos is not None and not moved:
            out |= {f"move {pos[0]},{pos[1]}->{q[0]},{q[1]}" for q in tiles
                    if near(pos, q) and q not in occupied}
            if k:
                out.add(f"withdraw {pos[0]},{pos[1]}")
    if any(s.troops[3 * p + k] == -1 and not s.moved >> (3 * p + k) & 1 for k in (1, 2)):
        out |= {f"deploy {q[0]},{q[1]}" for q in tiles if q not in occupied
                and any(m is not None and near(m, q) for m in mine)}
    if s.taken and not s.takes_left:
        out |= {f"flip Encampment ({T.ids[code >> 2]}) @ {x},{y}"
                for (x, y), code in tiles.items() if code & 3 == p and T.is_camp[code >> 2]}
    if s.taken or not order:
        out.add("end")
    return out


@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2]))
@settings(max_examples=25, deadline=None, derandomize=True)
def test_legal_moves_match_the_rulebook_computed_independently(seed, players):
    game = load_game("two-heirs", players=players)
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    checked = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_random_chance()
            continue
        if s.phase_name == "play" and rng.random() < 0.3:
            assert legal_texts(s) == _expected_moves(s)
            checked += 1
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 0
