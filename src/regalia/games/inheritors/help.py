"""Inheritors rules at hand: ``help <card>`` (Advocates, Tomes, Relics, Epics, Quests,
Honors, Clans) from the card data with each record's provenance, and ``rules`` for the
decision at hand (rulebook sections cited). Plain strings only; front ends print them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.core.help import HelpEntry, RulesSummary
from regalia.core.provenance import STRENGTH

from .notation import NOTATION_HELP  # noqa: F401  (the notation, for front ends' help)

if TYPE_CHECKING:
    from .rules import InheritorsGame
    from .state import InheritorsState

BOOK = "Inheritors rulebook (North Star Games 2023)"


def _ability_lines(abilities: Any) -> tuple[list[str], str]:
    """The abilities' texts (printed text when the data has it, else generated from the
    effect vocabulary, said so) and the weakest of their provenances."""
    lines, worst = [], "verified"
    for ab in abilities:
        if ab.text:
            lines.append(ab.text)
        else:
            lines.append(ab.describe() + " [worded from the data's effect vocabulary]")
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
        details = [*details, f"Better established fields: {better}"]
    return HelpEntry(name=name, kind=kind, effect=effect, provenance=prov,
                     source=rec.source, note=rec.note, details=tuple(details), aliases=aliases)


def help_entries(game: "InheritorsGame") -> list[HelpEntry]:
    """Every named card of the game's card data (and the Relics by colour)."""
    cs = game.cards
    out: list[HelpEntry] = []
    for a in cs.advocates:
        lines, ab = _ability_lines(a.abilities)
        out.append(_entry(a.name, "Basic Advocate", a, " ".join(lines),
                          [f"Copies: {a.copies} ({a.marked} with the 2-player mark)",
                           "Played as action 5 (III. Gameplay), then placed in the removed "
                           "area"], _weaker(a.provenance, ab)))
    for a in cs.special_advocates:
        lines, ab = _ability_lines(a.abilities)
        out.append(_entry(a.name, f"Special Advocate of the {a.clan}", a, " ".join(lines),
                          [f"Copies: {a.copies}"], _weaker(a.provenance, ab)))
    for t in cs.tomes:
        out.append(_entry(t.name, "Tome", t,
                          "Counts for the Tome majority at the end (V. Scoring, step 2: the "
                          "most Tomes and Epics in hand 3 VP, the second-most 1 VP); counts as "
                          "any colour when discarded to or taken from the Market.",
                          [f"Copies: {t.copies}"]))
    for r in cs.relics:
        effect = r.text or (f"At the end: if {r.requirement.describe()}, {r.points_met:+d} VP; "
                            f"otherwise {r.points_unmet:+d} VP (V. Scoring, step 3)")
        out.append(_entry(f"{r.colour} relic", "Relic", r, effect, [],
                          aliases=(f"relic {r.colour}",)))
    for e in cs.epics:
        lines, ab = _ability_lines(e.abilities)
        out.append(_entry(e.name, f"Epic of the {e.clan}", e, " ".join(lines),
                          ["Counts as a Tome in scoring step 2 and as any colour in the "
                           "Market"], _weaker(e.provenance, ab)))
    for q in cs.quests:
        effect = q.text or f"Requirement: {q.requirement.describe()}"
        out.append(_entry(q.name, "Quest", q,
                          f"{effect} At the end: {q.points_met} VP if met, {q.points_unmet} "
                          f"VP otherwise (V. Scoring, step 4; the Influence Cards in your "
                          f"hand).", [f"Realm: {q.realm}"] if q.realm else []))
    for h in cs.honors:
        effect = h.text or f"Requirement: {h.requirement.describe()}"
        out.append(_entry(h.name, "Honor", h, f"{effect} Worth {h.points} VP at the end.", []))
    for c in cs.clans:
        lines, ab = _ability_lines(c.abilities)
        out.append(_entry(c.name, f"Clan of the {c.colour} realm", c, " ".join(lines),
                          [f"Claimed with a {c.colour} Influence Card numbered 3 or higher in "
                           "your play area; one Clan per player, for the whole game"],
                          _weaker(c.provenance, ab)))
    return out


