"""Checks of game parameters shared by every game's ``Game.__init__``: whole numbers that
may arrive as text (command line, records), lists of names (variants, sets) and the path of
a component data file. Each raises :class:`~regalia.core.errors.ParameterError` naming
what is allowed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Collection, Iterable, Mapping

from .errors import ParameterError
from regalia.core.i18n import format_number, _

#: The most digits a whole number given as text may have (no parameter needs more).
MAX_DIGITS = 30
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(value: Any, name: str, allowed: str) -> int:
    """``value`` as an int: an int, or text of ASCII digits (``"3"``, at most
    :data:`MAX_DIGITS` of them); ``bool`` is refused.

    Args:
        name: the parameter's name for the message (``"players"``).
        allowed: the allowed values for the message (``"2, 3 or 4"``).

    Raises:
        ParameterError: ``"<name> must be the whole number <allowed>, not <value>"`` (a long
        value shortened).
    """
    value = digits_as_int(value)
    if type(value) is not int:
        raise ParameterError(_("{name} must be the whole number {allowed}, not {value}").format(name=name, allowed=allowed, value=shown(value)))
    return value


def digits_as_int(value: Any) -> Any:
    """``value`` as an int when it is text of ASCII digits (at most :data:`MAX_DIGITS`,
    spaces around allowed: ``" 3"``); anything else unchanged, for the caller to check
    (``"²"``, ``"--1"`` and 5,000 digits stay text)."""
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value)
    return value


def shown(value: Any, width: int = 60) -> str:
    """``repr(value)`` for a message, shortened to about ``width`` characters (a value from
    a file or the command line may be huge); never fails."""
    if type(value) is int and value.bit_length() > 200:
        return _("a whole number of about {bit_length} digits").format(bit_length=format_number(int(value.bit_length() * 0.30103)))
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= width else f"{text[:width - 3]}... ({len(text):,} characters)"


def normalise_variants(variants: Iterable[str] | str | None, allowed: Mapping[str, str],
                       title: str) -> tuple[str, ...]:
    """Variant names (a list, or one comma-separated string) as a sorted tuple of distinct
    registry names (lower case, hyphens: ``"Middle Kingdom"`` -> ``"middle-kingdom"``).

    Raises:
        ParameterError: not a list or string, or a name not in ``allowed`` (the message
        names the game ``title`` and lists the variants).
    """
    if variants is None:
        return ()
    out: list[str] = []
    for v in name_list(variants, "variants", _("a list of names"), allowed):
        key = str(v).strip().lower().replace("_", "-").replace(" ", "-")
        if key not in allowed:
            raise ParameterError(_("unknown {title} variant {v!r}; variants: {allowed}").format(title=title, v=v, allowed=', '.join(allowed)))
        if key not in out:
            out.append(key)
    return tuple(sorted(out))


def name_list(value: Any, name: str, expected: str, allowed: Iterable[str]) -> Collection[Any]:
    """A parameter that names several things (variants, sets): a list, tuple or set as
    given, or one comma-separated string split at its commas with the empty pieces left
    out (``"a,,b"`` -> ``["a", "b"]``; the pieces are not stripped: the caller
    normalises each name).

    Args:
        name: the parameter's name for the message (``"variants"``).
        expected: what the list holds, for the message (``"a list of names"``).
        allowed: the names allowed, listed in the message.

    Raises:
        ParameterError: ``"<name> must be <expected> or a comma-separated string, not
        <type>; <name>: <allowed>"``.
    """
    if isinstance(value, str):
        return [v for v in value.split(",") if v.strip()]
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise ParameterError(_("{name} must be {expected} or a comma-separated string, not "
                               "{name2}; {name}: {allowed}").format(name=name, expected=expected, name2=type(value).__name__, allowed=', '.join(allowed)))
    return value


def data_path(data: Any, kind: str) -> str | None:
    """A game's ``data`` parameter (a user's component data file) as an absolute path
    (``~`` expanded, links resolved), or None (the bundled data) when it is None. The file
    itself is not opened here: the game's loader reads and validates it.

    Args:
        kind: what the file holds, for the message (``"dominoes"``, ``"cards"``).

    Raises:
        ParameterError: ``data`` is neither None, a str nor a :class:`~pathlib.Path`:
        ``"data must be the path of a <kind> TOML file, not <type>"``.
    """
    if data is None:
        return None
    if not isinstance(data, (str, Path)):
        raise ParameterError(_("data must be the path of a {kind} TOML file, not {name}").format(kind=kind, name=type(data).__name__))
    return str(Path(data).expanduser().resolve())
