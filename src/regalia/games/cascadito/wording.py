"""Cascadito's words in the language in force (issue 30): colours, lists, the sheets' texts.

The notation and the data files stay English and language-free (``pink c5``, ``claim top
2``); what a person reads is translated here, at call time, through the ``cascadito``
catalogue (``regalia/locale/<lang>/LC_MESSAGES/cascadito.po``; glossary
``docs/i18n/cascadito.de.md``).

- :func:`colour` a colour as a word (``blue`` / ``blau``); :func:`colour_stem` its
  adjective stem for messages that decline it (German ``den {colour}en Würfel``).
- :func:`join` words as a list (``a, b and c``; German ``a, b und c``).
- :func:`text` a sheet file's player-facing text (achievement criteria, sheet titles,
  track themes, trade goods, river names), all listed in :data:`DATA_TEXTS`.
"""

from __future__ import annotations

from typing import Sequence

from regalia.core.i18n import N_, _, format_list, language, pgettext
from regalia.core.svgkit import and_join

__all__ = ["colour", "colour_stem", "join", "or_join", "river_word", "text", "DATA_TEXTS", "points", "vp"]


def colour(name: str) -> str:
    """A die, town or track colour as a word standing alone (``blue``; German the noun
    ``Blau``, ``Weiß``); anything else is returned as it is."""
    words = {"blue": pgettext("colour", "blue"), "yellow": pgettext("colour", "yellow"),
             "orange": pgettext("colour", "orange"), "pink": pgettext("colour", "pink"),
             "white": pgettext("colour", "white"), "black": pgettext("colour", "black")}
    return words.get(name, name)


def colour_stem(name: str) -> str:
    """A colour's adjective stem (English: the colour itself; German ``blau``, ``gelb``,
    ``orangefarben``, ``pink``, ``weiß``, ``schwarz``), for messages whose German form
    adds the ending (``den {colour}en Würfel``)."""
    # Translators: the stem of the colour adjective; messages add the ending ("{colour}en").
    words = {"blue": pgettext("colour stem", "blue"),
             "yellow": pgettext("colour stem", "yellow"),
             "orange": pgettext("colour stem", "orange"),
             "pink": pgettext("colour stem", "pink"),
             "white": pgettext("colour stem", "white"),
             "black": pgettext("colour stem", "black")}
    return words.get(name, name)


def river_word(word: str) -> str:
    """The notation's word for a river (``west``, ``east``; sheet 3) as a person reads it
    (German ``West``, ``Ost``); another word is returned as it is."""
    return {"west": pgettext("river", "west"), "east": pgettext("river", "east")}.get(word, word)


def join(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (German ``a, b und c``)."""
    words = [w for w in words if w]
    if language() == "en" or len(words) <= 1:
        return and_join(words)
    return format_list(words)


def or_join(words: Sequence[str]) -> str:
    """``a or b or c`` (German ``a, b oder c``)."""
    words = [w for w in words if w]
    if language() == "en":
        return " or ".join(words)
    return format_list(words, style="or")


def points(n: int) -> str:
    """``1 point``, ``12 points`` (German ``1 Punkt``, ``12 Punkte``)."""
    from regalia.core.i18n import ngettext
    return ngettext("{n} point", "{n} points", n).format(n=n)


def vp(n: int | str) -> str:
    """``5 VP`` (Victory points; German ``5 SP``)."""
    return _("{n} VP").format(n=n)


#: Every player-facing text of the sheet files (``data/sheets/sheet*.toml``): titles,
#: track themes, trade goods, river names and the achievements' criteria. The data stay
#: English; :func:`text` shows them translated (a test checks this list is complete).
DATA_TEXTS: tuple[str, ...] = (
    # sheet titles
    N_("Rural Beginnings"), N_("Raiding Bandits"), N_("2 Rivers"), N_("Trade and Defense"),
    # the tracks' themes
    N_("farming"), N_("mining"), N_("manufacturing"), N_("trading"), N_("education"),
    # trade goods
    N_("grain"), N_("wool"), N_("timber"), N_("stone"), N_("cloth"), N_("wine"),
    # rivers
    N_("river"), N_("west river"), N_("east river"),
    # achievements
    N_("Reach the first Achievement banner in all 4 success tracks."),
    N_("Reach the second Achievement banner with any 2 success tracks."),
    N_("Create a group that neighbors 3 towns of any 1 color."),
    N_("Create a group that neighbors towns of all 5 colors."),
    N_("Mark the last river space."),
    N_("Create a group that neighbors 2 towns of the indicated color (blue)."),
    N_("Create a group that neighbors 2 towns of the indicated color (yellow)."),
    N_("Create a group that neighbors 2 towns of the indicated color (orange)."),
    N_("Create a group that neighbors 2 towns of the indicated color (pink)."),
    N_("Reach the first Achievement banner in all 5 success tracks."),
    N_("Reach the second Achievement banner on the success track corresponding to your "
       "home castle."),
    N_("Reach the second Achievement banner on the white (education) success track."),
    N_("Create 4 separate groups of marked fields that are not connected."),
    N_("Mark the 6th river hexagon, which indicates a final score of 10 points."),
    N_("Mark at least 6 raiding bandits so that no more than 3 of the bandits are visible."),
    N_("Create a group that neighbors 3 towns of the indicated colour (blue)."),
    N_("Create a group that neighbors 3 towns of the indicated colour (yellow)."),
    N_("Create a group that neighbors 3 towns of the indicated colour (orange)."),
    N_("Create a group that neighbors 3 towns of the indicated colour (pink)."),
    N_("Create a group that neighbors 4 white towns."),
    N_("Reach the Achievement banner on any 1 success track."),
    N_("Mark all 4 river spaces showing an action."),
    N_("Create a group that neighbors 4 white (education) towns."),
    N_("Create a group that neighbors 5 towns of any 1 color."),
    N_("Mark all 4 fields showing an action above the rivers."),
    N_("Mark all 4 fields showing an action below the rivers."),
    N_("Create a group that neighbors 3 towns of the indicated color (blue)."),
    N_("Create a group that neighbors 3 towns of the indicated color (yellow)."),
    N_("Create a group that neighbors 3 towns of the indicated color (orange)."),
    N_("Create a group that neighbors 3 towns of the indicated color (pink)."),
    N_("Create a group that neighbors 3 towns of the indicated color (white)."),
    N_("Create a group that contains the 2 fields with the crowns of the indicated color "
       "(blue)."),
    N_("Create a group that contains the 2 fields with the crowns of the indicated color "
       "(yellow)."),
    N_("Create a group that contains the 2 fields with the crowns of the indicated color "
       "(orange)."),
    N_("Create a group that contains the 2 fields with the crowns of the indicated color "
       "(pink)."),
    N_("Create a group that contains the 2 fields with the crowns of the indicated color "
       "(white)."),
    N_("Mark the 2 fields showing the indicated trade good (grain)."),
    N_("Mark the 2 fields showing the indicated trade good (wool)."),
    N_("Mark the 2 fields showing the indicated trade good (timber)."),
    N_("Mark the 2 fields showing the indicated trade good (stone)."),
    N_("Mark the 2 fields showing the indicated trade good (cloth)."),
    N_("Mark the 2 fields showing the indicated trade good (wine)."),
)


def text(value: str) -> str:
    """A sheet file's text (one of :data:`DATA_TEXTS`) in the language in force."""
    return _(value) if value else value
