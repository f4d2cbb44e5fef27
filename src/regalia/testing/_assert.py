"""Small assertion helpers for the checks: plain Python, no test framework needed."""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Iterator


class NotApplicable(Exception):
    """A check that does not apply to this game (e.g. it has no chance node); the message
    says why. :func:`regalia.testing.api_test` reports it; the pytest suite skips."""


class Raised:
    """What :func:`expect_raises` caught (``value``), for further checks on it."""

    value: BaseException


def _names(types: type[BaseException] | tuple[type[BaseException], ...]) -> str:
    if isinstance(types, tuple):
        return " or ".join(t.__name__ for t in types)
    return types.__name__


@contextmanager
def expect_raises(types: type[BaseException] | tuple[type[BaseException], ...],
                  what: str) -> Iterator[Raised]:
    """Assert that the block raises one of ``types``; other exceptions pass through.

    Raises:
        AssertionError: naming ``what`` was tried, when nothing was raised.
    """
    caught = Raised()
    try:
        yield caught
    except types as exc:
        caught.value = exc
        return
    raise AssertionError(f"{what}: expected {_names(types)}, but nothing was raised")


def close_to_one(x: float, abs_tol: float | None = None) -> bool:
    """``x`` is 1 within floating-point error (pytest.approx's default tolerances: relative
    1e-6, absolute 1e-12; or the absolute tolerance given)."""
    if abs_tol is not None:
        return abs(x - 1.0) <= abs_tol
    return math.isclose(x, 1.0, rel_tol=1e-6, abs_tol=1e-12)
