"""Inheritors' words for a person: colours, card names and card texts in the language in
force (:mod:`regalia.core.i18n`), and German typed moves read back into the notation.

The notation and the card data stay English (``purple 2``, ``Spy``, ``claim Wolf``): they
are the language-free keys. What a person reads goes through :func:`colour`,
:func:`card` and :func:`text`; the German words are the project's translation (no German
edition text at hand: ``docs/i18n/inheritors.de.md``), never the printed card names.

:func:`german_notation` turns a German typed move (``spiele lila 2``, ``nutze Spion``,
``wirf Spion auf Reihe 1, ziehe 2``, ``beanspruche Wolf``, ``zug beenden``) into the
notation; it returns None for text that is no German move.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from regalia.core import i18n
from regalia.core.i18n import N_, _, pgettext
from regalia.core.svgkit import and_join

if TYPE_CHECKING:
    from .rules import InheritorsGame

#: The colours (the realms'; white: the Advocates'; any: Tomes and Epics in the Market).
COLOURS = ("purple", "blue", "yellow", "green", "red", "white", "any")


def _colour_word(name: str) -> str:
    """A colour's name as a realm's name (German: a noun, ``Lila``, ``Blau``)."""
    words = {"purple": pgettext("realm", "purple"), "blue": pgettext("realm", "blue"),
             "yellow": pgettext("realm", "yellow"), "green": pgettext("realm", "green"),
             "red": pgettext("realm", "red"), "white": pgettext("realm", "white"),
             "any": pgettext("realm", "any")}
    return words[name]

#: Every name of the bundled card data (``data/cards.toml``; a test keeps them in step).
NAMES = {n: n for n in (
    N_("Conspirator"), N_("Spy"), N_("Advisor"), N_("Ambassador"), N_("Agent"),
    N_("Knight"), N_("Saboteur"), N_("Tome"),
    N_("The Raven's Chronicle"), N_("The Owl's Almanac"), N_("The Serpent's Saga"),
    N_("Two Threes"), N_("Two Twos"), N_("Purple Treasury"), N_("Blue Treasury"),
    N_("Yellow Treasury"), N_("Green Treasury"), N_("Red Treasury"),
    N_("Two Quests"), N_("A Six"), N_("Two Fours"), N_("Three Threes"), N_("Four Twos"),
    N_("Three Tomes"), N_("Three Relics"), N_("Spy's Success"),
    N_("Rat"), N_("Raven"), N_("Lynx"), N_("Owl"), N_("Wolf"), N_("Stag"), N_("Bear"),
    N_("Boar"), N_("Fox"), N_("Serpent"))}

#: Every card text of the bundled card data (the rulebook's where it has one).
TEXTS = {t: t for t in (
    N_("Requirement: This card can only be played if another player has a higher-numbered "
       "card of the same color in their play area. Play an Influence Card skipping 1 number "
       "(for example, play a 4 on a 2) if the above requirement is met. You are allowed to "
       "skip a 1 and play a 2 with this card."),
    N_("Pick a player and announce an Influence Card (color and number) that you can legally "
       "play in your play area. If that player has the card, they must immediately place it "
       "in your play area. If they do not have it, you draw 1 card from the deck."),
    N_("Take any 2 cards from the Market. The cards can be from different rows. You can take "
       "them even if they are under other cards. Refill the Market (if needed) after you "
       "take both cards."),
    N_("Play an Influence Card skipping 1 number (no requirement)."),
    N_("As the Spy, but if the player does not have the card you draw 2 cards."),
    N_("Play 2 Influence Cards, one after the other, each in order."),
    N_("Remove the top Influence Card (numbered 4 or lower) of another player's stack to the "
       "removed area."),
    N_("At the end of the game, if 3 of your stacks show a 4 or higher, gain 2 VP."),
    N_("At the end of the game, if you have 2 Quests, gain 2 VP."),
    N_("At the end of the game, if you played the highest red number (ties included), gain "
       "2 VP."),
    N_("2 number 3 cards in hand."), N_("2 number 2 cards in hand."),
    N_("3 purple cards in hand."), N_("3 blue cards in hand."), N_("3 yellow cards in hand."),
    N_("3 green cards in hand."), N_("3 red cards in hand."),
    N_("2 Quests in your play area."), N_("A number 6 card in your play area."),
    N_("Two number 4 (or above) cards in your play area."),
    N_("Three number 3 (or above) cards in your play area."),
    N_("Four number 2 (or above) cards in your play area."),
    N_("Show 3 Tomes from your hand. (They can leave your hand after the Honor is "
       "claimed.)"),
    N_("Show 3 Relics from your Hand. (They can leave your hand after the Honor is "
       "claimed.)"),
    N_("Use a Spy to play an Influence Card numbered 2 or higher."),
    N_("When you claim the Rat, take the Agent into your hand."),
    N_("When you claim the Raven, take The Raven's Chronicle into your hand."),
    N_("When you claim the Lynx, take any 2 cards from the Market."),
    N_("When you claim the Owl, take The Owl's Almanac into your hand."),
    N_("When you claim the Wolf, take the Knight into your hand."),
    N_("At the end of the game, if you have stacks in 4 colours, gain 2 VP."),
    N_("At the end of the game, if your green stack shows a 5 or higher, gain 2 VP."),
    N_("When you claim the Boar, take the Saboteur into your hand."),
    N_("When you claim the Fox, take both Ambassadors into your hand."),
    N_("When you claim the Serpent, take The Serpent's Saga into your hand."))}

#: The card data's notes (why a reconstruction was chosen), shown in hover texts.
NOTES = {t: t for t in (
    N_('The fifth colour is named by no public text (COMPONENTS.md). Red: the usual fifth '
       'suit beside purple, blue, yellow and green; not white, which the rulebook gives to '
       "the Advocates ('All Advocates are white'). Rename it here: every record refers to "
       'colours by name.'),
    N_('2s/3s/4s split not public (8 per colour); 3/3/2 continues the falling counts 4, 3, '
       '3, 2, 1, 1'),
    N_('The split of the 18 Basic Advocates and which copies carry the 2-player mark are not'
       ' public: an even split (6 each) with 2 of each marked, so a 2-player deck keeps 12.'),
    N_('Which clan each Special Advocate sits with is not public. The two Ambassadors go to '
       'the Fox, the diplomat of the suggested set.'),
    N_("Text not public. A diplomat's favour: the Conspirator's skip without its "
       'requirement, a clear step above a Basic Advocate.'),
    N_('Which clan each Special Advocate sits with is not public. The Agent goes to the Rat,'
       ' the sneak of the suggested set.'),
    N_("Text not public. A better-trained Spy: the Spy's demand with a larger consolation "
       "(draw 2 instead of 1). It is not a Spy for the Honor 'Use a Spy ...'."),
    N_('Which clan each Special Advocate sits with is not public. The Knight goes to the '
       'Wolf, the martial clan of the suggested set.'),
    N_('Text not public. A charge: two ordinary plays in one action.'),
    N_('Which clan each Special Advocate sits with is not public. The Saboteur goes to the '
       'Boar (reconstructed green clan).'),
    N_("Text not public. Sabotage lowers a rival's influence without touching claimed Clans "
       "('The ownership cannot be changed'); capped at 4 so a 5 or 6 stays safe."),
    N_('The Relic of the fifth colour, whose name is reconstructed (see colours).'),
    N_('3 Epics exist (I. Components), each with a clan (setup step 3); names, clans and '
       'texts are not public. One Epic for each of three reconstructed clans.'),
    N_("Text not public. A small end-game bonus on top of the Epic's Tome value, rewarding "
       'broad influence like the Honors do.'),
    N_("Text not public. Rewards the quest route, as the Honor '2 Quests in your play area' "
       'does.'),
    N_("Text not public. A stronger Relic for the Serpent's own colour, with no penalty."),
    N_("The label 'Two Threes' is the project's; the example names no colour, so the quest "
       'belongs to no realm.'),
    N_("6 of the 7 Quests are not public. A sibling of the rulebook's example with another "
       'number; 2s are needed early, so keeping two to the end costs something.'),
    N_('6 of the 7 Quests are not public. Quests belong to colours (2-Player Variant: '
       "'Return its Relics, Clans, Quests and Influence Cards'), yet there are 7: one per "
       'colour plus two colourless number quests like the example. Three cards of one colour'
       " mirror the action that takes a Quest ('Discard 3 cards of the same color')."),
    N_('6 of the 7 Quests are not public. One colour quest per colour (see Purple Treasury).'),
    N_('Read as two stacks topped by a 4 or more (covered cards not counted).'),
    N_('Read as three stacks topped by a 3 or more (covered cards not counted).'),
    N_('Read as four stacks topped by a 2 or more (covered cards not counted).'),
    N_("Epics are not counted: only scoring step 2 says 'Tomes (and Epics)'."),
    N_("The Rat's colour is not public. The suggested five hold one Clan of each colour and "
       "Wolf is yellow; purple is the project's choice."),
    N_('Clan abilities are not public. The Rat, a schemer, provides the Agent.'),
    N_('Name, colour and ability not public: 10 Clans, two per colour; the five beyond the '
       'suggested set are given animal names like the known ones.'),
    N_('Clan abilities are not public. One of the three Epic clans.'),
    N_("The Lynx's colour is not public. The suggested five hold one Clan of each colour and"
       " Wolf is yellow; blue is the project's choice."),
    N_('Clan abilities are not public. The keen-eyed Lynx spots what lies in the Market: an '
       "Advisor's take, once."),
    N_('Clan abilities are not public. The Wolf, a warrior clan, provides the Knight.'),
    N_("Clan abilities are not public. An end-game clan ('some Clans affect end-game "
       "scoring') rewarding breadth; 4 colours stays reachable in a 2-player game."),
    N_("The Bear's colour is not public. The suggested five hold one Clan of each colour and"
       " Wolf is yellow; green (the forest) is the project's choice."),
    N_("Clan abilities are not public. An end-game clan ('some Clans affect end-game "
       "scoring') rewarding depth in its own colour."),
    N_('Clan abilities are not public. The rough Boar provides the Saboteur.'),
    N_("The Fox's colour is not public. The suggested five hold one Clan of each colour and "
       "Wolf is yellow; red (a red fox) is the project's choice."),
    N_('Clan abilities are not public. The silver-tongued Fox provides the two Ambassadors.'))}

_NUMBERED = re.compile(r"^(\w+) ([1-6])$")
_RELIC = re.compile(r"^(\w+) relic$", re.I)


def colour(name: str | None) -> str:
    """A colour's name in the language in force (``"purple"`` -> ``"lila"``); a name that
    is no colour as it is."""
    if name is None:
        return ""
    key = name.casefold()
    return _colour_word(key) if key in COLOURS else name


def card(name: str | None) -> str:
    """A card's name (notation: ``purple 2``, ``purple relic``, ``Spy``, ``Wolf``) in the
    language in force: ``lila 2``, ``Relikt (lila)``, ``Spion``, ``Wolf``."""
    if name is None:
        return ""
    if m := _NUMBERED.match(name):
        return pgettext("card", "{colour} {number}").format(colour=colour(m.group(1)),
                                                              number=m.group(2))
    if m := _RELIC.match(name):
        return _("{colour} relic").format(colour=colour(m.group(1)))
    return _(NAMES[name]) if name in NAMES else name


def cards(names: "list[str] | tuple[str, ...]") -> str:
    """Card names in the language in force, joined by commas."""
    return ", ".join(card(n) for n in names)


def and_list(words: "list[str] | tuple[str, ...]") -> str:
    """``a, b and c`` in the language in force (English as :func:`~regalia.core.svgkit.
    and_join` writes it; other languages by Babel)."""
    if i18n.language() == "en":
        return and_join(words)
    return i18n.format_list([w for w in words if w])


def note(written: str) -> str:
    """A card record's note (why it was reconstructed) in the language in force."""
    return _(NOTES[written]) if written in NOTES else written


