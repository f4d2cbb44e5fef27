"""The questions of ``regalia score cascadito --interactive``: one play sheet entered
field by field (home castle, success tracks, rivers, the bandit track, achievements), each
answer checked at once, the result written in the score format of :mod:`.textformat`
(``docs/games/cascadito-score-format.md``, "Interactive entry"). Nothing here reads a
terminal: a front end asks the questions and passes the answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from regalia.core.errors import NotationError
from regalia.core.i18n import _
from regalia.core.textlines import digits

from .components import CASTLE_ORDER, TOWN_COLOURS
from .notation import GERMAN_WORDS
from .scoring import CLAIMED, CLAIMED_LATER, UNCLAIMED, SheetFacts
from .tables import SheetTables
from .textformat import claim_word, criterion_gap, facts_to_text
from .wording import colour_stem, text as data_text, vp


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Question:
    """One question of :class:`SheetInterview`: ``key``, the ``prompt`` (without the
    default), the ``default`` answer (used for an empty answer) and ``choices`` (a hint
    such as ``0-7`` or ``y/n``)."""

    key: str
    prompt: str
    default: str
    choices: str


class SheetInterview:
    """The questions of ``regalia score cascadito --interactive``, field by field, each
    answer checked at once (:meth:`answer` raises :class:`NotationError` saying what is
    expected, and the question is asked again). Nothing here reads a terminal: a front end
    asks :meth:`next_question` until it returns None, then scores :meth:`text`.

    Order: the home castle, each success track (bottom-up spaces marked), each river,
    the bandit track (sheet 2), each achievement that scores points (claimed?; sheet 4's
    top row: first or later; an achievement whose reward is only an action scores nothing
    and is not asked), and on sheet 4 with the whole top row claimed whether it was a solo
    game.
    """

    def __init__(self, tables: SheetTables, name: str = "player 1",
                 taken_castles: tuple[str, ...] = (), locked: frozenset[int] = frozenset()):
        """``taken_castles``: the castles of the sheets entered before; ``locked``: the
        top-row achievements an earlier sheet claimed first (sheets 1-3: not asked;
        sheet 4: only 'later' is possible)."""
        self.t = tables
        self.locked = locked
        self.name = name
        self.taken = taken_castles
        self.answers: dict[str, str] = {}
        t = tables
        free = [c for c in CASTLE_ORDER if c not in taken_castles] or ["blue"]
        qs = [Question("castle", _('Home castle (blue, yellow, orange or pink)'), free[0],
                       "/".join(free))]
        for k in range(t.num_tracks):
            c = TOWN_COLOURS[t.track_colour[k]]
            qs.append(Question(f"track {c}", _cap(_("{colour} success track: spaces marked").format(
                colour=colour_stem(c))),
                               "0", f"0-{t.track_len[k]}"))
        for r, riv in enumerate(t.rivers):
            qs.append(Question(f"river {r}", _("{river}: spaces marked").format(
                river=_cap(data_text(riv.name))), "0",
                               f"0-{t.river_len[r]}"))
        if t.bandit_points:
            qs.append(Question("bandits", _('Raiding bandit track: spaces crossed off'), "0",
                               f"0-{len(t.bandit_points)}"))
        for a in (*t.top, *t.bottom):
            ach = t.achievements[a]
            label = claim_word(t, a, CLAIMED)
            reward = vp(ach.points)
            if not ach.points:
                continue  # its reward is an action: it scores nothing at the end
            if a in locked and ach.later_points is None:
                continue  # "no longer available to be claimed"
            if a in locked:
                qs.append(Question(f"claim {a}", _('Achievement {label} ({text} {later_points} '
                                                   'VP, claimed first by another player): claimed '
                                                   'later?').format(
                    label=label, text=data_text(ach.text), later_points=ach.later_points), "n",
                    "n/later"))
            elif ach.later_points is not None:
                qs.append(Question(f"claim {a}", _("Achievement {label} ({text} {points} VP "
                                                   "first, {later} later): claimed?").format(
                    label=label, text=data_text(ach.text), points=ach.points,
                    later=ach.later_points), "n", "n/first/later"))
            else:
                qs.append(Question(f"claim {a}", _("Achievement {label} ({text} {reward}): "
                                                   "claimed?").format(
                    label=label, text=data_text(ach.text), reward=reward), "n", "y/n"))
        self._questions = qs
        self._next = 0

    def next_question(self) -> Question | None:
        """The next question to ask, or None when the sheet is complete."""
        if self._next < len(self._questions):
            return self._questions[self._next]
        t = self.t
        if (t.end.top_row_bonus and "solo" not in self.answers and not self.taken
                and t.top and all(self.answers.get(f"claim {a}") in ("y", "first", "later")
                                  for a in t.top)):
            return Question("solo", _('Was this a solo game (no bonus for the whole top row)?'),
                            "n", "y/n")
        return None

    def answer(self, q: Question, text: str) -> None:
        """Record the answer to ``q`` (empty: its default).

        Raises:
            NotationError: the answer is not one of the allowed ones (the message says
                which are); nothing is recorded.
        """
        a = text.strip().lower() or q.default
        t = self.t
        if q.key == "castle":
            a = GERMAN_WORDS.get(a, a)  # "blau" = "blue" (German aliases, issue 30)
            if a not in CASTLE_ORDER or a in self.taken:
                raise NotationError(_('{a}: expected one of {value}').format(
                    a=repr(a), value=q.choices.replace('/', ', '))
                                    + (_(' ({value} taken by other players)').format(
                                        value=', '.join(self.taken))
                                       if self.taken else ""))
        elif q.choices.startswith("0-"):
            top = int(q.choices[2:])
            n = digits(a)
            if n is None or n > top:
                raise NotationError(_('{a}: expected a whole number from 0 to {top}').format(
                    a=repr(a), top=top))
            a = str(n)
        elif q.choices == "y/n":
            yes = {"y": "y", "yes": "y", "n": "n", "no": "n"}
            if a not in yes:
                raise NotationError(f"{a!r}: expected y (yes) or n (no)")
            a = yes[a]
        else:
            words = {"n": "n", "no": "n", "first": "first", "f": "first", "y": "first",
                     "yes": "first", "later": "later", "l": "later"}
            if q.choices == "n/later":
                words = {"n": "n", "no": "n", "later": "later", "l": "later", "y": "later",
                         "yes": "later"}
            if a not in words:
                raise NotationError((
                    _("{answer}: expected n (not claimed) or later (claimed after the first "
                      "claimant)") if q.choices == "n/later" else
                    _("{answer}: expected n (not claimed), first (claimed before any other "
                      "player: the full reward) or later")).format(answer=repr(a)))
            a = words[a]
        if q.key.startswith("claim ") and a != "n":
            gap = criterion_gap(t, int(q.key.split()[1]), self._facts(), None)
            if gap:
                raise NotationError(_('not met on this sheet ({gap}); answer n, or correct the '
                                      'earlier answers (start again)').format(gap=gap))
        self.answers[q.key] = a
        if q.key != "solo":
            self._next += 1

    def _facts(self) -> SheetFacts:
        t = self.t
        ans = self.answers
        tracks = tuple(int(ans.get(f"track {TOWN_COLOURS[c]}", 0)) for c in t.track_colour)
        castle = ans.get("castle", "blue")
        home = t.track_colour.index(TOWN_COLOURS.index(castle))
        rivers = tuple(int(ans.get(f"river {r}", 0)) for r in range(t.num_rivers))
        claims = tuple({"n": UNCLAIMED, "y": CLAIMED, "first": CLAIMED,
                        "later": CLAIMED_LATER}[ans.get(f"claim {a}", "n")]
                       for a in range(t.num_achievements))
        return SheetFacts(tracks, home, rivers, int(ans.get("bandits", 0)), claims, 0)

    def first_claims(self) -> frozenset[int]:
        """The top-row achievements this sheet claimed first (locked for later sheets)."""
        return frozenset(a for a in self.t.top
                         if self.answers.get(f"claim {a}") in ("y", "first"))

    def text(self, sheet_line: bool = True) -> str:
        """The sheet entered so far in the score format."""
        return facts_to_text(self.t, self._facts(), name=self.name,
                             castle=self.answers.get("castle"),
                             solo=self.answers.get("solo") == "y", sheet_line=sheet_line)


__all__ = ["Question", "SheetInterview"]
