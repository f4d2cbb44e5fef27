"""Reading the files a user hands to regalia: safely, with regalia's own errors.

Every file regalia reads on a user's behalf (component data, game records, kingdom grids
and landscapes, and the same through stdin) goes through this module:

* only a *regular* file is opened: a directory, FIFO, socket or device (``/dev/zero``,
  ``/dev/stdin``) is refused after a ``stat``, before any ``open`` (so a FIFO cannot hang
  the program), and the opened descriptor is checked again;
* at most :data:`MAX_FILE_BYTES` are read (a larger file is refused, never read whole);
* the bytes must be UTF-8 text (the error names the file and the byte offset);
* JSON and TOML parsers are wrapped so that any failure (syntax, nesting deep enough to
  exhaust Python's recursion limit, an integer longer than Python converts, ...) becomes
  the caller's :class:`~regalia.core.errors.RegaliaError` subclass naming the file.

Each function takes ``error``: the :class:`RegaliaError` subclass to raise
(:class:`~regalia.core.errors.DataError` for component data,
:class:`~regalia.core.errors.RecordError` for records, ...).
"""

from __future__ import annotations

import json
import os
import re
import sys
import stat
import tomllib
from pathlib import Path
from typing import IO, Any, Callable, Iterator

from .errors import DataError, RegaliaError, UnreadableInputError
from regalia.core.i18n import N_, _, format_decimal, format_number, ngettext

#: The largest file regalia reads (bytes): 8 MiB. The bundled data files are a few tens of
#: KiB and a record of the longest game a few hundred KiB, so this leaves ample room while
#: keeping memory bounded for any input.
MAX_FILE_BYTES = 8 * 1024 * 1024

_UNREADABLE: dict[type[RegaliaError], type[RegaliaError]] = {}


def unreadable(error: type[RegaliaError]) -> type[RegaliaError]:
    """``error`` marked as :class:`~regalia.core.errors.UnreadableInputError` (a subclass of
    both, made once per class): an input that cannot be read as a file of its kind at all,
    which the command line answers with exit 2."""
    if issubclass(error, UnreadableInputError):
        return error
    marked = _UNREADABLE.get(error)
    if marked is None:
        marked = type(f"Unreadable{error.__name__}", (error, UnreadableInputError),
                      {"__module__": error.__module__})
        _UNREADABLE[error] = marked
    return marked