def rules_summary(state: "InheritorsState") -> RulesSummary:
    """The rules of the decision at hand, from the player to act's observation."""
    obs = state.observation(max(state.current_player(), 0))
    ph = obs["phase"]
    pending = obs.get("pending") or []
    if ph == "quest-discard":
        return RulesSummary(
            "Action 4: a Quest",
            ("Discard 3 cards of the same colour one by one on any row(s) of the Market, "
             "then take 1 Quest and draw 1 card ('discard purple 3 to row 2').",
             "Tomes and Epics count as any colour when discarded."),
            f"{BOOK}, III. Gameplay, action 4")
    if pending:
        kind = pending[0]["effect"]
        text = {
            "play_influence": ("Play an Influence Card on your stack of its colour"
                               + (f", skipping {pending[0].get('skip')} number"
                                  if pending[0].get("skip") else "") + ": 'play blue 3'.",
                               "III. Gameplay, action 5 (Conspirator)"),
            "demand_card": ("Pick a player and announce an Influence Card you can legally "
                            "play: 'ask P2 for purple 2'. If they have it they must place it "
                            "in your play area; if not, you draw 1 card.",
                            "III. Gameplay, action 5 (Spy)"),
            "take_from_market": ("Take any cards from the Market, even from under others: "
                                 "'take row 2 card 1'; the Market is refilled after.",
                                 "III. Gameplay, action 5 (Advisor)"),
            "remove_top_card": ("Remove another player's top card: 'sabotage P2 blue'.",
                                "the card's text (see 'help' on the Advocate)"),
        }.get(kind, (f"Carry out the card's effect ({kind}).", "the card's text"))
        return RulesSummary("An Advocate's ability", (text[0],), f"{BOOK}, {text[1]}")
    if ph == "post":
        return RulesSummary(
            "After your action",
            ("Before or after your action you may claim a Clan (a card of its colour "
             "numbered 3 or higher in your play area; only 1 Clan per player) and any number "
             "of Honors whose requirement you meet: 'claim Wolf', 'honor A Six'.",
             "'end turn' ends it; with an empty hand you draw 1 card at the end of the turn."),
            f"{BOOK}, III. Gameplay, Claiming Clans and Honors")
    return RulesSummary(
        "Your turn: ONE of five actions",
        ("1. Play an Influence Card in order from 1 to 6 on your stack of its colour (one "
         "stack per colour, no skipping): 'play blue 2'.",
         "2. Discard 1 card to a Market row, draw 2: 'discard Spy to row 1, draw 2'.",
         "3. Discard 1 card, take all cards of 1 other row whose top card has the same "
         "colour, number or name (Advocates are white; Tomes/Epics any colour): 'discard "
         "purple 2 to row 1, take row 3'.",
         "4. Discard 3 cards of the same colour, take 1 Quest, draw 1: 'quest purple'.",
         "5. Play an Advocate and use its ability: 'use Spy'.",
         "Before or after it: claim a Clan or Honors ('claim Wolf', 'honor A Six')."),
        f"{BOOK}, III. Gameplay, During your turn")


def scoring_rules(game: "InheritorsGame") -> list[RulesSummary]:
    """The end-of-game scoring, step by step as the rulebook orders it (V. Scoring), with
    the numbers of this game's card data (the Tome majority's points, each Relic's and
    Quest's points; provenance said where the data is a reconstruction), then the
    tie-break. One :class:`RulesSummary` per step: ``title``, ``lines``, ``cite``."""
    cs = game.cards
    maj = cs.tome_majority
    pts = ", ".join(f"{p} VP" for p in maj.points)
    relic = cs.relics[0] if cs.relics else None
    quest = cs.quests[0] if cs.quests else None
    weakest_quest = min((q.provenance for q in cs.quests), key=lambda p: STRENGTH[p],
                        default="rulebook")
    out = [
        RulesSummary("1. Influence Cards",
                     ("Sum your topmost played Influence Card of each colour.",),
                     f"{BOOK}, V. Scoring, step 1"),
        RulesSummary("2. Tomes (and Epics)",
                     (f"The most Tomes and Epics left in hand, then the second-most: {pts}. "
                      "Ties share the full award; if first place is tied there is no second "
                      "place.",),
                     f"{BOOK}, V. Scoring, step 2 (card data: {maj.provenance})"),
        RulesSummary("3. Relics",
                     ((f"A Relic's owner who played the highest number (ties included) of "
                       f"its colour gains {relic.points_met:+d} VP, otherwise "
                       f"{relic.points_unmet:+d} VP.") if relic else "No Relics.",),
                     f"{BOOK}, V. Scoring, step 3"),
        RulesSummary("4. Quests",
                     ((f"Each Quest scores {quest.points_met} VP if the Influence Cards in "
                       f"your hand meet it, else {quest.points_unmet} VP; the same cards may "
                       "count for several Quests.") if quest else "No Quests.",),
                     f"{BOOK}, III. Gameplay, action 4 and V. Scoring, step 4 (Quest texts: "
                     f"{weakest_quest})"),
        RulesSummary("5. Honors", ("Each Honor claimed: its VP (1 each).",),
                     f"{BOOK}, III. Claiming Clans and Honors and V. Scoring, step 5"),
        RulesSummary("Clans and Epics",
                     ("Some Clans affect end-game scoring, and an Epic held in hand scores "
                      "its text: see each card's hover text.",),
                     f"{BOOK}, V. Scoring (\"some Clans affect end-game scoring\")"),
        RulesSummary("Winner",
                     ("The most VPs wins; if tied, more Tomes in hand; then more cards in "
                      "hand; then the tied players share the victory.",),
                     f"{BOOK}, V. Scoring"),
    ]
    return out


__all__ = ["help_entries", "rules_summary", "scoring_rules"]
