"""Inheritors rules at hand: ``help <card>`` (Advocates, Tomes, Relics, Epics, Quests,
Honors, Clans) from the card data with each record's provenance, and ``rules`` for the
decision at hand (rulebook sections cited). Plain strings only; front ends print them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.i18n import N_, _
from regalia.core.provenance import STRENGTH

from . import labels
from .notation import NOTATION_HELP, notation_help  # noqa: F401  (for front ends' help)

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

BOOK = N_("Inheritors rulebook (North Star Games 2023)")


def book(where: str) -> str:
    """A citation of the rulebook in the language in force: ``"<book>, <where>"``."""
    return _("{book}, {where}").format(book=_(BOOK), where=where)


def _ability_lines(abilities: Any) -> tuple[list[str], str]:
    """The abilities' texts (printed text when the data has it, else generated from the
    effect vocabulary, said so) and the weakest of their provenances."""
    lines, worst = [], "verified"
    for ab in abilities:
        if ab.text:
            lines.append(labels.text(ab.text))
        else:
            lines.append(_("{text} [worded from the data's effect vocabulary]").format(
                text=ab.describe()))
        if STRENGTH[ab.provenance] < STRENGTH[worst]:
            worst = ab.provenance
    return lines, worst


def _weaker(a: str, b: str) -> str:
    return a if STRENGTH[a] <= STRENGTH[b] else b


def _entry(name: str, kind: str, rec: Any, effect: str, details: list[str],
           provenance: str | None = None, aliases: tuple[str, ...] = ()) -> HelpEntry:
    prov = provenance or rec.provenance
    better = ", ".join(f"{k} {v}" for k, v in sorted(rec.field_provenance.items()))
    if better:
        details = [*details, _("Better established fields: {fields}").format(fields=better)]
    shown = labels.card(name)
    if shown.casefold() != name.casefold():   # a translated name: the notation's finds it too
        aliases = (name.casefold(), *aliases)
    return HelpEntry(name=shown, kind=kind, effect=effect, provenance=prov,
                     source=rec.source, note=labels.note(rec.note), details=tuple(details),
                     aliases=aliases)


def _copies(n: int) -> str:
    return _("Copies: {n}").format(n=n)


def entries_by_name(game: "InheritorsGame") -> dict[str, HelpEntry]:
    """Every named card of the game's card data (and the Relics by colour), keyed by its
    notation name case-folded (``"spy"``, ``"purple relic"``); the entries are in the
    language in force."""
    cs = game.cards
    out: dict[str, HelpEntry] = {}

    def add(name: str, entry: HelpEntry) -> None:
        out[name.casefold()] = entry

    for a in cs.advocates:
        lines, ab = _ability_lines(a.abilities)
        add(a.name, _entry(a.name, _("Basic Advocate"), a, " ".join(lines),
                           [_("Copies: {n} ({marked} with the 2-player mark)").format(
                               n=a.copies, marked=a.marked),
                            _("Played as action 5 (III. Gameplay), then placed in the removed "
                              "area")], _weaker(a.provenance, ab)))
    for a in cs.special_advocates:
        lines, ab = _ability_lines(a.abilities)
        add(a.name, _entry(a.name, _("Special Advocate of the {clan}").format(
            clan=labels.card(a.clan)), a, " ".join(lines), [_copies(a.copies)],
            _weaker(a.provenance, ab)))
    for t in cs.tomes:
        add(t.name, _entry(t.name, _("Tome"), t,
                           _("Counts for the Tome majority at the end (V. Scoring, step 2: the "
                             "most Tomes and Epics in hand 3 VP, the second-most 1 VP); counts "
                             "as any colour when discarded to or taken from the Market."),
                           [_copies(t.copies)]))
    for r in cs.relics:
        effect = labels.text(r.text) if r.text else _(
            "At the end: if {requirement}, {met} VP; otherwise {unmet} VP (V. Scoring, step "
            "3)").format(requirement=r.requirement.describe(), met=f"{r.points_met:+d}",
                         unmet=f"{r.points_unmet:+d}")
        name = f"{r.colour} relic"
        add(name, _entry(name, _("Relic"), r, effect, [], aliases=(f"relic {r.colour}",)))
    for e in cs.epics:
        lines, ab = _ability_lines(e.abilities)
        add(e.name, _entry(e.name, _("Epic of the {clan}").format(clan=labels.card(e.clan)),
                           e, " ".join(lines),
                           [_("Counts as a Tome in scoring step 2 and as any colour in the "
                              "Market")], _weaker(e.provenance, ab)))
    for q in cs.quests:
        effect = labels.text(q.text) if q.text else _("Requirement: {requirement}").format(
            requirement=q.requirement.describe())
        add(q.name, _entry(q.name, _("Quest"), q,
                           _("{effect} At the end: {met} VP if met, {unmet} VP otherwise (V. "
                             "Scoring, step 4; the Influence Cards in your hand).").format(
                               effect=effect, met=q.points_met, unmet=q.points_unmet),
                           [_("Realm: {colour}").format(colour=labels.colour(q.realm))]
                           if q.realm else []))
    for h in cs.honors:
        effect = labels.text(h.text) if h.text else _("Requirement: {requirement}").format(
            requirement=h.requirement.describe())
        add(h.name, _entry(h.name, _("Honor"), h, _("{effect} Worth {n} VP at the end.").format(
            effect=effect, n=h.points), []))
    for c in cs.clans:
        lines, ab = _ability_lines(c.abilities)
        add(c.name, _entry(c.name, _("Clan of the {colour} realm").format(
            colour=labels.colour(c.colour)), c, " ".join(lines),
            [_("Claimed with a {colour} Influence Card numbered 3 or higher in your play area; "
               "one Clan per player, for the whole game").format(
                colour=labels.colour(c.colour))], _weaker(c.provenance, ab)))
    return out


def help_entries(game: "InheritorsGame") -> list[HelpEntry]:
    """Every named card of the game's card data (and the Relics by colour), in the
    language in force (a translated name keeps the notation's name as an alias)."""
    return list(entries_by_name(game).values())


def rules_summary(state: "InheritorsState") -> RulesSummary:
    """The rules of the decision at hand, from the player to act's observation."""
    obs = state.observation(max(state.current_player(), 0))
    ph = obs["phase"]
    pending = obs.get("pending") or []
    if ph == "quest-discard":
        return RulesSummary(
            _("Action 4: a Quest"),
            (_("Discard 3 cards of the same colour one by one on any row(s) of the Market, "
               "then take 1 Quest and draw 1 card ('discard purple 3 to row 2')."),
             _("Tomes and Epics count as any colour when discarded.")),
            book(_("III. Gameplay, action 4")))
    if pending:
        kind = pending[0]["effect"]
        skip = pending[0].get("skip")
        if kind == "play_influence":
            text = ((_("Play an Influence Card on your stack of its colour, skipping {n} "
                       "number: 'play blue 3'.").format(n=skip) if skip else
                     _("Play an Influence Card on your stack of its colour: 'play blue 3'.")),
                    _("III. Gameplay, action 5 (Conspirator)"))
        elif kind == "demand_card":
            text = (_("Pick a player and announce an Influence Card you can legally play: "
                      "'ask P2 for purple 2'. If they have it they must place it in your play "
                      "area; if not, you draw 1 card."),
                    _("III. Gameplay, action 5 (Spy)"))
        elif kind == "take_from_market":
            text = (_("Take any cards from the Market, even from under others: 'take row 2 "
                      "card 1'; the Market is refilled after."),
                    _("III. Gameplay, action 5 (Advisor)"))
        elif kind == "remove_top_card":
            text = (_("Remove another player's top card: 'sabotage P2 blue'."),
                    _("the card's text (see 'help' on the Advocate)"))
        else:
            text = (_("Carry out the card's effect ({kind}).").format(kind=kind),
                    _("the card's text"))
        return RulesSummary(_("An Advocate's ability"), (text[0],), book(text[1]))
    if ph == "post":
        return RulesSummary(
            _("After your action"),
            (_("Before or after your action you may claim a Clan (a card of its colour "
               "numbered 3 or higher in your play area; only 1 Clan per player) and any number "
               "of Honors whose requirement you meet: 'claim Wolf', 'honor A Six'."),
             _("'end turn' ends it; with an empty hand you draw 1 card at the end of the "
               "turn.")),
            book(_("III. Gameplay, Claiming Clans and Honors")))
    return RulesSummary(
        _("Your turn: ONE of five actions"),
        (_("1. Play an Influence Card in order from 1 to 6 on your stack of its colour (one "
           "stack per colour, no skipping): 'play blue 2'."),
         _("2. Discard 1 card to a Market row, draw 2: 'discard Spy to row 1, draw 2'."),
         _("3. Discard 1 card, take all cards of 1 other row whose top card has the same "
           "colour, number or name (Advocates are white; Tomes/Epics any colour): 'discard "
           "purple 2 to row 1, take row 3'."),
         _("4. Discard 3 cards of the same colour, take 1 Quest, draw 1: 'quest purple'."),
         _("5. Play an Advocate and use its ability: 'use Spy'."),
         _("Before or after it: claim a Clan or Honors ('claim Wolf', 'honor A Six').")),
        book(_("III. Gameplay, During your turn")))


def scoring_rules(game: "InheritorsGame") -> list[RulesSummary]:
    """The end-of-game scoring, step by step as the rulebook orders it (V. Scoring), with
    the numbers of this game's card data (the Tome majority's points, each Relic's and
    Quest's points; provenance said where the data is a reconstruction), then the
    tie-break. One :class:`RulesSummary` per step: ``title``, ``lines``, ``cite``."""
    cs = game.cards
    maj = cs.tome_majority
    pts = ", ".join(_("{n} VP").format(n=p) for p in maj.points)
    relic = cs.relics[0] if cs.relics else None
    quest = cs.quests[0] if cs.quests else None
    weakest_quest = min((q.provenance for q in cs.quests), key=lambda p: STRENGTH[p],
                        default="rulebook")
    out = [
        RulesSummary(_("1. Influence Cards"),
                     (_("Sum your topmost played Influence Card of each colour."),),
                     book(_("V. Scoring, step 1"))),
        RulesSummary(_("2. Tomes (and Epics)"),
                     (_("The most Tomes and Epics left in hand, then the second-most: {points}. "
                        "Ties share the full award; if first place is tied there is no second "
                        "place.").format(points=pts),),
                     book(_("V. Scoring, step 2 (card data: {provenance})").format(
                         provenance=maj.provenance))),
        RulesSummary(_("3. Relics"),
                     ((_("A Relic's owner who played the highest number (ties included) of "
                         "its colour gains {met} VP, otherwise {unmet} VP.").format(
                         met=f"{relic.points_met:+d}", unmet=f"{relic.points_unmet:+d}"))
                      if relic else _("No Relics."),),
                     book(_("V. Scoring, step 3"))),
        RulesSummary(_("4. Quests"),
                     ((_("Each Quest scores {met} VP if the Influence Cards in your hand meet "
                         "it, else {unmet} VP; the same cards may count for several Quests."
                         ).format(met=quest.points_met, unmet=quest.points_unmet))
                      if quest else _("No Quests."),),
                     book(_("III. Gameplay, action 4 and V. Scoring, step 4 (Quest texts: "
                            "{provenance})").format(provenance=weakest_quest))),
        RulesSummary(_("5. Honors"), (_("Each Honor claimed: its VP (1 each)."),),
                     book(_("III. Claiming Clans and Honors and V. Scoring, step 5"))),
        RulesSummary(_("Clans and Epics"),
                     (_("Some Clans affect end-game scoring, and an Epic held in hand scores "
                        "its text: see each card's hover text."),),
                     book(_("V. Scoring (\"some Clans affect end-game scoring\")"))),
        RulesSummary(_("Winner"),
                     (_("The most VPs wins; if tied, more Tomes in hand; then more cards in "
                        "hand; then the tied players share the victory."),),
                     book(_("V. Scoring"))),
    ]
    return out


__all__ = ["BOOK", "book", "entries_by_name", "help_entries", "rules_summary",
           "scoring_rules"]
