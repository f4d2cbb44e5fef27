"""Inheritors in the terminal: the table as one seat may see it, the course of a game with
hidden draws kept hidden, the score breakdown, and ``regalia data check inheritors``.

What a view shows depends on its *viewer* (:attr:`GameUI.viewer`, set with
:meth:`GameUI.seen_by`): ``None`` shows everything (a spectator of a computer match, or a
replay without ``--as``), a seat shows that seat's hand and Quests and hides the others'
(``regalia play`` for the person at the table, ``regalia replay FILE --as N``), and
:data:`PUBLIC` hides every hand (several people at one terminal).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from regalia.core.errors import DataError
from regalia.core.game import Game
from regalia.core.help import HelpEntry, RulesSummary
from regalia.games.inheritors.components import load_cards
from regalia.games.inheritors import help
from regalia.games.inheritors import view as inheritors_view
from regalia.games.inheritors import InheritorsGame, InheritorsState
from regalia.games.inheritors.notation import NOTATION_HELP
from regalia.games.inheritors.textformat import result, score_text

from .frontends import GameUI, Narrator, ScoreRequest, print_invalid_data, register_ui
from .score_assistant import steps_table, totals_table
from regalia.core.i18n import _, pgettext, format_list, ngettext

#: A viewer that is no seat: only public information is shown.
PUBLIC = -1
#: How :meth:`InheritorsUI.moves` groups the legal moves, by the kind of decoded action.
MOVE_GROUPS = {"discard-draw": _("discard CARD to row 1/2/3, draw 2"),
               "discard-take": _("discard & take a row"), "quest-discard": "discard",
               "end-turn": "end"}
COLOUR_STYLES = {"purple": "magenta", "blue": "blue", "yellow": "yellow", "green": "green",
                 "red": "red", "white": "bold white"}  # i18n: no


def card_text(game: InheritorsGame, name: str) -> Text:
    """A card name, coloured by its realm (Tomes and Epics cyan, Advocates bold)."""
    realm = inheritors_view.card_colour(game, name)
    style = ("bold cyan" if realm == "any" else "bold" if realm == "white"  # i18n: no
             else COLOUR_STYLES.get(realm or "", ""))
    return Text(name, style=style)


def cards_text(game: InheritorsGame, names: Sequence[str], sep: str = ", ") -> Text:
    """Cards in the given order; repeated neighbours as ``purple 2 x2``."""
    out = Text()
    groups: list[list] = []
    for name in names:
        if groups and groups[-1][0] == name:
            groups[-1][1] += 1
        else:
            groups.append([name, 1])
    for i, (name, k) in enumerate(groups):
        if i:
            out.append(sep)
        out.append_text(card_text(game, name))
        if k > 1:
            out.append(f" x{k}")
    return out if groups else Text(_("(none)"), style="dim")


class InheritorsNarrator(Narrator[InheritorsState]):
    """The course of a game; a card drawn into a hand is named only to a viewer who may see
    it ("Seat 2 draws a card"); the deal is summarised."""

    def __init__(self, ui: "InheritorsUI", labels: Sequence[str], console: Console):
        super().__init__(ui, labels, console)
        self.viewer = ui.viewer
        self.dealt: dict[int, list[str | None]] = {}
        self.setup: dict[str, int] = {}      # public setup outcomes, counted for one line

    def _say(self, text: Text | str, style: str = "") -> None:
        self.console.print(Text(f"  {text}", style=style) if isinstance(text, str)
                           else Text("  ").append_text(text))

    def step(self, state: InheritorsState, action: int) -> None:
        if state.is_chance_node():
            # what this viewer sees of the outcome, from the game's observation-based note
            note = inheritors_view.chance_note(state, action, self.viewer)
            self._chance(state, note)
            return
        text = state.action_to_string(action)
        who = self.labels[state.current_player()]
        line = Text.assemble((who, "bold"), ": ", text)
        answer = inheritors_view.ask_answer(state, action)
        if answer is not None:
            asked = self.labels[state.decode(action).seat or 0]   # an ask names a seat
            if answer:
                line.append(_(": {asked} has it and places it").format(asked=asked), style="green")
            else:
                line.append(_(": {asked} does not have it").format(asked=asked), style="yellow")
        self.console.print(Text("  ").append_text(line))

    def _card(self, state: InheritorsState, name: str) -> Text:
        known = inheritors_view.card_colour(state.game, name) is not None
        return card_text(state.game, name) if known else Text(name)

    def _chance(self, state: InheritorsState, note: "inheritors_view.ChanceNote") -> None:
        G = state.game
        if note.setup and note.kind in ("honor", "clan", "market"):
            kind = {"honor": _("Honors"), "clan": _("Clans"), "market": _("Market cards")}[note.kind]
            self.setup[kind] = self.setup.get(kind, 0) + 1   # one line: the table shows them
            return
        if note.kind == "market":
            self._say(Text.assemble(_("Market row {row}: ").format(row=note.row),
                                    self._card(state, note.name or "?")))
            return
        if note.kind == "draw" and note.seat is not None:
            if note.setup:                         # the deal: summarised, your hand named
                self.dealt.setdefault(note.seat, []).append(note.name)
                return
            who = self.labels[note.seat]
            if note.name is not None:
                self._say(Text.assemble(_("{who} draws ").format(who=who),
                                        self._card(state, note.name)))
            else:
                self._say(_("{who} draws a card").format(who=who), "dim")
            return
        if note.kind == "quest" and note.seat is not None:
            who = self.labels[note.seat]
            if note.name is not None:
                q = next(q for q in G.quests if q.name == note.name)
                what = q.text or q.requirement.describe()
                self._say(_("{who} takes the Quest {name!r} ({what})").format(who=who, name=q.name, what=what))
            else:
                self._say(_("{who} takes a face-down Quest").format(who=who), "dim")
            return
        if note.kind == "first":
            assert note.seat is not None  # a "first" note names the first player
            self._flush_deal(state)
            self._say(Text(_("First player: {label}").format(label=self.labels[note.seat]), "bold"))
            return
        if note.kind == "removed":
            self._say(_("Setup: the {name} realm is removed (2-player game)").format(name=note.name), "dim")
            return
        self._say(_("Setup: {kind} {value}").format(kind=note.kind, value=note.name or '').rstrip(), "dim")

    def _flush_deal(self, state: InheritorsState) -> None:
        n = state.game.num_players
        bits = [f"{k} {v}" for v, k in self.setup.items()]
        shown = ", ".join(bits[:-1]) + " and " + bits[-1] if len(bits) > 1 else "".join(bits)
        if shown:
            self._say(_("Setup: {shown} revealed (see the table); 10 cards dealt to each of "
                        "the {n} players").format(shown=shown, n=n), "dim")
        else:
            self._say(_("Setup: 10 cards dealt to each of the {n} players").format(n=n), "dim")
        self.setup = {}
        for p in range(n):
            dealt = self.dealt.get(p, [None])
            if None not in dealt:
                names = inheritors_view.sort_cards(state.game, dealt)  # type: ignore[arg-type]
                self._say(Text.assemble(_("{label} is dealt ").format(label=self.labels[p]),
                                        cards_text(state.game, names)))
        self.dealt = {}


class InheritorsUI(GameUI[InheritorsState]):
    name = "inheritors"
    has_data_check = True

    # ------------------------------------------------------------------ positions
    def header(self, game: Game, labels: Sequence[str], seed: int | None) -> RenderableType:
        extra = _(", cards from {param}").format(param=game.params['data']) if game.params.get("data") else ""
        shown = self.seed_text(seed)
        lines = [Text(_("Inheritors, {num_players} players{extra}, {shown}").format(num_players=game.num_players, extra=extra, shown=shown), style="bold"),
                 Text(_("Seats: ") + ", ".join(labels))]
        prov = game.data_provenance()
        if prov.get("reconstructed"):
            lines.append(Text(_("Card data: {get} of {sum} records are reconstructed (not "
                                "the printed cards); see docs/games/inheritors.md").format(get=prov.get('reconstructed'), sum=sum(prov.values())), style="dim"))
        if self.viewer is not None and self.viewer >= 0:
            lines.append(Text(_("Shown as {label} could see it.").format(label=labels[self.viewer]), style="dim"))
        return Group(*lines)

    def _viewer(self, viewer: int | None) -> int | None:
        return viewer if viewer is not None else self.viewer

    def position(self, state: InheritorsState, labels: Sequence[str],
                 viewer: int | None = None, compact: bool = False) -> RenderableType:
        return self._table(state.game, inheritors_view.table(state, self._viewer(viewer)),
                           labels)

    def observed(self, game: Game, obs: dict[str, Any],
                 labels: Sequence[str]) -> RenderableType:
        """The table drawn from one seat's (or the public) observation alone."""
        assert isinstance(game, InheritorsGame)
        return self._table(game, inheritors_view.table_of(game, obs), labels)

    def _table(self, game: InheritorsGame, view: "inheritors_view.TableView",
               labels: Sequence[str]) -> RenderableType:
        viewer = view.viewer
        title = (_("Turn of {label}").format(label=labels[view.turn]) if view.turn is not None else _("Setup"))
        title += _(" · deck {deck_size} cards · {quests_in_row} face-down Quests").format(deck_size=view.deck_size, quests_in_row=view.quests_in_row)
        if view.last_round:
            title += _(" · last round")
        parts: list[RenderableType] = [Rule(Text(title))]
        market = Table.grid(padding=(0, 2))
        market.add_column(style="bold", no_wrap=True)
        market.add_column()
        for r, row in enumerate(view.market):
            market.add_row(_("Market {r}").format(r=r + 1), cards_text(game, row, sep=" < ") if row
                           else Text(_("(empty)"), "dim"))
        market.add_row(_("Honors"), ", ".join(view.honor_row) or _("(all taken)"))
        clans = Text()
        for clan in view.clans:
            if len(clans):
                clans.append(" · ")
            clans.append(clan.clan, style=COLOUR_STYLES.get(clan.colour, ""))
            clans.append(f" ({labels[clan.owner]})" if clan.owner is not None else " " + _("(free)"))
            if clan.cards:
                clans.append(" with ")
                clans.append_text(cards_text(game, clan.cards))
        market.add_row(_("Clans"), clans)
        if view.removed_colour is not None:
            market.add_row(_("Removed"), _("{removed_colour} (2-player game)").format(removed_colour=view.removed_colour))
        parts.append(market)
        t = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        t.add_column(pgettext("column", "seat"), no_wrap=True)
        t.add_column("VP*", justify="right", no_wrap=True)
        t.add_column(_("play area"))
        t.add_column(pgettext("column", "hand"))
        t.add_column(_("clan · honors · quests"))
        for seat in view.seats:
            p = seat.seat
            area = Text()
            for colour, nums in seat.play_area.items():
                if len(area):
                    area.append("  ")
                area.append(f"{colour} " + "-".join(map(str, nums)),
                            style=COLOUR_STYLES.get(colour, ""))
            if seat.hand is not None:
                hand = Text(f"{seat.hand_size}: ").append_text(cards_text(game, seat.hand))
            else:
                hand = Text(_("{hand_size} cards").format(hand_size=seat.hand_size), style="dim")
            extras = []
            if seat.clan is not None:
                extras.append(seat.clan)
            if seat.honors:
                extras.append(_("honors: ") + ", ".join(seat.honors))
            if seat.quest_count:
                if seat.quests is not None:
                    extras.append(_("quests: ") + ", ".join(seat.quests))
                else:
                    extras.append(ngettext("{n} quest", "{n} quests", seat.quest_count).format(
                        n=seat.quest_count))
            style = "bold yellow" if p == viewer else ""  # i18n: no
            t.add_row(Text(labels[p], style=style), str(seat.public_score),
                      area or Text("-", "dim"), hand, " · ".join(extras) or "-")
        parts.append(t)
        if not view.ended:
            parts.append(Text(_("VP*: the public score so far (top Influence Cards + Honors, V. "
                                "Scoring steps 1 and 5); Tomes, Relics, Quests, Clans and Epics "
                                "are scored at the end"), style="dim"))
        if view.decision is not None:
            parts.append(Text(view.decision, style="cyan"))
        return Group(*parts)

    def round_end(self, state: InheritorsState, action: int,
                  labels: Sequence[str]) -> RenderableType | None:
        """In a replay: the table at the start of each round (the first player's turn)."""
        rnd = inheritors_view.round_number(state)
        if rnd is None:
            return None
        return Group(Text(""), Rule(_("Round {rnd}").format(rnd=rnd)), self.position(state, labels))

    def decision(self, state: InheritorsState) -> str:
        return inheritors_view.decision_line(state.observation(max(state.current_player(), 0)))

    def moves(self, state: InheritorsState) -> RenderableType:
        groups: dict[str, list[str]] = {}
        for a in state.legal_actions():
            move = state.decode(a)
            text = move.notation
            key = MOVE_GROUPS.get(move.kind, move.kind)
            if move.kind == "discard-draw":   # one entry per card, any row
                if move.row != 1:
                    continue
                text = move.card or text
            groups.setdefault(key, []).append(text)
        return Group(*(Text(f"  {k}: ", style="bold").append(" | ".join(v))
                       for k, v in groups.items()))

    def forced(self, state: InheritorsState, action: int) -> str:
        return _("the only legal move: {action_to_string}").format(action_to_string=state.action_to_string(action))

    def help_text(self, state: InheritorsState) -> str:
        return (_("Type a move; ") + NOTATION_HELP + _(". 'moves' (or '?') lists the legal moves, "
                  "'board' shows the table, 'quit' ends the game."))

    def help_entries(self, state: InheritorsState) -> Sequence[HelpEntry]:
        return help.help_entries(state.game)

    def rules_summary(self, state: InheritorsState) -> RulesSummary | None:
        return help.rules_summary(state)

    def explain(self, state: InheritorsState, text: str) -> str | None:
        return inheritors_view.explain(state, text)

    def narrator(self, labels: Sequence[str], console: Console) -> InheritorsNarrator:
        return InheritorsNarrator(self, labels, console)

    # ------------------------------------------------------------------ results
    def final(self, state: InheritorsState, labels: Sequence[str],
              detailed: bool = True) -> RenderableType:
        G = state.game
        n = G.num_players
        winners = state.winners() if state.is_terminal() else []
        parts: list[RenderableType] = []
        if detailed:
            parts += [Rule(_("Final hands (shown for scoring)")), self.position(state, labels)]
        t = Table(title=_("Scores (rulebook order)"), title_justify="left", title_style="bold",
                  box=box.SIMPLE_HEAD, pad_edge=False)
        t.add_column("")
        for p in range(n):
            t.add_column(Text(labels[p]), justify="right",
                         style="bold green" if p in winners else "")  # i18n: no
        bds = [state.breakdown(p) for p in range(n)]
        for k, label in (("influence", _("1 influence (top cards)")),
                         ("tomes", _("2 tomes majority")), ("relics", _("3 relics")),
                         ("quests", _("4 quests")), ("honors", _("5 honors")),
                         ("clan", _("clan scoring")), ("epics", "epics")):
            t.add_row(label, *(str(b.points(k)) for b in bds))
        t.add_row(Text("total", style="bold"), *(Text(str(b.total), style="bold")
                                                 for b in bds))
        keys = state.tie_break_keys()
        t.add_row(Text(_("tie-break: tomes in hand"), style="dim"),
                  *(Text(str(k[1]), style="dim") for k in keys))
        t.add_row(Text(_("tie-break: cards in hand"), style="dim"),
                  *(Text(str(k[2]), style="dim") for k in keys))
        parts.append(t)
        if winners:
            names = format_list([labels[p] for p in winners])
            said = (_("{names} share the victory.") if len(winners) > 1 else
                    _("{names} wins.")).format(names=names)
            parts.append(Text(said, style="bold green"))  # i18n: no
        return Group(*parts)

    # ------------------------------------------------------------------ scoring assistant
    has_score = True

    def score(self, request: ScoreRequest, console: Console) -> None:
        """``regalia score inheritors FILE``: every player's holdings scored step by step
        (:mod:`regalia.games.inheritors.textformat`), then the tie-break."""
        request.refuse(("--data",), "Inheritors", "docs/games/inheritors-score-format.md")
        text, source = request.one_text("Inheritors")
        table = score_text(text, source=source, data=request.data)
        cards = _("your cards file ") + request.data if request.data else \
            _("the bundled cards (Quest, Clan and Epic texts partly reconstructed)")
        console.print(Text(_("Inheritors, {n} players, from {source} (scored with {cards})").format(n=len(table.scores), source=source, cards=cards), style="bold"))
        for s in table.scores:
            console.print(steps_table(s.name, s.breakdown))
            for warning in s.warnings:
                console.print(Text(_("Warning: {warning}").format(warning=warning), style="yellow"))
        sc = table.scores
        console.print(totals_table([s.name for s in sc],
                                   [("points", [s.total for s in sc]),
                                    (_("Tomes in hand"), [s.tomes for s in sc]),
                                    (_("cards in hand"), [s.cards for s in sc])],
                                   table.winners))
        console.print(Text(_("Result: {result}.").format(result=result(table)),
                           style="bold green"))  # i18n: no

    # ------------------------------------------------------------------ data check
    def check_data(self, path: Path, console: Console) -> bool:
        try:
            cards = load_cards(path)
        except DataError as exc:
            print_invalid_data(console, path, "cards", exc)
            return False
        prov = ", ".join(f"{n} {k}" for k, n in cards.provenance_summary().items())
        console.print(Text(_("OK: {deck_size} deck cards, {n} clans, {n2} quests, {n3} "
                             "honors; provenance {prov} (file: {provenance})").format(deck_size=cards.deck_size, n=len(cards.clans), n2=len(cards.quests), n3=len(cards.honors), prov=prov, provenance=cards.provenance), style="bold green"))  # i18n: no
        if cards.digest() == load_cards().digest():
            console.print(_("Same cards as the bundled file."))
        else:
            console.print(Text(_("The cards differ from the bundled file; play with them: "
                                 "regalia play inheritors -p human,greedy --data {path}").format(path=path),
                               style="yellow"))
        return True


register_ui(InheritorsUI())
