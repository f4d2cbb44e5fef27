"""Cascadito in the terminal: the hex sheet with marks and towns by colour, the success
tracks, rivers, achievements and the dice pool; final scores itemised; ``data check`` of a
transcribed sheet.

The plain text (tokens, coordinates, sentences) comes from
:mod:`regalia.games.cascadito.view`; this module only lays it out and colours it.
"""

from __future__ import annotations

from functools import partial
from collections.abc import Collection, Sequence
from typing import cast
from pathlib import Path

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from regalia.core.errors import DataError, NotationError, ParameterError
from regalia.core.game import Game
from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.state import State
from regalia.games.cascadito import (SHEET_NUMBERS, CascaditoGame, CascaditoState, help,
                                     load_sheet, view)
from regalia.games.cascadito.interview import SheetInterview
from regalia.games.cascadito.tables import SheetTables
from regalia.games.cascadito.textformat import ScoredSheets, score_texts, sheet_tables, winner

from .frontends import GameUI, Narrator, ScoreRequest, print_invalid_data, register_ui
from .score_assistant import ask_valid, steps_table, totals_table
from regalia.core.i18n import _, ngettext, format_number, pgettext

#: Style of a town (and of its die and track) by colour.
COLOUR_STYLES = {
    "blue": "bold white on blue",  # i18n: no
    "yellow": "bold black on yellow",  # i18n: no
    "orange": "bold black on dark_orange",  # i18n: no
    "pink": "bold black on hot_pink",  # i18n: no
    "white": "bold black on white",  # i18n: no
}
FG_STYLES = {"blue": "bold blue", "yellow": "bold yellow", "orange": "bold dark_orange",  # i18n: no
             "pink": "bold hot_pink", "white": "bold white"}  # i18n: no
MARK_STYLE = "bold black on green"  # i18n: no
TARGET_STYLE = "bold black on bright_cyan"  # i18n: no
LETTER_COLOURS = {c[0].upper(): c for c in COLOUR_STYLES}


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=format_number(n))


def dice_text(pool: str) -> Text:
    """The dice pool, one coloured letter per die."""
    if pool == "-":
        return Text(_("(empty)"), style="dim")
    out = Text()
    for i, ch in enumerate(pool):
        if i:
            out.append(" ")
        out.append(f" {ch} ", style=COLOUR_STYLES[LETTER_COLOURS[ch]])
    return out


