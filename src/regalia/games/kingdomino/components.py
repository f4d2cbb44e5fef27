"""Kingdomino components: terrains and the 48 dominoes, loaded from a validated TOML file.

Source: the Kingdomino rulebook and its 48 printed dominoes (Bruno Cathala, Blue Orange
Games, 2016); the transcription was cross-checked against four open-source engines and
against the check sums (squares W26 F22 L18 G14 S10 M6, crowns W5 F6 L6 G6 S6 M10). The file format is documented in ``docs/data-format.md``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from regalia.core.data import Provenance, load_model, provenance_counts
from regalia.core.i18n import N_, _

#: The six terrains, in the order used for terrain indices 0..5.
TERRAINS: tuple[str, ...] = ("wheat", "forest", "lake", "grassland", "swamp", "mine")
#: One-letter codes (W F L G S M), same order as :data:`TERRAINS`.
TERRAIN_LETTERS = "WFLGSM"
#: The terrains' names as a player reads them (English; translated where shown, see
#: :func:`terrain_word`). The names in :data:`TERRAINS` are keys and stay English.
TERRAIN_WORDS = {"wheat": N_("wheat"), "forest": N_("forest"), "lake": N_("lake"),
                 "grassland": N_("grassland"), "swamp": N_("swamp"), "mine": N_("mine")}
NUM_DOMINOES = 48

DEFAULT_DATA = Path(__file__).parent / "data" / "dominoes.toml"

TerrainName = Literal["wheat", "forest", "lake", "grassland", "swamp", "mine"]


def terrain_word(letter_or_name: str) -> str:
    """A terrain's name in the language in force: ``"F"`` or ``"forest"`` -> ``forest``
    (``Wald`` in German).

    Raises:
        ValueError: neither a terrain letter nor a terrain name.
    """
    if letter_or_name in TERRAIN_WORDS:
        return _(TERRAIN_WORDS[letter_or_name])
    return _(TERRAIN_WORDS[TERRAINS[TERRAIN_LETTERS.index(letter_or_name)]])


class Half(BaseModel):
    """One square of a domino: a terrain and 0 to 3 crowns."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    terrain: TerrainName
    crowns: int = Field(ge=0, le=3)

    @property
    def terrain_index(self) -> int:
        return TERRAINS.index(self.terrain)

    def code(self) -> str:
        """``"F*"`` style: terrain letter then one ``*`` per crown."""
        return TERRAIN_LETTERS[self.terrain_index] + "*" * self.crowns


class Domino(BaseModel):
    """A domino: its printed number (1..48; lines are sorted by it) and its two halves."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    number: int = Field(ge=1, le=NUM_DOMINOES)
    first: Half
    second: Half
    provenance: Provenance

    def code(self) -> str:
        return f"{self.first.code()}/{self.second.code()}"


class DominoSet(BaseModel):
    """A dominoes file: exactly 48 dominoes numbered 1..48, each once."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    provenance: Provenance
    source: str = ""
    dominoes: list[Domino]

    @model_validator(mode="after")
    def _check_numbers(self) -> "DominoSet":
        numbers = [d.number for d in self.dominoes]
        problems = []
        dupes = sorted({n for n in numbers if numbers.count(n) > 1})
        if dupes:
            where = "; ".join(
                _("number {number} in records {records}").format(
                    number=n, records=", ".join(f"#{i + 1}" for i, m in enumerate(numbers)
                                                if m == n)) for n in dupes)
            problems.append(_("each domino number must appear once: {where}").format(
                where=where))
        missing = sorted(set(range(1, NUM_DOMINOES + 1)) - set(numbers))
        if missing:
            problems.append(_("expected the {count} dominoes numbered 1..{count}; missing: "
                              "{missing}").format(count=NUM_DOMINOES, missing=missing))
        if problems:
            raise ValueError(" | ".join(problems))
        return self

    def by_number(self, number: int) -> Domino:
        """The domino numbered ``number`` (1..48); raises KeyError for another number."""
        if type(number) is not int or not 1 <= number <= NUM_DOMINOES:
            raise KeyError(_("dominoes are numbered 1..{count}, not {number}").format(
                count=NUM_DOMINOES, number=repr(number)))
        return self.dominoes_sorted[number - 1]

    def digest(self) -> str:
        """SHA-256 of the dominoes' content (numbers, terrains, crowns), file-format blind."""
        text = ";".join(f"{d.number}:{d.code()}" for d in self.dominoes_sorted)
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def dominoes_sorted(self) -> list[Domino]:
        return sorted(self.dominoes, key=lambda d: d.number)

    def provenance_summary(self) -> dict[str, int]:
        return provenance_counts(self.dominoes)

    def differences_from(self, other: "DominoSet") -> list[str]:
        """Human-readable differences, domino by domino (for ``regalia data check``)."""
        out = []
        for a, b in zip(self.dominoes_sorted, other.dominoes_sorted):
            if (a.first, a.second) != (b.first, b.second):
                out.append(_("domino {number}: {here} here, {printed} in the printed set").format(
                    number=a.number, here=a.code(), printed=b.code()))
        return out


def load_dominoes(path: str | Path | None = None) -> DominoSet:
    """Load and validate a dominoes file (default: the bundled, verified set).

    Raises:
        DataError: naming the file, the record (position and number) and the field.
    """
    if path is None:
        return _default_set()
    return load_model(DominoSet, path, list_key="dominoes")


@lru_cache(maxsize=1)
def _default_set() -> DominoSet:
    return load_model(DominoSet, DEFAULT_DATA, list_key="dominoes")