def text(printed: str) -> str:
    """A card's text in the language in force (a text the data adds later: as it is)."""
    return _(TEXTS[printed]) if printed in TEXTS else printed


# ---------------------------------------------------------------- German typed moves
_DE_COLOURS = {"lila": "purple", "violett": "purple", "blau": "blue", "gelb": "yellow",
               "grün": "green", "gruen": "green", "rot": "red", "weiß": "white",
               "weiss": "white"}


@lru_cache(maxsize=8)
def _german_names(names: tuple[str, ...]) -> dict[str, str]:
    """German name (casefolded) -> notation name, for the given notation names."""
    with i18n.using("de"):
        out = {card(n).casefold(): n for n in names}
    return out


def notation_name(game: "InheritorsGame", text: str) -> str:
    """A card, Clan, Honor or Quest name typed in German (``Lila 2``, ``Spion``, ``Relikt
    Rot``, ``Bär``, ``Eine Sechs``, ``Zwei Dreien``; case free) -> the notation's (``purple 2``, ``Spy``, ...);
    any other text as it is (spacing normalised)."""
    t = " ".join(text.split())
    names = (tuple(game.tname) + tuple(c.name for c in game.clans)
             + tuple(h.name for h in game.honors) + tuple(q.name for q in game.quests))
    found = _german_names(names).get(t.casefold())
    if found is not None:
        return found
    m = re.match(r"^(\S+) (\d+)$", t)
    if m and m.group(1).casefold() in _DE_COLOURS:
        return f"{_DE_COLOURS[m.group(1).casefold()]} {m.group(2)}"
    m = re.match(r"^(?:relikt (\S+)|(\S+) relikt|relikt \((\S+)\))$", t, re.I)
    if m:
        word = next(g for g in m.groups() if g).casefold()
        return f"{_DE_COLOURS.get(word, word)} relic"
    return t


