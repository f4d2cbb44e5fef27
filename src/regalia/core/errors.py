"""Exceptions of the regalia core.

Every error a user can provoke (a bad action, a bad record, a bad data file, an unknown
name) is a subclass of :class:`RegaliaError` and of :class:`ValueError`, and its message
names what was wrong and what is allowed.
"""

from __future__ import annotations
from regalia.core.i18n import _


class RegaliaError(Exception):
    """Base class of every error raised on purpose by regalia."""


class IllegalActionError(RegaliaError, ValueError):
    """An action that is not legal in the state it was applied to.

    The state is left exactly as it was before the call.

    Attributes:
        action: the int action id (or the text that was parsed).
        reason: a sentence saying why the action is illegal.
    """

    def __init__(self, action: int | str, reason: str, notation: str | None = None):
        self.action = action
        self.reason = reason
        self.notation = notation
        shown = f"{action!r}" if notation is None else f"{action} ({notation!r})"
        super().__init__(_("illegal action {shown}: {reason}").format(shown=shown, reason=reason))


class NotationError(RegaliaError, ValueError):
    """Text that does not parse as an action in the state's notation."""


class RecordError(RegaliaError, ValueError):
    """A game record that is malformed, tampered with, or does not replay."""


class DataError(RegaliaError, ValueError):
    """A component data file that does not validate (names file, record and field)."""


class UnknownNameError(RegaliaError, ValueError):
    """An unknown game or agent name; the message lists the known names."""


class ParameterError(RegaliaError, ValueError):
    """Bad game parameters (player count, unknown variant or parameter, seat number, ...);
    the message says what is allowed."""


class UnreadableInputError(RegaliaError):
    """Marks an input that could not be read as a file of its kind at all: a path that is
    not a regular file (a directory, FIFO or device), too large, not UTF-8 text, nested
    deeper or holding a longer number than regalia reads. Raised as a subclass of the
    caller's error (``RecordError``, ``DataError``, ...), so ``except DataError`` still
    catches it; the command line answers it as bad usage (exit 2), unlike content that is
    read but fails its check (exit 1)."""
