"""A finished study's summary (``summary.json``) and its games table (``games.csv``)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any, Sequence

from regalia.arena.tournament import ROTATION_SCHEME, deal_seeds
from regalia.core.registry import game_class

from regalia.core import i18n
from regalia.core.i18n import N_

from . import analysis, stats, text
from .components import compare_components, components
from .plan import QUESTIONS, StudyGame, StudyPlan, lineup_label

SUMMARY_FORMAT = "regalia-study-summary"
#: The fixed columns of ``games.csv`` (then one ``taken:KIND`` column per kind seats take
#: and one ``in_play:KIND`` column per kind in play for a whole game).
CSV_COLUMNS = ("game", "deal", "arm", "rotation", "seed", "seat", "position", "agent",
               "score", "return", "rank", "length", "moves")
SEEDS_SHOWN = 20
#: How the seeds are derived, and the seating of a lineup of one agent (shown translated).
SEED_RULE = N_("deal i has the dealer's seed derive_seed(seed, 'deal', i); the agent in seat "
               "s the seed derive_seed(deal seed, 'seat', s)")
ONE_ROTATION = N_("one game per deal (the same agent in every seat)")


def answer(plan: StudyPlan, games: Sequence[StudyGame]) -> dict[str, Any]:
    """The question's tables and findings (see :mod:`.analysis`, :mod:`.components`)."""
    p = plan.players
    if plan.question == "seats":
        return analysis.seats(games, p)
    if plan.question == "scores":
        return analysis.scores(games, p)
    if plan.question == "components":
        return components(games, plan.kinds)
    result = analysis.variants(games, p, plan.arms)
    if plan.question == "compare":
        result["question"] = "compare"
        result["components"] = compare_components(games, plan.kinds, 0, 1) if plan.kinds else []
        result["findings"] += text.compare_findings(result)
    return result


def summarise(plan: StudyPlan, games: Sequence[StudyGame], run: dict[str, Any]) -> dict[str, Any]:
    """Everything ``summary.json`` holds: settings, seeds, methods, the answer, warnings and
    (in ``run`` only, the one part that differs between runs) backend and wall time.

    Language-free: its texts (findings, warnings, methods) are in English whatever the
    language in force; :mod:`.text` renders them from the result in any language."""
    with i18n.using("en"):
        return _summarise(plan, games, run)


def _summarise(plan: StudyPlan, games: Sequence[StudyGame], run: dict[str, Any]
               ) -> dict[str, Any]:
    info = game_class(plan.game).info
    result = answer(plan, games)
    seeds = deal_seeds(plan.seed, min(plan.deals, SEEDS_SHOWN))
    return {"format": SUMMARY_FORMAT, "version": 1, "question": plan.question,
            "asks": QUESTIONS[plan.question], "game": plan.game, "title": info.title,
            "players": plan.players, "arms": [a.to_json() for a in plan.arms],
            "lineup": list(plan.lineup), "lineup_label": lineup_label(plan.lineup),
            "deals": plan.deals, "rotations": plan.rotations, "games": len(games),
            "seed": plan.seed,
            "seeds": {"rule": SEED_RULE,
                      "first_deals": seeds,
                      "rotation": ROTATION_SCHEME if plan.rotations > 1 else ONE_ROTATION},
            "kinds": [{"name": k.name, "title": k.title, "in_play": k.in_play,
                       "taken": k.taken} for k in plan.kinds],
            "methods": {"intervals": stats.INTERVALS,
                        "correction": text.correction(result.get("correction", "")),
                        "significance": text.significance(), "too_few": text.too_few()},
            "result": result, "warnings": text.warnings(result), "run": run}


def csv_rows(plan: StudyPlan, games: Sequence[StudyGame]) -> tuple[list[str], list[dict[str, Any]]]:
    """The columns and rows of ``games.csv``: one row per game and seat."""
    seat_kinds = [k.name for k in plan.kinds if k.per_seat]
    game_kinds = [k.name for k in plan.kinds if not k.per_seat]
    columns = list(CSV_COLUMNS) + [f"taken:{k}" for k in seat_kinds] + \
        [f"in_play:{k}" for k in game_kinds]
    rows = []
    for g in games:
        r = g.result
        ranks = r.ranks()
        for seat, agent in enumerate(r.agents):
            row: dict[str, Any] = {
                "game": r.index, "deal": r.deal, "arm": plan.arms[g.arm].name,
                "rotation": r.rotation, "seed": r.seed, "seat": seat,
                "position": g.position(seat) + 1, "agent": agent, "score": r.scores[seat],
                "return": r.returns[seat], "rank": ranks[seat], "length": r.length,
                "moves": r.seat_moves[seat] if r.seat_moves else ""}
            c = g.components
            for k in seat_kinds:
                row[f"taken:{k}"] = " ".join(c.taken[seat].get(k, ())) if c else ""
            for k in game_kinds:
                row[f"in_play:{k}"] = " ".join(c.in_play.get(k, ())) if c else ""
            rows.append(row)
    return columns, rows


def write_csv(path: Path, plan: StudyPlan, games: Sequence[StudyGame]) -> Path:
    columns, rows = csv_rows(plan, games)
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def write_summary(path: Path, summary: dict[str, Any]) -> Path:
    path.write_text(json.dumps(clean(summary), indent=1, allow_nan=False) + "\n",
                    encoding="utf-8")
    return path


def clean(x: Any) -> Any:
    """``x`` with every NaN or infinite float replaced by None (JSON has no NaN)."""
    if isinstance(x, float):
        return None if math.isnan(x) or math.isinf(x) else x
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [clean(v) for v in x]
    return x


__all__ = ["answer", "summarise", "csv_rows", "write_csv", "write_summary", "clean",
           "CSV_COLUMNS", "SUMMARY_FORMAT"]