def notation_colour(text: str) -> str:
    """A colour typed in German (``lila``, ``Grün``, ``weiss``) -> the notation's; any
    other text as it is (case-folded)."""
    word = text.strip().casefold()
    return _DE_COLOURS.get(word, word)


_DE_MOVES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), kind) for rx, kind in (
        (r"^(?:wirf|abwerfen|lege) (.+?) (?:ab )?auf reihe (\d+)(?: ab)?, ziehe? 2$", "ddraw"),  # i18n: no
        (r"^(?:wirf|abwerfen|lege) (.+?) (?:ab )?auf reihe (\d+)(?: ab)?, nimm reihe (\d+)$",  # i18n: no
         "market"),
        (r"^(?:wirf|abwerfen|lege) (.+?) (?:ab )?auf reihe (\d+)(?: ab)?$", "disc"),  # i18n: no
        (r"^(?:frage|frag) p(\d+) nach (.+)$", "ask"),
        (r"^nimm reihe (\d+) karte (\d+)(?: \(.*\))?$", "take"),  # i18n: no
        (r"^sabotiere p(\d+) (\S+)$", "sabo"),
        (r"^(?:spiele|spiel) (.+)$", "play"),
        (r"^(?:nutze|nutz|setze|benutze) (.+?)(?: ein)?$", "use"),
        (r"^(?:quest|auftrag) (\S+)$", "quest"),
        (r"^(?:beanspruche|clan) (.+)$", "claim"),
        (r"^(?:ehrung|nimm ehrung) (.+)$", "honor"),  # i18n: no
    ))


