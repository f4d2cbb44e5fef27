"""Kingdomino kingdoms as text, for ``regalia score kingdomino FILE`` and the scoring pad.

A file holds one kingdom as a grid (one row per line, squares separated by spaces; the
format of :func:`.scoring.parse_kingdom`), or the kingdoms of one game, each after a
``player NAME`` line, with the scoring variants played and each player's discards:

.. code-block:: text

    variant middle-kingdom, harmony   # scoring variants (mighty-duel: 7x7 kingdoms)
    player Anna                       # starts Anna's kingdom
    discarded 1                       # dominoes Anna had to discard (Harmony needs none)
    W  W* F  F  F*
    W  L  C  G  G**
    player Ben
    C  M* M
    S  S* .

Scoring is :meth:`.scoring.TextKingdom.breakdown` (the rulebook's "End of the Game"), the
ranking the rulebook's tie-break ("the most extended property wins; then the most crowns;
then a shared victory", :func:`ranking`). The format is documented in the README
("Scoring assistant"). A bad text raises :class:`~regalia.core.errors.NotationError`
listing every problem (statements as ``SOURCE:LINE:COLUMN: message``, a grid's problem as
:func:`.scoring.parse_kingdom` words it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from regalia.core.breakdown import Breakdown
from regalia.core.errors import DataError, NotationError
from regalia.core.i18n import _
from regalia.core.textlines import Problems, Statement, check_size, digits, statements

from .components import TERRAIN_LETTERS
from .scoring import TextKingdom, crown_count, largest_property, parse_kingdom

KEYWORDS = ("player", "variant", "variants", "size", "discarded")
#: The variants that change how a kingdom scores, and the Mighty Duel's 7x7 kingdoms.
SCORING_VARIANTS = ("middle-kingdom", "harmony")
SIZE_VARIANT = "mighty-duel"
#: "2-4 players" (one kingdom alone is scored without a ranking).
MAX_KINGDOMS = 4
#: Dominoes in the box: no player discards more.
MAX_DISCARDED = 48


@dataclass(frozen=True)
class KingdomEntry:
    """One player's kingdom as written: ``name`` (``player NAME``; ``player K`` or ``kingdom``
    when not written), the parsed ``kingdom``, ``discarded`` dominoes, the ``line`` it
    starts on."""

    name: str
    kingdom: TextKingdom
    discarded: int
    line: int


@dataclass(frozen=True)
class KingdomTable:
    """Every kingdom of a text: the kingdom ``size`` (5, or 7 in the Mighty Duel), the
    scoring ``variants`` played (a subset of :data:`SCORING_VARIANTS`), the ``kingdoms`` in
    file order, and whether they were ``named`` (``player`` lines)."""

    size: int
    variants: tuple[str, ...]
    kingdoms: tuple[KingdomEntry, ...]
    named: bool


@dataclass(frozen=True)
class ScoredKingdom:
    """One kingdom scored: its ``breakdown`` (properties, then the variants' bonuses), the
    tie-break facts ``largest`` (squares of the most extended property) and ``crowns``,
    and ``warnings`` (a grid no real game gives; the score stands)."""

    name: str
    breakdown: Breakdown
    largest: int
    crowns: int
    warnings: tuple[str, ...]

    @property
    def total(self) -> float:
        return self.breakdown.total

    @property
    def key(self) -> tuple[float, int, int]:
        """The ranking key: points, then the largest property, then crowns."""
        return (self.total, self.largest, self.crowns)


@dataclass
class _Block:
    """A kingdom being read: its name (None: no 'player' line), first line, grid lines."""

    name: str | None
    line: int
    rows: list[int]
    discarded: int | None = None
    discarded_line: int = 0


def _variant_words(st: Statement) -> list[tuple[int, str]]:
    out = []
    for w in st.words[1:]:
        col = w.col
        for part in w.text.split(","):
            if part:
                out.append((col, part.lower().replace("_", "-")))
            col += len(part) + 1
    return out


def parse_table(text: str, *, source: str = "<text>", size: int | None = None,
                variants: Sequence[str] = (), discarded: int | None = None) -> KingdomTable:
    """Parse one kingdom, or the kingdoms of a game (``player`` lines).

    Args:
        size: the kingdom size given outside the text (``--size``); the text's ``size``
            or ``variant mighty-duel`` must agree.
        variants: scoring variants given outside the text (``--variant``), added to the
            text's.
        discarded: discards given outside the text (``--discarded``), for a single
            kingdom that does not say.

    Raises:
        NotationError: every problem, one per line.
    """
    check_size(text, source)
    p = Problems(source)
    lines = text.splitlines()
    variant_set = {v for v in variants if v in SCORING_VARIANTS}
    sizes: list[tuple[int, int, int, str]] = []     # (line, col, size, why)
    if size is not None:
        sizes.append((0, 0, size, f"--size {size}"))
    if SIZE_VARIANT in variants:
        sizes.append((0, 0, 7, "--variant mighty-duel"))  # i18n: no (an option as typed)
    blocks: list[_Block] = []
    seen_head: dict[str, int] = {}
    for st in statements(text):
        head = st.head
        if head not in KEYWORDS:
            if not blocks:
                blocks.append(_Block(None, st.line, []))
            blocks[-1].rows.append(st.line)
            continue
        if head == "player":
            if blocks and blocks[-1].name is None:
                p.add(st.line, st.col, _("grid rows before the first 'player' line: start "
                                         "every kingdom with 'player NAME' when a file holds "
                                         "several"))
            blocks.append(_Block(st.rest_text() or _("player {n}").format(n=len(blocks) + 1),
                                 st.line, []))
            continue
        if head == "discarded":
            n = digits(st.words[1].text) if len(st.words) == 2 else None
            if n is None or n > MAX_DISCARDED:
                p.add(st.line, st.col, _("expected 'discarded N': the dominoes this player "
                                         "had to discard, 0 to {most}").format(
                                             most=MAX_DISCARDED))
                continue
            if not blocks:
                blocks.append(_Block(None, st.line, []))
            b = blocks[-1]
            if b.discarded is not None:
                p.add(st.line, st.col, _("a second 'discarded' line for this kingdom (the "
                                         "first is line {line})").format(
                                             line=b.discarded_line))
                continue
            b.discarded, b.discarded_line = n, st.line
            continue
        # variant(s), size: game-wide, before the first kingdom
        if blocks:
            p.add(st.line, st.col, _("'{keyword}' must come before the kingdoms (it holds "
                                     "for every player of the game)").format(keyword=head))
            continue
        if head == "size":
            n = digits(st.words[1].text) if len(st.words) == 2 else None
            if n not in (5, 7):
                p.add(st.line, st.col, _("expected 'size 5' (a normal kingdom) or 'size 7' "
                                         "(The Mighty Duel)"))
            elif "size" in seen_head:
                p.add(st.line, st.col, _("a second 'size' line (the first is line "
                                         "{line})").format(line=seen_head["size"]))
            else:
                seen_head["size"] = st.line
                sizes.append((st.line, st.col, n,
                              _("'size {n}' (line {line})").format(n=n, line=st.line)))
            continue
        words = _variant_words(st)
        if not words:
            p.add(st.line, st.col, _("expected 'variant NAME, ...': middle-kingdom, harmony, "
                                     "mighty-duel"))
        for col, v in words:
            if v in SCORING_VARIANTS:
                variant_set.add(v)
            elif v == SIZE_VARIANT:
                sizes.append((st.line, col, 7, _("'variant mighty-duel' (line {line})").format(
                    line=st.line)))
            elif v == "dynasty":
                p.add(st.line, col, _("the Dynasty variant does not change how a kingdom "
                                      "scores (add up the games yourself); variants here: "
                                      "middle-kingdom, harmony, mighty-duel"))
            else:
                p.add(st.line, col, _("unknown variant {name}; expected middle-kingdom, "
                                      "harmony or mighty-duel").format(name=repr(v[:40])))
    chosen = {s for _, _, s, _ in sizes}
    if len(chosen) > 1:
        line, col, _size, _why = sizes[-1]
        p.add(line or 1, col or 1, _("the kingdom size is given twice and differs: "
                                     "{sizes}").format(
                                         sizes=_(" and ").join(why for *_rest, why in sizes)))
    n_size = sizes[0][2] if sizes else 5
    named = any(b.name is not None for b in blocks)
    if not blocks and not p:
        p.add(1, 1, _("no squares found (write one row per line, e.g. 'W F* C . L'; several "
                      "kingdoms each after 'player NAME')"))
    if len(blocks) > MAX_KINGDOMS:
        p.add(blocks[MAX_KINGDOMS].line, 1,
              _("{count} kingdoms: Kingdomino is for 2 to {most} players").format(
                  count=len(blocks), most=MAX_KINGDOMS))
    elif n_size == 7 and len(blocks) > 2:
        p.add(blocks[2].line, 1, _("{count} kingdoms of 7x7: The Mighty Duel is for 2 "
                                   "players").format(count=len(blocks)))
    p.raise_if_any()
    kingdoms: list[KingdomEntry] = []
    grid_problems: list[str] = []
    for i, b in enumerate(blocks):
        name = b.name if b.name is not None else _("kingdom")
        if not b.rows:
            grid_problems.append(_("{where}: {name}'s kingdom has no squares: write its rows "
                                   "(at least the castle 'C')").format(
                                       where=f"{source}:{b.line}:1", name=name))
            continue
        keep = set(b.rows)
        grid = "\n".join(line if k in keep else "" for k, line in enumerate(lines, 1))
        try:
            kingdom = parse_kingdom(grid, size=n_size, source=source)
        except DataError as exc:
            grid_problems.append(str(exc) if not named else f"{exc} ({name})")
            continue
        n_disc = b.discarded
        if n_disc is None:
            n_disc = discarded if discarded is not None and len(blocks) == 1 else 0
        kingdoms.append(KingdomEntry(name, kingdom, n_disc, b.line))
    if grid_problems:
        raise NotationError("\n".join(grid_problems))
    if discarded and (len(blocks) > 1 or blocks[0].discarded is not None):
        raise NotationError(_("{source}: --discarded is for a file of one kingdom that does "
                              "not say; write 'discarded N' under each player "
                              "instead").format(source=source))
    order = tuple(v for v in SCORING_VARIANTS if v in variant_set)
    return KingdomTable(n_size, order, tuple(kingdoms), named)


def score_kingdoms(table: KingdomTable) -> tuple[ScoredKingdom, ...]:
    """Every kingdom of ``table`` scored (:meth:`.scoring.TextKingdom.breakdown`, with the
    variants played and each player's discards)."""
    mk, harmony = "middle-kingdom" in table.variants, "harmony" in table.variants
    out = []
    for k in table.kingdoms:
        bd = k.kingdom.breakdown(middle_kingdom=mk, harmony=harmony, discarded=k.discarded)
        out.append(ScoredKingdom(k.name, bd, largest_property(bd), crown_count(bd),
                                 tuple(k.kingdom.warnings())))
    return tuple(out)


def ranking(scored: Sequence[ScoredKingdom]) -> list[int]:
    """Each kingdom's rank (1 = first; equal ranks share a place): the most points, then
    "the most extended property", then "the most crowns"; still tied, a shared place."""
    return [1 + sum(1 for o in scored if o.key > s.key) for s in scored]


def result(scored: Sequence[ScoredKingdom]) -> str:
    """The result as a sentence naming the tie-break that decided it."""
    if len(scored) == 1:
        return _("{name}: {points} points (one kingdom: give every player's kingdom to find "
                 "the winner)").format(name=scored[0].name, points=scored[0].total)
    ranks = ranking(scored)
    win = [s for s, r in zip(scored, ranks) if r == 1]
    best = win[0]
    names = _(" and ").join(s.name for s in win)
    tied = [s for s in scored if s.total == best.total]
    if len(win) > 1:
        return _("{names} share the victory: {points} points, a largest property of "
                 "{squares} squares and {crowns} crowns each").format(
                     names=names, points=best.total, squares=best.largest,
                     crowns=best.crowns)
    if len(tied) == 1:
        second = max(s.total for s in scored if s is not best)
        return _("{name} wins with {points} points (next: {second})").format(
            name=names, points=best.total, second=second)
    if sum(1 for s in tied if s.largest == best.largest) == 1:
        return _("tie at {points} points; {name} wins with the most extended property "
                 "({squares} squares)").format(points=best.total, name=names,
                                              squares=best.largest)
    return _("tie at {points} points and a largest property of {squares} squares; {name} "
             "wins with the most crowns ({crowns})").format(
                 points=best.total, squares=best.largest, name=names, crowns=best.crowns)


def kingdom_rows(kingdom: TextKingdom) -> list[list[str]]:
    """The kingdom's squares cropped to its extent, row by row: ``C``, ``.`` or a terrain
    letter with one ``*`` per crown."""
    geo = kingdom.geo
    r0, r1, c0, c1 = geo.extent(kingdom.occ)
    out = []
    for r in range(r0, r1 + 1):
        row = []
        for c in range(c0, c1 + 1):
            bit = 1 << (r * geo.w + c)
            if bit == geo.castle_bit:
                row.append("C")
            elif not kingdom.occ & bit:
                row.append(".")
            else:
                t = next(i for i in range(6) if kingdom.terr[i] & bit)
                k = next((i + 1 for i in range(3) if kingdom.crowns[i] & bit), 0)
                row.append(TERRAIN_LETTERS[t] + "*" * k)
        out.append(row)
    return out


def grid_text(kingdom: TextKingdom) -> str:
    """The kingdom as grid rows, squares in columns 3 characters apart (what
    :func:`.scoring.parse_kingdom` reads back to the same kingdom)."""
    return _grid(kingdom_rows(kingdom))


def _grid(rows: Sequence[Sequence[str]]) -> str:
    return "\n".join(" ".join(tok.ljust(3) for tok in row).rstrip() for row in rows) + "\n"


def write_kingdoms(size: int, variants: Sequence[str],
                   kingdoms: Sequence[tuple[str, int, Sequence[Sequence[str]]]],
                   heading: str = "(regalia score kingdomino FILE)") -> str:  # i18n: no
    """Kingdoms in this format: the ``variants`` played (those of
    :data:`SCORING_VARIANTS`; ``size`` 7 adds ``mighty-duel``), then per kingdom ``(name,
    discarded, rows of squares)`` its ``player`` line, its ``discarded`` line (when not 0)
    and its grid."""
    # the score file's format (a comment line included) is language-free
    out = [f"# Kingdomino: {len(kingdoms)} kingdom(s) {heading}"]  # i18n: no
    words = [v for v in SCORING_VARIANTS if v in variants] + (
        [SIZE_VARIANT] if size == 7 else [])
    if words:
        out.append("variant " + ", ".join(words))
    for name, discarded, rows in kingdoms:
        out.append(f"player {name}")
        if discarded:
            out.append(f"discarded {discarded}")
        out.append(_grid(rows).rstrip("\n"))
    return "\n".join(out) + "\n"


def to_text(table: KingdomTable) -> str:
    """``table`` in this format, every kingdom after its ``player`` line (what
    :func:`parse_table` reads back to the same table)."""
    return write_kingdoms(table.size, table.variants,
                          [(k.name, k.discarded, kingdom_rows(k.kingdom))
                           for k in table.kingdoms])


__all__ = ["KingdomEntry", "KingdomTable", "ScoredKingdom", "parse_table", "score_kingdoms",
           "ranking", "result", "kingdom_rows", "grid_text", "to_text", "write_kingdoms",
           "KEYWORDS",
           "SCORING_VARIANTS", "MAX_KINGDOMS"]
