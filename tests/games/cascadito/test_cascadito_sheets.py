"""The four reconstructed play sheets against every fact the rulebook and COMPONENTS.md give.

Sources: ``../shared/rules/cascadito.rulebook.en.txt`` (quoted per test) and
``../shared/rules/COMPONENTS.md`` (Cascadito). One test per fact per sheet; the rulebook's
worked examples located on the sheets are replayed with a minimal first-contact check.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from regalia.games.cascadito import hexgrid, load_sheet
from regalia.games.cascadito.components import CASTLE_ORDER, Sheet
from regalia.games.cascadito.hexgrid import distance, group_of, neighbours

ALL = (1, 2, 3, 4)


@pytest.fixture(scope="module")
def sheets() -> dict[int, Sheet]:
    return {n: load_sheet(n) for n in ALL}


def colours(sheet: Sheet) -> Counter:
    return Counter(t.colour for t in sheet.towns)


def bridge_edges(sheet: Sheet):
    """Sheet 3: the rivers connect at the bridge when both last spaces are marked."""
    ends = [r.spaces[-1].at for r in sheet.rivers if r.ends_at == "bridge"]
    return [tuple(ends)] if len(ends) == 2 else []


def scoring_towns(sheet: Sheet, marked, new):
    """Towns scoring when ``new`` is marked (rulebook, Town Scoring: group of 2+, first
    contact: 'no other field in this group is neighboring the town')."""
    group = group_of(set(marked) | {new}, new, bridge_edges(sheet))
    if len(group) < 2:
        return []
    return sorted(t.at for t in sheet.neighbouring_towns(new)
                  if not any(t.at in neighbours(g) for g in group - {new}))


def top_texts(sheet):
    return [a.text for a in sheet.row("top")]


# ================================================================ every sheet
@pytest.mark.parametrize("n", ALL)
def test_number_and_title(sheets, n):
    titles = {1: "Rural Beginnings", 2: "Raiding Bandits", 3: "2 Rivers", 4: "Trade and Defense"}
    assert sheets[n].number == n and sheets[n].title == titles[n]


@pytest.mark.parametrize("n", ALL)
def test_black_is_forbidden_everywhere(sheets, n):
    # 'For most sheets the forbidden color is black'; 'On play sheet 1, the white face is also forbidden.'
    assert set(sheets[n].forbidden) == ({"black", "white"} if n == 1 else {"black"})


@pytest.mark.parametrize("n", ALL)
def test_success_tracks_one_per_colour(sheets, n):
    # 'There is 1 success track in each of the 5 colors. Exception: Play sheet I does not show a white column.'
    got = [t.colour for t in sheets[n].tracks]
    assert got == (list(CASTLE_ORDER) if n == 1 else [*CASTLE_ORDER, "white"])
    assert len(got) == (4 if n == 1 else 5)


@pytest.mark.parametrize("n", ALL)
def test_home_castles_blue_first(sheets, n):
    # 'The first player marks the castle at the top of the first (blue) success track.'
    s = sheets[n]
    assert s.tracks[0].colour == "blue" and s.tracks[0].castle
    assert [t.colour for t in s.tracks if t.castle] == ["blue", "yellow", "orange", "pink"]
    for t in s.tracks:
        assert (t.home_points is not None) == t.castle
        if t.castle:
            assert t.home_points > t.spaces[-1].points


@pytest.mark.parametrize("n", ALL)
def test_tracks_score_more_higher_up_and_carry_actions(sheets, n):
    for t in sheets[n].tracks:
        pts = [s.points for s in t.spaces]
        assert pts == sorted(pts) and pts[0] > 0
        assert any(s.action for s in t.spaces)


@pytest.mark.parametrize("n", ALL)
def test_town_colours_have_tracks_and_dice(sheets, n):
    s = sheets[n]
    for t in s.towns:
        assert t.colour not in s.forbidden
        s.track(t.colour)


@pytest.mark.parametrize("n", ALL)
def test_every_town_can_be_scored(sheets, n):
    s = sheets[n]
    for t in s.towns:
        assert sum(h in s.fields for h in neighbours(t.at)) >= 2, t


@pytest.mark.parametrize("n", ALL)
def test_kingdom_is_one_piece(sheets, n):
    s = sheets[n]
    land = s.fields | (s.river_hexes if any(r.joins_groups for r in s.rivers) else frozenset())
    assert len(hexgrid.components(land)) == 1


@pytest.mark.parametrize("n", ALL)
def test_plausible_size(sheets, n):
    s = sheets[n]
    assert 60 <= len(s.kingdom.hexes) <= 120
    assert 10 <= len(s.towns) <= 25


@pytest.mark.parametrize("n", ALL)
def test_solo_timer(sheets, n):
    # 'For a greater challenge, mark the first 2 dice boxes before you start the game.'
    solo = sheets[n].solo
    assert solo.harder_start == 2 and solo.boxes > 2
    assert solo.provenance_of("harder_start") == "rulebook"


@pytest.mark.parametrize("n", (1, 2, 3))
def test_game_end_sheets_1_to_3(sheets, n):
    g = sheets[n].game_end
    assert g.top_row_claimed and g.bottom_row_by_one
    assert not g.spaces_in_every_track and not g.top_row_by_one


@pytest.mark.parametrize("n", ALL)
def test_top_row_exclusive_except_sheet_4(sheets, n):
    top = sheets[n].row("top")
    assert top and all((a.later_points is not None) == (n == 4) for a in top)


@pytest.mark.parametrize("n", ALL)
def test_bottom_row_points_only_on_sheets_3_and_4(sheets, n):
    # 'On play sheets 3 and 4, for each Achievement claimed on the bottom row, score the indicated number'
    bottom = sheets[n].row("bottom")
    assert bottom
    assert all((a.points > 0) == (n in (3, 4)) for a in bottom)


@pytest.mark.parametrize("n", ALL)
def test_all_tracks_bonus_on_sheets_1_and_3(sheets, n):
    # 'On play sheets 1 and 3, ... if you crossed out at least 3 spaces in each of the success tracks.'
    b = sheets[n].all_tracks_bonus
    assert (b is not None) == (n in (1, 3))
    if b:
        assert b.min_spaces == 3 and b.points > 0


@pytest.mark.parametrize("n", ALL)
def test_group_achievements_are_reachable(sheets, n):
    s = sheets[n]
    have = colours(s)
    for a in s.achievements:
        c = a.criterion
        if c.kind == "group_towns":
            assert (max(have.values()) if c.colour == "any" else have[c.colour]) >= c.count
        if c.kind == "group_colours":
            assert set(c.colours) <= set(have)


# ================================================================ sheet 1
def test_sheet1_four_town_colours_no_white(sheets):
    assert set(colours(sheets[1])) == {"blue", "yellow", "orange", "pink"}


def test_sheet1_towns_far_apart(sheets):
    # Project definition of 'far apart': no two towns within 2 steps.
    towns = [t.at for t in sheets[1].towns]
    assert min(distance(a, b) for a, b in combinations(towns, 2)) >= 3


def test_sheet1_only_the_die_colour_can_score(sheets):
    # 'On Rural Beginnings, the towns were sufficiently distant from each other that you could
    # trigger a town scoring only with a die showing the town's color.'
    s = sheets[1]
    for f in s.fields:
        assert len({t.colour for t in s.neighbouring_towns(f)}) <= 1


def test_sheet1_river_at_the_bottom_left_to_right(sheets):
    # 'On play sheets 1 and 2, there is a separate river at the bottom of the Kingdom.'
    _river_at_the_bottom(sheets[1])


def _river_at_the_bottom(s):
    (river,) = s.rivers
    lowest = max(y for _, y in s.kingdom.hexes)
    assert not river.joins_groups and river.flows == "right" and river.scoring == "highest"
    assert all(sp.at[1] > lowest for sp in river.spaces)
    xs = [sp.at[0] for sp in river.spaces]
    assert xs == sorted(xs)
    assert [sp.points for sp in river.spaces if sp.points] == sorted(
        sp.points for sp in river.spaces if sp.points)


def test_sheet1_enough_towns_per_colour(sheets):
    # Top row: '3 towns of any 1 color'; bottom row: '2 towns of the indicated color'.
    assert all(v >= 3 for v in colours(sheets[1]).values())


def test_sheet1_achievements(sheets):
    s = sheets[1]
    assert top_texts(s) == [
        "Reach the first Achievement banner in all 4 success tracks.",
        "Reach the second Achievement banner with any 2 success tracks.",
        "Create a group that neighbors 3 towns of any 1 color.",
        "Create a group that neighbors towns of all 5 colors.",
        "Mark the last river space."]
    assert all(a.points == 5 for a in s.row("top"))
    kinds = [(a.criterion.kind, a.criterion.banner, a.criterion.tracks) for a in s.row("top")]
    assert kinds[:2] == [("banner", 1, 4), ("banner", 2, 2)]
    assert s.row("top")[4].criterion.fields == (s.rivers[0].spaces[-1].at,)
    bottom = s.row("bottom")
    assert [a.criterion.colour for a in bottom] == ["blue", "yellow", "orange", "pink"]
    assert all(a.criterion.count == 2 and a.actions == ("advance_track",) for a in bottom)
    assert {b.fleurs for b in s.banners} == {1, 2}


def test_sheet1_three_step_town_scoring_example(sheets):
    s = sheets[1]
    steps = [e for e in s.examples if e.name == "three-step town scoring"]
    assert [e.step for e in steps] == [1, 2, 3]
    assert [e.dice for e in steps] == [("yellow",), ("pink",), ("orange",)]
    for e in steps:
        assert e.mark in s.fields and e.mark not in e.marked
        # the die's colour allows the mark
        assert e.dice[0] in {t.colour for t in s.neighbouring_towns(e.mark)}
        assert scoring_towns(s, e.marked, e.mark) == sorted(e.scores)
    one, two, three = steps
    assert scoring_towns(s, [], one.mark) == []                       # a single field
    assert set(two.marked) == {one.mark}
    assert [s.town_hexes[h] for h in two.scores] == ["pink"]          # group of 2, pink scores
    group = group_of(set(three.marked) | {three.mark}, three.mark)
    assert len(group) == 6                                            # 'the group of now 6 fields'
    orange = [t for t in s.neighbouring_towns(three.mark) if t.colour == "orange"]
    assert orange and any(orange[0].at in neighbours(g) for g in group - {three.mark})
    assert {one.mark, two.mark} <= set(three.marked)


def test_sheet1_river_action_example(sheets):
    s = sheets[1]
    (e,) = [e for e in s.examples if e.kind == "river_action"]
    assert e.action == "mark_field"
    assert s.rivers[e.river].spaces[e.river_marked].action == "mark_field"


# ================================================================ sheet 2
def test_sheet2_nine_bandits(sheets):
    s = sheets[2]
    bandits = [x.at for x in s.specials if x.kind == "bandit"]
    assert len(bandits) == 9 == len(set(bandits)) and set(bandits) <= s.fields


def test_sheet2_bandit_track(sheets):
    t = sheets[2].bandit_track
    assert t is not None and len(t.spaces) == 9
    assert [sp.points for sp in t.spaces] == sorted(sp.points for sp in t.spaces)
    assert t.spaces[5].icon == "reminder"              # 'Mark at least 6 raiding bandits'
    assert all(sheets[n].bandit_track is None for n in (1, 3, 4))


def test_sheet2_towns_of_different_colours_side_by_side(sheets):
    s = sheets[2]
    shared = [f for f in s.fields if len({t.colour for t in s.neighbouring_towns(f)}) >= 2]
    assert len(shared) >= 3


def test_sheet2_orange_or_pink_die_example(sheets):
    # 'Selecting an orange or a pink die will allow you to mark the highlighted field and
    # trigger a town scoring at the pink town. The orange town will not score as it has
    # already been scored using the same group.'
    s = sheets[2]
    (e,) = s.examples
    assert set(e.dice) == {"orange", "pink"}
    near = {t.colour: t.at for t in s.neighbouring_towns(e.mark)}
    assert set(near) == {"orange", "pink"}
    assert scoring_towns(s, e.marked, e.mark) == [near["pink"]] == list(e.scores)
    before = group_of(set(e.marked), e.marked[0])
    assert len(before) >= 2 and set(e.marked) <= before
    assert any(near["orange"] in neighbours(g) for g in before)     # scored before
    assert not any(near["pink"] in neighbours(g) for g in before)


def test_sheet2_river(sheets):
    s = sheets[2]
    _river_at_the_bottom(s)
    sixth = s.rivers[0].spaces[5]
    assert sixth.points == 10 and sixth.icon == "reminder" and sixth.provenance == "rulebook"
    assert len(s.rivers[0].spaces) > 6


def test_sheet2_white_reminder_at_the_second_banner(sheets):
    s = sheets[2]
    second = next(b for b in s.banners if b.fleurs == 2)
    assert s.track("white").spaces[second.height - 1].icon == "reminder"


def test_sheet2_towns_for_the_bottom_row(sheets):
    c = colours(sheets[2])
    assert all(c[k] >= 3 for k in ("blue", "yellow", "orange", "pink")) and c["white"] >= 4


def test_sheet2_achievements(sheets):
    s = sheets[2]
    assert len(s.row("top")) == 6 and all(a.points == 5 for a in s.row("top"))
    crit = [a.criterion for a in s.row("top")]
    assert (crit[0].kind, crit[0].banner, crit[0].tracks) == ("banner", 1, 5)
    assert (crit[1].banner, crit[1].track) == (2, "home")
    assert (crit[2].banner, crit[2].track) == (2, "white")
    assert (crit[3].kind, crit[3].count) == ("separate_groups", 4)
    assert crit[4].fields == (s.rivers[0].spaces[5].at,)
    assert (crit[5].kind, crit[5].count) == ("bandits", 6)
    bottom = s.row("bottom")
    assert [(a.criterion.colour, a.criterion.count) for a in bottom] == [
        ("blue", 3), ("yellow", 3), ("orange", 3), ("pink", 3), ("white", 4)]
    assert all(a.actions == ("advance_track",) for a in bottom)


# ================================================================ sheet 3
def test_sheet3_two_rivers_meet_at_the_low_bridge(sheets):
    s = sheets[3]
    assert s.bridge is not None and len(s.rivers) == 2
    west, east = s.rivers
    assert (west.flows, east.flows) == ("right", "left")
    assert west.spaces[0].at[0] == min(x for x, _ in s.kingdom.hexes)
    assert east.spaces[0].at[0] == max(x for x, y in s.kingdom.hexes if y == east.spaces[0].at[1])
    for r in s.rivers:
        assert r.ends_at == "bridge" and r.joins_groups
        assert r.scoring == "ship" and r.ship_points == 10
        assert hexgrid.are_neighbours(r.spaces[-1].at, s.bridge.at)
    # 'in the center of the Kingdom'
    xs = sorted({x for x, y in s.kingdom.hexes if y == s.bridge.at[1]})
    ys = sorted({y for _, y in s.kingdom.hexes})
    assert s.bridge.at == (xs[len(xs) // 2], ys[len(ys) // 2])
    assert s.bridge.at not in s.fields


def test_sheet3_rivers_connect_at_the_bridge(sheets):
    s = sheets[3]
    west, east = (r.spaces[-1].at for r in s.rivers)
    assert not hexgrid.are_neighbours(west, east)
    assert group_of({west, east}, west, bridge_edges(s)) == {west, east}


def test_sheet3_four_river_spaces_with_actions(sheets):
    s = sheets[3]
    acts = [sp.at for r in s.rivers for sp in r.spaces if sp.action]
    assert len(acts) == 4
    (a,) = [a for a in s.row("top") if a.text.startswith("Mark all 4 river spaces")]
    assert sorted(a.criterion.fields) == sorted(acts)


def test_sheet3_four_action_fields_above_and_below(sheets):
    s = sheets[3]
    river_y = {sp.at[1] for r in s.rivers for sp in r.spaces}
    assert len(river_y) == 1
    (ry,) = river_y
    acts = [x for x in s.specials if x.kind == "action"]
    assert len(acts) == 8 and all(x.action == "advance_track" for x in acts)
    above = sorted(x.at for x in acts if x.at[1] < ry)
    below = sorted(x.at for x in acts if x.at[1] > ry)
    assert len(above) == 4 and len(below) == 4
    top = {a.text: a for a in s.row("top")}
    assert sorted(top["Mark all 4 fields showing an action above the rivers."].criterion.fields) == above
    assert sorted(top["Mark all 4 fields showing an action below the rivers."].criterion.fields) == below


def test_sheet3_rivers_divide_the_land(sheets):
    s = sheets[3]
    assert len(hexgrid.components(s.fields)) == 2
    assert len(hexgrid.components(s.fields | s.river_hexes)) == 1


def test_sheet3_white_track_marks_river_spaces(sheets):
    # 'The white (education) Success track features actions that allow you to immediately fill in the next river space.'
    assert any(sp.action == "advance_river" for sp in sheets[3].track("white").spaces)


def test_sheet3_achievements(sheets):
    s = sheets[3]
    assert top_texts(s) == [
        "Reach the Achievement banner on any 1 success track.",
        "Mark all 4 river spaces showing an action.",
        "Create a group that neighbors 4 white (education) towns.",
        "Create a group that neighbors 5 towns of any 1 color.",
        "Mark all 4 fields showing an action above the rivers.",
        "Mark all 4 fields showing an action below the rivers."]
    assert all(a.points == 5 for a in s.row("top"))
    c = colours(s)
    assert c["white"] >= 4 and max(c.values()) >= 5
    assert len(s.banners) == 1


# ================================================================ sheet 4
def test_sheet4_no_river(sheets):
    assert sheets[4].rivers == () and sheets[4].bridge is None


def test_sheet4_stars(sheets):
    stars = [x for x in sheets[4].specials if x.kind == "star"]
    assert len(stars) >= 10                                             # 'Many of the fields'


def test_sheet4_six_trade_goods_twice_without_town_neighbours(sheets):
    s = sheets[4]
    goods = [x for x in s.specials if x.kind == "trade_good"]
    assert Counter(x.good for x in goods) == Counter({g: 2 for g in {x.good for x in goods}})
    assert len({x.good for x in goods}) == 6 and len({x.at for x in goods}) == 12
    for x in goods:
        assert not s.neighbouring_towns(x.at)
        # 'they can be marked only after marking a field showing a star' (so one is near)
        assert any(y.kind == "star" and y.at in neighbours(x.at) for y in s.specials)


def test_sheet4_crowns_five_colours_twice(sheets):
    crowns = [x for x in sheets[4].specials if x.kind == "crown"]
    assert Counter(x.colour for x in crowns) == Counter(
        {c: 2 for c in ("blue", "yellow", "orange", "pink", "white")})
    assert len({x.at for x in crowns}) == 10


def test_sheet4_fourth_row_highlighted(sheets):
    for t in sheets[4].tracks:
        assert [i for i, sp in enumerate(t.spaces, 1) if sp.highlight] == [4]


def test_sheet4_game_end(sheets):
    g = sheets[4].game_end
    assert (g.spaces_in_every_track, g.top_row_by_one, g.top_row_bonus) == (4, True, 5)
    assert not g.top_row_claimed and not g.bottom_row_by_one


def test_sheet4_achievements(sheets):
    s = sheets[4]
    crowns = {}
    for x in s.specials:
        if x.kind == "crown":
            crowns.setdefault(x.colour, set()).add(x.at)
    top = s.row("top")
    assert len(top) == 5 and all((a.points, a.later_points) == (8, 5) for a in top)
    assert all(a.criterion.kind == "group_fields" for a in top)
    assert sorted(frozenset(a.criterion.fields) for a in top) == sorted(
        frozenset(v) for v in crowns.values())
    goods = {}
    for x in s.specials:
        if x.kind == "trade_good":
            goods.setdefault(x.good, set()).add(x.at)
    bottom = s.row("bottom")
    assert len(bottom) == 6 and all(a.points == 5 and a.criterion.kind == "mark_fields"
                                     for a in bottom)
    assert sorted(frozenset(a.criterion.fields) for a in bottom) == sorted(
        frozenset(v) for v in goods.values())
