"""Cascadito's move notation: action ids to text and back, and the names of tasks and
achievements.

Moves are written as a person says them (rulebook terms: "Mark a field", "Rivers",
"Achievements"): ``pink c5`` (a pink die marks field c5: row letter, position in the row),
``pink river`` (``pink river west`` on sheet 3), ``pink pass``; tasks ``track blue``,
``mark c5``, ``river``; claims ``claim top 2``, ``decline``; rolls ``roll BBYOP``.

Action ids (bases from :attr:`.rules.CascaditoGame.bases`): die marks ``c * H + i`` | die
river ``B1 + c * R + r`` | die pass ``B2 + c`` | task mark ``B3 + i`` | task river
``B4 + r`` | task track ``B5 + k`` | roll ``B6 + pool index`` | claim ``claim_base + a``,
decline ``claim_base + num_achievements``. ``c`` a colour, ``i`` a cell, ``r`` a river,
``k`` a track, ``a`` an achievement (indices of :class:`.tables.SheetTables`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from regalia.core.errors import NotationError
from regalia.core.i18n import N_, _
from regalia.core.params import digits_as_int
from regalia.core.state import check_action_id, check_notation_text

from .components import TOWN_COLOURS
from .wording import colour_stem
from .tables import (
    ACTION_NAMES,
    COLOUR_LETTERS,
    NUM_COLOURS,
    POOL_INDEX,
    POOLS,
    T_STAR,
    SheetTables,
    pool_string,
)

if TYPE_CHECKING:
    from .rules import CascaditoGame

#: Words that decline to claim (the canonical one first).
DECLINE_WORDS = ("decline", "done", "no")
#: A colour by word or letter: ``blue`` / ``b`` -> 0.
COLOUR_WORDS = {**{c: k for k, c in enumerate(TOWN_COLOURS)},
                **{COLOUR_LETTERS[k].lower(): k for k in range(NUM_COLOURS)}}

#: German words a player may type for the notation's words (issue 30): accepted in
#: addition to the notation, which stays one language-free notation (``pink c5``).
#: ``blau c5`` = ``blue c5``, ``gelb fluss`` = ``yellow river``, ``weiß passen`` =
#: ``white pass``, ``leiste blau`` = ``track blue``, ``markiere c5`` = ``mark c5``,
#: ``fluss ost`` = ``river east``, ``beanspruche oben 2`` = ``claim top 2``,
#: ``ablehnen`` = ``decline``.
GERMAN_WORDS = {
    "blau": "blue", "gelb": "yellow", "g": "yellow", "rosa": "pink", "weiß": "white",
    "weiss": "white", "passen": "pass", "passe": "pass", "fluss": "river",
    "ost": "east", "leiste": "track", "markiere": "mark", "markieren": "mark",
    "kreuze": "mark", "beanspruche": "claim", "beanspruchen": "claim", "nimm": "claim",
    "oben": "top", "unten": "bottom", "ablehnen": "decline", "verzichten": "decline",
    "nein": "decline", "fertig": "decline", "wurf": "roll",
}

_NOTATION_HELP = N_("moves are written: 'pink c5' (a pink die marks field c5: row letter, "
                    "position in the row), 'pink river' (or 'pink river west' on sheet 3), "
                    "'pink pass'; tasks: 'track blue', 'mark c5', 'river'; claims: "
                    "'claim top 2', 'decline'; rolls: 'roll BBYOP'")


def notation_help() -> str:
    """How moves are written, one line, in the language in force (also ``NOTATION_HELP``)."""
    return _(_NOTATION_HELP)


def __getattr__(name: str) -> str:
    # ``notation.NOTATION_HELP`` is read at call time, in the language in force.
    if name == "NOTATION_HELP":
        return notation_help()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: no (developers)


#: The kinds of :class:`Action`: with a die of the pool (phase ``die``), ``field`` marks a
#: field next to a town of its colour, ``river`` the next space of a river, ``pass`` does
#: nothing; resolving a task (phase ``task``), ``mark`` marks a field, ``river_space`` the
#: next river space, ``track`` the next space of a success track; ``roll`` is a chance
#: outcome; ``claim`` and ``decline`` answer an open claim (phase ``claim``).
ACTION_KINDS = ("field", "river", "pass", "mark", "river_space", "track", "roll", "claim",
                "decline")
#: The kinds that select a die of the pool.
DIE_KINDS = frozenset({"field", "river", "pass"})


@dataclass(frozen=True)
class Action:
    """One action id decoded (:func:`decode`), for views and front ends that would
    otherwise parse the notation or do arithmetic on ids.

    Fields (empty where the kind has none): ``id``; ``kind`` (:data:`ACTION_KINDS`);
    ``notation`` (as :func:`action_to_string` writes it); ``colour`` (the die's colour,
    or the track's for ``track``); ``cell`` (the field marked: ``c5``) and ``hex`` (its
    doubled-width coordinates, :mod:`.hexgrid`; None without a cell); ``river`` (``river``
    or ``river west``); ``pool`` (the dice left by a roll: ``BBYP``, ``-`` none);
    ``achievement`` (``top 2``: row and position from the left) and
    ``achievement_index`` (its index in the sheet's list; -1 without one).
    """

    id: int
    kind: str
    notation: str
    colour: str = ""
    cell: str = ""
    hex: tuple[int, int] | None = None
    river: str = ""
    pool: str = ""
    achievement: str = ""
    achievement_index: int = -1

    @property
    def uses_die(self) -> bool:
        """True for the moves that select a die of the pool (``field``, ``river``,
        ``pass``)."""
        return self.kind in DIE_KINDS

    @property
    def target(self) -> str:
        """What a die is used for: the field (``c5``), the river (``river``) or
        ``pass``; for the other kinds, the notation without its verb."""
        if self.kind == "field":
            return self.cell
        if self.kind == "river":
            return self.river
        if self.kind == "pass":
            return "pass"
        return self.notation.split(" ", 1)[-1]


def decode(G: CascaditoGame, action: int) -> Action:
    """The :class:`Action` of id ``action`` (any id of the game: the decoding does not
    depend on the position).

    Raises:
        NotationError: ``action`` is not an action id of the game.
    """
    text = action_to_string(G, action)
    t = G.tables
    H, R = t.num_cells, t.num_rivers
    B1, B2, B3, B4, B5, B6 = G.bases
    if action < B1:
        c, i = divmod(action, H)
        return Action(action, "field", text, TOWN_COLOURS[c], t.names[i], t.cells[i])
    if action < B2:
        c, r = divmod(action - B1, R)
        return Action(action, "river", text, TOWN_COLOURS[c], river=river_word(t, r))
    if action < B3:
        return Action(action, "pass", text, TOWN_COLOURS[action - B2])
    if action < B4:
        i = action - B3
        return Action(action, "mark", text, cell=t.names[i], hex=t.cells[i])
    if action < B5:
        return Action(action, "river_space", text, river=river_word(t, action - B4))
    if action < B6:
        return Action(action, "track", text, TOWN_COLOURS[t.track_colour[action - B5]])
    if action < G.claim_base:
        return Action(action, "roll", text, pool=pool_string(POOLS[action - B6]))
    k = action - G.claim_base
    if k == t.num_achievements:
        return Action(action, "decline", text)
    return Action(action, "claim", text, achievement=text.removeprefix("claim "),
                  achievement_index=k)


def achievement_name(t: SheetTables, a: int) -> str:
    """``claim top 2``: achievement ``a`` by row and position from the left (1-based), as
    the rulebook lists them ("Top row, left to right")."""
    if a in t.top:
        return f"claim top {t.top.index(a) + 1}"  # i18n: no (notation)
    return f"claim bottom {t.bottom.index(a) + 1}"  # i18n: no (notation)


def river_word(t: SheetTables, r: int) -> str:
    """``river`` (one river) or ``river west`` (sheet 3)."""
    name = t.river_names[r]
    return f"river {name}" if name else "river"


def task_name(t: SheetTables, k: int) -> str:
    """A pending task's name: ``advance_track``, ``mark_field``, ``advance_river`` or
    ``star c5`` (task code ``k``, :data:`.tables.T_STAR`)."""
    kind = k & 3
    if kind == T_STAR:
        return f"star {t.names[k >> 2]}"
    return ACTION_NAMES[kind]


def parse_task(t: SheetTables, text: str) -> int | None:
    """The task code named ``text`` (inverse of :func:`task_name`); None if it names none."""
    if text in ACTION_NAMES:
        return ACTION_NAMES.index(text)
    words = text.split()
    if len(words) == 2 and words[0] == "star" and words[1] in t.name_index:
        i = t.name_index[words[1]]
        if t.star_mask >> i & 1:
            return T_STAR + 4 * i
    return None


def action_to_string(G: CascaditoGame, action: int) -> str:
    """The notation of ``action`` (any id of the game: it does not depend on the position).

    Raises:
        NotationError: ``action`` is not an action id of the game.
    """
    t = G.tables
    check_action_id(action, G.num_distinct_actions)
    H, R = t.num_cells, t.num_rivers
    B1, B2, B3, B4, B5, B6 = G.bases
    if action < B1:
        c, i = divmod(action, H)
        return f"{TOWN_COLOURS[c]} {t.names[i]}"
    if action < B2:
        c, r = divmod(action - B1, R)
        return f"{TOWN_COLOURS[c]} {river_word(t, r)}"
    if action < B3:
        return f"{TOWN_COLOURS[action - B2]} pass"
    if action < B4:
        return f"mark {t.names[action - B3]}"
    if action < B5:
        return river_word(t, action - B4)
    if action < B6:
        return f"track {TOWN_COLOURS[t.track_colour[action - B5]]}"
    if action < G.claim_base:
        return f"roll {pool_string(POOLS[action - B6])}"
    k = action - G.claim_base
    return DECLINE_WORDS[0] if k == t.num_achievements else achievement_name(t, k)


def string_to_action(G: CascaditoGame, text: str, task_shortcuts: bool = False) -> int:
    """The action id written ``text`` (inverse of :func:`action_to_string`; case and
    spacing are free, colours may be letters). ``task_shortcuts``: while a task is being
    resolved, ``c5`` means ``mark c5`` and ``blue`` means ``track blue``.

    Raises:
        NotationError: text naming no action of the game; the message shows the notation.
    """
    t = G.tables
    words = [GERMAN_WORDS.get(w, w) for w in check_notation_text(text).strip().lower().split()]
    B1, B2, B3, B4, B5, B6 = G.bases
    H, R = t.num_cells, t.num_rivers
    if not words:
        raise NotationError(_("cannot read {text}; {help}").format(text=repr(text),
                                                                  help=notation_help()))
    if words[0] == "claim":
        return G.claim_base + _parse_achievement(t, words[1:], text)
    if len(words) == 1 and words[0] in DECLINE_WORDS:
        return G.claim_base + t.num_achievements
    if words[0] == "roll" and len(words) == 2:
        counts = [0] * NUM_COLOURS
        if words[1] != "-":
            for ch in words[1]:
                k = COLOUR_LETTERS.lower().find(ch)
                if k < 0:
                    raise NotationError(_("{text}: dice are written with the letters "
                                          "{letters} ('roll BBYP')").format(
                        text=repr(text), letters=COLOUR_LETTERS))
                counts[k] += 1
        key = tuple(counts)
        if key not in POOL_INDEX:
            raise NotationError(_("{text}: a roll leaves at most 6 dice").format(text=repr(text)))
        return B6 + POOL_INDEX[key]
    if words[0] == "track" and len(words) == 2 and words[1] in COLOUR_WORDS:
        c = COLOUR_WORDS[words[1]]
        if c not in t.track_colour:
            raise NotationError(_("{text}: this sheet has no {colour} track").format(
                text=repr(text), colour=colour_stem(TOWN_COLOURS[c])))
        return B5 + t.track_colour.index(c)
    if words[0] == "river":
        return B4 + _parse_river(t, words[1:], text)
    if words[0] == "mark" and len(words) == 2:
        return B3 + _parse_cell(t, words[1], text)
    if words[0] in COLOUR_WORDS and len(words) >= 2:
        c = COLOUR_WORDS[words[0]]
        if words[1] == "pass" and len(words) == 2:
            return B2 + c
        if words[1] == "river":
            return B1 + c * R + _parse_river(t, words[2:], text)
        if len(words) == 2:
            i = _parse_cell(t, words[1], text)
            if i >= H or t.river_of[i] >= 0:
                raise NotationError(_("{text}: river spaces are marked in order with "
                                      "'{colour} river'").format(text=repr(text),
                                                                 colour=words[0]))
            return c * H + i
    if task_shortcuts and len(words) == 1:
        if words[0] in COLOUR_WORDS:
            return string_to_action(G, f"track {words[0]}")
        if words[0] in t.name_index:
            return string_to_action(G, f"mark {words[0]}")
    raise NotationError(_("cannot read {text}; {help}").format(text=repr(text),
                                                              help=notation_help()))


def parse_pool(G: CascaditoGame, text: str) -> int:
    """The :data:`.tables.POOLS` index of a pool written ``BBYP`` (``-``: empty).

    Raises:
        NotationError: text that is no pool of at most 6 dice.
    """
    return string_to_action(G, f"roll {check_notation_text(text)}") - G.bases[5]


def _parse_achievement(t: SheetTables, rest: list[str], text: str) -> int:
    """``top 2`` / ``top2`` / ``bottom 1`` / ``b1``: the row and the position from the
    left, 1-based."""
    word = "".join(rest)
    row = word.rstrip("0123456789")
    num = word[len(row):]
    rows = {"top": t.top, "t": t.top, "bottom": t.bottom, "b": t.bottom,
            # German aliases: "oben 2" / "o2", "unten 1" / "u1"
            "oben": t.top, "o": t.top, "unten": t.bottom, "u": t.bottom}
    k = digits_as_int(num)
    if row in rows and type(k) is int and 1 <= k <= len(rows[row]):
        return rows[row][k - 1]
    if t.bottom:
        raise NotationError(_("{text}: achievements are claimed by row and position from "
                              "the left: 'claim top 1' .. 'claim top {top}', 'claim bottom 1' "
                              ".. 'claim bottom {bottom}'").format(
            text=repr(text), top=len(t.top), bottom=len(t.bottom)))
    raise NotationError(_("{text}: achievements are claimed by row and position from the "
                          "left: 'claim top 1' .. 'claim top {top}'").format(
        text=repr(text), top=len(t.top)))


def _parse_river(t: SheetTables, rest: list[str], text: str) -> int:
    if t.num_rivers == 0:
        raise NotationError(_("{text}: this sheet has no river").format(text=repr(text)))
    if not rest:
        if t.num_rivers == 1:
            return 0
        raise NotationError(_("{text}: name the river ({rivers})").format(
            text=repr(text), rivers=", ".join(t.river_names)))
    if len(rest) == 1 and rest[0] in t.river_names:
        return t.river_names.index(rest[0])
    raise NotationError(_("{text}: the rivers are {rivers}").format(
        text=repr(text), rivers=", ".join(t.river_names) or _("just river")))


def _parse_cell(t: SheetTables, word: str, text: str) -> int:
    i = t.name_index.get(word)
    if i is None:
        raise NotationError(_("{text}: {word} is no field of this sheet (fields are named by "
                              "row letter and position in the row, e.g. c5)").format(
            text=repr(text), word=repr(word)))
    return i
