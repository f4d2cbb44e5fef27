"""Shared pieces of the scoring assistants' output (``regalia score``): one table per
player listing the scoring steps in the rulebook's order, a totals table with the
tie-break, and asking a question until the answer is valid."""

from __future__ import annotations

from typing import Callable, Sequence

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from regalia.core.breakdown import Breakdown
from regalia.core.errors import NotationError, ParameterError
from regalia.core.i18n import _, pgettext


def steps_table(title: str, breakdown: Breakdown) -> Table:
    """One player's scoring: a row per item of ``breakdown`` (what, how counted, points),
    the total in the footer."""
    t = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
              pad_edge=False, show_footer=True, footer_style="bold")
    t.add_column(pgettext("column", "step"), footer=pgettext("column", "total"), no_wrap=True)
    t.add_column(_("how counted"), ratio=1)
    t.add_column(pgettext("column", "points"), justify="right", footer=str(breakdown.total))
    for item in breakdown:
        t.add_row(item.label, item.detail, str(item.points))
    return t


def totals_table(names: Sequence[str], columns: Sequence[tuple[str, Sequence[object]]],
                 winners: Sequence[int]) -> Table:
    """Players side by side: a row per player with the ``columns`` given (``(header,
    value per player)``), the winners in bold green."""
    t = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column(pgettext("column", "player"))
    for head, _ in columns:
        t.add_column(head, justify="right")
    for i, name in enumerate(names):
        style = "bold green" if i in winners else ""  # i18n: no
        t.add_row(Text(name, style=style), *(Text(str(v[i]), style=style) for _, v in columns))
    return t


def ask_valid(ask: Callable[[str], str], console: Console, prompt: str,
              accept: Callable[[str], None], on_eof: str | None = None) -> None:
    """Ask ``prompt`` until ``accept(answer)`` raises no :class:`NotationError` (each
    refusal is printed, saying what is expected).

    Args:
        on_eof: the answer taken when the input ends (None: the input must not end).

    Raises:
        ParameterError: the input ended (Ctrl-D, or the end of a piped input) first.
    """
    while True:
        try:
            answer = ask(prompt)
        except EOFError:
            if on_eof is not None:
                accept(on_eof)
                return
            raise ParameterError(_("the input ended before the sheet was complete; nothing "
                                   "was scored")) from None
        try:
            accept(answer)
            return
        except NotationError as exc:
            console.print(Text(f"  {exc}", style="red"))


__all__ = ["steps_table", "totals_table", "ask_valid"]