def sheet_text(game: CascaditoGame, obs: view.Observation, player: int,
               targets: Collection[tuple[int, int]] = ()) -> Text:
    """``player``'s sheet: hex ``(x, y)`` at column ``2x`` of row ``y`` (odd rows half a hex
    to the right), row letters on the left, positions of the even rows above.
    ``targets``: the hexes this decision may mark stand out (cyan)."""
    hexes = view.sheet_hexes(game, obs, player)
    width = max(h.x for h in hexes) + 1
    rows: dict[int, list[view.Hex]] = {}
    for h in hexes:
        rows.setdefault(h.y, []).append(h)
    out = Text()
    out.append("   " + "".join(f"{k + 1:<4}" for k in range((width + 1) // 2)).rstrip(),
               style="dim")
    for y in sorted(rows):
        out.append("\n")
        out.append(f"{chr(ord('a') + y)}  ", style="dim")
        col = 0
        for h in sorted(rows[y], key=lambda h: h.x):
            out.append(" " * (2 * h.x - col))
            col = 2 * h.x + 1
            if h.marked:
                style = MARK_STYLE
            elif (h.x, h.y) in targets:
                style = TARGET_STYLE
            elif h.kind == "town":
                style = COLOUR_STYLES[h.colour]
            elif h.kind == "river":
                style = "bold blue"  # i18n: no
            elif h.token == "^":
                style = FG_STYLES.get(h.colour, "")
            elif h.token == ".":
                style = "dim"
            else:
                style = "bold"
            out.append(h.token, style=style)
    return out


def tracks_table(game: CascaditoGame, obs: view.Observation, player: int) -> Table:
    """The success tracks side by side, top space first; marked spaces ``[in brackets]``
    and green; ``+T`` ``+F`` ``+R`` the action icons, ``f1``/``f2`` the achievement
    banners (the space they stand beside)."""
    cols = view.track_columns(game, obs, player)
    t = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    t.add_column("", style="dim", justify="right")
    for c in cols:
        t.add_column(Text(c["colour"], style=FG_STYLES[c["colour"]]), justify="right",
                     no_wrap=True, min_width=len(c["colour"]))
    height = max(len(c["spaces"]) for c in cols)
    home = [_("castle {c}").format(c=c['home']) if c["home"] else "" for c in cols]
    if any(home):
        t.add_row("", *[Text(h, style="bold magenta") for h in home])  # i18n: no
    for j in range(height - 1, -1, -1):
        cells = []
        banner = ""
        for c in cols:
            if j >= len(c["spaces"]):
                cells.append(Text(""))
                continue
            pts, icon, fleurs, highlight = c["spaces"][j]
            if fleurs:
                banner = f"f{fleurs}"
            marked = j < c["height"]
            text = f"[{pts}{icon}]" if marked else f"{pts}{icon}"
            style = MARK_STYLE if marked else ("underline" if highlight else "")
            cells.append(Text(text, style=style))
        t.add_row(banner, *cells)
    return t


def achievements_table(game: CascaditoGame, obs: view.Observation, player: int) -> Table:
    t = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    t.add_column(pgettext("column", "row"), style="dim", no_wrap=True)
    t.add_column(pgettext("column", "achievement"))
    t.add_column(pgettext("column", "reward"), no_wrap=True)
    t.add_column(pgettext("column", "status"), no_wrap=True)
    for row, text, reward, status in view.achievement_rows(game, obs, player):
        style = {"claimed": "bold green", "open": "",  # i18n: no
                 "met: claim it": "bold cyan"}.get(status, "dim")  # i18n: no
        t.add_row(row, Text(text, style=style), reward, Text(status, style=style))
    return t


def _summary(game: CascaditoGame, obs: view.Observation, p: int, label: str) -> Text:
    return Text(view.summary_line(game, obs, p, label))


def _seat_seen(state: State) -> int:
    """The seat whose observation a shared screen shows (every sheet is public)."""
    return max(state.current_player(), 0)


class CascaditoUI(GameUI[CascaditoState]):
    name = "cascadito"
    has_data_check = True

    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        sheet = cast(CascaditoGame, game).sheet  # this view's game
        kind = (_("a reconstruction, not the printed sheet") if sheet.provenance == "reconstructed"
                else _("provenance {provenance}").format(provenance=sheet.provenance))
        source = _(" from {param}").format(param=game.params['data']) if game.params.get("data") else ""
        mode = "solo" if game.num_players == 1 else _("{num_players} players").format(num_players=game.num_players)
        variants = ", ".join(game.params.get("variants") or [])
        shown = self.seed_text(seed)
        return Group(
            Text(_("Cascadito, play sheet {number} '{title}' ({kind}){source}, "
                   "{mode}{value}, {shown}").format(number=sheet.number, title=sheet.title, kind=kind, source=source, mode=mode, value=', ' + variants if variants else '', shown=shown), style="bold"),
            Text(_("Seats (home castles blue, yellow, orange, pink): ") + ", ".join(labels)))

    def sheet_block(self, state: CascaditoState, obs: view.Observation, player: int, title: str,
                    style: str = "bold", compact: bool = False) -> RenderableType:
        game = state.game
        mine = state.current_player() == player and not state.is_terminal()
        targets = view.target_hexes(state) if mine else set()
        grid = Columns([sheet_text(game, obs, player, targets),
                        tracks_table(game, obs, player)], padding=(0, 3))
        parts: list[RenderableType] = [Text(title, style=style), grid]
        for line in view.river_line(game, obs, player):
            parts.append(Text(_("River ") + line, style="blue"))
        bandits = view.bandit_line(game, obs, player)
        if bandits:
            parts.append(Text(bandits))
        if compact:
            claimed = len(obs["sheets"][player]["claimed"])
            parts.append(Text(_("Achievements claimed: {claimed} of {num_achievements} "
                                "('board' lists them)").format(claimed=claimed, num_achievements=game.tables.num_achievements),
                              style="dim"))
        else:
            parts.append(achievements_table(game, obs, player))
        return Group(*parts)

    def position(self, state: CascaditoState, labels: Sequence[str],
                 viewer: int | None = None, compact: bool = False) -> RenderableType:
        game = state.game
        obs = state.observation(viewer if viewer is not None else _seat_seen(state))
        scores = obs["scores"]
        n = game.num_players
        focus = viewer if viewer is not None else _seat_seen(state)
        parts: list[RenderableType] = [Rule(view.title(game, obs)),
                                       Text.assemble(_("Dice pool: "), dice_text(obs["pool"]))]
        if obs["tasks"]:
            parts.append(Text(_("Actions waiting: ") + ", ".join(obs["tasks"]), style="cyan"))
        order = [focus] + ([p for p in range(n) if p != focus] if not compact else [])
        full = viewer is None or not compact
        others: list[RenderableType] = []
        for p in order:
            title = f"{labels[p]}: {_points(scores[p])}"
            if p == focus or (full and viewer is None):
                parts += [Text(""), self.sheet_block(state, obs, p, title,
                                                     "bold yellow" if p == viewer else "bold",  # i18n: no
                                                     compact=compact)]
            elif full:
                # every other sheet, compactly: the summary line over the marked sheet
                others.append(Group(_summary(game, obs, p, labels[p]),
                                    sheet_text(game, obs, p)))
            else:
                parts.append(_summary(game, obs, p, labels[p]))
        if others:
            parts += [Text(""), Columns(others, padding=(1, 4))]
        if compact and n > 1:
            parts.append(Text(_("('board' shows every sheet)"), style="dim"))
        return Group(*parts)

    def decision(self, state: CascaditoState) -> str:
        return view.describe_decision(state)

    def moves(self, state: CascaditoState) -> RenderableType:
        acts = [state.decode(a) for a in state.legal_actions()]
        if acts and acts[0].kind in ("claim", "decline"):
            seat = state.current_player()
            obs = state.observation(seat)
            rows = {r[0]: r for r in view.achievement_rows(state.game, obs, seat)}
            lines = [Text(_("{n} achievement(s) met (or 'decline'; a declined claim stays "
                            "open):").format(n=len(acts) - 1))]
            for act in acts:
                if act.kind == "claim":
                    _kind, desc, reward, _extra = rows[act.achievement]
                    lines.append(Text.assemble((f"  {act.notation}", "bold cyan"),  # i18n: no
                                               f": {desc} ({reward})"))
            return Group(*lines)
        if not acts or not acts[0].uses_die:
            return Text(_("Legal: ") + ", ".join(a.notation for a in acts))
        by: dict[str, list[str]] = {}
        for act in acts:
            by.setdefault(act.colour, []).append(act.target)
        out = []
        for colour, rest in by.items():
            out.append(Text.assemble((f"{colour:>6}", FG_STYLES[colour]), ": ", " ".join(rest)))
        return Group(Text(_("{n} legal moves (die colour: fields, river, pass):").format(n=len(acts))), *out)

    def forced(self, state: CascaditoState, action: int) -> str:
        return _("the only legal move, {action_to_string}: played for you").format(action_to_string=state.action_to_string(action))

    def help_text(self, state: CascaditoState) -> str:
        return view.NOTATION_HELP

    def explain(self, state: CascaditoState, text: str) -> str | None:
        return view.explain(state, text)

    def help_entries(self, state: CascaditoState) -> Sequence[HelpEntry]:
        return help.help_entries(state.game)

    def rules_summary(self, state: CascaditoState) -> RulesSummary | None:
        return help.rules_summary(state)

    def narrator(self, labels: Sequence[str], console: Console) -> CascaditoNarrator:
        return CascaditoNarrator(self, labels, console)

    def round_end(self, state: CascaditoState, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """In a replay: before each roll, a one-line summary per seat."""
        if not state.is_chance_node() or not state.history():
            return None
        game = state.game
        obs = state.observation(0)
        return Group(Text(""), Rule(view.title(game, obs)),
                     *[_summary(game, obs, p, labels[p]) for p in range(game.num_players)])

    # ------------------------------------------------------------------ results
    def breakdown_table(self, state: CascaditoState, labels: Sequence[str]) -> Table:
        n = state.game.num_players
        bds = [state.breakdown(p) for p in range(n)]
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_footer=True, footer_style="bold")
        t.add_column(pgettext("column", "points"), footer=pgettext("column", "total"))
        for p in range(n):
            t.add_column(Text(labels[p]), justify="right", footer=str(bds[p].total))
        tracks = [b.of("tracks") for b in bds]
        for k, item in enumerate(tracks[0]):
            colour = item.facts["colour"]
            t.add_row(Text(_("{colour} track").format(colour=colour), style=FG_STYLES[colour]),
                      *[str(tr[k].points) for tr in tracks])
        tb = state.game.tables
        rows = [(_("all tracks bonus"), "all_tracks", tb.bonus is not None),
                ("river", "river", bool(tb.rivers)),
                ("bandits", "bandits", bool(tb.bandit_points)),
                (_("top-row achievements"), "top_row", True),
                (_("bottom-row achievements"), "bottom_row", True),
                (_("whole top row bonus"), "top_row_bonus", bool(tb.end.top_row_bonus))]
        for label, key, shown in rows:
            if shown:
                t.add_row(label, *[str(b.points(key)) for b in bds])
        return t

    def final(self, state: CascaditoState, labels: Sequence[str],
              detailed: bool = True) -> RenderableType:
        n = state.game.num_players
        obs = state.observation(0)
        scores = obs["scores"]
        parts: list[RenderableType] = []
        if detailed:
            parts.append(Rule(_("Final sheets")))
            for p in range(n):
                parts += [self.sheet_block(state, obs, p, f"{labels[p]}: {_points(scores[p])}"),
                          Text("")]
        reason = view.end_reason(state.game, obs, labels if len(labels) >= n else None)
        parts.append(Text(_("Game over: {reason}.").format(reason=reason), style="bold"))
        parts.append(self.breakdown_table(state, labels))
        if n == 1:
            parts.append(Text(_("Your score: {points}.").format(points=_points(scores[0])), style="bold green"))  # i18n: no
        else:
            w = state.winners()[0]
            tied = [p for p in range(n) if scores[p] == scores[w]]
            note = (_(" (tie broken in favour of the home castle furthest right)")
                    if len(tied) > 1 else "")
            parts.append(Text(_("{label} wins with {points}{note}.").format(label=labels[w], points=_points(scores[w]), note=note),
                              style="bold green"))  # i18n: no
        return Group(*parts)

    # ------------------------------------------------------------------ scoring assistant
    has_score = True
    has_interactive_score = True

    def score(self, request: ScoreRequest, console: Console) -> None:
        """``regalia score cascadito FILE...`` / ``--interactive --sheet N``: the sheets
        scored step by step (:mod:`regalia.games.cascadito.textformat`)."""
        request.refuse(("--sheet", "--data", "--interactive"), "Cascadito",
                       "docs/games/cascadito-score-format.md")
        if request.sheet is not None and request.sheet not in SHEET_NUMBERS:
            raise ParameterError(_("--sheet {sheet}: the play sheets are 1, 2, 3 and 4").format(sheet=request.sheet))
        if request.interactive:
            if request.sheet is None and request.data is None:
                raise ParameterError(_("--interactive needs the play sheet: --sheet N (1 to 4), "
                                       "or --data FILE (your transcription of a sheet)"))
            tables = sheet_tables(request.sheet, request.data)
            text = self._interview(tables, request, console)
            scored = score_texts([(text, "<interactive>")], data=request.data)
        else:
            scored = score_texts(list(request.texts), sheet=request.sheet, data=request.data)
        self.print_scores(scored, console, request.data)

    def _interview(self, tables: SheetTables, request: ScoreRequest, console: Console) -> str:
        assert request.ask is not None
        console.print(Text(_("Play sheet {number} '{title}': enter each sheet field by field "
                             "(Enter takes the value in brackets).").format(number=tables.number, title=tables.sheet.title),
                           style="bold"))
        texts: list[str] = []
        taken: list[str] = []
        locked: set[int] = set()
        while True:
            name = _("player {n}").format(n=len(texts) + 1)
            console.print(Text(_("Sheet of {name}").format(name=name), style="bold cyan"))  # i18n: no
            iv = SheetInterview(tables, name=name, taken_castles=tuple(taken),
                                locked=frozenset(locked))
            while (q := iv.next_question()) is not None:
                ask_valid(request.ask, console, f"{q.prompt} [{q.choices}] ({q.default}): ",
                          partial(iv.answer, q))
            texts.append(iv.text(sheet_line=not texts))
            taken.append(iv.answers["castle"])
            locked |= iv.first_claims()
            if len(texts) == 4 or iv.answers.get("solo") == "y":
                break
            more: list[bool] = []

            def another(answer: str) -> None:
                a = answer.strip().lower() or "n"
                if a not in ("y", "yes", "n", "no"):
                    raise NotationError(_("{a!r}: expected y (yes) or n (no)").format(a=a))
                more.append(a.startswith("y"))
            ask_valid(request.ask, console, _("Another player's sheet, for the tie-break? "
                        "[y/n] (n): "), another, on_eof="n")
            if not more[0]:
                break
        text = "\n".join(texts)
        console.print(Text(_("The sheets as text (save them to score again with 'regalia "
                             "score cascadito FILE'):"), style="dim"))
        console.print(Text(text.rstrip("\n"), style="dim"))
        return text

    def print_scores(self, scored: ScoredSheets, console: Console,
                     data: str | None = None) -> None:
        """Every sheet's scoring steps, the totals with the home castles, the result."""
        t = scored.tables
        kind = (_("the bundled reconstruction, not the printed sheet: check the points "
                  "against your sheet, or transcribe it and use --data FILE")
                if t.sheet.provenance == "reconstructed" and data is None
                else f"{data}" if data else _("provenance {provenance}").format(provenance=t.sheet.provenance))
        console.print(Text(_("Cascadito, play sheet {number} '{title}' ({kind})").format(number=t.number, title=t.sheet.title, kind=kind),
                           style="bold"))
        for s in scored.scores:
            console.print(steps_table(_("{name} (castle {castle})").format(name=s.name, castle=s.castle), s.breakdown))
            for warning in s.warnings:
                console.print(Text(_("Warning: {warning}").format(warning=warning), style="yellow"))
        w, why = winner(scored)
        if len(scored.scores) > 1:
            console.print(totals_table([s.name for s in scored.scores],
                                       [("castle", [s.castle for s in scored.scores]),
                                        ("points", [s.total for s in scored.scores])],
                                       [] if w is None else [w]))
        console.print(Text(_("Result: {result}.").format(result=why),
                           style="bold green"))  # i18n: no

    # ------------------------------------------------------------------ data check
    def check_data(self, path: Path, console: Console) -> bool:
        try:
            sheet = load_sheet(Path(path))
        except DataError as exc:
            print_invalid_data(console, path, "sheet", exc)
            return False
        prov = ", ".join(f"{n} {k}" for k, n in sheet.provenance_summary().items())
        kinds: dict[str, int] = {}
        for s in sheet.specials:
            kinds[s.kind] = kinds.get(s.kind, 0) + 1
        specials = ", ".join(f"{n} {k}" for k, n in kinds.items()) or _("no special fields")
        console.print(Text(
            _("OK: play sheet {number} '{title}': {n} fields, {n2} towns, {n3} river(s), "
              "{specials}, {n4} tracks, {n5} achievements; provenance {prov} (sheet: "
              "{provenance})").format(number=sheet.number, title=sheet.title, n=len(sheet.fields), n2=len(sheet.towns), n3=len(sheet.rivers), specials=specials, n4=len(sheet.tracks), n5=len(sheet.achievements), prov=prov, provenance=sheet.provenance), style="bold green"))  # i18n: no
        if 1 <= sheet.number <= 4 and sheet.digest() == load_sheet(sheet.number).digest():
            console.print(_("Same content as the bundled (reconstructed) sheet {number}.").format(number=sheet.number))
        console.print(_("Play on it with: regalia play cascadito --data {path} --players "
                        "human,greedy").format(path=path))
        return True


class CascaditoNarrator(Narrator[CascaditoState]):
    """The course of a game: rolls as dice, each move with the towns it scored."""

    def step(self, state: CascaditoState, action: int) -> None:
        act = state.decode(action)
        if act.kind == "roll":
            self.console.print(Text.assemble(_("  dice rolled: "), dice_text(act.pool)))
            return
        p = state.current_player()
        before = state.observation(p)["sheets"][p]
        after_state = state.clone()
        after_state.apply_action(action)
        after = after_state.observation(p)["sheets"][p]
        gains = [c for c, h in after["tracks"].items() if h > before["tracks"][c]]
        claimed = set(after["claimed"]) - set(before["claimed"])
        out = Text.assemble("  ", (self.labels[p], "bold"), f": {act.notation}")
        if gains:
            out.append(_("  tracks +") + ", +".join(gains), style="green")
        achievements = state.game.tables.achievements
        for a in sorted(claimed):
            out.append("  " + _("claims '{achievement}'").format(
                achievement=achievements[a].text), style="bold green")  # i18n: no
        self.console.print(out)


register_ui(CascaditoUI())