def german_notation(game: "InheritorsGame", text: str) -> str | None:
    """The notation of a move typed in German, or None if ``text`` is no German move.

    ``spiele lila 2`` -> ``play purple 2``; ``nutze Spion`` (``setze Spion ein``) ->
    ``use Spy``; ``wirf Spion auf Reihe 1, ziehe 2`` -> ``discard Spy to row 1, draw 2``;
    ``wirf lila 2 auf Reihe 1, nimm Reihe 3``; ``quest lila`` (``auftrag lila``);
    ``frage P2 nach lila 2``; ``nimm Reihe 2 Karte 1``; ``sabotiere P2 blau``;
    ``beanspruche Wolf``; ``ehrung Eine Sechs``; ``zug beenden`` (``beenden``);
    ``passe``. Names may be German or the notation's.
    """
    t = " ".join(str(text).strip().split())
    low = t.casefold()
    if low in ("zug beenden", "beende zug", "beenden", "zugende"):  # i18n: no
        return "end turn"  # i18n: no
    if low in ("passe", "passen"):
        return "pass"
    for rx, kind in _DE_MOVES:
        m = rx.match(t)
        if m is None:
            continue
        g = m.groups()
        if kind == "ddraw":
            return f"discard {notation_name(game, g[0])} to row {g[1]}, draw 2"  # i18n: no
        if kind == "market":
            return f"discard {notation_name(game, g[0])} to row {g[1]}, take row {g[2]}"  # i18n: no
        if kind == "disc":
            return f"discard {notation_name(game, g[0])} to row {g[1]}"  # i18n: no
        if kind == "ask":
            return f"ask P{g[0]} for {notation_name(game, g[1])}"
        if kind == "take":
            return f"take row {g[0]} card {g[1]}"  # i18n: no
        if kind == "sabo":
            return f"sabotage P{g[0]} {notation_colour(g[1])}"
        if kind == "play":
            return f"play {notation_name(game, g[0])}"
        if kind == "use":
            return f"use {notation_name(game, g[0])}"
        if kind == "quest":
            return f"quest {notation_colour(g[0])}"
        if kind == "claim":
            return f"claim {notation_name(game, g[0])}"
        return f"honor {notation_name(game, g[0])}"
    return None


__all__ = ["COLOURS", "NAMES", "TEXTS", "NOTES", "note", "colour", "card", "cards",
           "and_list", "text", "german_notation", "notation_name", "notation_colour"]
