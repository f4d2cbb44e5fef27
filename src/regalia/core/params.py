"""Checks of game parameters shared by every game's ``Game.__init__``: whole numbers that
may arrive as text (command line, records) and variant lists. Each raises
:class:`~regalia.core.errors.ParameterError` naming what is allowed."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from .errors import ParameterError

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
        raise ParameterError(f"{name} must be the whole number {allowed}, not "
                             f"{shown(value)}")
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
        return f"a whole number of about {int(value.bit_length() * 0.30103):,} digits"
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
    if isinstance(variants, str):
        variants = [v for v in variants.split(",") if v.strip()]
    if not isinstance(variants, (list, tuple, set, frozenset)):
        raise ParameterError(f"variants must be a list of names or a comma-separated string, "
                             f"not {type(variants).__name__}; variants: {', '.join(allowed)}")
    out: list[str] = []
    for v in variants:
        key = str(v).strip().lower().replace("_", "-").replace(" ", "-")
        if key not in allowed:
            raise ParameterError(f"unknown {title} variant {v!r}; variants: "
                                 f"{', '.join(allowed)}")
        if key not in out:
            out.append(key)
    return tuple(sorted(out))
