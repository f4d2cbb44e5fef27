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
COLOURS = {"purple": N_("purple"), "blue": N_("blue"), "yellow": N_("yellow"),
           "green": N_("green"), "red": N_("red"), "white": N_("white"), "any": N_("any")}

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

_NUMBERED = re.compile(r"^(\w+) ([1-6])$")
_RELIC = re.compile(r"^(\w+) relic$", re.I)


def colour(name: str | None) -> str:
    """A colour's name in the language in force (``"purple"`` -> ``"lila"``); a name that
    is no colour as it is."""
    if name is None:
        return ""
    key = name.casefold()
    return _(COLOURS[key]) if key in COLOURS else name


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


def _name(game: "InheritorsGame", text: str) -> str:
    """A card or record name typed in German (or the notation's) -> the notation's."""
    t = " ".join(text.split())
    names = (tuple(game.tname) + tuple(c.name for c in game.clans)
             + tuple(h.name for h in game.honors))
    found = _german_names(names).get(t.casefold())
    if found is not None:
        return found
    m = re.match(r"^(\S+) ([1-6])$", t)
    if m and m.group(1).casefold() in _DE_COLOURS:
        return f"{_DE_COLOURS[m.group(1).casefold()]} {m.group(2)}"
    m = re.match(r"^(?:relikt (\S+)|(\S+) relikt|relikt \((\S+)\))$", t, re.I)
    if m:
        word = next(g for g in m.groups() if g).casefold()
        return f"{_DE_COLOURS.get(word, word)} relic"
    return t


def _colour_word(text: str) -> str:
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
            return f"discard {_name(game, g[0])} to row {g[1]}, draw 2"  # i18n: no
        if kind == "market":
            return f"discard {_name(game, g[0])} to row {g[1]}, take row {g[2]}"  # i18n: no
        if kind == "disc":
            return f"discard {_name(game, g[0])} to row {g[1]}"  # i18n: no
        if kind == "ask":
            return f"ask P{g[0]} for {_name(game, g[1])}"
        if kind == "take":
            return f"take row {g[0]} card {g[1]}"  # i18n: no
        if kind == "sabo":
            return f"sabotage P{g[0]} {_colour_word(g[1])}"
        if kind == "play":
            return f"play {_name(game, g[0])}"
        if kind == "use":
            return f"use {_name(game, g[0])}"
        if kind == "quest":
            return f"quest {_colour_word(g[0])}"
        if kind == "claim":
            return f"claim {_name(game, g[0])}"
        return f"honor {_name(game, g[0])}"
    return None


__all__ = ["COLOURS", "NAMES", "TEXTS", "colour", "card", "cards", "and_list", "text", "german_notation"]
