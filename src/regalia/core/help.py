"""Rules at hand: one help entry per component (building, card, achievement, terrain ...),
looked up by name, with the provenance of the data it comes from.

A game's ``help.py`` builds :class:`HelpEntry` records from its component data file and its
rulebook; front ends print :meth:`HelpEntry.lines` and never reach into the data themselves.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .errors import UnknownNameError
from regalia.core.i18n import N_, _

#: What each provenance means, said plainly to a player (COMPONENTS.md).
PROVENANCE_WORDS = {
    "verified": N_("verified: transcribed from the printed component"),
    "rulebook": N_("rulebook: taken from a sentence or example of the rulebook"),
    "reconstructed": N_("reconstructed: designed by the project to fit every known fact, "
                        "NOT the printed component"),
}


def provenance_words(provenance: str) -> str:
    """``"reconstructed: designed by the project ..., NOT the printed component"``."""
    return _(PROVENANCE_WORDS[provenance]) if provenance in PROVENANCE_WORDS else provenance


@dataclass(frozen=True)
class HelpEntry:
    """One component as a player may look it up.

    Attributes:
        name: the name a player types (``"Inn"``, ``"Conspirator"``, ``"top 2"``).
        kind: what it is (``"building"``, ``"Basic Advocate"``, ``"achievement"``).
        effect: its effect in words (the data file's text, or the rulebook's).
        provenance: ``verified``, ``rulebook`` or ``reconstructed`` (of the record shown).
        source: the rulebook sentence or published source it rests on ('' if none).
        note: why a reconstruction was chosen ('' if none).
        details: further lines (copies, cost, per-tile data), shown after the effect.
        aliases: other names that find it (ids, short names), lower case.
    """

    name: str
    kind: str
    effect: str
    provenance: str
    source: str = ""
    note: str = ""
    details: tuple[str, ...] = ()
    aliases: tuple[str, ...] = field(default=())

    def lines(self) -> list[str]:
        """The entry as plain lines: a title, the effect, the details, the provenance."""
        out = [f"{self.name} ({self.kind})", "  " + _("Effect: {effect}").format(effect=self.effect)]
        out += [f"  {d}" for d in self.details]
        out.append("  " + _("Provenance: {provenance}").format(
            provenance=provenance_words(self.provenance)))
        if self.source:
            out.append("  " + _("Source: {source}").format(source=self.source))
        if self.note:
            out.append("  " + _("Note: {note}").format(note=self.note))
        return out

    def text(self) -> str:
        return "\n".join(self.lines())


def _key(text: str) -> str:
    return " ".join(text.casefold().replace("_", " ").replace("-", " ").split())


def find_entry(entries: Sequence[HelpEntry], query: str, what: str = "component") -> HelpEntry:
    """The entry named ``query`` (case, hyphens and spaces ignored; aliases count; a unique
    prefix is enough).

    Raises:
        UnknownNameError: no entry matches (the message names the closest names, or all of
            them) or several match the prefix (the message names them).
    """
    q = _key(query)
    index: dict[str, HelpEntry] = {}
    for e in entries:
        for k in (e.name, *e.aliases):
            index.setdefault(_key(k), e)
    if q in index:
        return index[q]
    starts = _unique(e for k, e in index.items() if k.startswith(q)) if q else []
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise UnknownNameError(_("{query!r} names several {what}s: {starts}; type more of "
                                 "the name").format(query=query, what=what, starts=', '.join(e.name for e in starts)))
    close = difflib.get_close_matches(q, list(index), n=5, cutoff=0.6)
    near = _unique(index[k] for k in close)
    if near:
        raise UnknownNameError(_("no {what} named {query!r}; did you mean: {near}?").format(what=what, query=query, near=', '.join(e.name for e in near)))
    raise UnknownNameError(_("no {what} named {query!r}; the names are: {value}").format(what=what, query=query, value=', '.join(sorted({e.name for e in entries}))))


def _unique(entries: Iterable[HelpEntry]) -> list[HelpEntry]:
    seen: list[HelpEntry] = []
    for e in entries:
        if all(e is not s for s in seen):
            seen.append(e)
    return seen


@dataclass(frozen=True)
class RulesSummary:
    """The rules of the decision at hand: a title, a few lines, and where they stand
    (book and section)."""

    title: str
    lines: tuple[str, ...]
    cite: str

    def text(self) -> str:
        return "\n".join([self.title, *(f"  {x}" for x in self.lines), f"  ({self.cite})"])


__all__ = ["HelpEntry", "RulesSummary", "find_entry", "provenance_words", "PROVENANCE_WORDS"]
