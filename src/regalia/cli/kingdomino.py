"""Kingdomino in the terminal: coloured kingdoms and lines, the course of a game, scores.

The plain text (tokens, coordinates, sentences) comes from
:mod:`regalia.games.kingdomino.view`, built from the observation; moves are read with
``state.decode``. This module only lays it out and colours it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from regalia.core.breakdown import Breakdown
from regalia.core.errors import DataError, ParameterError
from regalia.core.game import Game
from regalia.core.help import HelpEntry, RulesSummary
from regalia.games.kingdomino import KingdominoState, help, view
from regalia.games.kingdomino.actions import Discard, Draw, KingDraw, Place
from regalia.games.kingdomino.components import load_dominoes
from regalia.games.kingdomino.rules import VARIANTS
from regalia.games.kingdomino.textformat import parse_table, ranking, result, score_kingdoms

from .frontends import GameUI, Narrator, ScoreRequest, print_invalid_data, register_ui
from .score_assistant import totals_table
from regalia.core.i18n import _, format_number, ngettext, pgettext

#: Style of a square, by the first letter of its token.
TILE_STYLES = {
    "W": "black on yellow",          # wheat i18n: no
    "F": "bold white on green",      # forest i18n: no
    "L": "bold white on blue",       # lake i18n: no
    "G": "black on bright_green",    # grassland i18n: no
    "S": "black on dark_khaki",      # swamp i18n: no
    "M": "bold black on grey58",     # mine i18n: no
    "C": "bold white on magenta",    # castle i18n: no
    ".": "dim",
}

TERRAIN_STYLES = {name: TILE_STYLES[name[0].upper()] for name in
                  ("wheat", "forest", "lake", "grassland", "swamp", "mine")}


def tile(token: str, width: int = view.CELL_WIDTH) -> Text:
    """One square, padded to ``width`` and coloured by terrain."""
    return Text(token.ljust(width), style=TILE_STYLES.get(token[:1], ""))


def code_text(code: str) -> Text:
    """A domino code (``F*/W``) with each half coloured."""
    first, second = view.split_code(code)
    return Text.assemble((first, TILE_STYLES.get(first[:1], "")), "/",
                         (second, TILE_STYLES.get(second[:1], "")))


def domino_text(number: int, code: str) -> Text:
    return Text.assemble(f"{number} (", code_text(code), ")")


def grid_text(grid: view.KingdomGrid, coordinates: bool = True) -> Text:
    """A :class:`~regalia.games.kingdomino.view.KingdomGrid` as coloured text."""
    w = grid.cell_width
    label_w = grid.label_width if coordinates else 0
    out = Text()
    if coordinates:
        out.append(" " * label_w + "".join(c.ljust(w) for c in grid.columns).rstrip(),
                   style="dim")
        out.append("\n")
    for i, (num, row) in enumerate(zip(grid.rows, grid.cells)):
        if coordinates:
            out.append(str(num).rjust(label_w - 1) + " ", style="dim")
        for j, tok in enumerate(row):
            last = j == len(row) - 1
            if tok == "." and last:
                out.append(".", style="dim")
            else:
                out.append_text(tile(tok, w))
        if i < len(grid.rows) - 1:
            out.append("\n")
    return out


def kingdom_block(table: view.Table, player: int, title: str,
                  margin: bool = True, style: str = "bold") -> RenderableType:
    return Group(Text(title, style=style), grid_text(view.kingdom_grid(table, player, margin)))


def _points(n: int | float) -> str:
    n = int(n)
    return ngettext("{n} point", "{n} points", n).format(n=format_number(n))


class FitScreen:
    """The full table, or the compact one when the full one would not fit the terminal
    (taller than the screen less room for the turn's narration and the prompt, or wider).
    Output that is not a terminal always gets the full table."""

    #: Lines kept free for the course of the turn, the decision and the prompt.
    RESERVED = 7

    def __init__(self, full: RenderableType, small: RenderableType):
        self.full, self.small = full, small

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not console.is_terminal:
            yield self.full
            return
        lines = console.render_lines(self.full, options, pad=False)
        too_wide = any(len(line) and sum(len(seg.text) for seg in line) > options.max_width
                       for line in lines)
        yield self.small if too_wide or len(lines) > console.height - self.RESERVED \
            else self.full


class KingdominoNarrator(Narrator[KingdominoState]):
    """The course of a game: each line as it is drawn, one line per turn (place + pick)."""

    ui: KingdominoUI

    def __init__(self, ui: KingdominoUI, labels: Sequence[str], console: Console):
        super().__init__(ui, labels, console)
        self.pending: tuple[int, Text] | None = None
        self.game_no = 0
        self.width = max(len(x) for x in self.labels)

    def _line(self, player: int, body: Text) -> None:
        self.console.print(Text.assemble("  ", (self.labels[player].ljust(self.width),
                                                "bold"), "  ", body))

    def flush(self) -> None:
        if self.pending is not None:
            self._line(*self.pending)
            self.pending = None

    def step(self, state: KingdominoState, action: int) -> None:
        G = state.game
        info = view.round_info(state)
        if info.game - 1 != self.game_no:
            self.flush()
            self.game_no = info.game - 1
            totals = " · ".join(f"{self.labels[p]} {s}" for p, s in enumerate(state.scores()))
            self.console.print()
            self.console.print(Text(_("End of game {game_no} of {num_games}. Totals: {totals}").format(game_no=self.game_no, num_games=G.num_games, totals=totals), style="bold"))
            self.console.print(Rule(_("Game {game_no} of {num_games}").format(game_no=self.game_no + 1, num_games=G.num_games)))
        move = state.decode(action)
        if isinstance(move, Draw):
            done = view.line_completed_by(state, action)
            if done is not None:
                self.flush()
                line_no, line = done
                out = Text.assemble((_("Line {line_no}/{num_lines}:").format(
                    line_no=line_no, num_lines=G.num_lines), "bold cyan"))  # i18n: no
                for d in line:
                    out.append(f"  {d} ")
                    out.append_text(code_text(G.code[d]))
                if not self.ui.is_compact(self.console):
                    self.console.print()
                self.console.print(out)
                if line_no == 1:
                    self.console.print(Text(_("  kings are drawn at random to choose first"),
                                            style="dim"))
            return
        if isinstance(move, KingDraw):
            return
        player = state.current_player()
        if isinstance(move, (Place, Discard)):
            self.flush()
            if info.last_round and view.line_entries(state, "current")[0].domino == move.domino:
                self.console.print()
                self.console.print(Text(_("Last round: no new line, kings place their dominoes"),
                                        style="bold cyan"))  # i18n: no
            assert move.domino is not None and move.code is not None  # phase place
            dom = domino_text(move.domino, move.code)
            if isinstance(move, Discard):
                body = Text.assemble((_("cannot place "), "yellow"), dom, (_(": discarded"), "yellow"))
            else:
                body = Text.assemble(pgettext("narration", "places "), dom,
                                     _(" at {notation}").format(notation=move.notation))
            self.pending = (player, body)
            return
        pick = Text.assemble(pgettext("narration", "picks "),
                             domino_text(move.domino, move.code))
        if self.pending is not None and self.pending[0] == player:
            body = self.pending[1]
            body.append(", ")
            body.append_text(pick)
            self.pending = None
            self._line(player, body)
        else:
            self.flush()
            self._line(player, pick)


class KingdominoUI(GameUI[KingdominoState]):
    name = "kingdomino"
    has_score = True
    has_data_check = True

    # ------------------------------------------------------------------ positions
    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        variants = ", ".join(game.params.get("variants") or []) or pgettext("variants", "none")
        extra = _(", dominoes from {param}").format(param=game.params['data']) if game.params.get("data") else ""
        shown = self.seed_text(seed)
        return Group(
            Text(_("Kingdomino, {num_players} players, variants: {variants}, {shown}{extra}").format(num_players=game.num_players, variants=variants, shown=shown, extra=extra), style="bold"),
            Text(_("Seats: ") + ", ".join(labels)))

    def is_compact(self, console: Console) -> bool:
        """Whether this console gets the compact table (``--compact``, or a terminal with
        fewer lines than the full 4-player table needs)."""
        return self.layout == "compact" or (self.layout == "auto" and console.is_terminal
                                            and console.height < 40)

    def round_title(self, state: KingdominoState) -> str:
        info = view.round_info(state)
        parts = []
        if info.games > 1:
            parts.append(_("Game {game} of {games}").format(game=info.game, games=info.games))
        parts.append(_("Round {line} of {lines}").format(line=info.line, lines=info.lines) if info.line
                     else _("choosing from the first line"))
        parts.append(_("{left_to_draw} dominoes left to draw").format(left_to_draw=info.left_to_draw))
        return " · ".join(parts)

    def line_table(self, table: view.Table, which: str,
                   labels: Sequence[str], title: str | None = None,
                   marks: bool = True) -> RenderableType:
        """A line, one domino per row with the king on it; ``marks``: ``>`` the domino to
        place now, ``-`` those placed this round (current line only)."""
        entries = view.line_entries(table, which)
        t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold",
                  pad_edge=False)
        t.add_column(title or {"current": _("Current line"), "next": _("Next line")}.get(
            which, which.capitalize()), no_wrap=True)
        t.add_column(pgettext("column", "king"), no_wrap=True)
        if not entries:
            t.add_row(Text(_("(none)"), style="dim"), "")
        for e in entries:
            status = e.status if marks else ""
            mark = {"active": "> ", "placed": "- "}.get(status, "  ")
            dom = Text.assemble(mark, f"{e.domino:>2} ", code_text(e.code))
            if status == "placed":
                dom.stylize("dim")
            who = Text(labels[e.player]) if e.player is not None else Text("free", "dim")
            t.add_row(dom, who)
        return t

    def position(self, state: KingdominoState, labels: Sequence[str],
                 viewer: int | None = None, compact: bool = False) -> RenderableType:
        table = view.observe(state, viewer)
        scores = table["scores"]

        def title(p: int) -> str:
            return f"{labels[p]}: {_points(scores[p])}"

        if compact and viewer is not None:
            return Group(kingdom_block(table, viewer, title(viewer), style="bold yellow"),  # i18n: no
                         Text(""), self.line_table(table, "next", labels),
                         Text(_("('board' shows every kingdom)"), style="dim"))
        kingdoms = Columns([kingdom_block(table, p, title(p),
                                          style="bold yellow" if p == viewer else "bold")  # i18n: no
                            for p in range(state.game.num_players)], padding=(1, 3))
        lines = Table.grid(padding=(0, 4))
        lines.add_column()
        lines.add_column()
        lines.add_row(self.line_table(table, "current", labels),
                      self.line_table(table, "next", labels))
        full = Group(Rule(self.round_title(state)), kingdoms, Text(""), lines)
        if self.layout == "full":
            return full
        small = self.compact_table(state, labels, viewer)
        return small if self.layout == "compact" else FitScreen(full, small)

    def compact_table(self, state: KingdominoState, labels: Sequence[str],
                      viewer: int | None = None) -> RenderableType:
        """The whole table in at most about 17 lines of 70 columns (``play --compact``, or
        automatic in a small terminal): the kingdom of ``viewer`` (or of the player to act)
        with coordinates beside both lines, the other kingdoms side by side below, cropped
        to their squares; squares as ``F2`` (terrain letter, crowns)."""
        n = state.game.num_players
        me = viewer if viewer is not None and viewer >= 0 else max(state.current_player(), 0)
        table = view.observe(state, me)
        scores = table["scores"]
        short = [lab.split(" (")[0] for lab in labels]
        top = Table.grid(padding=(0, 3))
        top.add_column(no_wrap=True)
        top.add_column(no_wrap=True)
        top.add_row(grid_text(view.compact_grid(view.kingdom_grid(table, me))),
                    self.lines_compact(table, short))
        others = Table.grid(padding=(0, 3))
        blocks = []
        for p in range(n):
            if p == me:
                continue
            others.add_column(no_wrap=True, max_width=22, overflow="ellipsis")
            blocks.append(Group(
                Text(f"{short[p]}: {_points(scores[p])}", style="bold", no_wrap=True,
                     overflow="ellipsis"),
                grid_text(view.compact_grid(view.kingdom_grid(table, p, margin=False)),
                          coordinates=False)))
        others.add_row(*blocks)
        head = f"{short[me]}: {_points(scores[me])} · {self.round_title(state)}"
        return Group(Rule(head, style="yellow"), top, others)

    def lines_compact(self, table: view.Table, short: Sequence[str]) -> Table:
        """Both lines in one table: current (``>`` to place now, ``-`` placed) and next,
        each domino with the short label of the king on it."""
        t = Table(box=None, padding=(0, 1), show_header=True, header_style="bold",
                  pad_edge=False)
        for title in (_("Current"), pgettext("column", "king"), _("Next"), pgettext("column", "king")):
            t.add_column(title, no_wrap=True)
        cur, nxt = view.line_entries(table, "current"), view.line_entries(table, "next")
        for i in range(max(len(cur), len(nxt), 1)):
            row: list[RenderableType] = []
            for entries, marks in ((cur, True), (nxt, False)):
                if i >= len(entries):
                    row += [Text(_("(none)") if i == 0 else "", style="dim"), Text("")]
                    continue
                e = entries[i]
                mark = {"active": ">", "placed": "-"}.get(e.status, " ") if marks else ""
                dom = Text.assemble(mark, f"{e.domino:>2} ", code_text(e.code))
                if marks and e.status == "placed":
                    dom.stylize("dim")
                row += [dom, Text(short[e.player]) if e.player is not None
                        else Text("free", "dim")]
            t.add_row(*row)
        return t

    def round_end(self, state: KingdominoState, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """The table between two rounds of a replay, compactly: each kingdom cropped to its
        squares (with coordinates) and its points, and the line the kings just chose; after
        a game of a Dynasty, that game's final kingdoms."""
        G = state.game
        table = view.observe(state)
        dynasty = _("Game {table} of {num_games} · ").format(table=table['game_number'], num_games=G.num_games) if G.num_games > 1 else ""
        game_no = view.game_just_ended(state)
        if game_no is not None:
            grids = view.finished_kingdoms(state)
            points = [state.breakdown(p).of("previous_game")[-1].points
                      for p in range(G.num_players)]
            blocks: list[RenderableType] = [
                Group(Text(f"{labels[p]}: {_points(points[p])}", style="bold"),
                      grid_text(grids[p]))
                for p in range(G.num_players)]
            return Group(Text(""), Rule(_("Game {game_no} of {num_games}: final kingdoms").format(game_no=game_no, num_games=G.num_games)),
                         Columns(blocks, padding=(0, 3)))
        k = view.round_just_ended(state)
        if k is None:
            return None
        scores = table["scores"]
        blocks = [kingdom_block(table, p, f"{labels[p]}: {_points(scores[p])}", margin=False)
                  for p in range(G.num_players)]
        parts: list[RenderableType] = [
            Text(""), Rule(_("{dynasty}After round {k} of {num_lines}").format(dynasty=dynasty, k=k, num_lines=G.num_lines)),
            Columns(blocks, padding=(0, 3)),
            self.line_table(table, "current", labels, title=_("Kings for the next round"),
                            marks=False)]
        return Group(*parts)

    def decision(self, state: KingdominoState) -> str:
        text = view.describe_decision(state)
        tp = view.to_place(state)
        if tp is not None and tp.placements:
            text += _(": squares for {first} then {second}, e.g. d5-e5").format(first=tp.first, second=tp.second)
        elif view.observe(state)["phase"] == "pick":
            text += _(": type its number")
        return text

    def moves(self, state: KingdominoState) -> RenderableType:
        groups = view.grouped_moves(state)
        tp = view.to_place(state)
        if tp is None:
            return Text(_("Free dominoes: ") + ", ".join(groups))
        if groups == ["discard"]:
            return Text(_("No placement is legal: 'discard'"))
        count = tp.placements
        head = Text.assemble(ngettext("{count} legal placement of ", "{count} legal placements of ",
                                      count).format(count=count),
                             domino_text(tp.domino, tp.code),
                             _(" (first square gets {first}, second {second}):").format(first=tp.first, second=tp.second))
        return Group(head, *(Text("  " + g) for g in groups))

    def forced(self, state: KingdominoState, action: int) -> str:
        return view.forced_action_text(state, action)

    def help_text(self, state: KingdominoState) -> str:
        return view.NOTATION_HELP

    def help_entries(self, state: KingdominoState) -> Sequence[HelpEntry]:
        return help.help_entries(state.game)

    def rules_summary(self, state: KingdominoState) -> RulesSummary | None:
        return help.rules_summary(state)

    def narrator(self, labels: Sequence[str], console: Console) -> KingdominoNarrator:
        return KingdominoNarrator(self, labels, console)

    # ------------------------------------------------------------------ results
    def beside_breakdown(self, kingdom: RenderableType, bd: Breakdown,
                         group_crownless: bool = False) -> Table:
        """A kingdom's grid (never wrapped) with its :meth:`breakdown_table` to the right,
        3 columns apart (the final kingdoms, ``regalia score``)."""
        row = Table.grid(padding=(0, 3))
        row.add_column(no_wrap=True)
        row.add_column()
        row.add_row(kingdom, self.breakdown_table(bd, group_crownless))
        return row

    def breakdown_table(self, bd: Breakdown, group_crownless: bool = False) -> Table:
        rows = view.breakdown_rows(bd, group_crownless)
        total = rows.pop()
        t = Table(box=box.SIMPLE, padding=(0, 1), pad_edge=False, show_edge=False,
                  show_footer=True, footer_style="bold")
        t.add_column(pgettext("column", "property"), no_wrap=True, footer=total[0])
        t.add_column(pgettext("column", "squares"), justify="right")
        t.add_column(pgettext("column", "crowns"), justify="right")
        t.add_column(pgettext("column", "points"), justify="right", footer=total[3])
        for item, squares, crowns, pts in rows:
            if item in TERRAIN_STYLES:
                label = Text(item, style=TERRAIN_STYLES[item])
            else:
                label = Text(item)
            t.add_row(label, squares, crowns, pts, style="dim" if crowns == "0" else "")
        return t

    def final(self, state: KingdominoState, labels: Sequence[str],
              detailed: bool = True) -> RenderableType:
        G = state.game
        table = view.observe(state)
        parts: list[RenderableType] = []
        if detailed:
            parts.append(Rule(_("Final kingdoms and scores")))
            for p in range(G.num_players):
                bd = state.breakdown(p)
                row = self.beside_breakdown(grid_text(view.kingdom_grid(table, p, margin=False)),
                                            bd, group_crownless=True)
                parts += [Text(f"{labels[p]}: {_points(bd.total)}", style="bold"), row,
                          Text("")]
        keys = state.tie_break_keys()
        winners = state.winners()
        t = Table(title=_("Result"), title_justify="left", title_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False)
        t.add_column(pgettext("column", "rank"), justify="right")
        t.add_column(pgettext("column", "seat"))
        t.add_column(pgettext("column", "points"), justify="right")
        t.add_column(_("largest property"), justify="right")
        t.add_column(pgettext("column", "crowns"), justify="right")
        rank = 0
        prev = None
        for i, p in enumerate(view.standings(state)):
            if keys[p] != prev:
                rank, prev = i + 1, keys[p]
            t.add_row(str(rank), Text(labels[p]), str(keys[p][0]), str(keys[p][1]), str(keys[p][2]),
                      style="bold green" if p in winners else "")  # i18n: no
        parts += [t, Text(view.winner_text(state, labels), style="bold green")]  # i18n: no
        return Group(*parts)

    # ------------------------------------------------------------------ score, data check
    def score(self, request: ScoreRequest, console: Console) -> None:
        request.refuse(("--variant", "--size", "--discarded"), "Kingdomino",
                       _("regalia score --help"))
        text, source = request.one_text("Kingdomino")
        variants, size, discarded = request.variants, request.size, request.discarded
        allowed = ("middle-kingdom", "harmony", "mighty-duel")
        flat = [v.strip().lower().replace("_", "-")
                for item in variants for v in item.replace(",", " ").split()]
        for v in flat:
            if v not in allowed:
                known = v in VARIANTS
                message = (_("variant {v!r} does not change how a kingdom scores; --variant "
                             "takes: {allowed}") if known else
                           _("variant {v!r} is unknown; --variant takes: {allowed}"))
                raise ParameterError(message.format(v=v, allowed=", ".join(allowed)))
        if size is not None and size not in (5, 7):
            raise ParameterError(_("--size must be 5 (a normal kingdom) or 7 (The Mighty "
                                   "Duel), not {size}").format(size=size))
        if discarded < 0:
            raise ParameterError(_("--discarded must be 0 or more"))
        table = parse_table(text, source=source, size=request.size, variants=flat,
                            discarded=discarded or None)
        scored = score_kingdoms(table)
        size = table.size
        for entry, s in zip(table.kingdoms, scored):
            grid = view.text_kingdom_grid(entry.kingdom)
            row = self.beside_breakdown(grid_text(grid, coordinates=False), s.breakdown)
            head = f"{entry.name}: " if table.named else _("Kingdom ")
            console.print(Text(_("{head}from {source} ({size}x{size})").format(head=head, source=source, size=size), style="bold"))
            console.print(row)
            console.print(Text(_("Total: {points}").format(points=_points(s.total)),
                               style="bold green"))  # i18n: no
            for warning in s.warnings:  # the score stands; the grid looks mistyped
                console.print(Text(_("Warning: {warning}").format(warning=warning), style="yellow"))
        if len(scored) > 1:
            console.print(totals_table([s.name for s in scored],
                                       [("points", [s.total for s in scored]),
                                        (_("largest property"), [s.largest for s in scored]),
                                        ("crowns", [s.crowns for s in scored])],
                                       [i for i, r in enumerate(ranking(scored)) if r == 1]))
            console.print(Text(_("Result: {result}.").format(result=result(scored)),
                               style="bold green"))  # i18n: no

    def check_data(self, path: Path, console: Console) -> bool:
        try:
            dominoes = load_dominoes(path)
        except DataError as exc:
            print_invalid_data(console, path, "dominoes", exc)
            return False
        prov = ", ".join(f"{n} {k}" for k, n in dominoes.provenance_summary().items())
        console.print(Text(_("OK: {n} dominoes, provenance {prov} (file: {provenance})").format(
            n=len(dominoes.dominoes), prov=prov, provenance=dominoes.provenance),
            style="bold green"))  # i18n: no
        diffs = dominoes.differences_from(load_dominoes())
        if diffs:
            several = len(diffs) != 1
            console.print(Text(ngettext("Warning: {n} domino differs from the bundled verified set:",
                                        "Warning: {n} dominoes differ from the bundled verified set:",
                                        len(diffs)).format(n=len(diffs)),
                               style="yellow"))
            for d in diffs:
                console.print(Text("  " + d, style="yellow"))
        else:
            console.print(_("Same dominoes as the bundled verified set."))
        return True


register_ui(KingdominoUI())
