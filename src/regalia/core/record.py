"""Game records: everything needed to replay a game exactly.

A :class:`GameRecord` holds the game name and parameters, the dealer's seed, who sat in
each seat, every action (chance outcomes included) as int ids and in notation, the final
scores, and a SHA-256 digest of all of that. :meth:`GameRecord.replay` rebuilds the game
action by action and checks every step, so a malformed or edited record is refused with
the first thing that is wrong.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Callable, Final, Literal, TypeVar

from pydantic import (BaseModel, ConfigDict, StrictInt, StringConstraints, ValidationError,
                      field_validator, model_validator)

from .dealers import DEFAULT_DEALER, make_dealer
from .errors import DataError, IllegalActionError, RecordError, RegaliaError
from .files import check_plain_text, parse_json, read_text
from .game import Game
from .registry import load_game
from .state import MAX_SEED_BITS, State
from regalia.core.i18n import format_number, _

RECORD_FORMAT: Final = "regalia-record"
#: The longest player label a record may hold (characters).
MAX_LABEL = 200
#: A SHA-256 digest as lower-case hex.
DIGEST_PATTERN = r"^[0-9a-f]{64}$"


class GameRecord(BaseModel):
    """A complete, replayable game (JSON on disk).

    Attributes:
        game: registry name; params: ``load_game`` parameters; seed: the dealer's seed.
        dealer: the generator that dealt from ``seed`` (:mod:`~regalia.core.dealers`):
            ``pcg64`` (the compiled engines'), or ``None`` for ``mt19937`` (the pure
            engines' Mersenne Twister, and every record written before the field existed:
            absent from the digest when None, so those records keep theirs).
        players: one label per seat (agent specs such as ``"greedy"``, or ``"human"``).
        actions: every action id in order, chance outcomes included.
        notation: the same actions in the game's notation (checked on replay).
        scores: the final scores, or ``None`` for an unfinished game.
        data_digest: SHA-256 of the component data the game was played with.
        table: settings of the table that played it, for ``regalia resume`` of an
            unfinished game (e.g. ``{"hints": true, "hint_agent": "mce"}``); opaque to
            core, ``None`` (and absent from the digest) when not given.
        digest: SHA-256 of the canonical JSON of the other fields. It catches accidental
            edits and damage, not forgery: anyone can recompute it.

    The seed is kept only when the dealer seeded with it dealt every chance outcome of the
    game (as in ``play_match`` and the command line); replay then checks each outcome
    against that dealer (``dealer``), so an edited seed or draw is refused. Either engine
    replays a record dealt by either generator: the outcomes are in ``actions``, and the
    check draws from the record's generator.

    A record is untrusted input: every string in it (labels, notation, parameters) is
    refused at load if it holds a control character (ESC, BEL, bidirectional overrides:
    :data:`~regalia.core.files.CONTROL_CHARACTERS`) or a label is longer than
    :data:`MAX_LABEL`; and a path in it (``params["data"]``, the user's component file the
    game was played with) is never opened: :meth:`replay` takes the file from the caller
    and checks it against ``data_digest``.
    """

    model_config = ConfigDict(extra="forbid")

    format: Literal["regalia-record"] = RECORD_FORMAT
    version: Literal[1] = 1
    game: str
    params: dict[str, Any]
    seed: StrictInt | None = None
    dealer: Literal["mt19937", "pcg64"] | None = None
    players: list[str] = []
    actions: list[StrictInt]
    notation: list[str] | None = None
    scores: list[float] | None = None
    data_digest: Annotated[str, StringConstraints(pattern=DIGEST_PATTERN)] | None = None
    table: dict[str, Any] | None = None
    digest: Annotated[str, StringConstraints(pattern=DIGEST_PATTERN)] | None = None

    @model_validator(mode="after")
    def _plain_text(self) -> "GameRecord":
        for i, label in enumerate(self.players):
            if len(label) > MAX_LABEL:
                raise ValueError(_("players[{i}] is {n} characters long; a player label "
                                   "has at most {max_label}").format(i=i, n=format_number(len(label)), max_label=MAX_LABEL))
        check_plain_text({"game": self.game, "params": self.params, "players": self.players,
                          "notation": self.notation or [], "table": self.table or {}}, "",
                         RecordError, allowed="")
        return self

    @field_validator("seed")
    @classmethod
    def _seed_size(cls, seed: int | None) -> int | None:
        """A seed has at most ``MAX_SEED_BITS`` (256) bits: a fresh 128-bit seed fits, a
        5,000-digit number is refused before anything is seeded with it."""
        if seed is not None and seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(_("a seed has at most {max_seed_bits} bits (78 digits), this "
                               "one has {bit_length} bits").format(max_seed_bits=MAX_SEED_BITS, bit_length=seed.bit_length()))
        return seed

    # ------------------------------------------------------------------ build
    @classmethod
    def from_state(cls, state: State, players: list[str] | None = None,
                   table: dict[str, Any] | None = None) -> "GameRecord":
        """Record the game that led to ``state`` (finished or not); ``table``: see the
        class docstring."""
        notation, dealt = _notation_and_dealer_check(state)
        dealer = state.dealer_name if dealt else None
        rec = cls(
            game=state.game.info.name,
            params=state.game.params,
            seed=state.seed if dealt else None,
            dealer=None if dealer == DEFAULT_DEALER else dealer,
            players=list(players or []),
            actions=list(state.history()),
            notation=notation,
            scores=list(state.scores()) if state.is_terminal() else None,
            data_digest=state.game.data_digest(),
            table=table,
        )
        rec.digest = rec.compute_digest()
        return rec

    def compute_digest(self) -> str:
        """SHA-256 hex digest of the canonical JSON of every field but ``digest`` (and
        ``table`` and ``dealer`` when they are None, so records written before they existed
        keep their digest)."""
        body = self.model_dump(exclude={"digest"})
        for optional in ("table", "dealer"):
            if body[optional] is None:
                del body[optional]
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def dealer_name(self) -> str:
        """The generator that dealt from :attr:`seed`: :attr:`dealer`, or ``mt19937``."""
        return self.dealer or DEFAULT_DEALER

    # ------------------------------------------------------------------ files
    def to_json_string(self) -> str:
        return self.model_dump_json(indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON; raises OSError when the file cannot be written."""
        Path(path).write_text(self.to_json_string() + "\n", encoding="utf-8")

    @classmethod
    def from_json_string(cls, text: str, source: str = "record") -> "GameRecord":
        """Parse a record; raises :class:`RecordError` naming what is malformed (not JSON,
        nested too deeply, an integer too long, a field of the wrong type, a control
        character in a string)."""
        data = parse_json(text, source, _("a game record"), RecordError)
        return validate_record(cls, data, source, RECORD_FORMAT, _("game record"), "record")

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read a record file (a regular UTF-8 file of at most
        :data:`~regalia.core.files.MAX_FILE_BYTES`); raises :class:`RecordError` naming
        what is wrong."""
        p = Path(path)
        text = read_text(p, _("a game record"), RecordError)
        return cls.from_json_string(text, source=str(p))

    # ------------------------------------------------------------------ replay
    def build_game(self, data: str | Path | None = None) -> Game:
        """The game this record was played in (:func:`build_recorded_game`: a path in the
        record is never opened; ``data`` is the caller's file, checked against
        ``data_digest``).

        Raises:
            RecordError: see :func:`build_recorded_game`.
            DataError: ``data`` cannot be read or does not validate.
        """
        return build_recorded_game(self.game, self.params, self.data_digest, data)

    def replay(self, on_step: Callable[[State, int, str], None] | None = None,
               data: str | Path | None = None) -> State:
        """Rebuild the game, checking the digest, every action, the notation and the scores.

        Args:
            on_step: called as ``on_step(state_before, action, notation)`` for each action.
            data: the user's component file, for a game played with one (see
                :meth:`build_game`); never taken from the record.

        Returns:
            the final state (terminal if the record is of a finished game).

        Raises:
            RecordError: naming the first problem (digest, game, data, ply and action,
                scores).
            DataError: ``data`` cannot be read or does not validate.
        """
        if self.digest is not None and self.digest != self.compute_digest():
            raise RecordError(_("record digest does not match its contents: "
                                "the record was edited after it was written"))
        game = self.build_game(data)
        if self.notation is not None and len(self.notation) != len(self.actions):
            raise RecordError(_("record has {n} actions but {n2} notation entries").format(n=len(self.actions), n2=len(self.notation)))
        state = game.new_initial_state(self.seed)
        dealer = (make_dealer(self.dealer_name, self.seed) if self.seed is not None
                  else None)
        for ply, action in enumerate(self.actions):
            if dealer is not None and state.is_chance_node():
                expected = state.sample_chance_outcome(dealer)  # type: ignore[arg-type]
                if expected != action:
                    raise RecordError(_("ply {ply}: chance outcome {action} is not what seed "
                                        "{seed} deals here ({expected}, dealer "
                                        "{dealer_name}): the seed or the draws were edited").format(ply=ply, action=action, seed=self.seed, expected=expected, dealer_name=self.dealer_name))
            try:
                text = state.action_to_string(action)
            except RegaliaError:
                text = "?"
            if self.notation is not None and self.notation[ply] != text:
                raise RecordError(_("ply {ply}: action {action} reads {text!r} here but the "
                                    "record says {notation!r}").format(ply=ply, action=action, text=text, notation=self.notation[ply]))
            if on_step is not None:
                on_step(state, action, text)
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise RecordError(_("ply {ply}: {exc}").format(ply=ply, exc=exc)) from None
        if self.scores is not None:
            if not state.is_terminal():
                raise RecordError(_("record claims final scores but the game is not over "
                                    "after its {n} actions").format(n=len(self.actions)))
            if [float(s) for s in state.scores()] != [float(s) for s in self.scores]:
                raise RecordError(_("replayed scores {scores} differ from the record's "
                                    "{scores2}").format(scores=state.scores(), scores2=self.scores))
        return state


M = TypeVar("M", bound=BaseModel)


def validate_record(model: type[M], data: Any, source: str, fmt: str, kind: str,
                    short: str) -> M:
    """Parsed JSON checked as a record ``model`` whose ``"format"`` must be ``fmt``.

    Raises:
        RecordError: not an object of that format ("not a regalia {kind}"), or a field
            that fails validation ("malformed {short}: ..." naming up to ten fields), or
            nesting too deep.
    """
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise RecordError(_("{source}: not a regalia {kind} (expected \"format\": "
                            "\"{fmt}\")").format(source=source, kind=kind, fmt=fmt))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in e['loc']) or 'record'}: "
            f"{e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors()[:10])
        raise RecordError(_("{source}: malformed {short}: {problems}").format(
            source=source, short=short, problems=problems)) from None
    except RecursionError:
        raise RecordError(_("{source}: malformed {short}: nested too deeply").format(source=source, short=short)) from None


def build_recorded_game(name: str, params: dict[str, Any], data_digest: str | None,
                        data: str | Path | None = None) -> Game:
    """The game a record (full or seat record) was played in, built from its game name,
    parameters and data digest.

    A path in the record is never opened: a game played with a user's component file
    (``params["data"]``) is built with ``data``, the file the caller names (on the
    command line: ``--data FILE``), whose content must have the record's
    ``data_digest``. A record of the bundled components takes no ``data``.

    Raises:
        RecordError: the game cannot be built from the record, the record needs
            ``data`` and none was given (or the reverse), or the components differ
            from those the game was recorded with.
        DataError: ``data`` cannot be read or does not validate.
    """
    params = dict(params)
    own_data = "data" in params
    if own_data:
        if data is None:
            raise RecordError(
                _("this game was played with a component data file of its players' own; "
                  "pass that file with --data FILE to replay it (regalia never opens a "
                  "file a record names; the file's content must match the record's data "
                  "digest)"))
        if data_digest is None:
            raise RecordError(_("the record names a component data file but carries no "
                                "data digest to check a file against, so it cannot be "
                                "replayed"))
        params["data"] = str(data)
    elif data is not None:
        raise RecordError(_("this game was played with the bundled component data; "
                            "replay it without --data"))
    try:
        game = load_game(name, **params)
    except DataError:
        if own_data:  # the user's --data file: a data problem, not a record problem
            raise
        raise RecordError(_("record names a game whose component data cannot be loaded")) \
            from None
    except RegaliaError as exc:
        raise RecordError(_("record names a game that cannot be built: {exc}").format(exc=exc)) from None
    except (TypeError, ValueError, OverflowError) as exc:  # a parameter of a wrong type
        raise RecordError(_("record names a game that cannot be built: {exc}").format(exc=exc)) from None
    if data_digest is not None and game.data_digest() != data_digest:
        if own_data:
            raise RecordError(_("--data {data}: these components differ from those the game "
                                "was recorded with (data digest {data_digest} instead of the "
                                "record's {data_digest2})").format(data=data, data_digest=game.data_digest(), data_digest2=data_digest))
        raise RecordError(_("the component data differs from the data this game was "
                            "recorded with (the bundled data changed since)"))
    return game


def _notation_and_dealer_check(state: State) -> tuple[list[str], bool]:
    """The history in notation, and whether the state's dealer (its generator seeded with
    ``state.seed``) dealt every chance outcome of it (False for chance played with another
    generator)."""
    name = state.dealer_name
    dealer = (make_dealer(name, state.seed) if state.seed is not None and name is not None
              else None)
    dealt = dealer is not None
    replay = state.game.new_initial_state(state.seed)
    notation = []
    for action in state.history():
        notation.append(replay.action_to_string(action))
        if (dealt and dealer is not None and replay.is_chance_node()
                and replay.sample_chance_outcome(dealer) != action):  # type: ignore[arg-type]
            dealt = False
        replay.apply_action(action)
    return notation, dealt
