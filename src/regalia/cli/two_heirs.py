"""Two Heirs in the terminal: the landscape grid (orientation visible), the royal reserve
with each player's reach, hands, troops, the course of a game and the score breakdown.

The plain text comes from :mod:`regalia.games.two_heirs.view` (built from a seat's
observation); this module lays it out and colours it, and reads no state field. ``regalia score two-heirs FILE`` uses :mod:`regalia.games.two_heirs.textformat`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence, cast

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from regalia.core.breakdown import Breakdown
from regalia.core.data import read_toml
from regalia.core.errors import DataError
from regalia.core.game import Game
from regalia.core.help import HelpEntry, RulesSummary
from regalia.games.two_heirs import TwoHeirsGame, TwoHeirsState, view
from regalia.games.two_heirs import help
from regalia.games.two_heirs.components import (TYPE_NAMES, TileSet, TreasureSet, load_tiles,
                                                load_treasures)
from regalia.games.two_heirs.rules import LEVEL_NAMES
from regalia.games.two_heirs.scoring import buildings_of, roads_of, treasures_of
from regalia.games.two_heirs.textformat import format_breakdown, score_text

from .frontends import GameUI, Narrator, ScoreRequest, print_invalid_data, register_ui
from regalia.core.i18n import _, pgettext

COLOUR_STYLES = {"green": "black on green3", "grey": "black on grey62",  # i18n: no
                 "yellow": "black on yellow3", None: "dim"}  # i18n: no
SEAT_STYLES = ("bold bright_white", "bold blue")  # i18n: no


def _cell_lines(cell: view.Cell, width: int) -> tuple[Text, Text, Text]:
    style = COLOUR_STYLES[cell.colour]
    if cell.colour is None:
        style = "green" if cell.placeable else "dim"
    w = width - 1
    top = Text(cell.top.ljust(w)[:w], style=style + (" bold" if cell.owner is not None else ""))
    return top, Text(cell.middle.ljust(w)[:w], style=style), Text(cell.bottom.ljust(w)[:w],
                                                                    style=style)


def grid_text(grid: view.Grid, w: int = view.CELL_WIDTH) -> Text:
    """The landscape as coloured text, north up, with coordinates; ``w``: the grid's cell
    width."""
    out = Text("      " + _("north: blue") + "\n", style="dim")
    out.append("      " + "".join(str(x).ljust(w) for x in grid.xs).rstrip() + "\n",
               style="dim")
    for y, row in zip(grid.ys, grid.cells):
        lines = [Text(f"{y:>4}  ", style="dim"), Text("      "), Text("      ")]
        for cell in row:
            for line, part in zip(lines, _cell_lines(cell, w)):
                line.append_text(part)
                line.append(" ")
        for line in lines:
            line.rstrip()
            out.append_text(line)
            out.append("\n")
    out.append("      " + _("south: white"), style="dim")
    return out


class Landscape:
    """The landscape drawn as wide as the console allows: 7-letter building names when the
    grid fits, 5-letter ones otherwise, and a key of the shortened names below it."""

    def __init__(self, state: TwoHeirsState, mark_placements: bool = True,
                 viewer: int | None = None):
        self.state, self.mark, self.viewer = state, mark_placements, viewer

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = view.fit_cell_width(self.state, options.max_width, self.mark, self.viewer)
        cells = view.landscape_grid(self.state, self.mark, cell_width=width,
                                    viewer=self.viewer)
        yield grid_text(cells, width)
        key = view.names_key(cells, width)
        if key:
            yield Text(_("Names: ") + ", ".join(f"{a} = {b}" for a, b in key), style="dim")


class TwoHeirsNarrator(Narrator[TwoHeirsState]):
    """The course of a game: one line per action, chance outcomes dimmed, Heinrich's
    automatic steps as they happen."""

    def __init__(self, ui: GameUI, labels: Sequence[str], console: Console):
        super().__init__(ui, labels, console)
        self.state: TwoHeirsState | None = None
        self.last_h = ""
        self.turn = 0
        self.removed = 0
        self.setup: list[view.ChanceNote] = []

    def _heinrich(self, obs: dict) -> None:
        """Heinrich's automatic steps and the treasures removed since the last call (solo),
        from the observation ``obs``."""
        if "heinrich" not in obs:
            return
        if obs["heinrich"] and obs["heinrich"] != self.last_h:
            self.last_h = obs["heinrich"]
            self.console.print(Text(f"  {self.last_h}", style="magenta"))
        removed = obs["treasures"]["removed"]
        if len(removed) > self.removed:
            for tid in removed[self.removed:]:
                self.console.print(Text(_("  Treasure {tid} removed: its condition is met").format(tid=tid),
                                        style="green"))
            self.removed = len(removed)

    def step(self, state: TwoHeirsState, action: int) -> None:
        self.state = state
        obs = view.seat_observation(state, self.ui.viewer)
        self._heinrich(obs)
        if state.is_chance_node():
            # what the watching seat sees (a face-down tile as its colour), from the game
            note = view.chance_note(state, action, self.ui.viewer)
            if note.setup:
                self.setup.append(note)
            elif note.kind != "top":      # the top tile's colour shows on the board
                self.console.print(Text(f"    {note.text}", style="dim"))
            return
        self._setup_line()
        text = state.action_to_string(action)
        if obs["turn"] != self.turn:
            self.turn = obs["turn"]
            p = state.current_player()
            self.console.print(Text(_("Turn {turn}: {label}").format(turn=self.turn, label=self.labels[p]), style="bold"))
        self.console.print(Text(f"  {self.labels[state.current_player()]}: {text}"))

    def _setup_line(self) -> None:
        if self.setup:
            self.console.print(Text(view.setup_summary(self.setup), style="dim"))
            self.setup = []

    def flush(self) -> None:
        self._setup_line()
        if self.state is not None:
            self._heinrich(view.seat_observation(self.state, self.ui.viewer))


class TwoHeirsUI(GameUI[TwoHeirsState]):
    name = "two-heirs"
    has_score = True
    has_data_check = True

    # ------------------------------------------------------------------ positions
    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        G = cast(TwoHeirsGame, game)  # this view's game
        sets = ", ".join(G.sets)
        mode = (_("solo against {level_names} (level {level})").format(level_names=LEVEL_NAMES[G.level], level=G.level)
                if G.level is not None else _("2 players"))  # a level exactly when solo
        roads = _("roads scored") if G.roads else _("roads not scored")
        shown = self.seed_text(seed)
        seats = " · ".join(f"{lab} = {view.SEAT_NAMES[i]} ({'south' if i == 0 else 'north'})"
                           for i, lab in enumerate(labels))
        lines = [Text(_("Two Heirs, {mode}; sets {sets}; {roads}; {shown}").format(mode=mode, sets=sets, roads=roads, shown=shown), style="bold"),
                 Text(_("Seats: ") + seats)]
        if G.solo:
            lines.append(Text(_("Heinrich = blue (north), played automatically after each of "
                                "your turns.")))
        prov = G.data_provenance()
        if prov.get("reconstructed"):
            lines.append(Text(_("Tile data: {prov} reconstructed records (the printed "
                                "manifest is not public; use --data for your own "
                                "transcription).").format(prov=prov['reconstructed']), style="dim"))
        return Group(*lines)

    def reserve_table(self, solo: bool, obs: dict) -> Table:
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=_("Royal reserve (clockwise from "
                    "the shield)"), title_justify="left")
        t.add_column("#", justify="right")
        t.add_column(pgettext("column", "tile"))
        t.add_column(pgettext("column", "colour"))
        t.add_column(pgettext("column", "white"))
        t.add_column(pgettext("column", "blue"))
        reach = obs["reach"]
        for pos, text, colour in view.reserve_lines(obs):
            marks = []
            for p in (0, 1):
                if solo and p == 1:
                    marks.append("any")
                elif pos is None:
                    marks.append("")
                else:
                    marks.append("reach" if pos <= reach[p] else "x")
            t.add_row("" if pos is None else str(pos), text,
                      Text(colour or "", style=COLOUR_STYLES[colour]), *marks)
        return t

    def status(self, s: TwoHeirsState, labels: Sequence[str], obs: dict) -> Text:
        """Supply, final round, each seat's points, reach, troops and hand, and what the
        player to move can access, from the observation ``obs`` (accessible resources:
        the state's public ``resources(player)``)."""
        G = s.game
        out = Text()
        top = _(", top tile {obs}").format(obs=obs['supply_top']) if obs["supply_top"] else ""
        out.append(_("Supply: {obs} tiles{top}.").format(obs=obs['supply_left'], top=top))
        if obs["final_turns_left"] > 0:
            out.append(_(" Final round: {obs} turn(s) left.").format(obs=obs['final_turns_left']),
                       style="bold red")  # i18n: no
        out.append("\n")
        for p in range(2):
            if G.solo and p == 1:
                tre = obs["treasures"]
                out.append(_("Heinrich (blue): {obs} points, treasures {n} on his buildings "
                             "+ {tre} in the pile, removed {n2}.\n").format(obs=obs['heinrich_score'], n=len(tre['landscape']), tre=tre['pile'], n2=len(tre['removed'])), style=SEAT_STYLES[1])
                continue
            name = labels[p] if p < len(labels) else view.SEAT_NAMES[p]
            hand = ", ".join(view.tile_text(G.tiles, t) for t in obs["hands"][p]) or "empty"
            troops = []
            for k, pos in enumerate(obs["troops"][p]):
                where = f"{pos[0]},{pos[1]}" if isinstance(pos, list) else pos
                troops.append(("retinue " if k == 0 else "") + where)
            out.append(_("{name} ({seat_names}): {obs:g} points; reach {obs2}; troops "
                         "{troops}\n").format(name=name, seat_names=view.SEAT_NAMES[p], obs=obs['scores'][p], obs2=obs['reach'][p], troops=', '.join(troops)), style=SEAT_STYLES[p])
            out.append(_("  hand: {hand}\n").format(hand=hand))
        if obs["phase"] in ("play", "siege", "discard"):
            p = obs["current_player"]
            wood, stone, wheat = s.resources(p)
            discounts = obs["discounts"]
            out.append(_("{label} to move: access {wood} wood, {stone} stone, {wheat} wheat").format(label=labels[p] if p < len(labels) else view.SEAT_NAMES[p], wood=wood, stone=stone, wheat=wheat)
                       + (_(", {discounts} discount(s) from expansions").format(discounts=discounts) if discounts else "")
                       + (_("; tile taken") if obs["taken"] else _("; take a tile (mandatory)"))
                       + (_("; extra take (Encampment)") if obs["taken"] and obs["takes_left"]
                          else ""))
        if G.solo:
            out.append(_("\nScaffold (your last building): {obs}").format(obs=obs['scaffold']))
        return out

    def position(self, state: TwoHeirsState, labels: Sequence[str],
                 viewer: int | None = None, compact: bool = False) -> RenderableType:
        if viewer is None:
            viewer = self.viewer
        obs = view.seat_observation(state, viewer)
        grid = Landscape(state, viewer=viewer)
        legend = Text(_("^ white's building (top edge north), v blue's (turned); ~ open terrain; "
                        "roads: NS one road, ns separate ends; W/B troops (* retinue, lower "
                        "case: moved); + where a tile may go")
                      + (_("; $ treasure") if state.game.solo else ""), style="dim")
        if compact:
            return Group(grid, self.status(state, labels, obs))
        return Group(grid, legend, self.reserve_table(state.game.solo, obs),
                     self.status(state, labels, obs))

    def observed(self, game: Game, obs: dict[str, Any],
                 labels: Sequence[str]) -> RenderableType:
        """The landscape, the royal reserve and each seat's points, hand and reach drawn
        from one observation alone (a seat record's replay)."""
        assert isinstance(game, TwoHeirsGame)
        grid = view.grid_of(obs, game.tiles, mark_placements=False)
        seats = Text()
        for p, label in enumerate(labels[:2]):
            hand = ", ".join(obs["hands"][p]) or "-"
            seats.append(_("{label}: {obs:g} points, reach {obs2}, hand {hand}\n").format(label=label, obs=obs['scores'][p], obs2=obs['reach'][p], hand=hand))
        top = _(", top tile {obs}").format(obs=obs['supply_top']) if obs["supply_top"] else ""
        seats.append(_("Supply: {obs} tiles{top}; phase {obs2}, turn {obs3}").format(obs=obs['supply_left'], top=top, obs2=obs['phase'], obs3=obs['turn']))
        return Group(grid_text(grid), self.reserve_table(game.solo, obs), seats)

    def round_end(self, state: TwoHeirsState, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """In a replay, the table after each round (the starting player's turn and the
        other's), before the first action of the next round: the grid and the scores."""
        if state.phase_name != "play" or state.actions_this_turn:
            return None
        obs = view.seat_observation(state, self.viewer)
        turn = obs["turn"]
        if turn < 3 or turn % 2 == 0:
            return None
        k = (turn - 1) // 2
        names = [labels[0], "Heinrich" if state.game.solo else labels[1]]
        a, b = (obs["scores"][0], obs["heinrich_score"]) if state.game.solo \
            else tuple(obs["scores"])
        return Group(Text(""), Rule(Text(_("After round {k}: {name} {a:g} · {name2} {b:g}").format(k=k, name=names[0], a=a, name2=names[1], b=b))),
                     Landscape(state, mark_placements=False, viewer=self.viewer))

    def decision(self, state: TwoHeirsState) -> str:
        obs = view.seat_observation(state, self.viewer)
        ph = obs["phase"]
        if ph == "siege":
            return _("Your second Siege Tower flanks an opponent building: destroy x,y or spare")
        if ph == "discard":
            return (_("Hand limit 3: discard a tile ({n} in hand); discard <tile>").format(n=len(obs['hands'][obs['current_player']])))
        if obs["taken"] == 0 and any(r["tile"] for r in obs["reserve"]):
            return _("Your turn: take N (mandatory), build/expand <tile> @ x,y, move/deploy/withdraw, end")
        return _("Build/expand <tile> @ x,y, move x,y->x,y, deploy x,y, withdraw x,y, or end")

    def moves(self, state: TwoHeirsState) -> RenderableType:
        out = Text()
        for group in view.move_groups(state):
            if group.label is not None:
                out.append(f"{group.kind} {group.label} @ ", style="bold")
                out.append(" | ".join(group.moves) + "\n")
            else:
                out.append("  ".join(group.moves) + "\n")
        return out

    def forced(self, state: TwoHeirsState, action: int) -> str:
        return _("the only legal move: played for you")

    def help_text(self, state: TwoHeirsState) -> str:
        return (_("A turn is several moves ending with 'end'. 'take N' takes the N-th tile "
                  "clockwise from the shield (within your reach, once per turn, mandatory); "
                  "'build <tile> @ x,y' constructs a building from your hand (x east, y north), "
                  "'expand <tile> @ x,y' lays it face down as open terrain (no cost; one "
                  "resource off one building this turn); 'move x,y->x,y', 'deploy x,y', "
                  "'withdraw x,y' move your troops (each once per turn); 'flip Encampment @ x,y' "
                  "after a take gives another take. Name a tile by its type ('inn') or id "
                  "('travel-1'). 'moves' lists every legal move, 'board' the table, 'quit' stops."))

    def help_entries(self, state: TwoHeirsState) -> Sequence[HelpEntry]:
        return help.help_entries(state.game)

    def rules_summary(self, state: TwoHeirsState) -> RulesSummary | None:
        return help.rules_summary(state)

    def narrator(self, labels: Sequence[str], console: Console) -> TwoHeirsNarrator:
        return TwoHeirsNarrator(self, labels, console)

    # ------------------------------------------------------------------ results
    def breakdown_table(self, bd: Breakdown, tiles: TileSet, title: str) -> Table:
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=Text(title), title_justify="left")
        t.add_column(pgettext("column", "where"))
        t.add_column(pgettext("column", "building"))
        t.add_column(pgettext("column", "points"), justify="right")
        t.add_column(pgettext("column", "how"))
        for b in buildings_of(bd):
            tile = tiles.tiles[b.tile]
            pts = f"{b.base} x2 = {b.points}" if b.doubled else str(b.points)
            t.add_row(f"{b.position[0]},{b.position[1]}",
                      f"{TYPE_NAMES[tile.type]} ({tile.id})", pts, b.detail)
        for r in roads_of(bd):
            if r.points:
                ends = " ".join(f"{p[0]},{p[1]}" for p in r.road.tiles)
                t.add_row("road", ends, str(r.points),
                          _("buildings white {building}, blue {building2}").format(building=r.road.buildings[0], building2=r.road.buildings[1]))
        treasures = treasures_of(bd)
        if treasures:
            t.add_row("", _("{treasures} treasures").format(treasures=treasures), str(bd.points("treasures")), _("5 each"))
        t.add_row("", Text("total", style="bold"), Text(str(bd.total), style="bold"), "")
        return t

    def final(self, state: TwoHeirsState, labels: Sequence[str],
              detailed: bool = True) -> RenderableType:
        G = state.game
        bds = view.breakdowns(view.seat_observation(state, self.viewer))
        parts: list[RenderableType] = []
        names = [labels[0], "Heinrich" if G.solo else labels[1]]
        if detailed:
            parts.append(Landscape(state, mark_placements=False, viewer=self.viewer))
            for p in (0, 1):
                parts.append(self.breakdown_table(bds[p], G.tiles,
                                                  f"{names[p]} ({view.SEAT_NAMES[p]})"))
        a, b = bds[0].total, bds[1].total
        if G.solo:
            result = (_("You win, {a} to {b}.").format(a=a, b=b) if a > b else
                      _("Heinrich wins, {b} to {a}.").format(b=b, a=a) if b > a else
                      _("Tie at {a}: Heinrich wins ties (you lose).").format(a=a))
        else:
            win = state.winners()
            if len(win) == 1:
                w = win[0]
                obs = state.observation(w)
                why = "" if a != b else (_(" (tie at {a}; more troops in the royal reserve: "
                                           "{troops_in_reserve} to {troops_in_reserve2})").format(a=a, troops_in_reserve=view.troops_in_reserve(obs, w), troops_in_reserve2=view.troops_in_reserve(obs, 1 - w)))
                result = _("{name} wins, {high} to {low}{why}.").format(
                    name=names[w], high=max(a, b), low=min(a, b), why=why)
            else:
                result = _("Tie at {a} with equal troops in the reserve: no winner.").format(a=a)
        parts.append(Text(f"{names[0]} {a} · {names[1]} {b}. {result}", style="bold green"))  # i18n: no
        return Group(*parts)

    # ------------------------------------------------------------------ commands
    def score(self, request: ScoreRequest, console: Console) -> None:
        request.refuse(("--data",), "Two Heirs", _("docs/games/two-heirs-score-format.md: a "
                         "landscape file says 'roads off' or 'solo N' itself"))
        text, source = request.one_text("Two Heirs")
        tiles = load_tiles(request.data) if request.data else load_tiles()
        sheet, bds = score_text(text, tiles, source=source)
        console.print(Text(_("Landscape from {source}").format(source=source), style="bold"))
        console.print(Text(format_breakdown(tiles, sheet, bds).rstrip("\n")))

    def check_data(self, path: Path, console: Console) -> bool:
        try:
            raw = read_toml(path)
        except DataError as exc:
            console.print(Text(str(exc), style="bold red"))  # i18n: no
            return False
        kind = "treasures" if "treasures" in raw and "tiles" not in raw else "tiles"
        try:
            data = load_treasures(path) if kind == "treasures" else load_tiles(path)
        except DataError as exc:
            print_invalid_data(console, path, kind, exc)
            return False
        prov = ", ".join(f"{n} {k}" for k, n in data.provenance_summary().items())
        records = data.treasures if isinstance(data, TreasureSet) else data.tiles
        console.print(Text(_("OK: {n} {kind}, provenance {prov} (file: {provenance})").format(
            n=len(records), kind=kind, prov=prov, provenance=data.provenance),
            style="bold green"))  # i18n: no
        bundled = load_treasures() if kind == "treasures" else load_tiles()
        if data.digest() == bundled.digest():
            console.print(_("Same content as the bundled (reconstructed) file."))
        else:
            mine = {r.id: r for r in records}
            theirs = {r.id: r for r in (bundled.treasures if isinstance(bundled, TreasureSet)
                                        else bundled.tiles)}
            changed = sorted(i for i in mine if i in theirs and
                             mine[i].model_dump(exclude={"provenance", "source", "note",
                                                         "field_provenance"})
                             != theirs[i].model_dump(exclude={"provenance", "source", "note",
                                                              "field_provenance"}))
            console.print(Text(_("Differs from the bundled reconstruction: {n} record(s) "
                                 "changed").format(n=len(changed))
                               + (f" ({', '.join(changed[:12])}{' ...' if len(changed) > 12 else ''})"
                                  if changed else "")
                               + _("; play with it: --data FILE"), style="yellow"))
        return True


register_ui(TwoHeirsUI())