_KINDS = ((stat.S_ISDIR, N_("a directory")), (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
          (stat.S_ISSOCK, N_("a socket")), (stat.S_ISCHR, N_("a character device")),
          (stat.S_ISBLK, N_("a block device")))


def file_kind(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, for messages: ``"a directory"``, ``"a FIFO
    (named pipe)"``, ``"a character device"``, ...; ``"not a regular file"`` otherwise."""
    for test, name in _KINDS:
        if test(mode):
            return _(name)
    return _("not a regular file")


def _size_text(n: int) -> str:
    if n >= 1024 * 1024:
        return _("{size} MiB").format(size=format_decimal(n / (1024 * 1024), 1))
    return ngettext("{n} byte", "{n} bytes", n).format(n=format_number(n))


def check_regular_file(path: str | Path, what: str, error: type[RegaliaError] = DataError,
                       limit: int = MAX_FILE_BYTES) -> os.stat_result:
    """Check, without opening it, that ``path`` names a regular file of at most ``limit``
    bytes (symbolic links are followed).

    Args:
        what: the file expected, with its article, for messages (``"a game record"``).

    Returns:
        the file's ``os.stat`` result.

    Raises:
        error: ``FILE: no such file``, ``FILE: is a FIFO (named pipe), not <what>; regalia
        reads only regular files``, ``FILE: 12.0 MiB, more than the 8.0 MiB regalia reads``,
        permission denied, ...
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise unreadable(error)(_("{p}: no such file").format(p=p)) from None
    except PermissionError:
        raise unreadable(error)(_("{p}: permission denied").format(p=p)) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise unreadable(error)(_("{p}: cannot read it ({value})").format(p=p, value=getattr(exc, 'strerror', None) or exc)) from None
    _check_stat(p, st, what, error, limit)
    return st


def _check_stat(p: Path, st: os.stat_result, what: str, error: type[RegaliaError],
                limit: int) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise unreadable(error)(_("{p}: is {file_kind}, not {what}; regalia reads only "
                                  "regular files").format(p=p, file_kind=file_kind(st.st_mode), what=what))
    if st.st_size > limit:
        raise unreadable(error)(_("{p}: {size_text}, more than the {size_text2} regalia "
                                  "reads for {what}").format(p=p, size_text=_size_text(st.st_size), size_text2=_size_text(limit), what=what))


def decode_utf8(data: bytes, source: str, what: str,
                error: type[RegaliaError] = DataError) -> str:
    """``data`` decoded as UTF-8 (a leading byte-order mark is dropped).

    Raises:
        error: ``SOURCE: not UTF-8 text, so not <what> (invalid start byte at byte 12)``.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise unreadable(error)(_("{source}: not UTF-8 text, so not {what} ({reason} at byte "
                                  "{start})").format(source=source, what=what, reason=exc.reason, start=exc.start)) from None


def read_text(path: str | Path, what: str, error: type[RegaliaError] = DataError,
              limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, of at most ``limit`` bytes.

    The path is checked with :func:`check_regular_file` before it is opened; it is opened
    non-blocking and checked again on the open descriptor (it may have been replaced in
    between), and no more than ``limit + 1`` bytes are ever read.

    Raises:
        error: missing, not a regular file, too large, unreadable, or not UTF-8 (naming the
        file, and the byte offset for binary content).
    """
    p = Path(path)
    check_regular_file(p, what, error, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise unreadable(error)(_("{p}: cannot read it ({value})").format(p=p, value=exc.strerror or exc)) from None
    try:
        _check_stat(p, os.fstat(fd), what, error, limit)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise unreadable(error)(_("{p}: cannot read it ({value})").format(p=p, value=exc.strerror or exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise unreadable(error)(_("{p}: more than the {size_text} regalia reads for {what}").format(p=p, size_text=_size_text(limit), what=what))
    return decode_utf8(data, str(p), what, error)


def read_stream(stream: IO[Any], source: str, what: str,
                error: type[RegaliaError] = DataError, limit: int = MAX_FILE_BYTES) -> str:
    """At most ``limit`` bytes of text from an open stream (stdin), as :func:`read_text`.

    A text stream is read through its binary buffer when it has one, so the limit counts
    bytes and the decoding is checked here.

    Raises:
        error: more than ``limit`` bytes, not UTF-8, or a read error.
    """
    raw = getattr(stream, "buffer", None)
    try:
        if raw is not None:
            data: bytes = raw.read(limit + 1)
        else:
            text = stream.read(limit + 1)
            data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    except (OSError, ValueError) as exc:
        raise unreadable(error)(_("{source}: cannot read it ({exc})").format(source=source, exc=exc)) from None
    if len(data) > limit:
        raise unreadable(error)(_("{source}: more than the {size_text} regalia reads for "
                                  "{what}").format(source=source, size_text=_size_text(limit), what=what))
    return decode_utf8(data, source, what, error)


def parse_json(text: str, source: str, what: str = "JSON",
               error: type[RegaliaError] = DataError) -> Any:
    """``json.loads(text)``, every failure as ``error`` naming ``source``.

    Besides syntax errors this covers nesting deeper than Python's recursion limit and
    integers of more digits than Python converts (``sys.get_int_max_str_digits``).
    """
    return _parse(json.loads, json.JSONDecodeError, _("not JSON, so not {what}"), text,
                  source, what, error)


def _parse(loads: Callable[[str], Any], syntax_error: type[ValueError], syntax: str,
           text: str, source: str, what: str, error: type[RegaliaError]) -> Any:
    """``loads(text)``: a syntax error is ``error`` (content that fails its check); nesting
    or a number beyond what Python reads is ``unreadable(error)`` (not a file of its kind
    at all)."""
    try:
        return loads(text)
    except syntax_error as exc:
        raise error(f"{source}: {syntax.format(what=what)} ({exc})") from None
    except RecursionError:
        raise unreadable(error)(_("{source}: nested too deeply to be {what}").format(source=source, what=what)) from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise unreadable(error)(_("{source}: not {what} ({problem})").format(
            source=source, what=what, problem=_value_problem(exc))) from None


def _value_problem(exc: ValueError) -> str:
    """The parser's ValueError in the user's words: Python's message for an over-long
    integer names an interpreter setting the user cannot and should not change."""
    text = _first_line(exc)
    if "integer string conversion" in text:  # i18n: no (Python's own message)
        return (_("a number is too long: at most {digits} digits are read, "
                  "and no number regalia reads needs more than 78").format(
                      digits=format_number(sys.get_int_max_str_digits())))
    return text


def parse_toml(text: str, source: str, what: str = "a TOML file",
               error: type[RegaliaError] = DataError) -> dict[str, Any]:
    """``tomllib.loads(text)``, every failure as ``error`` naming ``source`` (syntax,
    nesting deeper than Python's recursion limit, integers too long to convert)."""
    data: dict[str, Any] = _parse(tomllib.loads, tomllib.TOMLDecodeError, _("not valid TOML"),
                                  text, source, what, error)
    return data


#: Characters a string read from a file must not carry to a terminal: C0 controls (ESC
#: among them, which starts ANSI escape sequences), DEL, C1 controls, and the Unicode
#: bidirectional overrides and isolates (which reorder what a terminal shows).
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e"
                                "\u2066-\u2069]")


def without_control_characters(text: str, keep: str = "") -> str:
    """``text`` with every control character (:data:`CONTROL_CHARACTERS`) but those in
    ``keep`` (e.g. ``"\\n"``) replaced by U+FFFD, so the reader sees something was there."""
    return CONTROL_CHARACTERS.sub(lambda m: m.group() if m.group() in keep else "\ufffd",
                                  text)


def strings_in(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every string in a JSON- or TOML-like ``value`` (dicts, lists, scalars), dict keys
    included, with where it is (``params.variants[0]``; a key as ``params (a key)``).
    Iterative, so any nesting depth is walked."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        v, at = stack.pop()
        if isinstance(v, str):
            yield at, v
        elif isinstance(v, dict):
            for k, x in v.items():
                yield f"{at} (a key)", str(k)
                stack.append((x, f"{at}.{k}"))
        elif isinstance(v, (list, tuple)):
            stack.extend((x, f"{at}[{i}]") for i, x in enumerate(v))


def check_plain_text(value: Any, source: str, error: type[RegaliaError] = DataError,
                     allowed: str = "\n\t") -> None:
    """Refuse a control character (:data:`CONTROL_CHARACTERS`, but those in ``allowed``)
    in any string of ``value`` (a parsed file), so no string from a file can reach a
    terminal as an escape sequence.

    Raises:
        error: ``SOURCE: WHERE holds the control character '\\x1b'; ...``.
    """
    for at, text in strings_in(value, ""):
        for m in CONTROL_CHARACTERS.finditer(text):
            if m.group() not in allowed:
                where = without_control_characters(at.lstrip(".")) or "a value"
                head = f"{source}: " if source else ""
                raise unreadable(error)(_("{head}{where} holds the control character "
                                          "{group!r}; strings in a file are plain text").format(head=head, where=where, group=m.group()))


def _first_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


__all__ = ["MAX_FILE_BYTES", "CONTROL_CHARACTERS", "check_regular_file", "file_kind",
           "decode_utf8",
           "read_text", "read_stream", "parse_json", "parse_toml",
           "without_control_characters", "strings_in", "check_plain_text"]
