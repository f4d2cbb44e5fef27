"""Seat records: a game as one seat saw it, holding no hidden information.

A :class:`~regalia.core.record.GameRecord` holds every action, chance outcomes included,
so for a game with hidden information (Inheritors' hands and Quests, Two Heirs' face-down
starting tile) it shows everything every seat held. A :class:`SeatRecord` holds only what
one seat (or a spectator) could know: per ply, who acted, the move in notation where that
viewer saw it (:meth:`State.known_history`; None for an outcome it did not see) and the
viewer's observation after the ply (``observation(seat)``: what every view is drawn
from); the observation before the first ply; the final scores and returns, which are
public at the end. No seed, no dealer, no action id of a hidden outcome.

It cannot be replayed into a state (the hidden outcomes are not in it): ``regalia replay``
shows it through the stored observations. Two games in which a seat had the same
information state give that seat identical seat records.

A seat record is untrusted input: it is refused at load (:class:`RecordError`) when it is
malformed, too large (:data:`~regalia.core.files.MAX_FILE_BYTES`), holds a control
character in any string, or when an observation does not have the game's observation
shape (its keys and the JSON type of each value, checked against an observation of the
named game) or names another game, seat or parameters. Nothing in it is executed, and a
path in it is never opened (:func:`~regalia.core.record.build_recorded_game`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Callable, Final, Literal

from pydantic import (BaseModel, ConfigDict, StrictInt, StringConstraints,
                      model_validator)

from .errors import RecordError
from .files import check_plain_text, parse_json, read_text
from .game import Game
from .record import (DIGEST_PATTERN, MAX_LABEL, RECORD_FORMAT, GameRecord,
                     build_recorded_game, validate_record)
from .state import State
from regalia.core.i18n import format_number, N_, _

SEAT_RECORD_FORMAT: Final = "regalia-seat-record"
#: The longest move text a seat record may hold (characters).
MAX_NOTATION = 500

#: ``observe(state)``: the viewer's observation of a state (default ``observation(seat)``;
#: a spectator's record takes the game's public observation).
Observe = Callable[[State], dict[str, Any]]


class SeatPly(BaseModel):
    """One ply as the viewer saw it.

    Attributes:
        mover: the seat that acted, or None for a chance outcome.
        notation: the move in the game's notation, or None for an outcome the viewer did
            not see (another seat's draw, a face-down tile).
        observation: the viewer's observation after the ply.
    """

    model_config = ConfigDict(extra="forbid")

    mover: StrictInt | None
    notation: Annotated[str, StringConstraints(max_length=MAX_NOTATION)] | None
    observation: dict[str, Any]


class SeatRecord(BaseModel):
    """A game as seat ``seat`` (None: a spectator) saw it (JSON on disk).

    Attributes:
        format, version: the kind marker (``"regalia-seat-record"``, 1), so a loader tells
            it from a full record (``"regalia-record"``).
        game: registry name; params: ``load_game`` parameters; players: one label per seat.
        seat: the viewer, 0-based (None: the public view a spectator had).
        start: the viewer's observation before the first ply.
        plies: one :class:`SeatPly` per ply.
        scores, returns: the final scores and returns (public at the end), or None for an
            unfinished game.
        data_digest: SHA-256 of the component data the game was played with.
        digest: SHA-256 of the canonical JSON of the other fields: catches damage and
            accidental edits, not forgery.
    """

    model_config = ConfigDict(extra="forbid")

    format: Literal["regalia-seat-record"] = SEAT_RECORD_FORMAT
    version: Literal[1] = 1
    game: str
    params: dict[str, Any]
    players: list[str] = []
    seat: StrictInt | None
    start: dict[str, Any]
    plies: list[SeatPly]
    scores: list[float] | None = None
    returns: list[float] | None = None
    data_digest: Annotated[str, StringConstraints(pattern=DIGEST_PATTERN)] | None = None
    digest: Annotated[str, StringConstraints(pattern=DIGEST_PATTERN)] | None = None

    @model_validator(mode="after")
    def _plain_text(self) -> "SeatRecord":
        for i, label in enumerate(self.players):
            if len(label) > MAX_LABEL:
                raise ValueError(_("players[{i}] is {n} characters long; a player label "
                                   "has at most {max_label}").format(i=i, n=format_number(len(label)), max_label=MAX_LABEL))
        check_plain_text(self.model_dump(include={"game", "params", "players", "start",
                                                  "plies"}), "", RecordError, allowed="")
        return self

    # ------------------------------------------------------------------ build
    @classmethod
    def from_state(cls, state: State, seat: int | None, players: list[str] | None = None,
                   observe: Observe | None = None) -> "SeatRecord":
        """The seat record of the game that led to ``state`` (finished or not) as ``seat``
        saw it.

        Args:
            seat: the viewer; None for a spectator, which needs ``observe``.
            observe: the viewer's observation of a state (default
                ``state.observation(seat)``).

        Raises:
            ParameterError: ``seat`` is not a seat.
            ValueError: ``seat`` is None and no ``observe`` is given.
        """
        if seat is not None:
            state.check_seat(seat)
        if observe is None:
            if seat is None:
                raise ValueError(_("a spectator's seat record needs its observe function "
                                   "(the game's public observation)"))
            viewer = seat

            def observe(s: State) -> dict[str, Any]:
                return s.observation(viewer)
        game = state.game
        replay = game.new_initial_state(0)   # every outcome is in the history
        start = observe(replay)
        plies = []
        for action, text in zip(state.history(), state.known_history(seat)):
            cur = replay.current_player()
            mover = None if replay.is_chance_node() else cur
            replay.apply_action(action)
            plies.append(SeatPly(mover=mover, notation=text, observation=observe(replay)))
        over = state.is_terminal()
        rec = cls(game=game.info.name, params=game.params, players=list(players or []),
                  seat=seat, start=start, plies=plies,
                  scores=[float(x) for x in state.scores()] if over else None,
                  returns=[float(x) for x in state.returns()] if over else None,
                  data_digest=game.data_digest())
        rec.digest = rec.compute_digest()
        return rec

    def compute_digest(self) -> str:
        """SHA-256 hex digest of the canonical JSON of every field but ``digest``."""
        text = json.dumps(self.model_dump(exclude={"digest"}), sort_keys=True,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # ------------------------------------------------------------------ files
    def to_json_string(self) -> str:
        """Compact JSON (one observation per ply makes the file large)."""
        return self.model_dump_json()

    def save(self, path: str | Path) -> None:
        """Write the seat record as JSON; raises OSError when it cannot be written."""
        Path(path).write_text(self.to_json_string() + "\n", encoding="utf-8")

    @classmethod
    def from_json_string(cls, text: str, source: str = N_("seat record")) -> "SeatRecord":
        """Parse a seat record (its fields only; :meth:`check` checks it against the game).

        Raises:
            RecordError: not JSON, nested too deeply, not a seat record, a field of the
                wrong type, a control character in a string.
        """
        source = _(source)
        data = parse_json(text, source, _("a seat record"), RecordError)
        return cls.from_data(data, source)

    @classmethod
    def from_data(cls, data: Any, source: str = N_("seat record")) -> "SeatRecord":
        """Validate parsed JSON as a seat record (see :meth:`from_json_string`)."""
        return validate_record(cls, data, source, SEAT_RECORD_FORMAT, _("seat record"),
                               _("seat record"))

    @classmethod
    def load(cls, path: str | Path) -> "SeatRecord":
        """Read a seat record file (a regular UTF-8 file of at most
        :data:`~regalia.core.files.MAX_FILE_BYTES`); raises :class:`RecordError`."""
        p = Path(path)
        return cls.from_json_string(read_text(p, _("a seat record"), RecordError), str(p))

    # ------------------------------------------------------------------ checks
    def check(self, data: str | Path | None = None) -> Game:
        """Check the seat record against its game and return the game.

        Checks: the digest; the game can be built (``data``: the caller's component file
        for a game played with one, never a path from the record); the seat, the labels,
        the movers, the scores and returns fit its seats; every observation names this
        game, parameters and viewer and has the game's observation shape (every key of an
        observation of a new game, each value of the same JSON type or null).

        Raises:
            RecordError: naming the first problem.
            DataError: ``data`` cannot be read or does not validate.
        """
        if self.digest is not None and self.digest != self.compute_digest():
            raise RecordError(_("seat record digest does not match its contents: "
                                "the record was edited after it was written"))
        game = build_recorded_game(self.game, self.params, self.data_digest, data)
        n = game.num_players
        if self.seat is not None and not 0 <= self.seat < n:
            raise RecordError(_("seat {seat} is not a seat of this {n}-player game (0 to "
                                "{n2})").format(seat=self.seat, n=n, n2=n - 1))
        if self.players and len(self.players) != n:
            raise RecordError(_("{n} player labels for {n2} seats").format(n=len(self.players), n2=n))
        for name, values in (("scores", self.scores), ("returns", self.returns)):
            if values is not None and len(values) != n:
                raise RecordError(_("{name}: {n} values for {n2} seats").format(name=name, n=len(values), n2=n))
        if (self.scores is None) != (self.returns is None):
            raise RecordError(_("scores and returns are given together or not at all"))
        reference = game.new_initial_state(0).observation(self.seat or 0)
        self._check_observation(self.start, reference, "start")
        for i, ply in enumerate(self.plies):
            if ply.mover is not None and not 0 <= ply.mover < n:
                raise RecordError(_("plies[{i}].mover: {mover} is not a seat (0 to {n})").format(i=i, mover=ply.mover, n=n - 1))
            self._check_observation(ply.observation, reference, f"plies[{i}].observation")
        return game

    def _check_observation(self, obs: dict[str, Any], reference: dict[str, Any],
                           where: str) -> None:
        """``obs`` names this record's game, parameters and viewer and has the shape of
        ``reference`` (a real observation of the game); a spectator's public observation
        may lack the keys that only a seat sees."""
        for key, want in (("game", self.game), ("params", self.params),
                          ("player", self.seat)):
            if key in reference and obs.get(key) != want:
                raise RecordError(_("{where}: {key} is {short}, the record's is {short2}").format(where=where, key=key, short=_short(obs.get(key)), short2=_short(want)))
        if self.seat is not None:
            missing = sorted(set(reference) - set(obs))
            if missing:
                raise RecordError(_("{where}: lacks {missing} (a {game} observation has "
                                    "{reference})").format(where=where, missing=', '.join(missing[:5]), game=self.game, reference=', '.join(sorted(reference))))
        for key, ref in reference.items():
            if key in obs and ref is not None and obs[key] is not None \
                    and _json_type(obs[key]) != _json_type(ref):
                raise RecordError(_("{where}.{key}: a {json_type} where a {game} observation "
                                    "has a {json_type2}").format(where=where, key=key, json_type=_json_type(obs[key]), game=self.game, json_type2=_json_type(ref)))


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return "null"


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def load_any_record(path: str | Path) -> GameRecord | SeatRecord:
    """Read a record file of either kind: a :class:`~regalia.core.record.GameRecord`
    (``"format": "regalia-record"``) or a :class:`SeatRecord`
    (``"format": "regalia-seat-record"``), told apart by their ``format``.

    Raises:
        RecordError: the file is unreadable as a record of either kind, or malformed.
    """
    p = Path(path)
    text = read_text(p, _("a game record"), RecordError)
    data = parse_json(text, str(p), _("a game record"), RecordError)
    kind = data.get("format") if isinstance(data, dict) else None
    if kind == SEAT_RECORD_FORMAT:
        return SeatRecord.from_data(data, str(p))
    if kind == RECORD_FORMAT:
        return GameRecord.from_json_string(text, source=str(p))
    raise RecordError(_("{p}: not a regalia game record (expected \"format\": "
                        "\"{record_format}\" or \"{seat_record_format}\")").format(p=p, record_format=RECORD_FORMAT, seat_record_format=SEAT_RECORD_FORMAT))


__all__ = ["SEAT_RECORD_FORMAT", "SeatPly", "SeatRecord", "load_any_record"]
